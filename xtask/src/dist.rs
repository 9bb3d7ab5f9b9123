//! `cargo xtask dist`: the whole page as one HTML file that works when opened from disk (a
//! classroom without network, an upload to a course site, an email attachment).

use crate::wasm_build::{self, Bindings, LIB_NAME};
use crate::{bundle, html_inline, npm, on_ci, wasm_opt};
use anyhow::{bail, Context, Result};
use base64::Engine as _;
use std::path::{Path, PathBuf};

pub const DIST_FILE: &str = "dist/astar-visualizer.html";
/// The module the dist build replaces, next to the entry module.
const ENGINE_MODULE: &str = "engine.js";
const ENGINE_TEMPLATE: &str = include_str!("dist/engine.js");
const BINDINGS_MARK: &str = "/* no-modules bindings */";
const WASM_MARK: &str = "/* wasm as base64 */";

/// Builds the file and returns its path.
pub fn command(root: &Path) -> Result<PathBuf> {
    let wasm_path = wasm_build::build_release_wasm(root)?;
    let scratch = wasm_build::scratch_dir(&wasm_path);
    let bindings_dir = scratch.join("no-modules");
    wasm_build::generate_bindings(&wasm_path, &bindings_dir, Bindings::NoModules)?;
    let bindings = std::fs::read_to_string(bindings_dir.join(format!("{LIB_NAME}.js")))?;
    let wasm = std::fs::read(bindings_dir.join(format!("{LIB_NAME}_bg.wasm")))?;

    let optimised = match npm::install_and_vendor(root) {
        Ok(node_modules) => Some(wasm_opt::shrink(
            &node_modules,
            &scratch.join("wasm-opt"),
            &wasm,
        )?),
        Err(error) if !on_ci() => {
            println!("warning: the wasm is not shrunk with wasm-opt ({error:#})");
            None
        }
        Err(error) => return Err(error.context("wasm-opt for the dist file")),
    };
    let engine = engine_module(&bindings, optimised.as_deref().unwrap_or(&wasm))?;

    let html = std::fs::read_to_string(root.join("index.html")).context("reading index.html")?;
    let page = html_inline::inline_page(
        &html,
        |href| read_page_file(root, href),
        |src| {
            let engine_path = match src.rsplit_once('/') {
                Some((folder, _)) => format!("{folder}/{ENGINE_MODULE}"),
                None => ENGINE_MODULE.to_string(),
            };
            bundle::bundle(src, |path| {
                if path == engine_path {
                    Ok(engine.clone())
                } else {
                    read_page_file(root, path)
                }
            })
            .with_context(|| format!("bundling the modules of {src} into one script"))
        },
    )?;

    let file = root.join(DIST_FILE);
    std::fs::create_dir_all(file.parent().expect("DIST_FILE has a folder"))?;
    std::fs::write(&file, &page).with_context(|| format!("writing {}", file.display()))?;
    let wasm_sizes = match &optimised {
        Some(optimised) => format!(
            "{} KiB of wasm, {} KiB before wasm-opt",
            kib(optimised.len()),
            kib(wasm.len())
        ),
        None => format!("{} KiB of wasm, not optimised", kib(wasm.len())),
    };
    println!("wrote {DIST_FILE}: {} KiB ({wasm_sizes})", kib(page.len()));
    Ok(file)
}

/// The dist stand-in for www/engine.js, with the bindings and the wasm filled in.
fn engine_module(bindings: &str, wasm: &[u8]) -> Result<String> {
    for mark in [BINDINGS_MARK, WASM_MARK] {
        if ENGINE_TEMPLATE.matches(mark).count() != 1 {
            bail!("the dist engine template must contain `{mark}` exactly once");
        }
    }
    let base64 = base64::engine::general_purpose::STANDARD.encode(wasm);
    Ok(ENGINE_TEMPLATE
        .replace(BINDINGS_MARK, bindings.trim_end())
        .replace(WASM_MARK, &base64))
}

fn read_page_file(folder: &Path, name: &str) -> Result<String> {
    let path = folder.join(name);
    std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
}

fn kib(bytes: usize) -> usize {
    bytes.div_ceil(1024)
}
