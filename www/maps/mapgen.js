// Generated example maps, in the O X S E text format. Seeded, so an example looks the same
// on every visit (and in a shared link that names it).

// mulberry32: a small, fast, well-spread 32-bit generator; plenty for map making.
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function toText(rows) {
  return rows.map((row) => row.join('')).join('\n');
}

// A perfect maze (one route between any two cells) carved by a depth-first walk on the odd
// cells; width and height should be odd. Start top-left, goal bottom-right.
export function mazeText(width, height, seed) {
  const random = seededRandom(seed);
  const rows = Array.from({ length: height }, () => new Array(width).fill('X'));
  const stack = [[1, 1]];
  rows[1][1] = 'O';
  const steps = [[2, 0], [-2, 0], [0, 2], [0, -2]];
  while (stack.length > 0) {
    const [x, y] = stack[stack.length - 1];
    const options = steps
      .map(([dx, dy]) => [x + dx, y + dy, dx, dy])
      .filter(([nx, ny]) => nx > 0 && ny > 0 && nx < width - 1 && ny < height - 1 && rows[ny][nx] === 'X');
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const [nx, ny, dx, dy] = options[Math.floor(random() * options.length)];
    rows[y + dy / 2][x + dx / 2] = 'O';
    rows[ny][nx] = 'O';
    stack.push([nx, ny]);
  }
  rows[1][1] = 'S';
  rows[height - 2][width - 2] = 'E';
  return toText(rows);
}

// Walls scattered with the given density, start and goal in opposite corners.
export function randomWallsText(width, height, density, seed) {
  const random = seededRandom(seed);
  const rows = Array.from({ length: height }, () =>
    Array.from({ length: width }, () => (random() < density ? 'X' : 'O')));
  rows[1][1] = 'S';
  rows[height - 2][width - 2] = 'E';
  return toText(rows);
}
