//! The page as one HTML file: esbuild bundles the module script and the stylesheets that
//! `index.html` loads, and the bundles replace the elements that loaded them.
//!
//! The module script keeps its place and carries the bundle inline: a page opened from disk
//! cannot load module scripts by URL, but runs inline ones (or a loader, bundled too, that
//! carries the bundle and the stylesheets in its own form and puts the stylesheets back in
//! their places). Any other file the page would load is an error, since
//! the result must work with no server and no network.

use crate::process;
use anyhow::{bail, Context, Result};
use lol_html::html_content::{ContentType, Element};
use lol_html::{element, rewrite_str, text, RewriteStrSettings};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::Command;

const BUNDLE_SCRIPT: &str = include_str!("dist/bundle.mjs");
const SCRIPT_OUT: &str = "script";
const LOADER_OUT: &str = "loader";

/// Where the page's files come from and where esbuild works.
pub struct Sources<'a> {
    /// The folder of `index.html`: the page's URLs are relative to it.
    pub root: &'a Path,
    /// The npm package folder whose `node_modules` holds esbuild.
    pub packages: &'a Path,
    /// Modules bundled in place of others: (module, stand-in), absolute paths.
    pub replace: &'a [(PathBuf, PathBuf)],
    /// A folder for esbuild's configuration and output (emptied first).
    pub scratch: &'a Path,
    /// A module that stands inline in place of the page's bundle, if any.
    pub loader: Option<Loader<'a>>,
}

/// A module bundled as the page's inline script, carrying the page's bundle in some form.
pub struct Loader<'a> {
    /// The loader's module, bundled like the page's.
    pub module: &'a Path,
    /// The inline script, from the page's bundle, the loader's and the bundled stylesheets
    /// in the page's order. The loader fills the page's `STYLE_PLACE`s with them, in order.
    pub wrap: &'a Wrap<'a>,
}

/// Makes the inline script: (page's bundle, loader's bundle, stylesheets) to script.
pub type Wrap<'a> = dyn Fn(&str, &str, &[String]) -> Result<String> + 'a;

/// With a loader, each stylesheet becomes an empty `<style>` with this attribute, for the
/// loader to fill.
pub const STYLE_PLACE: &str = "data-packed";
/// The first place holds this until the loader fills it: the body stays unseen rather than
/// showing unstyled, since the module script runs only once the page is parsed.
const UNSTYLED: &str = "body{visibility:hidden}";

/// Returns `html` with its module script and stylesheets bundled and inlined.
pub fn single_file(html: &str, sources: &Sources) -> Result<String> {
    let loads = PageLoads::read(html)?;
    let bundles = bundle(&loads, sources)?;
    inline(html, &bundles)
}

/// The files `index.html` loads, as written in its attributes.
#[derive(Debug, Default, PartialEq)]
struct PageLoads {
    module_script: String,
    stylesheets: Vec<String>,
    /// The `imports` of its import map.
    imports: serde_json::Map<String, serde_json::Value>,
}

impl PageLoads {
    fn read(html: &str) -> Result<Self> {
        let module_script = RefCell::new(None::<String>);
        let stylesheets = RefCell::new(Vec::new());
        let import_map = RefCell::new(String::new());
        rewrite_str(
            html,
            RewriteStrSettings::new()
                .append_element_content_handler(element!("script", |script| {
                    match ScriptKind::of(script) {
                        ScriptKind::ModuleFile(src) => {
                            let mut found = module_script.borrow_mut();
                            if found.is_some() {
                                return Err("index.html loads more than one module script; \
                                                the page needs one entry point"
                                    .into());
                            }
                            *found = Some(local_url(&src, "<script type=\"module\" src>")?);
                        }
                        ScriptKind::InlineModule => {
                            return Err("index.html: the single-file build does not bundle \
                                            inline module scripts; put the code in a file under \
                                            www/ and import it from the page's module"
                                .into())
                        }
                        ScriptKind::ClassicFile(src) => {
                            return Err(format!(
                                "index.html: <script src=\"{src}\"> is a classic script \
                                     file; import it from the page's module instead"
                            )
                            .into())
                        }
                        ScriptKind::ImportMap | ScriptKind::Inline => {}
                    }
                    Ok(())
                }))
                .append_element_content_handler(text!("script[type=importmap]", |chunk| {
                    import_map.borrow_mut().push_str(chunk.as_str());
                    Ok(())
                }))
                .append_element_content_handler(element!("link[href]", |link| {
                    let href = link.get_attribute("href").unwrap_or_default();
                    if is_stylesheet(link) {
                        stylesheets
                            .borrow_mut()
                            .push(local_url(&href, "<link rel=\"stylesheet\" href>")?);
                        Ok(())
                    } else {
                        require_data_url(link, "href")
                    }
                }))
                .append_element_content_handler(element!(
                    "img, iframe, source, embed, track, audio, video, input[type=image]",
                    |element| require_data_url(element, "src")
                ))
                .append_element_content_handler(element!(
                    "img[srcset], source[srcset]",
                    |element| require_data_url(element, "srcset")
                ))
                .append_element_content_handler(element!("object", |object| require_data_url(
                    object, "data"
                ))),
        )
        .context("reading index.html")?;

        let import_map = import_map.into_inner();
        let imports = if import_map.trim().is_empty() {
            serde_json::Map::new()
        } else {
            let map: serde_json::Value = serde_json::from_str(&import_map)
                .context("index.html: the import map is not valid JSON")?;
            match map.get("imports") {
                None => serde_json::Map::new(),
                Some(serde_json::Value::Object(imports))
                    if imports.values().all(serde_json::Value::is_string) =>
                {
                    imports.clone()
                }
                Some(_) => bail!(
                    "index.html: the import map's `imports` must map names to paths (strings)"
                ),
            }
        };
        Ok(Self {
            module_script: module_script
                .into_inner()
                .context("index.html has no <script type=\"module\" src=...> to build")?,
            stylesheets: stylesheets.into_inner(),
            imports,
        })
    }
}

enum ScriptKind {
    ModuleFile(String),
    InlineModule,
    ClassicFile(String),
    ImportMap,
    Inline,
}

impl ScriptKind {
    fn of(script: &Element) -> Self {
        let kind = script
            .get_attribute("type")
            .unwrap_or_default()
            .to_ascii_lowercase();
        match (kind.as_str(), script.get_attribute("src")) {
            ("importmap", _) => Self::ImportMap,
            ("module", Some(src)) => Self::ModuleFile(src),
            ("module", None) => Self::InlineModule,
            (_, Some(src)) => Self::ClassicFile(src),
            (_, None) => Self::Inline,
        }
    }
}

fn is_stylesheet(link: &Element) -> bool {
    link.get_attribute("rel").is_some_and(|rel| {
        rel.split_ascii_whitespace()
            .any(|word| word.eq_ignore_ascii_case("stylesheet"))
    })
}

/// A URL relative to the page, which the build reads from the page's folder.
fn local_url(url: &str, what: &str) -> std::result::Result<String, String> {
    let is_local =
        !url.is_empty() && !url.starts_with('/') && !url.contains(':') && !url.contains(['?', '#']);
    if is_local {
        Ok(url.to_string())
    } else {
        Err(format!(
            "index.html: {what} = \"{url}\" must be a path relative to the page for the \
             single-file build to bundle it"
        ))
    }
}

fn require_data_url(element: &Element, attribute: &str) -> lol_html::HandlerResult {
    match element.get_attribute(attribute) {
        Some(url) if !url.trim().is_empty() && !url.trim_start().starts_with("data:") => {
            Err(format!(
                "index.html: <{} {attribute}=\"{url}\"> loads a file the single-file build does \
                 not inline (only the module script and stylesheets are bundled); use a data: \
                 URL, or load it from the module script",
                element.tag_name()
            )
            .into())
        }
        _ => Ok(()),
    }
}

/// The bundled script and stylesheets, keyed by the URL that loaded them.
struct Bundles {
    module_script: (String, String),
    stylesheets: Vec<(String, String)>,
    /// The loader carries the stylesheets: their places stay empty (see `STYLE_PLACE`).
    packed_styles: bool,
}

fn bundle(loads: &PageLoads, sources: &Sources) -> Result<Bundles> {
    let scratch = sources.scratch;
    let outdir = scratch.join("out");
    if outdir.exists() {
        std::fs::remove_dir_all(&outdir)
            .with_context(|| format!("removing the old {}", outdir.display()))?;
    }
    std::fs::create_dir_all(scratch)?;
    let style_out = |index: usize| format!("style-{index}");
    let mut entries = vec![serde_json::json!({
        "in": sources.root.join(&loads.module_script),
        "out": SCRIPT_OUT,
    })];
    for (index, href) in loads.stylesheets.iter().enumerate() {
        entries.push(serde_json::json!({ "in": sources.root.join(href), "out": style_out(index) }));
    }
    if let Some(loader) = &sources.loader {
        entries.push(serde_json::json!({ "in": loader.module, "out": LOADER_OUT }));
    }
    let replace: serde_json::Map<String, serde_json::Value> = sources
        .replace
        .iter()
        .map(|(module, stand_in)| {
            (
                module.to_string_lossy().into_owned(),
                stand_in.to_string_lossy().into(),
            )
        })
        .collect();
    let config = serde_json::json!({
        "root": sources.root,
        "packages": sources.packages,
        "entries": entries,
        "outdir": outdir,
        "imports": loads.imports,
        "replace": replace,
    });
    let script = scratch.join("bundle.mjs");
    let config_file = scratch.join("bundle.json");
    std::fs::write(&script, BUNDLE_SCRIPT)?;
    std::fs::write(&config_file, config.to_string())?;
    let mut node = Command::new("node");
    node.arg(&script).arg(&config_file);
    let messages =
        process::run_for_messages(&mut node).context("esbuild could not bundle the page")?;
    print!("{messages}");

    let read = |name: String| -> Result<String> {
        let file = outdir.join(&name);
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("esbuild wrote no {}", file.display()))?;
        // esbuild already writes `<\/script` and `<\/style` inside strings; `<!--` followed
        // by `<script` would still change how the HTML parser reads the rest.
        if text.contains("<!--") {
            bail!("the bundle {name} contains `<!--`, which cannot stand inside an inline element; write it as '<!-' + '-' in the source");
        }
        Ok(text)
    };
    let mut stylesheets: Vec<(String, String)> = loads
        .stylesheets
        .iter()
        .enumerate()
        .map(|(index, href)| Ok((href.clone(), read(format!("{}.css", style_out(index)))?)))
        .collect::<Result<_>>()?;
    let mut script = read(format!("{SCRIPT_OUT}.js"))?;
    let packed_styles = sources.loader.is_some();
    if let Some(loader) = &sources.loader {
        let css: Vec<String> = stylesheets
            .iter_mut()
            .map(|(_, css)| std::mem::take(css))
            .collect();
        script = (loader.wrap)(&script, &read(format!("{LOADER_OUT}.js"))?, &css)?;
    }
    Ok(Bundles {
        module_script: (loads.module_script.clone(), script),
        stylesheets,
        packed_styles,
    })
}

fn inline(html: &str, bundles: &Bundles) -> Result<String> {
    let first_place = std::cell::Cell::new(true);
    let page = rewrite_str(
        html,
        RewriteStrSettings::new()
            .append_element_content_handler(element!("script[type=importmap]", |script| {
                script.remove();
                Ok(())
            }))
            .append_element_content_handler(element!("script[src]", |script| {
                let (src, js) = &bundles.module_script;
                if script.get_attribute("src").as_ref() == Some(src) {
                    script.remove_attribute("src");
                    script.set_inner_content(&format!("\n{js}"), ContentType::Html);
                }
                Ok(())
            }))
            .append_element_content_handler(element!("link[href]", |link| {
                let href = link.get_attribute("href").unwrap_or_default();
                let bundled = bundles.stylesheets.iter().find(|(url, _)| *url == href);
                if let Some((_, css)) = bundled.filter(|_| is_stylesheet(link)) {
                    let style = if !bundles.packed_styles {
                        format!("<style>\n{css}</style>")
                    } else if first_place.replace(false) {
                        format!("<style {STYLE_PLACE}>{UNSTYLED}</style>")
                    } else {
                        format!("<style {STYLE_PLACE}></style>")
                    };
                    link.replace(&style, ContentType::Html);
                }
                Ok(())
            })),
    )
    .context("rewriting index.html")?;
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::npm;

    const PAGE: &str = "<!doctype html>\n<html><head>\n\
        <link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg%3E\">\n\
        <link rel=\"stylesheet\" href=\"www/style.css\">\n\
        <script type=\"importmap\">{ \"imports\": { \"greeting\": \"./node_modules/greeting/greeting.js\", \"shapes/\": \"./vendor/shapes/\" } }</script>\n\
        <script type=\"module\" src=\"www/app.js\"></script>\n\
        </head><body><p>hi</p></body></html>\n";

    #[test]
    fn reads_what_the_page_loads() {
        let loads = PageLoads::read(PAGE).unwrap();
        assert_eq!(loads.module_script, "www/app.js");
        assert_eq!(loads.stylesheets, ["www/style.css"]);
        assert_eq!(
            loads.imports["greeting"],
            "./node_modules/greeting/greeting.js"
        );
    }

    #[test]
    fn refuses_what_cannot_be_inlined() {
        let with = |extra: &str| PAGE.replace("<p>hi</p>", extra);
        for (page, message) in [
            (with("<img src=\"logo.png\">"), "<img src=\"logo.png\">"),
            (
                with("<script src=\"old.js\"></script>"),
                "classic script file",
            ),
            (
                with("<script type=\"module\">import './x.js';</script>"),
                "inline module scripts",
            ),
            (
                with("<script type=\"module\" src=\"www/other.js\"></script>"),
                "more than one module script",
            ),
            (
                PAGE.replace("www/style.css", "https://cdn.example/x.css"),
                "must be a path relative to the page",
            ),
            (
                PAGE.replace("<script type=\"module\" src=\"www/app.js\"></script>", ""),
                "no <script type=\"module\"",
            ),
            (PAGE.replace("{ \"imports\"", "{ imports"), "not valid JSON"),
        ] {
            let error = format!("{:#}", PageLoads::read(&page).unwrap_err());
            assert!(error.contains(message), "{error}");
        }
    }

    /// A throwaway site: a page whose modules use what the language allows (imports over
    /// several lines, default and renamed exports, re-exports, top-level await), libraries
    /// reached through the import map, and a module that the build replaces.
    struct Site(PathBuf);

    impl Site {
        fn new(name: &str) -> Self {
            let dir = std::env::temp_dir()
                .join(format!("xtask-single-file-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let files = [
                ("index.html", PAGE),
                ("www/style.css", "@import './colours.css';\np { margin: 0 }\n"),
                ("www/colours.css", "body { color: #123456 }\n"),
                (
                    "www/app.js",
                    "import greet, {\n  punctuation as mark,\n} from './words.js';\n\
                     import { shout } from 'greeting';\n\
                     import { square } from 'shapes/square.js';\n\
                     import { where } from './where.js';\n\
                     console.log(await Promise.resolve(shout(greet('class'))) + mark + ' ' + square(3) + ' ' + where);\n",
                ),
                (
                    "www/words.js",
                    "const punctuation = '!';\nexport default function greet(name) {\n  return `hello ${name}`;\n}\nexport { punctuation };\n",
                ),
                ("www/where.js", "export const where = 'served';\n"),
                ("stand-in/where.js", "export const where = 'from disk, </script> <!- -> ok';\n"),
                (
                    "stand-in/loader.js",
                    "import { shout } from 'greeting';\nconsole.log(shout('loaded by'));\n",
                ),
                (
                    "node_modules/greeting/greeting.js",
                    "export * from './shout.js';\n",
                ),
                (
                    "node_modules/greeting/shout.js",
                    "export const shout = (text) => text.toUpperCase();\n",
                ),
                ("vendor/shapes/square.js", "export const square = (n) => n * n;\n"),
            ];
            for (path, text) in files {
                let file = dir.join(path);
                std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                std::fs::write(file, text).unwrap();
            }
            Self(dir)
        }

        fn build(&self, html: &str, loader: Option<Loader>) -> Result<String> {
            static INSTALLED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
            let repository = crate::repository_root();
            let mut installed = INSTALLED.lock().unwrap();
            if !*installed {
                npm::install(&repository, npm::TOOLS)?;
                *installed = true;
            }
            drop(installed);
            let root = &self.0;
            let packages = repository.join(npm::TOOLS.dir());
            single_file(
                html,
                &Sources {
                    root,
                    packages: &packages,
                    replace: &[(root.join("www/where.js"), root.join("stand-in/where.js"))],
                    scratch: &root.join("scratch"),
                    loader,
                },
            )
        }
    }

    impl Drop for Site {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// esbuild needs Node.js: without it the bundling tests are skipped locally, never on CI.
    fn node_available() -> bool {
        let available = npm::check_node().is_ok();
        assert!(available || !crate::on_ci(), "Node.js is required on CI");
        available
    }

    /// The inline script of a built page, run by Node.js: what it printed.
    fn run_script(page: &str) -> String {
        let opening = "<script type=\"module\">\n";
        let start = page.find(opening).unwrap() + opening.len();
        let end = start + page[start..].find("</script>").unwrap();
        let output = Command::new("node")
            .args(["--input-type=module", "-e", &page[start..end]])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    }

    #[test]
    fn bundles_modules_libraries_and_styles_into_the_page() {
        if !node_available() {
            return;
        }
        let site = Site::new("bundle");
        let page = site.build(PAGE, None).unwrap();
        assert_eq!(
            run_script(&page),
            "HELLO CLASS! 9 from disk, </script> <!- -> ok\n"
        );
        for gone in [
            "importmap",
            "src=",
            "www/app.js",
            "www/style.css",
            "@import",
        ] {
            assert!(!page.contains(gone), "{gone} left in {page}");
        }
        // The imported stylesheet comes first, and the untouched parts stay.
        let colour = page.find("#123456").expect("the imported colour");
        assert!(colour < page.find("margin:0").expect("the page's own rule"));
        assert!(page.contains("<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg%3E\">"));
        assert!(page.ends_with("</script>\n</head><body><p>hi</p></body></html>\n"));
    }

    #[test]
    fn a_loader_is_bundled_too_and_stands_inline_with_the_pages_bundle() {
        if !node_available() {
            return;
        }
        let site = Site::new("loader");
        let wrap = |script: &str, loader: &str, styles: &[String]| {
            let styles = serde_json::to_string(styles)?;
            Ok(format!(
                "{loader}console.log(JSON.stringify({styles}));\n{script}"
            ))
        };
        let module = site.0.join("stand-in/loader.js");
        let page = site
            .build(
                PAGE,
                Some(Loader {
                    module: &module,
                    wrap: &wrap,
                }),
            )
            .unwrap();
        assert_eq!(
            run_script(&page),
            "LOADED BY\n[\"body{color:#123456}p{margin:0}\\n\"]\n\
             HELLO CLASS! 9 from disk, </script> <!- -> ok\n"
        );
        // The loader carries the stylesheet; its place hides the body until filled.
        let head = &page[..page.find("<script").unwrap()];
        assert!(!head.contains("#123456"), "{head}");
        assert!(
            head.ends_with("%3E\">\n<style data-packed>body{visibility:hidden}</style>\n\n"),
            "{head}"
        );
    }

    #[test]
    fn names_a_library_missing_from_the_import_map() {
        if !node_available() {
            return;
        }
        let site = Site::new("unmapped");
        let page = PAGE.replace("\"greeting\":", "\"greetings\":");
        let error = format!("{:#}", site.build(&page, None).unwrap_err());
        assert!(
            error.contains("`greeting` (imported by www/app.js) is not in the import map"),
            "{error}"
        );
    }
}
