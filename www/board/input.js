// Editing the map on the canvas with a mouse, a finger or a pen (pointer events), and with
// the keyboard when the grid has focus.
//
// A stroke starting on the start or the goal drags it. Any other stroke paints: the first
// cell decides whether it draws or erases (starting on a cell that already has the brush's
// terrain erases), and each move paints the whole line from the previous position, so a fast
// stroke leaves no gaps. A stroke is one undo entry.
//
// On a touch screen a tap inspects a cell and never edits: painting waits until the finger
// has moved (TAP_SLOP CSS px, or onto another cell), so only a drag draws. A drag starting
// on the start or the goal moves it as with a mouse.
//
// A read-only board (an embed that offers no editing) edits nothing: pointers and the cell
// cursor only inspect.
//
// On a touch screen a second finger turns the gesture into moving the view: two fingers
// drag to scroll a zoomed map and pinch to zoom; what the first finger had painted is taken
// back. Editing resumes once every finger has lifted.

// A brush number is the terrain value it leaves: 0 wall, 1 plain ground (the eraser), 2..9
// terrain weights.
export const BRUSH_ERASER = 1;

// How far a finger may wander and still be tapping (CSS px).
const TAP_SLOP = 10;

function sameCell(a, b) {
  return a !== null && b !== null && a.x === b.x && a.y === b.y;
}

export class GridInput {
  // host: { editor(), brush(), changed(), guard(fn), scrollBy(dx, dy), zoom(steps, clientX, clientY),
  //   pick(cell) -> true when an exercise takes the click instead of the editor, readOnly }
  constructor(canvas, renderer, host) {
    this.canvas = canvas;
    this.renderer = renderer;
    this.host = host;
    this.stroke = null;
    this.hover = null;
    this.touched = false;
    this.cursor = null;
    // Fingers on the grid (pointerId -> { x, y }) and the two-finger gesture, if any.
    this.touches = new Map();
    this.gesture = null;
    const on = (type, handler) => canvas.addEventListener(type, (e) => host.guard(() => handler.call(this, e)));
    on('pointerdown', this.down);
    on('pointermove', this.move);
    on('pointerup', this.end);
    on('pointercancel', this.end);
    on('lostpointercapture', this.end);
    on('pointerleave', this.leave);
    on('keydown', this.key);
    on('blur', () => this.setCursor(null));
  }

  down(e) {
    if (e.pointerType === 'touch') {
      this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.touches.size === 2) this.startGesture();
      if (this.gesture) {
        e.preventDefault();
        return;
      }
    }
    if (this.stroke || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const cell = this.renderer.cellFromPoint(e.clientX, e.clientY);
    if (!cell) return;
    e.preventDefault();
    // An exercise may claim the click (picking a cell instead of editing).
    if (this.host.pick(cell)) return;
    this.canvas.focus({ preventScroll: true });
    if (this.host.readOnly) {
      this.hover = cell;
      this.host.changed();
      return;
    }
    this.canvas.setPointerCapture(e.pointerId);
    const editor = this.host.editor();
    let kind = 'paint';
    let brush = this.host.brush();
    // The editor merges the moves of an endpoint into one undo entry within a stroke, so a
    // drag of the start or the goal is a stroke too.
    const revision = editor.revision();
    if (sameCell(cell, editor.start())) {
      kind = 'start';
    } else if (sameCell(cell, editor.goal())) {
      kind = 'goal';
    } else if (e.pointerType === 'touch') {
      // A tap, or the start of a drag: nothing is painted until the finger moves.
      kind = 'touch';
    }
    if (kind !== 'touch') editor.beginStroke();
    if (kind === 'paint') brush = this.startPainting(editor, cell, brush);
    this.stroke = { pointerId: e.pointerId, kind, brush, last: cell, revision, x: e.clientX, y: e.clientY };
    this.canvas.classList.toggle('dragging-endpoint', kind === 'start' || kind === 'goal');
    this.hover = cell;
    // A finger's cell gets its numbers beside it (the Cell panel may be screens away).
    this.touched = e.pointerType === 'touch';
    this.cursor = null;
    this.host.changed();
  }

  move(e) {
    if (this.gesture && this.touches.has(e.pointerId)) {
      this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.moveGesture();
      return;
    }
    const stroke = this.stroke;
    if (stroke && e.pointerId === stroke.pointerId) {
      const cell = this.renderer.cellFromPoint(e.clientX, e.clientY, true);
      if (stroke.kind === 'touch' && (!sameCell(cell, stroke.last) || Math.hypot(e.clientX - stroke.x, e.clientY - stroke.y) >= TAP_SLOP)) {
        // The finger is dragging: paint from the cell it started on.
        const editor = this.host.editor();
        editor.beginStroke();
        stroke.brush = this.startPainting(editor, stroke.last, stroke.brush);
        stroke.kind = 'paint';
      }
      if (stroke.kind !== 'touch' && !sameCell(cell, stroke.last)) {
        const editor = this.host.editor();
        if (stroke.kind === 'paint') {
          for (const [from, to] of this.renderer.shape.strokes(stroke.last, cell)) editor.paintLine(from.x, from.y, to.x, to.y, stroke.brush);
        } else {
          this.moveEndpoint(editor, stroke.kind, cell);
        }
        stroke.last = cell;
      }
    }
    const hover = this.renderer.cellFromPoint(e.clientX, e.clientY);
    if (!sameCell(hover, this.hover)) {
      this.hover = hover;
      this.touched = e.pointerType === 'touch';
      this.updatePointerStyle();
      this.host.changed();
    } else if (stroke) {
      this.host.changed();
    }
  }

  // Paints the first cell of a stroke; the brush the stroke goes on with (starting on a cell
  // that already has the brush's terrain erases).
  startPainting(editor, cell, brush) {
    const chosen = brush !== BRUSH_ERASER && editor.terrainAt(cell.x, cell.y) === brush ? BRUSH_ERASER : brush;
    editor.paint(cell.x, cell.y, chosen);
    return chosen;
  }

  // Dragging across walls or over the other endpoint just leaves the endpoint where it last
  // could go; the drag continues.
  moveEndpoint(editor, kind, cell) {
    const other = kind === 'start' ? editor.goal() : editor.start();
    if (sameCell(cell, other) || editor.terrainAt(cell.x, cell.y) === 0) return;
    if (kind === 'start') editor.moveStart(cell.x, cell.y);
    else editor.moveGoal(cell.x, cell.y);
  }

  end(e) {
    if (this.touches.delete(e.pointerId) && this.gesture && this.touches.size === 0) {
      this.gesture = null;
    }
    const stroke = this.stroke;
    if (!stroke || e.pointerId !== stroke.pointerId) return;
    this.stroke = null;
    // A tap (a finger that never dragged) began no edit; its cell stays in the inspector.
    if (stroke.kind !== 'touch') this.host.editor().endStroke();
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
    this.canvas.classList.remove('dragging-endpoint');
    this.host.changed();
  }

  // Two fingers: the stroke the first one began is taken back, and from now on their
  // midpoint drags the view and their spread zooms it.
  startGesture() {
    const stroke = this.stroke;
    if (stroke && stroke.kind === 'touch') {
      this.stroke = null;
    } else if (stroke) {
      this.stroke = null;
      const editor = this.host.editor();
      editor.endStroke();
      if (editor.revision() !== stroke.revision) editor.undo();
      this.canvas.classList.remove('dragging-endpoint');
    }
    this.gesture = this.fingers();
    this.host.changed();
  }

  moveGesture() {
    if (this.touches.size < 2) return;
    const now = this.fingers();
    const was = this.gesture;
    this.host.scrollBy(was.x - now.x, was.y - now.y);
    // Zoom steps are about 1.5x apart: a pinch moves one step per 1.4x change of spread.
    const spread = now.spread / was.spread;
    const steps = spread > 1.4 ? 1 : spread < 1 / 1.4 ? -1 : 0;
    if (steps !== 0) this.host.zoom(steps, now.x, now.y);
    this.gesture = { x: now.x, y: now.y, spread: steps !== 0 ? now.spread : was.spread };
  }

  // The first two fingers' midpoint and distance.
  fingers() {
    const [a, b] = this.touches.values();
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, spread: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  // A finger that lifts keeps its cell in the inspector; a mouse that leaves clears it.
  leave(e) {
    if (this.stroke || e.pointerType !== 'mouse' || this.hover === null) return;
    this.hover = null;
    this.host.changed();
  }

  updatePointerStyle() {
    const editor = this.host.editor();
    const overEndpoint = !this.host.readOnly && (sameCell(this.hover, editor.start()) || sameCell(this.hover, editor.goal()));
    this.canvas.classList.toggle('over-endpoint', overEndpoint);
  }

  // After the map shrinks, the hovered cell or the cursor may be off it: forget them rather
  // than ask about a cell that no longer exists.
  forgetCellsOutside(width, height) {
    const outside = (cell) => cell !== null && (cell.x >= width || cell.y >= height);
    if (outside(this.hover)) this.hover = null;
    if (outside(this.cursor)) this.cursor = null;
  }

  setCursor(cell) {
    if (sameCell(cell, this.cursor) || (cell === null && this.cursor === null)) return;
    this.cursor = cell;
    this.host.changed();
  }

  // Arrow keys move a cell cursor, Enter paints with the brush (same toggle rule as a
  // stroke), S and G put the start or the goal on the cursor.
  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const editor = this.host.editor();
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const at = this.cursor ?? editor.start();
    if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      const x = Math.min(editor.width - 1, Math.max(0, at.x + (this.cursor ? dx : 0)));
      const y = Math.min(editor.height - 1, Math.max(0, at.y + (this.cursor ? dy : 0)));
      this.setCursor({ x, y });
      this.hover = null;
    } else if (this.host.readOnly) {
      if (e.key === 'Escape' && this.cursor) this.setCursor(null);
    } else if (e.key === 'Enter' && this.cursor) {
      e.preventDefault();
      if (this.host.pick(this.cursor)) return;
      let brush = this.host.brush();
      if (brush !== BRUSH_ERASER && editor.terrainAt(at.x, at.y) === brush) brush = BRUSH_ERASER;
      editor.beginStroke();
      editor.paint(at.x, at.y, brush);
      editor.endStroke();
      this.host.changed();
    } else if ((e.key === 's' || e.key === 'S') && this.cursor) {
      e.preventDefault();
      editor.moveStart(at.x, at.y);
      this.host.changed();
    } else if ((e.key === 'g' || e.key === 'G') && this.cursor) {
      e.preventDefault();
      editor.moveGoal(at.x, at.y);
      this.host.changed();
    } else if (e.key === 'Escape' && this.cursor) {
      this.setCursor(null);
    }
  }
}
