// What the single file's loader (./loader.js) unpacked for the page's modules besides their
// own code: the engine's wasm and the interface texts. The loader leaves them under a symbol
// of the global object before it runs the page's code; the first module to ask takes them.
const KEY = Symbol.for('astar-visualizer.unpacked');
const parts = globalThis[KEY];
delete globalThis[KEY];

/** The engine's wasm module (bytes). */
export const engineWasm = parts.engine;
/** The texts of every language (see ./texts.js), as JSON. */
export const textsJson = parts.texts;
