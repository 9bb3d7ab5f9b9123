//! Remembers which test steps passed on exactly which inputs, so that running
//! `cargo xtask test` again with nothing changed does not spend minutes proving it again.
//!
//! A step's inputs are files: for the native tests, the test executables cargo built (they
//! link everything the tests run) and the map files they read; for the page logic tests,
//! the page and its scripts, the engine build and the test files; for the browser tests, the
//! page, its scripts, the engine build, the dist file and the test files. node_modules
//! folders are left out: their package-lock.json stands for them. Any changed byte changes the
//! fingerprint and the step runs. On CI nothing is taken from here.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// A 64-bit FNV-1a hash over file names and contents: stable across Rust versions and
/// machines, unlike `std`'s hasher, and quick enough for the few hundred MB involved.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint(u64);

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

impl Fingerprint {
    pub fn of_files(files: &[PathBuf]) -> Result<Fingerprint> {
        let mut sorted: Vec<&PathBuf> = files.iter().collect();
        sorted.sort();
        sorted.dedup();
        let mut hash = FNV_OFFSET;
        let mut feed = |bytes: &[u8]| {
            for &byte in bytes {
                hash = (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
            }
        };
        for file in sorted {
            let bytes =
                std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
            feed(file.to_string_lossy().as_bytes());
            feed(&(bytes.len() as u64).to_le_bytes());
            feed(&bytes);
        }
        Ok(Fingerprint(hash))
    }

    fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Every file under `dir`, recursively, leaving out `node_modules`.
pub fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|name| name != "node_modules") {
                    pending.push(path);
                }
            } else {
                files.push(path);
            }
        }
    }
    Ok(files)
}

/// Where a step's last passing fingerprint is kept (inside `target/`, so `cargo clean`
/// forgets it too).
fn record_file(root: &Path, step: &str) -> PathBuf {
    let name: String = step
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    root.join("target").join("xtask-passed").join(name)
}

/// Whether `step` passed last time on inputs with this fingerprint.
pub fn passed_before(root: &Path, step: &str, fingerprint: Fingerprint) -> bool {
    std::fs::read_to_string(record_file(root, step))
        .is_ok_and(|recorded| recorded.trim() == fingerprint.hex())
}

pub fn record_pass(root: &Path, step: &str, fingerprint: Fingerprint) -> Result<()> {
    let file = record_file(root, step);
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(&file, fingerprint.hex()).with_context(|| format!("writing {}", file.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_changed_byte_or_name_changes_the_fingerprint_and_order_does_not() {
        let dir = std::env::temp_dir().join(format!("xtask-fingerprint-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("sub").join("b.txt"));
        std::fs::write(&a, "walls").unwrap();
        std::fs::write(&b, "ground").unwrap();
        let first = Fingerprint::of_files(&[a.clone(), b.clone()]).unwrap();
        assert!(first == Fingerprint::of_files(&[b.clone(), a.clone()]).unwrap());
        assert_eq!(files_under(&dir).unwrap().len(), 2);

        std::fs::write(&b, "groune").unwrap();
        assert!(first != Fingerprint::of_files(&[a.clone(), b.clone()]).unwrap());
        assert!(first != Fingerprint::of_files(std::slice::from_ref(&a)).unwrap());

        assert!(!passed_before(&dir, "native tests", first));
        record_pass(&dir, "native tests", first).unwrap();
        assert!(passed_before(&dir, "native tests", first));
        let other = Fingerprint::of_files(&[a]).unwrap();
        assert!(!passed_before(&dir, "native tests", other));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
