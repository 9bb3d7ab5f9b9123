import { mazeText, randomWallsText } from './mapgen.js';

// The built-in example maps. The first three are the worked examples of the classic
// tutorials, in their own text formats: O X S E (ground, wall, start, end) and . + s d
// (ground, wall, source, destination); digits are terrain weights. `options` are the search
// options the example is meant to be seen with (on top of the defaults): for a tutorial's
// map, that tutorial's own rules (heuristic, movement, diagonal rule, costs, and the way its
// open list breaks ties), so every number on screen is the number in its text. Their names
// and what they show are in the string files, as `example.<id>` and `example.about.<id>`.

// The first C++ tutorial: 8 directions, diagonals never blocked, 10/14 costs, Manhattan H
// (x10). Its open list is a vector scanned with `F <=`, so of equal F the last added wins.
const FIRST_CPP_TUTORIAL = { directions: 8, diagonal: 'always', costs: '10-14', heuristic: 'manhattan', tieBreak: 'last-in' };
// The multimap tutorial: 4 directions, every step costs 1, Manhattan H; its open list is a
// std::multimap keyed by F, so of equal F the first added comes out first.
const MULTIMAP_TUTORIAL = { directions: 4, costs: 'exact', heuristic: 'manhattan', tieBreak: 'first-in' };

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
  { id: 'maze', options: { directions: 4 }, build: () => mazeText(31, 21, 7) },
  { id: 'random-64', build: () => randomWallsText(64, 64, 0.3, 11) },
  { id: 'maze-255', options: { directions: 4 }, build: () => mazeText(255, 255, 3) },
  { id: 'random-512', build: () => randomWallsText(512, 512, 0.25, 5) },
];

// The example's map text and its search options.
export function openExample(id) {
  const example = EXAMPLES.find((e) => e.id === id);
  return { text: example.text ?? example.build(), options: example.options ?? {} };
}
