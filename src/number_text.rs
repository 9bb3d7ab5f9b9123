//! Numbers written out for messages. In the browser JavaScript writes them, as it would
//! anyway, so the engine carries none of Rust's float formatting code (about a seventh of
//! the `.wasm`).

/// `x` as a short text that reads back as the same number (`2`, `0.5`).
#[cfg(not(target_arch = "wasm32"))]
pub fn number_text(x: f64) -> String {
    x.to_string()
}

#[cfg(target_arch = "wasm32")]
pub fn number_text(x: f64) -> String {
    js_sys::Number::from(x)
        .to_string_with_radix(10)
        .map_or_else(|_| String::from("?"), String::from)
}
