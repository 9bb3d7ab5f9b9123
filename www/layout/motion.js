// Whether the reader's system asks for reduced motion. The page then moves only when asked:
// a link's autoplay waits for Play (and says so), and the style sheet turns off any
// transition, animation or smooth scrolling.
export function prefersReducedMotion(win = globalThis) {
  return win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
