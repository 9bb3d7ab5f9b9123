//! The engine's layers, checked: every file under `src/` belongs to the layer its top-level
//! folder names, and may import only from its own layer and the ones below it, with no
//! circle between files. [`LAYERS`] is the one ordered list; `docs/architecture.md` shows
//! the same list, and the check fails when the two differ.
//!
//! Imports are read from the source with `syn`: `use` declarations and paths written inline
//! (`crate::…`, `super::…`, `self::…` and a child module's name), including those inside
//! macro calls. Code compiled only for tests (`#[cfg(test)]`) is left out: a test may build
//! what it checks from any layer, and no library code depends on it. `src/bin/` holds
//! crates of their own, which reach the engine through its public names.

use anyhow::{bail, Context, Result};
use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;
use syn::visit::Visit;

/// The engine's layers from the bottom up; each is a folder of `src/`. The crate root
/// (`src/lib.rs`) stands above them all.
pub const LAYERS: &[&str] = &[
    // Words and numbers: names of option values, numbers written and read, JS arguments.
    "text",
    // The grid, moves and their costs, heuristics.
    "geometry",
    // What searches say: events, status and counters, the record byte, marks, the agent's words.
    "vocabulary",
    // The option values and their defaults.
    "options",
    // The finder catalogue's facts: what each finder is, takes and emits.
    "catalogue",
    // Options checked against the catalogue, why a search cannot start, option fields.
    "checks",
    // The Finder interface, its capabilities, and the parts every finder is built from.
    "finder",
    // The best-first loop and what it shares with the finders above.
    "search",
    // Finders with loops of their own: IDA*, bidirectional, Jump Point Search.
    "finders",
    // Searches in a changing world: LPA*, D* Lite, navigation, walks.
    "dynamic",
    // The finders built from their options.
    "registry",
    // Text formats read and written: maps, scenarios, traces.
    "formats",
    // The page's session: the search on show, the map editor, cell inspection.
    "session",
    // The WebAssembly boundary.
    "wasm",
];

/// Where the architecture document lists the layers, between these two lines.
pub const DOC: &str = "docs/architecture.md";
const DOC_BEGIN: &str = "<!-- layers: begin -->";
const DOC_END: &str = "<!-- layers: end -->";

/// One import of another file of the crate.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Import {
    pub from: String,
    pub line: usize,
    pub path: String,
    pub to: String,
}

/// What the check found.
#[derive(Debug, Default)]
pub struct Report {
    pub files: usize,
    /// Distinct file-to-file imports.
    pub edges: usize,
    pub upward: Vec<String>,
    /// One cycle for each group of files that import each other round circles, with the
    /// size of the group.
    pub circles: Vec<(usize, Vec<String>)>,
    pub unplaced: Vec<String>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.upward.is_empty() && self.circles.is_empty() && self.unplaced.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} files in {} layers, {} imports between files, {} circles, {} upward imports",
            self.files,
            LAYERS.len(),
            self.edges,
            self.circles.len(),
            self.upward.len()
        )?;
        for file in &self.unplaced {
            write!(
                f,
                "\n  {file}: in no layer (add its folder to LAYERS in xtask/src/layers.rs)"
            )?;
        }
        for import in &self.upward {
            write!(f, "\n  {import}")?;
        }
        for (files, cycle) in &self.circles {
            write!(
                f,
                "\n  circle among {files} files, one of them: {}",
                cycle.join(" -> ")
            )?;
        }
        Ok(())
    }
}

/// `cargo xtask test`'s step: the check over `src/` and the document's list of layers.
pub fn check(root: &Path) -> Result<()> {
    let doc = std::fs::read_to_string(root.join(DOC)).with_context(|| format!("reading {DOC}"))?;
    check_doc(&doc)?;
    let report = check_sources(&read_sources(root)?)?;
    println!("layers: {report}");
    if !report.passed() {
        bail!("src/ breaks its layers (see above)");
    }
    Ok(())
}

/// Every `.rs` file under `src/` but `src/bin/`, by its path from the root.
pub fn read_sources(root: &Path) -> Result<Vec<(String, String)>> {
    let mut files = Vec::new();
    let mut dirs = vec![root.join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))?
        {
            let path = entry?.path();
            let relative = path
                .strip_prefix(root)?
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                if relative != "src/bin" {
                    dirs.push(path);
                }
            } else if relative.ends_with(".rs") {
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("reading {relative}"))?;
                files.push((relative, text));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The layers the document lists (the first `name/` in backticks on each list line between
/// the markers) must be [`LAYERS`], in order.
pub fn check_doc(doc: &str) -> Result<()> {
    let begin = doc
        .find(DOC_BEGIN)
        .with_context(|| format!("{DOC} has no `{DOC_BEGIN}` line"))?;
    let end = doc
        .find(DOC_END)
        .with_context(|| format!("{DOC} has no `{DOC_END}` line"))?;
    let listed: Vec<&str> = doc[begin..end]
        .lines()
        .filter(|line| line.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .filter_map(|line| line.split('`').nth(1))
        .map(|name| name.trim_end_matches('/'))
        .collect();
    let mut expected: Vec<&str> = LAYERS.iter().rev().copied().collect();
    if listed.first() == Some(&"lib.rs") {
        expected.insert(0, "lib.rs");
    }
    if listed != expected {
        bail!(
            "{DOC} lists the layers (top first) as {listed:?}, but xtask/src/layers.rs has \
             {expected:?}: change one to match the other"
        );
    }
    Ok(())
}

/// The module path of a file: `src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`, `src/lib.rs`
/// the crate root.
fn module_of(file: &str) -> Option<Vec<String>> {
    let inner = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut parts: Vec<String> = inner.split('/').map(String::from).collect();
    let root = parts == ["lib"];
    if root || parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    Some(parts)
}

/// A file's layer: its index in [`LAYERS`], [`LAYERS`]`.len()` for the crate root; `None`
/// for a file in no layer.
fn layer_of(module: &[String]) -> Option<usize> {
    match module.first() {
        None => Some(LAYERS.len()),
        Some(top) => LAYERS.iter().position(|layer| layer == top),
    }
}

fn layer_name(index: usize) -> &'static str {
    LAYERS.get(index).copied().unwrap_or("the crate root")
}

/// The check over source files given as (path from the root, text).
pub fn check_sources(files: &[(String, String)]) -> Result<Report> {
    let modules: BTreeMap<Vec<String>, &str> = files
        .iter()
        .filter_map(|(file, _)| Some((module_of(file)?, file.as_str())))
        .collect();
    let mut report = Report {
        files: files.len(),
        ..Report::default()
    };
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (file, text) in files {
        let module = module_of(file).with_context(|| format!("{file} is not under src/"))?;
        let Some(layer) = layer_of(&module) else {
            report.unplaced.push(file.clone());
            continue;
        };
        graph.entry(file).or_default();
        for import in imports(file, text, &module, &modules)? {
            let to_module = module_of(&import.to).expect("a file of the crate");
            let to_layer = layer_of(&to_module).unwrap_or(usize::MAX);
            if to_layer > layer {
                report.upward.push(format!(
                    "{}:{}: `{}` runs up from layer {} to layer {} ({})",
                    import.from,
                    import.line,
                    import.path,
                    layer_name(layer),
                    layer_name(to_layer),
                    import.to
                ));
            }
            let to = modules[&to_module];
            graph.entry(file).or_default().insert(to);
        }
    }
    report.edges = graph.values().map(BTreeSet::len).sum();
    report.circles = circles(&graph);
    Ok(report)
}

/// The imports of other files of the crate made by one file's non-test code.
fn imports(
    file: &str,
    text: &str,
    module: &[String],
    modules: &BTreeMap<Vec<String>, &str>,
) -> Result<Vec<Import>> {
    let syntax = syn::parse_file(text).with_context(|| format!("parsing {file}"))?;
    let mut collector = Collector {
        module: module.to_vec(),
        found: Vec::new(),
    };
    collector.visit_file(&syntax);
    let mut imports = Vec::new();
    for (segments, line) in collector.found {
        let shown = segments.join("::");
        let Some(absolute) = absolute(&segments, &collector.module, modules) else {
            continue;
        };
        // The longest prefix that is a file's module is the file imported.
        let target = (0..=absolute.len())
            .rev()
            .find_map(|n| modules.get(&absolute[..n]))
            .expect("the crate root is a file");
        if *target != file {
            imports.push(Import {
                from: file.to_string(),
                line,
                path: shown,
                to: target.to_string(),
            });
        }
    }
    imports.sort();
    imports.dedup();
    Ok(imports)
}

/// A path's module path from the crate root, if it names something in the crate.
fn absolute(
    segments: &[String],
    module: &[String],
    modules: &BTreeMap<Vec<String>, &str>,
) -> Option<Vec<String>> {
    let (first, rest) = segments.split_first()?;
    match first.as_str() {
        "crate" | "$crate" => Some(rest.to_vec()),
        "self" => Some([module, rest].concat()),
        "super" => {
            let mut base = module.to_vec();
            let mut rest = segments;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            Some([base.as_slice(), rest].concat())
        }
        // A child module named by itself (`use jps::JumpPointSearch;` in `finders/mod.rs`).
        _ if segments.len() > 1 => {
            let child = [module, std::slice::from_ref(first)].concat();
            modules
                .contains_key(&child)
                .then(|| [module, segments].concat())
        }
        _ => None,
    }
}

/// Gathers the paths a file's non-test code names, with their lines. Inline modules shift
/// the module that `super::` and `self::` start from.
struct Collector {
    module: Vec<String>,
    found: Vec<(Vec<String>, usize)>,
}

impl Collector {
    fn add(&mut self, segments: Vec<String>, line: usize) {
        if segments.len() > 1 {
            self.found.push((segments, line));
        }
    }

    /// Paths inside a macro's tokens: each `crate`, `$crate`, `super` or `self` followed
    /// by `::` and names.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => self.scan_tokens(group.stream()),
                TokenTree::Ident(ident) if is_path_start(&ident.to_string()) => {
                    let dollar =
                        i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    let mut segments = vec![if dollar {
                        format!("${ident}")
                    } else {
                        ident.to_string()
                    }];
                    let line = ident.span().start().line;
                    let mut j = i + 1;
                    while let (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)), Some(next)) =
                        (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        let TokenTree::Ident(name) = next else { break };
                        segments.push(name.to_string());
                        j += 3;
                    }
                    self.add(segments, line);
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

fn is_path_start(word: &str) -> bool {
    matches!(word, "crate" | "super" | "self")
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if attributes(item).iter().any(test_only) {
            return;
        }
        if let syn::Item::Mod(inline) = item {
            if inline.content.is_some() {
                self.module.push(inline.ident.to_string());
                syn::visit::visit_item_mod(self, inline);
                self.module.pop();
                return;
            }
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Fn(f) => &f.attrs,
            syn::ImplItem::Const(c) => &c.attrs,
            syn::ImplItem::Type(t) => &t.attrs,
            _ => return syn::visit::visit_impl_item(self, item),
        };
        if !attrs.iter().any(test_only) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        flatten_use(&item.tree, Vec::new(), &mut paths);
        for (segments, line) in paths {
            self.add(segments, line);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.first().is_some_and(|s| is_path_start(s)) || segments.len() > 1 {
            let line = path.segments[0].ident.span().start().line;
            self.add(segments, line);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.scan_tokens(mac.tokens.clone());
    }
}

fn attributes(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// Whether an attribute is a `#[cfg(…)]` that holds only when testing.
fn test_only(attribute: &syn::Attribute) -> bool {
    if !attribute.path().is_ident("cfg") {
        return false;
    }
    attribute
        .parse_args::<syn::Meta>()
        .is_ok_and(|meta| needs_test(&meta))
}

/// Whether a cfg predicate can hold only with `test` set.
fn needs_test(meta: &syn::Meta) -> bool {
    let nested = |list: &syn::MetaList| {
        list.parse_args_with(
            syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
        )
        .map(|items| items.into_iter().collect::<Vec<_>>())
        .unwrap_or_default()
    };
    match meta {
        syn::Meta::Path(path) => path.is_ident("test"),
        syn::Meta::List(list) if list.path.is_ident("all") => nested(list).iter().any(needs_test),
        syn::Meta::List(list) if list.path.is_ident("any") => {
            let items = nested(list);
            !items.is_empty() && items.iter().all(needs_test)
        }
        _ => false,
    }
}

/// Every path a `use` tree names, with its line.
fn flatten_use(tree: &syn::UseTree, prefix: Vec<String>, out: &mut Vec<(Vec<String>, usize)>) {
    let with = |name: &syn::Ident| {
        let mut path = prefix.clone();
        path.push(name.to_string());
        path
    };
    match tree {
        syn::UseTree::Path(p) => flatten_use(&p.tree, with(&p.ident), out),
        syn::UseTree::Name(n) => out.push((with(&n.ident), n.ident.span().start().line)),
        syn::UseTree::Rename(r) => out.push((with(&r.ident), r.ident.span().start().line)),
        syn::UseTree::Glob(g) => out.push((prefix.clone(), g.star_token.span.start().line)),
        syn::UseTree::Group(g) => {
            for item in &g.items {
                flatten_use(item, prefix.clone(), out);
            }
        }
    }
}

/// Every circle of imports between files: one cycle named in each strongly connected group
/// of more than one file, with the group's size.
fn circles(graph: &BTreeMap<&str, BTreeSet<&str>>) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    for group in strongly_connected(graph) {
        if group.len() < 2 {
            continue;
        }
        let start = *group.iter().next().expect("a group has members");
        found.push((group.len(), cycle_through(graph, &group, start)));
    }
    found
}

/// Tarjan's strongly connected components, iteratively.
fn strongly_connected<'a>(graph: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Vec<BTreeSet<&'a str>> {
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut low: BTreeMap<&str, usize> = BTreeMap::new();
    let mut stack: Vec<&str> = Vec::new();
    let mut on_stack: BTreeSet<&str> = BTreeSet::new();
    let mut groups = Vec::new();
    let empty = BTreeSet::new();
    for &root in graph.keys() {
        if index.contains_key(root) {
            continue;
        }
        // (node, its successors still to visit)
        let mut work: Vec<(&str, Vec<&str>)> = Vec::new();
        let visit = |node: &'a str,
                     index: &mut BTreeMap<&'a str, usize>,
                     low: &mut BTreeMap<&'a str, usize>,
                     stack: &mut Vec<&'a str>,
                     on_stack: &mut BTreeSet<&'a str>| {
            let n = index.len();
            index.insert(node, n);
            low.insert(node, n);
            stack.push(node);
            on_stack.insert(node);
            let successors: Vec<&str> = graph
                .get(node)
                .unwrap_or(&empty)
                .iter()
                .rev()
                .copied()
                .collect();
            (node, successors)
        };
        work.push(visit(root, &mut index, &mut low, &mut stack, &mut on_stack));
        while let Some((node, successors)) = work.last_mut() {
            let node = *node;
            if let Some(next) = successors.pop() {
                if !index.contains_key(next) {
                    work.push(visit(next, &mut index, &mut low, &mut stack, &mut on_stack));
                } else if on_stack.contains(next) {
                    let lowest = low[node].min(index[next]);
                    low.insert(node, lowest);
                }
                continue;
            }
            work.pop();
            if let Some((parent, _)) = work.last() {
                let lowest = low[*parent].min(low[node]);
                low.insert(parent, lowest);
            }
            if low[node] == index[node] {
                let mut group = BTreeSet::new();
                while let Some(member) = stack.pop() {
                    on_stack.remove(member);
                    group.insert(member);
                    if member == node {
                        break;
                    }
                }
                groups.push(group);
            }
        }
    }
    groups
}

/// A shortest cycle from `start` back to itself within `group`, by breadth-first search.
fn cycle_through(
    graph: &BTreeMap<&str, BTreeSet<&str>>,
    group: &BTreeSet<&str>,
    start: &str,
) -> Vec<String> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &next in graph.get(node).into_iter().flatten() {
            if !group.contains(next) {
                continue;
            }
            if next == start {
                // Back from `node` to `start` along the search, then turned around.
                let mut cycle = vec![start.to_string()];
                let mut at = node;
                while at != start {
                    cycle.push(at.to_string());
                    at = came_from[at];
                }
                cycle.push(start.to_string());
                cycle.reverse();
                return cycle;
            }
            if next != start && !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    unreachable!("every member of a strongly connected group lies on a cycle")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect()
    }

    fn report(list: &[(&str, &str)]) -> Report {
        check_sources(&files(list)).unwrap()
    }

    const ROOT: (&str, &str) = ("src/lib.rs", "pub mod text;\npub mod geometry;\n");

    #[test]
    fn an_import_from_a_higher_layer_is_named_with_its_file_and_line() {
        let report = report(&[
            ROOT,
            ("src/text/mod.rs", "pub mod names;\n"),
            (
                "src/text/names.rs",
                "use std::fmt;\n\nuse crate::geometry::grid::{Grid, Point};\n",
            ),
            ("src/geometry/mod.rs", "pub mod grid;\n"),
            // Downward: allowed.
            ("src/geometry/grid.rs", "use crate::text::number::Number;\n"),
            ("src/text/number.rs", ""),
        ]);
        assert_eq!(
            report.upward,
            ["Grid", "Point"].map(|name| format!(
                "src/text/names.rs:3: `crate::geometry::grid::{name}` runs up from layer text \
                 to layer geometry (src/geometry/grid.rs)"
            ))
        );
        assert!(report.circles.is_empty());
        assert!(!report.passed());
    }

    #[test]
    fn inline_paths_and_paths_in_macro_calls_count_as_imports() {
        let report = report(&[
            ROOT,
            ("src/text/mod.rs", ""),
            (
                "src/text/a.rs",
                "fn f() -> bool {\n    let x = 1;\n    matches!(x, crate::geometry::B)\n}\n",
            ),
            (
                "src/text/b.rs",
                "fn g() { let _ = crate::geometry::grid::Grid::new(); }\n",
            ),
            ("src/geometry/mod.rs", "pub mod grid;\n"),
            ("src/geometry/grid.rs", ""),
        ]);
        assert_eq!(report.upward.len(), 2, "{report}");
        assert!(report.upward[0].starts_with("src/text/a.rs:3:"), "{report}");
        assert!(report.upward[1].starts_with("src/text/b.rs:1:"), "{report}");
    }

    #[test]
    fn test_code_may_reach_any_layer() {
        let report = report(&[
            ROOT,
            ("src/text/mod.rs", "pub mod names;\n"),
            (
                "src/text/names.rs",
                "#[cfg(test)]\nmod tests {\n    use crate::geometry::grid::Grid;\n}\n\
                 #[cfg(all(test, not(target_arch = \"wasm32\")))]\nuse crate::geometry::grid;\n",
            ),
            ("src/geometry/mod.rs", "pub mod grid;\n"),
            ("src/geometry/grid.rs", ""),
        ]);
        assert!(report.passed(), "{report}");
        // `not(test)` is library code.
        let report = self::report(&[
            ROOT,
            ("src/text/mod.rs", ""),
            (
                "src/text/a.rs",
                "#[cfg(not(test))]\nuse crate::geometry::grid::Grid;\n",
            ),
            ("src/geometry/mod.rs", "pub mod grid;\n"),
            ("src/geometry/grid.rs", ""),
        ]);
        assert_eq!(report.upward.len(), 1, "{report}");
    }

    #[test]
    fn a_circle_within_a_layer_is_reported_as_a_cycle() {
        let report = report(&[
            ROOT,
            (
                "src/geometry/mod.rs",
                "pub mod a;\npub mod b;\npub mod c;\n",
            ),
            ("src/geometry/a.rs", "use super::b::B;\n"),
            ("src/geometry/b.rs", "use crate::geometry::c::C;\n"),
            ("src/geometry/c.rs", "pub fn f() { super::a::g() }\n"),
        ]);
        assert!(report.upward.is_empty(), "{report}");
        let cycle = [
            "src/geometry/a.rs",
            "src/geometry/b.rs",
            "src/geometry/c.rs",
            "src/geometry/a.rs",
        ];
        assert_eq!(report.circles, [(3, cycle.map(String::from).to_vec())]);
    }

    #[test]
    fn a_child_module_named_by_itself_and_a_root_re_export_resolve_to_their_files() {
        let report = report(&[
            ("src/lib.rs", "pub mod text;\npub use text::a::A;\n"),
            ("src/text/mod.rs", "mod a;\npub use a::A;\n"),
            ("src/text/a.rs", "use crate::A;\n"),
        ]);
        // text/a.rs reaches the crate root, above every layer, which reaches it back.
        assert_eq!(report.upward.len(), 1, "{report}");
        assert!(
            report.upward[0].contains("to layer the crate root"),
            "{report}"
        );
        assert_eq!(report.circles.len(), 1, "{report}");
        // The root and text/mod.rs reach text/a.rs, which reaches the root.
        assert_eq!(report.edges, 3);
    }

    #[test]
    fn a_file_outside_the_layers_is_refused() {
        let report = report(&[ROOT, ("src/stray.rs", "")]);
        assert_eq!(report.unplaced, ["src/stray.rs"]);
        assert!(!report.passed());
    }

    #[test]
    fn the_document_must_list_the_layers_of_the_table_in_order() {
        let listed = |names: Vec<&str>| {
            let lines: Vec<String> = (names.iter().enumerate())
                .map(|(i, name)| format!("{}. `{name}/`: what it holds", i + 1))
                .collect();
            format!(
                "# Architecture\n\n{DOC_BEGIN}\n{}\n{DOC_END}\n",
                lines.join("\n")
            )
        };
        let top_first: Vec<&str> = LAYERS.iter().rev().copied().collect();
        assert!(check_doc(&listed(top_first.clone())).is_ok());
        let mut swapped = top_first.clone();
        swapped.swap(0, 1);
        let refused = check_doc(&listed(swapped)).unwrap_err().to_string();
        assert!(refused.contains("xtask/src/layers.rs"), "{refused}");
        assert!(check_doc(&listed(top_first[1..].to_vec())).is_err());
        assert!(check_doc("# Architecture\n").is_err());
    }

    /// The engine as it is: no circle, nothing imported from above, its document in step.
    #[test]
    fn the_engine_keeps_its_layers() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let report = check_sources(&read_sources(&root).unwrap()).unwrap();
        assert!(report.passed(), "{report}");
        assert!(report.files > 40 && report.edges > 100, "{report}");
        check_doc(&std::fs::read_to_string(root.join(DOC)).unwrap()).unwrap();
    }
}
