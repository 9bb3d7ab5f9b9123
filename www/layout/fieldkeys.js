// Which keys a focused form field keeps, and which a closed select gives to the page.
//
// After an option is chosen (with the mouse or the keyboard) the select keeps the focus, and
// closed it would take the arrows, Page Up/Down, Home/End and letters to change its value: a
// presenter's remote then picked another algorithm with nothing on screen to notice, and P
// did nothing. So a closed drop-down select gives the stepping keys to the page: they do what
// they do with the focus on the page (or nothing), and never change the select. While its
// list is open the browser's list takes the keys and the page sees none, so a keyboard user
// still chooses with Alt+Down, F4, Space or Enter (which open it), or by typing an option's
// first letters: while such typing goes on (each character within a second of the last,
// the browser's own type-ahead pause), every key stays with the select. Any other key, a
// shortcut (Alt+Down opening the list) or a press of the mouse ends the typing at once: keys
// pressed in an open list never reach the page, so without that a choice made in the list
// within that second left the next Page Down with the select.
// Text and number fields keep every key: they are being typed into.
const STEPPING_KEYS = new Set(['PageDown', 'PageUp', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape', 'p', 'b', 'l']);
const TYPE_AHEAD_MS = 1000;

export function isFormField(element) {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && element.isContentEditable);
}

// Key events a closed select gave to the page.
const givenToPage = new WeakSet();

// Whether the focused field keeps this key (the page's keys then leave it alone).
export function fieldKeepsKey(e) {
  return isFormField(e.target) && !givenToPage.has(e);
}

function closedDropDown(element) {
  return element instanceof HTMLSelectElement && !element.multiple && element.size <= 1;
}

// Listens on the window: capturing, it decides before any of the page's key handlers (on the
// document) runs; bubbling, it comes after all of them.
export function routeFieldKeys(win) {
  const notTyping = { select: null, at: -Infinity };
  let typing = notTyping;
  win.addEventListener('pointerdown', () => { typing = notTyping; }, true);
  win.addEventListener('keydown', (e) => {
    const select = e.target;
    if (!closedDropDown(select) || e.ctrlKey || e.metaKey || e.altKey) {
      typing = notTyping;
      return;
    }
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const typingOn = typing.select === select && e.timeStamp - typing.at < TYPE_AHEAD_MS;
    if (STEPPING_KEYS.has(key) && !typingOn) {
      givenToPage.add(e);
      return;
    }
    typing = e.key.length === 1 && e.key !== ' ' ? { select, at: e.timeStamp } : notTyping;
  }, true);
  // After the page's own keys: a stepping key none of them took still leaves the select as it was.
  win.addEventListener('keydown', (e) => {
    if (givenToPage.has(e)) e.preventDefault();
  });
}
