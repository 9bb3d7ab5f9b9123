import { describeStep } from '../finders/narration.js';
import { t } from '../i18n/i18n.js';
import { copyText } from '../export/clipboard.js';

// Steps shown at once; the pager reaches the rest, so a search of 100,000 steps never puts
// 100,000 items on the page.
export const LOG_PAGE = 100;

// The step log: every step of the search, a page at a time. It follows the newest step
// (the latest page, scrolled to its end) until the reader pages back; from then on the page
// stays put while the search moves, until "Latest steps" or the search steps back past it.
// "Copy log" copies every step so far as plain text in the chosen language.
export class StepLog {
  // header(): the lines naming the map and the options, which a copied log starts with.
  constructor(doc, getSession, header) {
    const byId = (id) => doc.getElementById(id);
    this.list = byId('step-log');
    this.pager = byId('log-pager');
    this.range = byId('log-range');
    this.buttons = {
      first: byId('log-first'),
      earlier: byId('log-earlier'),
      later: byId('log-later'),
      latest: byId('log-latest'),
    };
    this.copyStatus = byId('copy-status');
    this.fallback = byId('copy-fallback');
    this.getSession = getSession;
    this.header = header;
    // null: following the newest step; else the first step of the page being read.
    this.pinnedFirst = null;
    this.shownKey = null;
    // The items of the steps on show, reused while the search and the language stay.
    this.items = new Map();
    this.itemsKey = null;
    const page = (first, scrollTo) => () => {
      this.pinnedFirst = first();
      this.scrollTo = scrollTo;
      this.shownKey = null;
      this.render(this.getSession());
    };
    this.buttons.first.addEventListener('click', page(() => 1, 'top'));
    this.buttons.earlier.addEventListener('click', page(() => Math.max(1, this.window.first - LOG_PAGE), 'bottom'));
    this.buttons.later.addEventListener('click', page(() => this.window.last + 1, 'top'));
    this.buttons.latest.addEventListener('click', page(() => null, 'bottom'));
    byId('copy-log').addEventListener('click', () => this.copy());
  }

  // A language change words the log and the last copy message again.
  invalidate() {
    this.shownKey = null;
    if (this.said) this.say(...this.said);
  }

  // A new search (an edit, new options) starts the log afresh at its newest step.
  render(session) {
    const count = session.search.stepCount();
    if (this.itemsKey !== null && !this.itemsKey.startsWith(`${session.generation}:`)) this.pinnedFirst = null;
    // Paged past the end (the search stepped back), the newest page it is.
    if (this.pinnedFirst !== null && (this.pinnedFirst > count || this.pinnedFirst + LOG_PAGE - 1 >= count)) this.pinnedFirst = null;
    const following = this.pinnedFirst === null;
    const first = following ? Math.max(1, count - LOG_PAGE + 1) : this.pinnedFirst;
    const last = following ? count : first + LOG_PAGE - 1;
    this.window = { first, last };
    const key = `${session.generation}:${count}:${first}`;
    if (key === this.shownKey) return;
    this.shownKey = key;

    const itemsKey = `${session.generation}:${document.documentElement.lang}`;
    if (itemsKey !== this.itemsKey) {
      this.items.clear();
      this.itemsKey = itemsKey;
    }
    const shown = new Map();
    for (const { step, event } of session.stepsBetween(first, last)) {
      shown.set(step, this.items.get(step) ?? logItem(step, describeStep(event, session.finder, session.rules)));
    }
    this.items = shown;
    this.list.replaceChildren(...shown.values());
    this.list.classList.toggle('following', following);

    this.pager.hidden = count <= LOG_PAGE;
    this.range.textContent = count === 0 ? '' : t('log.range', { first: first.toLocaleString(), last: Math.min(last, count).toLocaleString(), total: count.toLocaleString() });
    this.buttons.first.disabled = first <= 1;
    this.buttons.earlier.disabled = first <= 1;
    this.buttons.later.disabled = following;
    this.buttons.latest.disabled = following;

    const scrollTo = this.scrollTo ?? (following ? 'bottom' : null);
    this.scrollTo = null;
    if (scrollTo === 'bottom') this.list.scrollTop = this.list.scrollHeight;
    else if (scrollTo === 'top') this.list.scrollTop = 0;
  }

  // The whole log as text: one line per step, as the log words it.
  text(session) {
    const lines = [];
    session.replaySteps((step, event) => lines.push(t('narration.step', { step, text: describeStep(event, session.finder, session.rules) })));
    return lines;
  }

  async copy() {
    const session = this.getSession();
    const lines = this.text(session);
    this.fallback.hidden = true;
    if (lines.length === 0) {
      this.say('log.copy-empty');
      return;
    }
    const text = `${[...this.header(), '', ...lines].join('\n')}\n`;
    if (await copyText(text)) {
      this.say(lines.length === 1 ? 'log.copied-one' : 'log.copied', { count: lines.length.toLocaleString() });
      return;
    }
    // Both ways of copying were refused: the text is put where the reader can copy it by hand.
    this.fallback.value = text;
    this.fallback.hidden = false;
    this.fallback.focus();
    this.fallback.select();
    this.say('log.copy-refused');
  }

  say(key, params = {}) {
    this.said = [key, params];
    this.copyStatus.textContent = t(key, params);
  }
}

function logItem(step, text) {
  const li = document.createElement('li');
  const number = document.createElement('span');
  number.className = 'step-number';
  number.textContent = String(step);
  li.append(number, text);
  return li;
}
