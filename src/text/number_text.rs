//! Numbers written out for messages and traces, and read from text. In the browser
//! JavaScript writes and reads them, as it would anyway, so the engine carries none of
//! Rust's float formatting and parsing code (its algorithms and their power-of-ten tables
//! were about a tenth of the `.wasm`). Whole numbers and syntax checks stay in Rust.

/// `x` as a short text that reads back as the same number (`2`, `0.5`), in scientific
/// notation from 1e21 on, as JavaScript writes it, rather than with hundreds of digits.
#[cfg(not(target_arch = "wasm32"))]
pub fn number_text(x: f64) -> String {
    if x.abs() >= 1e21 && x.is_finite() {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

#[cfg(target_arch = "wasm32")]
pub fn number_text(x: f64) -> String {
    let text = js_sys::Number::from(x)
        .to_string_with_radix(10)
        .map_or_else(|_| String::from("?"), String::from);
    // JavaScript writes `1e+300` where Rust writes `1e300`.
    text.replacen("e+", "e", 1)
}

/// Reads a decimal number as Rust's `str::parse::<f64>` does (an optional sign; digits with
/// an optional point and exponent; `inf`, `infinity` or `nan` in any case), else `None`.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse_number(text: &str) -> Option<f64> {
    text.parse().ok()
}

#[cfg(target_arch = "wasm32")]
pub fn parse_number(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = if ["inf", "infinity"]
        .iter()
        .any(|word| unsigned.eq_ignore_ascii_case(word))
    {
        f64::INFINITY
    } else if unsigned.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else if is_decimal(unsigned) {
        // The syntax is checked, so JavaScript reads the whole text, rounding as Rust does
        // (both round correctly).
        js_sys::Number::parse_float(unsigned)
    } else {
        return None;
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// Digits with at most one point and at least one digit, then an optional exponent
/// (`e` or `E`, an optional sign, digits).
#[cfg(any(target_arch = "wasm32", test))]
fn is_decimal(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let whole_end = digits(0);
    let mut end = whole_end;
    let mut mantissa_digits = whole_end;
    if bytes.get(end) == Some(&b'.') {
        let fraction_end = digits(end + 1);
        mantissa_digits += fraction_end - end - 1;
        end = fraction_end;
    }
    if mantissa_digits == 0 {
        return false;
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        end += 1;
        if matches!(bytes.get(end), Some(b'+' | b'-')) {
            end += 1;
        }
        let exponent_end = digits(end);
        if exponent_end == end {
            return false;
        }
        end = exponent_end;
    }
    end == bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_syntax_is_rusts() {
        for text in [
            "0", "12", "1.5", ".5", "5.", "1e5", "1E-5", "2.5e+3", "007", "0.000",
        ] {
            assert!(is_decimal(text), "{text}");
            assert!(text.parse::<f64>().is_ok(), "{text}");
        }
        for text in [
            "", ".", "e5", "1e", "1e+", "1.2.3", "1 ", " 1", "0x10", "1_0", "--1",
        ] {
            assert!(!is_decimal(text), "{text}");
        }
    }

    #[test]
    fn huge_numbers_are_written_in_scientific_notation() {
        assert_eq!(number_text(2.0), "2");
        assert_eq!(number_text(0.5), "0.5");
        assert_eq!(number_text(1e300), "1e300");
        assert_eq!(parse_number("1e300"), Some(1e300));
    }
}
