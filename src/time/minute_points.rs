//! Minute points: a bare count of minutes told as a moment ("40分ごろ", "40分過ぎ") is a minute of
//! the hour the text last told, not a length.
//!
//! Japanese news often writes only the minutes once the hour is known
//! ("22日午後7時まで…。40分ごろには接続障害が起きた"). The scanner reads such a count as a
//! length; this rule turns it into a clock when the word after it is one of the language's
//! `[clock] minute_point_after` words and a clock stands shortly before it. The minute is taken
//! in that clock's hour, or the hour after when it would not come later. (Korean "40분께" the
//! scanner reads as a clock itself; Chinese "20分许" is not read yet.)
use super::lexicon::Lexicon;
use super::{DurationMention, TimeKind, TimeMention, TimeValue};
use chrono::{Duration, Timelike};

/// Furthest (chars) a minute point may stand from the clock whose hour it takes.
const REACH_CHARS: usize = 400;

/// The char offset where one of `words` starts when it ends right at char offset `at`, with
/// that word.
fn char_start_before<'w>(norm: &str, at: usize, words: &'w [String]) -> Option<(usize, &'w str)> {
    let head: String = norm.chars().take(at).collect();
    words
        .iter()
        .filter(|w| !w.is_empty() && head.ends_with(w.as_str()))
        .max_by_key(|w| w.chars().count())
        .map(|w| (at - w.chars().count(), w.as_str()))
}

/// `norm` from char offset `at` on (empty past its end).
fn from_char(norm: &str, at: usize) -> &str {
    norm.char_indices().nth(at).map_or("", |(b, _)| &norm[b..])
}

/// Whether `quote` is a count of minutes alone: digits, the minute marker and the point word
/// ("40分ごろ"), nothing before the digits ("約40分" is a length).
fn bare_minutes(quote: &str, lex: &Lexicon) -> bool {
    let q = quote.trim();
    q.starts_with(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
        && !lex
            .clock
            .hour_markers
            .iter()
            .any(|h| !h.is_empty() && q.contains(h.as_str()))
}

/// The value `v` with its minute set to `minute`, an hour later when that is not after `v`.
fn at_minute(v: TimeValue, minute: u32) -> Option<TimeValue> {
    let later = |t: chrono::NaiveTime| t.minute() >= minute;
    Some(match v {
        TimeValue::Clock(t, o) => {
            let m = t.with_minute(minute)?.with_second(0)?;
            let m = if later(t) {
                m.overflowing_add_signed(Duration::hours(1)).0
            } else {
                m
            };
            TimeValue::Clock(m, o)
        }
        TimeValue::Local(x) => {
            let m = x.with_minute(minute)?.with_second(0)?;
            TimeValue::Local(if later(x.time()) {
                m + Duration::hours(1)
            } else {
                m
            })
        }
        TimeValue::Instant(x) => {
            let m = x.with_minute(minute)?.with_second(0)?;
            TimeValue::Instant(if later(x.time()) {
                m + Duration::hours(1)
            } else {
                m
            })
        }
        TimeValue::Date(_) => return None,
    })
}

/// Turns minute points among `durations` into clocks in `times` (both sorted by start).
pub(crate) fn apply(
    norm: &str,
    lex: &Lexicon,
    times: &mut Vec<TimeMention>,
    durations: &mut Vec<DurationMention>,
) {
    let words = &lex.clock.minute_point_after;
    let before_words = &lex.clock.minute_point_before;
    if (words.is_empty() && before_words.is_empty()) || durations.is_empty() {
        return;
    }
    let mut added = Vec::new();
    durations.retain(|d| {
        let secs = d.value.as_secs();
        if d.lower_bound || secs == 0 || secs >= 3600 || secs % 60 != 0 {
            return true;
        }
        // the point word closes the quote ("40分ごろ") or follows it
        let quote_point = words
            .iter()
            .any(|w| !w.is_empty() && d.quote.trim_end().ends_with(w.as_str()));
        // (the text after it is found only for a short whole-minute length, a few per page)
        let point = quote_point || {
            let after = from_char(norm, d.end);
            words
                .iter()
                .any(|w| !w.is_empty() && after.starts_with(w.as_str()))
        };
        // or a same-hour word stands right before it ("同45分")
        let head = char_start_before(norm, d.start, before_words);
        if !(point || head.is_some()) || !bare_minutes(&d.quote, lex) {
            return true;
        }
        // the clock last told before it, close by (a news story's next paragraph goes on in
        // the same hour: "…午後7時まで…40分ごろには…" / "…50分ごろには…を報告")
        let Some(prev) = times
            .iter()
            .filter(|t| t.has_clock && !t.daypart && t.end <= d.start)
            .max_by_key(|t| t.end)
        else {
            return true;
        };
        if d.start - prev.end > REACH_CHARS {
            return true;
        }
        let Some(value) = prev.end_value.or(prev.value) else {
            return true;
        };
        let minute = u32::try_from(secs / 60).unwrap_or(0);
        let Some(v) = at_minute(value, minute) else {
            return true;
        };
        let (start, quote) = match head {
            Some((at, w)) => (at, format!("{w}{}", d.quote)),
            None => (d.start, d.quote.clone()),
        };
        added.push(TimeMention {
            quote,
            start,
            end: d.end,
            kind: if prev.date_explicit {
                TimeKind::Datetime
            } else {
                TimeKind::Time
            },
            value: Some(v),
            end_value: None,
            approximate: d.approximate,
            end_approximate: None,
            has_clock: true,
            date_explicit: prev.date_explicit,
            next_day: prev.next_day,
            zone: prev.zone.clone(),
            daypart: false,
            half_open: false,
            head: None,
            tail: None,
        });
        false
    });
    if !added.is_empty() {
        added.sort_by_key(|t| t.start);
        for t in added {
            let at = times.partition_point(|x| x.start < t.start);
            times.insert(at, t);
        }
    }
}
