import { bestFirst } from './best-first.js';
import { anyAngle } from './any-angle.js';
import { jumpPoint } from './jump-point.js';
import { iterativeDeepening } from './iterative-deepening.js';
import { bidirectional } from './bidirectional.js';
import { incremental } from './incremental.js';

// The engine's finder catalogue (finderCatalogue() in src/catalogue/), the one source of
// which finders exist, what options each takes and what each emits, and the page's module
// for each finder family. The page lists finders, checks links, enables option fields and
// shows counters from it; nothing outside www/finders/ names a finder.
//
// A family module holds what the page shows of its finders:
//   family              the catalogue's family name
//   listing(finder)     the pseudocode: [[line id, indent, text key], ...]
//   events              { [event kind]: { describe(event, finder) -> words for the log,
//                         trace(event, finder) -> the pseudocode lines the step ran } }
//   outcomes            { [outcome kind]: how its words and lines tell it } (the kinds it
//                       has words for)
//   marks               { [mark name]: { note? (the cell inspector's words), fill?(state, terrain),
//                         draw(ctx, px, py, inner, cell) } } (see marks.js)
//   order(finder, options)  why the open list's head comes next, in words
//   relaxed(event)      the neighbours a step gives new numbers, for Predict; absent when
//                       the family has no single open list taken in priority order
//   tentativePath       whether the best path so far shows while the search runs
//   queue?              { columns, page(search, offset, count), partway(search, made,
//                       count), row(entry) -> texts }: an open list of its own (else F, G
//                       and H of openListPage, and openListPartway line by line)
//   ready?(session)     { line, ran, note } where the pseudocode rests before step 1
//   lineCounts?(ran)    { expanded, open, taken?, made? } the lines run so far add, line by
//                       line (see StepLine.counts)

// In this order the page lists the finders: family by family, each family's finders in the
// catalogue's order (a finder of a family the page lacks comes last, and says so when used).
export const FAMILIES = [bestFirst, anyAngle, jumpPoint, iterativeDeepening, bidirectional, incremental];

let catalogue = null;
let listed = [];
const byId = new Map();

// Takes the engine's catalogue; called once, when the engine has loaded.
export function useCatalogue(engineCatalogue) {
  catalogue = engineCatalogue;
  const rank = (finder) => {
    const index = FAMILIES.findIndex((family) => family.family === finder.family);
    return index < 0 ? FAMILIES.length : index;
  };
  listed = [...catalogue.finders].sort((a, b) => rank(a) - rank(b));
  byId.clear();
  for (const finder of catalogue.finders) byId.set(finder.id, finder);
}

// Every finder the engine has, in the page's order.
export function finders() {
  return listed;
}

// The catalogue entry of a finder id; undefined for an id the engine does not have.
export function finderOf(id) {
  return byId.get(id);
}

// The family module of a catalogue entry; undefined for a family this page lacks.
export function familyOf(finder) {
  return FAMILIES.find((family) => family.family === finder.family);
}

// The values each shared option may take, the bit of each cell mark, and the engine's
// limits (maxWeight, maxNodeLimit, defaultNodeLimit, maxSide).
export function optionValues() {
  return catalogue.values;
}

// The values of an option a finder takes: the catalogue's, or the few its entry names.
// A directions value as the page holds it: a number of moves, or a word (blink).
export function directionsValue(text) {
  return /^\d+$/.test(String(text)) ? Number(text) : String(text);
}

export function takenValues(finder, option) {
  return finder.only?.[option] ?? catalogue.values[option];
}

// The options with each value the finder does not take (of an option it takes only some
// values of) put to the first one it takes: D* Lite's ties when A*'s were first-in. The
// cells' shape stays: it is the map's, and the engine refuses a finder that cannot search
// it, with its reason.
export function withTakenValues(options) {
  const finder = finderOf(options.algorithm);
  const adjusted = { ...options };
  for (const [option, values] of Object.entries(finder?.only ?? {})) {
    if (option === 'topology') continue;
    // The catalogue lists values as text (directions "8"); the page holds 8.
    const taken = values.map(String);
    if (adjusted[option] !== undefined && !taken.includes(String(adjusted[option]))) {
      adjusted[option] = option === 'directions' ? directionsValue(values[0]) : values[0];
    }
  }
  return adjusted;
}

export function markBits() {
  return catalogue.marks;
}

export function limits() {
  return catalogue.limits;
}

// What a move costs on hexes under each cost model: { '10-14': 10, ... }.
export function hexSteps() {
  return catalogue.hexSteps;
}
