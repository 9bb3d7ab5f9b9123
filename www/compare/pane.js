import { t } from '../i18n/i18n.js';
import { setText } from '../layout/text.js';
import { PageError } from '../i18n/errors.js';
import { GridRenderer } from '../board/renderer.js';
import { GridInput } from '../board/input.js';
import { SearchSession } from '../state/session.js';
import { weightValid, METHOD_LABELS, nodeLimitValid, showTieChoices } from '../panels/controls.js';
import { finderOf, limits, withTakenValues, directionsValue } from '../finders/catalogue.js';
import { PANE_OPTIONS } from '../state/params.js';

// Whether a finder takes a heuristic, and a weight on it (f = g + w·h): its catalogue entry
// says, and the pane offers exactly those fields.
const usesHeuristic = (algorithm) => finderOf(algorithm).options.heuristic;
const usesWeight = (algorithm) => finderOf(algorithm).options.weight;

// A pane's method from one a link or the page asked for ({ algorithm, heuristic?, weight? }):
// what it leaves open comes from the Method panel, so a pane shows (and runs) the heuristic
// and weight the class has just seen there.
export function paneMethod(method, shared) {
  return {
    algorithm: method.algorithm,
    heuristic: method.heuristic ?? shared.heuristic ?? 'auto',
    weight: method.weight ?? (usesWeight(method.algorithm) ? shared.weight ?? 1 : 1),
    // The pane's own values of the other options (PANE_OPTIONS); the rest follow the Method panel.
    options: { ...method.options },
  };
}

// The options the engine refuses from a finder that does not take them (the others every
// finder is given, and one that does not take them runs the same without).
const REFUSED_UNLESS_TAKEN = ['nodeLimit', 'goalTest', 'neighbourOrder'];

// A pane's search options: the pane's algorithm, heuristic and weight (a weight other than 1
// from a link, for a finder that takes none, the engine refuses with its reason), and each
// other option the pane's own where it set one, else the Method panel's.
export function paneOptions(method, sharedOptions) {
  const { heuristic, ...shared } = sharedOptions;
  const options = { ...shared, ...method.options, algorithm: method.algorithm, weight: method.weight };
  if (method.heuristic !== 'auto') options.heuristic = method.heuristic;
  const takes = finderOf(method.algorithm).options;
  for (const name of REFUSED_UNLESS_TAKEN) if (!takes[name] || options[name] === undefined) delete options[name];
  return withTakenValues(options);
}

// The value of option `name` a pane runs with: its own, else the Method panel's.
const paneValue = (method, shared, name) => method.options?.[name] ?? shared[name];

// "A*, Octile (diagonal), w = 2": the algorithm, and what steers it when anything does.
// `heuristic` is the one the search uses; text(kind, value) names an algorithm or a
// heuristic (kind 'algorithm' or 'heuristic') as the Method panel's list does.
// The pane's own options the finder takes follow, each as "Stop at the goal: When first
// reached" (text(kind, value) names those too, kind the option's name).
export function methodName({ algorithm, weight, options = {} }, heuristic, text) {
  const algorithmName = text('algorithm', algorithm);
  let name;
  if (!usesHeuristic(algorithm)) name = t('compare.method', { algorithm: algorithmName });
  else if (usesWeight(algorithm) && weight !== 1) {
    name = t('compare.method.weighted', { algorithm: algorithmName, heuristic: text('heuristic', heuristic), weight });
  } else name = t('compare.method.heuristic', { algorithm: algorithmName, heuristic: text('heuristic', heuristic) });
  const takes = finderOf(algorithm).options;
  const own = PANE_OPTIONS.filter((option) => options[option] !== undefined && takes[option])
    .map((option) => t('compare.method.option', { option: optionLabel(option, algorithm), value: text(option, options[option]) }));
  return [name, ...own].join(t('compare.method.separator'));
}

// The Method panel's name for an option (ties named after what orders the finder's list).
export function optionLabel(option, algorithm) {
  return t(option === 'tieBreak' ? `method.tie-break.${finderOf(algorithm).priority}` : METHOD_LABELS[option]);
}

// A select holding the same choices as one of the Method panel's, so every algorithm and
// heuristic the page offers (in the page's language) is offered in each pane too.
function copyChoices(select, template) {
  select.replaceChildren(...Array.from(template.options, (o) => {
    const option = new Option(o.text, o.value);
    if (o.dataset.i18n) option.dataset.i18n = o.dataset.i18n;
    return option;
  }));
}

// A pane's field for one of its own options: a copy of the Method panel's.
function optionField(doc, template) {
  if (template instanceof HTMLSelectElement) {
    const select = doc.createElement('select');
    copyChoices(select, template);
    return select;
  }
  const input = doc.createElement('input');
  for (const name of ['type', 'min', 'max', 'step', 'inputMode']) input[name] = template[name];
  return input;
}

function labelled(doc, className, control) {
  const label = doc.createElement('label');
  label.className = className;
  label.append(control);
  return label;
}

// One method of the compare view: its own algorithm, heuristic and weight, its own search
// over the shared map, and its own picture of it. Drawing on it edits the shared map.
export class ComparePane {
  // host: { engine, editor(), sharedOptions(), walk() (Walk mode's { sensor } or null), brush(),
  //   changed(), guard(fn) for its controls,
  //   inputGuard(fn) for edits on its map, remove(pane), methodChanged(pane), readOnly }; templates: { algorithm, heuristic } selects of the Method panel.
  constructor(doc, host, method, templates) {
    this.host = host;
    this.templates = templates;
    this.method = paneMethod(method, host.sharedOptions());
    this.number = 0;

    this.element = doc.createElement('section');
    this.element.className = 'pane';
    const head = doc.createElement('div');
    head.className = 'pane-head';
    this.algorithm = doc.createElement('select');
    this.heuristic = doc.createElement('select');
    this.weight = doc.createElement('input');
    Object.assign(this.weight, { type: 'number', min: '0', max: String(limits().maxWeight), step: '0.1', inputMode: 'decimal' });
    this.place = doc.createElement('span');
    this.place.className = 'pane-place';
    this.removeButton = doc.createElement('button');
    this.removeButton.type = 'button';
    this.removeButton.className = 'icon-button';
    this.removeButton.textContent = '×';
    // Read-only (an embed without editing controls), the method is named, not chosen.
    this.title = doc.createElement('span');
    this.title.className = 'pane-title';
    if (host.readOnly) {
      head.append(this.title, this.place);
    } else {
      head.append(
        labelled(doc, 'pane-algorithm', this.algorithm),
        labelled(doc, 'pane-heuristic', this.heuristic),
        labelled(doc, 'pane-weight', this.weight),
        this.place,
        this.removeButton,
      );
    }
    // The pane's other options, folded away: each follows the Method panel until set here.
    this.more = doc.createElement('details');
    this.more.className = 'pane-options';
    this.moreSummary = doc.createElement('summary');
    const fields = doc.createElement('div');
    fields.className = 'pane-fields';
    this.fields = {};
    this.fieldLabels = {};
    for (const name of PANE_OPTIONS) {
      const control = optionField(doc, templates[name]);
      const label = doc.createElement('label');
      const text = doc.createElement('span');
      label.append(text, control);
      fields.append(label);
      this.fields[name] = control;
      this.fieldLabels[name] = text;
      control.addEventListener('change', () => host.guard(() => this.readOption(name)));
    }
    this.more.append(this.moreSummary, fields);
    this.board = doc.createElement('div');
    this.board.className = 'pane-board';
    const inner = doc.createElement('div');
    inner.className = 'pane-inner';
    this.canvas = doc.createElement('canvas');
    this.canvas.className = 'pane-grid';
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'application');
    const overlay = doc.createElement('canvas');
    overlay.className = 'pane-overlay';
    overlay.setAttribute('aria-hidden', 'true');
    inner.append(this.canvas, overlay);
    this.board.append(inner);
    // Read-only, a pane has no options to set.
    this.element.append(head, ...(host.readOnly ? [] : [this.more]), this.board);

    this.fillChoices();
    this.showMethod();
    for (const control of [this.algorithm, this.heuristic, this.weight]) {
      control.addEventListener('change', () => host.guard(() => this.readMethod()));
    }
    this.removeButton.addEventListener('click', () => host.remove(this));

    this.renderer = new GridRenderer(this.canvas, overlay);
    this.session = new SearchSession(host.engine, host.editor(), this.options(), host.walk());
    this.input = new GridInput(this.canvas, this.renderer, {
      editor: host.editor,
      brush: host.brush,
      changed: host.changed,
      guard: host.inputGuard,
      // Panes always show the whole map: nothing to scroll or zoom; clicks always edit.
      scrollBy: () => {},
      zoom: () => {},
      pick: () => false,
      readOnly: host.readOnly,
    });
  }

  // While the panes walk, only the finders that walk are offered.
  fillChoices() {
    copyChoices(this.algorithm, this.templates.algorithm);
    if (this.host.walk()) {
      for (const option of Array.from(this.algorithm.options)) if (!finderOf(option.value)?.walk) option.remove();
    }
    copyChoices(this.heuristic, this.templates.heuristic);
    const auto = Array.from(this.heuristic.options).find((o) => o.value === 'auto');
    if (auto) auto.text = t('compare.heuristic.auto');
    for (const name of PANE_OPTIONS) {
      if (this.fields[name] instanceof HTMLSelectElement) copyChoices(this.fields[name], this.templates[name]);
    }
  }

  // Walk mode on ({ sensor }) or off (null) for this pane, from the start.
  setWalk(walk) {
    this.session.setWalk(walk);
    this.showChoices();
  }

  // The choices offered again, after Walk mode came or went.
  showChoices() {
    this.fillChoices();
    this.showMethod();
  }

  // The pane's number (from 1) and the texts that name it; called after any pane comes or
  // goes, and after a change of language.
  setNumber(number) {
    this.number = number;
    this.fillChoices();
    this.showMethod();
    this.algorithm.setAttribute('aria-label', t('compare.algorithmOf', { n: number }));
    this.heuristic.setAttribute('aria-label', t('compare.heuristicOf', { n: number }));
    this.weight.setAttribute('aria-label', t('compare.weightOf', { n: number }));
    setText(this.moreSummary, t('compare.optionsOf', { n: number }));
    this.removeButton.setAttribute('aria-label', t('compare.remove', { n: number }));
    this.rename();
  }

  rename() {
    const name = this.name();
    this.title.textContent = name;
    this.element.setAttribute('aria-label', t('compare.pane', { n: this.number, name }));
    this.canvas.setAttribute('aria-label', t('compare.gridOf', { n: this.number, name }));
  }

  showMethod() {
    const { algorithm, heuristic, weight } = this.method;
    this.algorithm.value = algorithm;
    this.heuristic.value = heuristic;
    this.weight.value = String(weight);
    this.heuristic.disabled = !usesHeuristic(algorithm);
    this.weight.disabled = !usesWeight(algorithm);
    this.weight.setAttribute('aria-invalid', 'false');
    // Every option the finder takes, as the catalogue says; the others greyed out.
    const finder = finderOf(algorithm);
    const shared = this.host.sharedOptions();
    for (const name of PANE_OPTIONS) {
      const field = this.fields[name];
      field.value = String(paneValue(this.method, shared, name) ?? this.templates[name].value);
      const diagonalUnused = name === 'diagonal' && String(paneValue(this.method, shared, 'directions')) === '4';
      field.disabled = !finder.options[name] || diagonalUnused;
      field.setAttribute('aria-invalid', 'false');
      const label = optionLabel(name, algorithm);
      setText(this.fieldLabels[name], label);
      field.setAttribute('aria-label', t('compare.optionOf', { option: label, n: this.number }));
    }
    showTieChoices(this.fields.tieBreak, finder);
  }

  // One of the pane's own options changed: set here, or back to following the Method panel
  // when it is the Method panel's value.
  readOption(name) {
    const field = this.fields[name];
    let value = field.value;
    if (name === 'nodeLimit') {
      if (!nodeLimitValid(value)) {
        field.setAttribute('aria-invalid', 'true');
        throw new PageError('finder.node-limit.invalid', { max: limits().maxNodeLimit });
      }
      value = Number(value);
    } else if (name === 'directions') value = directionsValue(value);
    const options = { ...this.method.options, [name]: value };
    if (String(this.host.sharedOptions()[name]) === String(value)) delete options[name];
    this.apply({ ...this.method, options });
  }

  readMethod() {
    if (!weightValid(this.weight.value)) {
      this.weight.setAttribute('aria-invalid', 'true');
      throw new PageError('weight.invalid', { max: limits().maxWeight });
    }
    const weight = Number(this.weight.value);
    const algorithm = this.algorithm.value;
    // A finder that takes no weight runs with the plain one (its field is disabled).
    this.apply({ ...this.method, algorithm, heuristic: this.heuristic.value, weight: usesWeight(algorithm) ? weight : 1 });
  }

  // The pane's search takes `method`; one the engine refuses leaves the pane as it was.
  apply(method) {
    const previous = this.method;
    this.method = method;
    try {
      this.session.setOptions(this.options());
    } catch (error) {
      this.method = previous;
      this.showMethod();
      throw error;
    }
    this.showMethod();
    this.rename();
    this.host.methodChanged(this);
  }

  options() {
    return paneOptions(this.method, this.host.sharedOptions());
  }

  // The method's name, as the Method panel's lists name its algorithm and heuristic.
  name() {
    const text = (kind, value) => {
      const select = this.fields[kind] ?? this.templates[kind];
      return Array.from(select.options ?? []).find((o) => o.value === String(value))?.text ?? String(value);
    };
    return methodName(this.method, this.session?.resolvedOptions?.heuristic ?? this.method.heuristic, text);
  }

  draw(dpr) {
    const editor = this.host.editor();
    this.input.forgetCellsOutside(editor.width, editor.height);
    this.renderer.setShape(this.session.shape);
    this.renderer.fit(editor.width, editor.height, this.board.clientWidth, this.board.clientHeight, dpr, 1);
    this.renderer.setOrigin(0, 0);
    const view = this.session.frameView(this.renderer.labelCells());
    view.hover = this.input.hover;
    view.cursor = this.input.cursor;
    this.renderer.render(view);
  }

  dispose() {
    this.session.dispose();
    this.element.remove();
  }
}
