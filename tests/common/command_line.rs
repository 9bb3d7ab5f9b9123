//! Runs the `astar` binary the way a person would, for the tests of its commands.

use std::process::{Command, Output};

/// What a run of the command printed, and how it exited.
pub struct Ran {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

pub fn astar(args: &[&str]) -> Ran {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_astar"))
        .args(args)
        .output()
        .expect("the astar binary runs");
    Ran {
        code: status.code(),
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
    }
}
