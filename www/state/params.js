/*
 * URL parameters, for links and for embedding the page in an <iframe>. All are optional;
 * a wrong one gets a message on the page and is ignored. The finders and the values of the
 * search options are the engine's (its finder catalogue, listed by `astar finders`):
 *
 *   algorithm   a finder's id, e.g. astar, dijkstra, jps, idastar, bi-astar
 *                                          (default: the catalogue's first finder, astar)
 *   heuristic   manhattan | octile | euclidean | euclidean-up | chebyshev | zero | hex
 *               (default: octile with 8 directions, manhattan with 4, hex on hexes)
 *   weight      heuristic weight w in f = g + w*h, 0 to 100, for a finder that takes one
 *                                                                             (default 1)
 *   nodeLimit   visited nodes before a finder that takes a limit gives up (IDA*), from 1
 *                                                                       (default 1000000)
 *   topology    square | hex: square cells, or pointy-top hexes with six neighbours in
 *               axial coordinates (q, r), row r drawn half a hex right of row r-1
 *                                                                      (default square)
 *   directions  4 | 8 | 16 | 32 | blink                                       (default 8)
 *   blinkCost   what a blink costs beyond its length, in straight steps (the engine's
 *               limits: 0 to 10, default 1), with directions=blink
 *   diagonal    always | if-at-most-one-obstacle | only-when-no-obstacles | never
 *                                                          (default if-at-most-one-obstacle)
 *   costs       10-14 | exact | unit                                          (default 10-14)
 *   tieBreak    larger-g | smaller-g | first-in | last-in                     (default larger-g)
 *   goalTest    off-open | first-reached: stop when the goal leaves the open list, or as
 *               soon as an expansion reaches it (best-first finders)         (default off-open)
 *   neighbourOrder  clockwise | left-right-up-down | left-then-right | columns-bottom-up | n-s-e-w:
 *               the order a node's neighbours are examined in (best-first finders)
 *                                                                      (default clockwise)
 *   map         the map as text with rows separated by "/", in the O X S E format
 *               (O ground, X wall, S start, E goal) or the . + s d format; digits 1-9 are
 *               terrain weights. A "+" stays a "+" (it is not read as a space).
 *               Example: map=OOOOO/OSXEO/OOOOO
 *   example     one of the built-in examples by id (see www/maps/examples.js), e.g. tutorial-wall;
 *               with map= too, that map (the example changed) under the example's note
 *   size        WxH for the default scene (start, wall, goal), e.g. size=20x12 (2..512)
 *   speed       expansions per second, above 0 and at most 60000, or "max"     (default 5)
 *   autoplay    1 to start playing as soon as the page opens
 *   step        open at this step of the search (0 = not started), a whole number
 *   embed       1 to show only the map, the playback controls and the counters, fitted to
 *               the frame whatever its size; the page posts its ideal height to the host
 *   controls    none | play | full: which controls an embedded page shows       (default play)
 *   id          a name for an embedded page's height messages, so that a host with several
 *               frames knows which one asks (letters, digits, - _ . :, up to 64)
 *   legend      1 to show the legend in an embedded page
 *   log         1 to show the latest step in words in an embedded page
 *   theme       light | dark: the page's colours, so an embed matches its post
 *                                              (default: the reader's system setting)
 *   origin      top-left | bottom-left | top-left-1: where (0,0) is when cells are written
 *               (top-left-1: (1,1) at the top left), for this view (default: the visitor's)
 *   lesson      a lesson to open: a built-in lesson's name (e.g. heuristics) or a lesson
 *               file packed by the page (~ then deflated URL-safe base64), at most 8000
 *               characters
 *   scene       the lesson's scene to open at, from 1                          (default 1)
 *   lang        the interface language: en | zh (default: the last choice made in the page,
 *               else the browser's language)
 *   walk        1 to open Walk mode (with a finder that walks: algorithm=dstar-lite or astar):
 *               an agent walks to the goal over a map it discovers with its sensor; with
 *               compare= and no algorithm=, the first compared method that walks
 *   sensor      the agent's sensor radius in cells, at least 1.5                  (default 1.5)
 *   compare     2 to 4 methods side by side, comma-separated, each
 *               algorithm[:heuristic[:weight]], then any of the pane's own options as
 *               :name=value (directions, diagonal, costs, tieBreak, nodeLimit, goalTest,
 *               neighbourOrder; the rest follow the options above), e.g.
 *               compare=astar,dijkstra,greedy or compare=astar:manhattan,astar:octile:2 or
 *               compare=dijkstra:::goalTest=first-reached,dijkstra
 *
 * Example: ?algorithm=astar&heuristic=octile&directions=8&diagonal=never&costs=10-14
 *          &tieBreak=larger-g&weight=1&map=OOOO/OSXE/OOOO&autoplay=1&speed=10&embed=1
 */

import { finders, optionValues, limits, directionsValue } from '../finders/catalogue.js';
import { MAX_RATE } from './playback.js';
import { CELL_ORIGINS } from '../i18n/format.js';

// The search options a link can set, in the order a link lists them. Those with a list of
// values take one of the catalogue's (see optionChoices); weight and nodeLimit are numbers.
export const SEARCH_OPTIONS = ['algorithm', 'heuristic', 'weight', 'topology', 'directions', 'blinkCost', 'diagonal', 'costs', 'tieBreak', 'nodeLimit', 'goalTest', 'neighbourOrder'];
// The options a compare pane may hold of its own (the algorithm, heuristic and weight it
// always has); each follows the Method panel until the pane sets it. The cells' shape is
// the map's: every pane shows the Method panel's.
export const PANE_OPTIONS = SEARCH_OPTIONS.filter((name) => !['algorithm', 'heuristic', 'weight', 'topology', 'blinkCost'].includes(name));
const FLAGS = ['autoplay', 'embed', 'legend', 'log', 'walk'];
export const EMBED_CONTROLS = ['none', 'play', 'full'];
const LANGUAGES = ['en', 'zh'];
export const THEMES = ['light', 'dark'];
const FRAME_ID = /^[\w.:-]{1,64}$/;
// A lesson link's value: a built-in lesson's name, or a lesson file packed by the page. Past
// this length chat programs and some servers cut links: such a lesson is shared as its file.
export const MAX_LESSON_LINK = 8000;
const LESSON_VALUE = /^([a-z0-9-]{1,40}|~[A-Za-z0-9_-]+)$/;
const KNOWN = [...SEARCH_OPTIONS, 'map', 'example', 'size', 'speed', 'step', 'controls', 'compare', 'lang', 'theme', 'id', 'sensor', 'origin', 'lesson', 'scene', ...FLAGS];
export const COMPARE_PANES = { min: 2, max: 4 };
// The largest side of a map made or resized in the page (the engine opens map files up to
// its own, larger limit).
export const MAX_SIDE = 512;

// The engine's defaults, spelled out so the option fields and shared links agree with them;
// the default finder is the catalogue's first.
export function defaultOptions() {
  return {
    algorithm: finders()[0].id, weight: 1, topology: 'square', directions: 8, diagonal: 'if-at-most-one-obstacle', costs: '10-14', tieBreak: 'larger-g',
    goalTest: 'off-open', neighbourOrder: 'clockwise',
  };
}

// The values each listed search option may take in a link: the catalogue's finders and
// option values, as text.
export function optionChoices() {
  const values = optionValues();
  return {
    algorithm: finders().map((finder) => finder.id),
    heuristic: values.heuristic,
    topology: values.topology,
    directions: values.directions.map(String),
    diagonal: values.diagonal,
    costs: values.costs,
    tieBreak: values.tieBreak,
    goalTest: values.goalTest,
    neighbourOrder: values.neighbourOrder,
  };
}

// A number written plainly in decimals (`2`, `0.5`, `.5`), else null: JavaScript's Number()
// would also read `0x10` as 16, `1e3`, ` 7 ` and `Infinity`.
function plainNumber(text) {
  return /^(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : null;
}

function readWeight(text) {
  const weight = plainNumber(text);
  return weight !== null && weight <= limits().maxWeight ? weight : null;
}

// A pane's own option from a link (`name=value`), or null when it is none or wrong.
function readPaneOption(text, choices) {
  const [name, value, ...rest] = text.split('=');
  if (rest.length > 0 || !PANE_OPTIONS.includes(name)) return null;
  if (name === 'nodeLimit') {
    const limit = plainNumber(value);
    return Number.isInteger(limit) && limit >= 1 && limit <= limits().maxNodeLimit ? [name, limit] : null;
  }
  if (!choices[name].includes(value)) return null;
  return [name, name === 'directions' ? directionsValue(value) : value];
}

// compare=astar,dijkstra:zero,astar:manhattan:2,dijkstra:::goalTest=first-reached ->
// [{ algorithm, heuristic?, weight?, options? }], or null when any part is wrong or there
// are too few or too many.
export function readCompare(value, choices) {
  const parts = value.split(',');
  if (parts.length < COMPARE_PANES.min || parts.length > COMPARE_PANES.max) return null;
  const methods = [];
  for (const part of parts) {
    const fields = part.split(':');
    const named = fields.findIndex((field) => field.includes('='));
    const own = named < 0 ? [] : fields.slice(named);
    const [algorithm, heuristic, weight, ...rest] = named < 0 ? fields : fields.slice(0, named);
    if (rest.length > 0 || !choices.algorithm.includes(algorithm)) return null;
    const method = { algorithm };
    for (const text of own) {
      const option = readPaneOption(text, choices);
      if (option === null || method.options?.[option[0]] !== undefined) return null;
      method.options = { ...method.options, [option[0]]: option[1] };
    }
    if (heuristic !== undefined && heuristic !== '') {
      if (!choices.heuristic.includes(heuristic)) return null;
      method.heuristic = heuristic;
    }
    if (weight !== undefined && weight !== '') {
      method.weight = readWeight(weight);
      if (method.weight === null) return null;
    }
    methods.push(method);
  }
  return methods;
}

// The methods of an open compare view as `compare=` reads them back: the heuristic left out
// when the Method panel's default is used, the weight when it is 1, then the pane's own
// options.
export function compareText(methods) {
  return methods.map(({ algorithm, heuristic, weight, options = {} }) => {
    const named = heuristic !== undefined && heuristic !== 'auto' ? heuristic : '';
    const own = PANE_OPTIONS.filter((name) => options[name] !== undefined).map((name) => `${name}=${options[name]}`);
    const fields = [algorithm, named, weight !== undefined && weight !== 1 ? String(weight) : ''];
    // Trailing empty fields are left out, unless named options follow them.
    while (own.length === 0 && fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
    return [...fields, ...own].join(':');
  }).join(',');
}

// Splits a query string by hand rather than with URLSearchParams, which would turn the
// walls of a ". + s d" map into spaces.
function readPairs(query) {
  const pairs = [];
  for (const part of query.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    try {
      pairs.push([decodeURIComponent(rawName), decodeURIComponent(rawValue)]);
    } catch {
      pairs.push([rawName, null]);
    }
  }
  return pairs;
}

// Reads the page's query string. Returns what it understood and a list of problems, each a
// text key and its values for the page to put into words. With `early` (before the engine
// has loaded) the parameters its catalogue checks are passed over: that reading is for the
// language and the embedded layout only.
export function parseParams(query, exampleIds, { early = false } = {}) {
  const result = { options: {}, problems: [] };
  const problem = (key, values = {}) => result.problems.push({ key, values });
  const choices = early ? null : optionChoices();
  const { maxWeight, maxNodeLimit, maxStep } = early ? {} : limits();
  for (const [name, value] of readPairs(query)) {
    if (value === null) {
      problem('param.not-encoded', { name });
    } else if (!KNOWN.includes(name)) {
      problem('param.unknown', { name, known: KNOWN.join(', ') });
    } else if (early && (SEARCH_OPTIONS.includes(name) || name === 'compare')) {
      // Checked against the catalogue in the full reading.
    } else if (choices?.[name]) {
      if (choices[name].includes(value)) {
        result.options[name] = name === 'directions' ? directionsValue(value) : value;
      } else {
        problem('param.not-one-of', { name, value, allowed: choices[name].join(', ') });
      }
    } else if (name === 'weight') {
      const weight = readWeight(value);
      if (weight !== null) result.options.weight = weight;
      else problem('params.weight', { value, max: maxWeight });
    } else if (name === 'compare') {
      const methods = readCompare(value, choices);
      if (methods !== null) result.compare = methods;
      else problem('params.compare', { value, options: PANE_OPTIONS.join(', '), algorithms: choices.algorithm.join(', '), heuristics: choices.heuristic.join(', '), max: maxWeight });
    } else if (name === 'blinkCost') {
      const cost = plainNumber(value);
      if (cost !== null && cost <= limits().maxBlinkCost) result.options.blinkCost = cost;
      else problem('params.blink-cost', { value, max: limits().maxBlinkCost });
    } else if (name === 'nodeLimit') {
      const limit = plainNumber(value);
      if (Number.isInteger(limit) && limit >= 1 && limit <= maxNodeLimit) result.options.nodeLimit = limit;
      else problem('params.node-limit', { value, max: maxNodeLimit });
    } else if (name === 'map') {
      if (value.trim() === '') problem('param.map-empty');
      else result.map = value.split('/').join('\n');
    } else if (name === 'example') {
      if (exampleIds.includes(value)) result.example = value;
      else problem('param.not-one-of', { name, value, allowed: exampleIds.join(', ') });
    } else if (name === 'size') {
      const match = /^(\d+)x(\d+)$/i.exec(value);
      const width = match ? Number(match[1]) : 0;
      const height = match ? Number(match[2]) : 0;
      if (width >= 2 && height >= 2 && width <= MAX_SIDE && height <= MAX_SIDE) result.size = { width, height };
      else problem('param.size', { value, max: MAX_SIDE });
    } else if (name === 'speed') {
      const speed = plainNumber(value);
      if (value === 'max') result.speed = Infinity;
      else if (speed !== null && speed > 0 && speed <= MAX_RATE) result.speed = speed;
      else problem('param.speed', { value, max: MAX_RATE });
    } else if (name === 'step') {
      const step = plainNumber(value);
      if (Number.isInteger(step) && step <= maxStep) result.step = step;
      else problem('param.step', { value, max: maxStep });
    } else if (name === 'sensor') {
      // A number; the engine judges whether the agent can see its neighbours with it.
      const radius = plainNumber(value);
      if (radius !== null) result.sensor = radius;
      else problem('param.sensor', { value });
    } else if (name === 'lang') {
      if (LANGUAGES.includes(value)) result.lang = value;
      else problem('param.not-one-of', { name, value, allowed: LANGUAGES.join(', ') });
    } else if (name === 'lesson') {
      if (value.length <= MAX_LESSON_LINK && LESSON_VALUE.test(value)) result.lesson = value;
      else problem('param.lesson', { length: value.length, max: MAX_LESSON_LINK });
    } else if (name === 'scene') {
      const scene = plainNumber(value);
      if (Number.isInteger(scene) && scene >= 1 && scene <= 10000) result.scene = scene;
      else problem('param.scene', { value });
    } else if (name === 'origin') {
      if (CELL_ORIGINS.includes(value)) result.origin = value;
      else problem('param.not-one-of', { name, value, allowed: CELL_ORIGINS.join(', ') });
    } else if (name === 'theme') {
      if (THEMES.includes(value)) result.theme = value;
      else problem('param.not-one-of', { name, value, allowed: THEMES.join(', ') });
    } else if (name === 'id') {
      if (FRAME_ID.test(value)) result.id = value;
      else problem('param.id', { value });
    } else if (name === 'controls') {
      if (EMBED_CONTROLS.includes(value)) result.controls = value;
      else problem('param.not-one-of', { name, value, allowed: EMBED_CONTROLS.join(', ') });
    } else if (FLAGS.includes(name)) {
      if (['1', 'true', ''].includes(value)) result[name] = true;
      else if (['0', 'false'].includes(value)) result[name] = false;
      else problem('param.flag', { name, value });
    }
  }
  // A link that walks its compared methods walks the first of them that walks, unless it
  // names its own algorithm: its own options come first, before the saved work's.
  if (!early && result.walk && result.compare && result.options.algorithm === undefined) {
    const walker = result.compare.find(({ algorithm }) => finders().find((finder) => finder.id === algorithm)?.walk);
    if (walker) result.options.algorithm = walker.algorithm;
  }
  return result;
}

// The inverse of parseParams, for the share panel. A built-in example goes by its name
// (exampleText: its map as it opens), with map= only when the map on show differs from it;
// step only past 0. Map rows are joined with "/"; characters that are safe in a query
// (including "+" and ".") are left readable.
export function buildQuery({ options, mapText, example, exampleText, step, speed, autoplay, embed, lang, id, walk, compare, origin }) {
  const parts = [];
  const add = (name, value) => parts.push(`${name}=${encodeURIComponent(value).replace(/%2B/g, '+').replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%3D/g, '=')}`);
  for (const name of SEARCH_OPTIONS) {
    if (options[name] !== undefined) add(name, String(options[name]));
  }
  const rows = (text) => text.trim().split(/\r?\n/).join('/');
  if (example) add('example', example);
  if (!example || rows(mapText) !== rows(exampleText)) add('map', rows(mapText));
  add('speed', Number.isFinite(speed) ? String(speed) : 'max');
  if (lang) add('lang', lang);
  if (origin && origin !== CELL_ORIGINS[0]) add('origin', origin);
  if (walk) {
    add('walk', '1');
    add('sensor', String(walk.sensor));
  }
  if (compare) add('compare', compareText(compare));
  if (Number.isInteger(step) && step > 0) add('step', String(step));
  if (autoplay) add('autoplay', '1');
  if (embed) add('embed', '1');
  if (id) add('id', id);
  return `?${parts.join('&')}`;
}
