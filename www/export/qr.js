import { generate, correction } from 'lean-qr/nano';
import { PageError } from '../i18n/errors.js';

// The modules of a QR code for text, as rows of booleans (true: dark). At least medium error
// correction, which survives a projector's glare and a phone's slant; a link too long for it
// gets low correction, and one too long for any QR code a clear refusal.
export function qrModules(text) {
  for (const level of [correction.M, correction.L]) {
    try {
      const code = generate(text, { minCorrectionLevel: level });
      return Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
    } catch {
      // Too long at this correction level.
    }
  }
  throw new PageError('share.qr-too-long', { length: text.length });
}

// The quiet zone a reader needs around the code, in modules.
const QUIET = 4;

// The code as an SVG path of its dark modules, one unit each, in a square of the code and
// its quiet zone.
export function qrPath(modules) {
  const parts = [];
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) parts.push(`M${x + QUIET} ${y + QUIET}h1v1h-1z`);
  }));
  return { d: parts.join(''), size: modules.length + 2 * QUIET };
}

// The link's QR code in a dialog as large as the screen allows, dark on white whatever the
// page's theme, so a class can scan it from the back of the room (Close or Esc leaves).
export class QrDialog {
  constructor(doc) {
    this.dialog = doc.getElementById('qr-dialog');
    this.svg = doc.getElementById('qr-code');
    this.path = this.svg.querySelector('path');
    this.background = this.svg.querySelector('rect');
    this.link = doc.getElementById('qr-link');
    // While the code is shown the keys are the dialog's: the page's shortcuts (P, the
    // stepping keys) wait behind it, and Esc only closes it.
    this.dialog.addEventListener('keydown', (e) => e.stopPropagation());
  }

  show(text) {
    const { d, size } = qrPath(qrModules(text));
    this.svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
    this.background.setAttribute('width', String(size));
    this.background.setAttribute('height', String(size));
    this.path.setAttribute('d', d);
    this.link.textContent = text;
    this.dialog.showModal();
  }
}
