//! Finding the Chromium (or Chrome) the browser tests drive, and installing Debian's package
//! when running as root on Debian. The tests never download a browser of their own.
//!
//! The page is in Chinese as well as English, and its layout tests measure Chinese text: without
//! a font with Chinese glyphs the browser draws boxes of another width, so a font is installed
//! beside the browser where one is missing. The handout test measures the board on the page of
//! the PDF the browser prints, drawn by poppler's `pdftoppm`, installed the same way.

use crate::process;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

const DEBIAN_CHROMIUM: &str = "/usr/bin/chromium";
const CHROMIUM_PACKAGE: &str = "chromium";
/// A compact font with the Chinese glyphs (Micro Hei, a sans-serif like the page's).
const CHINESE_FONT_PACKAGE: &str = "fonts-wqy-microhei";
/// `pdftoppm`, which draws a PDF's page as pixels.
const PDF_RENDERER: &str = "pdftoppm";
const PDF_RENDERER_PACKAGE: &str = "poppler-utils";
const NAMES_ON_PATH: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];
const MACOS_CHROME: &str = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
const HOW_TO_GET_ONE: &str = "install Chromium or Google Chrome (Debian: `apt-get install \
     chromium` as root; Ubuntu, Fedora, macOS, Windows: your usual Chrome or Chromium) and put \
     it on PATH, or set CHROME to the browser's executable";

/// The browser to test with: `$CHROME`, then a Chromium or Chrome found on this machine,
/// then Debian's package installed on the spot.
pub fn find_or_install() -> Result<PathBuf> {
    if let Some(chrome) = std::env::var_os("CHROME").filter(|value| !value.is_empty()) {
        let chrome = PathBuf::from(chrome);
        if !process::is_executable(&chrome) {
            bail!("CHROME={} is not an executable file", chrome.display());
        }
        return Ok(chrome);
    }
    let found = find();
    let mut packages = Vec::new();
    if found.is_none() {
        packages.push(CHROMIUM_PACKAGE);
    }
    let font = has_chinese_font();
    if !font {
        packages.push(CHINESE_FONT_PACKAGE);
    }
    let pdf_renderer = process::find_on_path(PDF_RENDERER).is_some();
    if !pdf_renderer {
        packages.push(PDF_RENDERER_PACKAGE);
    }
    if packages.is_empty() {
        return Ok(found.expect("a browser was found"));
    }
    if !can_install_debian_package() {
        return match found {
            Some(found) => {
                if !font {
                    println!(
                        "warning: no font with Chinese glyphs: the Chinese page is measured with \
                         boxes in their place (install one, e.g. Debian's {CHINESE_FONT_PACKAGE})"
                    );
                }
                if !pdf_renderer {
                    println!(
                        "warning: no {PDF_RENDERER}: the handout test cannot measure the printed \
                         board (install poppler, e.g. Debian's {PDF_RENDERER_PACKAGE})"
                    );
                }
                Ok(found)
            }
            None => bail!("no Chromium or Chrome found: {HOW_TO_GET_ONE}"),
        };
    }
    println!("Installing Debian's {}.", packages.join(" and "));
    let install = || -> Result<()> {
        process::run(Command::new("apt-get").arg("update"))?;
        process::run(
            Command::new("apt-get")
                .args(["install", "-y"])
                .args(&packages)
                .env("DEBIAN_FRONTEND", "noninteractive"),
        )
    };
    install().with_context(|| format!("could not install {}", packages.join(" and ")))?;
    find().with_context(|| format!("chromium was installed but {DEBIAN_CHROMIUM} is missing"))
}

/// Whether fontconfig knows a font that covers Chinese (where fontconfig is absent, as on
/// macOS or Windows, the system's own fonts do).
fn has_chinese_font() -> bool {
    match process::probe("fc-list", &[":lang=zh", "family"]) {
        Some(fonts) => !fonts.trim().is_empty(),
        None => !Path::new("/usr/bin/apt-get").exists(),
    }
}

fn find() -> Option<PathBuf> {
    let known = [DEBIAN_CHROMIUM, MACOS_CHROME]
        .into_iter()
        .map(PathBuf::from)
        .find(|path| process::is_executable(path));
    known.or_else(|| {
        NAMES_ON_PATH
            .iter()
            .find_map(|name| process::find_on_path(name))
    })
}

/// Root on Debian itself (Ubuntu's `chromium` package is only a wrapper for a snap).
fn can_install_debian_package() -> bool {
    let is_debian = std::fs::read_to_string("/etc/os-release")
        .is_ok_and(|release| release.lines().any(|line| line == "ID=debian"));
    let is_root = process::probe("id", &["-u"]).is_some_and(|uid| uid.trim() == "0");
    is_debian && is_root && Path::new("/usr/bin/apt-get").exists()
}
