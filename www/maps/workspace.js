import { PageError } from '../i18n/errors.js';
import { SearchSession } from '../state/session.js';
import { openExample } from './examples.js';
import { LoadSettings } from './loadsettings.js';
import { settleOptions, searchAccepts } from '../state/optionlayers.js';

// The work on show: the map being edited and the search over it (one SearchSession). It
// picks the first map, and loads a map, an example or a fresh start in place of the current
// one as one undo entry, with the options it brings; undo and redo put those options, the
// example note and the name of the map's file back too.

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

// The map a link names (map=, example= or size=) as an editor, with the layers of options
// that come with it; null when it names none or its map cannot be read (a problem says so).
// A map with an example is that example changed (a shared link of it): the map under the
// example's note and options.
function linkScene(engine, params, problems) {
  const link = { source: 'link', options: params.options };
  if (params.map !== undefined) {
    try {
      const editor = engine.MapEditor.fromText(params.map);
      if (params.example === undefined) return { editor, layers: [link], exampleId: null };
      return { editor, layers: [link, { source: 'example', options: openExample(params.example).options }], exampleId: params.example };
    } catch (error) {
      problems.push(new PageError('error.url-map', { detail: error }));
    }
  } else if (params.example !== undefined) {
    try {
      const example = openExample(params.example);
      const editor = engine.MapEditor.fromText(example.text);
      return { editor, layers: [link, { source: 'example', options: example.options }], exampleId: params.example };
    } catch (error) {
      problems.push(new PageError('error.url-example', { id: params.example, detail: error }));
    }
  } else if (params.size !== undefined) {
    return { editor: engine.MapEditor.defaultScene(params.size.width, params.size.height), layers: [link], exampleId: null };
  }
  return null;
}

// The saved map as an editor, or null when there is none or it cannot be read: then the
// saved work is kept aside and a problem says where.
function savedScene(engine, { saved, problems, setAside }) {
  if (!saved) return null;
  try {
    return engine.MapEditor.fromText(saved.map);
  } catch (error) {
    const key = setAside();
    problems.push(new PageError(key ? 'saved.map-unreadable' : 'saved.map-unreadable-not-kept', { key, detail: error }));
    return null;
  }
}

function sameOptions(a, b) {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => a[name] === b[name]);
}

export class Workspace {
  // start: { params, saved, board, problems, setAside() -> key or null } for the first
  // scene; defaults: the options anything not given falls back to; exampleNote: the
  // ExampleNote; applied(): called after a load or an undo changed the options (the option
  // fields and the compare view follow).
  //
  // The first map: the one a link names, else the work saved last time (with the link's
  // options winning), else the default scene. A link's map over different saved work opens
  // as a load on top of it, so Undo or backToSaved() brings the saved work back, and
  // linkOverSaved says what both were (the saved work stays in storage while the link's
  // map is on show untouched: see SavedWorkNotice).
  constructor(engine, start, { defaults, exampleNote, applied }) {
    this.engine = engine;
    this.defaults = defaults;
    this.exampleNote = exampleNote;
    // Nothing follows the first scene's options yet (the page reads them once it is built).
    this.applied = () => {};
    this.loads = new LoadSettings();
    // The file name of the map on show when it was opened from a file, else null: a
    // scenario file naming another map is warned of.
    this.mapFile = null;
    this.restored = false;
    this.linkOverSaved = null;
    const { params, saved, board, problems } = start;
    const settle = (editor, layers) => settleOptions(defaults, layers, searchAccepts(engine, editor), problems);
    const link = linkScene(engine, params, problems);
    const savedEditor = savedScene(engine, start);
    if (link && savedEditor) {
      const savedOptions = settle(savedEditor, [{ source: 'saved', options: saved.options }]);
      const linkOptions = settle(link.editor, link.layers);
      const linkText = link.editor.toText('ox');
      if (linkText === savedEditor.toText('ox') && sameOptions(linkOptions, savedOptions)) {
        savedEditor.free();
        this.begin(link.editor, linkOptions, link.exampleId);
      } else {
        this.begin(savedEditor, savedOptions, null);
        link.editor.free();
        this.loadMap(linkText, linkOptions, { exampleId: link.exampleId });
        this.linkOverSaved = {
          source: 'link',
          saved: { map: saved.map, options: savedOptions, step: saved.step, view: saved.view },
          linked: [],
        };
        this.viewOpened();
      }
    } else if (link) {
      this.begin(link.editor, settle(link.editor, link.layers), link.exampleId);
    } else if (savedEditor) {
      this.begin(savedEditor, settle(savedEditor, [{ source: 'link', options: params.options }, { source: 'saved', options: saved.options }]), null);
      this.restored = true;
    } else {
      const size = defaultSceneSize(board);
      const editor = engine.MapEditor.defaultScene(size.width, size.height);
      this.begin(editor, settle(editor, [{ source: 'link', options: params.options }]), null);
    }
    this.applied = applied;
  }

  begin(editor, options, exampleId) {
    this.session = new SearchSession(this.engine, editor, options);
    this.exampleNote.show(exampleId);
  }

  // Whether the work on show is the link's map as it opened over saved work, before or after
  // its view opened (Walk mode puts an example's change in): while it is, the saved work must
  // stay as it is in storage. state: { map (O X S E text), options }.
  showsLinkOverSaved(state) {
    const linked = this.linkOverSaved?.linked ?? [];
    return linked.some(({ map, options }) => map === state.map && sameOptions(state.options, options));
  }

  // A view has opened (see www/state/views.js): the map as it left it is the link's (or the
  // lesson scene's) as much as the map it named, not the visitor's edit.
  viewOpened() {
    const linked = this.linkOverSaved?.linked;
    if (!linked) return;
    const shown = { map: this.editor.toText('ox'), options: { ...this.session.options } };
    if (!this.showsLinkOverSaved(shown)) linked.push(shown);
  }

  // A lesson's scene (its view read as a link's, `params`) in place of the work on show, as
  // one load, its options settled as a link's are. The work on show is the visitor's unless it
  // is a link's or an earlier scene's map as it opened: then it is kept as the saved work a
  // link's map over it keeps (stored, and offered back), else the saved work kept stays.
  // current: the work on show as WorkSaver saves it. Follow with viewOpened() once the
  // scene's view is open. Throws when its map cannot be opened.
  openScene(params, current, problems) {
    const found = [];
    const link = linkScene(this.engine, params, found);
    if (!link) throw found[0];
    if (!this.showsLinkOverSaved(current)) this.linkOverSaved = { source: 'lesson', saved: current, linked: [] };
    this.linkOverSaved.source = 'lesson';
    const options = settleOptions(this.defaults, link.layers, searchAccepts(this.engine, link.editor), problems);
    const text = link.editor.toText('ox');
    link.editor.free();
    this.loadMap(text, options, { exampleId: link.exampleId });
  }

  // Back to the saved work a link opened its map over, as one more undo entry: its map and
  // options; the view and step it was saved at are the caller's to bring back (savedView).
  backToSaved() {
    const saved = this.linkOverSaved?.saved;
    if (!saved) return null;
    this.loadMap(saved.map, saved.options);
    return saved;
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
    const format = session.editor.loadText(text);
    const movingAi = format === 'movingai';
    // A hex map is searched as hexes, whatever else the options say.
    const hex = format === 'hex' ? { topology: 'hex' } : {};
    // Counted so that a lesson's scene knows when another map took its place.
    this.mapLoads = (this.mapLoads ?? 0) + 1;
    this.apply({
      options: movingAi ? { ...session.options, ...MOVING_AI_RULES } : { ...(options ?? session.options), ...hex },
      exampleId,
      mapFile: fileName ?? null,
    });
    const entry = session.editor.lastEntry();
    // The same map again makes no undo entry, and nothing to tie the settings to.
    if (entry !== entryBefore) this.loads.loaded(entry, before, this.settings());
    if (format === 'hex' && fileName) return new PageError('hex.rules', { file: fileName });
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
    return { options: { ...this.session.options }, exampleId: this.exampleNote.id, mapFile: this.mapFile };
  }

  // Puts the options, example note and file name of a load in force; nothing when the undo
  // entry was not a load.
  apply(settings) {
    if (!settings) return;
    this.mapFile = settings.mapFile;
    this.session.restart(settings.options);
    this.exampleNote.show(settings.exampleId);
    this.applied();
  }
}
