import { buildQuery } from './params.js';
import { t, language } from './i18n.js';
import { PageError } from './errors.js';

// Beyond this a link gets unwieldy (and some servers refuse long URLs): such maps are
// better shared as files.
const MAX_LINK_CELLS = 64 * 64;

// The page's address without its query, also when opened as a local file.
function pageAddress(location) {
  return location.href.split(/[?#]/)[0];
}

// The share panel: a link that reopens the current map and options, and an <iframe> snippet
// for blog posts. state() returns { options, mapText, cells, speed }.
export function wireShare(doc, location, state, onError) {
  const button = doc.getElementById('make-link');
  const autoplay = doc.getElementById('share-autoplay');
  const url = doc.getElementById('share-url');
  const embed = doc.getElementById('share-embed');
  button.addEventListener('click', () => {
    const current = state();
    if (current.cells > MAX_LINK_CELLS) {
      onError(new PageError('error.link-too-big', { cells: current.cells, max: MAX_LINK_CELLS }));
      return;
    }
    const query = { ...current, autoplay: autoplay.checked, lang: language() };
    const link = pageAddress(location) + buildQuery(query);
    url.value = link;
    const frameSource = pageAddress(location) + buildQuery({ ...query, embed: true });
    embed.value = `<iframe src="${frameSource.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="760" height="560" style="border:0" title="${t('embed.frame-title').replace(/"/g, '&quot;')}" loading="lazy"></iframe>`;
    url.select();
    // Copying is a convenience: without clipboard permission the selected link is still there.
    if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
  });
}
