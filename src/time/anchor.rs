//! Resolution: the page's zone (given, stated, inferred), the incident date, and each time's value.
use super::lexicon::Lexicon;
use super::scan::RawTime;
use super::text::{is_boundary_char, phrase_before, whole_word};
use super::zones::{offset_string, parse_offset, ZoneTable};
use super::{ParseOptions, TimeValue, ZoneHow, ZoneUse};
use chrono::{
    Datelike, Duration, FixedOffset, NaiveDate, NaiveDateTime, Offset, TimeZone, Timelike,
};
use chrono_tz::Tz;

/// A line this short holding a parenthesised zone is a heading like "Timeline (UTC)".
const HEADING_LINE_CHARS: usize = 48;
/// How far back and forward (bytes) a zone reference's sentence is searched.
const SENTENCE_REACH: usize = 400;
/// A day-only date ("24일") this many days before the anchor date is read as next month.
const DAY_ONLY_BACK_DAYS: i64 = 15;
/// Days after the page's own date that a bare day number may still be ("17일" on a page of
/// the 16th); further ahead, it is last month's day.
const DAY_ONLY_AHEAD_DAYS: i64 = 3;
/// Days after the incident's date within which an undated page's latest written day stands for
/// the page's own date (the day relative words count from).
const UNDATED_PAGE_AHEAD_DAYS: i64 = 7;
/// A time-only row rolls past midnight only from a time at or after this hour…
const EVENING_HOUR: u32 = 17;
/// …to one before this hour.
const MORNING_HOUR: u32 = 6;
/// Day headings needed before rows are anchored to the heading above them.
const MIN_DAY_HEADINGS: usize = 2;
/// Day headings further apart than this are not one timeline.
const MAX_HEADING_SPREAD_DAYS: i64 = 7;
/// The incident may start this many days before its most mentioned date.
const INCIDENT_DAYS_BEFORE_MODE: i64 = 2;

/// The zone applied to times written without one.
#[derive(Debug, Clone)]
enum PageZone {
    Tz(Tz),
    Fixed(FixedOffset),
    Unknown,
}

/// One time with its resolved value(s).
#[derive(Debug, Clone)]
pub struct Resolved {
    pub raw: RawTime,
    pub value: Option<TimeValue>,
    pub end_value: Option<TimeValue>,
    pub next_day: bool,
}

pub struct Resolution {
    pub times: Vec<Resolved>,
    pub zone: ZoneUse,
    pub anchor_date: Option<NaiveDate>,
    /// The page's day as its own "today" writes it, when no reference was given: the day and
    /// the words ("hôm nay 25/3").
    pub today: Option<(NaiveDate, String)>,
    pub warnings: Vec<String>,
}

/// Chars between a "today" word and the date written with it ("hôm nay 25/3", "sáng nay
/// (25/3)", "오늘(25일)", "today, March 25").
const TODAY_DATE_GAP_CHARS: usize = 3;

/// How far the day a page's own "yesterday (date)" implies may lie from the day its address
/// gives and still replace it.
const TODAY_OVER_URL_DAYS: i64 = 2;

/// The date a page's "today" is written with, next to it in either order: the day the page
/// was written, when nothing else gives it. Two such pairs that disagree give none.
fn stated_today(
    text: &str,
    raw: &[RawTime],
    lex: &Lexicon,
    year_hint: Option<i32>,
    month_hint: Option<u32>,
) -> Option<(NaiveDate, String)> {
    let today = |r: &RawTime| r.clock.is_none() && r.date.is_some_and(|d| d.relative == Some(0));
    let written = |r: &RawTime| -> Option<NaiveDate> {
        let d = r.date?;
        if d.relative.is_some() || r.range_end.is_some() {
            return None;
        }
        let year = d.year.or(year_hint)?;
        let month = d.month.or(month_hint.filter(|_| d.year.is_none()))?;
        NaiveDate::from_ymd_opt(year, month, d.day?)
    };
    let joined = |a: &RawTime, b: &RawTime| {
        text.get(a.end..b.start).is_some_and(|g| {
            g.chars().count() <= TODAY_DATE_GAP_CHARS
                && g.chars()
                    .all(|c| c.is_whitespace() || "(),:（），：-–".contains(c))
        })
    };
    // a part of the day named as today's just before a written date ("sáng nay (25/3)")
    let parts: Vec<String> = lex.dayparts.hours.keys().cloned().collect();
    let todays_daypart = |r: &RawTime| -> Option<usize> {
        let mut w = r.start;
        for ch in text[..r.start].chars().rev().take(TODAY_DATE_GAP_CHARS) {
            if !(ch.is_whitespace() || "(,（，".contains(ch)) {
                break;
            }
            w -= ch.len_utf8();
        }
        let this = &lex.dayparts.this;
        let back = |t: usize| super::text::skip_ws_back(text, t, 1);
        // the "this" word read into the date's token ("sáng [nay (25/3)]")
        let own = text.get(r.start..).unwrap_or("");
        if this
            .iter()
            .any(|t| !t.is_empty() && own.starts_with(t.as_str()))
        {
            if let Some(p) = phrase_before(text, back(r.start), &parts) {
                return Some(p);
            }
        }
        if w == r.start {
            return None;
        }
        phrase_before(text, w, this)
            .and_then(|t| phrase_before(text, back(t), &parts))
            .or_else(|| {
                phrase_before(text, w, &parts).and_then(|t| phrase_before(text, back(t), this))
            })
    };
    let mut found: Option<(NaiveDate, String)> = None;
    let mut note = |d: NaiveDate, from: usize, to: usize| -> bool {
        match &found {
            Some((f, _)) if *f != d => false,
            Some(_) => true,
            None => {
                found = Some((d, text.get(from..to).unwrap_or("").to_string()));
                true
            }
        }
    };
    for r in raw {
        // "hôm nay (25/3)" read as one token: today, written with its date; "昨天(4月12日)",
        // "어제(12일)": the day before today, so today is the day after it
        if let Some(d) = r.date.filter(|d| d.relative.is_some() && d.day.is_some()) {
            let own = RawTime {
                date: Some(super::scan::DateParts {
                    relative: None,
                    ..d
                }),
                ..r.clone()
            };
            let k = d.relative.unwrap_or(0);
            if let Some(x) = written(&own).and_then(|x| x.checked_sub_signed(Duration::days(k))) {
                if !note(x, r.start, r.end) {
                    return None;
                }
            }
        }
        // "어제(13일) 오후 4시", "昨天(4月12日)下午" read as one token with the written day: the day
        // word before the bracket says how far that day lies from today
        let glossed_word = text.get(r.start..r.end).and_then(|own| {
            lex.date
                .relative_days
                .iter()
                .filter(|(w, k)| **k != 0 && !w.is_empty() && own.starts_with(w.as_str()))
                .find(|(w, _)| own[w.len()..].trim_start().starts_with(['(', '（']))
                .map(|(_, k)| *k)
        });
        if let Some(k) = glossed_word.filter(|_| r.date.is_some_and(|d| d.relative.is_none())) {
            if let Some(x) = written(r).and_then(|x| x.checked_sub_signed(Duration::days(k))) {
                if !note(x, r.start, r.end) {
                    return None;
                }
            }
        }
        if let (Some(from), Some(x)) = (todays_daypart(r), written(r)) {
            if !note(x, from, r.end) {
                return None;
            }
        }
    }
    // a day before or after today glossed with its date ("gestern Mittag (21.09.2017)",
    // "hôm qua (24/3)", "어제(24일)"): today is that date moved back
    let other_day = |r: &RawTime| {
        r.date
            .and_then(|d| d.relative)
            .filter(|&k| k != 0 && r.range_end.is_none())
    };
    // (on one line: a byline's date above an opening "Ayer, …" glosses nothing)
    let glossed = |a: &RawTime, b: &RawTime| {
        joined(a, b) && text.get(a.end..b.start).is_some_and(|g| !g.contains('\n'))
    };
    for pair in raw.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let day = if today(a) && joined(a, b) {
            written(b)
        } else if today(b) && joined(a, b) {
            written(a)
        } else if let (Some(k), true) = (other_day(a), glossed(a, b)) {
            written(b).and_then(|d| d.checked_sub_signed(Duration::days(k)))
        } else if let (Some(k), true) = (other_day(b), glossed(a, b)) {
            written(a).and_then(|d| d.checked_sub_signed(Duration::days(k)))
        } else {
            None
        };
        if let Some(d) = day {
            if !note(d, a.start, b.end) {
                return None;
            }
        }
    }
    found
}

fn zone_from_name(name: &str) -> Option<(PageZone, String)> {
    if name == "UTC" {
        return Some((PageZone::Fixed(FixedOffset::east_opt(0)?), "UTC".into()));
    }
    if let Ok(tz) = name.parse::<Tz>() {
        return Some((PageZone::Tz(tz), name.to_string()));
    }
    parse_offset(name).map(|o| (PageZone::Fixed(o), offset_string(o)))
}

/// Parses a zone given on the command line: IANA, "UTC", an offset or an abbreviation.
fn given_zone(s: &str, lex: &Lexicon, zones: &ZoneTable) -> Option<(PageZone, String)> {
    let t = s.trim();
    let t = t
        .strip_prefix("UTC")
        .or_else(|| t.strip_prefix("GMT"))
        .filter(|r| !r.is_empty())
        .unwrap_or(t);
    zone_from_name(t).or_else(|| {
        let z = zones.abbreviation(&t.to_uppercase(), &lex.code)?;
        zone_from_name(&z.zone)
    })
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Byte bounds of the sentence (or line) around `pos`.
fn sentence(text: &str, start: usize, end: usize) -> (usize, usize) {
    let lo = floor_char(text, start.saturating_sub(SENTENCE_REACH));
    let hi = floor_char(text, (end + SENTENCE_REACH).min(text.len()));
    let s = text[lo..start]
        .rfind(['\n', '。', '！', '？'])
        .map(|i| lo + i + text[lo + i..].chars().next().map_or(1, char::len_utf8))
        .or_else(|| text[lo..start].rfind(". ").map(|i| lo + i + 2))
        .unwrap_or(lo);
    let e = text[end..hi]
        .find(['\n', '。', '！', '？'])
        .map(|i| end + i)
        .or_else(|| text[end..hi].find(". ").map(|i| end + i))
        .unwrap_or(hi);
    (s, e)
}

fn line_len(text: &str, pos: usize) -> usize {
    let s = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let e = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    text[s..e].trim().chars().count()
}

/// A zone reference in running text: (rank: 3 name, 2 abbreviation, 1 offset), start, end,
/// its sentence's bounds, and whether that sentence states a page-wide zone.
type ZoneMention = (u8, usize, usize, (usize, usize), bool);

/// Zone references outside any time: the page-wide statement ("All times in UTC").
/// Most characters between a day written without a clock and a clock it dates ("quinta-feira à
/// noite, às 22h").
const DAY_CLOCK_GAP_CHARS: usize = 24;

/// Longest qualifier between an opening bracket and a zone name ("(US Pacific time)").
const PAREN_QUALIFIER_CHARS: usize = 12;

/// Most characters (a particle: "까지", "まで", "に") between a time and a bracket opened after it.
const PARTICLE_CHARS: usize = 3;

fn stated_zone(
    text: &str,
    times: &[RawTime],
    lex: &Lexicon,
    zones: &ZoneTable,
    reference: Option<NaiveDate>,
) -> Option<(PageZone, String, Option<String>)> {
    let re = zones.reference_pattern()?;
    let w = &lex.patterns().w;
    let time_spans: Vec<(usize, usize)> = times.iter().map(|t| (t.start, t.end)).collect();
    // (rank, start, end) of each reference, with its sentence and whether it is a statement
    let mut refs: Vec<ZoneMention> = Vec::new();
    // the last sentence looked at, and whether it states a page-wide zone
    let mut last_sentence: Option<((usize, usize), bool)> = None;
    for m in re.find_iter(text) {
        if !whole_word(text, m.start(), m.end())
            || super::text::overlaps_sorted(&time_spans, m.start(), m.end())
        {
            continue;
        }
        let s = m.as_str();
        let rank = if s.starts_with("UTC") && s.len() > 3 || s.starts_with("GMT") && s.len() > 3 {
            1
        } else if s.chars().all(|c| c.is_ascii_uppercase()) {
            2
        } else {
            3
        };
        let sent = sentence(text, m.start(), m.end());
        if last_sentence.as_ref().is_none_or(|(b, _)| *b != sent) {
            // (outside the zone's own name: "태평양 표준시" holds the statement word "표준시")
            let lower =
                format!("{}\n{}", &text[sent.0..m.start()], &text[m.end()..sent.1]).to_lowercase();
            let stated = w.zone_statements.iter().any(|p| lower.contains(p.as_str()));
            last_sentence = Some((sent, stated));
        }
        // … or this name opens with one ("all times are eastern" is a name and a statement):
        // read per reference, not cached with its sentence
        let own = s.to_lowercase();
        let sentence_states = last_sentence.as_ref().is_some_and(|(_, st)| *st)
            || w.zone_statements
                .iter()
                .any(|p| own.starts_with(p.as_str()));
        // "(UTC)", "(US Pacific time)", "(heure de Paris)": a zone in brackets on a short line,
        // a word or two of qualifier allowed after the bracket
        let head = text[..m.start()].trim_end();
        let opened = head.ends_with(['(', '（', ',']) || {
            let from = head.rfind(['(', '（']).map(|i| i + 1);
            from.is_some_and(|f| {
                let q = &head[f..];
                q.chars().count() <= PAREN_QUALIFIER_CHARS
                    && !q.contains(|c: char| c.is_ascii_digit() || ")）\n".contains(c))
            })
        };
        // … or a bracket opened right after a time, a particle apart ("오후 12시 30분까지(미국
        // 서부 시간)", "12h30 (horário do Pacífico)")
        let after_time = head.rfind(['(', '（']).is_some_and(|b| {
            let before = text[..b].trim_end();
            time_spans
                .iter()
                .any(|(_, e)| *e <= before.len() && before[*e..].chars().count() <= PARTICLE_CHARS)
        });
        // … but not a bracket that goes on with the time in that zone, a conversion for other
        // readers ("22일 오전 8시 19분경(태평양 표준시 21일 오후 3시19분)")
        let converts = after_time
            && time_spans.iter().any(|(s, _)| {
                *s >= m.end()
                    && text[m.end()..*s].chars().count() <= PARTICLE_CHARS
                    && !text[m.end()..*s].contains([')', '）', '\n'])
            });
        let in_parens =
            opened && !converts && (line_len(text, m.start()) <= HEADING_LINE_CHARS || after_time);
        let statement = in_parens || sentence_states;
        refs.push((rank, m.start(), m.end(), sent, statement));
    }
    let first = refs.iter().find(|r| r.4)?;
    let sent = first.3;
    let best = refs
        .iter()
        .filter(|r| r.3 == sent)
        .max_by_key(|r| (r.0, std::cmp::Reverse(r.1)))?;
    let s = &text[best.1..best.2];
    match best.0 {
        3 => {
            let name = zones
                .name(s)
                .map(str::to_string)
                .or_else(|| s.parse::<Tz>().ok().map(|t| t.name().to_string()))?;
            let (z, label) = zone_from_name(&name)?;
            Some((z, label, None))
        }
        2 => {
            let z = zones.abbreviation(s, &lex.code)?;
            let (pz, label) = zone_from_name(&z.zone)?;
            Some((pz, label, z.warning))
        }
        _ => {
            let o = parse_offset(s.trim_start_matches("UTC").trim_start_matches("GMT"))?;
            if let (Some(def), Some(day)) = (lex.default_zone(), reference) {
                if let Ok(tz) = def.parse::<Tz>() {
                    let noon = day.and_hms_opt(12, 0, 0)?;
                    if let Some(dt) = tz.from_local_datetime(&noon).earliest() {
                        if dt.offset().fix() == o {
                            return Some((PageZone::Tz(tz), def.to_string(), None));
                        }
                    }
                }
            }
            Some((PageZone::Fixed(o), offset_string(o), None))
        }
    }
}

/// Day headings of a multi-day timeline: date-only mentions alone on their line ("March 4",
/// "**2025-03-04**"), at least two, distinct and within a week. Returns (start, date) pairs.
fn header_dates(text: &str, raw: &[RawTime], anchor: Option<NaiveDate>) -> Vec<(usize, NaiveDate)> {
    let year = anchor.map(|a| a.year());
    let mut out: Vec<(usize, NaiveDate)> = Vec::new();
    let mut lone_heads_rows: Vec<bool> = Vec::new();
    for r in raw {
        let (Some(d), None, None) = (r.date, r.clock, r.range_end.as_ref()) else {
            continue;
        };
        let (Some(m), Some(day)) = (d.month, d.day) else {
            continue;
        };
        let Some(date) = d
            .year
            .or(year)
            .and_then(|y| NaiveDate::from_ymd_opt(y, m, day))
        else {
            continue;
        };
        let ls = text[..r.start].rfind('\n').map_or(0, |i| i + 1);
        let le = text[r.end..].find('\n').map_or(text.len(), |i| r.end + i);
        let decoration = |c: char| c.is_whitespace() || "#*-–—|:_>()[].,".contains(c);
        // (the weekday the date is written with may stand before it: "Mercredi 10 mars.")
        let head = text[ls..r.start].trim_matches(decoration);
        let weekday_only = d.weekday.is_some() && !head.contains(char::is_whitespace);
        let rest_empty =
            (head.is_empty() || weekday_only) && text[r.end..le].chars().all(decoration);
        // a short titled line ("Rapport d'incident du 23 Septembre 2024", "Update — March 4")
        // that is not a sentence
        let line = text[ls..le].trim();
        // … and heads rows: the next line starts with a clock time (a byline's "팀 · 2025.11.14"
        // or a title naming the day does not)
        let next = (le + 1).min(text.len());
        // (with `undated`, only rows that write no day of their own count: a byline's date above
        // "2025年4月22日14:40至17:10" heads nothing)
        let heads_rows = |undated: bool| {
            raw.iter().any(|o| {
                o.clock.is_some()
                    && (!undated || o.date.is_none())
                    && o.start >= next
                    && text[next..o.start].trim().is_empty()
                    && text[next..o.start].len() <= 3
            })
        };
        let titled = heads_rows(false)
            && line.chars().count() <= HEADING_LINE_CHARS
            && !line.ends_with(['.', '。', '!', '?', ':', '：'])
            && raw
                .iter()
                .all(|o| o.clock.is_none() || o.end <= ls || o.start >= le);
        if rest_empty || titled {
            out.push((r.start, date));
            lone_heads_rows.push(rest_empty && heads_rows(true));
        }
    }
    let mut days: Vec<NaiveDate> = out.iter().map(|(_, d)| *d).collect();
    days.sort();
    days.dedup();
    let spread = days
        .last()
        .zip(days.first())
        .map_or(0, |(l, f)| (*l - *f).num_days());
    if days.len() < MIN_DAY_HEADINGS || days.len() != out.len() || spread > MAX_HEADING_SPREAD_DAYS
    {
        // one day line alone, with the clocks that follow it on the next line ("Mercredi 10
        // mars.\n6:32 …"), heads them: a diary's or timeline's day, whatever a byline said
        let heading: Vec<(usize, NaiveDate)> = out
            .iter()
            .zip(&lone_heads_rows)
            .filter(|(_, h)| **h)
            .map(|(o, _)| *o)
            .collect();
        return if heading.len() == 1 {
            heading
        } else {
            Vec::new()
        };
    }
    out
}

/// The incident date: the most mentioned date (year-less dates count, taking the commonest
/// year), then the earliest date written within a few days before it (an incident that ran past
/// midnight, or status posts stamped the next day, mention the later date more often).
/// How many years back a weekday may fix a date's year ("Saturday 5th March" on a page that
/// names no year: the latest such year, at most this far back).
const WEEKDAY_YEARS_BACK: i32 = 27;

/// The latest year, not after today, in which a month and day written with a weekday fall on
/// it ("Saturday 5th March" → 2022).
pub(crate) fn weekday_year(d: &super::scan::DateParts) -> Option<i32> {
    let (Some(m), Some(day), Some(wd), None) = (d.month, d.day, d.weekday, d.year) else {
        return None;
    };
    let today = chrono::Utc::now().date_naive();
    (today.year() - WEEKDAY_YEARS_BACK..=today.year())
        .rev()
        .find(|y| {
            NaiveDate::from_ymd_opt(*y, m, day)
                .is_some_and(|dt| dt <= today && dt.weekday().number_from_monday() == wd)
        })
}

/// Days before the page's own date beyond which a written day is background to a day the page's
/// date gave its year: two years, since a PDF's or a republished page's date may trail the
/// incident by more than one.
const FAR_BEFORE_PAGE_DAYS: i64 = 730;

/// Weeks back from the page's date searched for a weekday whose day is written with it.
const WEEKDAY_DAY_WEEKS: i64 = 9;

fn incident_date(
    raw: &[RawTime],
    reference: Option<NaiveDate>,
    year_hint: Option<i32>,
    month_hint: Option<u32>,
) -> Option<NaiveDate> {
    // (date parts, weight). A date written with its year is how
    // titles and summaries name the incident, so it weighs more than a bare background date
    // ("1월 4일에 설정을 바꿨다"); ties go to the earlier date.
    // When the page is dated, a weekday named alone ("neste sábado (17)", "am Dienstag") is
    // news deixis for a day of the page's week: among the days the page writes, it counts as
    // that day, weighing like a date with its year, and one more when it carries a clock
    // ("15h30 desta segunda-feira", against "na tarde de domingo" for an earlier outage).
    // (with its day in brackets, "sábado (17)": the latest such weekday that is that day)
    let weekday_day = |d: &super::scan::DateParts| {
        let (r, wd) = (reference?, d.weekday?);
        if d.month.is_some() || d.relative.is_some() {
            return None;
        }
        let latest = latest_weekday_on_or_before(r, wd);
        match d.day {
            None => Some(latest),
            Some(day) => (0..WEEKDAY_DAY_WEEKS)
                .map(|k| latest - Duration::weeks(k))
                .find(|x| x.day() == day),
        }
    };
    let mut weekday_days: Vec<(NaiveDate, usize)> = Vec::new();
    // where the page first writes a month: a day written alone after it is that month's
    let first_month = raw
        .iter()
        .find(|r| {
            r.date
                .is_some_and(|d| d.month.is_some() && d.relative.is_none())
        })
        .map_or(usize::MAX, |r| r.start);
    let parts: Vec<(super::scan::DateParts, usize)> = raw
        .iter()
        .flat_map(|r| {
            let clock = usize::from(r.clock.is_some());
            let before_month = r.start < first_month;
            [r.date, r.range_end.as_deref().and_then(|b| b.date)]
                .into_iter()
                .flatten()
                .map(move |d| (d, clock, before_month))
        })
        .map(|(mut d, clock, before_month)| {
            // a day written alone takes the month the page's URL gives ("15日" under /202112/)
            if d.month.is_none() && d.day.is_some() && d.relative.is_none() && reference.is_none() {
                d.month = month_hint;
            }
            if let Some(day) = weekday_day(&d) {
                weekday_days.push((day, 2 + clock));
            }
            // a day of the month written alone on a dated page, before any month the text
            // writes ("15일 낮 12시10분", "le 15 à 10h"): the latest such day on or before the
            // page's, among the days the page writes
            if let (Some(r), None, Some(day), None, None, true) = (
                reference,
                d.month,
                d.day,
                d.relative,
                d.weekday,
                before_month,
            ) {
                if let Some(x) = latest_day_of_month_on_or_before(r, day) {
                    weekday_days.push((x, 1 + clock));
                }
            }
            // a relative day with a clock ("depuis environ 10h ce matin", "yesterday at 3pm")
            // is the same deixis: the page's own day, or the one it counts from it
            if let (Some(r), Some(n), 1) = (reference, d.relative, clock) {
                if d.month.is_none() && d.day.is_none() {
                    weekday_days.push((r + Duration::days(n), 2 + clock));
                }
            }
            (d, 1 + usize::from(d.year.is_some()))
        })
        .filter(|(d, _)| d.relative.is_none() && d.month.is_some() && d.day.is_some())
        .collect();
    let mut years: std::collections::BTreeMap<i32, usize> = Default::default();
    for (d, _) in &parts {
        if let Some(y) = d.year {
            *years.entry(y).or_default() += 1;
        }
    }
    let common_year = years
        .iter()
        .max_by_key(|(y, n)| (**n, **y))
        .map(|(y, _)| *y)
        .or(reference.map(|r| r.year()))
        .or(year_hint)
        .or_else(|| parts.iter().find_map(|(d, _)| weekday_year(d)))?;
    // date → (mentions, weight). A date without its year written before any year is the
    // page's own day when the page is dated ("22h17 ngày 5-3" on a page of 6 March 2024, whose
    // "13/3/2019" further down is background); after a written year, that year's.
    let mut counts: std::collections::BTreeMap<NaiveDate, (usize, usize)> = Default::default();
    let mut year_before: Option<i32> = None;
    // days whose year the weekday written with them moved: the page's own date does not
    // bound them (a stale byline above "Mercredi 10 mars" of the year after)
    let mut weekday_fixed: Vec<NaiveDate> = Vec::new();
    for (d, weight) in &parts {
        // (a URL's year and month, "/html/2025-12/", date a day of that month or the months
        // before it written without a year, whatever later year the text names: "冬季特卖将
        // 持续至 2026 年 1 月 5 日")
        let own_year = d
            .year
            .or(year_before)
            .or_else(|| Some(latest_on_or_before(reference?, d.month?, d.day?)?.year()))
            .or_else(|| {
                let (y, m) = (year_hint?, month_hint?);
                (d.month? <= m).then_some(y)
            });
        year_before = d.year.or(year_before);
        if let Some(date) =
            NaiveDate::from_ymd_opt(own_year.unwrap_or(common_year), d.month?, d.day?)
                .map(|date| weekday_fit(d, date))
        {
            if date != NaiveDate::from_ymd_opt(own_year.unwrap_or(common_year), d.month?, d.day?)? {
                weekday_fixed.push(date);
            }
            let e = counts.entry(date).or_insert((0, 0));
            e.0 += 1;
            e.1 += weight;
        }
    }
    // only among written days: alone, weekdays leave the page's own date the anchor (a night
    // "de mardi à mercredi" told in bare clocks reads from the page's day)
    if parts.is_empty() {
        weekday_days.clear();
    }
    for (date, weight) in &weekday_days {
        let e = counts.entry(*date).or_insert((0, 0));
        e.0 += 1;
        e.1 += weight;
    }
    // a day well after the page's own date is no incident of the page ("Recent posts … 25/04/2024"
    // under a report of 2012)
    // (a page dated by its URL's month alone is no later than that month's last day)
    let month_end = (|| {
        let (y, m) = (year_hint?, month_hint?);
        let next = if m == 12 {
            NaiveDate::from_ymd_opt(y + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(y, m + 1, 1)
        }?;
        next.pred_opt()
    })();
    if let Some(r) = reference.or(month_end) {
        counts
            .retain(|d, _| (*d - r).num_days() <= DAY_ONLY_AHEAD_DAYS || weekday_fixed.contains(d));
    }
    // when the page is dated, a day more than two years before it weighs as a mention, no more,
    // however fully written ("lỗi lâu nhất … vào ngày 13/3/2019" on a page of 2024 is
    // background to the story's "ngày 5-3")
    // against a day the page's date gave its year (and that day wins a tie)
    if let Some(r) = reference {
        let dated_by_page: Vec<NaiveDate> = parts
            .iter()
            .filter(|(d, _)| d.year.is_none())
            .filter_map(|(d, _)| latest_on_or_before(r, d.month?, d.day?))
            .chain(weekday_days.iter().map(|(d, _)| *d))
            .filter(|d| counts.contains_key(d))
            .collect();
        if !dated_by_page.is_empty() {
            for (d, (n, w)) in counts.iter_mut() {
                *w = if (r - *d).num_days() > FAR_BEFORE_PAGE_DAYS {
                    2 * *n
                } else {
                    2 * *w + usize::from(dated_by_page.contains(d))
                };
            }
        }
    }
    let (mode, (top, _)) = counts
        .iter()
        .max_by_key(|(d, (_, w))| (*w, std::cmp::Reverse(**d)))?;
    counts
        .iter()
        .find(|(d, (n, _))| {
            **d == *mode
                || (*top >= 2
                    && **d < *mode
                    && (*mode - **d).num_days() <= INCIDENT_DAYS_BEFORE_MODE
                    && *n * 2 > *top)
        })
        .map(|(d, _)| *d)
}

/// Days before the page's own date within which a bare day is the story's recent day.
const RECENT_DAY_DAYS: i64 = 7;

/// Whether the text writes a day of the month alone, not looked back to, that falls within a
/// week before the page's date ("7일 다시 말썽" on a page of 8 May).
fn recent_bare_day(raw: &[RawTime], text: &str, page: NaiveDate, looking_back: &[String]) -> bool {
    raw.iter().any(|r| {
        r.date.is_some_and(|d| {
            d.day.is_some() && d.month.is_none() && d.relative.is_none() && d.weekday.is_none()
        }) && !looks_back(text, r.start, looking_back)
            && r.date
                .and_then(|d| latest_day_of_month_on_or_before(page, d.day?))
                .is_some_and(|x| (page - x).num_days() <= RECENT_DAY_DAYS)
    })
}

/// The latest date on or before `r` whose day of the month is `day` (within a year).
fn latest_day_of_month_on_or_before(r: NaiveDate, day: u32) -> Option<NaiveDate> {
    let (mut y, mut m) = (r.year(), r.month());
    for _ in 0..12 {
        if let Some(x) = NaiveDate::from_ymd_opt(y, m, day).filter(|x| *x <= r) {
            return Some(x);
        }
        (y, m) = if m == 1 { (y - 1, 12) } else { (y, m - 1) };
    }
    None
}

/// `date` (a day written without its year, the year guessed) moved to the year before or
/// after when only that one falls on the weekday written with it ("Mercredi 10 mars": 2021,
/// not 2020).
pub(crate) fn weekday_fit(d: &super::scan::DateParts, date: NaiveDate) -> NaiveDate {
    let (None, Some(wd)) = (d.year, d.weekday) else {
        return date;
    };
    if date.weekday().number_from_monday() == wd {
        return date;
    }
    [-1, 1]
        .into_iter()
        .filter_map(|k| date.with_year(date.year() + k))
        .find(|o| o.weekday().number_from_monday() == wd)
        .unwrap_or(date)
}

/// A dated page that writes no day but names one relative day, and only that one ("publicaron
/// ayer", "hôm qua", "어제"): the day its story happened, for the clocks it leaves undated.
/// A page that also says "today", or names two relative days, keeps its own date.
fn one_relative_day(raw: &[RawTime], reference: Option<NaiveDate>) -> Option<NaiveDate> {
    let r = reference?;
    let mut offsets = raw
        .iter()
        .flat_map(|t| [t.date, t.range_end.as_deref().and_then(|b| b.date)])
        .flatten()
        .filter_map(|d| d.relative);
    let first = offsets.next()?;
    (first < 0 && offsets.all(|o| o == first)).then(|| r + Duration::days(first))
}

/// The latest weekday `wd` (1 = Monday … 7 = Sunday) on or before `r`.
fn latest_weekday_on_or_before(r: NaiveDate, wd: u32) -> NaiveDate {
    let back = (r.weekday().number_from_monday() + 7 - wd) % 7;
    r - Duration::days(i64::from(back))
}

/// The latest `month`/`day` on or before `r`: this year's, else last year's. A day just after
/// `r` (up to [`DAY_ONLY_AHEAD_DAYS`]) is still this year's, as a bare day number is: a page
/// dated by its first post goes on past midnight ("restored 3:00 AM April 28" on a post of
/// the 27th).
fn latest_on_or_before(r: NaiveDate, month: u32, day: u32) -> Option<NaiveDate> {
    let this = NaiveDate::from_ymd_opt(r.year(), month, day)?;
    if (this - r).num_days() > DAY_ONLY_AHEAD_DAYS {
        this.with_year(r.year() - 1)
    } else {
        Some(this)
    }
}

fn full_date(r: &RawTime) -> Option<NaiveDate> {
    let d = r.date?;
    NaiveDate::from_ymd_opt(d.year?, d.month?, d.day?)
}

fn local_value(
    local: NaiveDateTime,
    explicit: Option<FixedOffset>,
    page: &PageZone,
    explicit_tz: Option<Tz>,
) -> TimeValue {
    if let Some(o) = explicit {
        if let Some(dt) = o.from_local_datetime(&local).single() {
            return TimeValue::Instant(dt);
        }
    }
    if let Some(tz) = explicit_tz {
        return local_value(local, None, &PageZone::Tz(tz), None);
    }
    match page {
        PageZone::Fixed(o) => o
            .from_local_datetime(&local)
            .single()
            .map_or(TimeValue::Local(local), TimeValue::Instant),
        PageZone::Tz(tz) => {
            let r = tz.from_local_datetime(&local);
            let dt = r.earliest().or_else(|| {
                // in a DST gap: read the wall time one hour later
                tz.from_local_datetime(&(local + Duration::hours(1)))
                    .earliest()
            });
            dt.map_or(TimeValue::Local(local), |d| {
                TimeValue::Instant(d.with_timezone(&d.offset().fix()))
            })
        }
        PageZone::Unknown => TimeValue::Local(local),
    }
}

/// Anchors and zones every scanned time.
pub fn resolve(
    text: &str,
    raw: Vec<RawTime>,
    lex: &Lexicon,
    zones: &ZoneTable,
    opts: &ParseOptions,
    (stamps, background): (&[std::ops::Range<usize>], &[std::ops::Range<usize>]),
    warnings: &mut Vec<String>,
) -> Resolution {
    // the page's day: given, else the day its "today" is written with ("sáng nay (25/3)",
    // "hôm nay 25/3", "오늘(25일)")
    // (the day a page was filed or first published may be the day before the one its text
    // counts "yesterday" from: "昨天(4月12日)" under /story20170412 was written on the 13th)
    let today = if opts.reference.is_none() {
        stated_today(text, &raw, lex, opts.year_hint, opts.month_hint)
    } else {
        let r = opts.reference.map(|r| r.date());
        stated_today(
            text,
            &raw,
            lex,
            opts.year_hint.or(r.map(|d| d.year())),
            opts.month_hint.or(r.map(|d| d.month())),
        )
        .filter(|(t, _)| {
            r.is_some_and(|r| *t != r && (*t - r).num_days().abs() <= TODAY_OVER_URL_DAYS)
        })
    };
    if let (Some(r), Some((t, quote))) = (opts.reference, today.as_ref()) {
        warnings.push(format!(
            "the page writes \"{quote}\": it was written on {t}, not on {} (the day its address gives); its relative days count from {t}",
            r.date()
        ));
    }
    let reference_day = today
        .as_ref()
        .map(|t| t.0)
        .or(opts.reference.map(|r| r.date()));
    let raw = twelve_hour_twins(raw);
    let raw = month_counted_days(
        text,
        raw,
        &lex.date.month_relative,
        reference_day.or_else(|| NaiveDate::from_ymd_opt(opts.year_hint?, opts.month_hint?, 1)),
    );
    // (a date in a sentence about an earlier incident is none of this one's)
    let foreground: std::borrow::Cow<[RawTime]> = if background.is_empty() {
        std::borrow::Cow::Borrowed(&raw)
    } else {
        raw.iter()
            .filter(|r| !background.iter().any(|b| b.contains(&r.start)))
            .cloned()
            .collect()
    };
    // (a day looked back to, "지난 8일", is background to the story's own day)
    let foreground: std::borrow::Cow<[RawTime]> = if lex.date.looking_back.is_empty() {
        foreground
    } else {
        foreground
            .iter()
            .filter(|r| {
                !(r.date.is_some_and(|d| d.day.is_some() && d.month.is_none())
                    && looks_back(text, r.start, &lex.date.looking_back))
            })
            .cloned()
            .collect()
    };
    // (nor is a month and day looked back to, "지난 2월 13일 개통한", when the story also tells
    // a day of the page's own week: "7일 다시 말썽" on a page of 8 May)
    let foreground: std::borrow::Cow<[RawTime]> = match reference_day {
        Some(page) if recent_bare_day(&foreground, text, page, &lex.date.looking_back) => {
            foreground
                .iter()
                .filter(|r| {
                    !(r.date.is_some_and(|d| {
                        d.day.is_some()
                            && d.month.is_some()
                            && d.year.is_none()
                            && d.relative.is_none()
                    }) && looks_back(text, r.start, &lex.date.looking_back))
                })
                .cloned()
                .collect()
        }
        _ => foreground,
    };
    let anchor = incident_date(&foreground, reference_day, opts.year_hint, opts.month_hint)
        .or_else(|| one_relative_day(&raw, reference_day))
        .or(reference_day);
    if reference_day.is_none()
        && opts.year_hint.is_none()
        && !raw.iter().any(|r| r.date.is_some_and(|d| d.year.is_some()))
    {
        if let Some((y, r)) = raw
            .iter()
            .find_map(|r| r.date.as_ref().and_then(weekday_year).map(|y| (y, r)))
        {
            warnings.push(format!(
                "the page names no year: {y} is the latest year in which {} falls on the weekday written with it: check it",
                text.get(r.start..r.end).unwrap_or("its date").trim()
            ));
        }
    }
    let relative_base = reference_day.or(anchor);
    // a weekday named alone counts back from the page's date; an undated page's best stand-in
    // is the latest day it writes in the week from the incident's ("Mercredi 2 juin … ce jeudi
    // 3 juin … un porte-parole jeudi": that Thursday is the 3rd). ("today" stays on the
    // incident's day: a status page's "本日" is its update's day, not the postmortem's.)
    let weekday_base = reference_day.or_else(|| {
        let a = anchor?;
        foreground
            .iter()
            .filter_map(|r| r.date)
            .filter(|d| d.relative.is_none())
            .filter_map(|d| NaiveDate::from_ymd_opt(d.year.unwrap_or(a.year()), d.month?, d.day?))
            .filter(|d| (0..=UNDATED_PAGE_AHEAD_DAYS).contains(&(*d - a).num_days()))
            .max()
            .or(Some(a))
    });

    // the zone
    let mut raw = raw;
    zone_conversions(text, &mut raw, lex, zones);
    let (page, zone_use) = decide_zone(text, &raw, lex, zones, opts, anchor, warnings);

    let mut prev: Option<NaiveDateTime> = None;
    // where `prev` was written
    let mut prev_at = 0usize;
    // the last clock time with a date, written or anchored: "the next day" counts from it
    let mut last_clocked: Option<NaiveDateTime> = None;
    // the last clock time written with its own day, and where: a bare clock after it in its
    // paragraph goes on from its day rather than from a bare clock before it ("4日午後6時 …
    // 午後8時5分 … 5日午前3時 … 午前7時ごろ" is the 5th's 7:00)
    let mut dated_clock: Option<(NaiveDateTime, usize)> = None;
    // the last day the text wrote as a date ("이날" means it), and the last it named, written
    // or relative ("当天", "that day")
    let mut last_written: Option<NaiveDate> = None;
    let mut last_named: Option<NaiveDate> = None;
    // the day of the mention just before, when it had no clock: (day, where it ends)
    let mut day_just_before: Option<(NaiveDate, usize)> = None;
    // the last day named without a clock since the last time written with its date
    let mut day_named_last: Option<(NaiveDate, usize)> = None;
    // a night the text named across two days ("in der Nacht von Montag zu Dienstag"): the
    // clocks after it without a day of their own fall in it (evening on the first day, early
    // hours on the second), until a day is written again
    let nights = night_spans(text, &raw, lex, anchor);
    let mut night: Option<NaiveDate> = None;
    let headers = header_dates(text, &raw, anchor);
    let mut base = anchor;
    // rows under a day heading take the heading's day, not an earlier day the text named
    let mut under_heading = false;
    let mut out = Vec::with_capacity(raw.len());
    let mut pm_context: Option<PmContext> = None;
    // the instant of the last clock time read, in the zone it was written in
    let mut last_instant: Option<chrono::DateTime<FixedOffset>> = None;
    for mut r in raw {
        // a clock with its own zone ("9:08–10:00 UTC") is written in 24-hour form, and one with
        // its own day ("到明天四点") starts afresh
        if r.zone.is_none() {
            carry_pm(&mut r.clock, &mut pm_context, r.date.as_ref());
            if let Some(b) = r.range_end.as_deref_mut() {
                carry_pm(&mut b.clock, &mut pm_context, b.date.as_ref());
            }
        }
        if let Some(h) = headers.iter().find(|(start, _)| *start == r.start) {
            // a day heading in a multi-day timeline: the rows below belong to it
            base = Some(h.1);
            prev = None;
            dated_clock = None;
            // (a time written before the heading, a summary's "29日 7:35 – 12:42", is no row of it)
            last_clocked = None;
            under_heading = true;
        }
        // a day named without a clock after the last clocked time ("Am Dienstagabend … Ab 19
        // Uhr … Gegen 23.30 Uhr") dates the clocks after it, not the page's day
        let named_base = day_named_last
            .filter(|_| r.date.is_none() && r.clock.is_some() && !under_heading)
            .filter(|(d, _)| {
                base.is_none_or(|b| {
                    (*d <= b || today.as_ref().is_some_and(|t| *d <= t.0))
                        && (b - *d).num_days() <= DAY_ONLY_BACK_DAYS
                })
            });
        let (mut date, next_day) = match named_base {
            // (a clock before the day was named is no guide to this one's night: "segunda-feira
            // … 19h01 … Nessa segunda-feira, … por volta das 3h49" is Monday's 3h49)
            Some((d, named_end)) => resolve_date(
                &r,
                Some(d),
                (relative_base, weekday_base),
                reference_day,
                prev.filter(|_| prev_at > named_end),
                None,
            ),
            None => resolve_date(
                &r,
                base,
                (relative_base, weekday_base),
                reference_day,
                dated_clock
                    .filter(|(_, at)| *at > prev_at && prev.is_some() && !under_heading)
                    // (in the same paragraph: a summary's last day is no guide to the rows
                    // of a timeline below it)
                    .filter(|(_, at)| !text.get(*at..r.start).is_some_and(|g| g.contains('\n')))
                    .filter(|(l, _)| base.is_some_and(|b| near_anchor(l.date(), b)))
                    .map(|(l, _)| l)
                    .or(prev),
                last_clocked.filter(|l| !under_heading || Some(l.date()) >= base),
            ),
        };
        if !under_heading {
            // "le lendemain" written as a day of its own: the day after the day last named
            if let Some(n) = last_named.filter(|_| story_relative(&r, text, &lex.date.next_day, 1))
            {
                date = Some(n + Duration::days(1));
            }
            // "전날", "la veille": the day before the day the story last wrote as a date (its
            // "이날"): said twice, it is the same day both times
            if let Some(n) =
                last_written.filter(|_| story_relative(&r, text, &lex.date.previous_day, -1))
            {
                date = Some(n - Duration::days(1));
            }
        }
        if let (Some(d), Some(dt)) = (r.date, date) {
            if let (Some(_), Some(wd)) = (d.year, d.weekday) {
                if dt.weekday().number_from_monday() != wd {
                    let w = format!(
                        "the page writes {} with a weekday that does not fall on it ({dt} is a {}): check the date",
                        text.get(r.start..r.end).unwrap_or("a date").trim(),
                        dt.format("%A")
                    );
                    if !warnings.contains(&w) {
                        warnings.push(w);
                    }
                }
            }
        }
        if r.date.is_none() && !under_heading {
            let day = if r.same_day {
                last_named.or(relative_base)
            } else if r.this_day {
                last_written.or(relative_base)
            } else {
                None
            };
            // the writer's "now" with no day of its own is on the page's day
            // (after a day the story named, "Monday … as of 5:02 p.m.", it is that day's)
            let day = day
                .or(reference_day.filter(|_| r.as_of && r.clock.is_some() && named_base.is_none()));
            if day.is_some() {
                date = day;
            } else if let (Some((d, end)), Some(_), false) = (day_just_before, r.clock, next_day) {
                // "na quinta-feira à noite, às 22h", "on Thursday night, at 11pm": a clock in
                // the same clause as a day written just before it is on that day
                let gap = text.get(end..r.start).unwrap_or(".");
                // (a date's own closing dot, "am 22.3. um 7:47 Uhr", ends no sentence)
                let gap = gap
                    .strip_prefix('.')
                    .filter(|_| text[..end].ends_with(|c: char| c.is_ascii_digit()))
                    .unwrap_or(gap);
                if gap.chars().count() <= DAY_CLOCK_GAP_CHARS
                    && !gap.contains(['.', '。', '!', '?', '！', '？', '\n', ';', '；'])
                {
                    date = Some(d);
                }
            }
        }
        // "between 7:05am and 9:40am on Saturday 5 March": a range whose end alone writes its day
        // starts that day (the day before when the start's clock is later than the end's)
        if r.date.is_none() && !r.same_day && !r.this_day {
            if let (Some(b), Some(c)) = (r.range_end.as_deref(), r.clock) {
                // a relative day written after the range ("entre 19h et 21h30 hier", "from
                // 14:00 to 16:00 yesterday") is the whole range's day, as a written one is
                let own_day = b.date.and_then(|d| match d.relative {
                    Some(n) => relative_base.map(|x| x + Duration::days(n)),
                    None if d.day.is_some() => {
                        let base_day = date.or(anchor)?;
                        NaiveDate::from_ymd_opt(
                            d.year.unwrap_or(base_day.year()),
                            d.month.unwrap_or(base_day.month()),
                            d.day?,
                        )
                    }
                    None => None,
                });
                if let (Some(d), Some(bc)) = (own_day, b.clock) {
                    let later = (c.hour, c.minute, c.second) > (bc.hour, bc.minute, bc.second);
                    date = Some(if later { d - Duration::days(1) } else { d });
                }
            }
        }
        if let Some(&(_, first)) = nights.iter().find(|(at, _)| *at == r.start) {
            night = Some(first);
        } else if r.date.is_some() {
            night = None;
        }
        // (a clock's own same-day or this-day word still wins)
        if let (Some(first), None, Some(c), false, false, false) = (
            night,
            r.date,
            r.clock,
            under_heading,
            r.same_day,
            r.this_day,
        ) {
            date = Some(if c.hour >= NIGHT_EVENING_FROM_HOUR {
                first
            } else {
                first + Duration::days(1)
            });
        }
        match (r.date, r.clock, date) {
            (Some(d), None, Some(day))
                if r.range_end.is_none()
                    // (a day before the one the story last wrote with a clock looks back:
                    // "20일 오후 6시부터 … 지난 13일 장애가 난 지 일주일 만에 … 오후 6시쯤" is
                    // the 20th's 6pm)
                    && (d.day.is_none() || dated_clock.is_none_or(|(l, _)| day >= l.date()))
                    && (d.day.is_some() || d.relative.is_some() || d.weekday.is_some())
                    // (a speaker's "today" in quoted words is the day they spoke, which a
                    // report written the day after does not date)
                    && !(d.relative.is_some() && in_quotation(text, r.start))
                    // (nor does the day a report was made: "informou hoje a empresa")
                    && !report_day(text, &r, &lex.date.report_verbs) =>
            {
                day_named_last = Some((day, r.end));
            }
            (Some(d), Some(_), Some(_))
                if !(d.relative.is_some() && in_quotation(text, r.start)) =>
            {
                day_named_last = None
            }
            _ => {}
        }
        // a day written without a clock, for the clock that may follow it
        day_just_before = match (r.date, r.clock, date) {
            (Some(_), None, Some(d)) if r.range_end.is_none() => Some((d, r.end)),
            _ => None,
        };
        // a next-day word names its day too ("08:00 the following morning … 13:39 later that
        // day" is that next day)
        if r.next_day && r.date.is_none() {
            last_named = date.or(last_named);
        }
        if let Some(d) = r.date {
            if d.day.is_some()
                || (d.relative.is_some()
                    && !in_quotation(text, r.start)
                    && !report_day(text, &r, &lex.date.report_verbs))
            {
                last_named = date.or(last_named);
            }
            if d.day.is_some()
                && d.relative.is_none()
                // a day looked back to ("지난 8일") does not displace a day written before it
                && (last_written.is_none() || !looks_back(text, r.start, &lex.date.looking_back))
                && (r.clock.is_some()
                    || dated_clock.is_none_or(|(l, _)| date.is_none_or(|x| x >= l.date())))
            {
                last_written = date.or(last_written);
            }
        }
        if r.day_end
            && r.date
                .is_some_and(|d| d.day.is_some() || d.relative.is_some())
        {
            date = date.map(|d| d + Duration::days(1));
        }
        let quote = text.get(r.start..r.end).unwrap_or("");
        for why in [r.reread, r.range_end.as_ref().and_then(|b| b.reread)]
            .into_iter()
            .flatten()
        {
            let w = format!("'{quote}': {why}");
            if !warnings.contains(&w) {
                warnings.push(w);
            }
        }
        // a stamp's time is when the page was written: the clocks after it keep their own day
        let stamp = stamps.iter().any(|s| s.contains(&r.start));
        let (explicit, explicit_tz) =
            written_zone(zones, r.zone.as_ref(), date.zip(r.clock), quote, warnings);
        if let Some(z) = r.zone.as_ref().and_then(|z| z.warning.clone()) {
            if !warnings.contains(&z) {
                warnings.push(z);
            }
        }
        let at = |d: NaiveDate, c: &super::scan::ClockParts| {
            d.and_hms_opt(c.hour, c.minute, c.second)
                .map(|l| local_value(l, explicit, &page, explicit_tz))
        };
        // a clock in a zone other than the last one's, with no day of its own ("한국 시간 …
        // 5시 54분", then a quoted notice's "Starting at 6:01 AM PST"): the day is carried
        // across the zones, so it is the one that puts the clock nearest the last instant
        if let (None, Some(c), Some(d), Some(last), false) =
            (r.date, r.clock, date, last_instant, stamp)
        {
            let offset = |d: NaiveDate| at(d, &c).and_then(|v| v.instant());
            if offset(d).is_some_and(|v| v.offset() != last.offset()) {
                date = [d - Duration::days(1), d, d + Duration::days(1)]
                    .into_iter()
                    .filter_map(|d| offset(d).map(|v| (d, (v - last).num_seconds().abs())))
                    .min_by_key(|(_, gap)| *gap)
                    .map(|(d, _)| d)
                    .or(date);
            }
        }
        let value = match (date, r.clock) {
            (Some(d), Some(c)) => at(d, &c),
            (Some(d), None) => Some(TimeValue::Date(d)),
            (None, Some(c)) => chrono::NaiveTime::from_hms_opt(c.hour, c.minute, c.second)
                .map(|t| TimeValue::Clock(t, explicit.or(page_fixed(&page)))),
            (None, None) => None,
        };
        if let Some(i) = value
            .and_then(|v| v.instant())
            .filter(|_| !stamp && r.clock.is_some())
        {
            last_instant = Some(i);
        }
        // (a speaker's "today" in quoted words is the day they spoke, which a report written the
        // day after does not date: "ficarão indisponíveis até as 20h de hoje", afirmou o Fisco)
        let quoted_relative =
            r.date.is_some_and(|d| d.relative.is_some()) && in_quotation(text, r.start);
        if let Some(l) = value
            .and_then(|v| v.local())
            .filter(|_| !stamp && !quoted_relative)
        {
            last_clocked = Some(l);
            if r.clock.is_some() && r.date.is_some_and(|d| d.day.is_some()) {
                dated_clock = Some((l, r.start));
            }
            if r.clock.is_some() && r.date.is_none() {
                prev = Some(l);
                prev_at = r.start;
            }
        }
        let mut end_value = None;
        if let Some(b) = r.range_end.as_deref() {
            // the end keeps its own day ("… から11日午前6時まで", "to May 11 06:00"), taking the
            // start's year and month where it does not write them
            let own = b.date.filter(|d| d.relative.is_none()).and_then(|d| {
                let start = date?;
                NaiveDate::from_ymd_opt(
                    d.year.unwrap_or(start.year()),
                    d.month.unwrap_or(start.month()),
                    d.day?,
                )
            });
            // a relative end ("到明天四点") counts from the same base as the start's
            let rel = b
                .date
                .and_then(|d| d.relative)
                .and_then(|n| relative_base.map(|x| x + Duration::days(n)));
            let own = own.or(rel);
            // "15:30 ~ 익일 02:10": the end is on the day after the start
            let own = own.or(date.filter(|_| b.next_day).map(|d| d + Duration::days(1)));
            let bdate = full_date(b).or(own).or(date);
            if let (Some(d), Some(c)) = (bdate, b.clock) {
                let mut local = d.and_hms_opt(c.hour, c.minute, c.second);
                if let (Some(l), Some(start)) = (local, value.and_then(|v| v.local())) {
                    if full_date(b).is_none() && own.is_none() && l < start {
                        local = Some(l + Duration::days(1));
                    }
                }
                // "from 14:00 to 15:30 ET" in June: the end is read like the start
                let (bexp, btz) = written_zone(
                    zones,
                    b.zone.as_ref(),
                    local.map(|l| (l.date(), c)),
                    quote,
                    warnings,
                );
                end_value = local.map(|l| local_value(l, bexp, &page, btz));
                if r.date.is_none() {
                    if let Some(l) = end_value.and_then(|v| v.local()) {
                        prev = Some(l);
                    }
                }
            } else if let Some(c) = b.clock {
                end_value = chrono::NaiveTime::from_hms_opt(c.hour, c.minute, c.second).map(|t| {
                    TimeValue::Clock(
                        t,
                        b.zone.as_ref().and_then(|z| z.offset).or(page_fixed(&page)),
                    )
                });
            } else if let Some(d) = bdate {
                end_value = Some(TimeValue::Date(d));
            }
        }
        out.push(Resolved {
            raw: r,
            value,
            end_value,
            next_day,
        });
    }
    if opts.reference_is_publication {
        night_before_publication(&mut out, reference_day, anchor, stamps, warnings);
    }
    check_pairs(text, &mut out, warnings);
    Resolution {
        times: out,
        zone: zone_use,
        anchor_date: anchor,
        today,
        warnings: Vec::new(),
    }
}

/// Whether `r` is "today" alone written with a verb of reporting right before or after it
/// ("informou hoje", "said today", "hôm nay cho biết"): the day the report was made, which does
/// not date the clocks that follow when the story wrote its own day before. (A "yesterday" so
/// written is left alone: a report made the day before is often the incident's day too.)
fn report_day(text: &str, r: &RawTime, verbs: &[String]) -> bool {
    if verbs.is_empty()
        || r.clock.is_some()
        || !r
            .date
            .is_some_and(|d| d.relative == Some(0) && d.day.is_none() && d.weekday.is_none())
    {
        return false;
    }
    let head = text.get(..r.start).unwrap_or("").trim_end();
    let tail = text.get(r.end..).unwrap_or("").trim_start();
    let word_end = |rest: &str| !rest.starts_with(|c: char| c.is_alphanumeric());
    verbs.iter().any(|v| {
        !v.is_empty()
            && ((head.ends_with(v.as_str())
                && head[..head.len() - v.len()]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric()))
                || (tail.starts_with(v.as_str()) && word_end(&tail[v.len()..])))
    })
}

/// Whether `r` is the relative day `offset` written with one of `words` ("le lendemain", "전날"):
/// a day the story counts from its own day, not from the page's.
fn story_relative(r: &RawTime, text: &str, words: &[String], offset: i64) -> bool {
    r.date.is_some_and(|d| d.relative == Some(offset)) && {
        let head = text.get(r.start..r.end).unwrap_or("").to_lowercase();
        words.iter().any(|w| head.starts_with(&w.to_lowercase()))
    }
}

/// A clock written without its half of the day ("8시35분" in a sub-heading, "at 8:35") that the
/// page writes elsewhere with an afternoon word at the same hour and minute ("24일 오후 8시35분")
/// is that afternoon time: a headline shortens the clock the story spells out.
fn twelve_hour_twins(mut raw: Vec<RawTime>) -> Vec<RawTime> {
    let pm: Vec<(u32, u32)> = raw
        .iter()
        .flat_map(|r| [r.clock, r.range_end.as_ref().and_then(|b| b.clock)])
        .flatten()
        .filter(|c| c.meridiem == Some(super::scan::Meridiem::Pm) && c.hour > 12)
        .map(|c| (c.hour, c.minute))
        .collect();
    if pm.is_empty() {
        return raw;
    }
    let twin = |c: &mut super::scan::ClockParts| -> bool {
        let reread = c.meridiem.is_none()
            && (1..12).contains(&c.hour)
            && c.minute != 0
            && pm.contains(&(c.hour + 12, c.minute));
        if reread {
            c.hour += 12;
            c.meridiem = Some(super::scan::Meridiem::Pm);
        }
        reread
    };
    for r in &mut raw {
        if r.zone.is_some() {
            continue;
        }
        if r.clock.as_mut().is_some_and(twin) {
            r.reread = Some("written without its half of the day; read as the afternoon time the page writes at the same hour and minute");
        }
    }
    raw
}

/// Days written after a word that counts their month from the page's ("이달 28일", "先月28日")
/// get that month and its year: the page's month, the one before or the one after, not the
/// month the day's number alone would pick (the 28th on a page of the 14th is last month's).
fn month_counted_days(
    text: &str,
    mut raw: Vec<RawTime>,
    words: &std::collections::BTreeMap<String, i64>,
    page_month: Option<NaiveDate>,
) -> Vec<RawTime> {
    let Some(page) = page_month.and_then(|p| p.with_day(1)) else {
        return raw;
    };
    if words.is_empty() {
        return raw;
    }
    for r in &mut raw {
        let Some(d) = r.date.as_mut() else { continue };
        if d.month.is_some() || d.day.is_none() || d.relative.is_some() || d.year.is_some() {
            continue;
        }
        let Some(&n) = word_before(text, r.start, words.keys()).and_then(|w| words.get(w)) else {
            continue;
        };
        let month = if n >= 0 {
            page.checked_add_months(chrono::Months::new(n.unsigned_abs() as u32))
        } else {
            page.checked_sub_months(chrono::Months::new(n.unsigned_abs() as u32))
        };
        if let Some(m) = month {
            // (its year too: a day of this month after the page's is not last year's)
            d.month = Some(m.month());
            d.year = Some(m.year());
        }
    }
    raw
}

/// Whether one of `words` stands right before `at` (spaces between allowed): "지난 8일".
fn looks_back(text: &str, at: usize, words: &[String]) -> bool {
    word_before(text, at, words).is_some()
}

/// The longest of `words` that stands right before `at` (spaces between allowed).
fn word_before<'w>(
    text: &str,
    at: usize,
    words: impl IntoIterator<Item = &'w String>,
) -> Option<&'w String> {
    let head = text.get(..at).unwrap_or("").trim_end();
    words
        .into_iter()
        .filter(|w| !w.is_empty() && head.ends_with(w.as_str()))
        .max_by_key(|w| w.len())
}

/// From this hour a clock in a named night is that night's evening; before it, its early
/// morning.
const NIGHT_EVENING_FROM_HOUR: u32 = 12;
/// How far before a night's first day its night word may stand, and between its two days.
const NIGHT_WORD_GAP_CHARS: usize = 12;

/// The nights the text names across two days, each as (where its last day's mention starts,
/// the night's first day): two day mentions one day apart with a `night_span` word just before
/// the first ("in der Nacht von Montag zu Dienstag", "cette nuit de lundi 4 à mardi 5"), or a
/// single day after a `night_into` word ("in der Nacht zum Dienstag").
fn night_spans(
    text: &str,
    raw: &[RawTime],
    lex: &Lexicon,
    anchor: Option<NaiveDate>,
) -> Vec<(usize, NaiveDate)> {
    let w = &lex.date;
    if w.night_span.is_empty() && w.night_into.is_empty() {
        return Vec::new();
    }
    let day_of = |r: &RawTime| -> Option<NaiveDate> {
        let d = r.date?;
        if r.clock.is_some() || r.range_end.is_some() {
            return None;
        }
        let a = anchor?;
        match (d.day, d.weekday) {
            (Some(day), _) => NaiveDate::from_ymd_opt(
                d.year.unwrap_or(a.year()),
                d.month.unwrap_or(a.month()),
                day,
            ),
            (None, Some(wd)) => (0..7)
                .map(|k| a - Duration::days(k))
                .find(|x| x.weekday().number_from_monday() == wd),
            _ => None,
        }
    };
    let before = |at: usize| -> String {
        let head = text.get(..at).unwrap_or("");
        let from = head
            .char_indices()
            .rev()
            .nth(NIGHT_WORD_GAP_CHARS + 12)
            .map_or(0, |(i, _)| i);
        head[from..].to_lowercase()
    };
    let ends_with_word = |s: &str, words: &[String]| {
        let s = s.trim_end();
        words.iter().any(|w| {
            let w = w.to_lowercase();
            !w.is_empty()
                && s.rfind(w.as_str())
                    .is_some_and(|i| s[i + w.len()..].chars().count() <= NIGHT_WORD_GAP_CHARS)
        })
    };
    let mut out = Vec::new();
    for (i, r) in raw.iter().enumerate() {
        let Some(second) = day_of(r) else { continue };
        // the two-day form: a day just before it is the night's first, a night word before
        // that (the second day's own weekday may stand between: "lundi 4 à mardi 5 octobre")
        let two_day = (1..=2)
            .filter_map(|k| i.checked_sub(k).and_then(|j| raw.get(j)))
            .any(|p| {
                let gap = text.get(p.end..r.start).unwrap_or("");
                day_of(p).is_some_and(|first| first + Duration::days(1) == second)
                    && gap.chars().count() <= NIGHT_WORD_GAP_CHARS
                    && !gap.contains(['.', '\n', ';'])
                    && ends_with_word(&before(p.start), &w.night_span)
            });
        if two_day {
            out.push((r.start, second - Duration::days(1)));
            continue;
        }
        if ends_with_word(&before(r.start), &w.night_into) {
            out.push((r.start, second - Duration::days(1)));
        }
    }
    out
}

/// A page that writes no date of its own, dated only by its publication, tells a night that
/// crossed midnight ("Pasadas las 17:20 … Pasadas las 1:30 de la madrugada") as the evening
/// before it and the small hours of that day: it cannot tell of hours after the day it was
/// published. Clocks rolled past the publication day are read a day earlier, all of them, with
/// a warning.
fn night_before_publication(
    out: &mut [Resolved],
    reference_day: Option<NaiveDate>,
    anchor: Option<NaiveDate>,
    stamps: &[std::ops::Range<usize>],
    warnings: &mut Vec<String>,
) {
    let Some(day) = reference_day.filter(|d| anchor == Some(*d)) else {
        return;
    };
    // (the page's own stamps write its date, not the story's)
    let stamp = |t: &Resolved| stamps.iter().any(|s| s.contains(&t.raw.start));
    if out.iter().any(|t| t.raw.date.is_some() && !stamp(t)) {
        return;
    }
    let past = |v: &Option<TimeValue>| v.and_then(|v| v.local()).is_some_and(|l| l.date() > day);
    // (a clock rolled past midnight, or a range's end: "[22:35-01:35]")
    if !out
        .iter()
        .any(|t| !stamp(t) && ((t.next_day && past(&t.value)) || past(&t.end_value)))
    {
        return;
    }
    let back = |v: &mut Option<TimeValue>| match v {
        Some(TimeValue::Instant(at)) => *at -= Duration::days(1),
        Some(TimeValue::Local(at)) => *at -= Duration::days(1),
        _ => {}
    };
    for t in out.iter_mut().filter(|t| !stamp(t)) {
        back(&mut t.value);
        back(&mut t.end_value);
    }
    warnings.push(format!(
        "the page's clocks run past midnight and it writes no date of its own: the night is read as the one before its publication day ({day}); check it"
    ));
}

/// Hours after the last afternoon time within which a bare 1–11 o'clock is read as afternoon.
const PM_CARRY_HOURS: u32 = 3;

/// The last afternoon or evening clock a bare clock may carry on from: its hour (24-hour form),
/// its minute, and the month and day written with it, if any.
type PmContext = (u32, u32, Option<(Option<u32>, u32)>);

/// Writers of 12-hour clocks often give the meridiem once: in "下午2点10分 … 2点20分 … 3点" or
/// "오후 2시 10분께 … 2시 20분쯤" every time is in the afternoon. A clock written without one, at
/// 1–11 o'clock, that read in the afternoon falls within [`PM_CARRY_HOURS`] after the last
/// afternoon or evening time (and not before it), is read in the afternoon. A morning meridiem
/// or a 24-hour clock ends the carrying. A clock with its own day starts afresh, unless it
/// repeats the last afternoon time on the same day with the meridiem dropped ("29일 오후
/// 3시30분부터 … 지난 29일 3시30분께부터"): that is the same instant.
fn carry_pm(
    clock: &mut Option<super::scan::ClockParts>,
    ctx: &mut Option<PmContext>,
    own_day: Option<&super::scan::DateParts>,
) {
    use super::scan::Meridiem;
    let Some(c) = clock.as_mut() else {
        return;
    };
    let day_of = |d: Option<&super::scan::DateParts>| {
        d.and_then(|d| (d.relative.is_none() && d.weekday.is_none()).then_some(d))
            .and_then(|d| Some((d.month, d.day?)))
    };
    match c.meridiem {
        Some(Meridiem::Pm | Meridiem::Night) if c.hour >= 12 => {
            *ctx = Some((c.hour, c.minute, day_of(own_day)))
        }
        Some(Meridiem::Am) => *ctx = None,
        None if own_day.is_some() => {
            let repeat = ctx.is_some_and(|(h, m, at)| {
                let same_day = match (at, day_of(own_day)) {
                    (Some((m0, d0)), Some((m1, d1))) => {
                        d0 == d1 && (m0.is_none() || m1.is_none() || m0 == m1)
                    }
                    _ => false,
                };
                same_day && (1..=11).contains(&c.hour) && (c.hour + 12, c.minute) == (h, m)
            });
            if repeat {
                c.hour += 12;
            } else {
                *ctx = None;
            }
        }
        None => {
            if let Some((h, m, _)) = *ctx {
                if (1..=11).contains(&c.hour)
                    && (c.hour + 12, c.minute) >= (h, m)
                    && c.hour + 12 - h <= PM_CARRY_HOURS
                {
                    c.hour += 12;
                    *ctx = Some((c.hour, c.minute, None));
                } else if c.hour == 12 && c.minute == 0 && 24 - h.min(24) <= PM_CARRY_HOURS {
                    // "晚间10点至12点", "밤 10시부터 12시까지": twelve after a late evening is
                    // the midnight that ends it, not the next noon
                    c.hour = 0;
                    *ctx = None;
                } else if c.hour >= 13 || c.hour == 0 {
                    *ctx = None;
                }
            }
        }
        _ => {}
    }
}

/// The fixed offset and the named zone a time's written zone gives it: the zone's wall time
/// instead of the offset when a standard-time abbreviation is written for a summer day
/// ([`loose_reading`], its warning added once).
fn written_zone(
    zones: &ZoneTable,
    zone: Option<&super::zones::ZoneRef>,
    day_clock: Option<(NaiveDate, super::scan::ClockParts)>,
    quote: &str,
    warnings: &mut Vec<String>,
) -> (Option<FixedOffset>, Option<Tz>) {
    if let (Some(z), Some((d, c))) = (zone, day_clock) {
        if let Some((tz, w)) = loose_reading(zones, z, d, c, quote) {
            if !warnings.contains(&w) {
                warnings.push(w);
            }
            return (None, Some(tz));
        }
    }
    (zone.and_then(|z| z.offset), named_tz(zone))
}

/// A standard-time abbreviation written for a day when its zone keeps summer time ("08:46 AM
/// PST" in May): the writer gave the zone's wall time, so it is read in the zone, with a warning.
fn loose_reading(
    zones: &ZoneTable,
    z: &super::zones::ZoneRef,
    date: NaiveDate,
    clock: super::scan::ClockParts,
    quote: &str,
) -> Option<(Tz, String)> {
    let tz = zones.loose_zone(z)?;
    let o = z.offset?;
    let local = date.and_hms_opt(clock.hour, clock.minute, clock.second)?;
    let mapped = tz.from_local_datetime(&local);
    // on the night the clocks go back, 02:31 MEZ is exactly what it says
    if [mapped.earliest(), mapped.latest()]
        .into_iter()
        .flatten()
        .any(|d| d.offset().fix() == o)
    {
        return None;
    }
    let actual = mapped.earliest()?.offset().fix();
    (actual != o).then(|| {
        (
            tz,
            format!(
                "a standard-time abbreviation ({}) is written for days when {} keeps {}: such times are read as its local time; pass --tz to override",
                quote.trim().rsplit(' ').next().unwrap_or(""),
                z.zone,
                super::zones::offset_string(actual),
            ),
        )
    })
}

/// An IANA zone written with a time ("18:00 Europe/Berlin"), when it has no fixed offset.
fn named_tz(z: Option<&super::zones::ZoneRef>) -> Option<Tz> {
    let z = z?;
    if z.offset.is_some() {
        return None;
    }
    z.zone.parse().ok()
}

fn page_fixed(page: &PageZone) -> Option<FixedOffset> {
    match page {
        PageZone::Fixed(o) => Some(*o),
        _ => None,
    }
}

fn decide_zone(
    text: &str,
    raw: &[RawTime],
    lex: &Lexicon,
    zones: &ZoneTable,
    opts: &ParseOptions,
    anchor: Option<NaiveDate>,
    warnings: &mut Vec<String>,
) -> (PageZone, ZoneUse) {
    if let Some(tz) = &opts.tz {
        if let Some((z, label)) = given_zone(tz, lex, zones) {
            return (
                z,
                ZoneUse {
                    zone: Some(label),
                    how: ZoneHow::Given,
                },
            );
        }
        warnings.push(format!(
            "--tz {tz:?} is not an IANA zone, offset or known abbreviation; ignored"
        ));
    }
    if let Some((z, label, warn)) = stated_zone(text, raw, lex, zones, anchor) {
        warnings.extend(warn);
        return (
            z,
            ZoneUse {
                zone: Some(label),
                how: ZoneHow::Stated,
            },
        );
    }
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for (i, r) in raw.iter().enumerate() {
        // a bracketed equivalent of a time written without a zone ("22일 오전 8시 19분경(태평양
        // 표준시 21일 오후 3시19분)") converts it for other readers: its zone is not the page's
        if i > 0 && bracketed_equivalent(text, &raw[i - 1], r) {
            continue;
        }
        for z in [
            r.zone.as_ref(),
            r.range_end.as_ref().and_then(|b| b.zone.as_ref()),
        ]
        .into_iter()
        .flatten()
        {
            *counts.entry(z.zone.as_str()).or_default() += 1;
        }
    }
    if let Some((label, _)) = counts.iter().max_by_key(|(_, n)| **n) {
        if let Some((z, label)) = zone_from_name(label) {
            return (
                z,
                ZoneUse {
                    zone: Some(label),
                    how: ZoneHow::Stated,
                },
            );
        }
    }
    if let Some(fb) = &opts.fallback_tz {
        if let Some((z, label)) = given_zone(fb, lex, zones) {
            warnings.push(format!(
                "no time zone stated; assumed {label} from the site; pass --tz to override"
            ));
            return (
                z,
                ZoneUse {
                    zone: Some(label),
                    how: ZoneHow::Inferred,
                },
            );
        }
    }
    if let Some(def) = lex.default_zone() {
        if let Some((z, label)) = zone_from_name(def) {
            warnings.push(format!(
                "no time zone stated; assumed {label} from the page language ({}); pass --tz to override",
                lex.code
            ));
            return (
                z,
                ZoneUse {
                    zone: Some(label),
                    how: ZoneHow::Inferred,
                },
            );
        }
    }
    if raw.iter().any(|r| r.clock.is_some()) {
        warnings.push(
            "no time zone stated or inferable; times are local wall times (pass --tz)".into(),
        );
    }
    (
        PageZone::Unknown,
        ZoneUse {
            zone: None,
            how: ZoneHow::Unknown,
        },
    )
}

/// A time in a bracket that opens with a zone, right after a time written without one ("22일
/// 오전 8시 19분경(태평양 표준시 21일 오후 3시19분)", "9:19 (PST 3:19 PM)"), is written in that zone.
fn zone_conversions(text: &str, raw: &mut [RawTime], lex: &Lexicon, zones: &ZoneTable) {
    for i in 1..raw.len() {
        let (prev, r) = (&raw[i - 1], &raw[i]);
        if prev.zone.is_some() || r.zone.is_some() || prev.clock.is_none() || r.clock.is_none() {
            continue;
        }
        let Some(at) = bracket_after(text, prev, r) else {
            continue;
        };
        let Some((zone, end)) = super::scan::zone_after(text, at, lex, zones, false) else {
            continue;
        };
        if end <= r.start && text[end..r.start].chars().count() <= PARTICLE_CHARS {
            raw[i].zone = Some(zone);
        }
    }
}

/// Most chars between a time and the bracket that gives it in another zone, and from the
/// bracket to the converted time ("(태평양 표준시 21일 …", "(PST: …").
const EQUIVALENT_GAP_CHARS: usize = 16;

/// Whether `r`, written with a zone, stands in a bracket opened right after `prev`.
fn bracketed_equivalent(text: &str, prev: &RawTime, r: &RawTime) -> bool {
    let zoned =
        |t: &RawTime| t.zone.is_some() || t.range_end.as_ref().is_some_and(|b| b.zone.is_some());
    // (a zoned time may have one too: "美東時間…傍晚5點左右(台北時間清晨5點)")
    if !zoned(r) || prev.clock.is_none() || r.clock.is_none() {
        return false;
    }
    bracket_after(text, prev, r).is_some_and(|at| {
        let inside = &text[at..r.start];
        inside.chars().count() < EQUIVALENT_GAP_CHARS && !inside.contains([')', '）', '\n'])
    })
}

/// Where the inside of a bracket begins that opens a few chars after `prev`, in its sentence,
/// and before `r` ("22일 오전 8시 19분경(" … `r`).
fn bracket_after(text: &str, prev: &RawTime, r: &RawTime) -> Option<usize> {
    let gap = text.get(prev.end..r.start)?;
    let open = gap.find(['(', '（'])?;
    let before = &gap[..open];
    (before.chars().count() <= EQUIVALENT_GAP_CHARS
        && !before.contains(['.', '。', '\n', ')', '）']))
    .then(|| prev.end + open + gap[open..].chars().next().map_or(1, char::len_utf8))
}

/// The date of one time: written, partly written, relative, or anchored (with rollover).
fn resolve_date(
    r: &RawTime,
    anchor: Option<NaiveDate>,
    (relative_base, weekday_base): (Option<NaiveDate>, Option<NaiveDate>),
    reference: Option<NaiveDate>,
    prev: Option<NaiveDateTime>,
    last_clocked: Option<NaiveDateTime>,
) -> (Option<NaiveDate>, bool) {
    if let Some(d) = r.date {
        if let Some(rel) = d.relative {
            return (relative_base.map(|b| b + Duration::days(rel)), false);
        }
        if let (Some(wd), None) = (d.weekday, d.day) {
            // the latest such weekday on or before the page's date
            return (
                weekday_base.map(|b| latest_weekday_on_or_before(b, wd)),
                false,
            );
        }
        let Some(day) = d.day else {
            return (None, false);
        };
        if let Some(month) = d.month {
            let year = d.year.or(anchor.map(|a| a.year()));
            let date = year.and_then(|y| NaiveDate::from_ymd_opt(y, month, day));
            // a year the page did not write follows the weekday it did ("5/2(화)" in a page
            // of the next January is last year's), when a neighbouring year fits it
            return (date.map(|dt| weekday_fit(&d, dt)), false);
        }
        // day only: the anchor's month, or the next month when the day is well before the anchor
        let a = match anchor {
            Some(a) => a,
            None => return (None, false),
        };
        // (a day the anchor's month lacks, "31日" on a page of 1 June, is the month before's)
        let mut cand = NaiveDate::from_ymd_opt(a.year(), a.month(), day).or_else(|| {
            a.with_day(1)?
                .checked_sub_months(chrono::Months::new(1))
                .and_then(|m| NaiveDate::from_ymd_opt(m.year(), m.month(), day))
        });
        if let Some(c) = cand {
            if (a - c).num_days() > DAY_ONLY_BACK_DAYS {
                cand = a
                    .checked_add_months(chrono::Months::new(1))
                    .and_then(|n| NaiveDate::from_ymd_opt(n.year(), n.month(), day));
            }
        }
        // a page dated the 2nd that tells of "the 30th" tells of last month's (a day or two
        // after the page's date may be the incident's own next day: a status page's date is
        // when the incident was opened)
        if let (Some(c), Some(r)) = (cand, reference) {
            if (c - r).num_days() > DAY_ONLY_AHEAD_DAYS {
                cand = r
                    .with_day(1)
                    .and_then(|m| {
                        m.checked_sub_months(chrono::Months::new(u32::from(day > r.day())))
                    })
                    .and_then(|n| NaiveDate::from_ymd_opt(n.year(), n.month(), day));
            }
        }
        // a day written with its weekday ("sexta-feira (3)") is in the month, this one or
        // the one before or after, in which it falls on that weekday
        if let (Some(c), Some(wd)) = (cand, d.weekday) {
            if c.weekday().number_from_monday() != wd {
                let fits = |x: &NaiveDate| x.weekday().number_from_monday() == wd;
                let before = c.checked_sub_months(chrono::Months::new(1));
                let after = c.checked_add_months(chrono::Months::new(1));
                if let Some(x) = [before, after]
                    .into_iter()
                    .flatten()
                    .filter(|x| x.day() == day)
                    .find(fits)
                {
                    cand = Some(x);
                }
            }
        }
        return (cand, cand.is_some_and(|c| c > a));
    }
    let Some(a) = anchor else {
        return (None, false);
    };
    let Some(c) = r.clock else {
        return (None, false);
    };
    // "gegen 24 Uhr", "24時": the end of the day the text is on, placed as its last second
    // and moved to the next day's 00:00 below
    let Some(t) = (if r.hour_24 {
        chrono::NaiveTime::from_hms_opt(23, 59, 59)
    } else {
        chrono::NaiveTime::from_hms_opt(c.hour, c.minute, c.second)
    }) else {
        return (None, false);
    };
    if r.hour_24 {
        let (d, _) = anchored_day(r, t, a, prev, last_clocked);
        return (d.map(|d| d + Duration::days(1)), d.is_some());
    }
    anchored_day(r, t, a, prev, last_clocked)
}

/// The day of a clock without a date of its own: the anchor's, or the next when it rolls past
/// midnight from the time before it.
fn anchored_day(
    r: &RawTime,
    t: chrono::NaiveTime,
    a: NaiveDate,
    prev: Option<NaiveDateTime>,
    last_clocked: Option<NaiveDateTime>,
) -> (Option<NaiveDate>, bool) {
    if r.next_day {
        let base = last_clocked.or(prev).map_or(a, |p| p.date());
        return (Some(base + Duration::days(1)), true);
    }
    // the previous time-only row, else the last clocked time if it lies on the anchor's days
    // or on a day the text wrote shortly before them (a report dated the 17th: "on the 16th at
    // 3:45 pm … restored at 4:36 pm" is the 16th)
    // … or a few days after them: a story told over days ("samedi vers 9h00 … aujourd'hui à
    // 16h30 … à 17h") goes on from its last clocked day, when the clock moves on from it
    let near = last_clocked.filter(|l| near_anchor(l.date(), a));
    let Some(p) = prev.or(near) else {
        return (Some(a), false);
    };
    let page_day = a;
    let a = if p.date() < a || (p.date() > a + Duration::days(1) && t >= p.time()) {
        p.date()
    } else {
        a
    };
    // the day (anchor or the day after) that puts this time closest to the previous one
    let mut best = [a, a + Duration::days(1)]
        .into_iter()
        .min_by_key(|d| (d.and_time(t) - p).num_seconds().abs())
        .unwrap_or(a);
    // Rolling forward from the anchor's day needs a night between the two times (an evening
    // then an early morning); otherwise prose that names the end before the start ("completed
    // after 10 p.m. … the delays started at 8:40 a.m.") would move the start a day on. A
    // roll that lands on the anchor's own day from the day before needs none ("yesterday,
    // March 12, at 10:48 PM … back to normal by 8:35 AM" on a page of the 13th).
    if best > a
        && best > page_day
        && p.date() == a
        && !(p.hour() >= EVENING_HOUR && t.hour() < MORNING_HOUR)
    {
        best = a;
    }
    // The same night told backwards: an evening time after an early-morning one on the page's
    // day ("restored around 00:10 … around 23:00 the numbers stopped answering") is the evening
    // before.
    // (not after a day borrowed from a time written with its own: "29일 오전 2시 56분부터 …,
    // 오후 5시 58분쯤부터" on a page of the 30th is the 29th's evening)
    if best == a
        && p.date() == a
        && a == page_day
        && p.hour() < MORNING_HOUR
        && t.hour() >= EVENING_HOUR
        && t > p.time()
    {
        best = a - Duration::days(1);
    }
    (Some(best), best > a)
}

/// Whether byte offset `at` lies inside quoted words of its line (`text::outside_quotes`
/// blanks it).
fn in_quotation(text: &str, at: usize) -> bool {
    let at = floor_char(text, at);
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    super::text::quoted_at(
        &text[line_start..line_end],
        text[line_start..at].chars().count(),
    )
}

/// Whether `d` lies on the anchor's days: from a fortnight before `a` to a few days after it.
fn near_anchor(d: NaiveDate, a: NaiveDate) -> bool {
    d >= a - Duration::days(DAY_ONLY_BACK_DAYS) && d <= a + Duration::days(DAY_ONLY_AHEAD_DAYS)
}

/// "18:28 PST (02:28 UTC)": the second time takes its date from the first; disagreement warns.
fn check_pairs(text: &str, times: &mut [Resolved], warnings: &mut Vec<String>) {
    for i in 1..times.len() {
        let (a, b) = (&times[i - 1], &times[i]);
        if a.raw.end > b.raw.start || b.raw.zone.is_none() || a.raw.range_end.is_some() {
            continue;
        }
        let gap = text[a.raw.end..b.raw.start].trim();
        if gap != "(" && gap != "（" && gap != "/" {
            continue;
        }
        let (Some(ai), Some(bz), Some(bc)) = (
            a.value.and_then(|v| v.instant()),
            b.raw.zone.as_ref().and_then(|z| z.offset),
            b.raw.clock,
        ) else {
            continue;
        };
        let there = ai.with_timezone(&bz);
        let same_clock = there.naive_local().time()
            == chrono::NaiveTime::from_hms_opt(bc.hour, bc.minute, bc.second).unwrap_or_default();
        if same_clock {
            times[i].value = Some(TimeValue::Instant(there));
        } else {
            let qa = &text[a.raw.start..a.raw.end];
            let qb = &text[b.raw.start..b.raw.end];
            warnings.push(format!(
                "paired times disagree: {qa:?} is {} but {qb:?} says otherwise; check the zones",
                there.format("%H:%M %:z")
            ));
        }
    }
    let _ = is_boundary_char;
}
