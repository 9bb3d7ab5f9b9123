// Writes an element's text only when it differs: a live region then announces only news,
// and a read-out redrawn every frame costs no layout when nothing changed.
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
