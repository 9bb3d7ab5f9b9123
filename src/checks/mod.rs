//! Options checked against the catalogue, why a search cannot start, and options read from
//! named text fields (the command line's flags, the page's option object).

pub mod fields;
pub mod search_error;
pub mod validation;
