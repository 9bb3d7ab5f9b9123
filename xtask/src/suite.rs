//! `cargo xtask test`: every check the project has, in order, stopping at the first failure.
//!
//! Locally a part whose tools cannot be had (no Node.js, no browser) is skipped with a
//! warning; with `CI=true` that is a failure, so CI never passes on a partial run.

use crate::fingerprint::{self, Fingerprint};
use crate::process::{self, cargo};
use crate::serve::StaticServer;
use crate::test_times::TestTimes;
use crate::wasm_build::{self, PACKAGE, WASM_TARGET};
use crate::{chromium, dist, layers, npm, on_ci};
use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The attribute that marks a tests/*.rs file as wasm-side (compiled only for wasm32 and run
/// under Node.js).
const WASM_TEST_MARK: &str = "#![cfg(target_arch = \"wasm32\")]";
const RUNNER_FEATURE: &str = "xtask/wasm-test-runner";
/// The page's logic tested in Node.js, with the engine loaded from pkg/.
const PAGE_TESTS: &str = "tests/node";
/// How many of the slowest node:test tests the run names at its end.
const SLOWEST_SHOWN: usize = 10;

pub fn command(root: &Path) -> Result<()> {
    let mut suite = Suite::default();
    let mut times = TestTimes::new(root);
    let outcome = run_steps(root, &mut suite, &mut times);
    suite.print_summary();
    // The list is a report: it never turns a run's outcome.
    if let Err(error) = print_slowest(&times) {
        println!("warning: cannot list the slowest tests: {error:#}");
    }
    outcome
}

fn run_steps(root: &Path, suite: &mut Suite, times: &mut TestTimes) -> Result<()> {
    suite.step("formatting", || {
        process::run(cargo().current_dir(root).args(["fmt", "--all", "--check"]))
            .context("the code is not formatted: run `cargo fmt --all`")
    })?;
    suite.step("clippy", || {
        process::run(cargo().current_dir(root).args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--features",
            RUNNER_FEATURE,
            "--",
            "-D",
            "warnings",
        ]))
    })?;
    suite.step("layers", || layers::check(root))?;
    let wasm_tests = wasm_test_names(root)?;
    suite.step("clippy (wasm32)", || {
        wasm_build::ensure_wasm_target()?;
        let mut command = cargo();
        command.current_dir(root).args([
            "clippy",
            "--package",
            PACKAGE,
            "--target",
            WASM_TARGET,
            "--lib",
        ]);
        for name in &wasm_tests {
            command.args(["--test", name]);
        }
        process::run(command.args(["--", "-D", "warnings"]))
    })?;
    // Node.js runs the wasm tests, esbuild and wasm-opt for the dist file, and the browser
    // tests; xtask's own tests bundle with esbuild too, so the packages come first.
    let node = npm::check_node().map_err(|missing| format!("{missing:#}"));
    match &node {
        Ok(()) => suite.step("npm packages", || {
            npm::install(root, npm::PAGE)?;
            npm::install(root, npm::TOOLS).map(drop)
        })?,
        Err(reason) => suite.skip("npm packages", reason)?,
    }
    suite.step("native tests", || {
        // The crate's tests run optimised (tens of thousands of searches); xtask's own
        // tests reuse its everyday debug build instead of optimising wasm-bindgen's crates.
        const CRATE_TESTS: [&str; 6] = [
            "test",
            "--workspace",
            "--exclude",
            "xtask",
            "--profile",
            "test-release",
        ];
        let mut inputs = wasm_build::built_executables(
            cargo().current_dir(root).args(CRATE_TESTS).arg("--no-run"),
        )?;
        inputs.extend(fingerprint::files_under(&root.join("tests").join("maps"))?);
        unless_passed_before(root, "crate tests", &inputs, || {
            process::run(cargo().current_dir(root).args(CRATE_TESTS))
        })?;
        process::run(
            cargo()
                .current_dir(root)
                .args(["test", "--package", "xtask"]),
        )
    })?;

    if let Err(reason) = node {
        suite.skip("wasm tests (Node.js)", &reason)?;
        suite.step("build pkg/", || wasm_build::build_pkg(root))?;
        return suite.skip("dist and browser tests", &reason);
    }
    suite.step("wasm tests (Node.js)", || run_wasm_tests(root, &wasm_tests))?;
    suite.step("build pkg/", || wasm_build::build_pkg(root))?;
    suite.step("page logic tests (Node.js)", || {
        // index.html for its legend; the tools' lockfile for the YAML reader the tests use.
        let mut inputs = vec![
            root.join("index.html"),
            root.join(npm::TOOLS.dir()).join("package-lock.json"),
        ];
        for dir in ["www", "pkg", PAGE_TESTS] {
            inputs.extend(fingerprint::files_under(&root.join(dir))?);
        }
        unless_passed_before(root, "page logic tests", &inputs, || {
            let files = test_files(root, PAGE_TESTS)?;
            process::run(
                Command::new("node")
                    .current_dir(root)
                    .arg("--test")
                    .args(times.reporter_args("page-logic-tests")?)
                    .args(files),
            )
        })
    })?;
    let mut dist_file = PathBuf::new();
    suite.step("build dist/", || {
        dist_file = dist::command(root)?;
        Ok(())
    })?;
    let chrome = match chromium::find_or_install() {
        Ok(chrome) => chrome,
        Err(missing) => return suite.skip("browser tests", &format!("{missing:#}")),
    };
    suite.step("browser tests", || {
        let mut inputs = vec![
            root.join("index.html"),
            // The embed tests check that this guide shows the Share panel's snippet.
            root.join("docs").join("embedding.md"),
            dist_file.clone(),
            chrome.clone(),
            std::env::current_exe()?,
        ];
        for dir in ["www", "pkg", npm::TOOLS.dir()] {
            inputs.extend(fingerprint::files_under(&root.join(dir))?);
        }
        unless_passed_before(root, "browser tests", &inputs, || {
            run_browser_tests(root, &dist_file, &chrome, times)
        })
    })
}

/// Runs `body` unless it passed before on exactly these input files (never skipped on CI),
/// and remembers a pass.
fn unless_passed_before(
    root: &Path,
    name: &str,
    inputs: &[PathBuf],
    body: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let fingerprint = Fingerprint::of_files(inputs)?;
    if !on_ci() && fingerprint::passed_before(root, name, fingerprint) {
        println!(
            "{name}: nothing they depend on changed since they last passed, so they are not \
             run again (CI=true runs everything; `cargo clean` forgets past passes)"
        );
        return Ok(());
    }
    body()?;
    fingerprint::record_pass(root, name, fingerprint)
}

/// Names of the tests/*.rs files that are wasm-side tests.
fn wasm_test_names(root: &Path) -> Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root.join("tests")).context("reading tests/")? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "rs")
            && std::fs::read_to_string(&path)?
                .lines()
                .any(|line| line.trim() == WASM_TEST_MARK)
        {
            let stem = path.file_stem().expect("a .rs file has a stem");
            names.push(stem.to_string_lossy().into_owned());
        }
    }
    names.sort();
    if names.is_empty() {
        bail!("no wasm-side tests found (tests/*.rs files with `{WASM_TEST_MARK}`)");
    }
    Ok(names)
}

fn run_wasm_tests(root: &Path, names: &[String]) -> Result<()> {
    wasm_build::ensure_wasm_target()?;
    let runner = wasm_build::built_executables(cargo().current_dir(root).args([
        "build",
        "--package",
        "xtask",
        "--features",
        RUNNER_FEATURE,
        "--bin",
        "wasm-test-runner",
    ]))?
    .into_iter()
    .find(|file| {
        file.file_stem()
            .is_some_and(|stem| stem == "wasm-test-runner")
    })
    .context("cargo did not report the wasm-test-runner executable")?;

    let mut command = cargo();
    command
        .current_dir(root)
        .args(["test", "--package", PACKAGE, "--target", WASM_TARGET])
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", &runner);
    for name in names {
        command.args(["--test", name]);
    }
    let output = process::run_and_capture(&mut command)?;
    // wasm-bindgen's runner exits successfully when a file has no tests at all.
    if output.contains("no tests to run!") {
        bail!("a wasm-side test file has no #[wasm_bindgen_test] tests");
    }
    Ok(())
}

/// The node:test files (`*.test.mjs`) in `dir`, relative to the repository.
fn test_files(root: &Path, dir: &str) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
        .with_context(|| format!("listing {dir}"))?
        .map(|entry| entry.map(|entry| Path::new(dir).join(entry.file_name())))
        .collect::<std::io::Result<_>>()?;
    files.retain(|path| path.to_string_lossy().ends_with(".test.mjs"));
    files.sort();
    if files.is_empty() {
        bail!("no tests found ({dir}/*.test.mjs)");
    }
    Ok(files)
}

/// The files biggest first, which node:test starts in the order given: the big files hold
/// the long tests, and one started last would run on alone while the other core idles.
fn largest_first(root: &Path, files: Vec<PathBuf>) -> Result<Vec<PathBuf>> {
    let mut sized = files
        .into_iter()
        .map(|file| {
            let size = std::fs::metadata(root.join(&file))
                .with_context(|| format!("reading {}", file.display()))?
                .len();
            Ok((std::cmp::Reverse(size), file))
        })
        .collect::<Result<Vec<_>>>()?;
    sized.sort();
    Ok(sized.into_iter().map(|(_, file)| file).collect())
}

fn run_browser_tests(
    root: &Path,
    dist_file: &Path,
    chrome: &Path,
    times: &mut TestTimes,
) -> Result<()> {
    let files = largest_first(root, test_files(root, npm::TOOLS.dir())?)?;
    let server = StaticServer::bind(root, 0)?;
    let base_url = server.spawn();
    println!("serving the repository at {base_url} for the browser tests");
    process::run(
        Command::new("node")
            .current_dir(root)
            .arg("--test")
            // Two files at a time: a browser test spends most of its time waiting on the page
            // (frames, playback clocks, debounced saves), so two keep both cores busy.
            .arg("--test-concurrency=2")
            .args(times.reporter_args("browser-tests")?)
            .args(files)
            .env("E2E_BASE_URL", &base_url)
            .env("E2E_DIST_FILE", dist_file)
            .env("CHROME", chrome)
            // For the test that starts fresh servers: this very program, which serves the
            // page with the same code.
            .env("E2E_XTASK", std::env::current_exe()?),
    )
}

#[derive(Default)]
struct Suite {
    results: Vec<(String, Outcome)>,
    started: Option<Instant>,
}

enum Outcome {
    Passed(Duration),
    Failed(Duration),
    Skipped(String),
}

impl Suite {
    fn step(&mut self, name: &str, body: impl FnOnce() -> Result<()>) -> Result<()> {
        self.started.get_or_insert_with(Instant::now);
        println!("\n=== {name} ===");
        let started = Instant::now();
        let result = body();
        let elapsed = started.elapsed();
        match result {
            Ok(()) => {
                self.results.push((name.into(), Outcome::Passed(elapsed)));
                Ok(())
            }
            Err(error) => {
                self.results.push((name.into(), Outcome::Failed(elapsed)));
                Err(error.context(format!("`cargo xtask test` stopped: {name} failed")))
            }
        }
    }

    /// A part that cannot run here: a warning locally, a failure on CI.
    fn skip(&mut self, name: &str, reason: &str) -> Result<()> {
        println!("\n=== {name} ===");
        if on_ci() {
            self.results
                .push((name.into(), Outcome::Failed(Duration::ZERO)));
            return Err(anyhow!(
                "{name} cannot run: {reason} (with CI=true nothing may be skipped)"
            ));
        }
        println!("warning: skipping {name}: {reason}");
        self.results
            .push((name.into(), Outcome::Skipped(reason.into())));
        Ok(())
    }

    fn print_summary(&self) {
        println!("\n=== summary ===");
        let (mut passed, mut failed, mut skipped) = (0, 0, 0);
        for (name, outcome) in &self.results {
            match outcome {
                Outcome::Passed(time) => {
                    passed += 1;
                    println!("  ok       {:>7}  {name}", seconds(*time));
                }
                Outcome::Failed(time) => {
                    failed += 1;
                    println!("  FAILED   {:>7}  {name}", seconds(*time));
                }
                Outcome::Skipped(reason) => {
                    skipped += 1;
                    println!("  skipped           {name} ({reason})");
                }
            }
        }
        let total = self
            .started
            .map(|start| start.elapsed())
            .unwrap_or_default();
        println!("  total    {:>7}", seconds(total));
        println!("steps: {passed} passed, {failed} failed, {skipped} skipped");
    }
}

/// The slowest node:test tests of the steps that ran them this time.
fn print_slowest(times: &TestTimes) -> Result<()> {
    let slowest = times.slowest(SLOWEST_SHOWN)?;
    if slowest.is_empty() {
        return Ok(());
    }
    println!("\n=== the {} slowest tests (node:test) ===", slowest.len());
    for time in slowest {
        println!(
            "  {:>7}  {}: {}",
            seconds(Duration::from_secs_f64(time.ms / 1000.0)),
            time.file,
            time.name
        );
    }
    Ok(())
}

fn seconds(time: Duration) -> String {
    format!("{:.1}s", time.as_secs_f64())
}
