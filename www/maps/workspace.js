import { PageError } from '../i18n/errors.js';
import { SearchSession } from '../state/session.js';
import { openExample } from './examples.js';
import { LoadSettings } from './loadsettings.js';
import { finderOf } from '../finders/catalogue.js';

// The work on show: the map being edited and the search over it (one SearchSession). It
// picks the first map, and loads a map, an example or a fresh start in place of the current
// one as one undo entry, with the options it brings; undo and redo put those options and the
// example note back too.

// The Moving AI benchmark's rules, switched to when a Moving AI map is opened so costs
// compare with its scenarios' optimal lengths.
const MOVING_AI_RULES = { directions: 8, diagonal: 'only-when-no-obstacles', costs: 'exact', heuristic: 'octile' };
// The default scene is sized so cells are at least this big (CSS px): large enough to read
// F, G and H.
const DEFAULT_SCENE_CELL = 50;

export function defaultSceneSize(board) {
  const clamp = (n, low, high) => Math.min(high, Math.max(low, n));
  return {
    width: clamp(Math.floor(board.clientWidth / DEFAULT_SCENE_CELL), 8, 24),
    height: clamp(Math.floor(board.clientHeight / DEFAULT_SCENE_CELL), 5, 14),
  };
}

// The options a scene brings (an example's, the saved ones) under the URL's. A link naming
// another finder leaves out those that finder does not take (an example's goal test, say),
// so it still opens; an option the URL itself gives is passed on, to be refused with its
// reason if the finder does not take it.
function underUrl(brought, fromUrl = {}) {
  if (fromUrl.algorithm === undefined) return { ...brought, ...fromUrl };
  const takes = finderOf(fromUrl.algorithm).options;
  const kept = Object.entries(brought).filter(([name]) => !(name in takes) || takes[name]);
  return { ...Object.fromEntries(kept), ...fromUrl };
}

// The first map and the options it is shown with: from the URL if it names a map, an
// example or a size, else the work saved last time (with the URL's options winning), else
// the default scene. What could not be read is added to `problems`.
function initialScene(engine, { params, saved, board, problems }) {
  if (params.map !== undefined) {
    try {
      return { editor: engine.MapEditor.fromText(params.map), options: params.options };
    } catch (error) {
      problems.push(new PageError('error.url-map', { detail: error }));
    }
  } else if (params.example !== undefined) {
    try {
      const example = openExample(params.example);
      return { editor: engine.MapEditor.fromText(example.text), options: underUrl(example.options, params.options), exampleId: params.example };
    } catch (error) {
      problems.push(new PageError('error.url-example', { id: params.example, detail: error }));
    }
  }
  if (saved && params.size === undefined) {
    try {
      return { editor: engine.MapEditor.fromText(saved.map), options: underUrl(saved.options, params.options), restored: true };
    } catch {
      // A saved map this version cannot read: start with the default scene.
    }
  }
  const size = params.size ?? defaultSceneSize(board);
  return { editor: engine.MapEditor.defaultScene(size.width, size.height), options: params.options };
}

export class Workspace {
  // start: { params, saved, board, problems } for the first scene; defaults: the options
  // anything not given falls back to; exampleNote: the ExampleNote; applied(): called after
  // a load or an undo changed the options (the option fields and the compare view follow).
  constructor(engine, start, { defaults, exampleNote, applied }) {
    this.engine = engine;
    this.defaults = defaults;
    this.exampleNote = exampleNote;
    this.applied = applied;
    this.loads = new LoadSettings();
    const scene = initialScene(engine, start);
    this.restored = scene.restored === true;
    try {
      this.session = new SearchSession(engine, scene.editor, { ...defaults, ...scene.options });
    } catch (error) {
      start.problems.push(new PageError('error.url-options', { detail: error }));
      this.session = new SearchSession(engine, scene.editor, { ...defaults });
    }
    exampleNote.show(scene.exampleId ?? null);
  }

  get editor() {
    return this.session.editor;
  }

  // Opens a map in place of the current one as one undo entry, with new options if given (an
  // example's). A Moving AI map brings the benchmark's rules: the result says so, as a notice
  // to show (else null).
  loadMap(text, options, { fileName, exampleId = null } = {}) {
    const session = this.session;
    const before = this.settings();
    const entryBefore = session.editor.lastEntry();
    const movingAi = session.editor.loadText(text) === 'movingai';
    this.apply({
      options: movingAi ? { ...session.options, ...MOVING_AI_RULES } : options ?? session.options,
      exampleId,
    });
    const entry = session.editor.lastEntry();
    // The same map again makes no undo entry, and nothing to tie the settings to.
    if (entry !== entryBefore) this.loads.loaded(entry, before, this.settings());
    return movingAi ? new PageError('movingai.rules', { file: fileName }) : null;
  }

  loadExample(id) {
    const example = openExample(id);
    this.loadMap(example.text, { ...this.defaults, ...example.options }, { exampleId: id });
  }

  // A fresh start: the default scene for the board's size and the default options, loaded
  // as one undo entry so that even this loses nothing.
  newMap(board) {
    const size = defaultSceneSize(board);
    const scene = this.engine.MapEditor.defaultScene(size.width, size.height);
    const text = scene.toText('ox');
    scene.free();
    this.loadMap(text, { ...this.defaults });
  }

  undo() {
    this.apply(this.loads.before(this.session.editor.undo()));
  }

  redo() {
    this.apply(this.loads.after(this.session.editor.redo()));
  }

  settings() {
    return { options: { ...this.session.options }, exampleId: this.exampleNote.id };
  }

  // Puts the options and example note of a load in force; nothing when the undo entry was
  // not a load.
  apply(settings) {
    if (!settings) return;
    this.session.restart(settings.options);
    this.exampleNote.show(settings.exampleId);
    this.applied();
  }
}
