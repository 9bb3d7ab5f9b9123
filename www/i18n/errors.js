import { t } from './i18n.js';
import { formatValue } from './format.js';

// Errors reach the person as words in the chosen language, worked out when shown (and again
// after a language change), never when thrown.

// An error of the page itself: a text key and its values. A value may itself be an error
// (the cause), which is put into words the same way.
export class PageError extends Error {
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

function isError(value) {
  return value instanceof Error || (value !== null && typeof value === 'object' && 'problem' in value);
}

// The error in words: a PageError from its key, an engine error from its code and values,
// anything else by its own message.
export function describeError(error) {
  if (error instanceof PageError) {
    const params = {};
    for (const [name, value] of Object.entries(error.params)) params[name] = isError(value) ? describeError(value) : value;
    return t(error.key, params);
  }
  if (error && typeof error === 'object' && error.problem) return describeProblem(error.problem);
  return error instanceof Error ? error.message : String(error);
}

// Values of an engine problem that are themselves words: put into the reader's language.
const WORD_VALUES = {
  endpoint: (v) => t(`endpoint.${v}`),
  option: (v) => t(`option.${v}`),
  algorithm: (v) => t(`code.algorithm.${v}`),
  heuristic: (v) => t(`heuristic.name.${v}`),
  format: (v) => t(`format.name.${v}`),
  allowed: (v) => (Array.isArray(v) ? v.join(', ') : v),
  cause: (v) => describeProblem(v),
};

// An engine problem ({ code, ...values }, from the wasm boundary) in words.
export function describeProblem(problem) {
  const values = {};
  for (const [name, value] of Object.entries(problem)) {
    if (name in WORD_VALUES) values[name] = WORD_VALUES[name](value);
    else values[name] = typeof value === 'number' ? formatValue(value, 3) : value;
  }
  if (problem.code === 'unknown-symbol') values.expected = t(`symbols.${problem.format}`);
  // A scenario file's fields by their names in the reader's language.
  const fieldName = (field) => t(`scenario.field.${field.replaceAll(' ', '-')}`);
  if (problem.code === 'scenario-number') values.field = fieldName(problem.field);
  if (problem.code === 'scenario-fields') values.names = problem.names.map(fieldName).join(t('step.list-separator'));
  const text = t(`engine.${problem.code}`, values);
  return problem.line !== undefined ? t('engine.at-line', { line: problem.line, column: problem.column, text }) : text;
}
