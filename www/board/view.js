import { Zoom, ZOOM_LEVELS } from './zoom.js';

// The main board: the grid's canvases in their scrolling box, fitted to it at the zoom
// chosen. A zoom keeps the grid point under the pointer (or the box's centre) where it was on
// the screen; Ctrl + wheel and a touchpad pinch zoom at the pointer.
export class BoardView {
  // board: the scrolling box; content: the element sized to the whole grid inside it;
  // renderer: the GridRenderer of its canvases; changed(): asks for a frame;
  // guard(fn): runs a wheel zoom as an action.
  constructor({ board, content, renderer, changed, guard }) {
    this.board = board;
    this.content = content;
    this.renderer = renderer;
    this.changed = changed;
    this.zoom = new Zoom();
    // Where the pointer (or the board's centre) was when the zoom changed: the grid point
    // under it stays under it.
    this.anchor = null;
    this.dirty = true;
    new ResizeObserver(() => this.relayout()).observe(board);
    board.addEventListener('scroll', changed, { passive: true });
    board.addEventListener('wheel', (e) => {
      if (!e.ctrlKey || e.deltaY === 0) return;
      e.preventDefault();
      guard(() => this.zoomAt(e.deltaY < 0 ? 1 : -1, e.clientX, e.clientY));
    }, { passive: false });
  }

  // The board's box changed (a panel folded, presentation mode, the compare view).
  relayout() {
    this.dirty = true;
    this.changed();
  }

  // Zooms by `steps` (+1 in, -1 out, 0 back to fitting the whole map) keeping the grid point
  // at clientX, clientY (default: the board's centre) where it is on the screen.
  zoomAt(steps, clientX, clientY) {
    const board = this.board;
    const boardBox = board.getBoundingClientRect();
    const x = clientX ?? boardBox.left + board.clientWidth / 2;
    const y = clientY ?? boardBox.top + board.clientHeight / 2;
    const grid = this.content.getBoundingClientRect();
    const changed = steps > 0 ? this.zoom.in() : steps < 0 ? this.zoom.out() : this.zoom.fit();
    if (!changed) return;
    this.anchor = {
      fx: (x - grid.left) / grid.width,
      fy: (y - grid.top) / grid.height,
      offsetX: x - boardBox.left - board.clientLeft,
      offsetY: y - boardBox.top - board.clientTop,
    };
  }

  // A new map starts fitted whole.
  fit() {
    this.zoom.fit();
  }

  // Fits the canvases to a cols x rows grid at the current zoom and scroll; `placed()` runs
  // first whenever the board's box may have changed (presentation mode moves the
  // pseudocode beside it).
  layout(cols, rows, placed) {
    const { board, content, renderer } = this;
    // Where the page is one column (a phone), the board's box takes the map's shape.
    const aspect = `${renderer.shape.width(cols, rows)} / ${renderer.shape.height(cols, rows)}`;
    if (board.style.getPropertyValue('--board-aspect') !== aspect) board.style.setProperty('--board-aspect', aspect);
    if (this.dirty) placed();
    // Fitted whole, the board has nothing to scroll to. A scrollbar it showed for a frame
    // (the content still sized for a box that just shrank) would take room, and the fit
    // would follow it back and forth and could stop with the map a scrollbar too big.
    if (board.classList.contains('fitted') !== this.zoom.fitsWhole) board.classList.toggle('fitted', this.zoom.fitsWhole);
    const dpr = window.devicePixelRatio || 1;
    const resized = renderer.fit(cols, rows, board.clientWidth, board.clientHeight, dpr, this.zoom.factor);
    if (resized || this.dirty) {
      content.style.width = `${renderer.fullCssWidth}px`;
      content.style.height = `${renderer.fullCssHeight}px`;
    }
    if (this.anchor) {
      const { fx, fy, offsetX, offsetY } = this.anchor;
      board.scrollLeft = content.offsetLeft + fx * renderer.fullCssWidth - offsetX;
      board.scrollTop = content.offsetTop + fy * renderer.fullCssHeight - offsetY;
      this.anchor = null;
    }
    renderer.setOrigin(board.scrollLeft, board.scrollTop);
    this.dirty = false;
  }

  // For the zoom buttons: { zoomLabel, canZoomIn, canZoomOut }.
  zoomState() {
    const zoom = this.zoom;
    return {
      zoomLabel: zoom.label,
      canZoomIn: !this.renderer.zoomLimited && zoom.factor < ZOOM_LEVELS[ZOOM_LEVELS.length - 1],
      canZoomOut: !zoom.fitsWhole,
    };
  }
}
