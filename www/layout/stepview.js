// On a phone the step sentence is under the board, below the fold: after a step taken by
// hand the page scrolls the least that brings the whole sentence into view, which keeps the
// board above it in view too (the sentence grows to its whole length on a narrow screen,
// style.css). Not in an embed (its host page scrolls) nor in presentation mode.
const NARROW = '(max-width: 600px)';

export function stepKeeper(doc) {
  const win = doc.defaultView;
  const narration = doc.getElementById('narration');
  return () => {
    const body = doc.body;
    if (!win.matchMedia(NARROW).matches || body.classList.contains('embed') || body.classList.contains('presentation')) return;
    // After the frame that writes the new sentence.
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => narration.scrollIntoView({ block: 'nearest' })));
  };
}
