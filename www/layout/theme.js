// The page's colours: light or dark as a link asks (theme=, so an embed matches its post),
// else as the reader's system is set, following a change of that setting while open.
export function applyTheme(win, theme) {
  const root = win.document.documentElement;
  if (theme) {
    root.dataset.theme = theme;
    return;
  }
  const dark = win.matchMedia('(prefers-color-scheme: dark)');
  const follow = () => {
    root.dataset.theme = dark.matches ? 'dark' : 'light';
  };
  follow();
  dark.addEventListener('change', follow);
}
