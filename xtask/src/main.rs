//! Project commands, run as `cargo xtask <command>` (an alias in `.cargo/config.toml`).
//!
//! Each command installs what it lacks (the wasm target, npm test dependencies, Chromium),
//! so a fresh clone needs only a Rust toolchain and, for the tests, Node.js.

mod bench;
mod chromium;
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

use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  serve [--port N] [--no-build]
                    build the wasm engine and serve the page on http://127.0.0.1:N/ (default
                    8000; 0 picks a free port); --no-build serves pkg/ as last built
  dist              write dist/astar-visualizer.html, one self-contained file that works from disk
  test              formatting, clippy, layers, native tests, wasm tests, page logic tests
                    (Node.js) and browser tests (CI runs this)
  layers            check that src/ keeps its layers (a step of `test`): no circle, no upward import
  pictures          take the docs' screenshots and exported animation again (www/*.png, .gif)
  bench [MAP ...] [--per-map N] [--rounds N] [--baseline DIR]
                    time the engine as the page runs it (wasm in Node.js) against PathFinding.js
                    and against the native build, on the Moving AI maps (names containing MAP);
                    --baseline: also an earlier build's bindings (a copy of target/xtask/bench-web)
  bench --page [--map NAME] [--sizes 512,2048] [--moves N]
                    time a drawn step in the page (headless Chromium): Step to the frame
                    painted, a plain A* step against D* Lite's and A*'s walk moves
";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("\nerror: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<()> {
    let root = repository_root();
    let (command, options) = match args.split_first() {
        Some((command, options)) => (command.as_str(), options),
        None => {
            print!("{USAGE}");
            bail!("no command given");
        }
    };
    match command {
        "serve" => serve::command(&root, parse_serve_options(options)?),
        "dist" => {
            no_options(command, options)?;
            let file = dist::command(&root)?;
            println!("open it from disk: file://{}", file.display());
            Ok(())
        }
        "bench" => bench::command(&root, options),
        "layers" => {
            no_options(command, options)?;
            layers::check(&root)
        }
        "pictures" => {
            no_options(command, options)?;
            pictures::command(&root)
        }
        "test" => {
            no_options(command, options)?;
            suite::command(&root)
        }
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => {
            print!("{USAGE}");
            bail!("unknown command `{other}`")
        }
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

fn parse_serve_options(options: &[String]) -> Result<serve::Options> {
    let mut parsed = serve::Options {
        port: serve::DEFAULT_PORT,
        build: true,
    };
    let mut options = options.iter();
    while let Some(option) = options.next() {
        match option.as_str() {
            "--port" => {
                let value = options
                    .next()
                    .context("--port expects a number, e.g. --port 8080")?;
                parsed.port = value.parse().with_context(|| {
                    format!("--port expects a number from 0 to 65535, got `{value}`")
                })?;
            }
            "--no-build" => parsed.build = false,
            other => bail!("serve accepts only --port N and --no-build, got `{other}`"),
        }
    }
    Ok(parsed)
}

fn no_options(command: &str, options: &[String]) -> Result<()> {
    if options.is_empty() {
        Ok(())
    } else {
        bail!("`{command}` takes no options, got `{}`", options.join(" "))
    }
}

/// `CI=true` (as set by CI services) turns every "skipped because X is missing" into a failure.
pub fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value == "true" || value == "1")
}
