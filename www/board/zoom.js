// Zoom: how many times larger than "the whole map fits" the cells are drawn. Steps of about
// 1.5x; the renderer caps the cell size, so the top steps only matter on large maps (a
// 512x512 map needs about 64x before F, G and H can be read).
export const ZOOM_LEVELS = [1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96];

export class Zoom {
  constructor() {
    this.index = 0;
  }

  get factor() {
    return ZOOM_LEVELS[this.index];
  }

  get fitsWhole() {
    return this.index === 0;
  }

  get label() {
    return `${this.factor}×`;
  }

  // Each returns whether the zoom changed.
  in() {
    return this.set(this.index + 1);
  }

  out() {
    return this.set(this.index - 1);
  }

  fit() {
    return this.set(0);
  }

  set(index) {
    const clamped = Math.max(0, Math.min(ZOOM_LEVELS.length - 1, index));
    const changed = clamped !== this.index;
    this.index = clamped;
    return changed;
  }
}
