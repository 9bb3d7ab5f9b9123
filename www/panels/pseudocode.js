import { t, onLanguageChange } from '../i18n/i18n.js';
import { listingOf } from '../finders/narration.js';

// The finder in use, in textbook form, with the line being executed highlighted. Its family
// module (www/finders/) gives the listing, [line id, indent, text key] per line; a step's
// trace names the line ids it ran.

// The panel: the listing of the algorithm in use as an ordered list, one item per line. The
// line being executed carries aria-current="step" (and is highlighted); the other lines the
// current step ran are tinted, and a note under the listing says what the line did.
export class PseudocodePanel {
  constructor(doc) {
    this.doc = doc;
    this.list = doc.getElementById('pseudocode');
    this.title = doc.getElementById('pseudocode-algorithm');
    this.note = doc.getElementById('pseudocode-note');
    this.finder = null;
    this.items = new Map();
    this.shown = null;
    onLanguageChange(() => {
      this.finder = null;
      this.shown = null;
    });
  }

  // position: { finder (catalogue entry), line (id or null), ran (ids run in this step),
  // note ({ key, params } or null) }; rules: the search's options and goal (see
  // listingOf), whose goal test and cells' shape change the listing.
  show(position, rules = {}) {
    const variant = `${rules.goalTest}:${rules.topology}`;
    if (position.finder !== this.finder || variant !== this.variant) this.build(position.finder, rules);
    // Brought into view again when the line moves or the listing's box changes size.
    const key = `${JSON.stringify(position)}:${this.list.clientHeight}`;
    if (key === this.shown) return;
    this.shown = key;
    const ran = new Set(position.ran);
    for (const [id, item] of this.items) {
      const current = id === position.line;
      if (current) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
      item.classList.toggle('ran', !current && ran.has(id));
    }
    const note = position.note ? t(position.note.key, position.note.params) : '';
    if (this.note.textContent !== note) this.note.textContent = note;
    const line = this.items.get(position.line);
    if (line) scrollIntoList(this.list, line);
  }

  build(finder, rules) {
    this.finder = finder;
    this.variant = `${rules.goalTest}:${rules.topology}`;
    this.shown = null;
    this.items.clear();
    const listing = listingOf(finder, rules);
    const items = listing.map(([id, indent, key]) => {
      const li = this.doc.createElement('li');
      li.dataset.line = id;
      li.style.setProperty('--indent', String(indent));
      li.textContent = t(key);
      this.items.set(id, li);
      return li;
    });
    this.list.replaceChildren(...items);
    this.title.textContent = t(`code.algorithm.${finder.id}`);
  }
}

// Keeps the highlighted line in view inside the listing's own scroll box without moving the
// page.
function scrollIntoList(list, item) {
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
}
