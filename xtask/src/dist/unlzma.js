// Unpacks the single-file page's engine and texts: an LZMA stream in the .lzma ("LZMA
// alone") layout whose header gives the unpacked size, as `cargo xtask dist` writes it. LZMA
// packs the wasm a tenth smaller than Zstandard (the texts a seventh smaller than gzip), and
// this decoder is smaller than a Zstandard one.
// It follows the LZMA specification (the LZMA SDK's lzma-specification.txt) for one whole
// stream in memory: the output array is the dictionary.

// Where each group of probabilities starts in one array (their counts are the spec's).
const IS_MATCH = 0; // 12 states x 16 position states
const IS_REP = 192; // then IS_REP_G0, IS_REP_G1, IS_REP_G2: 12 states each
const IS_REP0_LONG = 240; // 12 x 16
const POS_SLOT = 432; // 4 length states x 64
const SPEC_POS = 688; // 115 (indexed from 1, as the spec's reverse trees are)
const ALIGN = 803; // 16
const MATCH_LEN = 819; // a length coder (514): choice, choice 2, low 16 x 8, mid 16 x 8, high 256
const REP_LEN = 1333;
const LITERAL = 1847; // 0x300 per literal context

/** The bytes packed in `input` (a Uint8Array holding a .lzma stream with its size). */
export function unlzma(input) {
  let props = input[0];
  const lc = props % 9;
  props = (props / 9) | 0;
  const lp = props % 5;
  const pb = (props / 5) | 0;
  let size = 0;
  for (let i = 12; i >= 5; i--) size = size * 256 + input[i];
  const out = new Uint8Array(size);
  const probs = new Uint16Array(LITERAL + (0x300 << (lc + lp))).fill(1024);

  // The range decoder: `range` and `code` stay below 2^32 as plain numbers.
  let at = 14; // the header's 13 bytes, then the coder's first byte, always 0
  let range = 0xffffffff;
  let code = 0;
  for (let i = 0; i < 4; i++) code = code * 256 + input[at++];
  const normalise = () => {
    if (range < 0x1000000) {
      range *= 256;
      code = code * 256 + input[at++];
    }
  };
  const bit = (i) => {
    const p = probs[i];
    const bound = (range >>> 11) * p;
    if (code < bound) {
      range = bound;
      probs[i] = p + ((2048 - p) >> 5);
      normalise();
      return 0;
    }
    range -= bound;
    code -= bound;
    probs[i] = p - (p >> 5);
    normalise();
    return 1;
  };
  const tree = (base, bits) => {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) | bit(base + m);
    return m - (1 << bits);
  };
  const reverseTree = (base, bits) => {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(base + m);
      m = (m << 1) | b;
      symbol |= b << i;
    }
    return symbol;
  };
  const direct = (bits) => {
    let value = 0;
    for (let i = 0; i < bits; i++) {
      range = range >>> 1;
      let b = 0;
      if (code >= range) {
        code -= range;
        b = 1;
      }
      value = value * 2 + b;
      normalise();
    }
    return value;
  };
  // A match length less 2 (0 to 271).
  const length = (base, posState) => {
    if (bit(base) === 0) return tree(base + 2 + (posState << 3), 3);
    if (bit(base + 1) === 0) return 8 + tree(base + 130 + (posState << 3), 3);
    return 16 + tree(base + 258, 8);
  };

  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let pos = 0;
  while (pos < size) {
    const posState = pos & pbMask;
    if (bit(IS_MATCH + (state << 4) + posState) === 0) {
      const previous = pos > 0 ? out[pos - 1] : 0;
      const base = LITERAL + 0x300 * (((pos & lpMask) << lc) + (previous >> (8 - lc)));
      let symbol = 1;
      if (state >= 7) {
        // After a match the literal is coded against the byte the match would have given.
        let matchByte = out[pos - rep0 - 1];
        while (symbol < 0x100) {
          const matchBit = (matchByte >> 7) & 1;
          matchByte <<= 1;
          const b = bit(base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (matchBit !== b) break;
        }
      }
      while (symbol < 0x100) symbol = (symbol << 1) | bit(base + symbol);
      out[pos++] = symbol - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (bit(IS_REP + state) === 0) {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = length(MATCH_LEN, posState);
      state = state < 7 ? 7 : 10;
      const slot = tree(POS_SLOT + (Math.min(len, 3) << 6), 6);
      if (slot < 4) {
        rep0 = slot;
      } else {
        const bits = (slot >> 1) - 1;
        rep0 = (2 | (slot & 1)) * 2 ** bits;
        if (slot < 14) rep0 += reverseTree(SPEC_POS + rep0 - slot, bits);
        else rep0 += direct(bits - 4) * 16 + reverseTree(ALIGN, 4);
      }
      // A distance past what has been written is the end marker (or a damaged stream).
      if (rep0 >= pos) break;
    } else {
      if (bit(IS_REP + 12 + state) === 0) {
        if (bit(IS_REP0_LONG + (state << 4) + posState) === 0) {
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let distance;
        if (bit(IS_REP + 24 + state) === 0) {
          distance = rep1;
        } else {
          if (bit(IS_REP + 36 + state) === 0) {
            distance = rep2;
          } else {
            distance = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = distance;
      }
      len = length(REP_LEN, posState);
      state = state < 7 ? 8 : 11;
    }
    for (let end = Math.min(pos + len + 2, size); pos < end; pos++) out[pos] = out[pos - rep0 - 1];
  }
  // A stream cut short reads past its end (as undefined) rather than stopping.
  if (pos < size || at > input.length) throw new Error('the packed data is damaged');
  return out;
}
