//! Durations in text ("1 hour and 35 minutes", 8시간 반, 两个半小时), minus rates, frequencies and fractions.
use super::lexicon::Lexicon;
use super::numbers::{parse_number, CJK_NUMERAL_CHARS};
use super::scan::RawTime;
use super::text::*;
use crate::case::Duration;

/// Longest duration believed to be a duration (longer ones are years, counts or misreads).
const MAX_DURATION_SECS: f64 = 50.0 * 365.0 * 86_400.0;
/// Spaces allowed between the parts of one duration.
const MAX_GAP_SPACES: usize = 3;
/// Largest bare minute count read after an hour part ("1h25", "1 h 30").
const MAX_BARE_MINUTES: u32 = 59;
/// Shortest unit word that may follow a number word with no space ("zwei" + "stündige"); shorter
/// ones need the space ("an" + "d" is not "and").
const MIN_COMPOUND_UNIT_CHARS: usize = 4;

/// One duration found, in byte offsets of the normalised text.
#[derive(Debug, Clone)]
pub struct RawDuration {
    pub start: usize,
    pub end: usize,
    pub value: Duration,
    pub approximate: bool,
    /// Marked as a lower bound ("more than", "이상").
    pub lower_bound: bool,
    /// +1 for "in 5 minutes" / "5 minutes later", -1 for "5 minutes ago"; with the span of the
    /// whole relative phrase.
    pub relative: Option<(i64, usize, usize)>,
}

struct Atom {
    start: usize,
    end: usize,
    secs: f64,
    unit: u64,
    approximate: bool,
    /// An "and more" infix marked as a lower bound ("5个多小时").
    lower_bound: bool,
}

/// Whether an approximate marker as written makes the length a lower bound.
fn is_lower_bound(marker: &str, lex: &Lexicon) -> bool {
    let m = marker.trim().to_lowercase();
    lex.approx.lower_bound.iter().any(|l| l.to_lowercase() == m)
}

fn is_hangul_syllable(c: char) -> bool {
    ('\u{AC00}'..='\u{D7AF}').contains(&c)
}

/// Whether a Latin unit word ends at `end` with digits right after it that no unit letter
/// follows ("3 s3 buckets", "2 m5.large"), so the unit is the head of another word.
fn unit_glued_to_digits(text: &str, end: usize, unit: &str) -> bool {
    if !unit
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphabetic())
    {
        return false;
    }
    let rest = &text[end..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && !rest[digits..].starts_with(|c: char| c.is_alphabetic())
}

/// Largest step between two numerals side by side read as "this or that" ("三五天").
const MAX_PAIR_STEP: f64 = 2.0;

/// "七八", "两三", "三五": two single Han numerals, the second a little larger than the first,
/// are an estimate ("seven or eight"); the first is the value.
fn numeral_pair(number: &str, lex: &Lexicon) -> Option<f64> {
    let mut chars = number.trim().chars();
    let (a, b) = (chars.next()?, chars.next()?);
    if chars.next().is_some() || !CJK_NUMERAL_CHARS.contains(a) || !CJK_NUMERAL_CHARS.contains(b) {
        return None;
    }
    let x = parse_number(a.encode_utf8(&mut [0; 4]), &lex.numbers)?;
    let y = parse_number(b.encode_utf8(&mut [0; 4]), &lex.numbers)?;
    let single = |v: f64| (1.0..=9.0).contains(&v) && v.fract() == 0.0;
    (single(x) && single(y) && y > x && y - x <= MAX_PAIR_STEP).then_some(x)
}

/// "1990s", "2000s", "1000s of users", "10s of thousands": a number with a glued "s" that is a
/// decade (four digits) or a plural count (before "of"), no count of seconds.
fn plural_number(number: &str, unit: &str, glued: bool, after: &str) -> bool {
    const FIRST_DECADE: u32 = 1900;
    const LAST_DECADE: u32 = 2090;
    if !glued || !unit.eq_ignore_ascii_case("s") {
        return false;
    }
    let decade = number.len() == 4
        && number
            .parse::<u32>()
            .is_ok_and(|y| (FIRST_DECADE..=LAST_DECADE).contains(&y) && y % 10 == 0);
    let mut words = after.split_whitespace();
    let count = after.starts_with(char::is_whitespace)
        && words.next().is_some_and(|w| w.eq_ignore_ascii_case("of"));
    decade || count
}

fn unit_secs(lex: &Lexicon, word: &str) -> Option<u64> {
    let w = word.to_lowercase();
    let w = w.split_whitespace().collect::<Vec<_>>().join(" ");
    lex.patterns()
        .w
        .units
        .iter()
        .find(|(u, _)| *u == w)
        .map(|(_, s)| *s)
}

/// Whether a Latin unit word is the plural of another unit word of the same length ("hours" of
/// "hour", "minutos" of "minuto").
fn plural_unit(lex: &Lexicon, word: &str) -> bool {
    let w = word.to_lowercase();
    let Some(stem) = w.strip_suffix('s') else {
        return false;
    };
    let units = &lex.patterns().w.units;
    let secs = units.iter().find(|(u, _)| *u == w).map(|(_, s)| *s);
    secs.is_some() && units.iter().any(|(u, s)| u == stem && Some(*s) == secs)
}

fn atoms(text: &str, lex: &Lexicon) -> Vec<Atom> {
    let p = lex.patterns();
    let mut out: Vec<Atom> = Vec::new();
    // a match turned down does not hide one that starts inside it: "a seven-hour outage" first
    // matches "a s" (the number "a" and the unit "s"), and "seven-hour" starts in that match
    let mut pos = 0;
    while let Some(cap) = p.duration.captures_at(text, pos) {
        let m = cap.get(0).unwrap();
        pos = m.start() + text[m.start()..].chars().next().map_or(1, char::len_utf8);
        // a digit may follow the unit ("1h15m"), a letter may not
        // the left edge is a word edge, or the end of the previous part ("1h|15m")
        let left_ok = !(m.as_str().chars().next().is_some_and(is_boundary_char)
            && text[..m.start()]
                .chars()
                .next_back()
                .is_some_and(is_boundary_char))
            || out.last().is_some_and(|a| a.end == m.start());
        if !left_ok
            || text[m.end()..]
                .chars()
                .next()
                .is_some_and(|c| is_boundary_char(c) && !c.is_ascii_digit())
                && m.as_str().chars().next_back().is_some_and(is_boundary_char)
        {
            continue;
        }
        if text[..m.start()]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit() || c == '.' || c == ',')
        {
            continue;
        }
        // a number word and a Latin unit need a space between them ("an" + "d" is not "and")
        let (nm, um) = (cap.get(1).unwrap(), cap.get(4).unwrap());
        // ("zweistündiger", "dreitägige": a compound with a long unit word is kept)
        if nm.end() == um.start()
            && nm
                .as_str()
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphabetic())
            && um.as_str().chars().next().is_some_and(is_boundary_char)
            && um.as_str().chars().count() < MIN_COMPOUND_UNIT_CHARS
        {
            continue;
        }
        // a Hangul number word glued to the syllable before it ends that word ("실패한 주문":
        // "failed order", not "one week")
        if nm.as_str().chars().next().is_some_and(is_hangul_syllable)
            && text[..m.start()]
                .chars()
                .next_back()
                .is_some_and(is_hangul_syllable)
        {
            continue;
        }
        let Some(unit) = unit_secs(lex, &cap[4]) else {
            continue;
        };
        // a Latin unit letter followed by digits is a compact length ("1h15m", "1h25") only
        // when a unit follows the digits or the unit is the hour: "3 S3 buckets", "2 m5
        // instances" are no lengths
        if unit != 3_600 && unit_glued_to_digits(text, m.end(), um.as_str()) {
            continue;
        }
        // "19h00", "20h00": whole hours written with their zero minutes are a clock; a length
        // is "19h" or "2h30"
        if unit == 3_600
            && nm.end() == um.start()
            && um.as_str().eq_ignore_ascii_case("h")
            && text[m.end()..].starts_with("00")
            && !text[m.end() + 2..].starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        // "the 1990s", "1000s of users": a decade or a plural count, not seconds
        if plural_number(
            &cap[1],
            um.as_str(),
            nm.end() == um.start(),
            &text[m.end()..],
        ) {
            continue;
        }
        // "七八个小时", "两三天", "三五分钟": two numerals side by side are "seven or eight", an
        // approximate length from the first, not 78
        let pair = lex
            .cjk_numerals
            .then(|| numeral_pair(&cap[1], lex))
            .flatten();
        let Some(n) = pair.or_else(|| parse_number(&cap[1], &lex.numbers)) else {
            continue;
        };
        // "an hours-long outage": one, written as a word, never counts a plural unit
        if n == 1.0
            && lex.numbers.contains_key(&cap[1].trim().to_lowercase())
            && plural_unit(lex, &cap[4])
        {
            continue;
        }
        let mut secs = n * unit as f64;
        let mut approximate = pair.is_some()
            || lex
                .approx
                .numbers
                .iter()
                .any(|a| a.eq_ignore_ascii_case(cap[1].trim()));
        let mut lower_bound = false;
        if let Some(inf) = cap.get(3) {
            let t = inf.as_str().to_lowercase();
            // "a ½ hour" is half an hour, not one and a half: a half written as a sign adds to
            // digits only ("2½ hours"); the match after "a" reads "½ hour"
            let sign_half = !t.chars().any(char::is_alphabetic);
            if sign_half && p.w.half_infix.contains(&t) && cap[1].chars().any(char::is_alphabetic) {
                continue;
            }
            if p.w.half_infix.contains(&t) {
                secs += 0.5 * unit as f64;
            } else {
                // "5个多小时", "十多个小时": "and more" is a lower bound when the language says so
                approximate = true;
                lower_bound = lex
                    .approx
                    .lower_bound
                    .iter()
                    .any(|l| t.starts_with(&l.to_lowercase()));
            }
        }
        out.push(Atom {
            start: m.start(),
            end: m.end(),
            secs,
            unit,
            approximate,
            lower_bound,
        });
        pos = m.end();
    }
    out
}

/// Finds durations outside the given time mentions.
pub fn scan_durations(text: &str, lex: &Lexicon, times: &[RawTime]) -> Vec<RawDuration> {
    let p = lex.patterns();
    let w = &p.w;
    let atoms = atoms(text, lex);
    let time_spans: Vec<(usize, usize)> = times.iter().map(|t| (t.start, t.end)).collect();
    let mut out: Vec<RawDuration> = Vec::new();
    let mut i = 0;
    while i < atoms.len() {
        let first = &atoms[i];
        let (start, mut end, mut secs, mut unit) = (first.start, first.end, first.secs, first.unit);
        let mut approximate = first.approximate;
        let mut lower_bound = first.lower_bound;
        let mut j = i + 1;
        // half suffix right after: "8시간 반", "an hour and a half"
        let take_half = |end: &mut usize, secs: &mut f64, unit: u64| {
            let q = skip_ws(text, *end, MAX_GAP_SPACES);
            if let Some(e) = phrase_at(text, q, &w.half_suffix) {
                *end = e;
                *secs += 0.5 * unit as f64;
                true
            } else {
                false
            }
        };
        let i_first = i;
        let mut halved = take_half(&mut end, &mut secs, unit);
        while !halved && j < atoms.len() {
            let next = &atoms[j];
            // the smaller part of one length is less than one of the larger unit ("2 hours,
            // 1000s of users" is no 2h16m40s)
            if next.unit >= unit || next.start < end || next.secs >= unit as f64 {
                break;
            }
            let gap = text[end..next.start].trim();
            let ok = gap.is_empty() || w.dur_joiners.iter().any(|jn| gap.to_lowercase() == *jn);
            if !ok || text[end..next.start].chars().count() > 8 {
                break;
            }
            secs += next.secs;
            unit = next.unit;
            end = next.end;
            approximate |= next.approximate;
            lower_bound |= next.lower_bound;
            j += 1;
            halved = take_half(&mut end, &mut secs, unit);
        }
        // bare minutes after hours: "1h25", "1 h 30", or with the clock's minute marker
        // ("2小时17分", "一小时四十分")
        if unit == 3_600 && !halved {
            if let Some((mi, after)) = bare_minutes(text, end, lex) {
                secs += f64::from(mi) * 60.0;
                end = after;
            }
        }
        // "hour-long", "six-hour-long": the adjective's ending is part of the length as written
        if let Some(e) = phrase_at(text, end, &w.adjective_suffix) {
            end = e;
        }
        i = j;
        let mut s = start;
        // a range of counts of one unit ("3-4 hours", "22 ~ 24 시간"): the length as written
        // is the whole range, read as its lower count
        if j == i_first + 1 && !halved {
            if let Some((from, low)) = range_lower_count(text, start, &w.dur_range_connectors) {
                let count = secs / unit as f64;
                if low > 0.0 && low < count {
                    s = from;
                    secs = low * unit as f64;
                }
            }
        }
        let b = skip_ws_back(text, s, MAX_GAP_SPACES);
        if let Some(x) = phrase_before(text, b, &w.approx_before) {
            lower_bound |= is_lower_bound(&text[x..b], lex);
            s = x;
            approximate = true;
        }
        let a = skip_ws(text, end, MAX_GAP_SPACES);
        if let Some(x) = phrase_at(text, a, &w.approx_after) {
            lower_bound |= is_lower_bound(&text[a..x], lex);
            end = x;
            approximate = true;
        }
        if (s == start && is_not_length(&text[start..end], lex))
            || not_length_after(text, start, end, lex)
            || bare_offset(text, start, s, end, lex, &time_spans)
            || rejected(text, s, end, lex, &time_spans)
            || counted_per_article(text, start, lex)
            || count_within(text, s, lex)
        {
            continue;
        }
        if secs <= 0.0 || secs > MAX_DURATION_SECS {
            continue;
        }
        if overlaps_sorted(&time_spans, start, end) {
            continue;
        }
        out.push(RawDuration {
            start: s,
            end,
            value: Duration::from_secs(secs.round() as u64),
            approximate,
            lower_bound,
            relative: relative_marker(text, s, end, lex, &time_spans),
        });
    }
    if let Some(re) = &p.fixed_duration {
        for m in re.find_iter(text) {
            // a phrase that starts before a length it overlaps, or with it and ends later, is
            // the longer reading of it ("three quarters of an hour", "una hora y cuarto")
            let overlap = |d: &RawDuration| m.start() < d.end && d.start < m.end();
            let shorter =
                |d: &RawDuration| d.start > m.start() || (d.start == m.start() && d.end < m.end());
            if !whole_word(text, m.start(), m.end())
                || out.iter().any(|d| overlap(d) && !shorter(d))
                || overlaps_sorted(&time_spans, m.start(), m.end())
            {
                continue;
            }
            let key = m.as_str().to_lowercase();
            let key = key.split_whitespace().collect::<Vec<_>>().join(" ");
            let Some(v) = lex
                .durations
                .fixed
                .get(&key)
                .and_then(|v| Duration::parse_lenient(v).ok())
            else {
                continue;
            };
            let (mut s, mut e, mut approximate) = (m.start(), m.end(), false);
            let mut lower_bound = false;
            let b = skip_ws_back(text, s, MAX_GAP_SPACES);
            if let Some(x) = phrase_before(text, b, &w.approx_before) {
                lower_bound |= is_lower_bound(&text[x..b], lex);
                s = x;
                approximate = true;
            }
            let a = skip_ws(text, e, MAX_GAP_SPACES);
            if let Some(x) = phrase_at(text, a, &w.approx_after) {
                lower_bound |= is_lower_bound(&text[a..x], lex);
                e = x;
                approximate = true;
            }
            if rejected(text, s, e, lex, &time_spans) {
                continue;
            }
            out.retain(|d| !overlap(d));
            out.push(RawDuration {
                start: s,
                end: e,
                value: v,
                approximate,
                lower_bound,
                relative: relative_marker(text, s, e, lex, &time_spans),
            });
        }
        out.sort_by_key(|d| d.start);
    }
    out
}

/// The count written before a range connector that ends right before `start` ("3-" of
/// "3-4 hours", "22 ~ " of "22 ~ 24 시간"): where it starts and its value (digits only).
fn range_lower_count(text: &str, start: usize, connectors: &[String]) -> Option<(usize, f64)> {
    let b = skip_ws_back(text, start, MAX_GAP_SPACES);
    let c = phrase_before(text, b, connectors)?;
    // (a connector word stands apart from the counts; a sign may touch them)
    let b = skip_ws_back(text, c, MAX_GAP_SPACES);
    let digits = text[..b]
        .char_indices()
        .rev()
        .take_while(|(_, ch)| ch.is_ascii_digit())
        .last()
        .map(|(k, _)| k)?;
    // not part of a longer number or word ("v2-3 hours", "1.5-2 hours")
    if text[..digits]
        .chars()
        .next_back()
        .is_some_and(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '.' | ',' | ':' | '/'))
    {
        return None;
    }
    let low: f64 = text[digits..b].parse().ok()?;
    Some((digits, low))
}

/// Minutes written after an hour part without a unit word ("1h25") or with the clock's minute
/// marker ("2小时17分"): the count and where it ends.
fn bare_minutes(text: &str, end: usize, lex: &Lexicon) -> Option<(u32, usize)> {
    let q = skip_ws(text, end, 1);
    let digits: String = text[q..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || (lex.cjk_numerals && CJK_NUMERAL_CHARS.contains(*c)))
        .collect();
    let after = q + digits.len();
    let marked = phrase_at(text, after, &lex.clock.minute_markers);
    let plain = digits.chars().all(|c| c.is_ascii_digit())
        && digits.len() <= 2
        && !ends_in_number(text, after);
    if digits.is_empty() || (marked.is_none() && !plain) {
        return None;
    }
    let mi = parse_number(&digits, &lex.numbers)? as u32;
    (mi <= MAX_BARE_MINUTES).then_some((mi, marked.unwrap_or(after)))
}

/// A word written like a length that is none ("十分な対策": enough, not ten minutes).
fn is_not_length(quote: &str, lex: &Lexicon) -> bool {
    let q = quote.to_lowercase();
    lex.durations
        .not_lengths
        .iter()
        .any(|w| w.to_lowercase() == q)
}

/// Most spaces and list marks ("24時間・年中無休", "24h/24") between a length and the word after it
/// that makes it no length.
const NOT_LENGTH_GAP_CHARS: usize = 2;

/// "24시간 고객센터", "24時間・年中無休", "24小时客服": the length as written, followed by a word
/// that makes it service round the clock (`not_length_after`).
fn not_length_after(text: &str, start: usize, end: usize, lex: &Lexicon) -> bool {
    // a host name ("24h.com.vn"): a dot and a letter right after the unit
    let mut rest = text[end..].chars();
    if rest.next() == Some('.') && rest.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return true;
    }
    let table = &lex.durations.not_length_after;
    if table.is_empty() {
        return false;
    }
    let quote = text[start..end].to_lowercase();
    let quote = quote.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(words) = table.get(&quote) else {
        return false;
    };
    let mut at = end;
    for c in text[end..].chars().take(NOT_LENGTH_GAP_CHARS) {
        if c.is_whitespace() || matches!(c, '・' | '·' | '、' | ',' | '/' | '-') {
            at += c.len_utf8();
        } else {
            break;
        }
    }
    let mut words: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    phrase_at(text, at, &words).is_some()
}

/// "5分後に再起動した": a length followed by an `offset_after` word counts from a time told
/// before and is no length, unless it is marked as one: an approximate marker ("約3時間後に復旧",
/// so `s` < `start`), a `span_before` word ("発生から2時間後"), or a time right after it.
fn bare_offset(
    text: &str,
    start: usize,
    s: usize,
    end: usize,
    lex: &Lexicon,
    time_spans: &[(usize, usize)],
) -> bool {
    let du = &lex.durations;
    if du.offset_after.is_empty() || s < start {
        return false;
    }
    let a = skip_ws(text, end, MAX_GAP_SPACES);
    let Some(e) = phrase_at(text, a, &du.offset_after) else {
        return false;
    };
    let b = skip_ws_back(text, s, MAX_GAP_SPACES);
    phrase_before(text, b, &du.span_before).is_none() && !clock_follows(text, e, time_spans)
}

/// Whether what follows `pos` continues a number or word ("25%", "25:00", "25.5", "25x").
fn ends_in_number(text: &str, pos: usize) -> bool {
    let rest = &text[pos..];
    rest.starts_with(|c: char| c.is_alphanumeric() || c == ':' || c == '%')
        || (rest.starts_with(['.', ',']) && digit_at(text, pos + 1))
}

fn digit_at(text: &str, pos: usize) -> bool {
    text.get(pos..)
        .and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_digit())
}

/// Most characters between "N minutes later" and the time it leads to ("後の", "후인 ").
const CLOCK_AFTER_OFFSET_CHARS: usize = 4;

/// "およそ50分後の午後4時36分", "50 minutes later, at 4:36": a written time follows the length, so
/// the length is the gap between two stated instants, not an offset from the page's date.
fn clock_follows(text: &str, at: usize, time_spans: &[(usize, usize)]) -> bool {
    time_spans.iter().any(|(ts, _)| {
        *ts >= at
            && text
                .get(at..*ts)
                .is_some_and(|gap| gap.chars().count() <= CLOCK_AFTER_OFFSET_CHARS)
    })
}

/// "5 minutes ago" (-1), "in 5 minutes" / "5分後" (+1): the sign and the phrase's span.
fn relative_marker(
    text: &str,
    start: usize,
    end: usize,
    lex: &Lexicon,
    time_spans: &[(usize, usize)],
) -> Option<(i64, usize, usize)> {
    let w = &lex.patterns().w;
    let a = skip_ws(text, end, MAX_GAP_SPACES);
    for (list, sign) in [(&w.ago_after, -1), (&w.later_after, 1)] {
        if let Some(e) = phrase_at(text, a, list) {
            if clock_follows(text, e, time_spans) {
                return None;
            }
            return Some((sign, start, e));
        }
    }
    let b = skip_ws_back(text, start, MAX_GAP_SPACES);
    for (list, sign) in [(&w.ago_before, -1), (&w.later_before, 1)] {
        if let Some(s) = phrase_before(text, b, list) {
            return Some((sign, s, end));
        }
    }
    None
}

/// "10,000 requests an hour": an article as the number, after a counted noun, makes a rate.
fn counted_per_article(text: &str, start: usize, lex: &Lexicon) -> bool {
    let arts = &lex.durations.rate_articles;
    if arts.is_empty() {
        return false;
    }
    let word: String = text[start..]
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .to_lowercase();
    if !arts.contains(&word) {
        return false;
    }
    // the two words before: "<count> <noun>"
    let before: Vec<&str> = text[..start].split_whitespace().rev().take(2).collect();
    before.len() == 2
        && before[0].chars().all(|c| c.is_alphabetic())
        && before[1].chars().any(|c| c.is_ascii_digit())
        && before[1]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
}

/// "5 codes in 10 minutes", "20 Kaufversuchen in 15 Minuten": a count within a duration is a rate.
fn count_within(text: &str, start: usize, lex: &Lexicon) -> bool {
    let w = &lex.patterns().w;
    if w.rate_within.is_empty() {
        return false;
    }
    let b = skip_ws_back(text, start, MAX_GAP_SPACES);
    let Some(s) = phrase_before(text, b, &w.rate_within) else {
        return false;
    };
    let before: Vec<&str> = text[..s].split_whitespace().rev().take(2).collect();
    before.len() == 2
        && before[0].chars().all(char::is_alphabetic)
        && before[1]
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
        && before[1].chars().any(|c| c.is_ascii_digit())
}

/// Rates ("per 10 minutes", 10분에 …건), frequencies ("every 30 seconds", 30초 간격) and fractions.
fn rejected(
    text: &str,
    start: usize,
    end: usize,
    lex: &Lexicon,
    time_spans: &[(usize, usize)],
) -> bool {
    let w = &lex.patterns().w;
    let b = skip_ws_back(text, start, MAX_GAP_SPACES);
    if phrase_before(text, b, &w.reject_before).is_some() {
        return true;
    }
    let a = skip_ws(text, end, MAX_GAP_SPACES);
    if let Some(e) = phrase_at(text, a, &w.reject_after) {
        if !clock_follows(text, e, time_spans) {
            return true;
        }
    }
    let rest_end = text[end..]
        .char_indices()
        .nth(40)
        .map_or(text.len(), |(i, _)| end + i);
    let rest = &text[end..rest_end];
    lex.patterns()
        .reject_after_patterns
        .iter()
        .any(|re| re.is_match(rest))
}
