import { SPEEDS } from '../state/playback.js';
import { EXAMPLES } from '../maps/examples.js';
import { t, tn, onLanguageChange } from '../i18n/i18n.js';
import { PageError } from '../i18n/errors.js';
import { finders, finderOf, limits, optionValues, takenValues, withTakenValues, directionsValue, hexSteps } from '../finders/catalogue.js';
import { describeHeuristicUse } from '../finders/narration.js';
import { tieRule } from '../finders/common.js';
import { MAX_SIDE } from '../state/params.js';
import { setText, showKey } from '../layout/text.js';
import { isFormField, fieldKeepsKey } from '../layout/fieldkeys.js';

// Method fields: option name -> element id.
export const METHOD_FIELDS = {
  algorithm: 'algorithm',
  heuristic: 'heuristic',
  weight: 'weight',
  topology: 'topology',
  directions: 'directions',
  blinkCost: 'blink-cost',
  diagonal: 'diagonal',
  costs: 'costs',
  tieBreak: 'tie-break',
  nodeLimit: 'node-limit',
  goalTest: 'goal-test',
  neighbourOrder: 'neighbour-order',
};

// The text key naming each Method field (the tie-break's is named after the finder's
// priority: see update).
export const METHOD_LABELS = {
  topology: 'method.topology',
  directions: 'method.directions',
  blinkCost: 'method.blink-cost',
  diagonal: 'method.diagonal',
  costs: 'method.costs',
  nodeLimit: 'method.node-limit',
  goalTest: 'method.goal-test',
  neighbourOrder: 'method.neighbour-order',
};

// Method fields whose choices are the catalogue's values, named by text key
// `<prefix>.<value>`: option name -> prefix.
const CATALOGUE_CHOICES = { directions: 'directions', tieBreak: 'tie-break', goalTest: 'goal-test', neighbourOrder: 'neighbour-order' };

// The options a finder may or may not take (its catalogue entry's `options`); the fields of
// those it does not take are disabled.
export const FINDER_OPTIONS = ['heuristic', 'weight', 'nodeLimit', 'tieBreak', 'directions', 'blinkCost', 'diagonal', 'costs', 'goalTest', 'neighbourOrder'];

// Fills a select with the catalogue's values of an option, each named in the page's language.
function fillValueChoices(select, values, prefix) {
  select.replaceChildren(...values.map((value) => {
    const option = new Option(t(`${prefix}.${value}`), value);
    option.dataset.i18n = `${prefix}.${value}`;
    return option;
  }));
}

// Fills an algorithm select with every finder of the catalogue, each named in the page's
// language (and again after a language change).
export function fillFinderChoices(select) {
  select.replaceChildren(...finders().map((finder) => {
    const option = new Option(t(`algorithm.${finder.id}`), finder.id);
    option.dataset.i18n = `algorithm.${finder.id}`;
    return option;
  }));
}

// Whether a weight field's text is one the engine takes.
export function weightValid(text) {
  const weight = Number(text);
  return text.trim() !== '' && weight >= 0 && weight <= limits().maxWeight;
}

// Whether a blink penalty field's text is one the engine takes.
export function blinkCostValid(text) {
  const cost = Number(text);
  return text.trim() !== '' && cost >= 0 && cost <= limits().maxBlinkCost;
}

// Whether a node limit field's text is one the engine takes.
export function nodeLimitValid(text) {
  const limit = Number(text);
  return String(text).trim() !== '' && Number.isInteger(limit) && limit >= 1 && limit <= limits().maxNodeLimit;
}

// On hexes the greyed Directions and Diagonal fields name what hexes have (six moves, no
// corners), not the square grid's values they keep for a return to squares.
function nameForHexes(select, prefix, hex) {
  for (const option of select.options) {
    showKey(option, hex && option.selected ? `${prefix}.hex` : `${prefix}.${option.value}`);
  }
}

// A tie-break select for a finder: the values it does not take offered but greyed out, and,
// where equal priority means equal G (Dijkstra), a rule by G named by the entry order it
// falls back on, not "larger G" among equal G.
export function showTieChoices(select, finder) {
  const ties = takenValues(finder, 'tieBreak');
  for (const option of select.options) {
    setDisabled(option, !ties.includes(option.value));
    const byEntry = finder.options.tieBreak && tieRule(finder, option.value) !== option.value;
    showKey(option, byEntry ? `tie-break.entry.${option.value}` : `tie-break.${option.value}`);
  }
}

// Space and Enter already press a focused button, link or summary.
function activatesOnSpace(element) {
  return element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement ||
    (element instanceof HTMLElement && element.tagName === 'SUMMARY');
}

function setDisabled(element, disabled) {
  if (element.disabled !== disabled) element.disabled = disabled;
}

// The control bar, the edit bar, the method and map panels, and the keyboard shortcuts.
// Every control calls one of the app's actions; update() mirrors the app's state back.
export class Controls {
  // actions: { togglePlay, step, stepBack, finish, reset, seek(n), setSpeed(i), undo, redo,
  //   clearWalls, clearWeights, setBrush(b), setOptions(o), resize(w, h), loadExample(id),
  //   saveMap(format), zoomIn, zoomOut, zoomFit, fail(error) }
  constructor(doc, actions) {
    const byId = (id) => doc.getElementById(id);
    this.doc = doc;
    this.actions = actions;
    this.play = byId('play');
    this.playIcon = this.play.querySelector('.icon');
    this.playLabel = this.play.querySelector('.label');
    this.stepButton = byId('step');
    this.stepBackButton = byId('step-back');
    this.finishButton = byId('finish');
    this.resetButton = byId('reset');
    this.walkTools = byId('walk-tools');
    this.walkButton = byId('walk');
    this.sensor = byId('sensor');
    this.walkLegend = byId('walk-legend');
    this.timeline = byId('timeline');
    this.timelineLabel = byId('timeline-label');
    this.speed = byId('speed');
    this.speedLabel = byId('speed-label');
    this.undoButton = byId('undo');
    this.redoButton = byId('redo');
    this.brush = byId('brush');
    this.width = byId('grid-width');
    this.height = byId('grid-height');
    this.example = byId('example');
    this.saveFormat = byId('save-format');
    this.resolvedHeuristic = byId('resolved-heuristic');
    this.help = byId('help');
    this.zoomIn = byId('zoom-in');
    this.zoomOut = byId('zoom-out');
    this.zoomFit = byId('zoom-fit');
    this.zoomLabel = byId('zoom-label');
    this.tieBreakLabel = byId('tie-break-label');
    this.method = {};
    for (const [name, id] of Object.entries(METHOD_FIELDS)) this.method[name] = byId(id);
    fillFinderChoices(this.method.algorithm);
    for (const [name, prefix] of Object.entries(CATALOGUE_CHOICES)) fillValueChoices(this.method[name], optionValues()[name], prefix);
    // The catalogue's heuristics, after the movement's default.
    fillValueChoices(this.method.heuristic, ['auto', ...optionValues().heuristic], 'heuristic');
    this.method.weight.max = String(limits().maxWeight);
    this.method.blinkCost.max = String(limits().maxBlinkCost);
    this.method.blinkCost.value = String(limits().defaultBlinkCost);
    this.method.nodeLimit.max = String(limits().maxNodeLimit);

    this.speed.max = String(SPEEDS.length - 1);
    for (const example of EXAMPLES) this.example.append(new Option(t(`example.${example.id}`), example.id));
    onLanguageChange(() => this.retranslate());

    const click = (id, action) => byId(id).addEventListener('click', (e) => {
      // After a mouse click the button lets go of the focus, so Space goes back to meaning
      // play/pause instead of pressing that button again.
      if (e.detail > 0) e.currentTarget.blur();
      action();
    });
    click('play', actions.togglePlay);
    click('step', actions.step);
    click('step-back', actions.stepBack);
    click('finish', actions.finish);
    click('reset', actions.reset);
    click('walk', () => actions.toggleWalk(this.sensor.value));
    click('undo', actions.undo);
    click('redo', actions.redo);
    click('clear-walls', actions.clearWalls);
    click('clear-weights', actions.clearWeights);
    click('zoom-in', actions.zoomIn);
    click('zoom-out', actions.zoomOut);
    click('zoom-fit', actions.zoomFit);
    click('apply-size', () => this.submitSize());
    click('load-example', () => actions.loadExample(this.example.value));
    click('save-map', () => actions.saveMap(this.saveFormat.value));
    this.timeline.addEventListener('input', () => actions.seek(Number(this.timeline.value)));
    this.speed.addEventListener('input', () => actions.setSpeed(Number(this.speed.value)));
    // A slider moved with the pointer lets go of the focus, so the stepping keys step again
    // (a slider reached with Tab keeps its arrow keys, which move it by design).
    for (const slider of [this.timeline, this.speed]) slider.addEventListener('pointerup', () => slider.blur());
    this.brush.addEventListener('change', () => actions.setBrush(Number(this.brush.value)));
    for (const field of [this.width, this.height]) {
      field.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.submitSize();
      });
    }
    for (const element of Object.values(this.method)) {
      element.addEventListener('change', () => this.submitOptions());
    }
    // Which keys work: all of them on the page; an embed keeps only what its controls offer.
    this.keys = { playback: true, editing: true, page: true };
    doc.addEventListener('keydown', (e) => this.shortcut(e));
    doc.addEventListener('click', (e) => {
      if (this.help.open && !this.help.contains(e.target)) this.help.open = false;
    });
  }

  submitSize() {
    const width = Number(this.width.value);
    const height = Number(this.height.value);
    const valid = (n) => Number.isInteger(n) && n >= 2 && n <= MAX_SIDE;
    if (!valid(width) || !valid(height)) {
      this.actions.fail(new PageError('error.size', { max: MAX_SIDE }));
      return;
    }
    this.actions.resize(width, height);
  }

  submitOptions() {
    const valid = weightValid(this.method.weight.value);
    this.method.weight.setAttribute('aria-invalid', String(!valid));
    if (!valid) {
      this.actions.fail(new PageError('weight.invalid', { max: limits().maxWeight }));
      return;
    }
    const blinkValid = blinkCostValid(this.method.blinkCost.value);
    this.method.blinkCost.setAttribute('aria-invalid', String(!blinkValid));
    if (!blinkValid && this.method.directions.value === 'blink') {
      this.actions.fail(new PageError('blink-cost.invalid', { max: limits().maxBlinkCost }));
      return;
    }
    const limitValid = nodeLimitValid(this.method.nodeLimit.value);
    this.method.nodeLimit.setAttribute('aria-invalid', String(!limitValid));
    if (!limitValid && finderOf(this.method.algorithm.value).options.nodeLimit) {
      this.actions.fail(new PageError('finder.node-limit.invalid', { max: limits().maxNodeLimit }));
      return;
    }
    this.actions.setOptions(this.readOptions());
  }

  readOptions() {
    const m = this.method;
    const options = {
      algorithm: m.algorithm.value,
      topology: m.topology.value,
      directions: directionsValue(m.directions.value),
      diagonal: m.diagonal.value,
      costs: m.costs.value,
      tieBreak: m.tieBreak.value,
    };
    if (m.heuristic.value !== 'auto') options.heuristic = m.heuristic.value;
    if (options.directions === 'blink') options.blinkCost = Number(m.blinkCost.value);
    // Only where they mean something: the engine refuses a weight or a node limit that
    // the finder cannot use.
    const takes = finderOf(options.algorithm).options;
    if (takes.weight) options.weight = Number(m.weight.value);
    if (takes.nodeLimit) options.nodeLimit = Number(m.nodeLimit.value);
    if (takes.goalTest) options.goalTest = m.goalTest.value;
    if (takes.neighbourOrder) options.neighbourOrder = m.neighbourOrder.value;
    return withTakenValues(options);
  }

  // Shows the options a search runs with (after the URL set them, or after a rejected change).
  showOptions(options) {
    for (const [name, element] of Object.entries(this.method)) {
      const value = options[name];
      element.value = value === undefined ? (name === 'heuristic' ? 'auto' : element.value) : String(value);
    }
    this.method.weight.setAttribute('aria-invalid', 'false');
    this.method.nodeLimit.setAttribute('aria-invalid', 'false');
    this.method.blinkCost.setAttribute('aria-invalid', 'false');
  }

  showBrush(brush) {
    this.brush.value = String(brush);
  }

  // exactRate: a rate between the slider's stops that playback keeps (from a link), or null.
  showSpeed(index, exactRate = null) {
    this.speedIndex = index;
    this.exactRate = exactRate;
    this.speed.value = String(index);
    const speed = SPEEDS[index];
    const count = exactRate ?? speed.perSecond ?? speed.perFrame;
    const unit = exactRate !== null || speed.perSecond ? 'second' : 'frame';
    setText(this.speedLabel, tn(`speed.per-${unit}`, count));
    this.speed.setAttribute('aria-valuetext', tn(`speed.words-per-${unit}`, count));
  }

  // Texts the markup cannot carry (they depend on the state) after a language change.
  retranslate() {
    for (const option of this.example.options) option.text = t(`example.${option.value}`);
    if (this.speedIndex !== undefined) this.showSpeed(this.speedIndex, this.exactRate);
  }

  // state: { playing, stepCount, total, status, canUndo, canRedo, width, height, options,
  //   resolvedOptions, exampleId (the example on show, or null) }
  update(state) {
    const running = state.status === 'running';
    setText(this.playLabel, t(state.playing ? 'playback.pause' : 'playback.play'));
    setText(this.playIcon, state.playing ? '❚❚' : '▶');
    this.play.setAttribute('aria-pressed', String(state.playing));
    // The page's HTML holds the playback buttons off until the engine shows a search.
    setDisabled(this.play, false);
    setDisabled(this.stepButton, !running);
    setDisabled(this.finishButton, !running);
    setDisabled(this.stepBackButton, state.stepCount === 0);
    // Reset also leaves Walk mode, which the finders the catalogue says walk have.
    setDisabled(this.resetButton, state.stepCount === 0 && !state.walking);
    const walk = finderOf(state.resolvedOptions.algorithm)?.walk;
    // A baseline's walk (A* from scratch) is offered beside the finders made for unknown
    // terrain and while it walks in place of one, not as a mode of its own: its button would
    // cost every plain A* view a row of the board. While comparing, only panes that walk
    // keep it, to leave Walk mode.
    const offered = walk && (state.comparing ? state.comparingWalks : state.walking || !walk.baseline);
    this.walkTools.hidden = !offered;
    this.walkButton.setAttribute('aria-pressed', String(state.walking));
    this.walkLegend.hidden = !state.walking;

    const known = state.total !== null && state.total !== undefined;
    const max = known ? state.total : state.stepCount;
    if (this.timeline.max !== String(max)) this.timeline.max = String(max);
    if (this.timeline.value !== String(state.stepCount)) this.timeline.value = String(state.stepCount);
    const label = known ? `${state.stepCount} / ${state.total}` : `${state.stepCount} / ?`;
    setText(this.timelineLabel, label);
    this.timeline.setAttribute('aria-valuetext', known ? t('timeline.value-known', { step: state.stepCount, total: state.total }) : t('timeline.value-unknown', { step: state.stepCount }));

    setDisabled(this.zoomIn, !state.canZoomIn);
    setDisabled(this.zoomOut, !state.canZoomOut);
    setDisabled(this.zoomFit, !state.canZoomOut);
    setText(this.zoomLabel, state.zoomLabel);
    setDisabled(this.undoButton, !state.canUndo);
    setDisabled(this.redoButton, !state.canRedo);
    // The example select shows the example on show (a link's, or one an undo brought back),
    // set only when that changes, so a choice not yet loaded stays as chosen.
    if (state.exampleId !== this.shownExample) {
      this.shownExample = state.exampleId;
      if (state.exampleId) this.example.value = state.exampleId;
    }
    // Only a change of the map's size rewrites the fields, so a size being typed survives redraws.
    const size = `${state.width}x${state.height}`;
    if (size !== this.shownSize) {
      this.shownSize = size;
      this.width.value = String(state.width);
      this.height.value = String(state.height);
    }

    const finder = finderOf(state.resolvedOptions.algorithm);
    // Diagonal rules mean nothing without diagonal moves.
    // Nor directions and corner rules on hexes, which have their six moves.
    const hex = state.options.topology === 'hex';
    const unused = (name) => name === 'blinkCost' ? state.options.directions !== 'blink' || !finder.options.directions || hex :
      !finder.options[name] || (name === 'diagonal' && (state.options.directions === 4 || hex)) || (name === 'directions' && hex);
    for (const name of FINDER_OPTIONS) setDisabled(this.method[name], unused(name));
    nameForHexes(this.method.directions, 'directions', hex);
    nameForHexes(this.method.diagonal, 'diagonal', hex);
    // Hexes have no diagonals: each cost model is named by the engine's cost of a move.
    for (const option of this.method.costs.options) setText(option, hex ? t('costs.hex', { cost: hexSteps()[option.value] }) : t(`costs.${option.value}`));
    showTieChoices(this.method.tieBreak, finder);
    // Jump Point Search prunes by the square grid's symmetries: 4 or 8 only.
    const moves = takenValues(finder, 'directions');
    for (const option of this.method.directions.options) setDisabled(option, !moves.includes(option.value));
    // Ties in what orders the open list: F for A*, k1 for D* Lite (kept across a language change).
    showKey(this.tieBreakLabel, `method.tie-break.${finder.priority}`);
    setText(this.resolvedHeuristic, describeHeuristicUse(finder, state.options, state.resolvedOptions));
  }

  showSensor(radius) {
    this.sensor.value = String(radius);
  }

  // keys: { playback (Space, arrows, End, R), editing (undo and redo, the brush, zoom),
  //   page (the list of shortcuts) }, each true to keep those keys.
  limitKeys(keys) {
    this.keys = keys;
  }

  shortcut(e) {
    if (e.defaultPrevented || e.altKey) return;
    const a = this.actions;
    const target = e.target;
    const modified = e.ctrlKey || e.metaKey;
    if (modified) {
      if (!this.keys.editing) return;
      if (isFormField(target) && target.type !== 'range' && target.type !== 'checkbox') return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) a.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') a.redo();
      else return;
      e.preventDefault();
      return;
    }
    if (fieldKeepsKey(e)) return;
    if ((e.key === ' ' || e.key === 'Enter') && activatesOnSpace(target)) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const done = (this.keys.playback && this.playbackKey(key)) || (this.keys.editing && this.editingKey(key)) ||
      (this.keys.page && this.pageKey(key));
    if (done) e.preventDefault();
  }

  playbackKey(key) {
    const a = this.actions;
    if (key === ' ') a.togglePlay();
    else if (key === 'ArrowRight') a.step();
    else if (key === 'ArrowLeft') a.stepBack();
    else if (key === 'End') a.finish();
    else if (key === 'r') a.reset();
    else return false;
    return true;
  }

  editingKey(key) {
    const a = this.actions;
    const brushKeys = { w: 0, e: 1 };
    if (key in brushKeys) a.setBrush(brushKeys[key]);
    else if (/^[2-9]$/.test(key)) a.setBrush(Number(key));
    else if (key === '+' || key === '=') a.zoomIn();
    else if (key === '-') a.zoomOut();
    else if (key === '0') a.zoomFit();
    else return false;
    return true;
  }

  pageKey(key) {
    if (key === '?') this.help.open = !this.help.open;
    else if (key === 'Escape' && this.help.open) this.help.open = false;
    else return false;
    return true;
  }
}
