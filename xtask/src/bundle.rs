//! Turns the page's ES modules into one classic script, for the dist file: browsers refuse
//! module scripts on `file://` pages.
//!
//! It is not a JavaScript parser. It relies on the module rules the page follows (one-line
//! `import { a, b as c } from './x.js';` statements at the top, `export` only directly before
//! `function`, `async function`, `const` or `class`, at the start of a line) and refuses
//! anything else with a message naming the file and line, so a rule broken by accident
//! fails the build instead of producing a page that breaks at run time.
//!
//! Each module becomes an async function run once, dependencies first (the order browsers
//! evaluate a module graph in), that returns its exports; an import becomes a `const`
//! destructuring of the exports object of an already evaluated module. Exported functions,
//! classes and consts are never reassigned, so these copies equal live bindings.

use crate::js_scan::{self, Keyword};
use anyhow::{anyhow, bail, Result};
use std::collections::HashMap;

/// Where the module objects live in the bundle (unlikely to clash with page code).
const REGISTRY: &str = "__pageModules";

/// A module as read from disk: its name relative to the module folder, e.g. `app.js`.
struct Module {
    name: String,
    imports: Vec<Import>,
    exports: Vec<String>,
    /// The source with `import` lines turned into destructurings and `export ` removed.
    body: String,
}

struct Import {
    line: usize,
    /// Resolved module name, relative to the module folder.
    from: String,
    /// (exported name, local name)
    names: Vec<(String, String)>,
}

/// Bundles the module graph starting at `entry` (a path such as `www/app.js`); imports may
/// reach files in the entry's folder and below. `read(path)` returns a module's source.
pub fn bundle(entry: &str, mut read: impl FnMut(&str) -> Result<String>) -> Result<String> {
    let folder = entry.rsplit_once('/').map_or("", |(folder, _)| folder);
    let mut graph = Graph {
        folder,
        read: &mut read,
        modules: HashMap::new(),
        order: Vec::new(),
    };
    graph.visit(entry, &mut Vec::new())?;
    let Graph { modules, order, .. } = graph;

    let mut script = String::new();
    script.push_str("(async function () {\n'use strict';\n");
    script.push_str(&format!("const {REGISTRY} = {{}};\n"));
    for name in &order {
        let module = &modules[name];
        script.push_str(&format!(
            "\n// ---- {name}\n{REGISTRY}[{}] = await (async function () {{\n",
            js_string(name)
        ));
        script.push_str(&module.body);
        if !module.body.ends_with('\n') {
            script.push('\n');
        }
        script.push_str(&format!(
            "return {{ {} }};\n}})();\n",
            module.exports.join(", ")
        ));
    }
    script.push_str("})();\n");
    Ok(script)
}

/// The modules read so far, in evaluation order.
struct Graph<'a, R> {
    folder: &'a str,
    read: &'a mut R,
    modules: HashMap<String, Module>,
    order: Vec<String>,
}

impl<R: FnMut(&str) -> Result<String>> Graph<'_, R> {
    /// Depth-first, dependencies before dependents; `path` is the chain being visited (to
    /// report import cycles, which copied bindings cannot represent).
    fn visit(&mut self, name: &str, path: &mut Vec<String>) -> Result<()> {
        if let Some(start) = path.iter().position(|visiting| visiting == name) {
            let mut cycle = path[start..].to_vec();
            cycle.push(name.to_string());
            bail!(
                "import cycle {}: the single-file build needs modules that do not import \
                 each other in a circle",
                cycle.join(" -> ")
            );
        }
        if self.modules.contains_key(name) {
            return Ok(());
        }
        let source = (self.read)(name)?;
        let module = parse_module(self.folder, name, &source)?;
        path.push(name.to_string());
        for import in &module.imports {
            self.visit(&import.from, path)?;
            let target = &self.modules[&import.from];
            for (exported, _) in &import.names {
                if !target.exports.contains(exported) {
                    bail!(
                        "{name} line {}: imports `{exported}` from {}, which exports only: {}",
                        import.line,
                        import.from,
                        list_or_none(&target.exports)
                    );
                }
            }
        }
        path.pop();
        self.order.push(name.to_string());
        self.modules.insert(name.to_string(), module);
        Ok(())
    }
}

fn parse_module(folder: &str, name: &str, source: &str) -> Result<Module> {
    let scan = js_scan::scan(source).map_err(|error| anyhow!("{name} {error}"))?;
    let mut import_lines = Vec::new();
    let mut export_lines = Vec::new();
    for found in &scan.keywords {
        let word = match found.keyword {
            Keyword::Import => "import",
            Keyword::Export => "export",
        };
        let problem = if found.dynamic {
            "dynamic `import(...)` and `import.meta` are not supported: the single-file \
             build has no module loader"
        } else if found.nested {
            "imports and exports belong at the top level"
        } else if !found.starts_line {
            "an `import` or `export` statement must start its own line"
        } else {
            match found.keyword {
                Keyword::Import => &mut import_lines,
                Keyword::Export => &mut export_lines,
            }
            .push(found.line);
            continue;
        };
        bail!("{name} line {}: {problem} (found `{word}`)", found.line);
    }

    let mut imports: Vec<Import> = Vec::new();
    let mut exports: Vec<String> = Vec::new();
    let mut body = String::with_capacity(source.len());
    // Imports may follow only blank lines, comments and other imports.
    let mut first_statement = None;
    for (index, line) in source.lines().enumerate() {
        let number = index + 1;
        let at = |message: String| anyhow!("{name} line {number}: {message}");
        let mut output = line.to_string();
        if import_lines.contains(&number) {
            if let Some(statement) = first_statement {
                return Err(at(format!(
                    "`import` statements must come before any other code (line {statement} \
                     has code)"
                )));
            }
            let import = parse_import(folder, name, number, line).map_err(at)?;
            output = destructuring(&import);
            imports.push(import);
        } else if scan.line_has_code[index] && first_statement.is_none() {
            first_statement = Some(number);
        }
        if export_lines.contains(&number) {
            let indent = &line[..line.len() - line.trim_start().len()];
            let declaration = line.trim_start()["export".len()..].trim_start();
            let exported = exported_name(declaration).map_err(at)?;
            if exports.contains(&exported) {
                return Err(at(format!("`{exported}` is exported twice")));
            }
            exports.push(exported);
            output = format!("{indent}{declaration}");
        }
        body.push_str(&output);
        body.push('\n');
    }
    check_unique_imports(Module {
        name: name.to_string(),
        imports,
        exports,
        body,
    })
}

/// `const { a, b: c } = registry["x.js"];` for `import { a, b as c } from './x.js';`
fn destructuring(import: &Import) -> String {
    let names: Vec<String> = import
        .names
        .iter()
        .map(|(exported, local)| {
            if exported == local {
                local.clone()
            } else {
                format!("{exported}: {local}")
            }
        })
        .collect();
    format!(
        "const {{ {} }} = {REGISTRY}[{}];",
        names.join(", "),
        js_string(&import.from)
    )
}

fn check_unique_imports(module: Module) -> Result<Module> {
    let mut locals: Vec<&str> = Vec::new();
    for import in &module.imports {
        for (_, local) in &import.names {
            if locals.contains(&local.as_str()) {
                bail!(
                    "{} line {}: `{local}` is imported twice",
                    module.name,
                    import.line
                );
            }
            locals.push(local);
        }
    }
    Ok(module)
}

/// `import { a, b as c } from './x.js';` with the module path resolved against `importer`.
fn parse_import(folder: &str, importer: &str, number: usize, line: &str) -> Result<Import, String> {
    const FORM: &str = "imports must read `import { a, b as c } from './file.js';` on one line";
    let rest = line
        .trim()
        .strip_prefix("import")
        .unwrap_or_default()
        .trim_start();
    let Some(rest) = rest.strip_prefix('{') else {
        return Err(format!(
            "{FORM} (default and namespace imports are not supported)"
        ));
    };
    let Some((list, rest)) = rest.split_once('}') else {
        return Err(FORM.into());
    };
    let Some(rest) = rest.trim_start().strip_prefix("from") else {
        return Err(FORM.into());
    };
    let rest = rest.trim();
    let rest = rest.strip_suffix(';').unwrap_or(rest).trim_end();
    let specifier = match (rest.chars().next(), rest.chars().last()) {
        (Some(open @ ('\'' | '"')), Some(close)) if open == close && rest.len() >= 2 => {
            &rest[1..rest.len() - 1]
        }
        _ => return Err(FORM.into()),
    };
    let from = resolve_specifier(folder, importer, specifier)?;

    let mut names = Vec::new();
    for item in list
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let words: Vec<&str> = item.split_whitespace().collect();
        let (exported, local) = match words.as_slice() {
            [name] => (*name, *name),
            [name, "as", local] => (*name, *local),
            _ => return Err(format!("cannot read the imported name `{item}`; {FORM}")),
        };
        for word in [exported, local] {
            if !is_identifier(word) || word == "default" {
                return Err(format!(
                    "`{word}` is not a name that can be imported; {FORM}"
                ));
            }
        }
        names.push((exported.to_string(), local.to_string()));
    }
    if names.is_empty() {
        return Err(format!(
            "the import from '{specifier}' names nothing; {FORM}"
        ));
    }
    Ok(Import {
        line: number,
        from,
        names,
    })
}

/// Resolves `./x.js` or `../dir/x.js` against the importing module's folder; the result must
/// stay inside `folder`, the entry module's folder.
fn resolve_specifier(folder: &str, importer: &str, specifier: &str) -> Result<String, String> {
    if !(specifier.starts_with("./") || specifier.starts_with("../")) || !specifier.ends_with(".js")
    {
        return Err(format!(
            "imports must be relative paths to .js files in the page's folder, like './x.js' \
             (got '{specifier}')"
        ));
    }
    let outside = || {
        format!(
            "'{specifier}' is outside the page's module folder; only engine.js may import the \
             generated bindings (the single-file build replaces it)"
        )
    };
    let mut parts: Vec<&str> = importer.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop().ok_or_else(outside)?;
            }
            part => parts.push(part),
        }
    }
    let resolved = parts.join("/");
    if !folder.is_empty() && !resolved.starts_with(&format!("{folder}/")) {
        return Err(outside());
    }
    Ok(resolved)
}

/// The name declared after `export `.
fn exported_name(declaration: &str) -> Result<String, String> {
    const FORMS: &str = "only `export function`, `export async function`, `export const` and \
                         `export class` are supported";
    let mut rest = declaration;
    let mut keyword = "";
    for candidate in ["async function", "function", "const", "class"] {
        if let Some(after) = strip_word(rest, candidate) {
            keyword = candidate;
            rest = after;
            break;
        }
    }
    if keyword.is_empty() {
        let first = declaration.split_whitespace().next().unwrap_or_default();
        return Err(format!("unsupported `export {first}`: {FORMS}"));
    }
    if keyword.ends_with("function") {
        rest = rest.trim_start().strip_prefix('*').unwrap_or(rest);
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(rest.len());
    let name = &rest[..end];
    if !is_identifier(name) {
        return Err(format!(
            "cannot read the exported name after `export {keyword}` (destructuring and \
             several names in one declaration are not supported): {FORMS}"
        ));
    }
    if keyword == "const" && !rest[end..].trim_start().starts_with('=') {
        return Err(format!(
            "`export const {name}` must be followed by `= value`"
        ));
    }
    Ok(name.to_string())
}

fn strip_word<'a>(text: &'a str, words: &str) -> Option<&'a str> {
    let mut rest = text;
    for word in words.split(' ') {
        rest = rest.trim_start();
        let after = rest.strip_prefix(word)?;
        if after
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
        {
            return None;
        }
        rest = after;
    }
    Some(rest)
}

fn is_identifier(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

fn js_string(text: &str) -> String {
    serde_json::to_string(text).expect("strings always serialise")
}

fn list_or_none(names: &[String]) -> String {
    if names.is_empty() {
        "(nothing)".into()
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bundles `www/app.js` from files given by their names inside www/.
    fn bundle_of(files: &[(&str, &str)]) -> Result<String> {
        bundle("www/app.js", |path| {
            let name = path.strip_prefix("www/").expect("modules stay in www/");
            files
                .iter()
                .find(|(file, _)| *file == name)
                .map(|(_, source)| source.to_string())
                .ok_or_else(|| anyhow::anyhow!("{path} not found"))
        })
    }

    fn error_of(files: &[(&str, &str)]) -> String {
        format!(
            "{:#}",
            bundle_of(files).expect_err("the bundle should be refused")
        )
    }

    #[test]
    fn orders_dependencies_first_and_rewrites_imports_and_exports() {
        let script = bundle_of(&[
            (
                "app.js",
                "// The page.\nimport { draw } from './view.js';\nimport { a as alpha, b } from './lib/util.js';\n\nconst engine = await draw(alpha + b);\n",
            ),
            (
                "view.js",
                "import { a } from './lib/util.js';\n\nexport async function draw(x) {\n  return x + a;\n}\n",
            ),
            (
                "lib/util.js",
                "/* Shared\n   helpers. */\nexport const a = 1;\nexport const b = 2;\nexport function* steps() {}\nexport class Grid {}\n",
            ),
        ])
        .unwrap();
        let util = script.find("// ---- www/lib/util.js").unwrap();
        let view = script.find("// ---- www/view.js").unwrap();
        let app = script.find("// ---- www/app.js").unwrap();
        assert!(util < view && view < app, "{script}");
        assert!(script.contains("const { draw } = __pageModules[\"www/view.js\"];"));
        assert!(script.contains("const { a: alpha, b } = __pageModules[\"www/lib/util.js\"];"));
        assert!(script.contains("\nasync function draw(x) {\n"));
        assert!(script.contains("return { a, b, steps, Grid };"));
        assert!(script.contains("return {  };") || script.contains("return { };"));
        assert!(!script.contains("export "));
        assert!(!script.contains("import "));
    }

    #[test]
    fn evaluates_in_node_like_the_module_graph() {
        let Some(node) = crate::process::find_on_path("node") else {
            eprintln!("node is not installed: the evaluation half of this test needs it");
            assert!(!crate::on_ci(), "CI must have node");
            return;
        };
        let script = bundle_of(&[
            (
                "app.js",
                "import { log, twice } from './log.js';\nlog.push('app ' + twice(21));\nglobalThis.done(log);\n",
            ),
            (
                "log.js",
                "export const log = ['log'];\nexport function twice(x) { return 2 * x; }\n",
            ),
        ])
        .unwrap();
        let program = format!("globalThis.done = (log) => console.log(log.join(','));\n{script}");
        let output = std::process::Command::new(node)
            .args(["-e", &program])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "log,app 42");
    }

    #[test]
    fn refuses_forms_the_rules_exclude() {
        let cases: &[(&str, &str)] = &[
            ("import x from './b.js';\n", "default and namespace imports"),
            (
                "import * as b from './b.js';\n",
                "default and namespace imports",
            ),
            ("import { x }\n  from './b.js';\n", "on one line"),
            ("import { x } from 'lodash';\n", "relative paths"),
            ("import { x } from '../pkg/x.js';\n", "only engine.js"),
            ("import { x } from '../../x.js';\n", "only engine.js"),
            (
                "const a = 1;\nimport { x } from './b.js';\n",
                "must come before any other code",
            ),
            (
                "const m = await import('./b.js');\n",
                "dynamic `import(...)`",
            ),
            ("const url = import.meta.url;\n", "dynamic `import(...)`"),
            (
                "export default function f() {}\n",
                "unsupported `export default`",
            ),
            ("export { f };\n", "unsupported `export {`"),
            ("export * from './b.js';\n", "unsupported `export *`"),
            ("export let n = 1;\n", "unsupported `export let`"),
            ("export const { a, b } = o;\n", "destructuring"),
            ("export const a;\n", "= value"),
            (
                "if (x) {\n  export const a = 1;\n}\n",
                "belong at the top level",
            ),
            (
                "const a = 1; export const b = 2;\n",
                "must start its own line",
            ),
            ("const s = 'open;\n", "unterminated string"),
            (
                "export const a = 1;\nexport function a() {}\n",
                "exported twice",
            ),
            ("import { x } from './b.js';\n", "exports only: y"),
            ("import { y, y } from './b.js';\n", "imported twice"),
        ];
        for (app, expected) in cases {
            let message = error_of(&[("app.js", app), ("b.js", "export const y = 1;\n")]);
            assert!(
                message.contains(expected),
                "for {app:?} expected {expected:?} in: {message}"
            );
            assert!(message.starts_with("www/app.js line "), "{message}");
        }
    }

    #[test]
    fn reports_cycles_and_missing_files() {
        let cycle = error_of(&[
            ("app.js", "import { b } from './b.js';\n"),
            ("b.js", "import { c } from './c.js';\nexport const b = 1;\n"),
            ("c.js", "import { b } from './b.js';\nexport const c = 1;\n"),
        ]);
        assert!(
            cycle.contains("import cycle www/b.js -> www/c.js -> www/b.js"),
            "{cycle}"
        );
        let missing = error_of(&[("app.js", "import { b } from './gone.js';\n")]);
        assert!(missing.contains("www/gone.js not found"), "{missing}");
        // A path that leaves the folder and comes back is still inside it.
        assert!(bundle_of(&[
            ("app.js", "import { y } from '../www/b.js';\n"),
            ("b.js", "export const y = 1;\n"),
        ])
        .is_ok());
    }

    #[test]
    fn leaves_lookalikes_in_strings_and_names_alone() {
        let script = bundle_of(&[(
            "app.js",
            "const help = `\nexport your map as text,\n  import one back`;\nconst reimport = () => 1;\nobj.import(1);\n",
        )])
        .unwrap();
        assert!(script.contains("export your map as text"));
    }
}
