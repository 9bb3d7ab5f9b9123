//! Node.js and the npm packages the tooling uses (playwright-core for the browser tests,
//! binaryen's wasm-opt for the dist file, gifenc for the page's animation export),
//! installed with `npm ci` from the lockfile in tests/e2e.

use crate::process;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const PACKAGE_DIR: &str = "tests/e2e";
/// Copy of package.json and package-lock.json as last installed: when both are unchanged,
/// `npm ci` (which always starts from scratch) is skipped.
const INSTALLED_STAMP: &str = "node_modules/.installed-from-lockfile";
/// ES modules of npm packages the page imports, copied from node_modules to www/vendor/
/// (not committed: the lockfile pins them): (file in node_modules, file in the repository).
/// A minified module's closing `export { a as b, ... }` is put on lines of its own, one
/// `export const` each, the form the single-file bundler reads.
const VENDORED: &[(&str, &str)] = &[("gifenc/dist/gifenc.esm.js", "www/vendor/gifenc.js")];
/// playwright-core's minimum.
const MIN_NODE_MAJOR: u32 = 20;

/// Checks that Node.js (new enough) and npm are on PATH.
pub fn check_node() -> Result<()> {
    let help = "install Node.js 20 or newer (with npm) from https://nodejs.org or your \
                system's packages";
    let version = process::probe("node", &["--version"])
        .with_context(|| format!("Node.js (`node`) was not found: {help}"))?;
    let major: u32 = version
        .trim()
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|major| major.parse().ok())
        .with_context(|| format!("cannot read the Node.js version `{}`", version.trim()))?;
    if major < MIN_NODE_MAJOR {
        bail!("Node.js {} is too old: {help}", version.trim());
    }
    if process::find_on_path("npm").is_none() {
        bail!(
            "npm was not found next to Node.js {}: {help}",
            version.trim()
        );
    }
    Ok(())
}

/// Installs tests/e2e's packages if the lockfile changed since the last install; returns
/// the node_modules folder.
pub fn install(root: &Path) -> Result<PathBuf> {
    let dir = root.join(PACKAGE_DIR);
    let manifest = std::fs::read_to_string(dir.join("package.json"))
        .with_context(|| format!("reading {PACKAGE_DIR}/package.json"))?;
    let lockfile = std::fs::read_to_string(dir.join("package-lock.json"))
        .with_context(|| format!("reading {PACKAGE_DIR}/package-lock.json"))?;
    let fingerprint = format!("{manifest}\n{lockfile}");
    let stamp = dir.join(INSTALLED_STAMP);
    if std::fs::read_to_string(&stamp).is_ok_and(|installed| installed == fingerprint) {
        println!("npm packages in {PACKAGE_DIR} match the lockfile: nothing to install");
        return Ok(dir.join("node_modules"));
    }
    check_node()?;
    process::run(
        Command::new("npm")
            .current_dir(&dir)
            .args(["ci", "--no-audit", "--no-fund"]),
    )
    .with_context(|| format!("installing the npm packages of {PACKAGE_DIR}"))?;
    std::fs::write(&stamp, fingerprint)?;
    Ok(dir.join("node_modules"))
}

/// Copies the page's npm modules into www/vendor/ from an installed node_modules.
pub fn vendor(root: &Path, node_modules: &Path) -> Result<()> {
    for (from, to) in VENDORED {
        let (from, to) = (node_modules.join(from), root.join(to));
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let source = std::fs::read_to_string(&from)
            .with_context(|| format!("reading {}", from.display()))?;
        let module = split_export_list(&source)
            .with_context(|| format!("{}: no closing `export {{ ... }}`", from.display()))?
            .into_bytes();
        if std::fs::read(&to).ok().as_deref() != Some(module.as_slice()) {
            std::fs::write(&to, module).with_context(|| format!("writing {}", to.display()))?;
        }
    }
    Ok(())
}

/// Installs the npm packages and copies the page's modules from them.
pub fn install_and_vendor(root: &Path) -> Result<PathBuf> {
    let node_modules = install(root)?;
    vendor(root, &node_modules)?;
    Ok(node_modules)
}

/// Rewrites the last `export{x as a,y as b};` of a module as `export const a = x;` lines
/// (the default export left out), and drops its source-map comment (the map is not copied).
/// `None` when there is no such list, or a name is exported as itself.
fn split_export_list(source: &str) -> Option<String> {
    let start = source.rfind("export{")?;
    let end = start + source[start..].find('}')?;
    let mut out = source[..start].to_string();
    out.push('\n');
    for item in source[start + "export{".len()..end].split(',') {
        let (local, exported) = item.split_once(" as ")?;
        let (local, exported) = (local.trim(), exported.trim());
        if exported == "default" {
            continue;
        }
        out.push_str(&format!("export const {exported} = {local};\n"));
    }
    let rest = source[end + 1..].trim_start_matches(';');
    for line in rest
        .lines()
        .filter(|l| !l.starts_with("//# sourceMappingURL="))
    {
        out.push_str(line);
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::split_export_list;

    #[test]
    fn puts_a_closing_export_list_on_lines_of_its_own() {
        let source = "var a=1;function f(){}var D=f;export{f as go,a as one,D as default};\n//# sourceMappingURL=x.map\n";
        assert_eq!(
            split_export_list(source).unwrap(),
            "var a=1;function f(){}var D=f;\nexport const go = f;\nexport const one = a;\n\n"
        );
        assert_eq!(split_export_list("var a = 1;\n"), None);
        assert_eq!(split_export_list("var a = 1;export{a};\n"), None);
    }
}
