//! Words and numbers: the names option values go by, numbers written out and read back,
//! numbers handed in from JavaScript checked before use, and text echoed in messages.

pub mod argument;
pub(crate) mod names;
pub mod number_text;
pub mod quoted;
