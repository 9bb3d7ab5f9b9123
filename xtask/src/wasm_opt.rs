//! Shrinks the engine with binaryen's `wasm-opt`, from the npm package `binaryen` (older
//! builds, Debian's or the `wasm-opt` crate's, reject what current wasm-bindgen emits).

use crate::process;
use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

/// Optimise for size (about a quarter smaller than rustc's release output): the engine's
/// speed is the algorithm's, and -O3 gives no smaller or noticeably faster file. Rust's
/// memory starts zeroed and its low kilobyte is never addressed (the stack ends far above
/// it), which lets binaryen drop zero data and fold constant offsets into loads. Running the
/// passes until they change nothing more takes 0.3 KiB more off the page, for three times the
/// time (cached, see `shrink`). The toolchain's and target features' notes are read by no
/// browser.
pub const FLAGS: &[&str] = &[
    "-Oz",
    "--converge",
    "--low-memory-unused",
    "--zero-filled-memory",
    "--strip-producers",
    "--strip-target-features",
];

/// Returns the optimised module; the result is cached under `scratch` and reused for
/// identical input, since the JavaScript build of wasm-opt takes a while.
pub fn shrink(node_modules: &Path, scratch: &Path, wasm: &[u8]) -> Result<Vec<u8>> {
    let input = scratch.join("input.wasm");
    let output = scratch.join("output.wasm");
    let flags_used = scratch.join("flags");
    let flags = FLAGS.join(" ");
    if std::fs::read(&input).is_ok_and(|previous| previous == wasm)
        && std::fs::read_to_string(&flags_used).is_ok_and(|previous| previous == flags)
    {
        if let Ok(optimised) = std::fs::read(&output) {
            return Ok(optimised);
        }
    }
    let wasm_opt = node_modules.join("binaryen/bin/wasm-opt");
    if !wasm_opt.exists() {
        bail!(
            "{} is missing: is `binaryen` still in tests/e2e/package.json?",
            wasm_opt.display()
        );
    }
    std::fs::create_dir_all(scratch)?;
    let _ = std::fs::remove_file(&output);
    std::fs::write(&input, wasm)?;
    std::fs::write(&flags_used, &flags)?;
    process::run(
        Command::new("node")
            .arg(&wasm_opt)
            .arg(&input)
            .args(FLAGS)
            .arg("-o")
            .arg(&output),
    )
    .context("wasm-opt could not optimise the engine")?;
    std::fs::read(&output).context("wasm-opt wrote no output")
}
