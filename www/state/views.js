import { PageError } from '../i18n/errors.js';
import { exampleChange } from '../maps/examples.js';
import { readCompare, compareText, optionChoices } from './params.js';

// The view besides the map and its options: Walk mode (with its sensor radius) and the
// compare view (its methods, lockstep or race). A link names one (walk=, sensor=, compare=),
// saved work keeps the one the visitor had; every view opens through openView, the one rule
// for what it may do to saved work: the map as the view leaves it (an example's change put
// in by Walk mode) is the link's, not the visitor's edit, so a link's view over saved work
// keeps that work and says so just as its map alone does.

// Walk mode, for a finder that walks, with a sensor radius as typed (`text`). The real map of
// an example with a change (a wall that comes later) is the map with the change: the agent
// finds it as it walks. Refused with nothing changed: a radius that is no number, or below
// the engine's least.
export function startWalk(workspace, text) {
  const sensor = Number(text);
  if (String(text).trim() === '' || !Number.isFinite(sensor)) throw new PageError('walk.sensor-invalid', { value: text });
  const editor = workspace.editor;
  const change = exampleChange(workspace.exampleNote.id) ?? [];
  const open = change.filter(([x, y]) => editor.terrainAt(x, y) !== 0);
  if (open.length > 0) {
    editor.beginStroke();
    for (const [x, y] of open) editor.paint(x, y, 0);
    editor.endStroke();
  }
  try {
    workspace.session.syncWithEditor();
    workspace.session.setWalk({ sensor });
  } catch (error) {
    if (open.length > 0) workspace.undo();
    workspace.session.syncWithEditor();
    throw error;
  }
}

// The messages for a view refused, by where it came from.
const REFUSED = {
  link: { walk: 'param.walk', compare: 'error.url-compare' },
  saved: { walk: 'saved.walk', compare: 'saved.compare' },
};

// Opens `view` ({ walk: { sensor } or null, compare: methods or null, race }) over the work
// on show: Walk mode first (with walk the panes walk), then the compare view. Each part the
// engine refuses is left out, its message (worded for `source`, 'link' or 'saved') added to
// the list returned. page: { workspace, compare (CompareView) }. The page's first view is
// followed by workspace.viewOpened().
export function openView({ workspace, compare }, view, source) {
  const problems = [];
  if (view.walk) {
    try {
      startWalk(workspace, String(view.walk.sensor));
    } catch (error) {
      problems.push(new PageError(REFUSED[source].walk, { detail: error }));
    }
  }
  if (view.compare) {
    try {
      compare.open(view.compare);
      compare.setRace(view.race === true);
    } catch (error) {
      problems.push(new PageError(REFUSED[source].compare, { detail: error }));
    }
  }
  return problems;
}

// Brings back what saved work had on show, after its map and options are back: its view,
// at its step. Returns the problems, as openView does. page: { workspace, compare, driver() }.
export function reopenSaved(page, saved) {
  const { view, problems } = readSavedView(saved.view);
  if (page.compare.active && !view.compare) page.compare.close();
  problems.push(...openView(page, view, 'saved'));
  if (Number.isInteger(saved.step)) page.driver().seek(saved.step);
  return problems;
}

// The view on show as saved work keeps it: { sensor } in Walk mode, { compare, race } with
// the compare view open (its methods as compare= writes them), or null for the plain view.
// walk: Walk mode's { sensor } or null; compare: { active, methods, race }.
export function savedView(walk, compare) {
  const view = {};
  if (walk) view.sensor = walk.sensor;
  if (compare.active) Object.assign(view, { compare: compareText(compare.methods), race: compare.race });
  return Object.keys(view).length > 0 ? view : null;
}

// The view saved work kept, as openView takes it, read as a link's would be: what cannot be
// read is left out, a message saying so for each part. Saved work may hold anything there.
export function readSavedView(saved) {
  const view = { walk: null, compare: null, race: false };
  const problems = [];
  if (saved === null || saved === undefined) return { view, problems };
  if (typeof saved !== 'object' || Array.isArray(saved)) {
    problems.push(new PageError('saved.view', { value: JSON.stringify(saved) }));
    return { view, problems };
  }
  if (saved.sensor !== undefined) {
    if (typeof saved.sensor === 'number' && Number.isFinite(saved.sensor)) view.walk = { sensor: saved.sensor };
    else problems.push(new PageError('saved.view-sensor', { value: JSON.stringify(saved.sensor) }));
  }
  if (saved.compare !== undefined) {
    const methods = typeof saved.compare === 'string' ? readCompare(saved.compare, optionChoices()) : null;
    if (methods !== null) {
      view.compare = methods;
      view.race = saved.race === true;
    } else {
      problems.push(new PageError('saved.view-compare', { value: JSON.stringify(saved.compare) }));
    }
  }
  return { view, problems };
}

// The view a link names: Walk mode with its sensor= (else the radius in the field, `sensor`),
// and its compare=.
export function linkView(params, sensor) {
  return { walk: params.walk ? { sensor: params.sensor ?? sensor } : null, compare: params.compare ?? null, race: false };
}

// Whether a link names a view of its own (then the saved one is not brought back).
export function linkNamesView(params) {
  return params.walk !== undefined || params.compare !== undefined;
}
