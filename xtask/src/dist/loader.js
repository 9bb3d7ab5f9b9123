// The single file's inline module script: everything else the page runs (its code, the
// engine's wasm, the interface texts, the stylesheets) is one LZMA stream, a quarter of its
// size, that this unpacks and starts. The page's code runs as a module from a blob: URL, so its top-level
// await and its order of initialisation stay as in the served page (where a site's
// Content-Security-Policy refuses blob: scripts, the served page is the one to use).
// `cargo xtask dist` writes the stream as base64 in place of PACKED, laid out as: the
// stylesheets', the texts' and the code's lengths (u32, little-endian), the stylesheets
// (parted by NULs), the texts, the code, the wasm. The stylesheets go into the empty <style
// data-packed> elements left in their places, the first of which hides the body meanwhile.
import { unpack } from './unpack.js';

const PACKED = '@PACKED@';
// No texts of the page can be read when this fails, so the message carries both languages.
const DAMAGED = 'This file is damaged and cannot open; download it again. 此文件已损坏，无法打开，请重新下载。';
const REFUSED = 'The page could not start its code. 页面无法运行其代码。';

const places = document.querySelectorAll('style[data-packed]');

/** Shows `text` (and the error's own words) in the page's message area. */
function fail(text, error) {
  document.getElementById('message-text').textContent = `${text} (${error.message})`;
  document.getElementById('message').hidden = false;
  throw error;
}

let code;
try {
  const bytes = unpack(Uint8Array.from(atob(PACKED), (c) => c.charCodeAt(0)));
  const lengths = new DataView(bytes.buffer, bytes.byteOffset, 12);
  const stylesEnd = 12 + lengths.getUint32(0, true);
  const textsEnd = stylesEnd + lengths.getUint32(4, true);
  const codeEnd = textsEnd + lengths.getUint32(8, true);
  if (codeEnd > bytes.length) throw new Error('the packed data is damaged');
  const styles = new TextDecoder().decode(bytes.subarray(12, stylesEnd)).split('\0');
  if (styles.length !== places.length) throw new Error('the packed data is damaged');
  code = bytes.subarray(textsEnd, codeEnd);
  globalThis[Symbol.for('astar-visualizer.unpacked')] = {
    texts: new TextDecoder().decode(bytes.subarray(stylesEnd, textsEnd)),
    engine: bytes.subarray(codeEnd),
  };
  places.forEach((place, index) => {
    place.textContent = styles[index];
  });
} catch (error) {
  // Unstyled but seen: the body is no longer hidden.
  places[0].textContent = '';
  fail(DAMAGED, error);
}
const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
try {
  await import(url);
} catch (error) {
  fail(REFUSED, error);
} finally {
  URL.revokeObjectURL(url);
}
