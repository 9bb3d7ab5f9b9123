// The single-file build's www/engine.js: `cargo xtask dist` bundles this module in its place.
// A page opened from disk cannot fetch the .wasm, so esbuild's binary loader puts the module
// inside the bundle, packed with LZMA: as base64 text the raw module would weigh 40% more
// after the page itself is gzipped, and LZMA packs it a quarter smaller than gzip (a tenth
// smaller than Zstandard at its strongest). ./unpack.js unpacks it.
import { unpack } from './unpack.js';
import { initSync, MapEditor, Search, recordLayout, parseScenarios, compareWithOptimal, finderCatalogue } from './astar_visualizer.js';
import packedModule from './astar_visualizer_bg.wasm.lzma';

let engine = null;

/** Same contract as www/engine.js: resolves to
 * `{ MapEditor, Search, memory, recordLayout, parseScenarios, compareWithOptimal, catalogue }`. */
export async function loadEngine() {
  if (engine === null) {
    const exports = initSync({ module: unpack(packedModule) });
    engine = { MapEditor, Search, memory: exports.memory, recordLayout: recordLayout(), parseScenarios, compareWithOptimal, catalogue: finderCatalogue() };
  }
  return engine;
}
