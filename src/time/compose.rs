//! Composition: language-independent rules that combine the scanner's tokens into larger times.
//!
//! The scanner finds dates, clocks and durations; the rules here join what stands next to them:
//! a part of the day ("this afternoon", "明日の夜", "hier soir") becomes an approximate range of
//! its conventional hours on its day; a part of the day next to a clock gives the clock its day
//! and its half ("tonight from 7 to 7:30"); a clock with a length is a range ("from 2pm for
//! 2 hours"); a length before or after the reference is a range ("within 5 minutes", "the last
//! 5 minutes"). The words are per-language data (`[dayparts]`, `[range]` in
//! `mappings/lang/<code>.toml`). Parts of the day are flagged `daypart` and `approximate` and
//! carry no clock (`has_clock` false), so they never stand for a stated time.
use super::lexicon::Lexicon;
use super::text::{phrase_at, phrase_before, sorted_phrases};
use super::{DurationMention, TimeKind, TimeMention, TimeValue};
use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike};

/// Most chars of joiner text between the tokens a rule combines.
const MAX_GAP_CHARS: usize = 12;
/// Most chars inside a bracketed note skipped between a date and its part of the day ("(목)").
const MAX_BRACKET_NOTE_CHARS: usize = 4;

/// The word lists of one lexicon the rules use, lower case, longest first.
#[derive(Debug, Clone)]
pub(crate) struct Words {
    dayparts: Vec<String>,
    this: Vec<String>,
    early: Vec<String>,
    late: Vec<String>,
    articles: Vec<String>,
    joiners: Vec<String>,
    openers: Vec<String>,
    cues: Vec<String>,
    of_day: Vec<String>,
    connectors: Vec<String>,
    am: Vec<String>,
    length_before: Vec<String>,
    length_after: Vec<String>,
    ahead_before: Vec<String>,
    past_before: Vec<String>,
    weekdays: Vec<String>,
    week_before: Vec<String>,
    week_after: Vec<String>,
    end_of: Vec<String>,
    now: Vec<String>,
    offset_after: Vec<String>,
    offset_before: Vec<String>,
}

impl Words {
    pub(crate) fn new(lex: &Lexicon) -> Self {
        let r = &lex.range;
        let d = &lex.dayparts;
        Words {
            dayparts: sorted_phrases(d.hours.keys()),
            this: sorted_phrases(&d.this),
            early: sorted_phrases(&d.early),
            late: sorted_phrases(&d.late),
            articles: sorted_phrases(&d.articles),
            joiners: sorted_phrases(&d.joiners),
            openers: sorted_phrases(&r.openers),
            cues: sorted_phrases(&lex.clock.cues),
            of_day: sorted_phrases(&d.of_day),
            connectors: sorted_phrases(&r.connectors),
            am: sorted_phrases(lex.clock.am_after.iter().chain(&lex.clock.am_before)),
            length_before: sorted_phrases(&r.length_before),
            length_after: sorted_phrases(&r.length_after),
            ahead_before: sorted_phrases(&r.ahead_before),
            past_before: sorted_phrases(&r.past_before),
            weekdays: sorted_phrases(&lex.date.weekdays),
            week_before: sorted_phrases(lex.date.week_before.keys()),
            week_after: sorted_phrases(lex.date.week_after.keys()),
            end_of: sorted_phrases(&lex.date.end_of),
            now: sorted_phrases(&lex.date.now),
            offset_after: sorted_phrases(&lex.date.offset_after),
            offset_before: sorted_phrases(&lex.date.offset_before),
        }
    }
}

/// The longest mention (chars) a rule looks back over when searching near a token.
const REACH_CHARS: usize = 256;

/// Indexes of the mentions (sorted by start) that may touch `from..to` or sit next to it.
fn near(times: &[TimeMention], from: usize, to: usize) -> std::ops::Range<usize> {
    let lo = times.partition_point(|t| t.start + REACH_CHARS < from);
    let hi = times.partition_point(|t| t.start <= to + MAX_GAP_CHARS);
    lo..hi.max(lo)
}

/// Char ↔ byte offsets of one text.
struct Offsets {
    byte_of: Vec<usize>,
}

impl Offsets {
    fn new(text: &str) -> Self {
        let mut byte_of: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        byte_of.push(text.len());
        Offsets { byte_of }
    }
    fn byte(&self, c: usize) -> usize {
        self.byte_of[c.min(self.byte_of.len() - 1)]
    }
    fn char(&self, b: usize) -> usize {
        self.byte_of.partition_point(|&x| x < b)
    }
}

/// One part of the day found in the text (byte offsets).
struct Daypart {
    start: usize,
    end: usize,
    from: NaiveTime,
    to: NaiveTime,
    /// Days from the reference the phrase names itself ("tonight", "昨夜").
    days: Option<i64>,
    /// A "this" word goes with it.
    this: bool,
}

fn hour_time(h: i64) -> NaiveTime {
    if h >= 24 {
        NaiveTime::from_hms_opt(23, 59, 0)
    } else {
        NaiveTime::from_hms_opt(h.clamp(0, 23) as u32, 0, 0)
    }
    .unwrap_or(NaiveTime::MIN)
}

/// Whether `text` (a gap between two tokens) holds only spaces, punctuation and joiner words.
fn only_joiners(text: &str, words: &[&[String]]) -> bool {
    let mut p = 0;
    let t = text;
    // bytes first: a far-away token must not cost a count of the text between
    if t.len() > 4 * MAX_GAP_CHARS || t.chars().count() > MAX_GAP_CHARS {
        return false;
    }
    while p < t.len() {
        let c = t[p..].chars().next().unwrap_or(' ');
        if c == '\n' || c == '\r' {
            return false;
        }
        if c.is_whitespace() || c == ',' {
            p += c.len_utf8();
            continue;
        }
        // a short note in brackets, a weekday mostly: "11월 27일(목) 오후", "3月9日（火）夜"
        if c == '(' || c == '（' {
            if let Some((i, close)) = t[p..]
                .char_indices()
                .take(MAX_BRACKET_NOTE_CHARS + 2)
                .find(|(_, x)| *x == ')' || *x == '）')
            {
                p += i + close.len_utf8();
                continue;
            }
        }
        match words.iter().find_map(|w| phrase_at(t, p, w)) {
            Some(e) if e > p => p = e,
            _ => return false,
        }
    }
    true
}

/// An afternoon, evening or night named before a 12-hour clock of the same phrase, a date and
/// the clock's cue apart ("am Abend des 3. März um 9.15 Uhr", "on the evening of March 3, at
/// 9:15", "Donnerstagabend um 9.15 Uhr"): the clock is in that half of the day. A clock written
/// with a leading zero ("09:15") or a morning word is a 24-hour or morning clock and stays.
fn evening_clocks(
    norm: &str,
    lex: &Lexicon,
    w: &Words,
    off: &Offsets,
    dayparts: &[Daypart],
    times: &mut [TimeMention],
) {
    // (end, first hour) of each part of the day
    let mut parts: Vec<(usize, i64)> = dayparts
        .iter()
        .map(|d| (off.char(d.end), i64::from(d.from.hour())))
        .collect();
    // parts of the day fused to a weekday ("Donnerstagabend")
    for t in times.iter() {
        let q = t.quote.to_lowercase();
        for c in &lex.date.weekday_compounds {
            let c = c.to_lowercase();
            let (Some(at), Some(h)) = (q.find(&c), lex.dayparts.hours.get(&c)) else {
                continue;
            };
            if q[..at].chars().last().is_some_and(char::is_alphabetic) {
                let e = t.start + q[..at + c.len()].chars().count();
                parts.push((e, h[0]));
            }
        }
    }
    // dates standing between a part of the day and its clock ("the evening of March 3, at")
    let dates: Vec<(usize, usize)> = times
        .iter()
        .filter(|t| !t.has_clock)
        .map(|t| (t.start, t.end))
        .collect();
    for (e, from) in parts {
        if !(12..=20).contains(&from) {
            continue;
        }
        let Some(t) = times
            .iter_mut()
            .filter(|t| t.has_clock && t.end > e && t.start + EVENING_CLOCK_CHARS >= e)
            .min_by_key(|t| t.start)
        else {
            continue;
        };
        // the text between holds only articles, "of", dates, the clock's cue and commas
        let gap: String = (e..t.start.max(e))
            .map(|i| {
                if dates.iter().any(|(a, b)| (*a..*b).contains(&i)) {
                    ' '
                } else {
                    norm[off.byte(i)..].chars().next().unwrap_or(' ')
                }
            })
            .collect::<String>()
            .to_lowercase();
        let mut rest = gap.trim();
        let lists = [&w.articles, &w.joiners, &w.of_day, &w.cues, &w.openers];
        while !rest.is_empty() {
            let Some(n) = lists.iter().find_map(|l| {
                l.iter()
                    .find(|p| {
                        !p.is_empty()
                            && rest.starts_with(p.as_str())
                            && !rest[p.len()..].starts_with(char::is_alphanumeric)
                    })
                    .map(|p| p.len())
            }) else {
                break;
            };
            rest = rest[n..].trim_start();
        }
        let q = t.quote.to_lowercase();
        // a morning word of its own, as a word ("9:15 am"; not the "am" of "Samstagabend")
        let has_am = w.am.iter().any(|a| {
            q.match_indices(a.as_str()).any(|(i, _)| {
                !q[..i].ends_with(char::is_alphanumeric)
                    && !q[i + a.len()..].starts_with(char::is_alphanumeric)
            })
        });
        if !rest.is_empty() || t.end_value.is_some() || has_am {
            continue;
        }
        if let Some(v) = t.value {
            if let Some(h) = clock_hour(&v) {
                if (1..12).contains(&h) && !leading_zero_clock(&q, h) && i64::from(h) + 12 >= from {
                    t.value = Some(moved(v, None, 12));
                }
            }
        }
    }
}

/// Whether the clock in `quote` writes its hour with a leading zero ("09:15", "09h15").
fn leading_zero_clock(quote: &str, hour: u32) -> bool {
    let want = format!("0{hour}");
    quote.match_indices(&want).any(|(i, _)| {
        !quote[..i].ends_with(|c: char| c.is_ascii_digit())
            && quote[i + want.len()..].starts_with([':', 'h', '.', '時', '时', '시'])
    })
}

/// Most chars from a part of the day to the clock it puts in its half of the day.
const EVENING_CLOCK_CHARS: usize = 40;

/// Finds the parts of the day with their modifiers ("early this evening", "fin de esta mañana").
fn scan_dayparts(text: &str, lex: &Lexicon, w: &Words) -> Vec<Daypart> {
    let mut out = Vec::new();
    if w.dayparts.is_empty() {
        return out;
    }
    let firsts: Vec<char> = w.dayparts.iter().filter_map(|p| p.chars().next()).collect();
    let mut pos = 0;
    while pos < text.len() {
        let c = text[pos..].chars().next().unwrap_or(' ');
        let lc = c.to_lowercase().next().unwrap_or(c);
        if firsts.contains(&lc) {
            if let Some(end) = phrase_at(text, pos, &w.dayparts) {
                let key = text[pos..end].to_lowercase();
                if let Some(h) = lex.dayparts.hours.get(&key) {
                    let (mut from, mut to) = (h[0], h[1]);
                    let mut start = pos;
                    let mut this = false;
                    // modifiers before it, nearest first: articles, "this", "early"/"late"
                    for _ in 0..4 {
                        let b = skip_back_ws(text, start);
                        if let Some(s) = phrase_before(text, b, &w.articles) {
                            start = s;
                        } else if let Some(s) = phrase_before(text, b, &w.this) {
                            start = s;
                            this = true;
                        } else if let Some(s) = phrase_before(text, b, &w.early) {
                            start = s;
                            to = from + (to - from) / 2;
                        } else if let Some(s) = phrase_before(text, b, &w.late) {
                            start = s;
                            from += (to - from) / 2;
                        } else {
                            break;
                        }
                    }
                    out.push(Daypart {
                        start,
                        end,
                        from: hour_time(from),
                        to: hour_time(to),
                        days: h.get(2).copied(),
                        this,
                    });
                    pos = end;
                    continue;
                }
            }
        }
        pos += c.len_utf8();
    }
    out
}

fn skip_back_ws(text: &str, pos: usize) -> usize {
    super::text::skip_ws_back(text, pos, 3)
}

/// The date of a value, if it has one.
fn date_of(v: &TimeValue) -> Option<NaiveDate> {
    match v {
        TimeValue::Instant(d) => Some(d.date_naive()),
        TimeValue::Local(d) => Some(d.date()),
        TimeValue::Date(d) => Some(*d),
        TimeValue::Clock(..) => None,
    }
}

/// The value moved to `date` (keeping its clock and offset), and its clock shifted by `hours`.
fn moved(v: TimeValue, date: Option<NaiveDate>, hours: i64) -> TimeValue {
    let shift = |t: NaiveTime| t.overflowing_add_signed(Duration::hours(hours)).0;
    match (v, date) {
        (TimeValue::Clock(t, off), None) => TimeValue::Clock(shift(t), off),
        (TimeValue::Clock(t, Some(o)), Some(d)) => o
            .from_local_datetime(&d.and_time(shift(t)))
            .single()
            .map_or(TimeValue::Local(d.and_time(shift(t))), TimeValue::Instant),
        (TimeValue::Clock(t, None), Some(d)) => TimeValue::Local(d.and_time(shift(t))),
        (TimeValue::Local(dt), d) => {
            TimeValue::Local(d.unwrap_or(dt.date()).and_time(dt.time()) + Duration::hours(hours))
        }
        (TimeValue::Instant(dt), d) => {
            let local = d.unwrap_or(dt.date_naive()).and_time(dt.time()) + Duration::hours(hours);
            dt.offset()
                .from_local_datetime(&local)
                .single()
                .map_or(TimeValue::Local(local), TimeValue::Instant)
        }
        (TimeValue::Date(x), d) => TimeValue::Date(d.unwrap_or(x)),
    }
}

fn clock_hour(v: &TimeValue) -> Option<u32> {
    clock_of(v).map(|t| t.hour())
}

/// A mention with no clock, made by a rule.
fn made(quote: String, start: usize, end: usize, a: TimeValue, b: TimeValue) -> TimeMention {
    TimeMention {
        quote,
        start,
        end,
        kind: TimeKind::Range,
        value: Some(a),
        end_value: Some(b),
        approximate: true,
        end_approximate: Some(true),
        has_clock: false,
        date_explicit: false,
        next_day: false,
        zone: None,
        head: None,
        tail: None,
        daypart: false,
        half_open: false,
    }
}

/// Applies every rule to the mentions `parse` found in `norm` (the normalised text; offsets in
/// chars). `reference` (else `today`, the day the page's "today" is written with, else
/// `anchor`, the page's date) anchors relative parts of the day;
/// lengths from or up to "now" need `reference`.
pub(crate) fn compose(
    norm: &str,
    lex: &Lexicon,
    reference: Option<NaiveDateTime>,
    today: Option<NaiveDate>,
    anchor: Option<NaiveDate>,
    times: &mut Vec<TimeMention>,
    durations: &[DurationMention],
) {
    let w = lex.compose_words();
    let off = Offsets::new(norm);
    times.sort_by_key(|t| t.start);
    let quote = |s: usize, e: usize| norm[off.byte(s)..off.byte(e.max(s))].to_string();
    let gap_ok = |a: usize, b: usize, extra: &[&[String]]| {
        a <= b && {
            let mut lists: Vec<&[String]> = vec![&w.joiners, &w.articles];
            lists.extend_from_slice(extra);
            only_joiners(&norm[off.byte(a)..off.byte(b)], &lists)
        }
    };
    let ref_date = reference.map(|r| r.date()).or(today).or(anchor);

    restated_word_clocks(norm, &off, times);
    let mut added = Vec::new();
    mixed_dates(norm, lex, &off, times, &mut added);
    hour_ranges(
        norm,
        lex,
        &off,
        anchor.or(reference.map(|r| r.date())),
        times,
        &mut added,
    );
    date_rules(norm, lex, w, &off, reference, times, durations, &mut added);

    times.sort_by_key(|t| t.start);

    // parts of the day
    let mut absorbed = vec![false; times.len()];
    let dayparts = scan_dayparts(norm, lex, w);
    for dp in &dayparts {
        let (s, e) = (off.char(dp.start), off.char(dp.end));
        // a clock already read this word as its meridiem ("3 de la tarde", 오후 3시)
        if times[near(times, s, e)]
            .iter()
            .any(|t| t.has_clock && t.start < e && s < t.end)
        {
            continue;
        }
        // its day: a date it covers ("tonight"), a date next to it, "this", or its own offset
        let mut day = None;
        let mut span = (s, e);
        let mut covered = None;
        for i in near(times, s, e) {
            let t = &times[i];
            if t.has_clock || t.kind != TimeKind::Date || absorbed[i] {
                continue;
            }
            let next_to = (t.start < e && s < t.end)
                || gap_ok(t.end, s, &[])
                || (t.start >= e && gap_ok(e, t.start, &[]));
            if next_to {
                if let Some(d) = t.value.as_ref().and_then(date_of) {
                    day = Some(d);
                    span = (span.0.min(t.start), span.1.max(t.end));
                    covered = Some(i);
                    break;
                }
            }
        }
        if day.is_none() {
            let offset = dp.days.or(dp.this.then_some(0));
            day = offset.and_then(|o| ref_date.map(|r| r + Duration::days(o)));
        }
        // a clock next to it takes its day and its half ("tonight from 7 to 7:30")
        let clock = near(times, span.0, span.1).find(|&i| {
            let t = &times[i];
            // the clock's own cue may stand between ("na noite de 3 de março, às 9h15",
            // "vào tối 3/3, lúc 9h15")
            t.has_clock
                && (gap_ok(span.1, t.start, &[&w.openers, &w.cues]) || gap_ok(t.end, span.0, &[]))
        });
        if let Some(i) = clock {
            let t = &mut times[i];
            let pm = dp.from >= hour_time(12);
            let has_am = {
                let q = t.quote.to_lowercase();
                w.am.iter().any(|a| q.contains(a.as_str()))
            };
            // hours before this stay small hours ("tonight at 3" is 03:00)
            let lowest = (i64::from(dp.from.hour()) - 14).max(0);
            // a 24-hour clock in the same mention ("heute Nacht zwischen 22 und 4 Uhr") is kept
            let day_clock = [t.value, t.end_value]
                .iter()
                .flatten()
                .any(|v| clock_hour(v).is_some_and(|h| h >= 13));
            let shift = |v: &TimeValue| -> i64 {
                match clock_hour(v) {
                    Some(h) if pm && !has_am && !day_clock && h < 12 && i64::from(h) >= lowest => {
                        12
                    }
                    _ => 0,
                }
            };
            let d = if t.date_explicit { None } else { day };
            if let Some(v) = t.value {
                let days = t
                    .end_value
                    .and_then(|b| Some((date_of(&b)? - date_of(&v)?).num_days()));
                let (sa, sb) = (shift(&v), t.end_value.as_ref().map_or(0, shift));
                t.value = Some(moved(v, d, sa));
                if let Some(b) = t.end_value {
                    let bd = d.map(|x| x + Duration::days(days.unwrap_or(0)));
                    t.end_value = Some(moved(b, bd, sb));
                }
                if d.is_some() {
                    t.date_explicit = true;
                }
            }
            continue;
        }
        let (a, b) = match day {
            Some(d) => (
                TimeValue::Local(d.and_time(dp.from)),
                TimeValue::Local(d.and_time(dp.to)),
            ),
            None => (
                TimeValue::Clock(dp.from, None),
                TimeValue::Clock(dp.to, None),
            ),
        };
        if let Some(i) = covered {
            absorbed[i] = true;
        }
        let mut m = made(quote(span.0, span.1), span.0, span.1, a, b);
        m.daypart = true;
        m.date_explicit = day.is_some();
        added.push(m);
    }

    evening_clocks(norm, lex, w, &off, &dayparts, times);

    // a clock with a length: "from 2pm for 2 hours", "for 2 hours from 2pm", "2시부터 2시간 동안"
    for d in durations {
        // an approximate length ("약 1시간 30분 동안") gives no end to trust
        if d.approximate || d.lower_bound {
            continue;
        }
        let (ds, de) = (d.start, d.end);
        let before = phrase_before(norm, skip_back_ws(norm, off.byte(ds)), &w.length_before)
            .map(|b| off.char(b));
        let after = phrase_at(
            norm,
            super::text::skip_ws(norm, off.byte(de), 3),
            &w.length_after,
        )
        .map(|b| off.char(b));
        if before.is_none() && after.is_none() {
            continue;
        }
        let lstart = before.unwrap_or(ds);
        let lend = after.unwrap_or(de);
        // the time must be marked as a start: "from 2pm for 2 hours", "for 2 hours from 2pm",
        // "2시부터 2시간 동안" (a bare "at 12:35 for 80 minutes" stays a time and a length)
        let opened = |t: &TimeMention| {
            let b = skip_back_ws(norm, off.byte(t.start));
            phrase_before(norm, b, &w.openers).is_some()
                || phrase_at(
                    norm,
                    super::text::skip_ws(norm, off.byte(t.end), 3),
                    &w.connectors,
                )
                .is_some()
        };
        let Some(i) = near(times, lstart.min(ds), lend.max(de)).find(|&i| {
            let t = &times[i];
            t.has_clock
                && t.end_value.is_none()
                && opened(t)
                && (gap_ok(t.end, lstart, &[&w.connectors])
                    || (lend <= t.start
                        && phrase_before(norm, skip_back_ws(norm, off.byte(t.start)), &w.openers)
                            .is_some_and(|o| {
                                only_joiners(&norm[off.byte(lend)..o], &[&w.joiners])
                            })))
        }) else {
            continue;
        };
        let t = &mut times[i];
        let secs = i64::try_from(d.value.as_secs()).unwrap_or(0);
        let Some(v) = t.value else { continue };
        let end = match v {
            TimeValue::Clock(c, o) => {
                TimeValue::Clock(c.overflowing_add_signed(Duration::seconds(secs)).0, o)
            }
            TimeValue::Local(x) => TimeValue::Local(x + Duration::seconds(secs)),
            TimeValue::Instant(x) => TimeValue::Instant(x + Duration::seconds(secs)),
            TimeValue::Date(_) => continue,
        };
        let (s, e) = (t.start.min(lstart), t.end.max(lend));
        t.head = Some((t.start, t.end));
        t.tail = Some((ds, de));
        t.end_value = Some(end);
        t.end_approximate = Some(t.approximate || d.approximate);
        t.kind = TimeKind::Range;
        t.start = s;
        t.end = e;
        t.quote = quote(s, e);
    }

    // a length from or up to the reference: "within 5 minutes", "the last 5 minutes"
    if let Some(r) = reference {
        for d in durations {
            let b = skip_back_ws(norm, off.byte(d.start));
            let (s, ahead) = if let Some(s) = phrase_before(norm, b, &w.ahead_before) {
                (s, true)
            } else if let Some(s) = phrase_before(norm, b, &w.past_before) {
                (s, false)
            } else {
                continue;
            };
            let secs = i64::try_from(d.value.as_secs()).unwrap_or(0);
            let other = if ahead {
                r + Duration::seconds(secs)
            } else {
                r - Duration::seconds(secs)
            };
            let (a, b) = if ahead { (r, other) } else { (other, r) };
            let s = off.char(s);
            // "within 5 minutes" also read as "in 5 minutes" (a time): the range replaces it
            if let Some(t) = times.iter_mut().find(|t| t.start == s && t.end == d.end) {
                if t.kind == TimeKind::Datetime && t.end_value.is_none() {
                    *t = made(
                        t.quote.clone(),
                        s,
                        d.end,
                        TimeValue::Local(a),
                        TimeValue::Local(b),
                    );
                }
                continue;
            }
            if times[near(times, s, d.end)]
                .iter()
                .any(|t| t.start < d.end && s < t.end)
            {
                continue;
            }
            added.push(made(
                quote(s, d.end),
                s,
                d.end,
                TimeValue::Local(a),
                TimeValue::Local(b),
            ));
        }
    }

    let mut i = 0;
    times.retain(|_| {
        i += 1;
        !absorbed[i - 1]
    });
    if !added.is_empty() {
        times.extend(added);
        times.sort_by_key(|t| t.start);
    }
}

/// Most chars between a noon or midnight word and the clock that restates it.
const RESTATED_GAP_CHARS: usize = 40;
/// Most hours between a noon or midnight word and the clock that restates it.
const RESTATED_HOURS: i64 = 3;

/// A noon or midnight word restated by a written clock in the same clause ("Gestern Mittag
/// (21.09.2017) gegen kurz nach 14 Uhr", "yesterday at noon, around 12:40"): the word only
/// tells which day and which half; the clock is the time. The word's mention is dropped, and
/// the clock takes its day (or the date written between them) when it has none of its own.
fn restated_word_clocks(norm: &str, off: &Offsets, times: &mut Vec<TimeMention>) {
    let mut drop = vec![false; times.len()];
    for i in 0..times.len() {
        let w = &times[i];
        // a named noon or midnight: no digit of any script, no numeral word's hour
        let worded = w.has_clock
            && !w.daypart
            && w.end_value.is_none()
            && !w
                .quote
                .chars()
                .any(|c| c.is_numeric() || "〇一二三四五六七八九十两".contains(c));
        if !worded {
            continue;
        }
        let Some(wv) = w.value else { continue };
        if clock_of(&wv).is_none_or(|c| c.minute() != 0 || (c.hour() != 12 && c.hour() != 0)) {
            continue;
        }
        // the next clock, with at most dates written between
        let mut date_between = None;
        let mut next = None;
        for (j, t) in times.iter().enumerate().skip(i + 1) {
            if t.start < w.end {
                continue;
            }
            if t.has_clock {
                next = Some(j);
                break;
            }
            if t.kind == TimeKind::Date {
                date_between = t.value.as_ref().and_then(date_of);
                continue;
            }
            break;
        }
        let Some(j) = next else { continue };
        let c = &times[j];
        if c.start - w.end > RESTATED_GAP_CHARS || c.end_value.is_some() {
            continue;
        }
        // one clause: no line break and no sentence end outside brackets
        let gap = &norm[off.byte(w.end)..off.byte(c.start)];
        let mut depth = 0i32;
        let ends_clause = gap.chars().any(|ch| match ch {
            '(' | '（' => {
                depth += 1;
                false
            }
            ')' | '）' => {
                depth -= 1;
                false
            }
            '\n' | ';' | '。' | '!' | '?' => true,
            '.' => depth <= 0,
            _ => false,
        });
        if ends_clause {
            continue;
        }
        let (Some(wc), Some(cc)) = (clock_of(&wv), c.value.as_ref().and_then(clock_of)) else {
            continue;
        };
        let apart = (cc - wc).num_minutes().abs();
        if apart > RESTATED_HOURS * 60 {
            continue;
        }
        let day = date_between.or_else(|| date_of(&wv));
        let word_dated = times[i].date_explicit;
        let c = &mut times[j];
        if !c.date_explicit {
            if let (Some(d), Some(v)) = (day, c.value) {
                c.value = Some(moved(v, Some(d), 0));
                c.date_explicit = word_dated || date_between.is_some();
            }
        }
        drop[i] = true;
    }
    let mut k = 0;
    times.retain(|_| {
        k += 1;
        !drop[k - 1]
    });
}

/// A mention's clock, whatever its value holds.
fn clock_of(v: &TimeValue) -> Option<NaiveTime> {
    match v {
        TimeValue::Instant(x) => Some(x.time()),
        TimeValue::Local(x) => Some(x.time()),
        TimeValue::Clock(c, _) => Some(*c),
        TimeValue::Date(_) => None,
    }
}

/// A date-only mention's date.
fn plain_date(t: &TimeMention) -> Option<NaiveDate> {
    match (t.kind, t.value) {
        (TimeKind::Date, Some(TimeValue::Date(d))) => Some(d),
        _ => None,
    }
}

/// Rules on dates: a weekday in a counted week ("next Friday", "来週の金曜日"), the end of a day
/// ("end of tomorrow"), "now", a length counted from a date ("16 days from 01/02/2018"), and a
/// date next to a clock that has none ("between 3 and 8am next Monday").
#[allow(clippy::too_many_arguments)]
fn date_rules(
    norm: &str,
    lex: &Lexicon,
    w: &Words,
    off: &Offsets,
    reference: Option<NaiveDateTime>,
    times: &mut [TimeMention],
    durations: &[DurationMention],
    added: &mut Vec<TimeMention>,
) {
    use chrono::Datelike;
    let quote = |s: usize, e: usize| norm[off.byte(s)..off.byte(e.max(s))].to_string();
    let lists: [&[String]; 2] = [&w.joiners, &w.articles];
    // weekdays in a counted week
    if let Some(r) = reference {
        for t in times.iter_mut() {
            // a weekday alone, or a weekday the scanner joined with its clock ("월요일 오전 3시")
            let Some(d) = t.value.as_ref().and_then(date_of) else {
                continue;
            };
            let q = t.quote.trim().to_lowercase();
            let named = w.weekdays.contains(&q)
                || (t.has_clock && phrase_at(norm, off.byte(t.start), &w.weekdays).is_some());
            if !named {
                continue;
            }
            let b = skip_back_ws(norm, off.byte(t.start));
            let a = super::text::skip_ws(norm, off.byte(t.end), 3);
            let hit = phrase_before(norm, b, &w.week_before)
                .map(|s| (s, off.byte(t.end), &lex.date.week_before, &norm[s..b]))
                .or_else(|| {
                    phrase_at(norm, a, &w.week_after)
                        .map(|e| (off.byte(t.start), e, &lex.date.week_after, &norm[a..e]))
                });
            let Some((s, e, map, word)) = hit else {
                continue;
            };
            let Some(weeks) = map.get(&word.to_lowercase()) else {
                continue;
            };
            let monday =
                r.date() - Duration::days(i64::from(r.date().weekday().num_days_from_monday()));
            let day =
                monday + Duration::days(7 * weeks + i64::from(d.weekday().num_days_from_monday()));
            let delta = (day - d).num_days();
            t.value = t.value.map(|v| moved(v, Some(day), 0));
            t.end_value = t.end_value.map(|b| {
                let bd = date_of(&b).map(|x| x + Duration::days(delta));
                moved(b, bd, 0)
            });
            t.date_explicit = true;
            t.start = off.char(s);
            if !t.has_clock {
                t.end = off.char(e);
            }
            t.quote = quote(t.start, t.end);
        }
    }
    // the end of a day: "end of tomorrow", "fin de demain"
    for t in times.iter_mut() {
        let Some(d) = plain_date(t) else { continue };
        let b = skip_back_ws(norm, off.byte(t.start));
        let Some(s) = phrase_before(norm, b, &w.end_of) else {
            continue;
        };
        let end = d.and_time(hour_time(24));
        t.value = Some(TimeValue::Local(end));
        t.kind = TimeKind::Datetime;
        t.approximate = true;
        t.start = off.char(s);
        t.quote = quote(t.start, t.end);
    }
    times.sort_by_key(|t| t.start);
    // a length counted from a date: "16 days from 01/02/2018", "2 weeks before May 13 1999"
    for dm in durations {
        let a = super::text::skip_ws(norm, off.byte(dm.end), 3);
        let (e, sign) = if let Some(e) = phrase_at(norm, a, &w.offset_after) {
            (e, 1)
        } else if let Some(e) = phrase_at(norm, a, &w.offset_before) {
            (e, -1)
        } else {
            continue;
        };
        let e = off.char(e);
        let r = near(times, e, e);
        let Some(t) = times[r].iter_mut().find(|t| {
            plain_date(t).is_some()
                && e <= t.start
                && only_joiners(&norm[off.byte(e)..off.byte(t.start)], &lists)
        }) else {
            continue;
        };
        let Some(d) = plain_date(t) else { continue };
        let secs = dm.value.as_secs();
        let month = 2_592_000;
        let day = if secs >= month && secs % month == 0 {
            let n = chrono::Months::new(u32::try_from(secs / month).unwrap_or(0));
            if sign > 0 {
                d.checked_add_months(n)
            } else {
                d.checked_sub_months(n)
            }
        } else {
            d.checked_add_signed(Duration::seconds(sign * i64::try_from(secs).unwrap_or(0)))
        };
        let Some(day) = day else { continue };
        t.value = Some(TimeValue::Date(day));
        t.start = dm.start;
        t.quote = quote(t.start, t.end);
    }
    // "now": the reference itself
    if let Some(r) = reference {
        if !w.now.is_empty() {
            let firsts: Vec<char> = w.now.iter().filter_map(|p| p.chars().next()).collect();
            let mut pos = 0;
            while pos < norm.len() {
                let c = norm[pos..].chars().next().unwrap_or(' ');
                if !firsts.contains(&c.to_lowercase().next().unwrap_or(c)) {
                    pos += c.len_utf8();
                    continue;
                }
                if let Some(e) =
                    phrase_at(norm, pos, &w.now).filter(|&e| super::text::whole_word(norm, pos, e))
                {
                    let (s, e2) = (off.char(pos), off.char(e));
                    if !times[near(times, s, e2)]
                        .iter()
                        .any(|t| t.start < e2 && s < t.end)
                    {
                        let mut m = made(
                            quote(s, e2),
                            s,
                            e2,
                            TimeValue::Local(r),
                            TimeValue::Local(r),
                        );
                        m.kind = TimeKind::Datetime;
                        m.end_value = None;
                        m.end_approximate = None;
                        m.approximate = false;
                        added.push(m);
                    }
                    pos = e;
                    continue;
                }
                pos += norm[pos..].chars().next().map_or(1, char::len_utf8);
            }
        }
    }
    // a date next to a clock that has none: "between 3 and 8am next Monday", "tonight at 7"
    let mut dates: Vec<(usize, usize, NaiveDate)> = times
        .iter()
        .filter_map(|t| Some((t.start, t.end, plain_date(t)?)))
        .collect();
    dates.sort_by_key(|d| d.0);
    for t in times.iter_mut() {
        if !t.has_clock || t.date_explicit || t.next_day {
            continue;
        }
        let lo = dates.partition_point(|d| d.0 + REACH_CHARS < t.start);
        let hi = dates.partition_point(|d| d.0 <= t.end + MAX_GAP_CHARS);
        let near = dates[lo..hi.max(lo)].iter().find(|(s, e, _)| {
            (*e <= t.start && only_joiners(&norm[off.byte(*e)..off.byte(t.start)], &lists))
                || (t.end <= *s && only_joiners(&norm[off.byte(t.end)..off.byte(*s)], &lists))
        });
        let Some((_, _, d)) = near else { continue };
        if let Some(v) = t.value {
            let days = t
                .end_value
                .and_then(|b| Some((date_of(&b)? - date_of(&v)?).num_days()));
            t.value = Some(moved(v, Some(*d), 0));
            if let Some(b) = t.end_value {
                t.end_value = Some(moved(b, Some(*d + Duration::days(days.unwrap_or(0))), 0));
            }
            t.date_explicit = true;
        }
    }
}

/// Three parts joined by "-" or "/" in any order: a month name, a four-digit year and a day
/// ("Sep-23-2020", "2020/Sep/23", "23-2020-septiembre"). Numeric-only dates are the scanner's.
fn mixed_dates(
    norm: &str,
    lex: &Lexicon,
    off: &Offsets,
    times: &mut Vec<TimeMention>,
    added: &mut Vec<TimeMention>,
) {
    static PARTS: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let Some(re) = PARTS
        .get_or_init(|| {
            regex::Regex::new(r"(?i)(\p{L}+\.?|\d{1,4})[-/](\p{L}+|\d{1,4})[-/](\p{L}+|\d{1,4})")
                .ok()
        })
        .as_ref()
    else {
        return;
    };
    if !norm.contains(['-', '/']) {
        return;
    }
    for cap in re.captures_iter(norm) {
        let (mut year, mut month, mut day) = (None, None, None);
        for i in 1..=3 {
            let part = cap[i].trim_end_matches('.');
            if part.chars().all(|c| c.is_ascii_digit()) {
                if part.len() == 4 && year.is_none() {
                    year = part.parse::<i32>().ok();
                } else if part.len() <= 2 && day.is_none() {
                    day = part.parse::<u32>().ok();
                } else {
                    year = None;
                    break;
                }
            } else if month.is_none() {
                month = lex.month_number(part);
                if month.is_none() {
                    break;
                }
            } else {
                month = None;
                break;
            }
        }
        let (Some(y), Some(m), Some(d)) = (year, month, day) else {
            continue;
        };
        let Some(date) = NaiveDate::from_ymd_opt(y, m, d) else {
            continue;
        };
        let whole = cap.get(0).expect("match");
        let glued = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        if glued(norm[..whole.start()].chars().next_back())
            || glued(norm[whole.end()..].chars().next())
        {
            continue;
        }
        let (s, e) = (off.char(whole.start()), off.char(whole.end()));
        // what the scanner read inside it ("2020/23") gives way
        if times
            .iter()
            .any(|t| t.start < e && s < t.end && (t.start < s || t.end > e || t.has_clock))
        {
            continue;
        }
        times.retain(|t| !(t.start < e && s < t.end));
        let mut t = made(
            whole.as_str().to_string(),
            s,
            e,
            TimeValue::Date(date),
            TimeValue::Date(date),
        );
        t.kind = TimeKind::Date;
        t.end_value = None;
        t.end_approximate = None;
        t.approximate = false;
        t.date_explicit = true;
        added.push(t);
    }
}

/// Two bare hours joined by a dash after a clock cue or before a clock suffix, one of them past
/// noon ("à 16-17", "16-17 heures", "um 14-15 Uhr"): a range of hours, not a length ("2-3
/// heures" stays a duration).
fn hour_ranges(
    norm: &str,
    lex: &Lexicon,
    off: &Offsets,
    day: Option<NaiveDate>,
    times: &mut Vec<TimeMention>,
    added: &mut Vec<TimeMention>,
) {
    static PAIR: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    let Some(re) = PAIR
        .get_or_init(|| regex::Regex::new(r"(?-u:\b)(\d{1,2}) ?[-–] ?(\d{1,2})(?-u:\b)").ok())
        .as_ref()
    else {
        return;
    };
    if !norm.contains(['-', '–']) {
        return;
    }
    let cues = sorted_phrases(&lex.clock.cues);
    let suffixes = sorted_phrases(&lex.clock.suffixes);
    for cap in re.captures_iter(norm) {
        let whole = cap.get(0).expect("match");
        let (Ok(a), Ok(b)) = (cap[1].parse::<u32>(), cap[2].parse::<u32>()) else {
            continue;
        };
        if a > 23 || b > 23 || a >= b || b < 13 {
            continue;
        }
        let before = skip_back_ws(norm, whole.start());
        let after = super::text::skip_ws(norm, whole.end(), 3);
        let cue = phrase_before(norm, before, &cues).filter(|_| before < whole.start());
        let suffix = phrase_at(norm, after, &suffixes).filter(|_| after > whole.end());
        if cue.is_none() && suffix.is_none() {
            continue;
        }
        let (s, e) = (
            off.char(whole.start()),
            off.char(suffix.unwrap_or(whole.end())),
        );
        // the scanner's bare first hour ("à 16") gives way; anything else wins
        let inside = |t: &TimeMention| t.start < e && s < t.end;
        if times
            .iter()
            .any(|t| inside(t) && !(t.kind == TimeKind::Time && t.start >= s && t.end <= e))
        {
            continue;
        }
        // the page's offset, when its clocks have one
        let offset = times.iter().find_map(|t| match t.value {
            Some(TimeValue::Instant(x)) => Some(*x.offset()),
            _ => None,
        });
        times.retain(|t| !inside(t));
        let (Some(ta), Some(tb)) = (
            NaiveTime::from_hms_opt(a, 0, 0),
            NaiveTime::from_hms_opt(b, 0, 0),
        ) else {
            continue;
        };
        let (va, vb) = match day {
            Some(d) => (
                moved(TimeValue::Clock(ta, offset), Some(d), 0),
                moved(TimeValue::Clock(tb, offset), Some(d), 0),
            ),
            None => (TimeValue::Clock(ta, offset), TimeValue::Clock(tb, offset)),
        };
        let q: String = norm[whole.start()..off.byte(e)].to_string();
        let mut t = made(q, s, e, va, vb);
        t.approximate = false;
        t.end_approximate = Some(false);
        t.has_clock = true;
        t.head = Some((s, off.char(whole.start() + cap[1].len())));
        t.tail = Some((off.char(cap.get(2).expect("end").start()), e));
        added.push(t);
    }
}
