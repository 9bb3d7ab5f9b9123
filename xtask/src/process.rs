//! Running other programs with clear failure messages.

use anyhow::{bail, Context, Result};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cargo that runs xtask (so a `cargo +toolchain xtask` stays on that toolchain).
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Runs a command with inherited output and fails with its command line if it fails.
pub fn run(command: &mut Command) -> Result<()> {
    let line = describe(command);
    println!("$ {line}");
    let status = command
        .status()
        .with_context(|| format!("could not start `{line}`"))?;
    if !status.success() {
        bail!("`{line}` failed ({status})");
    }
    Ok(())
}

/// Runs a command, echoing its standard output line by line, and returns that output too
/// (for checks on what a test runner printed).
pub fn run_and_capture(command: &mut Command) -> Result<String> {
    use std::io::{BufRead, BufReader};
    let line = describe(command);
    println!("$ {line}");
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .with_context(|| format!("could not start `{line}`"))?;
    let mut captured = String::new();
    let stdout = child.stdout.take().expect("stdout was piped");
    for output_line in BufReader::new(stdout).lines() {
        let output_line = output_line.context("reading the command's output")?;
        println!("{output_line}");
        captured.push_str(&output_line);
        captured.push('\n');
    }
    let status = child.wait()?;
    if !status.success() {
        bail!("`{line}` failed ({status})");
    }
    Ok(captured)
}

/// Runs a command and returns its standard output without echoing it (standard error still
/// reaches the terminal).
pub fn run_and_collect(command: &mut Command) -> Result<String> {
    let line = describe(command);
    println!("$ {line}");
    let output = command
        .stdout(Stdio::piped())
        .output()
        .with_context(|| format!("could not start `{line}`"))?;
    if !output.status.success() {
        bail!("`{line}` failed ({})", output.status);
    }
    String::from_utf8(output.stdout).with_context(|| format!("`{line}` printed invalid UTF-8"))
}

/// Runs a command whose standard error carries its messages (a build tool's): returns them
/// on success, and makes them part of the error on failure.
pub fn run_for_messages(command: &mut Command) -> Result<String> {
    let line = describe(command);
    println!("$ {line}");
    let output = command
        .stdout(Stdio::inherit())
        .stderr(Stdio::piped())
        .output()
        .with_context(|| format!("could not start `{line}`"))?;
    let messages = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        bail!("`{line}` failed ({}):\n{messages}", output.status);
    }
    Ok(messages)
}

/// Runs a command quietly and returns its standard output, or `None` if it could not run
/// or failed (used to probe for tools).
pub fn probe(program: impl AsRef<OsStr>, args: &[&str]) -> Option<String> {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The first executable called `name` on PATH.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let file_name = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&path)
        .map(|dir| dir.join(&file_name))
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
pub fn is_executable(path: &Path) -> bool {
    path.is_file()
}

fn describe(command: &Command) -> String {
    // Show `cargo`, not the full path of the toolchain's cargo binary.
    let program = Path::new(command.get_program());
    let shown = match program.file_stem() {
        Some(stem) if stem == "cargo" => "cargo".into(),
        _ => program.to_string_lossy(),
    };
    let mut words = vec![shown.into_owned()];
    words.extend(
        command
            .get_args()
            .map(|arg| arg.to_string_lossy().into_owned()),
    );
    words.join(" ")
}
