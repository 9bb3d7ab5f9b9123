import { CELL_ORIGINS, cellOrigin, setCellOrigin } from './format.js';
import { language, setLanguage, onLanguageChange, t } from './i18n.js';

// The coordinates picker in the top bar: cells written from the top-left corner or, as the
// C# tutorial writes them, from the bottom-left. The choice is remembered, and every text
// that names a cell is written again at once.

const STORAGE_KEY = 'astar-visualizer.cell-origin';

function readStored() {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeStored(value) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, value);
  } catch {
    // Storage refused: the choice lasts for this visit.
  }
}

export function wireOriginPicker(select) {
  setCellOrigin(readStored());
  const fill = () => {
    select.replaceChildren(...CELL_ORIGINS.map((value) => new Option(t(`origin.${value}`), value)));
    select.value = cellOrigin();
  };
  fill();
  onLanguageChange(fill);
  select.addEventListener('change', () => {
    setCellOrigin(select.value);
    writeStored(cellOrigin());
    // Every text naming a cell is rebuilt, as after a change of language.
    setLanguage(language(), { remember: false });
  });
}
