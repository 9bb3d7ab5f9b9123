// The single-file build's www/engine.js: `cargo xtask dist` bundles this module in its place.
// A page opened from disk cannot fetch the .wasm, so esbuild's binary loader puts the module
// inside the bundle, packed with Zstandard: as base64 text the raw module would weigh 40%
// more after the page itself is gzipped, and Zstandard packs it a seventh smaller than gzip.
// fzstd (a 4 KiB decoder) unpacks it.
import { decompress } from 'fzstd';
import { initSync, MapEditor, Search, recordLayout, parseScenarios, compareWithOptimal, finderCatalogue } from './astar_visualizer.js';
import packedModule from './astar_visualizer_bg.wasm.zst';

let engine = null;

/** Same contract as www/engine.js: resolves to
 * `{ MapEditor, Search, memory, recordLayout, parseScenarios, compareWithOptimal, catalogue }`. */
export async function loadEngine() {
  if (engine === null) {
    const exports = initSync({ module: decompress(packedModule) });
    engine = { MapEditor, Search, memory: exports.memory, recordLayout: recordLayout(), parseScenarios, compareWithOptimal, catalogue: finderCatalogue() };
  }
  return engine;
}
