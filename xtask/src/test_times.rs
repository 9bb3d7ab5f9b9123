//! The slowest tests of a `cargo xtask test` run. Each node:test run gets a second reporter,
//! `test_times.mjs`, beside spec's: it writes every test's duration to a file of its own,
//! read back at the end to name the slowest tests by file and name.

use anyhow::{Context, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

const REPORTER: &str = "xtask/src/test_times.mjs";

/// One test's time, as the reporter wrote it.
#[derive(Debug, PartialEq)]
pub struct TestTime {
    /// Relative to the repository.
    pub file: String,
    pub name: String,
    pub ms: f64,
}

/// The node:test runs of one `cargo xtask test`, each writing its tests' times to a file.
pub struct TestTimes {
    root: PathBuf,
    files: Vec<PathBuf>,
}

impl TestTimes {
    pub fn new(root: &Path) -> Self {
        Self {
            root: root.to_path_buf(),
            files: Vec::new(),
        }
    }

    /// The `node --test` arguments for a run named `run`: spec's report on the terminal,
    /// and the times to a file (last run's times of the same name are forgotten).
    pub fn reporter_args(&mut self, run: &str) -> Result<Vec<OsString>> {
        let dir = self.root.join("target").join("xtask-test-times");
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let file = dir.join(format!("{run}.jsonl"));
        if file.exists() {
            std::fs::remove_file(&file).with_context(|| format!("removing {}", file.display()))?;
        }
        // Node.js imports a reporter given by its absolute path.
        let mut reporter = OsString::from("--test-reporter=");
        reporter.push(self.root.join(REPORTER));
        let mut destination = OsString::from("--test-reporter-destination=");
        destination.push(&file);
        self.files.push(file);
        Ok(vec![
            "--test-reporter=spec".into(),
            "--test-reporter-destination=stdout".into(),
            reporter,
            destination,
        ])
    }

    /// The `count` slowest tests of the runs so far, slowest first.
    pub fn slowest(&self, count: usize) -> Result<Vec<TestTime>> {
        let mut times = Vec::new();
        for file in &self.files {
            // A run that did not start (a step skipped, a failure before it) wrote nothing.
            let Ok(text) = std::fs::read_to_string(file) else {
                continue;
            };
            for line in text.lines() {
                times.push(self.parse(line).with_context(|| {
                    format!("reading the test times in {}: `{line}`", file.display())
                })?);
            }
        }
        times.sort_by(|a, b| b.ms.total_cmp(&a.ms));
        times.truncate(count);
        Ok(times)
    }

    fn parse(&self, line: &str) -> Result<TestTime> {
        let value: serde_json::Value = serde_json::from_str(line)?;
        let text = |field: &str| {
            value[field]
                .as_str()
                .map(str::to_owned)
                .with_context(|| format!("no {field}"))
        };
        let file = text("file")?;
        let file = Path::new(&file)
            .strip_prefix(&self.root)
            .map_or(file.clone(), |relative| {
                relative.to_string_lossy().into_owned()
            });
        Ok(TestTime {
            file,
            name: text("name")?,
            ms: value["ms"].as_f64().context("no ms")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn names_the_slowest_leaf_tests_by_file_and_name() {
        if crate::npm::check_node().is_err() {
            assert!(!crate::on_ci(), "Node.js is required on CI");
            return;
        }
        let dir = std::env::temp_dir().join(format!("xtask-test-times-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("target")).unwrap();
        std::fs::create_dir_all(dir.join("xtask/src")).unwrap();
        std::fs::write(
            dir.join(REPORTER),
            std::fs::read(crate::repository_root().join(REPORTER)).unwrap(),
        )
        .unwrap();
        let wait = |ms: u32| format!("await new Promise((done) => setTimeout(done, {ms}))");
        std::fs::write(
            dir.join("a.test.mjs"),
            format!(
                "import {{ describe, it, test }} from 'node:test';\n\
                 describe('suite', () => {{ it('slow', async () => {{ {} }}); it('quick', () => {{}}); }});\n\
                 test('parent', async (t) => {{ await t.test('child', async () => {{ {} }}); }});\n",
                wait(120),
                wait(60)
            ),
        )
        .unwrap();
        let mut times = TestTimes::new(&dir);
        let status = Command::new("node")
            .current_dir(&dir)
            .arg("--test")
            .args(times.reporter_args("sample").unwrap())
            .arg("a.test.mjs")
            .output()
            .unwrap()
            .status;
        assert!(status.success());
        let slowest = times.slowest(2).unwrap();
        let named: Vec<(&str, &str)> = slowest
            .iter()
            .map(|time| (time.file.as_str(), time.name.as_str()))
            .collect();
        assert_eq!(
            named,
            [
                ("a.test.mjs", "suite > slow"),
                ("a.test.mjs", "parent > child")
            ]
        );
        assert!(slowest[0].ms >= 100.0 && slowest[1].ms >= 50.0);
        // Suites and tests with subtests are not listed: their time is their children's.
        assert_eq!(times.slowest(10).unwrap().len(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
