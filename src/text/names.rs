//! Option enums are named on the command line, in URLs and from JavaScript by the same
//! kebab-case words; this macro gives each enum its names, parsing and display once.

use std::fmt;

/// A word that names no variant of an option; the message lists the accepted words.
/// Serialises as `{ code: "unknown-name", option, given, allowed }` for the page.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "code", rename = "unknown-name")]
pub struct UnknownName {
    pub option: &'static str,
    pub given: String,
    pub allowed: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}': expected one of {}",
            self.option,
            self.given,
            self.allowed.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// `named_enum!(Type, "option name", { Variant => "word", ... })` adds `ALL`, `NAMES`,
/// `name()`, `Display`, `FromStr` and `Serialize` (as the word) to a fieldless enum.
macro_rules! named_enum {
    ($ty:ident, $option:literal, { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $ty {
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];
            pub const NAMES: &'static [&'static str] = &[$($word),+];

            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $word),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = $crate::text::names::UnknownName;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s.trim().to_ascii_lowercase().as_str() {
                    $($word => Ok($ty::$variant),)+
                    _ => Err($crate::text::names::UnknownName {
                        option: $option,
                        given: s.to_string(),
                        allowed: $ty::NAMES,
                    }),
                }
            }
        }
    };
}

pub(crate) use named_enum;
