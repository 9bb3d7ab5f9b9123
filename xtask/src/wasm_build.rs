//! Building the crate for the browser: the wasm32 target, the release build and the
//! JavaScript bindings (wasm-bindgen used as a library, pinned to the crate's version).

use crate::process::{self, cargo};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use wasm_bindgen_cli_support::Bindgen;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The crate's package name and its library (file) name.
pub const PACKAGE: &str = "astar-visualizer";
pub const LIB_NAME: &str = "astar_visualizer";

/// The two shapes of bindings the project uses.
#[derive(Clone, Copy)]
pub enum Bindings {
    /// An ES module that fetches the `.wasm` next to it (the served page, `pkg/`).
    Web,
    /// An ES module to bundle, which is given the wasm bytes (`initSync`) and never looks
    /// for a file (the dist file).
    Bundled,
}

/// Adds the wasm32 target to the toolchain if its standard library is missing.
pub fn ensure_wasm_target() -> Result<()> {
    if wasm_target_installed() {
        return Ok(());
    }
    println!("The {WASM_TARGET} target is missing: adding it with rustup.");
    process::run(std::process::Command::new("rustup").args(["target", "add", WASM_TARGET]))
        .with_context(|| {
            format!(
                "could not add the {WASM_TARGET} target; with rustup run \
                 `rustup target add {WASM_TARGET}`, otherwise install that target's standard \
                 library for your Rust toolchain"
            )
        })?;
    if !wasm_target_installed() {
        bail!("rustup reported success but the {WASM_TARGET} standard library is still missing");
    }
    Ok(())
}

fn wasm_target_installed() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    process::probe(
        rustc,
        &["--print", "target-libdir", "--target", WASM_TARGET],
    )
    .is_some_and(|libdir| {
        // rustc prints the directory even when the target is not installed: look inside.
        std::fs::read_dir(libdir.trim()).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|entry| entry.file_name().to_string_lossy().starts_with("libcore-"))
        })
    })
}

/// `cargo build --lib --release` for wasm32; returns the path of the built `.wasm`.
pub fn build_release_wasm(root: &Path) -> Result<PathBuf> {
    ensure_wasm_target()?;
    let mut command = cargo();
    command.current_dir(root).args([
        "build",
        "--package",
        PACKAGE,
        "--lib",
        "--release",
        "--target",
        WASM_TARGET,
    ]);
    let artifacts = built_files(&mut command)?;
    artifacts
        .into_iter()
        .find(|file| file.extension().is_some_and(|ext| ext == "wasm"))
        .with_context(|| format!("cargo built no .wasm file for {PACKAGE}"))
}

/// Runs a cargo build and returns the files it produced (from cargo's JSON messages),
/// while compiler diagnostics still reach the terminal as usual.
pub fn built_files(command: &mut std::process::Command) -> Result<Vec<PathBuf>> {
    Ok(built_artifacts(command)?
        .into_iter()
        .flat_map(|artifact| artifact.executable.into_iter().chain(artifact.files))
        .collect())
}

/// The executables (test binaries included) a cargo build command produced or found fresh.
pub fn built_executables(command: &mut std::process::Command) -> Result<Vec<PathBuf>> {
    Ok(built_artifacts(command)?
        .into_iter()
        .filter_map(|artifact| artifact.executable)
        .collect())
}

struct Artifact {
    executable: Option<PathBuf>,
    files: Vec<PathBuf>,
}

fn built_artifacts(command: &mut std::process::Command) -> Result<Vec<Artifact>> {
    command.arg("--message-format=json-render-diagnostics");
    let output = process::run_and_collect(command)?;
    let mut artifacts = Vec::new();
    for line in output.lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let files = message["filenames"].as_array().map_or(Vec::new(), |names| {
            names
                .iter()
                .filter_map(|f| f.as_str())
                .map(PathBuf::from)
                .collect()
        });
        artifacts.push(Artifact {
            executable: message["executable"].as_str().map(PathBuf::from),
            files,
        });
    }
    Ok(artifacts)
}

/// Generates the JavaScript bindings for `wasm` into `out_dir` (replacing what was there).
pub fn generate_bindings(wasm: &Path, out_dir: &Path, shape: Bindings) -> Result<()> {
    if out_dir.exists() {
        std::fs::remove_dir_all(out_dir)
            .with_context(|| format!("removing the old {}", out_dir.display()))?;
    }
    let mut bindgen = Bindgen::new();
    bindgen.input_path(wasm).out_name(LIB_NAME).typescript(true);
    match shape {
        // As the CLI does by default: `init()` without arguments fetches the .wasm next to
        // the bindings (the library's default leaves that path out).
        Bindings::Web => bindgen.web(true)?.omit_default_module_path(false),
        Bindings::Bundled => bindgen.web(true)?.omit_default_module_path(true),
    };
    bindgen
        .generate(out_dir)
        .with_context(|| format!("generating the JavaScript bindings for {}", wasm.display()))
}

/// Builds the engine and writes the web bindings to `pkg/`, where `www/engine.js` loads
/// them from.
pub fn build_pkg(root: &Path) -> Result<()> {
    let wasm = build_release_wasm(root)?;
    let pkg = root.join("pkg");
    generate_bindings(&wasm, &pkg, Bindings::Web)?;
    let size = std::fs::metadata(pkg.join(format!("{LIB_NAME}_bg.wasm")))?.len();
    println!("wrote pkg/ ({} KiB of wasm)", size.div_ceil(1024));
    Ok(())
}

/// A folder for xtask's intermediate files inside cargo's target folder, found from the
/// built `.wasm` (`<target>/wasm32-unknown-unknown/release/x.wasm`).
pub fn scratch_dir(wasm: &Path) -> PathBuf {
    wasm.ancestors()
        .nth(3)
        .map_or_else(|| PathBuf::from("target"), Path::to_path_buf)
        .join("xtask")
}
