//! Numbers handed in from outside (JavaScript's numbers) checked before use, and the problems
//! they can have, each with a code.

use std::fmt;

use serde::Serialize;

use crate::text::number_text::number_text;

/// An argument that should not have been passed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(
    tag = "code",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum ArgumentProblem {
    NotWhole {
        name: String,
        max: f64,
        value: f64,
    },
    BadCoordinate {
        name: String,
        value: f64,
    },
    /// Writing the trace text failed (it is built in memory, so this is not expected).
    TraceWrite {
        detail: String,
    },
    /// Asked of a search that keeps no g and rhs and takes no cell changes: only LPA* and
    /// D* Lite do.
    NotIncremental {
        algorithm: &'static str,
    },
    /// Asked of a search what only a walk has (what the agent has seen).
    NotWalking,
}

impl fmt::Display for ArgumentProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgumentProblem::NotWhole { name, max, value } => write!(
                f,
                "{name} must be a whole number from 0 to {}, got {}",
                number_text(*max),
                number_text(*value)
            ),
            ArgumentProblem::BadCoordinate { name, value } => {
                write!(
                    f,
                    "{name} must be a whole number, got {}",
                    number_text(*value)
                )
            }
            ArgumentProblem::TraceWrite { detail } => {
                write!(f, "the trace could not be written: {detail}")
            }
            ArgumentProblem::NotIncremental { algorithm } => write!(
                f,
                "{algorithm} keeps no g and rhs and takes no cell changes: only the finders \
                 that repair (LPA*, D* Lite) do"
            ),
            ArgumentProblem::NotWalking => {
                f.write_str("only a walk has an agent and what it has seen")
            }
        }
    }
}

impl std::error::Error for ArgumentProblem {}

/// A number that must be a whole number in `0..=max`.
pub fn whole(value: f64, name: &str, max: f64) -> Result<i64, ArgumentProblem> {
    if value.fract() != 0.0 || !(0.0..=max).contains(&value) {
        return Err(ArgumentProblem::NotWhole {
            name: name.into(),
            max,
            value,
        });
    }
    Ok(value as i64)
}

/// A count or a step number: whole, from 0 to `u32::MAX`.
pub fn count(value: f64, name: &str) -> Result<u32, ArgumentProblem> {
    whole(value, name, f64::from(u32::MAX)).map(|v| v as u32)
}

/// A coordinate: whole and not absurd; the grid then says whether it is on the map.
pub fn coord(value: f64, name: &str) -> Result<i64, ArgumentProblem> {
    if value.fract() != 0.0 || !value.is_finite() || value.abs() > 1e9 {
        return Err(ArgumentProblem::BadCoordinate {
            name: name.into(),
            value,
        });
    }
    Ok(value as i64)
}

/// A map's width and height: whole numbers; the grid itself enforces the size limit.
pub fn sides(width: f64, height: f64) -> Result<(u32, u32), ArgumentProblem> {
    Ok((count(width, "width")?, count(height, "height")?))
}

/// An editor's brush: 0 wall, 1 eraser, 2..9 terrain weight.
pub fn brush(value: f64) -> Result<u8, ArgumentProblem> {
    whole(value, "brush", 9.0).map(|b| b as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_whole_and_in_range_or_refused_by_name() {
        assert_eq!(whole(7.0, "n", 9.0), Ok(7));
        assert_eq!(count(0.0, "step"), Ok(0));
        assert_eq!(count(4294967295.0, "step"), Ok(u32::MAX));
        assert_eq!(coord(-3.0, "x"), Ok(-3));
        for bad in [-1.0, 2.5, 10.0, f64::NAN, f64::INFINITY] {
            assert!(whole(bad, "brush", 9.0).is_err(), "{bad}");
        }
        for bad in [0.5, f64::NAN, f64::NEG_INFINITY, 2e9] {
            assert!(coord(bad, "x").is_err(), "{bad}");
        }
        let message = whole(2.5, "brush", 9.0).unwrap_err().to_string();
        assert_eq!(message, "brush must be a whole number from 0 to 9, got 2.5");
        assert!(count(4294967296.0, "n").is_err());
        assert_eq!(sides(30.0, 20.0), Ok((30, 20)));
        let message = sides(30.0, -1.0).unwrap_err().to_string();
        assert!(
            message.starts_with("height must be a whole number"),
            "{message}"
        );
        assert_eq!((brush(0.0), brush(9.0)), (Ok(0), Ok(9)));
        assert!(brush(10.0).is_err() && brush(1.5).is_err());
    }
}
