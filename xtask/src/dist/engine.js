// The single-file build's www/engine.js, written by `cargo xtask dist`. Pages opened from
// disk can neither fetch the .wasm nor run module scripts, so the bindings are
// wasm-bindgen's `no-modules` output and the wasm module travels inline as base64.

/* no-modules bindings */

const wasmBase64 = '/* wasm as base64 */';

let engine = null;

/** Same contract as www/engine.js: resolves to
 * `{ MapEditor, Search, memory, recordLayout, parseScenarios }`. */
export async function loadEngine() {
  if (engine === null) {
    const bytes = Uint8Array.from(atob(wasmBase64), (char) => char.charCodeAt(0));
    const exports = wasm_bindgen.initSync({ module: bytes });
    engine = {
      MapEditor: wasm_bindgen.MapEditor,
      Search: wasm_bindgen.Search,
      memory: exports.memory,
      recordLayout: wasm_bindgen.recordLayout(),
      parseScenarios: wasm_bindgen.parseScenarios,
    };
  }
  return engine;
}
