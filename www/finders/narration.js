import { t } from '../i18n/i18n.js';
import { familyOf } from './catalogue.js';

// A finder's step events in words and as the pseudocode lines they ran, and its listing,
// from its family module. An event kind the family has no words for says so on the page
// (and fails the catalogue test), never shows a blank.

function handler(finder, event) {
  return familyOf(finder)?.events[event.kind];
}

// One step event told in plain language in the chosen language; `rules` as for traceStep
// (the tie-break names the rule that chose among equals).
export function describeStep(event, finder, rules = {}) {
  const told = handler(finder, event);
  return told ? told.describe(event, finder, rules) : t('step.unknown-event', { kind: event.kind, finder: finder.id });
}

// The lines one step ran: [{ line, note: { key, params }, node, neighbour, values }].
// `rules` are the search's resolved options and its goal (the goal test changes the lines).
export function traceStep(event, finder, rules = {}) {
  if (!event) return [];
  const told = handler(finder, event);
  if (told) return told.trace(event, finder, rules);
  return [{ line: null, note: { key: 'code.note.unknown-event', params: { kind: event.kind, finder: finder.id } } }];
}

// The pseudocode of a finder under the search's rules: [[line id, indent, text key], ...].
export function listingOf(finder, rules = {}) {
  return familyOf(finder)?.listing(finder, rules) ?? [['unknown', 0, 'code.unknown-family']];
}

// Why the head of the open list comes next, for the caption above it.
export function describeOrder(finder, options) {
  const family = familyOf(finder);
  return family ? family.order(finder, options) : t('step.unknown-family', { family: finder.family, finder: finder.id });
}

// The hint under the heuristic field: which heuristic the search uses when "Default for the
// movement" is chosen, or that the finder uses none.
export function describeHeuristicUse(finder, options, resolved) {
  if (!finder.options.heuristic) {
    return t('method.no-heuristic', { algorithm: t(finder.priority === 'moves' ? 'algorithm.bfs-search' : 'algorithm.dijkstra') });
  }
  if (options.heuristic !== undefined) return '';
  if (resolved.topology === 'hex') return t('method.heuristic-in-use-hex', { heuristic: t(`heuristic.name.${resolved.heuristic}`) });
  return t('method.heuristic-in-use', { heuristic: t(`heuristic.name.${resolved.heuristic}`), directions: options.directions });
}
