import { CELL_ORIGINS, cellOrigin, setCellOrigin } from './format.js';
import { language, setLanguage, onLanguageChange, t, readSetting, writeSetting } from './i18n.js';

// The coordinates picker in the Map panel: cells written from the top-left corner or, as the
// C# tutorial writes them, from the bottom-left. The choice is remembered, and every text
// that names a cell is written again at once.

const STORAGE_KEY = 'astar-visualizer.cell-origin';

export function wireOriginPicker(select) {
  setCellOrigin(readSetting(STORAGE_KEY));
  const fill = () => {
    select.replaceChildren(...CELL_ORIGINS.map((value) => new Option(t(`origin.${value}`), value)));
    select.value = cellOrigin();
  };
  fill();
  onLanguageChange(fill);
  select.addEventListener('change', () => {
    setCellOrigin(select.value);
    writeSetting(STORAGE_KEY, cellOrigin());
    // Every text naming a cell is rebuilt, as after a change of language.
    setLanguage(language(), { remember: false });
  });
}
