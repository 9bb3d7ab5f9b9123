//! Keeps the README and the guides in docs/ true to the repository: every relative link and
//! image names a file that exists, every `#fragment` names a heading of the file it points
//! to, and every file path written as code (`src/...`, `www/...`, `tests/...`) exists. Run
//! with xtask's own tests, so `cargo xtask test` fails when a file moves and a guide does not
//! follow.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

/// The Markdown files a reader of the repository starts from: the README and docs/*.md.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("reading docs/")
        .map(|entry| entry.expect("reading docs/").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
}

/// The text a reader sees as prose, and the inline code spans, of `markdown`: fenced code
/// blocks belong to neither. A code span may run over a line break, not over a blank line.
fn prose_and_code(markdown: &str) -> (String, Vec<String>) {
    let (mut prose, mut spans) = (String::new(), Vec::new());
    let mut span: Option<String> = None;
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.trim().is_empty() {
            // An unclosed backtick was a backtick, not the start of a span.
            if let Some(open) = span.take() {
                prose.push('`');
                prose.push_str(&open);
            }
        }
        for c in line.chars() {
            match (c, &mut span) {
                ('`', None) => span = Some(String::new()),
                ('`', Some(_)) => spans.extend(span.take()),
                (c, Some(code)) => code.push(c),
                (c, None) => prose.push(c),
            }
        }
        match &mut span {
            Some(code) => code.push(' '),
            None => prose.push('\n'),
        }
    }
    (prose, spans)
}

/// The folders whose files the guides name as code, `src/walk.rs` for instance.
const REPOSITORY_FOLDERS: [&str; 6] = ["src/", "www/", "tests/", "xtask/", "benches/", "docs/"];

/// The inline code spans of `markdown` that name a file or folder of the repository (a
/// pattern such as `www/*.png` or `src/finders/<name>.rs` names none).
fn repository_paths(markdown: &str) -> Vec<String> {
    let (_, spans) = prose_and_code(markdown);
    spans
        .into_iter()
        .filter(|span| {
            REPOSITORY_FOLDERS.iter().any(|f| span.starts_with(f))
                && !span.contains([' ', '*', '<'])
        })
        .collect()
}

/// The targets of the inline links and images in `markdown`: what `[text](target)` and
/// `![alt](target)` point to.
fn link_targets(markdown: &str) -> Vec<String> {
    let (text, _) = prose_and_code(markdown);
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let end = rest.find([')', ' ', '\n'])?;
            Some(rest[..end].to_string())
        })
        .collect()
}

/// GitHub's anchor for a heading: lower case, the text of any link, no punctuation but `-`
/// and `_`, spaces as `-`.
fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // [text](url) reads as its text.
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    text.push_str(rest);
    text.chars()
        .flat_map(char::to_lowercase)
        .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a file's headings, a repeated one numbered as GitHub numbers it.
fn anchors(markdown: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !fenced) else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = slug(heading.trim());
        let mut anchor = base.clone();
        let mut n = 0;
        while found.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        found.insert(anchor);
    }
    found
}

/// `path` with `.` and `..` worked out, without asking the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// What is wrong with the relative links and the file paths of `file`, one line each.
fn broken_links(root: &Path, file: &Path) -> Vec<String> {
    let markdown = std::fs::read_to_string(file).expect("reading a document");
    let name = file
        .strip_prefix(root)
        .unwrap_or(file)
        .display()
        .to_string();
    let mut problems: Vec<String> = repository_paths(&markdown)
        .into_iter()
        .filter(|path| !root.join(path).exists())
        .map(|path| format!("{name}: `{path}`: no such file in the repository"))
        .collect();
    for target in link_targets(&markdown) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, fragment) = match target.split_once('#') {
            Some((path, fragment)) => (path, Some(fragment)),
            None => (target.as_str(), None),
        };
        let destination = if path.is_empty() {
            file.to_path_buf()
        } else {
            normalise(&file.parent().expect("a document is in a folder").join(path))
        };
        if !destination.exists() {
            problems.push(format!("{name}: `{target}`: no such file"));
            continue;
        }
        if let Some(fragment) = fragment {
            let headings = match std::fs::read_to_string(&destination) {
                Ok(text) if destination.extension().is_some_and(|ext| ext == "md") => {
                    anchors(&text)
                }
                _ => HashSet::new(),
            };
            if !headings.contains(fragment) {
                problems.push(format!("{name}: `{target}`: no heading with that anchor"));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_link_and_file_path_of_the_readme_and_the_guides_resolves() {
        let root = crate::repository_root();
        let problems: Vec<String> = documents(&root)
            .iter()
            .flat_map(|file| broken_links(&root, file))
            .collect();
        assert!(
            problems.is_empty(),
            "broken links:\n{}",
            problems.join("\n")
        );
    }

    #[test]
    fn a_missing_file_heading_or_path_is_reported_and_code_is_not_read_as_links() {
        let dir = std::env::temp_dir().join(format!("xtask-doc-links-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        std::fs::write(
            dir.join("docs").join("guide.md"),
            "# Guide\n\n## The D\\* Lite [map](x.md)\n",
        )
        .unwrap();
        let readme = dir.join("README.md");
        std::fs::write(
            &readme,
            "# Top\n\n[ok](docs/guide.md#the-d-lite-map) [self](#top) ![pic](docs/none.png)\n\
             [gone](docs/guide.md#nowhere) `[code](nothing.md)`\n```\n[fenced](nothing.md)\n\
             `src/fenced.rs`\n```\n[site](https://example.org/missing.md) `docs/guide.md`\n\
             `src/gone.rs` and `www/*.png`, a span `run over\n\
             two lines` before src/prose.rs `docs/`\n",
        )
        .unwrap();
        let problems = broken_links(&dir, &readme);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            problems,
            [
                "README.md: `src/gone.rs`: no such file in the repository",
                "README.md: `docs/none.png`: no such file",
                "README.md: `docs/guide.md#nowhere`: no heading with that anchor",
            ]
        );
    }

    #[test]
    fn anchors_follow_githubs_rules() {
        let found = anchors("# Verdicts at the file's precision\n## Ties\n## Ties\n## 中文 B\n");
        for anchor in [
            "verdicts-at-the-files-precision",
            "ties",
            "ties-1",
            "中文-b",
        ] {
            assert!(found.contains(anchor), "{anchor} in {found:?}");
        }
    }
}
