// The single-file build's www/engine.js: `cargo xtask dist` bundles this module in its place.
// A page opened from disk cannot fetch the .wasm, so esbuild's binary loader puts the module
// inside the bundle and it is compiled synchronously.
import { initSync, MapEditor, Search, recordLayout, parseScenarios, compareWithOptimal, finderCatalogue } from './astar_visualizer.js';
import wasmModule from './astar_visualizer_bg.wasm';

let engine = null;

/** Same contract as www/engine.js: resolves to
 * `{ MapEditor, Search, memory, recordLayout, parseScenarios, compareWithOptimal, catalogue }`. */
export async function loadEngine() {
  if (engine === null) {
    const exports = initSync({ module: wasmModule });
    engine = { MapEditor, Search, memory: exports.memory, recordLayout: recordLayout(), parseScenarios, compareWithOptimal, catalogue: finderCatalogue() };
  }
  return engine;
}
