import { fieldKeepsKey } from './fieldkeys.js';

// Presentation mode, for a projector: the board, the counters, the whole step sentence, every
// line of the pseudocode and the head of the open list on one screen, sized from the window
// like a slide (the layout is in presentation.css). Here: the side column's width from the
// map's shape and the listing's length, the type size that makes the pseudocode fit, and the
// keys a presenter's remote sends. P switches the mode on and off, Esc leaves it.

// The side column's share of the window's width, at least and at most; a listing longer than
// LONG_LISTING lines (D* Lite's 22) always gets the most, so that its lines do not wrap into
// more height than the window has.
const SIDE_SHARE = [0.3, 0.5];
const LONG_LISTING = 16;
// The room the layout's gaps and padding take across (rem).
const SIDE_MARGIN_REM = 2.2;
// Type scales tried for the pseudocode.
const CODE_SCALE = [0.5, 1.6];
const FIT_ROUNDS = 8;

export class Presentation {
  // changed(): called after the layout switched, so the board is measured again;
  // forward(), back(): a step each way, for the remote's keys; keys: false leaves every
  // key alone (an embedded page has no presentation mode).
  constructor(doc, { changed, forward, back, keys = true }) {
    this.doc = doc;
    this.changed = changed;
    this.forward = forward;
    this.back = back;
    this.button = doc.getElementById('presentation');
    this.side = doc.getElementById('side');
    this.codePanel = doc.querySelector('.pseudocode-panel');
    this.code = doc.getElementById('pseudocode');
    this.predictBox = doc.getElementById('predict-box');
    this.fitted = new Map();
    // Whatever changes the room the listing has (a wrapped counter line, the Predict box's
    // next question) fits it again on the next frame.
    const refit = new ResizeObserver(() => {
      if (this.active) changed();
    });
    for (const element of [this.side, this.code]) refit.observe(element);
    this.blanker = doc.createElement('div');
    this.blanker.className = 'blank-screen';
    this.blanker.hidden = true;
    doc.body.append(this.blanker);
    this.button.addEventListener('click', (e) => {
      if (e.detail > 0) e.currentTarget.blur();
      this.set(!this.active);
    });
    this.blanker.addEventListener('click', (e) => this.unblank(e));
    if (keys) {
      // Capturing, so the key that brings the screen back does nothing else.
      doc.addEventListener('keydown', (e) => this.unblank(e), true);
      doc.addEventListener('keydown', (e) => this.shortcut(e));
    }
  }

  get active() {
    return this.doc.body.classList.contains('presentation');
  }

  set(on) {
    if (on === this.active) return;
    this.doc.body.classList.toggle('presentation', on);
    this.button.setAttribute('aria-pressed', String(on));
    if (!on) this.blanker.hidden = true;
    // Upright, where the page may scroll, the mode starts at its first row (the scene on
    // show, in lesson mode), not wherever the button that started it had moved to.
    if (on) this.doc.defaultView?.scrollTo(0, 0);
    this.fitted.clear();
    this.changed();
  }

  // Before the board is laid out: the side column takes the width the board cannot use when
  // it fills its height (a 4:3 map leaves more than a wide one), within SIDE_SHARE of the
  // window (the most for a long listing). True when that changed the layout.
  placeSide(cols, rows, board) {
    if (!this.active) return false;
    const root = this.doc.documentElement;
    const win = this.doc.defaultView;
    const width = win.innerWidth;
    const rem = parseFloat(win.getComputedStyle(root).fontSize);
    const boardWidth = (cols * board.clientHeight) / rows;
    const least = this.code.children.length > LONG_LISTING ? SIDE_SHARE[1] : SIDE_SHARE[0];
    const side = Math.min(SIDE_SHARE[1] * width, Math.max(least * width, width - boardWidth - SIDE_MARGIN_REM * rem));
    const previous = parseFloat(root.style.getPropertyValue('--side-col'));
    if (Math.abs(previous - side) < 1) return false;
    root.style.setProperty('--side-col', `${side.toFixed(1)}px`);
    return true;
  }

  // After the panels are written: the largest type at which every line of the pseudocode
  // (and its note) fits the side column. It is kept for the lesson (the note and the open
  // list's head have their room from step 0; only a note longer than two lines makes it
  // smaller) and found again for another finder, language, window or Predict box. The step
  // sentence and the warnings have a size of their own (presentation.css) and take the
  // board's room when they need more.
  fit(finder, language) {
    if (!this.active) return;
    const win = this.doc.defaultView;
    const codeKey = `${finder}|${language}|${win.innerWidth}x${win.innerHeight}|${this.predictBox.hidden}|${this.side.clientWidth}x${this.side.clientHeight}`;
    // Set on the body: a lesson's narration is written at least as large as the listing.
    this.fitScale(this.doc.body, '--code-scale', codeKey, CODE_SCALE, () => overflows(this.side) || overflows(this.codePanel) || overflows(this.code) || lastLineCut(this.code));
  }

  // Sets `name` on `element` to the largest scale within [min, max] at which `overflowing()`
  // is false (or to min). With the same key as last time, a scale that still fits stays, and
  // one that no longer does is only lowered.
  fitScale(element, name, key, [min, max], overflowing) {
    const last = this.fitted.get(name);
    const sameKey = last?.key === key;
    if (sameKey && !overflowing()) return;
    let high = sameKey ? last.scale : max;
    const set = (scale) => element.style.setProperty(name, scale.toFixed(3));
    set(high);
    if (overflowing()) {
      let low = min;
      for (let round = 0; round < FIT_ROUNDS; round++) {
        const middle = (low + high) / 2;
        set(middle);
        if (overflowing()) high = middle;
        else low = middle;
      }
      high = low;
      set(high);
    }
    this.fitted.set(name, { key, scale: high });
  }

  shortcut(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || fieldKeepsKey(e)) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 'p') this.set(!this.active);
    else if (key === 'Escape' && this.active) this.set(false);
    // A presenter's remote sends Page Down and Page Up (some the arrow keys), and B to blank.
    else if (this.active && (key === 'PageDown' || key === 'ArrowDown')) this.forward();
    else if (this.active && (key === 'PageUp' || key === 'ArrowUp')) this.back();
    else if (this.active && key === 'b') this.blanker.hidden = false;
    else return;
    e.preventDefault();
  }

  // While the screen is blank, the next key or click only brings it back.
  unblank(e) {
    if (this.blanker.hidden) return;
    if (e.type === 'keydown' && ['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
    this.blanker.hidden = true;
    e.preventDefault();
    e.stopPropagation();
  }
}

// Both heights are rounded to whole pixels, each its own way: a pixel more is rounding (a
// line that is really cut is caught by lastLineCut).
function overflows(element) {
  return element.scrollHeight > element.clientHeight + 1;
}

// scrollHeight is rounded to whole pixels: a last line that sticks out by less is still cut.
function lastLineCut(list) {
  const last = list.lastElementChild;
  return last !== null && last.getBoundingClientRect().bottom > list.getBoundingClientRect().bottom + 0.25;
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
