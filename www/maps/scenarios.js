import { t, onLanguageChange } from '../i18n/i18n.js';
import { formatValue } from '../i18n/format.js';
import { PageError } from '../i18n/errors.js';
import { setText } from '../layout/text.js';

const length = (value) => formatValue(value, 4);

// Moving AI scenario files: the list of a `.scen` file's queries (read by the engine), one
// of which places the start and the goal; after the search, our cost beside the optimal,
// judged by the engine at the file's precision. A file whose lines name another map than
// the one opened from a file is run, with a warning.
export class ScenarioPanel {
  // host: { engine, editor(), mapFile() (the open map's file name, or null), guard(fn) }
  constructor(doc, host) {
    const byId = (id) => doc.getElementById(id);
    this.host = host;
    this.panel = byId('scenario-panel');
    this.status = byId('scenario-status');
    this.list = byId('scenario-list');
    this.result = byId('scenario-result');
    this.otherMap = byId('scenario-other-map');
    this.scenarios = [];
    this.fileName = '';
    this.picked = null;
    this.list.addEventListener('change', () => host.guard(() => this.pick(Number(this.list.value))));
    onLanguageChange(() => this.show());
    this.show();
  }

  // Reads a .scen file's text; a bad file leaves the list as it was.
  load(text, fileName) {
    let scenarios;
    try {
      scenarios = this.host.engine.parseScenarios(text);
    } catch (error) {
      throw new PageError('scenario.badFile', { file: fileName, error });
    }
    this.scenarios = scenarios;
    this.fileName = fileName;
    this.picked = null;
    this.panel.open = true;
    this.show();
  }

  show() {
    const count = this.scenarios.length;
    this.list.hidden = count === 0;
    this.list.closest('label').hidden = count === 0;
    setText(this.status, count === 0
      ? t('scenario.empty')
      : t('scenario.loaded', { file: this.fileName, count, map: this.scenarios[0].map }));
    this.list.replaceChildren(...this.scenarios.map((s, index) => new Option(t('scenario.option', {
      index,
      bucket: s.bucket,
      sx: s.start.x,
      sy: s.start.y,
      gx: s.goal.x,
      gy: s.goal.y,
      optimal: length(s.optimal),
    }), String(index))));
    if (this.picked !== null) this.list.value = String(this.picked);
    this.shownKey = null;
    this.checkedMap = undefined;
    this.checkMap();
  }

  // Warns when the file's lines name another map than the one opened (known only for a map
  // opened from a file).
  checkMap() {
    const opened = this.host.mapFile();
    if (opened === this.checkedMap) return;
    this.checkedMap = opened;
    const others = opened === null ? [] : this.scenarios.filter((s) => s.mapFile !== opened);
    this.otherMap.hidden = others.length === 0;
    setText(this.otherMap, others.length === 0 ? '' : t('scenario.otherMap', {
      file: this.fileName,
      count: others.length,
      total: this.scenarios.length,
      map: others[0].map,
      opened,
    }));
  }

  // Puts the start and the goal where scenario `index` has them, as one undo entry.
  pick(index) {
    const scenario = this.scenarios[index];
    if (!scenario) return;
    const editor = this.host.editor();
    if (editor.width !== scenario.width || editor.height !== scenario.height) {
      this.list.value = this.picked === null ? '' : String(this.picked);
      throw new PageError('scenario.sizeMismatch', {
        index,
        map: scenario.map,
        width: scenario.width,
        height: scenario.height,
        mapWidth: editor.width,
        mapHeight: editor.height,
      });
    }
    editor.placeEndpoints(scenario.start.x, scenario.start.y, scenario.goal.x, scenario.goal.y);
    this.picked = index;
    this.shownKey = null;
  }

  // Says how the search compares with the picked scenario's optimal length, while its start
  // and goal are still the scenario's.
  update(session) {
    this.checkMap();
    const key = `${this.picked}:${session.generation}:${session.search.stepCount()}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    const scenario = this.scenarios[this.picked];
    const editor = session.editor;
    const same = (a, b) => a.x === b.x && a.y === b.y;
    if (!scenario || !same(editor.start(), scenario.start) || !same(editor.goal(), scenario.goal)) {
      setText(this.result, '');
      return;
    }
    const values = {
      index: this.picked,
      sx: scenario.start.x,
      sy: scenario.start.y,
      gx: scenario.goal.x,
      gy: scenario.goal.y,
      optimal: length(scenario.optimal),
    };
    const status = session.search.status();
    let text = t('scenario.picked', values);
    if (status === 'no-path') {
      text = t('scenario.result.noPath', values);
    } else if (status === 'found') {
      const cost = session.search.pathCost();
      values.cost = length(cost);
      values.difference = length(Math.abs(cost - scenario.optimal));
      values.decimals = scenario.decimals;
      const verdict = this.host.engine.compareWithOptimal(cost, scenario.optimal, scenario.decimals);
      if (verdict === 0) text = t('scenario.result.same', values);
      else text = t(verdict > 0 ? 'scenario.result.longer' : 'scenario.result.shorter', values);
    }
    setText(this.result, text);
  }
}
