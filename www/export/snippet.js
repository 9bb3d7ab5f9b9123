import { HEIGHT_MESSAGE } from '../layout/embed.js';

// The embed snippet of the Share panel: an <iframe> as wide as the column it is put in, as
// tall as its page asks for (the script below), and until it asks, about as tall as the map
// at a usual column's width.

// The first height, before the page's message: the map at this column width, plus the
// controls above and the counters below, within slide-friendly bounds.
const COLUMN_WIDTH = 700;
const EMBED_CHROME = 100;
const EMBED_HEIGHT = [300, 720];
const CELL_MAX = 64;
// A lesson's scene line, narration and question above the map.
const LESSON_CHROME = 90;

export function firstHeight(cols, rows, lesson = false) {
  const board = Math.min((COLUMN_WIDTH - 12) * (rows / cols), rows * CELL_MAX);
  const chrome = EMBED_CHROME + (lesson ? LESSON_CHROME : 0);
  return Math.round(Math.min(EMBED_HEIGHT[1], Math.max(EMBED_HEIGHT[0], chrome + board)));
}

// A lesson's embed: its link's query (link.js: `?lesson=…&scene=…`) in `lang`, embedded, the
// frame named `id`.
export function lessonEmbedSrc(address, lessonQuery, { lang, id }) {
  return `${address}${lessonQuery}&lang=${lang}&embed=1&id=${id}`;
}

// The host's side of the height messages: the frame the message names grows to the height
// asked for, if it is the frame that sent it (so several embeds on a page never resize each
// other).
export const RESIZE_SCRIPT = `<script>addEventListener('message', (e) => { const d = e.data; if (d?.type !== '${HEIGHT_MESSAGE}') return; const frame = document.getElementById(d.id); if (frame?.contentWindow === e.source) frame.height = d.height; });</script>`;

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// No width and no loading="lazy": the frame takes its column's width on a phone as on a
// desktop, and loads (and asks for its height) before the reader scrolls to it.
export function embedSnippet({ id, src, height, title }) {
  return `<iframe id="${id}" src="${escapeAttribute(src)}" height="${height}" style="display:block;width:100%;border:0" title="${escapeAttribute(title)}"></iframe>\n${RESIZE_SCRIPT}`;
}
