import { CELL_ORIGINS, cellOrigin, setCellOrigin } from './format.js';
import { language, setLanguage, onLanguageChange, t, readSetting, writeSetting } from './i18n.js';

// The coordinates picker in the Map panel: cells written from the top-left corner, from the
// bottom-left as the C# tutorial writes them, or from (1,1) at the top left as the first C++
// tutorial does. A choice made here is remembered; a link or a lesson's scene that names one
// (origin=) shows it for that view only, and a scene that names none brings the remembered
// one back. Every text that names a cell is written again at once.

const STORAGE_KEY = 'astar-visualizer.cell-origin';
let picker = null;

function rewrite() {
  if (picker) picker.value = cellOrigin();
  setLanguage(language(), { remember: false });
}

export function wireOriginPicker(select) {
  picker = select;
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
    rewrite();
  });
}

// The coordinates a link or a scene names (one of CELL_ORIGINS), for this view, not
// remembered; undefined brings back the visitor's own.
export function showOrigin(value) {
  const stored = readSetting(STORAGE_KEY);
  const wanted = value ?? (CELL_ORIGINS.includes(stored) ? stored : CELL_ORIGINS[0]);
  if (wanted === cellOrigin()) return;
  setCellOrigin(wanted);
  rewrite();
}
