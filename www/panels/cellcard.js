// On a phone the Cell panel is a screen or more below the board: a cell tapped with a finger
// also gets its numbers in a card right beside it, a copy of the panel's (which screen
// readers already hear, so the card is hidden from them). A tap anywhere else puts it away.

const GAP = 8;

export class CellCard {
  constructor(doc, inspector, grid) {
    this.doc = doc;
    this.inspector = inspector;
    this.card = doc.createElement('div');
    this.card.className = 'cell-card';
    this.card.setAttribute('aria-hidden', 'true');
    this.card.hidden = true;
    doc.body.append(this.card);
    this.shownKey = null;
    this.cell = null;
    this.dismissed = null;
    doc.addEventListener('pointerdown', (e) => {
      this.dismissed = e.target === grid ? null : this.cell;
      this.place(null);
    }, true);
  }

  // cell: the cell a finger is on (null for none); renderer: where that cell is.
  show(cell, renderer) {
    this.cell = cell ? `${cell.x},${cell.y}` : null;
    if (this.cell === null || this.cell === this.dismissed) {
      this.place(null);
      return;
    }
    const key = `${this.cell}|${this.inspector.textContent}`;
    if (key !== this.shownKey) {
      const list = this.inspector.querySelector('dl');
      this.card.replaceChildren(...(list ? [list.cloneNode(true)] : []));
      this.shownKey = key;
    }
    this.place(renderer.cellClientRect(cell.x, cell.y));
  }

  // Beside the cell where there is room (right, else left, else below or above it), kept
  // inside the window; null hides the card.
  place(cellRect) {
    const card = this.card;
    if (!cellRect || card.childElementCount === 0) {
      card.hidden = true;
      return;
    }
    card.hidden = false;
    const win = this.doc.defaultView;
    const { offsetWidth: width, offsetHeight: height } = card;
    let left = cellRect.right + GAP;
    let top = cellRect.top;
    if (left + width > win.innerWidth) left = cellRect.left - GAP - width;
    if (left < 0) {
      left = (cellRect.left + cellRect.right - width) / 2;
      top = cellRect.bottom + height + GAP <= win.innerHeight ? cellRect.bottom + GAP : cellRect.top - GAP - height;
    }
    left = Math.min(win.innerWidth - width - 2, Math.max(2, left));
    top = Math.min(win.innerHeight - height - 2, Math.max(2, top));
    card.style.left = `${Math.round(left + win.scrollX)}px`;
    card.style.top = `${Math.round(top + win.scrollY)}px`;
  }
}
