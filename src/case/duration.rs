//! The library's compact duration (`13m`, `1h15m`, `2d3h`, `45s`): parse, print, serde, schema.
use std::fmt;
use std::str::FromStr;

/// Units of the compact form, largest first, with their length in seconds.
const UNITS: [(char, u64); 4] = [('d', 86_400), ('h', 3_600), ('m', 60), ('s', 1)];

/// A length of time, stored in whole seconds and written in the library's compact form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Duration {
    secs: u64,
}

/// Why a string is not a compact duration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    #[error("empty duration; write e.g. \"52m\" or \"1h15m\"")]
    Empty,
    #[error("{0:?} is not a compact duration: use whole numbers with units d h m s, largest first, e.g. \"1h15m\"")]
    Malformed(String),
    #[error("{0:?} is too large")]
    Overflow(String),
    #[error("{given:?} is not in canonical form; write {canonical:?}")]
    NotCanonical { given: String, canonical: String },
}

impl Duration {
    pub const fn from_secs(secs: u64) -> Self {
        Duration { secs }
    }
    pub const fn from_mins(mins: u64) -> Self {
        Duration { secs: mins * 60 }
    }
    pub const fn as_secs(&self) -> u64 {
        self.secs
    }

    /// Parses leniently: units in order d h m s, each at most once, any size (`90m` is accepted).
    pub fn parse_lenient(s: &str) -> Result<Self, DurationError> {
        if s.is_empty() {
            return Err(DurationError::Empty);
        }
        let malformed = || DurationError::Malformed(s.to_string());
        let mut total: u64 = 0;
        let mut next_unit = 0usize;
        let mut digits = String::new();
        for c in s.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            let idx = UNITS[next_unit..]
                .iter()
                .position(|(u, _)| *u == c)
                .map(|i| i + next_unit)
                .ok_or_else(malformed)?;
            if digits.is_empty() {
                return Err(malformed());
            }
            let n: u64 = digits
                .parse()
                .map_err(|_| DurationError::Overflow(s.to_string()))?;
            total = n
                .checked_mul(UNITS[idx].1)
                .and_then(|v| total.checked_add(v))
                .ok_or_else(|| DurationError::Overflow(s.to_string()))?;
            digits.clear();
            next_unit = idx + 1;
        }
        if !digits.is_empty() {
            return Err(malformed());
        }
        Ok(Duration { secs: total })
    }
}

impl FromStr for Duration {
    type Err = DurationError;
    /// Parses the canonical form only: `90m` is refused with the canonical spelling `1h30m`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let d = Duration::parse_lenient(s)?;
        let canonical = d.to_string();
        if canonical != s {
            return Err(DurationError::NotCanonical {
                given: s.to_string(),
                canonical,
            });
        }
        Ok(d)
    }
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.secs == 0 {
            return f.write_str("0s");
        }
        let mut rest = self.secs;
        for (unit, size) in UNITS {
            let n = rest / size;
            rest %= size;
            if n > 0 {
                write!(f, "{n}{unit}")?;
            }
        }
        Ok(())
    }
}

impl serde::Serialize for Duration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Duration {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Duration {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Duration".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": r"^(0s|([1-9][0-9]*d)?([1-9]|1[0-9]|2[0-3])?h?([1-9]|[1-5][0-9])?m?([1-9]|[1-5][0-9])?s?)$",
            "description": "compact duration: units d h m s, largest first, zero units omitted (e.g. 13m, 1h15m)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_and_prints_library_forms() {
        for s in [
            "13m", "1h15m", "2d3h", "45s", "10h17m", "1d", "0s", "1d1h1m1s",
        ] {
            assert_eq!(s.parse::<Duration>().unwrap().to_string(), s);
        }
        assert_eq!("1h15m".parse::<Duration>().unwrap().as_secs(), 4500);
    }

    #[test]
    fn refuses_malformed_and_names_canonical() {
        for s in [
            "", "1 hour", "1h 15m", "15m1h", "h", "1x", "1.5h", "-3m", "5", "1hh",
        ] {
            assert!(s.parse::<Duration>().is_err(), "{s} should fail");
        }
        match "90m".parse::<Duration>() {
            Err(DurationError::NotCanonical { canonical, .. }) => assert_eq!(canonical, "1h30m"),
            other => panic!("{other:?}"),
        }
        assert_eq!(Duration::parse_lenient("90m").unwrap().to_string(), "1h30m");
    }

    proptest! {
        #[test]
        fn print_parse_is_identity_on_valid(d in 0u64..10_000, h in 0u64..24, m in 0u64..60, s in 0u64..60) {
            let dur = Duration::from_secs(d * 86_400 + h * 3600 + m * 60 + s);
            let text = dur.to_string();
            prop_assert_eq!(text.parse::<Duration>().unwrap(), dur);
            prop_assert_eq!(text.parse::<Duration>().unwrap().to_string(), text);
        }

        #[test]
        fn parse_never_panics(s in "\\PC{0,20}") {
            let _ = s.parse::<Duration>();
            let _ = Duration::parse_lenient(&s);
        }
    }
}
