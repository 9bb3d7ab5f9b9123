//! Node.js and the two npm packages of the project, each installed with `npm ci` from its
//! own lockfile: the page's libraries (www/: gifenc for the animation export, lean-qr for
//! the QR code of a link, lzma1 to unpack the single file's engine and texts), which
//! index.html's import map points into, and the tools of the build and the tests
//! (tests/e2e: esbuild and binaryen's wasm-opt for the dist file, playwright-core for the
//! browser tests).

use crate::process;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// An npm package of the repository: the folder of its package.json and lockfile.
#[derive(Clone, Copy)]
pub struct Package(&'static str);

/// What the page imports at run time.
pub const PAGE: Package = Package("www");
/// What builds and tests the page.
pub const TOOLS: Package = Package("tests/e2e");

impl Package {
    /// Its folder, relative to the repository.
    pub fn dir(self) -> &'static str {
        self.0
    }
}

/// Copy of package.json and package-lock.json as last installed: when both are unchanged,
/// `npm ci` (which always starts from scratch) is skipped.
const INSTALLED_STAMP: &str = "node_modules/.installed-from-lockfile";
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

/// Installs `package` if its lockfile changed since the last install; returns its
/// node_modules folder.
pub fn install(root: &Path, package: Package) -> Result<PathBuf> {
    let name = package.dir();
    let dir = root.join(name);
    let manifest = std::fs::read_to_string(dir.join("package.json"))
        .with_context(|| format!("reading {name}/package.json"))?;
    let lockfile = std::fs::read_to_string(dir.join("package-lock.json"))
        .with_context(|| format!("reading {name}/package-lock.json"))?;
    let fingerprint = format!("{manifest}\n{lockfile}");
    let stamp = dir.join(INSTALLED_STAMP);
    if std::fs::read_to_string(&stamp).is_ok_and(|installed| installed == fingerprint) {
        println!("npm packages in {name} match the lockfile: nothing to install");
        return Ok(dir.join("node_modules"));
    }
    check_node()?;
    process::run(
        Command::new("npm")
            .current_dir(&dir)
            .args(["ci", "--no-audit", "--no-fund"]),
    )
    .with_context(|| format!("installing the npm packages of {name}"))?;
    std::fs::write(&stamp, fingerprint)?;
    Ok(dir.join("node_modules"))
}
