// The engine as the page runs it, in WebAssembly, against PathFinding.js and against the
// same engine compiled natively, on the Moving AI scenarios. `cargo xtask bench` builds
// what it needs and runs this file:
//
//   node --expose-gc --single-threaded-gc benches/wasm_engine.mjs --bindings DIR --native EXE --node-modules DIR
//        --per-map N --rounds N [--maps DIR] [--baseline DIR] [NAME ...]
//
// --bindings: wasm-bindgen's web bindings with the optimised .wasm next to them (as the page
// loads them); --native: the `native_engine` bench binary, run as a worker; --per-map,
// --rounds: as `cargo xtask bench --help` tells, which holds their defaults; NAME: only the
// maps whose file names contain one of these; --baseline: the bindings of another build
// (kept from an earlier `cargo xtask bench`, `target/xtask/bench-web`), timed as a sixth way
// in the same turns, with its expansions and paths required to equal this build's.
//
// One search, as the page makes it: the endpoints moved on a MapEditor, `new Search`,
// `finish()`, `pathCost()`, `free()`. PathFinding.js's AStarFinder searches a clone of its
// grid (its nodes carry the search's state) under the same rules: 8 directions, no corner
// cutting, octile heuristic. The native worker does what the page does, natively.
// The same for Jump Point Search: our `jps` in wasm against PathFinding.js's
// JumpPointFinder (DiagonalMovement.OnlyWhenNoObstacles, octile heuristic), whose path
// is measured between the points it returns.
// Every cost of ours must be the scenario's optimal length, judged by the engine at the
// file's precision as the page and `astar scen` judge it; PathFinding.js's A* must be optimal
// too, and its JumpPointFinder's paths that are not are counted.

import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args, positionals: only } = parseArgs({
  options: {
    bindings: { type: 'string' },
    native: { type: 'string' },
    'node-modules': { type: 'string' },
    maps: { type: 'string', default: 'tests/maps/movingai' },
    'per-map': { type: 'string' },
    rounds: { type: 'string' },
    baseline: { type: 'string' },
  },
  allowPositionals: true,
});
for (const required of ['bindings', 'native', 'node-modules', 'per-map', 'rounds']) {
  if (!args[required]) throw new Error(`--${required} is required`);
}
const PER_MAP = Number(args['per-map']);
const ROUNDS = Number(args.rounds);
/** Scenarios timed together: long enough to time well, short enough that the ways meet the same load. */
const CHUNK = 10;
const OPTIONS = {
  algorithm: 'astar',
  heuristic: 'octile',
  directions: 8,
  diagonal: 'only-when-no-obstacles',
  costs: 'exact',
};
const JPS_OPTIONS = { ...OPTIONS, algorithm: 'jps' };

const PF = createRequire(join(args['node-modules'], 'bench.cjs'))('pathfinding');

/** A build's bindings, loaded as the page loads them (each build its own instance). */
async function loadEngine(dir) {
  const wasmBytes = readFileSync(join(dir, 'astar_visualizer_bg.wasm'));
  const url = pathToFileURL(join(dir, 'astar_visualizer.js'));
  url.search = dir; // another build's bindings must not be the module already loaded
  const engine = await import(url.href);
  const { memory } = engine.initSync({ module: wasmBytes });
  return { engine, memory, wasmBytes };
}
const { engine, memory, wasmBytes } = await loadEngine(args.bindings);
const baseline = args.baseline ? (await loadEngine(args.baseline)).engine : null;
const native = startWorker(args.native);

/** The native bench binary as a worker: one request line in, one answer line out. */
function startWorker(file) {
  const child = spawn(file, ['--worker'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()(line));
  child.on('exit', (code) => {
    for (const reject of waiting.splice(0)) reject(`error the native worker exited (${code})`);
  });
  return {
    async ask(request) {
      const answer = await new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${request}\n`);
      });
      if (answer.startsWith('error')) throw new Error(`native worker: ${answer}`);
      return answer;
    },
    close: () => child.stdin.end(),
  };
}

/**
 * CPU time of this process in nanoseconds. With `--single-threaded-gc` the collector works on
 * this thread, so a way's time includes the collections its own garbage causes; with helper
 * threads, PathFinding.js's garbage was still being swept during the next way's chunk.
 */
function cpuNow() {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

/** Times `search` on each scenario of a chunk; garbage left by others is collected first. */
function timeChunk(chunk, search) {
  globalThis.gc?.();
  const costs = new Array(chunk.length);
  const began = cpuNow();
  for (let i = 0; i < chunk.length; i++) costs[i] = search(chunk[i]);
  return { ns: cpuNow() - began, costs };
}

/** A .scen file's queries, read by the engine as the page reads them. */
function readScenarios(file) {
  return engine.parseScenarios(readFileSync(file, 'utf8')).map((s) => ({
    sx: s.start.x,
    sy: s.start.y,
    gx: s.goal.x,
    gy: s.goal.y,
    optimal: s.optimal,
    decimals: s.decimals,
  }));
}

/** A map's editor in a build, with where its endpoints are. */
function openEditor(build, text) {
  const editor = build.MapEditor.fromText(text);
  return { editor, at: { ...editor.start(), goal: editor.goal() } };
}

/** One map: its editor in wasm (and in the baseline build), its PathFinding.js grid and the scenarios to time. */
function loadMap(file) {
  const text = readFileSync(file, 'utf8');
  const { editor, at } = openEditor(engine, text);
  const { width, height } = editor;
  const terrain = new Uint8Array(memory.buffer, editor.terrainPtr(), width * height);
  const matrix = [];
  for (let y = 0; y < height; y++) {
    matrix.push(Array.from(terrain.subarray(y * width, (y + 1) * width), (t) => (t === 0 ? 1 : 0)));
  }
  const spare = [];
  for (let i = 0; spare.length < 3; i++) {
    if (terrain[i] !== 0) spare.push({ x: i % width, y: Math.floor(i / width) });
  }
  // The editor puts one endpoint on another only by refusal, so start = goal is left out.
  const all = readScenarios(`${file}.scen`).filter((s) => s.sx !== s.gx || s.sy !== s.gy);
  const stride = Math.ceil(all.length / PER_MAP);
  const scenarios = all.filter((_, i) => i % stride === 0);
  const grid = new PF.Grid(width, height, matrix);
  return { editor, at, baseline: baseline && openEditor(baseline, text), grid, spare, scenarios };
}

/** Moves the endpoints as a person dragging them would (the goal steps aside when the start must go where it is). */
function place(map, { editor, at }, s) {
  if (s.sx === at.goal.x && s.sy === at.goal.y) {
    const aside = map.spare.find((p) => !(p.x === s.sx && p.y === s.sy) && !(p.x === at.x && p.y === at.y));
    editor.moveGoal(aside.x, aside.y);
  }
  editor.moveStart(s.sx, s.sy);
  editor.moveGoal(s.gx, s.gy);
  at.x = s.sx;
  at.y = s.sy;
  at.goal = { x: s.gx, y: s.gy };
}

/** `build`'s search on `on` (the map's editor in that build), as the page makes it. */
function wasmSearch(map, options, build = engine, on = map) {
  return (s) => {
    place(map, on, s);
    const search = new build.Search(on.editor, options);
    search.finish();
    const cost = search.pathCost();
    search.free();
    return cost ?? null;
  };
}

/** What must not change from one build to another: cost, counters and path of each search. */
function outcomes(map, build, on) {
  return map.scenarios.map((s) => {
    place(map, on, s);
    const search = new build.Search(on.editor, OPTIONS);
    search.finish();
    const outcome = JSON.stringify([search.pathCost(), search.counters(), Array.from(search.path())]);
    search.free();
    return outcome;
  });
}

const pfAStar = new PF.AStarFinder({
  diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
  heuristic: PF.Heuristic.octile,
});
// Its default heuristic is Manhattan, which overestimates with diagonal moves.
const pfJumpPoint = new PF.JumpPointFinder({
  diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles,
  heuristic: PF.Heuristic.octile,
});

/** Length of a path given as the cells it passes through (or only its turning points). */
function pathLength(path) {
  if (path.length === 0) return null;
  let length = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(path[i][0] - path[i - 1][0]);
    const dy = Math.abs(path[i][1] - path[i - 1][1]);
    length += Math.SQRT2 * Math.min(dx, dy) + Math.abs(dx - dy);
  }
  return length;
}

function pfSearch(map, finder) {
  return (s) => pathLength(finder.findPath(s.sx, s.sy, s.gx, s.gy, map.grid.clone()));
}

async function nativeChunk(chunk) {
  const request = chunk.map((s) => `${s.sx} ${s.sy} ${s.gx} ${s.gy}`).join(' ');
  const [ns, ...costs] = (await native.ask(`run ${request}`)).split(' ');
  return { ns: Number(ns), costs: costs.map((c) => (c === '-' ? null : Number(c))) };
}

/** The ways to search, each timed on every chunk; `exact: false` ways may miss the optimum (counted). */
const WAYS = [
  { name: 'wasm', label: 'A* wasm', run: (map, chunk) => timeChunk(chunk, wasmSearch(map, OPTIONS)) },
  ...(baseline
    ? [
        {
          name: 'baseline',
          label: 'A* wasm, baseline build',
          run: (map, chunk) => timeChunk(chunk, wasmSearch(map, OPTIONS, baseline, map.baseline)),
        },
      ]
    : []),
  { name: 'pf', label: 'PathFinding.js AStarFinder', run: (map, chunk) => timeChunk(chunk, pfSearch(map, pfAStar)) },
  { name: 'native', label: 'A* native', run: (map, chunk) => nativeChunk(chunk) },
  { name: 'jps', label: 'JPS wasm', run: (map, chunk) => timeChunk(chunk, wasmSearch(map, JPS_OPTIONS)) },
  {
    name: 'pfJump',
    label: 'PathFinding.js JumpPointFinder',
    exact: false,
    run: (map, chunk) => timeChunk(chunk, pfSearch(map, pfJumpPoint)),
  },
];

/** How many costs are not the optimal length; an exact way must have none. */
function checkCosts(way, mapName, chunk, costs) {
  let missed = 0;
  chunk.forEach((s, i) => {
    const cost = costs[i];
    if (cost !== null && engine.compareWithOptimal(cost, s.optimal, s.decimals) === 0) return;
    if (way.exact !== false) {
      throw new Error(
        `${mapName}: ${way.label} found ${cost} from (${s.sx},${s.sy}) to (${s.gx},${s.gy}), optimal ${s.optimal}`,
      );
    }
    missed++;
  });
  return missed;
}

/** Milliseconds per search for each way on one map: each chunk's fastest round counts. */
async function timeMap(name, file) {
  const map = loadMap(file);
  if (baseline) {
    const ours = outcomes(map, engine, map);
    const theirs = outcomes(map, baseline, map.baseline);
    const differs = ours.findIndex((o, i) => o !== theirs[i]);
    if (differs >= 0) {
      const s = map.scenarios[differs];
      throw new Error(
        `${name}: from (${s.sx},${s.sy}) to (${s.gx},${s.gy}) this build gives ${ours[differs]}, the baseline ${theirs[differs]}`,
      );
    }
  }
  await native.ask(`map ${file}`);
  const chunks = [];
  for (let i = 0; i < map.scenarios.length; i += CHUNK) chunks.push(map.scenarios.slice(i, i + CHUNK));
  // Untimed once, so that every way's code is compiled and warm.
  for (const way of WAYS) await way.run(map, chunks[0]);
  const totals = Object.fromEntries(WAYS.map((w) => [w.name, 0]));
  let pfJumpMissed = 0;
  for (const [c, chunk] of chunks.entries()) {
    const best = {};
    for (let round = 0; round < ROUNDS; round++) {
      // A different way goes first each time, so none always meets the caches another left.
      for (let k = 0; k < WAYS.length; k++) {
        const way = WAYS[(k + c + round) % WAYS.length];
        const { ns, costs } = await way.run(map, chunk);
        const missed = checkCosts(way, name, chunk, costs);
        if (way.name === 'pfJump' && round === 0) pfJumpMissed += missed;
        best[way.name] = Math.min(best[way.name] ?? Infinity, ns);
      }
    }
    for (const way of WAYS) totals[way.name] += best[way.name];
  }
  map.editor.free();
  map.baseline?.editor.free();
  const ms = Object.fromEntries(WAYS.map((w) => [w.name, totals[w.name] / 1e6 / map.scenarios.length]));
  return { name, searches: map.scenarios.length, ...ms, pfJumpMissed };
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

const pad = (text, n) => String(text).padStart(n);
const mapFiles = readdirSync(args.maps)
  .filter((f) => f.endsWith('.map') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
if (mapFiles.length === 0) throw new Error(`no map in ${args.maps} matches ${only.join(', ')}`);

console.log(`wasm engine: ${(wasmBytes.length / 1024).toFixed(1)} KiB, loaded as the page loads it`);
console.log(
  `Up to ${PER_MAP} scenarios per map, spread over each file; ms = milliseconds of CPU time per search, ` +
    `the fastest of ${ROUNDS} rounds on each chunk of ${CHUNK}, the ways taking turns.\n`,
);
console.log(
  `${''.padEnd(29)} | ${'A*'.padEnd(50)} | JPS`,
);
console.log(
  `${'map'.padEnd(20)} ${pad('searches', 8)} | ${pad('wasm ms', 9)} ${pad('PF.js ms', 9)} ${pad('native ms', 9)} ` +
    `${pad('vs PF.js', 8)} ${pad('wasm/native', 11)} | ${pad('wasm ms', 9)} ${pad('PF.js ms', 9)} ${pad('vs PF.js', 8)} ` +
    `${pad('PF.js not optimal', 17)}`,
);
const rows = [];
for (const file of mapFiles) {
  const row = await timeMap(file.replace(/\.map$/, ''), join(args.maps, file));
  rows.push(row);
  console.log(
    `${row.name.padEnd(20)} ${pad(row.searches, 8)} | ${pad(row.wasm.toFixed(3), 9)} ${pad(row.pf.toFixed(3), 9)} ` +
      `${pad(row.native.toFixed(3), 9)} ${pad((row.pf / row.wasm).toFixed(2), 7)}x ${pad((row.wasm / row.native).toFixed(2), 10)}x | ` +
      `${pad(row.jps.toFixed(3), 9)} ${pad(row.pfJump.toFixed(3), 9)} ${pad((row.pfJump / row.jps).toFixed(2), 7)}x ` +
      `${pad(row.pfJumpMissed, 17)}`,
  );
}
native.close();
const speedUps = rows.map((r) => r.pf / r.wasm);
const wasmNative = rows.map((r) => r.wasm / r.native);
const jumpSpeedUps = rows.map((r) => r.pfJump / r.jps);
const pfJumpMissed = rows.reduce((sum, r) => sum + r.pfJumpMissed, 0);
console.log(
  `\nA* in wasm vs PathFinding.js: median ${median(speedUps).toFixed(2)}x, lowest ${Math.min(...speedUps).toFixed(2)}x ` +
    `(targets: median >= 20x, every map >= 5x)`,
);
console.log(
  `wasm / native: median ${median(wasmNative).toFixed(2)}x, highest ${Math.max(...wasmNative).toFixed(2)}x (target <= 1.3x)`,
);
console.log(
  `JPS in wasm vs PathFinding.js's JumpPointFinder: median ${median(jumpSpeedUps).toFixed(2)}x, ` +
    `lowest ${Math.min(...jumpSpeedUps).toFixed(2)}x (target: >= 10x)`,
);
if (baseline) {
  console.log('\nA* wasm, this build against the baseline build (the same turns; the same expansions and paths):');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(20)} baseline ${r.baseline.toFixed(3)} ms, ${(r.pf / r.baseline).toFixed(2)}x PF.js; ` +
        `this build ${r.wasm.toFixed(3)} ms, ${(r.pf / r.wasm).toFixed(2)}x PF.js; this / baseline ${(r.wasm / r.baseline).toFixed(3)}`,
    );
  }
  const before = rows.map((r) => r.pf / r.baseline);
  console.log(`baseline vs PathFinding.js: median ${median(before).toFixed(2)}x, lowest ${Math.min(...before).toFixed(2)}x`);
}
console.log(
  'every cost of ours and of PathFinding.js\'s AStarFinder the scenario\'s optimal length; ' +
    `JumpPointFinder's paths longer than optimal: ${pfJumpMissed} of ${rows.reduce((sum, r) => sum + r.searches, 0)}`,
);
