//! Project commands, run as `cargo xtask <command>` (an alias in `.cargo/config.toml`).
//!
//! Each command installs what it lacks (the wasm target, npm test dependencies, Chromium),
//! so a fresh clone needs only a Rust toolchain and, for the tests, Node.js.

mod bench;
mod chromium;
mod cli;
mod dist;
#[cfg(test)]
mod doc_links;
mod fingerprint;
mod layers;
mod npm;
mod pictures;
mod process;
mod serve;
mod single_file;
mod suite;
mod test_times;
mod wasm_build;
mod wasm_opt;

use anyhow::Result;
use clap::Parser;
use cli::{Cli, Command};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Exits with clap's message (and status 2) on a bad command line, before any build.
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("\nerror: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<()> {
    let root = repository_root();
    match command {
        Command::Serve(options) => serve::command(&root, &options),
        Command::Dist => {
            let file = dist::command(&root)?;
            println!("open it from disk: file://{}", file.display());
            Ok(())
        }
        Command::Bench(options) => bench::command(&root, &options),
        Command::Layers => layers::check(&root),
        Command::Pictures => pictures::command(&root),
        Command::Test => suite::command(&root),
    }
}

/// The workspace root: xtask lives one folder below it. Cargo tells where xtask is when it
/// runs it; the path baked in at build time is only the fallback.
fn repository_root() -> PathBuf {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest_dir
        .parent()
        .expect("xtask is a member folder of the workspace")
        .to_path_buf()
}

/// `CI=true` (as set by CI services) turns every "skipped because X is missing" into a failure.
pub fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true" || value == "1")
}
