// The single-file build's www/engine.js: `cargo xtask dist` bundles this module in its place.
// A page opened from disk cannot fetch the .wasm, so the file carries it, packed with the
// page's code (./loader.js), which hands it over through ./parts.js.
import { initSync, MapEditor, Search, recordLayout, parseScenarios, compareWithOptimal, finderCatalogue } from './astar_visualizer.js';
import { engineWasm } from './parts.js';

let engine = null;

/** Same contract as www/engine.js: resolves to
 * `{ MapEditor, Search, memory, recordLayout, parseScenarios, compareWithOptimal, catalogue }`. */
export async function loadEngine() {
  if (engine === null) {
    const exports = initSync({ module: engineWasm });
    engine = { MapEditor, Search, memory: exports.memory, recordLayout: recordLayout(), parseScenarios, compareWithOptimal, catalogue: finderCatalogue() };
  }
  return engine;
}
