// Pairwise test cases: rows of factor values in which every pair of values of two different
// factors appears at least once. A layout or an option matrix breaks mostly where two
// settings meet, so these rows find what the full product finds at a fraction of its pages.
//
//   pairwise({ size: ['320x240', '720x480'], touch: [false, true], legend: [0, 1] })
//     -> [{ size, touch, legend }, ...]
//
// Greedy and deterministic (the same rows on every run): each row starts from the first pair
// not yet covered and fills the other factors with the value that covers most new pairs.

export function pairwise(factors) {
  const names = Object.keys(factors);
  for (const name of names) {
    if (!Array.isArray(factors[name]) || factors[name].length === 0) throw new Error(`factor ${name} has no values`);
  }
  // One factor has no pairs: each of its values once.
  if (names.length === 1) return factors[names[0]].map((value) => ({ [names[0]]: value }));
  // Pairs by value indices: "a:i|b:j" with factor a before factor b.
  const key = (a, i, b, j) => `${a}:${i}|${b}:${j}`;
  const uncovered = new Set();
  names.forEach((a, ai) => {
    for (const b of names.slice(ai + 1)) {
      factors[a].forEach((_, i) => factors[b].forEach((_, j) => uncovered.add(key(a, i, b, j))));
    }
  });
  const pairsOf = (row) => {
    const pairs = [];
    names.forEach((a, ai) => {
      for (const b of names.slice(ai + 1)) pairs.push(key(a, row[a], b, row[b]));
    });
    return pairs;
  };
  const rows = [];
  while (uncovered.size > 0) {
    const [first] = uncovered;
    const [[a, i], [b, j]] = first.split('|').map((part) => part.split(':')).map(([name, index]) => [name, Number(index)]);
    const row = { [a]: i, [b]: j };
    for (const name of names) {
      if (name in row) continue;
      let best = 0;
      let bestGain = -1;
      factors[name].forEach((_, index) => {
        let gain = 0;
        for (const other of Object.keys(row)) {
          const pair = names.indexOf(other) < names.indexOf(name) ? key(other, row[other], name, index) : key(name, index, other, row[other]);
          if (uncovered.has(pair)) gain += 1;
        }
        if (gain > bestGain) [best, bestGain] = [index, gain];
      });
      row[name] = best;
    }
    for (const pair of pairsOf(row)) uncovered.delete(pair);
    rows.push(Object.fromEntries(names.map((name) => [name, factors[name][row[name]]])));
  }
  return rows;
}
