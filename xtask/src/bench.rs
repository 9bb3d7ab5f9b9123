//! `cargo xtask bench`: the engine as the page runs it (wasm-bindgen's web bindings and the
//! optimised `.wasm` of the dist file, under Node.js) against PathFinding.js and against the
//! same engine compiled natively, on the Moving AI scenarios; see `benches/wasm_engine.mjs`.
//! `cargo xtask bench --page`: a drawn step in the page, in headless Chromium; see
//! `benches/drawn_move.mjs`.

use crate::cli::{Bench, EngineBench, PageBench};
use crate::process::{self, cargo};
use crate::serve::StaticServer;
use crate::wasm_build::{self, Bindings, LIB_NAME, PACKAGE};
use crate::{chromium, dist, npm, wasm_opt};
use anyhow::{bail, Context, Result};
use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

const SCRIPT: &str = "benches/wasm_engine.mjs";
const NATIVE_BENCH: &str = "native_engine";
const PAGE_SCRIPT: &str = "benches/drawn_move.mjs";
/// Where both scripts read the Moving AI maps.
const MAPS: &str = "tests/maps/movingai";

/// The options go to the scripts, every one spelled out: the defaults are the command line's.
pub fn command(root: &Path, options: &Bench) -> Result<()> {
    if options.page {
        page(root, &options.drawn)
    } else {
        engine(root, &options.engine)
    }
}

fn engine(root: &Path, options: &EngineBench) -> Result<()> {
    // Checked before the builds, which take minutes.
    check_map_filters(root, &options.maps)?;
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
            .args(["--per-map", &options.per_map.to_string()])
            .args(["--rounds", &options.rounds.to_string()])
            .args(
                options
                    .baseline
                    .iter()
                    .flat_map(|dir| [OsStr::new("--baseline"), dir.as_ref()]),
            )
            // Map names after `--`, so that none is taken for an option.
            .arg("--")
            .args(&options.maps),
    )
    .context("the benchmark failed")
}

/// Each name filter must pick at least one map, as the script picks them (file names).
fn check_map_filters(root: &Path, filters: &[String]) -> Result<()> {
    let maps = root.join(MAPS);
    let mut names = Vec::new();
    for entry in
        std::fs::read_dir(&maps).with_context(|| format!("cannot read {}", maps.display()))?
    {
        names.push(entry?.file_name().to_string_lossy().into_owned());
    }
    for filter in filters {
        let picks = |name: &String| name.ends_with(".map") && name.contains(filter.as_str());
        if !names.iter().any(picks) {
            bail!("no map in {MAPS}/ has `{filter}` in its name");
        }
    }
    Ok(())
}

/// The page served as the browser tests serve it, with the engine built as `serve` builds it.
fn page(root: &Path, options: &PageBench) -> Result<()> {
    check_page_map(root, &options.map)?;
    wasm_build::build_pkg(root)?;
    npm::install(root, npm::TOOLS)?;
    let chrome = chromium::find_or_install()?;
    let url = StaticServer::bind(root, 0)?.spawn();
    process::run(
        Command::new("node")
            .current_dir(root)
            .args([PAGE_SCRIPT, "--url", &url, "--chrome"])
            .arg(chrome)
            .args(["--map", &options.map])
            .args(["--moves", &options.moves.to_string()])
            .arg("--sizes")
            .arg(
                options
                    .sizes
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            ),
    )
    .context("the page benchmark failed")
}

/// The script opens `NAME.map` with its `.scen` and tiles it in 512-cell blocks.
fn check_page_map(root: &Path, name: &str) -> Result<()> {
    let map = root.join(MAPS).join(format!("{name}.map"));
    let header = std::fs::read_to_string(&map)
        .with_context(|| format!("--map {name}: no map {MAPS}/{name}.map"))?;
    let header: Vec<&str> = header.lines().take(3).collect();
    if !(header.contains(&"height 512") && header.contains(&"width 512")) {
        bail!("--map {name}: {MAPS}/{name}.map is not 512x512");
    }
    let scen = map.with_extension("map.scen");
    if !scen.is_file() {
        bail!("--map {name}: no scenario file {MAPS}/{name}.map.scen");
    }
    Ok(())
}
