// A small QR code encoder (ISO/IEC 18004: byte mode, error correction level M, versions 1-40)
// so TOTP enrolment can answer a scannable SVG as GoTrue does, without a dependency.

/** ECC codewords per block and number of blocks for level M, by version (index 0 = v1). */
const ECC_PER_BLOCK_M = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS_M = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26,
  28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
/** Level M in the format information. */
const FORMAT_BITS_M = 0;

const eccOf = (v: number) => ECC_PER_BLOCK_M[v - 1] ?? 0;
const blocksOf = (v: number) => BLOCKS_M[v - 1] ?? 1;

/** Modules available for data and ECC bits once function patterns are placed. */
function rawDataModules(v: number): number {
  let n = (16 * v + 128) * v + 64;
  if (v >= 2) {
    const align = Math.floor(v / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (v >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (v: number) => Math.floor(rawDataModules(v) / 8) - eccOf(v) * blocksOf(v);

// GF(256) arithmetic with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
function gfMul(a: number, b: number): number {
  let r = 0;
  for (let i = 7; i >= 0; i--) {
    r = (r << 1) ^ ((r >>> 7) * 0x11d);
    r ^= ((b >>> i) & 1) * a;
  }
  return r & 0xff;
}

function rsGenerator(degree: number): number[] {
  const g = new Array<number>(degree).fill(0);
  g[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      g[j] = gfMul(g[j] ?? 0, root) ^ (g[j + 1] ?? 0);
    }
    root = gfMul(root, 0x02);
  }
  return g;
}

function rsRemainder(data: number[], gen: number[]): number[] {
  const r = new Array<number>(gen.length).fill(0);
  for (const b of data) {
    const factor = b ^ (r.shift() ?? 0);
    r.push(0);
    gen.forEach((coef, i) => {
      r[i] = (r[i] ?? 0) ^ gfMul(coef, factor);
    });
  }
  return r;
}

/** Data bits -> codewords with ECC, split into blocks and interleaved. */
function codewords(bytes: Uint8Array, v: number): number[] {
  const capacity = dataCodewords(v);
  const bits: number[] = [];
  const put = (value: number, len: number) => {
    for (let i = len - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, v <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  }
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);

  const numBlocks = blocksOf(v);
  const ecc = eccOf(v);
  const total = Math.floor(rawDataModules(v) / 8);
  const numShort = numBlocks - (total % numBlocks);
  const shortLen = Math.floor(total / numBlocks);
  const gen = rsGenerator(ecc);
  const blocks: Array<{ data: number[]; ecc: number[] }> = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const len = shortLen - ecc + (i < numShort ? 0 : 1);
    const d = data.slice(k, k + len);
    k += len;
    blocks.push({ data: d, ecc: rsRemainder(d, gen) });
  }
  const out: number[] = [];
  const longest = shortLen - ecc + 1;
  for (let i = 0; i < longest; i++)
    for (const b of blocks) if (i < b.data.length) out.push(b.data[i]!);
  for (let i = 0; i < ecc; i++) for (const b of blocks) out.push(b.ecc[i]!);
  return out;
}

class Matrix {
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  /** Sets a function-pattern module at column x, row y. */
  set(x: number, y: number, dark: boolean): void {
    this.dark[y]![x] = dark;
    this.fixed[y]![x] = true;
  }
}

function alignmentPositions(v: number): number[] {
  if (v === 1) return [];
  const count = Math.floor(v / 7) + 2;
  const step = v === 32 ? 26 : Math.ceil((v * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = v * 4 + 17 - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

function drawFunctionPatterns(m: Matrix, v: number): void {
  const n = m.size;
  for (let i = 0; i < n; i++) {
    m.set(6, i, i % 2 === 0);
    m.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [n - 4, 3],
    [3, n - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= n || y >= n) continue;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        m.set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const pos = alignmentPositions(v);
  const last = pos.length - 1;
  pos.forEach((cx, i) =>
    pos.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          m.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }),
  );
  drawFormatBits(m, 0); // reserves the format areas; redrawn with the chosen mask
  if (v >= 7) {
    let rem = v;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (v << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const bit = ((bits >>> i) & 1) === 1;
      const a = n - 11 + (i % 3);
      const b = Math.floor(i / 3);
      m.set(a, b, bit);
      m.set(b, a, bit);
    }
  }
}

function drawFormatBits(m: Matrix, mask: number): void {
  const data = (FORMAT_BITS_M << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const n = m.size;
  for (let i = 0; i <= 5; i++) m.set(8, i, bit(i));
  m.set(8, 7, bit(6));
  m.set(8, 8, bit(7));
  m.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) m.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) m.set(n - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) m.set(8, n - 15 + i, bit(i));
  m.set(8, n - 8, true);
}

function drawData(m: Matrix, data: number[]): void {
  const n = m.size;
  let i = 0;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < n; vert++) {
      const y = upward ? n - 1 - vert : vert;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (m.fixed[y]![x] || i >= data.length * 8) continue;
        m.dark[y]![x] = ((data[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function applyMask(m: Matrix, mask: number): void {
  const f = MASKS[mask]!;
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.fixed[y]![x] && f(x, y)) m.dark[y]![x] = !m.dark[y]![x];
    }
  }
}

/** The standard's penalty rules, used only to pick the most readable mask. */
function penalty(m: Matrix): number {
  const n = m.size;
  const at = (x: number, y: number) => m.dark[y]![x]!;
  let score = 0;
  const lines = (get: (i: number, j: number) => boolean) => {
    for (let i = 0; i < n; i++) {
      let run = 1;
      const line: boolean[] = [];
      for (let j = 0; j < n; j++) {
        line.push(get(i, j));
        if (j > 0 && get(i, j) === get(i, j - 1)) {
          run++;
          if (run === 5) score += 3;
          else if (run > 5) score += 1;
        } else run = 1;
      }
      // 1:1:3:1:1 finder-like patterns with four light modules on one side.
      const s = line.map((d) => (d ? '1' : '0')).join('');
      for (const pat of ['00001011101', '10111010000']) {
        for (let k = s.indexOf(pat); k >= 0; k = s.indexOf(pat, k + 1)) score += 40;
      }
    }
  };
  lines((i, j) => at(j, i));
  lines((i, j) => at(i, j));
  let dark = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (at(x, y)) dark++;
      if (x < n - 1 && y < n - 1) {
        const c = at(x, y);
        if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3;
      }
    }
  }
  const total = n * n;
  score += 10 * Math.max(0, Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1);
  return score;
}

/** The QR module matrix (true = dark) for `text`; `mask` forces a mask pattern (0-7). */
export function qrMatrix(text: string, mask?: number): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  let v = 1;
  while (v <= 40 && 4 + (v <= 9 ? 8 : 16) + bytes.length * 8 > dataCodewords(v) * 8) v++;
  if (v > 40) throw new Error('text too long for a QR code');
  const data = codewords(bytes, v);
  const build = (k: number) => {
    const m = new Matrix(v * 4 + 17);
    drawFunctionPatterns(m, v);
    drawData(m, data);
    applyMask(m, k);
    drawFormatBits(m, k);
    return m;
  };
  if (mask !== undefined) return build(mask).dark;
  let best: Matrix | null = null;
  let bestScore = Infinity;
  for (let k = 0; k < 8; k++) {
    const m = build(k);
    const s = penalty(m);
    if (s < bestScore) {
      best = m;
      bestScore = s;
    }
  }
  return best!.dark;
}

/**
 * An SVG rendering with the four-module quiet zone scanners expect. No "#" anywhere: clients
 * put this markup unescaped into a data: URI, where "#" would start the fragment.
 */
export function qrSvg(text: string, moduleSize = 4): string {
  const matrix = qrMatrix(text);
  const n = matrix.length + 8;
  let d = '';
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 1;
      while (row[x + run]) run++;
      d += `M${x + 4} ${y + 4}h${run}v1h-${run}z`;
      x += run;
    }
  });
  const px = n * moduleSize;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="white"/><path fill="black" d="${d}"/></svg>`
  );
}
