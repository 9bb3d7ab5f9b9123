//! `cargo xtask bench`: the engine as the page runs it (wasm-bindgen's web bindings and the
//! optimised `.wasm` of the dist file, under Node.js) against PathFinding.js and against the
//! same engine compiled natively, on the Moving AI scenarios; see `benches/wasm_engine.mjs`.
//! `cargo xtask bench --page`: a drawn step in the page, in headless Chromium; see
//! `benches/drawn_move.mjs`.

use crate::process::{self, cargo};
use crate::serve::StaticServer;
use crate::wasm_build::{self, Bindings, LIB_NAME, PACKAGE};
use crate::{chromium, dist, npm, wasm_opt};
use anyhow::{Context, Result};
use std::path::Path;
use std::process::Command;

const SCRIPT: &str = "benches/wasm_engine.mjs";
const NATIVE_BENCH: &str = "native_engine";
const PAGE_SCRIPT: &str = "benches/drawn_move.mjs";

/// `options` go to the script: map name filters, `--per-map N`, `--rounds N`, `--baseline DIR`;
/// or, after `--page`, `--map NAME`, `--sizes 512,2048`, `--moves N` to the page's.
pub fn command(root: &Path, options: &[String]) -> Result<()> {
    if let Some(("--page", page_options)) = options
        .split_first()
        .map(|(first, rest)| (first.as_str(), rest))
    {
        return page(root, page_options);
    }
    let wasm = wasm_build::build_release_wasm(root)?;
    let scratch = wasm_build::scratch_dir(&wasm);
    let bindings = scratch.join("bench-web");
    wasm_build::generate_bindings(&wasm, &bindings, Bindings::Web)?;
    let node_modules = npm::install(root, npm::TOOLS)?;
    let wasm_file = bindings.join(format!("{LIB_NAME}_bg.wasm"));
    let unoptimised = std::fs::read(&wasm_file)?;
    let optimised = wasm_opt::shrink(&node_modules, &scratch.join("wasm-opt"), &unoptimised)?;
    std::fs::write(&wasm_file, &optimised)?;
    println!(
        "wasm: {:.1} KiB after wasm-opt {} ({:.1} KiB before)",
        optimised.len() as f64 / 1024.0,
        wasm_opt::FLAGS.join(" "),
        unoptimised.len() as f64 / 1024.0,
    );
    let page = dist::command(root)?;
    let kib = dist::gzipped_len(&page)? as f64 / 1024.0;
    let budget = dist::BUDGET_KIB;
    println!(
        "single-file page: {kib:.1} KiB gzipped; budget {budget} KiB: {}",
        if kib <= budget {
            format!("within it by {:.1} KiB", budget - kib)
        } else {
            format!("OVER it by {:.1} KiB", kib - budget)
        }
    );

    let native = wasm_build::built_executables(cargo().current_dir(root).args([
        "bench",
        "--package",
        PACKAGE,
        "--bench",
        NATIVE_BENCH,
        "--no-run",
    ]))?
    .into_iter()
    .find(|file| {
        file.file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with(NATIVE_BENCH))
    })
    .with_context(|| format!("cargo built no `{NATIVE_BENCH}` bench executable"))?;

    process::run(
        Command::new("node")
            .current_dir(root)
            // Garbage collection on the main thread only: the collector's work then falls in
            // the time of the search that made the garbage, never in the next one's.
            .args(["--expose-gc", "--single-threaded-gc", SCRIPT, "--bindings"])
            .arg(&bindings)
            .arg("--native")
            .arg(&native)
            .arg("--node-modules")
            .arg(&node_modules)
            .args(options),
    )
    .context("the benchmark failed")
}

/// The page served as the browser tests serve it, with the engine built as `serve` builds it.
fn page(root: &Path, options: &[String]) -> Result<()> {
    wasm_build::build_pkg(root)?;
    npm::install(root, npm::TOOLS)?;
    let chrome = chromium::find_or_install()?;
    let url = StaticServer::bind(root, 0)?.spawn();
    process::run(
        Command::new("node")
            .current_dir(root)
            .args([PAGE_SCRIPT, "--url", &url, "--chrome"])
            .arg(chrome)
            .args(options),
    )
    .context("the page benchmark failed")
}
