//! `cargo xtask dist`: the whole page as one HTML file that works when opened from disk (a
//! classroom without network, an upload to a course site, an email attachment).

use crate::single_file::{self, Sources};
use crate::wasm_build::{self, Bindings, LIB_NAME};
use crate::{npm, process, wasm_opt};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const DIST_FILE: &str = "dist/astar-visualizer.html";
/// The most the single-file page may weigh, gzipped: what a reader downloads (16 KiB of it
/// for the lessons and their text in every language).
pub const BUDGET_KIB: f64 = 256.0;
/// The page's engine loader, which fetches the .wasm; the bundle takes the stand-in instead.
const ENGINE_MODULE: &str = "www/engine.js";
const ENGINE_STAND_IN: &str = include_str!("dist/engine.js");
/// The page's inline script: unpacks the rest and runs it.
const LOADER: &str = include_str!("dist/loader.js");
/// Where `LOADER` takes the packed stream, as base64.
const PACKED_MARK: &str = "@PACKED@";
/// Unpacks the packed stream with lzma1's decoder, an npm library of the page.
const UNPACK: &str = include_str!("dist/unpack.js");
/// Hands the engine and the texts from the loader to the page's modules.
const PARTS: &str = include_str!("dist/parts.js");
/// The interface texts of every language and the script that gathers them.
const STRINGS_DIR: &str = "www/i18n/strings";
const TEXTS_MODULE: &str = include_str!("dist/texts.js");
const TEXTS_SCRIPT: &str = include_str!("dist/texts.mjs");

/// Builds the file and returns its path.
pub fn command(root: &Path) -> Result<PathBuf> {
    let tools = npm::install(root, npm::TOOLS)
        .context("the single-file build needs the npm packages esbuild and binaryen")?;
    npm::install(root, npm::PAGE).context("the single-file build bundles the page's libraries")?;
    let wasm_path = wasm_build::build_release_wasm(root)?;
    let scratch = wasm_build::scratch_dir(&wasm_path);

    // The stand-in engine module, next to the bindings and the shrunk wasm it imports.
    let engine_dir = scratch.join("dist-engine");
    wasm_build::generate_bindings(&wasm_path, &engine_dir, Bindings::Bundled)?;
    let wasm_file = engine_dir.join(format!("{LIB_NAME}_bg.wasm"));
    let wasm = std::fs::read(&wasm_file)?;
    check_no_float_formatting(&wasm)?;
    let optimised = wasm_opt::shrink(&tools, &scratch.join("wasm-opt"), &wasm)?;
    let stand_in = engine_dir.join("engine.js");
    std::fs::write(&stand_in, ENGINE_STAND_IN)?;
    std::fs::write(engine_dir.join("parts.js"), PARTS)?;
    let mut replace = vec![(root.join(ENGINE_MODULE), stand_in)];
    let (texts_stand_ins, texts) = gather_texts(root, &engine_dir)?;
    replace.extend(texts_stand_ins);
    let loader = engine_dir.join("loader.js");
    std::fs::write(&loader, LOADER)?;
    std::fs::write(engine_dir.join("unpack.js"), UNPACK)?;
    let wrap = |script: &str, loader: &str, styles: &[String]| {
        loader_script(loader, script, &texts, styles, &optimised)
    };

    let html = std::fs::read_to_string(root.join("index.html")).context("reading index.html")?;
    let page = single_file::single_file(
        &html,
        &Sources {
            root,
            packages: &root.join(npm::TOOLS.dir()),
            replace: &replace,
            scratch: &scratch.join("dist-bundle"),
            loader: Some(single_file::Loader {
                module: &loader,
                wrap: &wrap,
            }),
        },
    )?;

    let file = root.join(DIST_FILE);
    std::fs::create_dir_all(file.parent().expect("DIST_FILE has a folder"))?;
    std::fs::write(&file, &page).with_context(|| format!("writing {}", file.display()))?;
    println!(
        "wrote {DIST_FILE}: {} KiB ({} KiB of wasm, {} KiB before wasm-opt), {} bytes gzipped \
         (gzip -9; budget {BUDGET_KIB} KiB, {} bytes)",
        kib(page.len()),
        kib(optimised.len()),
        kib(wasm.len()),
        gzipped_len(&file)?,
        BUDGET_KIB * 1024.0,
    );
    Ok(file)
}

/// Rust's float formatting is about 30 KiB of wasm the page does without: the engine writes
/// its numbers through JavaScript (`src/text/number_text.rs`). A `{}` or `{:?}` of an f64 reachable
/// from the page (an error's Debug text in an `expect`, say) brings it back; the module's
/// function names, still there before `wasm-opt`, tell.
fn check_no_float_formatting(wasm: &[u8]) -> Result<()> {
    const MARK: &[u8] = b"flt2dec";
    if wasm.windows(MARK.len()).any(|window| window == MARK) {
        anyhow::bail!(
            "the engine formats floats with Rust's own code (core::num::flt2dec, about 30 KiB): \
             write numbers with number_text, and keep f64 values out of panics' Debug text"
        );
    }
    Ok(())
}

/// The page's inline script: the bundled `loader` with the page's code (`script`), its texts,
/// its stylesheets and its engine (`wasm`) packed as one stream in the layout
/// `dist/loader.js` reads. LZMA packs the stylesheets an eighth smaller than gzip.
fn loader_script(
    loader: &str,
    script: &str,
    texts: &[u8],
    styles: &[String],
    wasm: &[u8],
) -> Result<String> {
    use base64::Engine;
    // No stylesheet holds a NUL (CSS would read it as U+FFFD), so it can part them.
    if styles.iter().any(|css| css.contains('\0')) {
        bail!("a bundled stylesheet holds a NUL character");
    }
    let styles = styles.join("\0");
    let length = |bytes: &[u8]| u32::try_from(bytes.len()).context("more than 4 GiB to pack");
    // In this order the stream packs about 0.2 KiB smaller than with the code first.
    let mut stream =
        Vec::with_capacity(12 + styles.len() + texts.len() + script.len() + wasm.len());
    stream.extend(length(styles.as_bytes())?.to_le_bytes());
    stream.extend(length(texts)?.to_le_bytes());
    stream.extend(length(script.as_bytes())?.to_le_bytes());
    stream.extend(styles.as_bytes());
    stream.extend(texts);
    stream.extend(script.as_bytes());
    stream.extend(wasm);
    let packed = base64::engine::general_purpose::STANDARD.encode(pack(&stream)?);
    match loader.matches(PACKED_MARK).count() {
        1 => Ok(loader.replace(PACKED_MARK, &packed)),
        count => bail!("the bundled loader holds {PACKED_MARK} {count} times, not once"),
    }
}

/// Modules and the stand-ins bundled in their place: (module, stand-in).
type StandIns = Vec<(PathBuf, PathBuf)>;

/// Gathers the texts of every file of `STRINGS_DIR` (see `dist/texts.js`) and returns the
/// stand-ins that take each file's place, (file, stand-in), and the texts as JSON.
fn gather_texts(root: &Path, dir: &Path) -> Result<(StandIns, Vec<u8>)> {
    let script = dir.join("texts.mjs");
    let gathered = dir.join("texts.json");
    std::fs::write(&script, TEXTS_SCRIPT)?;
    let strings = root.join(STRINGS_DIR);
    let printed = process::run_and_collect(
        Command::new("node")
            .arg(&script)
            .arg(&strings)
            .arg(&gathered),
    )
    .context("gathering the interface texts")?;
    let files: Vec<String> = serde_json::from_str(printed.trim())
        .with_context(|| format!("{} printed no list of files: {printed}", script.display()))?;
    std::fs::write(dir.join("texts.js"), TEXTS_MODULE)?;
    let stand_ins = files
        .iter()
        .enumerate()
        .map(|(index, file)| {
            let stand_in = dir.join(format!("strings-{file}"));
            std::fs::write(
                &stand_in,
                format!("import {{ languageTexts }} from './texts.js';\nexport const TEXTS = languageTexts({index});\n"),
            )?;
            Ok((strings.join(file), stand_in))
        })
        .collect::<Result<_>>()?;
    Ok((stand_ins, std::fs::read(&gathered)?))
}

/// `bytes` packed with LZMA at its strongest, in the .lzma layout ("LZMA alone": size unknown,
/// an end marker) that `dist/unpack.js` reads.
fn pack(bytes: &[u8]) -> Result<Vec<u8>> {
    use std::io::Write;
    use xz2::stream::{LzmaOptions, Stream};
    /// liblzma's LZMA_PRESET_EXTREME, which xz2 does not name: `xz -9e`.
    const EXTREME: u32 = 1 << 31;
    /// liblzma's smallest dictionary.
    const MIN_DICTIONARY: u32 = 4096;
    let mut options = LzmaOptions::new_preset(9 | EXTREME)?;
    // The longest matches the format has, and no modelling of 4-byte alignment (wasm's code
    // and the texts have none): each a few hundred bytes smaller for the engine. A dictionary
    // as large as the bytes packs them as well as the preset's 64 MiB, and the decoder
    // allocates a window of the dictionary's size.
    let dictionary = u32::try_from(bytes.len()).context("more than 4 GiB to pack")?;
    options
        .nice_len(273)
        .position_bits(0)
        .dict_size(dictionary.max(MIN_DICTIONARY));
    let mut encoder =
        xz2::write::XzEncoder::new_stream(Vec::new(), Stream::new_lzma_encoder(&options)?);
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?)
}

fn kib(bytes: usize) -> usize {
    bytes.div_ceil(1024)
}

/// The size of the file at `path` as `gzip -9` packs it: the measure of the budget and of
/// the figures in the guides (zlib-based packers at their best come within 0.1-0.3 KiB of it;
/// miniz, flate2's default, packs this page 1.5 KiB larger).
pub fn gzipped_len(path: &Path) -> Result<usize> {
    let packed = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(path)
        .output()
        .context("running gzip -9 (Debian's gzip package)")?;
    if !packed.status.success() {
        bail!("gzip -9 failed on {}", path.display());
    }
    Ok(packed.stdout.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `dist/unpack.js` run by Node.js on `packed`: its output holds the bytes unpacked.
    fn unpack_in_node(packed: &[u8]) -> std::process::Output {
        let dir = std::env::temp_dir().join(format!("xtask-unpack-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("unpack.mjs"), UNPACK).unwrap();
        std::fs::write(dir.join("packed.lzma"), packed).unwrap();
        // The page reaches lzma1's files through the import map, past the package's exports,
        // which Node.js would hold to: a resolve hook sends it to the same files.
        let packages = crate::repository_root()
            .join(npm::PAGE.dir())
            .join("node_modules");
        std::fs::write(
            dir.join("resolve.mjs"),
            format!(
                "export function resolve(specifier, context, next) {{\n\
                   if (!specifier.startsWith('lzma1/')) return next(specifier, context);\n\
                   return {{ url: new URL(specifier, {:?}).href, shortCircuit: true }};\n\
                 }}\n",
                format!("file://{}/", packages.display())
            ),
        )
        .unwrap();
        let script = "import { register } from 'node:module';\n\
            import { readFileSync } from 'node:fs';\n\
            register('./resolve.mjs', import.meta.url);\n\
            const { unpack } = await import('./unpack.mjs');\n\
            process.stdout.write(unpack(readFileSync('packed.lzma')));\n";
        let output = std::process::Command::new("node")
            .current_dir(&dir)
            .args(["--input-type=module", "-e", script])
            .output()
            .unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        output
    }

    #[test]
    fn the_page_unpacks_what_dist_packs() {
        if crate::npm::check_node().is_err() {
            assert!(!crate::on_ci(), "Node.js is required on CI");
            return;
        }
        npm::install(&crate::repository_root(), npm::PAGE).unwrap();
        // A real program (every kind of match and literal, distances up to megabytes), text,
        // one byte, nothing, and a run far longer than the longest match.
        let program = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        let text = std::fs::read(crate::repository_root().join("README.md")).unwrap();
        for bytes in [
            &program[..program.len().min(3 << 20)],
            &text[..],
            b"A",
            b"",
            &[7; 100_000],
        ] {
            let output = unpack_in_node(&pack(bytes).unwrap());
            assert!(output.status.success(), "{output:?}");
            assert!(output.stdout == bytes, "{} bytes", bytes.len());
        }
        // A stream cut anywhere, even in its end marker, is refused rather than unpacked
        // into wrong bytes.
        let packed = pack(&text).unwrap();
        for kept in [packed.len() / 4, packed.len() / 2, packed.len() - 3] {
            let output = unpack_in_node(&packed[..kept]);
            assert!(!output.status.success(), "{kept} of {} bytes", packed.len());
            assert!(output.stdout.is_empty());
            let error = String::from_utf8_lossy(&output.stderr);
            assert!(error.contains("the packed data is damaged"), "{error}");
        }
    }

    #[test]
    fn gathers_every_languages_texts_in_englishs_order() {
        if crate::npm::check_node().is_err() {
            assert!(!crate::on_ci(), "Node.js is required on CI");
            return;
        }
        let dir = std::env::temp_dir().join(format!("xtask-texts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("texts.mjs"), TEXTS_SCRIPT).unwrap();
        let write = |file: &str, text: &str| std::fs::write(dir.join(file), text).unwrap();
        let gather = || {
            Command::new("node")
                .current_dir(&dir)
                .args(["texts.mjs", ".", "texts.json"])
                .output()
                .unwrap()
        };
        write("en.js", "export const TEXTS = { a: 'A', b: 'B {n}' };\n");
        write("zh.js", "export const TEXTS = { b: '乙 {n}', a: '甲' };\n");
        write("de.js", "export const TEXTS = { a: 'Ä', b: 'Ü {n}' };\n");
        let output = gather();
        assert!(output.status.success(), "{output:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).trim(),
            r#"["en.js","de.js","zh.js"]"#
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("texts.json")).unwrap(),
            r#"[["a","b"],["A","B {n}"],["Ä","Ü {n}"],["甲","乙 {n}"]]"#
        );
        write("zh.js", "export const TEXTS = { a: '甲', c: '丙' };\n");
        let output = gather();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!output.status.success());
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(
            error.contains("zh.js and en.js differ in their keys: b, c"),
            "{error}"
        );
    }
}
