//! Text a message echoes back, in quotes: a line of any length read from a file would make
//! a message as long as the line, so past a screen's width it is cut and its length said.

use std::fmt;

/// The characters of a long text kept in a message.
const KEPT: usize = 60;

/// `'text'` as it is, or `'the first 60 characters…' (N characters)` when it is longer.
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        match text.char_indices().nth(KEPT + 20) {
            None => write!(f, "'{text}'"),
            Some(_) => {
                let cut = text
                    .char_indices()
                    .nth(KEPT)
                    .map_or(text.len(), |(at, _)| at);
                write!(
                    f,
                    "'{}…' ({} characters)",
                    &text[..cut],
                    text.chars().count()
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Quoted;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_cut_with_its_length() {
        assert_eq!(Quoted("3 3 wal").to_string(), "'3 3 wal'");
        let line = "é".repeat(80);
        assert_eq!(Quoted(&line).to_string(), format!("'{line}'"));
        let long = "é".repeat(10_000_000);
        assert_eq!(
            Quoted(&long).to_string(),
            format!("'{}…' (10000000 characters)", "é".repeat(60))
        );
    }
}
