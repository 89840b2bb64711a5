//! Multilingual times and durations: scan text in nine languages, resolve zones, anchor partial times.
//!
//! `parse(text, &lexicons, &options)` returns every time expression and duration in `text` with
//! char offsets (`quote == text[start..end]` by chars) and resolved values. A whole page is
//! parsed at once so that time-only rows are anchored to the incident date and roll over
//! midnight in sequence. Language data lives in `mappings/lang/<code>.toml` and
//! `mappings/zones.toml`.
//!
//! ```no_run
//! use incidentlib::time::{parse, Lexicons, ParseOptions};
//! let lex = Lexicons::load_default()?;
//! let page = "9월 23일 22시 30분부터 24일 8시 47분까지 장애. 앞의 67분 동안 실패.";
//! let parsed = parse(page, &lex, &ParseOptions::default());
//! for t in &parsed.times {
//!     // "9월 23일 22시 30분부터 24일 8시 47분" range 2026-09-23T22:30+09:00 → next day 08:47
//!     println!("{} {:?} {:?}", t.quote, t.value.map(|v| v.iso()), t.end_value.map(|v| v.iso()));
//! }
//! assert_eq!(parsed.durations[0].value.to_string(), "1h7m");
//! # Ok::<(), anyhow::Error>(())
//! ```
mod anchor;
mod compose;
pub mod detect;
mod durations;
pub mod lexicon;
mod minute_points;
pub mod numbers;
mod scan;
pub mod text;
pub mod zones;

pub use lexicon::{Lexicon, Lexicons};

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime};
use serde::Serialize;

/// What the caller knows about the text.
#[derive(Debug, Clone, Default)]
pub struct ParseOptions {
    /// Language code; detected when None.
    pub lang: Option<String>,
    /// Zone for the whole text (IANA name, "UTC", "+09:00" or an abbreviation); overrides what the
    /// page states (`how: "given"`).
    pub tz: Option<String>,
    /// Anchor for relative ("yesterday") and partial expressions when the text has no full date.
    pub reference: Option<NaiveDateTime>,
    /// Zone assumed when the text states none (e.g. from a site profile); reported as
    /// `how: "inferred"`, before the language's default zone.
    pub fallback_tz: Option<String>,
    /// The year to give dates written without one when the text itself names no year and
    /// `reference` is unset (from the page's URL, metadata or prose; see `draft::dating`).
    pub year_hint: Option<i32>,
    /// With `year_hint`, the month a day written alone ("15日", "le 15") falls in, when the
    /// page's URL gives a year and month but no day (`/202112/…`).
    pub month_hint: Option<u32>,
    /// Order of numeric dates when the page's country fixes it (`Dmy` for English on a `.co.uk`
    /// page); the language's own order when None.
    pub date_order: Option<lexicon::DateOrder>,
    /// Char ranges of the page's own stamp lines (a byline's "2018-09-07 11:16:25 UTC"): their
    /// times date the page, not the story, so they give no day to the clocks written after them.
    pub stamps: Vec<std::ops::Range<usize>>,
    /// Char ranges of sentences about an earlier incident ("지난 3월 14일에도 … 장애가 있었다",
    /// "last year's outage"): their dates never make the incident's date.
    pub background: Vec<std::ops::Range<usize>>,
    /// `reference` is the day the page was published (its metadata, byline or a URL's filing
    /// date), not a day the story names: a night the page tells without a written date ends on
    /// or before it, so clocks rolled past it are read a day earlier.
    pub reference_is_publication: bool,
}

/// Kind of a time mention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeKind {
    Date,
    Time,
    Datetime,
    Range,
}

/// A resolved value, as complete as the text and options allow.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeValue {
    /// Date, clock and offset known.
    Instant(DateTime<FixedOffset>),
    /// Date and clock known, zone unknown (local wall time).
    Local(NaiveDateTime),
    /// A date without a clock.
    Date(NaiveDate),
    /// A clock without a date (no date anywhere to anchor it), with its offset when known.
    Clock(NaiveTime, Option<FixedOffset>),
}

impl TimeValue {
    /// ISO-8601 text: `2024-11-12T09:08:00+00:00`, `2024-11-12T09:08:00`, `2024-11-12`, `09:08:00`.
    pub fn iso(&self) -> String {
        match self {
            TimeValue::Instant(d) => d.format("%Y-%m-%dT%H:%M:%S%:z").to_string(),
            TimeValue::Local(d) => d.format("%Y-%m-%dT%H:%M:%S").to_string(),
            TimeValue::Date(d) => d.format("%Y-%m-%d").to_string(),
            TimeValue::Clock(t, Some(o)) => format!("{}{}", t.format("%H:%M:%S"), o),
            TimeValue::Clock(t, None) => t.format("%H:%M:%S").to_string(),
        }
    }

    /// The instant, when date, clock and zone are all known.
    pub fn instant(&self) -> Option<DateTime<FixedOffset>> {
        match self {
            TimeValue::Instant(d) => Some(*d),
            _ => None,
        }
    }

    /// The local wall time, when date and clock are known.
    pub fn local(&self) -> Option<NaiveDateTime> {
        match self {
            TimeValue::Instant(d) => Some(d.naive_local()),
            TimeValue::Local(d) => Some(*d),
            _ => None,
        }
    }

    /// The local day, when the date is known (with or without a clock).
    pub fn local_or_date(&self) -> Option<chrono::NaiveDate> {
        match self {
            TimeValue::Date(d) => Some(*d),
            v => v.local().map(|l| l.date()),
        }
    }
}

impl Serialize for TimeValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.iso())
    }
}

/// One time expression in the text.
#[derive(Debug, Clone, Serialize)]
pub struct TimeMention {
    /// The text as written (`text[start..end]` by chars), with approximate markers and zone.
    pub quote: String,
    /// Char offsets into the parsed text.
    pub start: usize,
    pub end: usize,
    pub kind: TimeKind,
    pub value: Option<TimeValue>,
    /// For ranges: the second end.
    pub end_value: Option<TimeValue>,
    /// An approximate marker (about, 약, 무렵, 頃, khoảng, gegen, vers, …) goes with it.
    pub approximate: bool,
    /// For ranges: whether the second end is approximate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_approximate: Option<bool>,
    /// A clock time is part of it.
    pub has_clock: bool,
    /// The date was written (not anchored from elsewhere).
    pub date_explicit: bool,
    /// Anchored to the day after the incident date (rollover past midnight, "24일", "next day").
    pub next_day: bool,
    /// The zone written with this time, if any ("UTC", "+09:00", "Asia/Seoul" for KST).
    pub zone: Option<String>,
    /// A part of the day ("this morning", "tonight", 새벽, 未明, 凌晨) read as its conventional
    /// hours: approximate, and never a stated clock (`has_clock` is false).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub daypart: bool,
    /// A clock written without a half word in a language that writes one (`[clock]
    /// unit_hour_half_open`: "8시 40분" may be 08:40 or 20:40); read as written, in the morning.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub half_open: bool,
    /// For ranges: char spans of the first and the second end's own text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<(usize, usize)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tail: Option<(usize, usize)>,
}

impl TimeMention {
    /// The instant of the mention (the start for ranges), when fully resolved.
    pub fn instant(&self) -> Option<DateTime<FixedOffset>> {
        self.value.and_then(|v| v.instant())
    }
}

/// One duration in the text.
#[derive(Debug, Clone, Serialize)]
pub struct DurationMention {
    pub quote: String,
    pub start: usize,
    pub end: usize,
    pub value: crate::case::Duration,
    pub approximate: bool,
    /// "more than 5 hours": the length is at least this, not exactly this.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lower_bound: bool,
}

/// How the text's zone was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ZoneHow {
    Stated,
    Inferred,
    Given,
    Unknown,
}

/// The zone that applies to times written without one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZoneUse {
    /// IANA name, "UTC" or "+HH:MM".
    pub zone: Option<String>,
    pub how: ZoneHow,
}

/// Everything `parse` found in one text.
#[derive(Debug, Clone, Serialize)]
pub struct Parsed {
    /// The language whose lexicon was used.
    pub lang: String,
    pub times: Vec<TimeMention>,
    pub durations: Vec<DurationMention>,
    pub zone: ZoneUse,
    /// The date time-only expressions were anchored to.
    pub anchor_date: Option<NaiveDate>,
    /// With no reference given, the day the page's own "today" is written with and the words
    /// ("hôm nay 25/3"): relative days and parts of the day count from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub today: Option<(NaiveDate, String)>,
    pub warnings: Vec<String>,
}

/// Language also scanned on pages that hold its month-name dates ("Mar 04, 2025 - 16:30 UTC").
pub const SECONDARY_LANG: &str = "en";

/// Language used when none is given, detected or known.
pub const FALLBACK_LANG: &str = "en";

/// Language whose traditional characters are read as simplified (its words are written so).
const TRADITIONAL_FOLD_LANG: &str = "zh";

/// Parses one text (a whole page: blocks joined by "\n", table cells by "\t").
pub fn parse(text: &str, lex: &Lexicons, opts: &ParseOptions) -> Parsed {
    let mut warnings = Vec::new();
    let lang = opts
        .lang
        .clone()
        .or_else(|| detect::detect_language(text).map(str::to_string))
        .unwrap_or_else(|| FALLBACK_LANG.to_string());
    let lexicon = match lex.get(&lang).or_else(|| lex.get(FALLBACK_LANG)) {
        Some(l) => l,
        None => {
            return Parsed {
                lang,
                times: vec![],
                durations: vec![],
                zone: ZoneUse {
                    zone: None,
                    how: ZoneHow::Unknown,
                },
                anchor_date: None,
                today: None,
                warnings: vec!["no lexicon loaded for this language or for English".into()],
            }
        }
    };
    if lexicon.code != lang {
        warnings.push(format!(
            "no time lexicon for language {lang:?}; read with {:?} (add mappings/lang/{lang}.toml)",
            lexicon.code
        ));
    }
    // the page's country may fix the order of numeric dates ("07/03/2022" on a .co.uk page)
    let reordered;
    let lexicon = match opts.date_order {
        Some(o) if o != lexicon.date_order => {
            reordered = lexicon.with_date_order(o);
            &reordered
        }
        _ => lexicon,
    };
    let mut norm = numbers::normalize(text);
    // Chinese words are written in simplified characters: traditional text ("當天 10:58",
    // "週四", "1個多小時之後") is read through its simplified twin, char for char
    if lexicon.code == TRADITIONAL_FOLD_LANG {
        crate::normalize::text::simplify_chinese(&mut norm);
    }
    let mut raw = scan::scan_times(&norm, lexicon, &lex.zones);
    // English dates and zoned times quoted in other languages' pages ("Mar 04, 2025 14:00 UTC")
    if let Some(en) = lex
        .get(SECONDARY_LANG)
        .filter(|en| lexicon.code != SECONDARY_LANG && scan::has_month_name_date(&norm, en))
    {
        let extra: Vec<scan::RawTime> = scan::scan_times(&norm, en, &lex.zones)
            .into_iter()
            .filter(|r| r.date.is_some_and(|d| d.month.is_some() && d.day.is_some()))
            .collect();
        if !extra.is_empty() {
            raw.extend(extra);
            // stable: on equal spans the page language's reading stays first
            raw.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
            // keep the earliest-starting (then longest) of any overlapping pair
            let mut kept: Vec<scan::RawTime> = Vec::with_capacity(raw.len());
            for r in raw {
                if kept.last().is_none_or(|k| r.start >= k.end) {
                    kept.push(r);
                }
            }
            raw = kept;
        }
    }
    scan::drop_media_positions(&norm, &mut raw);
    let home = opts
        .tz
        .as_deref()
        .or(opts.fallback_tz.as_deref())
        .or(lexicon.default_zone());
    scan::drop_glossed_clocks(&norm, &mut raw, home);
    let durs = durations::scan_durations(&norm, lexicon, &raw);
    let stamps = text::byte_ranges(&norm, &opts.stamps);
    let background = text::byte_ranges(&norm, &opts.background);
    let resolved = anchor::resolve(
        &norm,
        raw,
        lexicon,
        &lex.zones,
        opts,
        (&stamps, &background),
        &mut warnings,
    );
    let chars: Vec<char> = text.chars().collect();
    let mut offsets = Vec::new();
    for t in &resolved.times {
        offsets.extend([t.raw.start, t.raw.end, t.raw.head_end]);
        if let Some(e) = &t.raw.range_end {
            offsets.extend([e.start, e.end]);
        }
    }
    for d in &durs {
        offsets.extend([d.start, d.end]);
    }
    let co = text::char_offsets(&norm, &offsets);
    let mut k = 0;
    let mut next = || {
        k += 1;
        co[k - 1]
    };
    let quote = |s: usize, e: usize| chars[s..e].iter().collect::<String>();
    let mut times = Vec::new();
    for t in resolved.times {
        let (s, e, he) = (next(), next(), next());
        let tail = t.raw.range_end.as_ref().map(|_| (next(), next()));
        let kind = if t.raw.range_end.is_some() {
            TimeKind::Range
        } else {
            match (t.raw.date.is_some(), t.raw.clock.is_some()) {
                (true, true) => TimeKind::Datetime,
                (false, true) => TimeKind::Time,
                _ => TimeKind::Date,
            }
        };
        times.push(TimeMention {
            quote: quote(s, e),
            start: s,
            end: e,
            kind,
            value: t.value,
            end_value: t.end_value,
            approximate: t.raw.approximate,
            end_approximate: t.raw.range_end.as_ref().map(|b| b.approximate),
            has_clock: t.raw.clock.is_some(),
            date_explicit: t
                .raw
                .date
                .is_some_and(|d| d.day.is_some() || d.relative.is_some()),
            next_day: t.next_day,
            zone: t.raw.zone.as_ref().map(|z| z.zone.clone()),
            head: tail.map(|_| (s, he)),
            tail,
            daypart: false,
            half_open: lexicon.clock.unit_hour_half_open
                && t.raw.unit_style
                && t.raw.range_end.is_none()
                && t.raw
                    .clock
                    .is_some_and(|c| c.meridiem.is_none() && (1..=11).contains(&c.hour)),
        });
    }
    let relative: Vec<(i64, usize, usize, crate::case::Duration, bool)> = durs
        .iter()
        .filter_map(|d| {
            d.relative
                .map(|(sign, s, e)| (sign, s, e, d.value, d.approximate))
        })
        .collect();
    let mut durations: Vec<DurationMention> = durs
        .into_iter()
        .map(|d| {
            let (s, e) = (next(), next());
            DurationMention {
                quote: quote(s, e),
                start: s,
                end: e,
                value: d.value,
                approximate: d.approximate,
                lower_bound: d.lower_bound,
            }
        })
        .collect();
    // "5 minutes ago", "in 2 hours": times only against a given reference
    if let Some(reference) = opts.reference {
        let rel_offsets: Vec<usize> = relative.iter().flat_map(|r| [r.1, r.2]).collect();
        let rc = text::char_offsets(&norm, &rel_offsets);
        for (i, (sign, _, _, dur, approx)) in relative.iter().enumerate() {
            let secs = i64::try_from(dur.as_secs()).unwrap_or(i64::MAX / 2);
            let Some(at) = calendar_offset(reference, *sign, secs) else {
                continue;
            };
            let (s, e) = (rc[2 * i], rc[2 * i + 1]);
            times.push(TimeMention {
                quote: quote(s, e),
                start: s,
                end: e,
                kind: TimeKind::Datetime,
                value: Some(TimeValue::Local(at)),
                end_value: None,
                approximate: *approx,
                end_approximate: None,
                has_clock: true,
                date_explicit: false,
                next_day: false,
                zone: None,
                head: None,
                tail: None,
                daypart: false,
                half_open: false,
            });
        }
        times.sort_by_key(|t| t.start);
    }
    compose::compose(
        &norm,
        lexicon,
        opts.reference,
        resolved.today.as_ref().map(|t| t.0),
        resolved.anchor_date,
        &mut times,
        &durations,
    );
    minute_points::apply(&norm, lexicon, &mut times, &mut durations);
    warnings.extend(resolved.warnings);
    Parsed {
        lang: lexicon.code.clone(),
        times,
        durations,
        zone: resolved.zone,
        anchor_date: resolved.anchor_date,
        today: resolved.today,
        warnings,
    }
}

/// `reference` moved by `secs` (signed by `sign`); whole months and years ("in two months",
/// "3 years ago") move by calendar months, not by 30 or 365 days.
fn calendar_offset(reference: NaiveDateTime, sign: i64, secs: i64) -> Option<NaiveDateTime> {
    const MONTH: i64 = 30 * 86_400;
    const YEAR: i64 = 365 * 86_400;
    let months = if secs > 0 && secs % YEAR == 0 {
        Some(secs / YEAR * 12)
    } else if secs > 0 && secs % MONTH == 0 {
        Some(secs / MONTH)
    } else {
        None
    };
    match months.and_then(|m| u32::try_from(m).ok()) {
        Some(m) if sign > 0 => reference.checked_add_months(chrono::Months::new(m)),
        Some(m) => reference.checked_sub_months(chrono::Months::new(m)),
        None => reference.checked_add_signed(chrono::Duration::seconds(sign * secs)),
    }
}
