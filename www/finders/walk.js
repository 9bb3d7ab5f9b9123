import { t } from '../i18n/i18n.js';
import { formatCell, formatFinite } from '../i18n/format.js';

// A walk's move (the engine's `moved` event), whichever finder plans it: where the agent
// went, what its sensor found, whether the planner searched again and what that cost, and
// where the walk stands. The event says what it holds: D* Lite's carry k_m and what A* from
// scratch would expand (`km`, `fromScratch`); A*'s, planning from scratch, carry neither.

const finite = (v) => formatFinite(v, 2);

export function moveParams(event) {
  const arrival = event.arrival ?? {};
  return {
    k: event.k,
    from: formatCell(event.from),
    at: formatCell(event.at),
    cells: event.revealed.map(formatCell).join(' '),
    count: event.revealed.length,
    km: finite(event.km ?? 0),
    expanded: event.expanded,
    scratch: event.fromScratch,
    replans: event.replans,
    sum: event.totalExpanded,
    cost: finite(event.planned ?? Infinity),
    travelled: finite(arrival.travelled ?? 0),
    total: arrival.expanded ?? 0,
  };
}

// What the sensor found and what the planner did about it.
function sensedWords(event, p) {
  if (p.count === 0) return t('finder.walk.nothing', p);
  if (event.km !== undefined) return t('finder.walk.sensed', p);
  return t(event.replanned ? 'finder.walk.sensed-replanned' : 'finder.walk.sensed-kept', p);
}

export function describeMove(event) {
  const p = moveParams(event);
  const moved = event.from.x !== event.at.x || event.from.y !== event.at.y;
  const parts = [t(moved ? 'finder.walk.moved' : 'finder.walk.stays', p), sensedWords(event, p)];
  if (event.arrival?.end === 'arrived') parts.push(t('finder.walk.arrived', p));
  else if (event.arrival) parts.push(t('finder.walk.unreachable', p));
  else parts.push(t('finder.walk.planned', p), t('finder.walk.so-far', p));
  return parts.join(' ');
}
