// Unpacks the single-file page's code, engine and texts (./loader.js): a .lzma stream ("LZMA
// alone": size unknown, an end marker) as `cargo xtask dist` writes it. LZMA packs the wasm a
// tenth smaller than Zstandard (the texts a seventh smaller than gzip). The decoder is lzma1's, a maintained
// fork of LZMA-JS: LZMA-JS's own decoder-only build is as small but takes twice as long on
// the engine (docs/benchmarks.md, "Unpacking the single file"). lzma1's package exports only
// the whole library, whose encoder would add 10 KiB gzipped, so the import map (index.html)
// reaches the decoder's own files, which stay where they are in the pinned version.
import { Decoder } from 'lzma1/lib/decoder.js';
import { InputBuffer, OutputBuffer } from 'lzma1/lib/streams.js';

/** The packed bytes as a stream that refuses to be read past its end: a whole stream never
 * is, and lzma1 would read on past a cut one (as -1s) into wrong bytes. */
class WholeInput extends InputBuffer {
  readByte() {
    if (this.pos >= this.count) throw new Error('the packed data is damaged');
    return super.readByte();
  }
}

/** The bytes packed in `packed` (a Uint8Array holding a .lzma stream). */
export function unpack(packed) {
  // LZMA packs the page's parts to about a quarter (its code to less): room for most of them
  // before the buffer grows once.
  const output = new OutputBuffer(packed.length * 4);
  new Decoder().decompress(new WholeInput(packed), output);
  return output.toArray();
}
