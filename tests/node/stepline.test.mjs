// The pseudocode lines a step event maps to, for the events of the finders whose loops differ
// from best-first search (IDA* visits, bidirectional steps, jumps): every line a trace names
// is a line of that finder's listing, in the order the listing runs them. The best-first
// events are checked against the engine in the browser (pseudocode.test.mjs). The finders
// are the engine's catalogue, read from the wasm build in pkg/.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { initSync, finderCatalogue } from '../../pkg/astar_visualizer.js';
import { useCatalogue, finderOf } from '../../www/finders/catalogue.js';
import { traceStep, listingOf } from '../../www/finders/narration.js';

initSync({ module: readFileSync(new URL('../../pkg/astar_visualizer_bg.wasm', import.meta.url)) });
useCatalogue(finderCatalogue());

const trace = (event, algorithm) => traceStep(event, finderOf(algorithm));
const node = (x, y, g, h) => ({ x, y, g, h, f: g + h });
const ids = (event, algorithm) => trace(event, algorithm).map((item) => item.line);

function assertInListing(algorithm, lines) {
  const listed = listingOf(finderOf(algorithm)).map(([id]) => id);
  for (const id of lines) assert.ok(listed.includes(id), `${algorithm} has no line "${id}"`);
}

describe('pseudocode traces of other finders', () => {
  it('IDA*: a new iteration, backtracking, a visit that goes deeper and one that is pruned', () => {
    const base = { kind: 'visited', step: 5, iteration: 2, threshold: 54, depth: 3, nextThreshold: null };
    const pushed = ids({ ...base, newIteration: true, node: node(3, 2, 10, 30), outcome: 'pushed', backtracked: [{ x: 1, y: 1 }] }, 'idastar');
    assert.deepEqual(pushed, ['raise', 'loop', 'back', 'visit', 'f', 'goal', 'each']);
    const pruned = trace({ ...base, newIteration: false, node: node(4, 4, 40, 30), outcome: 'pruned', backtracked: [], nextThreshold: 70 }, 'idastar');
    assert.deepEqual(pruned.map((item) => item.line), ['visit', 'f', 'prune']);
    assert.equal(pruned[2].note.params.f, '70');
    assertInListing('idastar', [...pushed, ...pruned.map((item) => item.line)]);
    const goal = ids({ kind: 'goal-reached', step: 9, node: node(6, 2, 56, 0), cost: 56, steps: 4 }, 'idastar');
    assert.deepEqual(goal, ['visit', 'f', 'goal']);
    assertInListing('idastar', goal);
    assertInListing('idastar', ids({ kind: 'no-path', step: 9 }, 'idastar'));
  });

  it('bidirectional: the stopping test, the side, its neighbours and the meeting, then the stop', () => {
    const test = { rule: 'larger-head-f', best: 70, forward: 54, backward: 60, bound: 60, stop: false };
    const expanded = trace({
      kind: 'side-expanded',
      step: 7,
      side: 'backward',
      node: node(5, 2, 14, 40),
      test,
      met: { x: 4, y: 3, cost: 62, moves: 5 },
      neighbours: [
        { x: 5, y: 1, outcome: 'wall' },
        { x: 4, y: 3, outcome: 'opened', g: 28, h: 34, f: 62, parent: { x: 5, y: 2 } },
        { x: 6, y: 3, outcome: 'not-improved', g: 20, candidateG: 24 },
        { x: 9, y: 9, outcome: 'off-grid' },
      ],
    }, 'bi-astar');
    const lines = expanded.map((item) => item.line);
    assert.deepEqual(lines, [
      'loop', 'stop', 'side', 'pop',
      'each', 'skip',
      'each', 'cost', 'new', 'set', 'add', 'meet', 'best',
      'each', 'cost', 'new', 'better',
      'close',
    ]);
    assert.equal(expanded[1].note.key, 'code.note.bi-go-on');
    assert.equal(expanded[2].note.key, 'code.note.bi-backward');
    assert.deepEqual(expanded[12].note.params, { cell: '(4,3)', cost: '62', moves: 5 });
    for (const algorithm of ['bi-astar', 'bi-dijkstra', 'bi-greedy']) assertInListing(algorithm, lines);

    const stopped = ids({ kind: 'stopped', step: 8, test: { ...test, stop: true, bound: 70 }, meeting: { x: 4, y: 3, cost: 70, moves: 5 }, cost: 70, steps: 5 }, 'bi-astar');
    assert.deepEqual(stopped, ['loop', 'stop']);
    const exhausted = ids({ kind: 'stopped', step: 8, test: { ...test, best: null, stop: true }, meeting: null, cost: null, steps: null }, 'bi-astar');
    assert.deepEqual(exhausted, ['loop', 'fail']);
    for (const algorithm of ['bi-astar', 'bi-dijkstra', 'bi-greedy', 'bi-bfs']) assertInListing(algorithm, [...stopped, ...exhausted]);
    assertInListing('bi-bfs', ids({ kind: 'side-expanded', step: 2, side: 'forward', node: node(0, 0, 0, 0), test, met: null, neighbours: [{ x: 1, y: 0, outcome: 'already-open', g: 10 }] }, 'bi-bfs'));
  });

  it('JPS: each jump, where it stopped and why, and the jump point it relaxed', () => {
    const event = {
      kind: 'jumped',
      step: 2,
      node: node(2, 2, 0, 40),
      jumps: [
        { dx: 1, dy: 0, scanned: 1, end: 'dead-end', x: 3, y: 2 },
        { dx: 1, dy: -1, scanned: 4, end: 'jump-point', x: 3, y: 1, reason: { kind: 'forced', neighbours: [{ x: 4, y: 0 }] }, result: { outcome: 'opened', g: 14, h: 34, f: 48, parent: { x: 2, y: 2 } } },
        { dx: 0, dy: 1, scanned: 2, end: 'jump-point', x: 2, y: 4, reason: { kind: 'turn', x: 6, y: 4 }, result: { outcome: 'closed' } },
      ],
    };
    const lines = trace(event, 'jps');
    assert.deepEqual(lines.map((item) => item.line), [
      'loop', 'pop', 'goal',
      'each', 'jump', 'stops',
      'each', 'jump', 'stops', 'found', 'cost', 'better', 'set', 'add',
      'each', 'jump', 'stops', 'found',
      'close',
    ]);
    assert.equal(lines[8].note.params.forced, '(4,0)');
    assert.equal(lines[16].note.params.turn, '(6,4)');
    assert.deepEqual(lines[12].values, { f: 48, g: 14, h: 34 });
    assertInListing('jps', lines.map((item) => item.line));
  });
});
