// The page inside another page's <iframe> (`embed=1`): it fits the frame, whatever its size,
// with the map taking what the controls leave, and tells the host how tall it would like to
// be so that a host can let the frame grow. Only controls=full lets a reader edit the map.

// The message a host listens for: { type: HEIGHT_MESSAGE, id, height } (CSS px), id being
// the page's `id` parameter, else the frame's name, else null. The same height also goes
// out in the shape Embedly's and Observable's resizers read: the JSON text of
// { src, context: 'iframe.resize', height }, src being the page's address.
export const HEIGHT_MESSAGE = 'astar-visualizer:height';
export const EMBEDLY_RESIZE = 'iframe.resize';
// Cells of the ideal board are at most this big (CSS px): a 4x3 map need not be 900 px tall.
const IDEAL_CELL_MAX = 64;
const IDEAL_BOARD_MIN = 120;

// Shows only what the parameters ask for: controls none|play|full, the legend, the log, and
// Walk mode's button and sensor radius only for an embed opened walking (walk=1): the
// embedding page chose the mode, and a small frame keeps its room for the map.
export function applyEmbedLayout(doc, location, params) {
  const body = doc.body;
  body.classList.add('embed', `controls-${params.controls ?? 'play'}`);
  body.classList.toggle('with-legend', params.legend === true);
  body.classList.toggle('with-log', params.log === true);
  body.classList.toggle('with-walk', params.walk === true);
  const link = doc.getElementById('full-editor');
  link.href = fullEditorHref(location.href);
  link.hidden = false;
}

// The full page's link of the embed at `href`: its parameters but those only an embed takes;
// a lesson's at scene `scene` (from 1), the one on show, when given.
export function fullEditorHref(href, scene) {
  const bare = href.split('#')[0];
  const at = bare.indexOf('?');
  const [address, search] = at < 0 ? [bare, ''] : [bare.slice(0, at), bare.slice(at + 1)];
  const dropped = scene === undefined ? /^(embed|controls|legend|log)(=|$)/ : /^(embed|controls|legend|log|scene)(=|$)/;
  const query = search.split('&').filter((p) => p !== '' && !dropped.test(p));
  if (scene > 1) query.push(`scene=${scene}`);
  return address + (query.length > 0 ? `?${query.join('&')}` : '');
}

// Posts the height at which the map would fill the frame's width (cells square, at most
// IDEAL_CELL_MAX), whenever it changes: in the single view its board, in the compare view
// each pane's (one row of panes above another adds both rows' growth). It depends on the
// width only, so a host that sets the frame's height from it does not set off another change.
export class HeightReporter {
  // id: the page's `id` parameter, if given.
  constructor(win, id) {
    this.win = win;
    this.id = id ?? (win.name || null);
    this.reported = 0;
  }

  // boards: the elements the map is drawn in, each as wide as it will stay.
  update(cols, rows, boards) {
    if (this.win.parent === this.win) return;
    const growth = new Map();
    // Measured unrounded: panes sharing the height by fractions of a pixel would otherwise
    // ask for a pixel more, then less, for ever.
    for (const board of boards) {
      const box = board.getBoundingClientRect();
      const ideal = Math.max(IDEAL_BOARD_MIN, Math.min(box.width * (rows / cols), rows * IDEAL_CELL_MAX));
      const top = Math.round(box.top);
      growth.set(top, Math.max(growth.get(top) ?? -Infinity, ideal - box.height));
    }
    if (growth.size === 0) return;
    const extra = [...growth.values()].reduce((sum, grow) => sum + grow, 0);
    const height = Math.ceil(this.win.document.documentElement.clientHeight + extra);
    if (Math.abs(height - this.reported) < 1) return;
    this.reported = height;
    this.win.parent.postMessage({ type: HEIGHT_MESSAGE, id: this.id, height }, '*');
    this.win.parent.postMessage(JSON.stringify({ src: this.win.location.href, context: EMBEDLY_RESIZE, height }), '*');
  }
}

// Edit the map, in a short embed on a touch screen: swaps the sliders' row for the editing
// tools and back (the style sheet shows the button only there). changed(): the board's room
// changed.
export function wireEditTools(doc, changed) {
  const button = doc.getElementById('edit-tools');
  button.addEventListener('click', () => {
    const open = doc.body.classList.toggle('edit-tools-open');
    button.setAttribute('aria-expanded', String(open));
    changed();
  });
}

// Whether a reader may change the map: only an embed with controls=full edits it.
export function embedEditable(params) {
  return !params.embed || params.controls === 'full';
}
