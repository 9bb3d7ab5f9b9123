import { t } from '../i18n/i18n.js';
import { formatValue, formatCell } from '../i18n/format.js';

// Jump Point Search in words: what one step's jumps found, and why each cell where a jump
// stopped is a jump point ("forced neighbour at (5,3)").

const value = (v) => formatValue(v, 2);

const DIRECTIONS = {
  '0,-1': 'n', '1,-1': 'ne', '1,0': 'e', '1,1': 'se', '0,1': 's', '-1,1': 'sw', '-1,0': 'w', '-1,-1': 'nw',
};

function direction(jump) {
  return t(`jps.direction.${DIRECTIONS[`${jump.dx},${jump.dy}`]}`);
}

function reason(r) {
  if (r.kind === 'goal') return t('jps.reason.goal');
  if (r.kind === 'turn') return t('jps.reason.turn', { cell: formatCell(r) });
  return t('jps.reason.forced', { cells: r.neighbours.map(formatCell).join(', ') });
}

function describeJump(jump) {
  const params = { direction: direction(jump), cell: formatCell(jump), scanned: jump.scanned };
  if (jump.end === 'dead-end') return t('jps.dead-end', params);
  const r = jump.result;
  const why = reason(jump.reason);
  switch (r.outcome) {
    case 'opened':
      return t('jps.opened', { ...params, why, g: value(r.g), h: value(r.h) });
    case 'improved':
      return t('jps.improved', { ...params, why, oldG: value(r.oldG), g: value(r.g) });
    case 'not-improved':
      return t('jps.kept', { ...params, why, g: value(r.g), candidateG: value(r.candidateG) });
    default:
      return t('jps.closed', params);
  }
}

// A `jumped` step event, e.g. "Expanded jump point (2,2): F=40 G=0 H=40. Jumped east to
// (3,2), a jump point: forced neighbour at (4,1). Opened it with G=10, H=30."
export function describeJumps(event) {
  const n = event.node;
  const head = t('jps.expanded', { cell: formatCell(n), f: value(n.f), g: value(n.g), h: value(n.h) });
  return [head, ...event.jumps.map(describeJump)].join(' ');
}

// Why the head of the open list comes next under Jump Point Search.
export function describeJumpOrder(weight) {
  return weight === 1 ? t('jps.order') : t('jps.order-weighted', { weight: formatValue(weight, 2) });
}
