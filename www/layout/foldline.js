// A line an embedded page cuts to one (the warning, an example's note): where it is cut
// short, tapping it or pressing Enter unfolds the whole text, and again folds it. Its title
// keeps the whole text a hover away too. Touch screens have no hover, so the tap is the way
// a reader there gets to the end of it.
export class FoldingLine {
  constructor(element) {
    this.element = element;
    element.addEventListener('click', () => this.toggle());
    element.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      this.toggle();
    });
    const win = element.ownerDocument.defaultView;
    new win.ResizeObserver(() => this.measure()).observe(element);
    // New text starts folded.
    new win.MutationObserver(() => {
      element.classList.remove('unfolded');
      this.measure();
    }).observe(element, { childList: true, characterData: true, subtree: true });
  }

  // A button only while there is more to show (or it is unfolded).
  measure() {
    const element = this.element;
    const unfolded = element.classList.contains('unfolded');
    element.title = element.textContent;
    if (unfolded || element.scrollWidth > element.clientWidth + 1) {
      element.tabIndex = 0;
      element.setAttribute('role', 'button');
      element.setAttribute('aria-expanded', String(unfolded));
    } else {
      element.removeAttribute('tabindex');
      element.removeAttribute('role');
      element.removeAttribute('aria-expanded');
    }
  }

  toggle() {
    if (!this.element.hasAttribute('role')) return;
    this.element.classList.toggle('unfolded');
    this.measure();
  }
}
