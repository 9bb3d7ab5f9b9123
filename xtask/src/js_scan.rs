//! Just enough JavaScript lexing for the bundler to find `import` and `export` keywords in
//! code (not in strings, templates, regular expressions or comments) and to tell which lines
//! hold any code at all.
//!
//! A `/` is read as the start of a regular expression or as a division from the token before
//! it, the usual rule of thumb; JavaScript's grammar is ambiguous there only in contrived code.

#[derive(Debug, PartialEq)]
pub enum Keyword {
    Import,
    Export,
}

#[derive(Debug, PartialEq)]
pub struct KeywordUse {
    pub keyword: Keyword,
    /// 1-based line number.
    pub line: usize,
    /// Nothing but whitespace before it on its line.
    pub starts_line: bool,
    /// Inside braces (a block, an object or a template substitution).
    pub nested: bool,
    /// `import(...)` or `import.meta`.
    pub dynamic: bool,
}

#[derive(Debug)]
pub struct Scan {
    /// For each line, whether some token (not a comment) starts on it.
    pub line_has_code: Vec<bool>,
    pub keywords: Vec<KeywordUse>,
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Code,
    LineComment,
    BlockComment,
    Quoted(char),
    Template,
    Regex { in_class: bool },
}

/// What came before a `/` in code.
#[derive(Clone, Copy, PartialEq)]
enum Previous {
    /// Start of input, an operator or an opening bracket: `/` starts a regular expression.
    Operator,
    /// A value (name, number, literal, closing bracket): `/` divides.
    Operand,
}

/// Words after which an expression, so possibly a regular expression, starts.
const EXPRESSION_KEYWORDS: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
];

pub fn scan(source: &str) -> Result<Scan, String> {
    let chars: Vec<char> = source.chars().collect();
    let mut state = State::Code;
    let mut previous = Previous::Operator;
    let mut depth = 0usize;
    // Brace depth at each open `${` of a template, innermost last.
    let mut substitutions: Vec<usize> = Vec::new();
    let mut line = 1;
    let mut line_has_code = vec![false];
    let mut keywords = Vec::new();
    // Where the current string, template or comment began.
    let mut state_line = 1;
    // The last code character was a `.`: a following word is a property name.
    let mut after_dot = false;

    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        let next = chars.get(index + 1).copied();
        if c == '\n' {
            match state {
                State::Quoted(_) => return Err(format!("line {line}: unterminated string")),
                State::LineComment => state = State::Code,
                State::Regex { .. } => {
                    return Err(format!("line {line}: unterminated regular expression"))
                }
                _ => {}
            }
            line += 1;
            line_has_code.push(false);
            index += 1;
            continue;
        }
        match state {
            State::Code => {
                if c.is_whitespace() {
                    index += 1;
                    continue;
                }
                if c == '/' && next == Some('/') {
                    state = State::LineComment;
                    index += 2;
                    continue;
                }
                if c == '/' && next == Some('*') {
                    state = State::BlockComment;
                    state_line = line;
                    index += 2;
                    continue;
                }
                line_has_code[line - 1] = true;
                let dot_before = std::mem::replace(&mut after_dot, c == '.');
                match c {
                    '/' if previous == Previous::Operator => {
                        state = State::Regex { in_class: false };
                        state_line = line;
                    }
                    '\'' | '"' => {
                        state = State::Quoted(c);
                        state_line = line;
                    }
                    '`' => {
                        state = State::Template;
                        state_line = line;
                    }
                    '{' => {
                        depth += 1;
                        previous = Previous::Operator;
                    }
                    '}' => {
                        depth = depth.saturating_sub(1);
                        if substitutions.last() == Some(&depth) {
                            substitutions.pop();
                            state = State::Template;
                        }
                        previous = Previous::Operator;
                    }
                    ')' | ']' => previous = Previous::Operand,
                    c if c.is_alphanumeric() || c == '_' || c == '$' => {
                        let start = index;
                        while chars
                            .get(index + 1)
                            .is_some_and(|&c| c.is_alphanumeric() || c == '_' || c == '$')
                        {
                            index += 1;
                        }
                        let word: String = chars[start..=index].iter().collect();
                        let keyword = match word.as_str() {
                            "import" => Some(Keyword::Import),
                            "export" => Some(Keyword::Export),
                            _ => None,
                        };
                        if let (Some(keyword), false) = (keyword, dot_before) {
                            let following = following_non_space(&chars, index + 1);
                            keywords.push(KeywordUse {
                                dynamic: keyword == Keyword::Import
                                    && matches!(following, Some('(' | '.')),
                                keyword,
                                line,
                                starts_line: starts_line(&chars, start),
                                nested: depth > 0,
                            });
                        }
                        previous = if EXPRESSION_KEYWORDS.contains(&word.as_str()) {
                            Previous::Operator
                        } else {
                            Previous::Operand
                        };
                    }
                    _ => previous = Previous::Operator,
                }
            }
            State::LineComment => {}
            State::BlockComment => {
                if c == '*' && next == Some('/') {
                    state = State::Code;
                    index += 1;
                }
            }
            State::Quoted(quote) => {
                if c == '\\' {
                    index += 1;
                    if next == Some('\n') {
                        line += 1;
                        line_has_code.push(false);
                    }
                } else if c == quote {
                    state = State::Code;
                    previous = Previous::Operand;
                }
            }
            State::Template => {
                if c == '\\' {
                    index += 1;
                    if next == Some('\n') {
                        line += 1;
                        line_has_code.push(false);
                    }
                } else if c == '`' {
                    state = State::Code;
                    previous = Previous::Operand;
                } else if c == '$' && next == Some('{') {
                    substitutions.push(depth);
                    depth += 1;
                    state = State::Code;
                    previous = Previous::Operator;
                    index += 1;
                }
            }
            State::Regex { in_class } => match c {
                '\\' => index += 1,
                '[' => state = State::Regex { in_class: true },
                ']' => state = State::Regex { in_class: false },
                '/' if !in_class => {
                    state = State::Code;
                    previous = Previous::Operand;
                }
                _ => {}
            },
        }
        index += 1;
    }
    match state {
        State::Code | State::LineComment => Ok(Scan {
            line_has_code,
            keywords,
        }),
        State::BlockComment => Err(format!("line {state_line}: unterminated /* comment")),
        State::Template => Err(format!("line {state_line}: unterminated template literal")),
        State::Quoted(_) | State::Regex { .. } => {
            Err(format!("line {state_line}: unterminated literal"))
        }
    }
}

fn following_non_space(chars: &[char], index: usize) -> Option<char> {
    chars[index.min(chars.len())..]
        .iter()
        .find(|c| !c.is_whitespace())
        .copied()
}

fn starts_line(chars: &[char], index: usize) -> bool {
    chars[..index]
        .iter()
        .rev()
        .take_while(|c| **c != '\n')
        .all(|c| c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keywords(source: &str) -> Vec<(usize, bool, bool, bool)> {
        scan(source)
            .unwrap()
            .keywords
            .into_iter()
            .map(|k| (k.line, k.starts_line, k.nested, k.dynamic))
            .collect()
    }

    #[test]
    fn finds_statements_but_not_text_that_looks_like_them() {
        let source = "import { a } from './a.js';\n\
                      const s = 'import { b } from \"./b.js\"';\n\
                      const t = `\nexport your map as text ${ `nested ${1}` }\nimport done`;\n\
                      // export const c = 1; then a dot.\n\
                      /* import {\n d } */\n\
                      const r = /export|import['\"`]/g, half = 4 / 2;\n\
                      obj.import(); x.export = 1;\n\
                      export const e = 1;\n";
        assert_eq!(
            keywords(source),
            vec![(1, true, false, false), (11, true, false, false)]
        );
    }

    #[test]
    fn marks_dynamic_nested_and_mid_line_uses() {
        let source = "const m = await import('./m.js');\n\
                      if (x) {\n  export const a = 1;\n}\n\
                      const u = import.meta.url; export function f() {}\n";
        assert_eq!(
            keywords(source),
            vec![
                (1, false, false, true),
                (3, true, true, false),
                (5, false, false, true),
                (5, false, false, false),
            ]
        );
    }

    #[test]
    fn tells_which_lines_hold_code() {
        let scan = scan("// header\n\n/* a\n b */\nlet a = `x\ny`;\n").unwrap();
        assert_eq!(
            scan.line_has_code,
            vec![false, false, false, false, true, true, false]
        );
    }

    #[test]
    fn reports_unterminated_literals() {
        assert_eq!(
            scan("const a = 'open\n").unwrap_err(),
            "line 1: unterminated string"
        );
        assert_eq!(
            scan("\nconst t = `open\n").unwrap_err(),
            "line 2: unterminated template literal"
        );
        assert_eq!(
            scan("/* open\n").unwrap_err(),
            "line 1: unterminated /* comment"
        );
        // A division is not mistaken for the start of a regular expression.
        assert!(scan("const half = (a + b) / 2; const q = x / y / z;\n").is_ok());
    }
}
