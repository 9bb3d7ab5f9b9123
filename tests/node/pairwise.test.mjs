// The pairwise helper the browser tests' matrices use (tests/e2e/pairwise.mjs): every pair
// of values of two factors in some row, far fewer rows than the full product, and the same
// rows on every run. It needs no browser.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pairwise } from '../e2e/pairwise.mjs';

function missingPairs(factors, rows) {
  const names = Object.keys(factors);
  const missing = [];
  names.forEach((a, ai) => {
    for (const b of names.slice(ai + 1)) {
      for (const x of factors[a]) {
        for (const y of factors[b]) {
          if (!rows.some((row) => row[a] === x && row[b] === y)) missing.push(`${a}=${x} with ${b}=${y}`);
        }
      }
    }
  });
  return missing;
}

describe('pairwise', () => {
  it('covers every pair of values with few rows, each row made of the factors\' own values, the same each run', () => {
    const factors = { size: ['320x240', '400x300', '480x320', '720x480', '1280x720'], touch: [false, true], controls: ['none', 'play', 'full'], legend: [0, 1], log: [0, 1], message: [false, true] };
    const rows = pairwise(factors);
    assert.deepEqual(missingPairs(factors, rows), []);
    // The two largest factors alone need 15 rows; the full product has 240.
    assert.ok(rows.length >= 15 && rows.length <= 20, `${rows.length} rows`);
    for (const row of rows) {
      assert.deepEqual(Object.keys(row), Object.keys(factors));
      for (const [name, value] of Object.entries(row)) assert.ok(factors[name].includes(value), `${name}=${value}`);
    }
    assert.deepEqual(pairwise(factors), rows);
    // Two factors: exactly their product. One factor: each value once.
    assert.equal(pairwise({ a: [1, 2, 3], b: ['x', 'y'] }).length, 6);
    assert.deepEqual(pairwise({ a: [1, 2] }), [{ a: 1 }, { a: 2 }]);
    assert.throws(() => pairwise({ a: [1], b: [] }), /factor b has no values/);
  });
});
