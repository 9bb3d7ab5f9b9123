// Loads the wasm search engine: the only module that touches the generated bindings in
// pkg/ (built by `cargo xtask serve`). The single-file build replaces this file with a
// variant that carries the wasm inline, so the rest of the page does not care which it got.
import { default as initBindings, MapEditor, Search, recordLayout, parseScenarios, compareWithOptimal, finderCatalogue } from '../pkg/astar_visualizer.js';

let engine = null;

/**
 * Resolves to `{ MapEditor, Search, memory, recordLayout, parseScenarios,
 * compareWithOptimal, catalogue }`: memory is the engine's WebAssembly.Memory, recordLayout
 * how to read a search's byte per cell, parseScenarios(text) the queries of a Moving AI
 * .scen file, compareWithOptimal(cost, optimal, decimals) -1, 0 or 1 as a cost is shorter
 * than, the same as or longer than a scenario's optimal length at the file's precision,
 * catalogue the finder catalogue (which finders exist, what each takes and emits).
 */
export async function loadEngine() {
  if (engine === null) {
    const exports = await initBindings();
    engine = { MapEditor, Search, memory: exports.memory, recordLayout: recordLayout(), parseScenarios, compareWithOptimal, catalogue: finderCatalogue() };
  }
  return engine;
}
