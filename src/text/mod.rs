//! Words and numbers: the names option values go by, numbers written out and read back,
//! and numbers handed in from JavaScript checked before use.

pub mod argument;
pub(crate) mod names;
pub mod number_text;
