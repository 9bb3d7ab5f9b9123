//! Rewrites the page's HTML for the single-file build: stylesheets become `<style>` blocks,
//! the module script becomes one inline classic script at the end of `<body>` (where a
//! deferred module script would have run), and any other file the page would load is an
//! error, since the file must work with no server and no network.

use anyhow::{anyhow, bail, Context, Result};

/// Elements that load a file by URL.
const LOADING_TAGS: &[&str] = &[
    "link", "script", "img", "iframe", "source", "embed", "object",
];

/// `stylesheet(href)` returns CSS to inline; `module_script(src)` returns the classic
/// script that replaces the module script at `src`.
pub fn inline_page(
    html: &str,
    mut stylesheet: impl FnMut(&str) -> Result<String>,
    mut module_script: impl FnMut(&str) -> Result<String>,
) -> Result<String> {
    let lower = html.to_ascii_lowercase();
    let mut output = String::with_capacity(html.len());
    let mut script = None;
    let mut copied = 0;
    let mut search = 0;
    while let Some(offset) = lower[search..].find('<') {
        let start = search + offset;
        if lower[start..].starts_with("<!--") {
            let end = lower[start..]
                .find("-->")
                .map(|end| start + end + 3)
                .context("index.html: unterminated <!-- comment")?;
            search = end;
            continue;
        }
        let name: String = lower[start + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if !LOADING_TAGS.contains(&name.as_str()) {
            search = start + 1;
            continue;
        }
        let tag = parse_tag(html, start, name.len())?;
        let mut end = tag.end;
        let replacement = match name.as_str() {
            "link" => {
                let rel = tag
                    .attribute("rel")
                    .unwrap_or_default()
                    .to_ascii_lowercase();
                let href = tag.attribute("href").unwrap_or_default();
                if rel.split_whitespace().any(|word| word == "stylesheet") && is_local(href) {
                    let css = stylesheet(href)?;
                    check_css(href, &css)?;
                    format!("<style>\n{css}</style>")
                } else {
                    require_inline_url(&tag, "href")?;
                    html[start..end].to_string()
                }
            }
            "script" => {
                let close = lower[end..]
                    .find("</script")
                    .map(|close| end + close)
                    .context("index.html: <script> without </script>")?;
                let content = &html[end..close];
                end = close
                    + lower[close..]
                        .find('>')
                        .context("index.html: unclosed </script")?
                    + 1;
                let is_module = tag.attribute("type") == Some("module");
                match tag.attribute("src") {
                    Some(src) if is_module && is_local(src) => {
                        if script.is_some() {
                            bail!("index.html loads more than one module script; the page needs one entry point");
                        }
                        if !content.trim().is_empty() {
                            bail!("index.html: a <script src> must be empty");
                        }
                        script = Some(module_script(src)?);
                        String::new()
                    }
                    Some(_) => {
                        require_inline_url(&tag, "src")?;
                        html[start..end].to_string()
                    }
                    None if is_module => {
                        bail!("index.html: inline module scripts are not supported; put the code in a file under www/")
                    }
                    None => html[start..end].to_string(),
                }
            }
            _ => {
                for attribute in ["src", "href", "data", "srcset", "poster"] {
                    require_inline_url(&tag, attribute)?;
                }
                html[start..end].to_string()
            }
        };
        output.push_str(&html[copied..start]);
        output.push_str(&replacement);
        copied = end;
        search = end;
    }
    output.push_str(&html[copied..]);

    let script = script.context("index.html has no <script type=\"module\" src=...> to build")?;
    let script_element = format!("<script>\n{}</script>\n", escape_script(&script));
    match output.to_ascii_lowercase().rfind("</body") {
        Some(body_end) => output.insert_str(body_end, &script_element),
        None => output.push_str(&script_element),
    }
    Ok(output)
}

struct Tag {
    /// Tag name, for messages.
    name: String,
    attributes: Vec<(String, String)>,
    /// Byte offset just past the closing `>`.
    end: usize,
}

impl Tag {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(attribute, _)| attribute == name)
            .map(|(_, value)| value.as_str())
    }
}

/// Reads the attributes of the tag whose `<` is at `start`.
fn parse_tag(html: &str, start: usize, name_len: usize) -> Result<Tag> {
    let name = html[start + 1..start + 1 + name_len].to_ascii_lowercase();
    let bytes = html.as_bytes();
    let mut index = start + 1 + name_len;
    let mut attributes = Vec::new();
    let unclosed = || anyhow!("index.html: unclosed <{name}> tag");
    loop {
        while bytes
            .get(index)
            .is_some_and(|b| b.is_ascii_whitespace() || *b == b'/')
        {
            index += 1;
        }
        match bytes.get(index) {
            None => return Err(unclosed()),
            Some(b'>') => {
                return Ok(Tag {
                    name,
                    attributes,
                    end: index + 1,
                })
            }
            Some(_) => {}
        }
        let name_start = index;
        while bytes
            .get(index)
            .is_some_and(|b| !b.is_ascii_whitespace() && !b"=>/".contains(b))
        {
            index += 1;
        }
        let attribute = html[name_start..index].to_ascii_lowercase();
        while bytes.get(index).is_some_and(u8::is_ascii_whitespace) {
            index += 1;
        }
        let mut value = String::new();
        if bytes.get(index) == Some(&b'=') {
            index += 1;
            while bytes.get(index).is_some_and(u8::is_ascii_whitespace) {
                index += 1;
            }
            match bytes.get(index) {
                Some(&quote @ (b'"' | b'\'')) => {
                    let close = html[index + 1..].find(quote as char).ok_or_else(unclosed)?;
                    value = html[index + 1..index + 1 + close].to_string();
                    index += close + 2;
                }
                _ => {
                    let value_start = index;
                    while bytes
                        .get(index)
                        .is_some_and(|b| !b.is_ascii_whitespace() && *b != b'>')
                    {
                        index += 1;
                    }
                    value = html[value_start..index].to_string();
                }
            }
        }
        attributes.push((attribute, value));
    }
}

/// A path on the same site, which the build can read from the repository.
fn is_local(url: &str) -> bool {
    !url.is_empty() && !url.contains("//") && !url.contains(':') && !url.starts_with('/')
}

fn require_inline_url(tag: &Tag, attribute: &str) -> Result<()> {
    match tag.attribute(attribute) {
        Some(url) if !url.is_empty() && !url.starts_with("data:") => bail!(
            "index.html: <{} {attribute}=\"{url}\"> loads a file the single-file build cannot \
             inline (only stylesheets and the module script are inlined); use a data: URL \
             or leave it out",
            tag.name
        ),
        _ => Ok(()),
    }
}

/// Refuses CSS that would load more files or end the `<style>` element early.
fn check_css(href: &str, css: &str) -> Result<()> {
    let lower = css.to_ascii_lowercase();
    if lower.contains("@import") {
        bail!("{href}: @import is not supported by the single-file build");
    }
    if lower.contains("</style") {
        bail!("{href}: contains `</style`, which would end the inlined <style> early");
    }
    for (at, _) in lower.match_indices("url(") {
        let target = lower[at + 4..].trim_start().trim_start_matches(['"', '\'']);
        if !target.starts_with("data:") && !target.starts_with('#') {
            bail!(
                "{href}: `{}` loads a file the single-file build cannot inline; use a data: URL",
                &css[at..css[at..].find(')').map_or(css.len(), |end| at + end + 1)]
            );
        }
    }
    Ok(())
}

/// Makes script text safe inside `<script>`: `</script` would end the element and `<!--`
/// switches the HTML parser into a legacy escaping mode. In JavaScript source both can
/// only occur in strings, regular expressions or comments, where `<\/` and `<\!` mean
/// the same.
fn escape_script(script: &str) -> String {
    let lower = script.to_ascii_lowercase();
    let mut escaped = String::with_capacity(script.len());
    let mut copied = 0;
    let mut positions: Vec<usize> = lower
        .match_indices("</script")
        .chain(lower.match_indices("<!--"))
        .map(|(at, _)| at)
        .collect();
    positions.sort_unstable();
    for at in positions {
        // Keep the `<`, then escape the character after it.
        escaped.push_str(&script[copied..=at]);
        escaped.push('\\');
        copied = at + 1;
    }
    escaped.push_str(&script[copied..]);
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<!doctype html>\n<html><head>\n\
        <!-- <script src=\"commented-out.js\"></script> -->\n\
        <link rel=\"icon\" href=\"data:,\">\n\
        <link rel=\"stylesheet\" href=\"www/style.css\">\n\
        <script type=\"module\" src=\"www/app.js\"></script>\n\
        </head><body><canvas></canvas>\n<a href=\"https://example.com/\">docs</a>\n</body></html>\n";

    fn inline(html: &str, css: &str, script: &str) -> Result<String> {
        inline_page(
            html,
            |href| {
                assert_eq!(href, "www/style.css");
                Ok(css.to_string())
            },
            |src| {
                assert_eq!(src, "www/app.js");
                Ok(script.to_string())
            },
        )
    }

    #[test]
    fn inlines_the_stylesheet_and_the_script_at_the_end_of_the_body() {
        let page = inline(PAGE, "canvas { width: 100%; }\n", "run();\n").unwrap();
        assert!(page.contains("<style>\ncanvas { width: 100%; }\n</style>"));
        assert!(page.contains("<canvas></canvas>\n<a href=\"https://example.com/\">docs</a>\n<script>\nrun();\n</script>\n</body></html>"));
        assert!(!page.contains("www/"), "{page}");
        assert!(page.contains("<link rel=\"icon\" href=\"data:,\">"));
        assert!(
            page.contains("commented-out.js"),
            "comments stay as they are"
        );
    }

    #[test]
    fn escapes_what_would_end_the_script_early() {
        let page = inline(PAGE, "", "const a = '</SCRIPT>'; // <!-- x\n").unwrap();
        assert!(
            page.contains("const a = '<\\/SCRIPT>'; // <\\!-- x\n"),
            "{page}"
        );
    }

    #[test]
    fn refuses_what_cannot_be_inlined() {
        let cases = [
            (
                PAGE.replace("www/style.css", "https://cdn.example/x.css"),
                "",
                "loads a file",
            ),
            (
                PAGE.replace("<canvas>", "<img src=\"logo.png\"><canvas>"),
                "",
                "<img src=\"logo.png\">",
            ),
            (
                PAGE.replace("</head>", "<script src=\"extra.js\"></script></head>"),
                "",
                "<script src=\"extra.js\">",
            ),
            (
                PAGE.replace(
                    "</head>",
                    "<script type=\"module\">import './x.js';</script></head>",
                ),
                "",
                "inline module scripts",
            ),
            (
                PAGE.to_string(),
                "body { background: url(bg.png); }",
                "url(bg.png)",
            ),
            (PAGE.to_string(), "@import 'more.css';", "@import"),
            (
                format!(
                    "{}<script src=\"www/app.js\"",
                    &PAGE[..PAGE.find("<script type").unwrap()]
                ),
                "",
                "unclosed <script> tag",
            ),
            (
                PAGE.replace("<script type=\"module\" src=\"www/app.js\"></script>\n", ""),
                "",
                "no <script type=\"module\"",
            ),
        ];
        for (html, css, expected) in cases {
            let message = format!("{:#}", inline(&html, css, "").unwrap_err());
            assert!(
                message.contains(expected),
                "expected {expected:?} in {message}"
            );
        }
        // data: URLs are already inline.
        assert!(inline(
            PAGE,
            "a { background: url('data:image/png;base64,AA'); }",
            ""
        )
        .is_ok());
    }
}
