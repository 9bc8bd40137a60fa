//! Whole numbers read from outside (protocol arguments, the arena's command
//! line), each checked against its range when read, so no later arithmetic
//! meets a value it cannot hold.

use std::fmt;
use std::num::IntErrorKind;

use agon_rules::Quoted;

/// A number that could not be read, with what it was for and its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberError {
    /// What the number is, as the message names it: `perft depth`, `--tt`.
    pub what: &'static str,
    pub text: String,
    pub min: u64,
    pub max: u64,
    pub problem: NumberProblem,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    /// Not digits (a minus sign, a letter, nothing at all).
    NotANumber,
    /// Digits after a `+`, which Rust's own parsing would take.
    PlusSign,
    /// Digits, but outside the range, however many of them.
    OutOfRange,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, text) = (self.what, Quoted(&self.text));
        let (min, max) = (self.min, self.max);
        match self.problem {
            NumberProblem::NotANumber => {
                write!(
                    f,
                    "{what} needs a whole number from {min} to {max}, not {text}"
                )
            }
            NumberProblem::PlusSign => {
                write!(
                    f,
                    "{what} takes digits alone, without a plus sign, not {text}"
                )
            }
            NumberProblem::OutOfRange => {
                write!(f, "{what} must be from {min} to {max}, not {text}")
            }
        }
    }
}

impl std::error::Error for NumberError {}

/// Reads `text`, digits alone, as a whole number from `min` to `max`.
pub fn read_number(what: &'static str, text: &str, min: u64, max: u64) -> Result<u64, NumberError> {
    let fail = |problem| NumberError {
        what,
        text: text.to_string(),
        min,
        max,
        problem,
    };
    // `parse` also takes a leading `+`; a number from outside is digits.
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        let signed = text
            .strip_prefix('+')
            .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()));
        return Err(fail(if signed {
            NumberProblem::PlusSign
        } else {
            NumberProblem::NotANumber
        }));
    }
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => Err(fail(NumberProblem::OutOfRange)),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Err(fail(NumberProblem::OutOfRange)),
        Err(_) => Err(fail(NumberProblem::NotANumber)),
    }
}

/// [`read_number`] for a count held in a `usize`.
pub fn read_count(
    what: &'static str,
    text: &str,
    min: usize,
    max: usize,
) -> Result<usize, NumberError> {
    // usize is at most 64 bits on every target this builds for.
    let n = read_number(what, text, min as u64, max as u64)?;
    Ok(usize::try_from(n).expect("within a usize range"))
}

/// A decimal number that could not be read, with what it was for and its
/// range.
#[derive(Clone, Debug, PartialEq)]
pub struct DecimalError {
    pub what: &'static str,
    pub text: String,
    pub min: f64,
    pub max: f64,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} needs a number from {} to {} (digits, an optional minus sign and decimal point), not {}",
            self.what,
            self.min,
            self.max,
            Quoted(&self.text)
        )
    }
}

impl std::error::Error for DecimalError {}

/// Reads `text` as a decimal number from `min` to `max`: digits with an
/// optional leading `-` and one optional `.` between digits; no exponent,
/// no `inf` or `nan`, which Rust's own parsing would take.
pub fn read_decimal(
    what: &'static str,
    text: &str,
    min: f64,
    max: f64,
) -> Result<f64, DecimalError> {
    let fail = || DecimalError {
        what,
        text: text.to_string(),
        min,
        max,
    };
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    // Beyond 30 digits no range of ours is reached, and parsing stays cheap.
    if !all_digits(whole) || !all_digits(fraction) || digits.len() > 30 {
        return Err(fail());
    }
    let value: f64 = text.parse().map_err(|_| fail())?;
    if !(min..=max).contains(&value) {
        return Err(fail());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_within_their_range_and_named_when_not() {
        assert_eq!(read_number("depth", "12", 0, 12), Ok(12));
        let problem = |t: &str| read_number("depth", t, 1, 12).unwrap_err().problem;
        assert_eq!(problem("13"), NumberProblem::OutOfRange);
        assert_eq!(problem("0"), NumberProblem::OutOfRange);
        assert_eq!(
            problem("184467440737095516150000"),
            NumberProblem::OutOfRange
        );
        for bad in ["", "-1", "x", "1.5", " 1", "+", "+x", "++1", "+-1", "1+"] {
            assert_eq!(problem(bad), NumberProblem::NotANumber, "{bad:?}");
        }
        for signed in ["+2", "+0", "+12", "+99999999999999999999999"] {
            assert_eq!(problem(signed), NumberProblem::PlusSign, "{signed:?}");
        }
        assert_eq!(
            read_number("go nodes", "+5", 1, 9).unwrap_err().to_string(),
            r#"go nodes takes digits alone, without a plus sign, not "+5""#
        );
        assert_eq!(
            read_number("perft depth", "99", 0, 12)
                .unwrap_err()
                .to_string(),
            r#"perft depth must be from 0 to 12, not "99""#
        );
        let long = "7".repeat(1000);
        let message = read_number("go depth", &long, 1, 64)
            .unwrap_err()
            .to_string();
        assert!(message.len() < 150, "{message}");
        assert_eq!(read_count("--games", "5", 1, 10), Ok(5));
    }

    #[test]
    fn decimals_are_read_within_their_range_and_named_when_not() {
        let read = |t: &str| read_decimal("elo", t, -1000.0, 1000.0);
        assert_eq!(read("-2.5"), Ok(-2.5));
        assert_eq!(read("10"), Ok(10.0));
        assert_eq!(read("0.05"), Ok(0.05));
        for bad in [
            "", "-", ".5", "5.", "1e3", "inf", "NaN", "+3", "--1", "1.2.3", "1001", "-1000.5", " 1",
        ] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
        assert!(read(&"9".repeat(400)).is_err());
        assert_eq!(
            read("x").unwrap_err().to_string(),
            "elo needs a number from -1000 to 1000 (digits, an optional minus sign and \
             decimal point), not \"x\""
        );
    }
}
