// The single-file build's www/engine.js: `cargo xtask dist` bundles this module in its place.
// A page opened from disk cannot fetch the .wasm, so esbuild's binary loader puts the module
// inside the bundle, gzipped: as base64 text the raw module would weigh a third more again
// after the page itself is gzipped. The browser unpacks it with its own DecompressionStream.
import { initSync, MapEditor, Search, recordLayout, parseScenarios, compareWithOptimal, finderCatalogue } from './astar_visualizer.js';
import packedModule from './astar_visualizer_bg.wasm.gz';

let engine = null;

/** Same contract as www/engine.js: resolves to
 * `{ MapEditor, Search, memory, recordLayout, parseScenarios, compareWithOptimal, catalogue }`. */
export async function loadEngine() {
  if (engine === null) {
    if (typeof DecompressionStream !== 'function') {
      throw new Error('this browser cannot unpack the engine (it has no DecompressionStream); a current Chrome, Edge, Firefox or Safari can');
    }
    const unpacked = new Blob([packedModule]).stream().pipeThrough(new DecompressionStream('gzip'));
    const exports = initSync({ module: await new Response(unpacked).arrayBuffer() });
    engine = { MapEditor, Search, memory: exports.memory, recordLayout: recordLayout(), parseScenarios, compareWithOptimal, catalogue: finderCatalogue() };
  }
  return engine;
}
