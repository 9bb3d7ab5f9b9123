import { mazeText, randomWallsText } from './mapgen.js';

// The built-in example maps. The first four are the worked examples of the classic
// tutorials, in their own text formats: O X S E (ground, wall, start, end) and . + s d
// (ground, wall, source, destination); digits are terrain weights. `options` are the search
// options the example is meant to be seen with (on top of the defaults): for a tutorial's
// map, that tutorial's own rules (heuristic, movement, diagonal rule, costs, the way its
// open list breaks ties, the order it examines neighbours in and when it stops at the goal),
// so every number and the path on screen are those printed in its text. Their names and what
// they show are in the string files, as `example.<id>` and `example.about.<id>`.

// The first C++ tutorial: 8 directions, diagonals never blocked, 10/14 costs, Manhattan H
// (x10). Its open list is a vector scanned with `F <=`, so of equal F the last added wins;
// it looks left (left, up-left, down-left), then right, then up and down.
const FIRST_CPP_TUTORIAL = {
  directions: 8, diagonal: 'always', costs: '10-14', heuristic: 'manhattan', tieBreak: 'last-in', neighbourOrder: 'left-then-right',
};
// The multimap tutorial: 4 directions, every step costs 1, Manhattan H; its open list is a
// std::multimap keyed by F, so of equal F the first added comes out first. It examines the
// neighbours left, right, up, down and returns as soon as one of them is the goal.
const MULTIMAP_TUTORIAL = {
  directions: 4, costs: 'exact', heuristic: 'manhattan', tieBreak: 'first-in', neighbourOrder: 'left-right-up-down', goalTest: 'first-reached',
};
// The C# tutorial: 8 directions with no corner check, 10/14 costs, the diagonal (octile)
// distance, neighbours by two nested loops, x then y from -1 to 1 with y upwards. Of equal F
// it "picks either"; its figures took the larger G, the default.
const CSHARP_TUTORIAL = { directions: 8, diagonal: 'always', costs: '10-14', heuristic: 'octile', neighbourOrder: 'columns-bottom-up' };

const HEX = { topology: 'hex' };

export const EXAMPLES = [
  {
    id: 'tutorial-wall',
    options: FIRST_CPP_TUTORIAL,
    text: `OOOOOOOO
OOOOXOOO
OOSOXOEO
OOOOXOOO
OOOOOOOO
OOOOOOOO`,
  },
  {
    // The same map with tutorial 000's blink: a move of two cells may jump one wall, at its
    // length plus a penalty (the engine's default, 1 step): 10 + 30 + 10 through the wall
    // against 56 round it.
    id: 'tutorial-blink',
    options: { directions: 'blink' },
    text: `OOOOOOOO
OOOOXOOO
OOSOXOEO
OOOOXOOO
OOOOOOOO
OOOOOOOO`,
  },
  {
    id: 'tutorial-pockets',
    options: FIRST_CPP_TUTORIAL,
    text: `OXXXXOOO
OXOOXOOO
OOSOXOEX
OOOOXXXO
OOOXOXOO
OOOOOOOO`,
  },
  {
    id: 'tutorial-dots',
    options: MULTIMAP_TUTORIAL,
    text: `..............
.....++++++++.
....s+.....++.
.....+...d.+..
.....+.....+.+
.....+++++.+..
.....+.....++.
.....+.++++++.
.....+........`,
  },
  {
    // Its (0,0) is the bottom-left cell: start (0,1), goal (3,1), walls (1,1) and (1,2).
    id: 'tutorial-csharp',
    options: CSHARP_TUTORIAL,
    text: `OOOO
OXOO
SXOE
OOOO`,
  },
  {
    // Dijkstra stopping on reaching: 80 where the shortest path costs 78.
    id: 'goal-test',
    options: { algorithm: 'dijkstra', goalTest: 'first-reached' },
    text: `OOOOOO
XXOOOO
SXOOXE
OXOOXO
OOOOOO`,
  },
  {
    id: 'u-trap',
    text: `OOOOOOOOOOOOOOOOOOOOOOOO
OOOOOOOOOOOOOOOOOOOOOOOO
OOOOOOOOOOOOOOOOOOOOOOOO
OOOOOOOOOXXXXXXXOOOOOOOO
OOOOOOOOOOOOOOOXOOOOOOOO
OOOOOOOOOOOOOOOXOOOOOOOO
OOOOOOOOOOOOOOOXOOOOOOOO
OOOOOSOOOOOOOOOXOOOOEOOO
OOOOOOOOOOOOOOOXOOOOOOOO
OOOOOOOOOOOOOOOXOOOOOOOO
OOOOOOOOOXXXXXXXOOOOOOOO
OOOOOOOOOOOOOOOOOOOOOOOO
OOOOOOOOOOOOOOOOOOOOOOOO
OOOOOOOOOOOOOOOOOOOOOOOO`,
  },
  {
    id: 'swamp',
    text: `OOOOOOOOOOOOOOOOOOOO
OOOOOOOOOOOOOOOOOOOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO
OOSOOOOO3553OOOOOEOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO
OOOOOOOO3553OOOOOOOO`,
  },
  {
    id: 'no-path',
    text: `OOOOOOOOOOOO
OOOOOOXXXXXO
OOOOOOXOOOXO
OOOOOOXOEOXO
OOSOOOXOOOXO
OOOOOOXOOOXO
OOOOOOXXXXXO
OOOOOOOOOOOO`,
  },
  {
    // Koenig and Likhachev's small example (IEEE T-RO 2005, Figures 6-7), before the wall in
    // the middle is known: 8 directions, unit costs, the paper's key order; cost 4 either way.
    id: 'dstar-paper',
    options: { algorithm: 'dstar-lite', directions: 8, costs: 'unit', tieBreak: 'smaller-g' },
    text: `OOOOO
SOOOE
OOOOO`,
    change: [[2, 1]],
  },
  {
    // tests/maps/dynamic/detour_20x15.txt with a gap on the straight line; closing it leaves
    // only the bottom row.
    id: 'dstar-detour',
    options: { algorithm: 'dstar-lite' },
    text: `OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOOOOOOOOOOO
SOOOOOOOOOOOOOOOOOOE
OOOOOOOOOOOOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOXOOOOOOOOO
OOOOOOOOOOOOOOOOOOOO`,
    change: [[10, 6], [10, 7], [10, 8]],
  },
  // Hexes (pointy-top, axial coordinates: each row drawn half a hex right of the one above;
  // see docs/map-formats.md). Six moves of 10 each; the hex distance is the heuristic.
  {
    id: 'hex-maze',
    options: HEX,
    text: `hex
s . . . + . . . . . + . . . .
 . . . . + . . + . . + . . . .
  . + + . + . . + . . + . + + .
   . . + . + . + + . . . . + . .
    . . + . . . + . . + + . + . .
     + . + + + . + . . + . . + . +
      . . . . + . + . + + . + + . .
       . + + . . . + . . . . + . . .
        . . . . + . . . + . . + . . d`,
  },
  {
    // A marsh (weight 4) between start and goal, a causeway (weight 2) through it: A* weighs
    // the way round against the way across.
    id: 'hex-terrain',
    options: HEX,
    text: `hex
. . . . . . . . . . . .
 . . . . . 4 4 4 . . . .
  . . . . 4 4 4 4 . . . .
   s . . . 2 2 2 2 . . . d
    . . . . 4 4 4 4 . . . .
     . . . . . 4 4 4 . . . .
      . . . . . . . . . . . .`,
  },
  {
    // D* Lite on hexes: a wall with one gap; closing it sends the agent round the end.
    id: 'hex-detour',
    options: { ...HEX, algorithm: 'dstar-lite' },
    text: `hex
. . . . . . + . . . . .
 . . . . . . + . . . . .
  . . . . . . + . . . . .
   s . . . . . . . . . . d
    . . . . . . + . . . . .
     . . . . . . + . . . . .
      . . . . . . + . . . . .
       . . . . . . . . . . . .`,
    change: [[6, 3]],
  },
  { id: 'maze', options: { directions: 4 }, build: () => mazeText(31, 21, 7) },
  { id: 'random-64', build: () => randomWallsText(64, 64, 0.3, 11) },
  { id: 'random-16', options: { directions: 16 }, build: () => randomWallsText(40, 30, 0.2, 16) },
  { id: 'random-32', options: { directions: 32 }, build: () => randomWallsText(40, 30, 0.2, 32) },
  { id: 'maze-255', options: { directions: 4 }, build: () => mazeText(255, 255, 3) },
  { id: 'random-512', build: () => randomWallsText(512, 512, 0.25, 5) },
];

// The walls an example's change puts up (`change`: [x, y] cells), its button named
// `example.change.<id>`; null for an example without one.
export function exampleChange(id) {
  return EXAMPLES.find((e) => e.id === id)?.change ?? null;
}

// Whether an example's change is on the map `editor` holds: every one of its cells a wall.
export function changeMade(editor, id) {
  const cells = exampleChange(id);
  return cells !== null && cells.every(([x, y]) => x < editor.width && y < editor.height && editor.terrainAt(x, y) === 0);
}

// The example's map text and its search options.
export function openExample(id) {
  const example = EXAMPLES.find((e) => e.id === id);
  return { text: example.text ?? example.build(), options: example.options ?? {} };
}
