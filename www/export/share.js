import { buildQuery } from '../state/params.js';
import { t, language } from '../i18n/i18n.js';
import { PageError } from '../i18n/errors.js';
import { HEIGHT_MESSAGE } from '../layout/embed.js';

// The embed snippet's frame: this wide, and as tall as the map at that width plus the
// controls above and the counters below (measured at this width), within slide-friendly
// bounds. The embedded page fits any frame; this one just wastes no room.
const EMBED_WIDTH = 720;
const EMBED_CHROME = 100;
const EMBED_HEIGHT = [300, 720];

function embedSize(cols, rows) {
  const board = Math.min((EMBED_WIDTH - 12) * (rows / cols), rows * 64);
  const height = Math.round(Math.min(EMBED_HEIGHT[1], Math.max(EMBED_HEIGHT[0], EMBED_CHROME + board)));
  return { width: EMBED_WIDTH, height };
}

// The host's side of the height messages: the frame the message names grows to the height
// asked for, if it is the frame that sent it (so several embeds on a page never resize each
// other).
const RESIZE_SCRIPT = `<script>addEventListener('message', (e) => { const d = e.data; if (d?.type !== '${HEIGHT_MESSAGE}') return; const frame = document.getElementById(d.id); if (frame?.contentWindow === e.source) frame.height = d.height; });</script>`;

// An id for one snippet's frame, unlikely to meet another's on the same page.
function frameId() {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `astar-${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')}`;
}

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

// Beyond this a link gets unwieldy (and some servers refuse long URLs): such maps are
// better shared as files.
const MAX_LINK_CELLS = 64 * 64;

// The page's address without its query, also when opened as a local file.
function pageAddress(location) {
  return location.href.split(/[?#]/)[0];
}

// The share panel: a link that reopens the current map and options (and the compare view's
// methods when it is open), and an <iframe> snippet
// for blog posts, of the work on show at the speed playing, with the few lines that let the
// frame take the height the page asks for.
export function wireShare(doc, location, { workspace, playback, compare }, onError) {
  const state = () => {
    const editor = workspace.editor;
    const speed = playback.speed;
    return {
      options: workspace.session.options,
      mapText: editor.toText('ox'),
      cells: editor.cellCount(),
      width: editor.width,
      height: editor.height,
      speed: speed.perSecond ?? speed.perFrame * 60,
      walk: workspace.session.walk,
      // An open compare view comes back with its methods.
      compare: compare.active ? compare.methods : null,
    };
  };
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
    const id = frameId();
    const frameSource = pageAddress(location) + buildQuery({ ...query, embed: true, id });
    const size = embedSize(current.width, current.height);
    embed.value = `<iframe id="${id}" src="${escapeAttribute(frameSource)}" width="${size.width}" height="${size.height}" style="border:0" title="${escapeAttribute(t('embed.frame-title'))}" loading="lazy"></iframe>\n${RESIZE_SCRIPT}`;
    url.select();
    // Copying is a convenience: without clipboard permission the selected link is still there.
    if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
  });
}
