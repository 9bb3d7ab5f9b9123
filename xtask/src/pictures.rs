//! `cargo xtask pictures`: the screenshots and exported animation shown by the README and the
//! guides in docs/, taken from the page as it is now, so that they can be made again
//! whenever the page changes.
//! `tests/e2e/pictures.mjs` drives headless Chromium through the scenes.

use crate::serve::StaticServer;
use crate::{chromium, npm, process, wasm_build};
use anyhow::Result;
use std::path::Path;
use std::process::Command;

pub fn command(root: &Path) -> Result<()> {
    wasm_build::build_pkg(root)?;
    npm::install(root)?;
    let chrome = chromium::find_or_install()?;
    let server = StaticServer::bind(root, 0)?;
    let base_url = server.spawn();
    process::run(
        Command::new("node")
            .current_dir(root)
            .arg("tests/e2e/pictures.mjs")
            .env("E2E_BASE_URL", &base_url)
            .env("CHROME", chrome)
            .env("PICTURES_DIR", root.join("www")),
    )
}
