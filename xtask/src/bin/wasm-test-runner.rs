//! Cargo runner for `wasm32-unknown-unknown` test binaries (set through
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER` by `cargo xtask test`).
//!
//! It is wasm-bindgen's own test runner used as a library, so the glue it generates always
//! matches the pinned `wasm-bindgen` version of the crate under test.

fn main() -> anyhow::Result<()> {
    wasm_bindgen_cli::wasm_bindgen_test_runner::run_cli_with_args(std::env::args_os())
}
