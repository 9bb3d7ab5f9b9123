import { isFormField } from '../panels/controls.js';

// Presentation mode, for a projector: the board takes the whole window and the step controls
// and counters sit above it in large type (the layout is in style.css under
// body.presentation); the pseudocode joins it on the side when the map leaves room there. P switches it on and off, Esc leaves it. The side panel, which can
// be folded away outside presentation mode too, keeps its own state.
// The width of the pseudocode column in presentation mode (CSS px), and the room the board's
// own padding takes.
const CODE_WIDTH_MIN = 280;
const CODE_WIDTH_MAX = 460;
const CODE_MARGIN = 24;

export class Presentation {
  // changed(): called after the layout switched, so the board is measured again; keys: false
  // leaves P and Esc alone (an embedded page has no presentation mode).
  constructor(doc, changed, { keys = true } = {}) {
    this.doc = doc;
    this.changed = changed;
    this.button = doc.getElementById('presentation');
    this.button.addEventListener('click', (e) => {
      if (e.detail > 0) e.currentTarget.blur();
      this.set(!this.active);
    });
    if (keys) doc.addEventListener('keydown', (e) => this.shortcut(e));
  }

  get active() {
    return this.doc.body.classList.contains('presentation');
  }

  set(on) {
    if (on === this.active) return;
    this.doc.body.classList.toggle('presentation', on);
    this.button.setAttribute('aria-pressed', String(on));
    this.changed();
  }

  // The pseudocode goes beside the board when the board is short of height rather than width
  // there, so it costs the map nothing: true when that changed the layout.
  placeCode(cols, rows, board) {
    const win = this.doc.defaultView;
    const codeWidth = Math.min(CODE_WIDTH_MAX, Math.max(CODE_WIDTH_MIN, win.innerWidth * 0.3));
    const widthLeft = win.innerWidth - codeWidth - CODE_MARGIN;
    const beside = this.active && widthLeft / cols >= board.clientHeight / rows;
    if (beside === this.doc.body.classList.contains('presentation-code')) return false;
    this.doc.body.classList.toggle('presentation-code', beside);
    this.doc.documentElement.style.setProperty('--code-width', `${Math.round(codeWidth)}px`);
    return true;
  }

  shortcut(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isFormField(e.target)) return;
    if (e.key === 'p' || e.key === 'P') this.set(!this.active);
    else if (e.key === 'Escape' && this.active) this.set(false);
    else return;
    e.preventDefault();
  }
}

// The button that folds the side panel away so the board can take its width, and brings it
// back. The choice is remembered for the next visit.
const SIDE_STORAGE_KEY = 'astar-visualizer.side-folded';

export class SidePanelToggle {
  constructor(doc, changed) {
    this.doc = doc;
    this.changed = changed;
    this.button = doc.getElementById('side-toggle');
    this.button.addEventListener('click', () => this.set(!this.folded));
    this.set(readFolded());
  }

  get folded() {
    return this.doc.body.classList.contains('side-folded');
  }

  set(folded) {
    this.doc.body.classList.toggle('side-folded', folded);
    this.button.setAttribute('aria-expanded', String(!folded));
    writeFolded(folded);
    this.changed();
  }
}

function readFolded() {
  try {
    return globalThis.localStorage?.getItem(SIDE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function writeFolded(folded) {
  try {
    globalThis.localStorage?.setItem(SIDE_STORAGE_KEY, folded ? '1' : '0');
  } catch {
    // Storage can be refused (private windows): the panel then opens unfolded next time.
  }
}
