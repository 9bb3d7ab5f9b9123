import { PageError } from '../i18n/errors.js';
import { finderOf } from '../finders/catalogue.js';

// Options come in layers: a link's, the saved work's, an example's. They are applied one by
// one, the algorithm first (what else is accepted depends on it), each layer in turn for a
// name until the engine accepts a value: one refused option leaves every other, and its
// message names the layer it came from. An option the finder settled on does not take is left
// out when it was brought by saved work or an example (an example's goal test under a link's
// Jump Point Search, say), so the scene still opens; a link's own is refused with its reason.

// The message for an option refused, by where it came from.
const REFUSED = {
  link: 'options.refused-link',
  saved: 'options.refused-saved',
  example: 'options.refused-example',
};

// Saved work may hold anything where its options belong.
function asObject(options) {
  return options !== null && typeof options === 'object' && !Array.isArray(options) ? options : {};
}

// The order options are tried in: the algorithm decides which of the rest a finder takes.
function optionNames(layers) {
  const names = new Set(['algorithm']);
  for (const { options } of layers) for (const name of Object.keys(asObject(options))) names.add(name);
  return [...names];
}

// defaults: the options anything not given falls back to; layers: [{ source, options }],
// the first winning; accepts(options) throws when the engine refuses them. Returns the
// options settled on; each refusal is added to problems.
export function settleOptions(defaults, layers, accepts, problems) {
  let settled = { ...defaults };
  for (const name of optionNames(layers)) {
    for (const { source, options } of layers) {
      if (!Object.hasOwn(asObject(options), name)) continue;
      if (source !== 'link' && finderOf(settled.algorithm)?.options[name] === false) continue;
      const candidate = { ...settled, [name]: options[name] };
      try {
        accepts(candidate);
      } catch (error) {
        problems.push(new PageError(REFUSED[source], { name, value: String(options[name]), detail: error }));
        continue;
      }
      settled = candidate;
      break;
    }
  }
  return settled;
}

// accepts() for settleOptions: builds a search over the map with those options and lets go.
export function searchAccepts(engine, editor) {
  return (options) => new engine.Search(editor, options).free();
}
