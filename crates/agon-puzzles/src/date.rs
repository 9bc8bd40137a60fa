//! A calendar date, for the daily puzzle: the same date gives everyone the
//! same puzzle, with no server.

use std::fmt;
use std::str::FromStr;

/// A day of the proleptic Gregorian calendar.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

/// A date that does not exist, or text that is not `YYYY-MM-DD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not `YYYY-MM-DD` with digits (the text).
    Form(String),
    /// A year outside 1 to 9999.
    Year(i64),
    Month(u32),
    /// A day the month does not have.
    Day {
        year: i32,
        month: u8,
        day: u32,
    },
    /// Seconds since 1970 beyond the years 1 to 9999.
    Seconds(i64),
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateError::Form(t) => write!(f, "{} is not a date (YYYY-MM-DD)", agon_rules::Quoted(t)),
            DateError::Year(y) => write!(f, "the year must be from 1 to 9999, not {y}"),
            DateError::Month(m) => write!(f, "the month must be from 1 to 12, not {m}"),
            DateError::Day { year, month, day } => {
                write!(f, "{year:04}-{month:02} has no day {day}")
            }
            DateError::Seconds(s) => {
                write!(f, "{s} seconds since 1970 is out of the calendar's range")
            }
        }
    }
}

impl std::error::Error for DateError {}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    pub fn new(year: i64, month: u32, day: u32) -> Result<Date, DateError> {
        let year = i32::try_from(year)
            .ok()
            .filter(|y| (1..=9999).contains(y))
            .ok_or(DateError::Year(year))?;
        let month = u8::try_from(month)
            .ok()
            .filter(|m| (1..=12).contains(m))
            .ok_or(DateError::Month(month))?;
        let day = u8::try_from(day)
            .ok()
            .filter(|&d| d >= 1 && d <= days_in_month(year, month))
            .ok_or(DateError::Day { year, month, day })?;
        Ok(Date { year, month, day })
    }

    pub fn year(&self) -> i32 {
        self.year
    }

    pub fn month(&self) -> u8 {
        self.month
    }

    pub fn day(&self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before), by Howard Hinnant's
    /// `days_from_civil`.
    pub fn days_since_epoch(&self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date (UTC) of a moment given in seconds since 1970: what the
    /// game passes from the clock.
    pub fn from_unix_seconds(seconds: i64) -> Result<Date, DateError> {
        let z = seconds.div_euclid(86_400) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(year, month, day).map_err(|_| DateError::Seconds(seconds))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;
    fn from_str(text: &str) -> Result<Date, DateError> {
        let form = || DateError::Form(text.to_string());
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(form());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
            return Err(form());
        }
        // At most four digits each: these cannot fail or overflow.
        let n = |s: &str| s.parse::<u32>().map_err(|_| form());
        Date::new(i64::from(n(y)?), n(m)?, n(d)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_1970_both_ways() {
        assert_eq!(Date::new(1970, 1, 1).unwrap().days_since_epoch(), 0);
        assert_eq!(Date::new(2000, 3, 1).unwrap().days_since_epoch(), 11_017);
        assert_eq!(Date::new(1969, 12, 31).unwrap().days_since_epoch(), -1);
        for days in [-700_000i64, -1, 0, 59, 11_016, 20_000, 2_000_000] {
            let d = Date::from_unix_seconds(days * 86_400 + 3_600).unwrap();
            assert_eq!(d.days_since_epoch(), days, "{d}");
        }
        assert_eq!(
            Date::from_unix_seconds(1_777_593_600).unwrap().to_string(),
            "2026-05-01"
        );
    }

    #[test]
    fn bad_dates_are_named() {
        assert_eq!(
            "2026-02-29".parse::<Date>(),
            Err(DateError::Day {
                year: 2026,
                month: 2,
                day: 29
            })
        );
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert_eq!("2026-13-01".parse::<Date>(), Err(DateError::Month(13)));
        assert_eq!("0000-01-01".parse::<Date>(), Err(DateError::Year(0)));
        assert!(matches!(
            "2026-1-01".parse::<Date>(),
            Err(DateError::Form(_))
        ));
        assert!(matches!(
            "+026-01-01".parse::<Date>(),
            Err(DateError::Form(_))
        ));
        assert!(matches!(
            Date::from_unix_seconds(i64::MAX),
            Err(DateError::Seconds(_))
        ));
        assert!(matches!(
            Date::from_unix_seconds(i64::MIN),
            Err(DateError::Seconds(_))
        ));
    }
}
