import { mazeText, randomWallsText } from './mapgen.js';

// The built-in example maps. The first three are the worked examples of the classic
// tutorials, in their own text formats: O X S E (ground, wall, start, end) and . + s d
// (ground, wall, source, destination); digits are terrain weights. `options` are the search
// options the example is meant to be seen with (on top of the defaults): the tutorials'
// own movement rules. Their names are in the string files, as `example.<id>`.
export const EXAMPLES = [
  {
    id: 'tutorial-wall',
    options: { diagonal: 'always' },
    text: `OOOOOOOO
OOOOXOOO
OOSOXOEO
OOOOXOOO
OOOOOOOO
OOOOOOOO`,
  },
  {
    id: 'tutorial-pockets',
    options: { diagonal: 'always' },
    text: `OXXXXOOO
OXOOXOOO
OOSOXOEX
OOOOXXXO
OOOXOXOO
OOOOOOOO`,
  },
  {
    id: 'tutorial-dots',
    options: { directions: 4 },
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
