// English interface text. Keys are shared by every language file; `{name}` marks a value
// filled in at run time. One entry per line, so additions from different features merge.
export const TEXTS = {
  'language.name': 'English',
  'language.label': 'Language',
};
