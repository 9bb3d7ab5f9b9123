// The board's cell shapes: the pointer finds the hex drawn under it, and a stroke across
// hexes paints neighbour after neighbour.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HEX, SQUARE, cellShape } from '../../www/board/cellshape.js';

const neighbours = (a, b) => {
  const [dq, dr] = [b.x - a.x, b.y - a.y];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr)) === 1;
};

test('the hex under a point is the one whose centre is nearest', () => {
  for (let r = 0; r < 6; r++) {
    for (let q = 0; q < 6; q++) {
      const cx = HEX.left(q, r) + 0.5;
      const cy = HEX.top(r) + 0.5;
      // The centre, and points well inside: towards each corner, and on the flat sides.
      for (const [dx, dy] of [[0, 0], [0, -0.45], [0.45, -0.2], [0.45, 0.2], [0, 0.45], [-0.45, 0.2], [-0.45, -0.2]]) {
        assert.deepEqual(HEX.at(cx + dx, cy + dy), { x: q, y: r }, `(${q},${r}) + (${dx},${dy})`);
      }
    }
  }
  // Just past a slanted edge: the hex up and to the left.
  assert.deepEqual(HEX.at(HEX.left(2, 2) + 0.1, HEX.top(2) + 0.02), { x: 2, y: 1 });
  assert.deepEqual(SQUARE.at(2.5, 3.9), { x: 2, y: 3 });
});

test('a stroke across hexes paints each hex next to the last, from end to end', () => {
  for (const [a, b] of [[{ x: 0, y: 0 }, { x: 5, y: 3 }], [{ x: 4, y: 0 }, { x: 0, y: 4 }], [{ x: 1, y: 5 }, { x: 6, y: 0 }], [{ x: 3, y: 3 }, { x: 3, y: 3 }]]) {
    const runs = HEX.strokes(a, b);
    const n = (Math.abs(b.x - a.x) + Math.abs(b.y - a.y) + Math.abs(b.x - a.x + b.y - a.y)) / 2;
    assert.equal(runs.length, n);
    if (n === 0) continue;
    assert.deepEqual(runs[0][0], a);
    assert.deepEqual(runs.at(-1)[1], b);
    for (const [from, to] of runs) assert.ok(neighbours(from, to), `${JSON.stringify(from)} -> ${JSON.stringify(to)}`);
  }
  assert.deepEqual(SQUARE.strokes({ x: 0, y: 0 }, { x: 4, y: 2 }), [[{ x: 0, y: 0 }, { x: 4, y: 2 }]]);
});

test('the shape follows the resolved topology, and a move is drawn slanted on hexes', () => {
  assert.equal(cellShape({ topology: 'hex' }), HEX);
  assert.equal(cellShape({ topology: 'square' }), SQUARE);
  assert.equal(cellShape(undefined), SQUARE);
  // North-east (1,-1) points up and to the right; the rhombus is wider than its columns.
  assert.deepEqual(HEX.screen(1, -1), { dx: 0.5, dy: -0.75 });
  assert.equal(HEX.width(4, 3), 5);
  assert.equal(HEX.height(4, 3), 2.5);
});
