//! The scanner: finds clock times, dates, zones, approximate markers and ranges in normalised text.
use super::lexicon::{DateOrder, Lexicon};
use super::numbers::{parse_number, CJK_NUMERAL_CHARS};
use super::text::*;
use super::zones::{parse_offset, ZoneRef, ZoneTable};
use regex::Regex;

/// How far (chars) a parenthesised weekday or note between a date and its time may run: "(토)".
const MAX_PAREN_NOTE_CHARS: usize = 8;
/// Longest text (bytes) between the two ends of a range ("부터 다음 날", " jusqu'à ").
const MAX_CONNECTOR_BYTES: usize = 40;
/// Spaces allowed between the parts of one expression.
const MAX_GAP_SPACES: usize = 3;
/// Two-digit years below this are 20xx, others 19xx.
const TWO_DIGIT_YEAR_PIVOT: i32 = 70;

/// A two-digit year as a full one: this century's below the pivot, the last's from it.
fn full_year(yy: i32) -> i32 {
    if yy < TWO_DIGIT_YEAR_PIVOT {
        2000 + yy
    } else {
        1900 + yy
    }
}
/// Latest year and earliest year read in a date.
const YEAR_RANGE: std::ops::RangeInclusive<i32> = 1970..=2100;

/// A meridiem word's effect on the hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meridiem {
    Am,
    Pm,
    /// Evening/night words: hours 6–11 become 18–23, small hours stay.
    Night,
    /// A named time ("noon", "midnight"): the hour is already 24-hour.
    Fixed,
}

/// Date fields as written; any may be missing.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DateParts {
    pub year: Option<i32>,
    pub month: Option<u32>,
    pub day: Option<u32>,
    /// Days from the reference ("yesterday" = -1).
    pub relative: Option<i64>,
    /// A weekday named without a date ("Monday 5:00pm", "jeudi"): 1 = Monday … 7 = Sunday; the
    /// latest such day on or before the page's date.
    pub weekday: Option<u32>,
}

/// Clock fields as written (hour already in 24-hour form when a meridiem was given).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClockParts {
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub meridiem: Option<Meridiem>,
}

/// One scanned time expression, in byte offsets of the normalised text.
#[derive(Debug, Clone)]
pub struct RawTime {
    pub start: usize,
    pub end: usize,
    pub date: Option<DateParts>,
    pub clock: Option<ClockParts>,
    pub zone: Option<ZoneRef>,
    pub approximate: bool,
    pub next_day: bool,
    /// Written after a "same day" word ("当天", "同日"): the day the text last named.
    pub same_day: bool,
    /// Written after a "this day" word ("이날"): the day the text last wrote, else the page's.
    pub this_day: bool,
    /// Marked as the writer's "now" ("as of 7:30", "오전 7시30분 현재"): on the page's day.
    pub as_of: bool,
    /// A named midnight that ends its day ("자정" = "24:00" in the data): a date written with it
    /// moves to the next day.
    pub day_end: bool,
    /// A clock written as hour 24 ("gegen 24 Uhr", "24:00", "24時"): the end of the day it
    /// falls on, whether that day is written or comes from the text around it.
    pub hour_24: bool,
    /// For ranges: the second end.
    pub range_end: Option<Box<RawTime>>,
    /// Unit-style clock with a minute marker (for elliptical "32분" continuations).
    pub unit_style: bool,
    /// For ranges: where the first end's own text stops.
    pub head_end: usize,
    /// Where the clock itself starts (before a date merged in front of it).
    pub clock_start: usize,
    /// A meridiem word or clock suffix ("PM", "Uhr") was attached: a bare hour before a range
    /// connector may pair with it ("5 to 6pm", "von 17 bis 18 Uhr").
    pub marked: bool,
    /// Why the reading differs from what the page wrote ("12:20 AM" read as noon): the draft
    /// warns with it, so a curator sees every reread.
    pub reread: Option<&'static str>,
}

impl RawTime {
    fn new(start: usize, end: usize) -> Self {
        RawTime {
            start,
            end,
            date: None,
            clock: None,
            zone: None,
            approximate: false,
            next_day: false,
            same_day: false,
            this_day: false,
            as_of: false,
            day_end: false,
            hour_24: false,
            range_end: None,
            unit_style: false,
            head_end: end,
            clock_start: start,
            marked: false,
            reread: None,
        }
    }
}

/// Compiled patterns and sorted word lists of one lexicon.
#[derive(Debug, Clone)]
pub struct Patterns {
    clock_num: Regex,
    clock_h: Option<Regex>,
    /// Four digits that may be a clock when a zone follows ("1000 GMT").
    clock_military: Regex,
    /// A minutes word and the hour after it ("halb zehn", "quarter to ten").
    quarter_before: Option<Regex>,
    clock_unit: Option<Regex>,
    clock_hour_meridiem: Option<Regex>,
    named_times: Option<Regex>,
    cue_hour: Option<Regex>,
    conn_hour: Option<Regex>,
    suffix_hour: Option<Regex>,
    /// Weekday names, and the weekday (1 = Monday) each lower-cased name stands for.
    weekday: Option<Regex>,
    weekday_number: std::collections::HashMap<String, u32>,
    /// "09.45 horas", "um 16.10 Uhr", "sobre las 10.30": a dotted clock after a cue or before a
    /// clock suffix (a dotted number alone is a decimal).
    clock_dot: Regex,
    /// "'21.03.06": a two-digit year after an apostrophe.
    date_apostrophe_year: Regex,
    /// "14/3", "5/2", "3.27": day and month without a year (checked for what follows).
    date_no_year: Regex,
    /// The language's holidays (ASCII letters in any case) and the month and day of each.
    holidays: Option<(aho_corasick::AhoCorasick, Vec<(u32, u32)>)>,
    minute_only: Option<Regex>,
    date_ymd: Regex,
    date_numeric: Regex,
    date_month_sep: Option<Regex>,
    date_month_first: Option<Regex>,
    date_day_first: Option<Regex>,
    date_cjk: Option<Regex>,
    day_only: Option<Regex>,
    /// A day of the month alone after a prefix ("le 28", "am 28."), for a clock that follows.
    day_alone: Option<Regex>,
    relative: Option<Regex>,
    relative_after_part: Option<Regex>,
    offset: Regex,
    iana: Regex,
    pub(crate) duration: Regex,
    pub(crate) fixed_duration: Option<Regex>,
    pub(crate) reject_after_patterns: Vec<Regex>,
    pub(crate) w: Words,
}

/// Word lists, lower case, longest first.
#[derive(Debug, Clone, Default)]
pub struct Words {
    pub am_after: Vec<String>,
    pub pm_after: Vec<String>,
    pub am_before: Vec<String>,
    pub pm_before: Vec<String>,
    pub night_before: Vec<String>,
    pub night_after: Vec<String>,
    pub day_after: Vec<String>,
    pub cues: Vec<String>,
    pub cue_hour_ends: Vec<String>,
    pub hour_not_before: Vec<String>,
    pub length_before: Vec<String>,
    pub suffixes: Vec<String>,
    pub weekdays: Vec<String>,
    pub date_time_joiners: Vec<String>,
    pub time_date_joiners: Vec<String>,
    pub next_day: Vec<String>,
    pub same_day: Vec<String>,
    pub this_day: Vec<String>,
    pub as_of_before: Vec<String>,
    pub as_of_after: Vec<String>,
    pub approx_before: Vec<String>,
    pub approx_after: Vec<String>,
    pub connectors: Vec<String>,
    pub closers: Vec<String>,
    pub openers: Vec<String>,
    pub needs_opener: Vec<String>,
    pub dur_joiners: Vec<String>,
    /// Between two counts of one unit ("3-4 hours").
    pub dur_range_connectors: Vec<String>,
    pub half_suffix: Vec<String>,
    pub adjective_suffix: Vec<String>,
    pub reject_before: Vec<String>,
    pub reject_after: Vec<String>,
    pub rate_within: Vec<String>,
    pub ago_after: Vec<String>,
    pub later_after: Vec<String>,
    pub ago_before: Vec<String>,
    pub later_before: Vec<String>,
    pub zone_statements: Vec<String>,
    pub abbreviations: Vec<String>,
    pub units: Vec<(String, u64)>,
    pub half_infix: Vec<String>,
    pub day_length_after: Vec<String>,
    pub day_length_before: Vec<String>,
    /// `[clock] minutes_before` and `minutes_after`, lower case, longest first.
    pub minutes_before: Vec<(String, i32)>,
    pub minutes_after: Vec<(String, i32)>,
    /// The words of `minutes_before`, for `phrase_before`.
    pub minutes_before_words: Vec<String>,
}

/// Seconds in each duration unit key.
pub const UNIT_SECONDS: [(&str, u64); 7] = [
    ("y", 365 * 86_400),
    ("mo", 30 * 86_400),
    ("w", 7 * 86_400),
    ("d", 86_400),
    ("h", 3_600),
    ("m", 60),
    ("s", 1),
];

fn opt_group(alt: &str) -> String {
    if alt.is_empty() {
        "(?:$^)".to_string()
    } else {
        format!("(?:{alt})")
    }
}

impl Patterns {
    pub fn build(lex: &Lexicon, zones: &ZoneTable) -> anyhow::Result<Self> {
        let c = &lex.clock;
        let d = &lex.date;
        let du = &lex.durations;
        let words: Vec<String> = sorted_phrases(lex.numbers.keys());
        let cjk = if lex.cjk_numerals {
            format!("|[{CJK_NUMERAL_CHARS}]{{1,4}}")
        } else {
            String::new()
        };
        let word_alt = if words.is_empty() {
            String::new()
        } else {
            format!("|{}", alternation(&words))
        };
        let num = format!(r"(?:\d+(?:[.,]\d+)?{cjk}{word_alt})");
        let clock_num_pat = format!(r"(?:\d{{1,2}}{cjk}{word_alt})");

        let hour_m = sorted_phrases(&c.hour_markers);
        let min_m = sorted_phrases(&c.minute_markers);
        let sec_m = sorted_phrases(&c.second_markers);
        let half = sorted_phrases(&c.half);
        let clock_unit = if hour_m.is_empty() {
            None
        } else {
            let minq = if c.minute_marker_optional { "?" } else { "" };
            let mnum = format!(r"\d{{1,2}}{cjk}");
            Some(Regex::new(&format!(
                r"(?i)({clock_num_pat})[ \t]?({h})(?:[ \t]{{0,2}}({mnum})[ \t]?({m}){minq})?(?:[ \t]{{0,2}}(\d{{1,2}}{cjk})[ \t]?({s}))?(?:[ \t]?({half}))?",
                h = alternation(&hour_m),
                m = opt_group(&alternation(&min_m)),
                s = opt_group(&alternation(&sec_m)),
                half = opt_group(&alternation(&half)),
            ))?)
        };
        let meridiem_after =
            sorted_phrases(c.am_after.iter().chain(&c.pm_after).chain(&c.night_after));
        let clock_hour_meridiem = if meridiem_after.is_empty() {
            None
        } else {
            // "3 PM", "3 da tarde", and with the hour's unit between: "6 heures du matin"
            Some(Regex::new(&format!(
                r"(?i)(\d{{1,2}})(?:\.(\d{{2}}))?[ \t]?(?:{}[ \t]+)?(?:{})",
                opt_group(&alternation(&sorted_phrases(&c.suffixes))),
                alternation(&meridiem_after)
            ))?)
        };
        let named = sorted_phrases(c.named.keys());
        let named_times = if named.is_empty() {
            None
        } else {
            Some(Regex::new(&format!("(?i){}", alternation(&named)))?)
        };
        // a bare hour after one of `words`
        let word_then_hour = |words: &[String]| -> Result<Option<Regex>, regex::Error> {
            let words = sorted_phrases(words);
            if words.is_empty() {
                return Ok(None);
            }
            Regex::new(&format!(
                r"(?i)(?:{})[ \t]+({clock_num_pat})",
                alternation(&words)
            ))
            .map(Some)
        };
        // a cue may have an approximate marker after it ("um etwa 19 Uhr", "at about 7")
        let approx_words = sorted_phrases(&lex.approx.before);
        let cues = sorted_phrases(&c.cues);
        let cue_hour = if cues.is_empty() {
            None
        } else {
            let approx = if approx_words.is_empty() {
                String::new()
            } else {
                format!(r"(?:(?:{})[ \t]+)?", alternation(&approx_words))
            };
            Some(Regex::new(&format!(
                r"(?i)(?:{})[ \t]+{approx}({clock_num_pat})",
                alternation(&cues)
            ))?)
        };
        // "19 Uhr" is a clock wherever it stands: a suffix never used for a length
        let suffix_hour = if c.clock_suffixes.is_empty() {
            None
        } else {
            Some(Regex::new(&format!(
                r"(?i)({clock_num_pat})[ \t]?(?:{})",
                alternation(&sorted_phrases(&c.clock_suffixes))
            ))?)
        };
        // "entre 10h15 et 13 heures": a range connector right after a clock cues the hour
        let conn_hour = word_then_hour(&lex.range.connectors)?;
        let list_j = sorted_phrases(&c.list_joiners);
        let minute_only = if list_j.is_empty() || min_m.is_empty() {
            None
        } else {
            Some(Regex::new(&format!(
                r"^[ \t]?(?:{})[ \t]?(\d{{1,2}})[ \t]?(?:{})",
                alternation(&list_j),
                alternation(&min_m)
            ))?)
        };
        let month_names: Vec<String> = sorted_phrases(lex.months.values().flatten());
        let month_alt = alternation(&month_names);
        let day_suf = alternation(&sorted_phrases(&d.day_suffixes));
        let day_pre = alternation(&sorted_phrases(&d.day_prefixes));
        let mjoin = alternation(&sorted_phrases(&d.month_joiners));
        let ypre = alternation(&sorted_phrases(&d.year_prefixes));
        let (date_month_first, date_day_first) = if month_names.is_empty() {
            (None, None)
        } else {
            let mf = d.month_first.then(|| {
                Regex::new(&format!(
                    r"(?i)({month_alt})\.?[ \t]*(\d{{1,2}})(?:{ds})?(?:[ \t]*,?[ \t]+(?:(?:{yp})[ \t]+)?(\d{{4}}))?",
                    ds = opt_group(&day_suf),
                    yp = opt_group(&ypre),
                ))
            });
            // "26. April", and the unspaced "26.April"
            let df = Regex::new(&format!(
                r"(?i)(?:(?:{dp})[ \t]+)?(\d{{1,2}})(?:{ds})?(?:\.[ \t]*|[ \t]+)(?:(?:{mj})[ \t]+)?({month_alt})\.?(?:,?[ \t]+(?:(?:{yp})[ \t]+)?(\d{{4}}))?",
                dp = opt_group(&day_pre),
                ds = opt_group(&day_suf),
                mj = opt_group(&mjoin),
                yp = opt_group(&ypre),
            ))?;
            (mf.transpose()?, Some(df))
        };
        let date_month_sep = if month_names.is_empty() {
            None
        } else {
            Some(Regex::new(&format!(
                r"(?i)(\d{{4}})[-/]({m})\.?[-/](\d{{1,2}})|(\d{{1,2}})[-/]({m})\.?[-/](\d{{4}})|({m})\.?[-/](\d{{1,2}})[-/](\d{{4}})",
                m = month_alt
            ))?)
        };
        let ym = sorted_phrases(&d.year_markers);
        let mm = sorted_phrases(&d.month_markers);
        let dm = sorted_phrases(&d.day_markers);
        let day_alone = (!d.day_alone_prefixes.is_empty())
            .then(|| {
                Regex::new(&format!(
                    r"(?i)(?:{})[ \t]+(\d{{1,2}})(?:{})?",
                    alternation(&sorted_phrases(&d.day_alone_prefixes)),
                    opt_group(&alternation(&sorted_phrases(&d.day_suffixes))),
                ))
            })
            .transpose()?;
        let (date_cjk, day_only) = if mm.is_empty() || dm.is_empty() {
            (None, None)
        } else {
            (
                // years, months and days in digits or Han numerals ("二〇二三年六月三日"), and
                // era years ("令和5年", "令和元年", "民國112年")
                Some(Regex::new(&format!(
                    r"(?:(?:(\d{{4}}|['‘’]?\d{{2}}|[〇零一二三四五六七八九]{{4}})|{era})[ \t]?(?:{y})[ \t]?)?(\d{{1,2}}|[一二三四五六七八九十]{{1,3}})[ \t]?(?:{m})[ \t]?(\d{{1,2}}|[一二三四五六七八九十]{{1,3}})[ \t]?(?:{d})",
                    era = if d.eras.is_empty() {
                        "()()".to_string()
                    } else {
                        let first = sorted_phrases(&d.first_year);
                        format!(
                            r"({})[ \t]?(\d{{1,3}}|[一二三四五六七八九十百]{{1,4}}{})",
                            alternation(&sorted_phrases(d.eras.keys())),
                            if first.is_empty() {
                                String::new()
                            } else {
                                format!("|{}", alternation(&first))
                            }
                        )
                    },
                    y = opt_group(&alternation(&ym)),
                    m = alternation(&mm),
                    d = alternation(&dm)
                ))?),
                // ("25日", "二十五日": a day alone in Han numerals as well)
                Some(Regex::new(&format!(
                    r"(\d{{1,2}}|[一二三四五六七八九十]{{1,3}})[ \t]?(?:{})",
                    alternation(&dm)
                ))?),
            )
        };
        let rel = sorted_phrases(d.relative_days.keys());
        let relative = if rel.is_empty() {
            None
        } else {
            Some(Regex::new(&format!("(?i){}", alternation(&rel)))?)
        };
        let rel_part = sorted_phrases(d.relative_after_daypart.keys());
        let relative_after_part = if rel_part.is_empty() {
            None
        } else {
            Some(Regex::new(&format!("(?i){}", alternation(&rel_part)))?)
        };

        let mut units: Vec<(String, u64)> = Vec::new();
        for (key, secs) in UNIT_SECONDS {
            let list = match key {
                "y" => &du.y,
                "mo" => &du.mo,
                "w" => &du.w,
                "d" => &du.d,
                "h" => &du.h,
                "m" => &du.m,
                _ => &du.s,
            };
            for u in list {
                units.push((u.to_lowercase(), secs));
            }
        }
        units.sort_by_key(|u| std::cmp::Reverse(u.0.chars().count()));
        let unit_names: Vec<String> = units.iter().map(|(u, _)| u.clone()).collect();
        let measure = sorted_phrases(&du.measure_words);
        let half_infix = sorted_phrases(&du.half_infix);
        let more_infix = sorted_phrases(&du.more_infix);
        let infix: Vec<String> = sorted_phrases(half_infix.iter().chain(more_infix.iter()));
        let duration = Regex::new(&format!(
            r"(?i)({num})(?:[ \t]?({mw}))?(?:[ \t]?({inf}))?(?:[ \t]|-)?({units})",
            mw = opt_group(&alternation(&measure)),
            inf = opt_group(&alternation(&infix)),
            units = alternation(&unit_names),
        ))?;
        let fixed: Vec<String> = sorted_phrases(du.fixed.keys());
        let fixed_duration = if fixed.is_empty() {
            None
        } else {
            Some(Regex::new(&format!("(?i){}", alternation(&fixed)))?)
        };
        let reject_after_patterns = du
            .reject_after_patterns
            .iter()
            .map(|p| Regex::new(p))
            .collect::<Result<Vec<_>, _>>()?;
        let mut abbreviations: Vec<String> = zones.abbreviations().map(str::to_string).collect();
        abbreviations.sort_by_key(|a| std::cmp::Reverse(a.len()));

        let mut statements = lex.zone_statements.clone();
        statements.extend(["all times".to_string()]);
        let w = Words {
            am_after: sorted_phrases(&c.am_after),
            pm_after: sorted_phrases(&c.pm_after),
            am_before: sorted_phrases(&c.am_before),
            pm_before: sorted_phrases(&c.pm_before),
            night_before: sorted_phrases(&c.night_before),
            night_after: sorted_phrases(&c.night_after),
            day_after: sorted_phrases(&c.day_after),
            cues: sorted_phrases(&c.cues),
            cue_hour_ends: sorted_phrases(&c.cue_hour_ends),
            hour_not_before: sorted_phrases(&c.hour_not_before),
            length_before: sorted_phrases(&c.length_before),
            suffixes: sorted_phrases(&c.suffixes),
            weekdays: sorted_phrases(&d.weekdays),
            date_time_joiners: sorted_phrases(&d.date_time_joiners),
            time_date_joiners: sorted_phrases(&d.time_date_joiners),
            next_day: sorted_phrases(&d.next_day),
            same_day: sorted_phrases(&d.same_day),
            this_day: sorted_phrases(&d.this_day),
            as_of_before: sorted_phrases(&d.as_of_before),
            as_of_after: sorted_phrases(&d.as_of_after),
            approx_before: sorted_phrases(&lex.approx.before),
            approx_after: sorted_phrases(&lex.approx.after),
            connectors: sorted_phrases(&lex.range.connectors),
            closers: sorted_phrases(&lex.range.closers),
            openers: sorted_phrases(&lex.range.openers),
            needs_opener: sorted_phrases(&lex.range.needs_opener),
            dur_joiners: sorted_phrases(&du.joiners),
            dur_range_connectors: sorted_phrases(&du.range_connectors),
            half_suffix: sorted_phrases(&du.half_suffix),
            adjective_suffix: sorted_phrases(&du.adjective_suffix),
            reject_before: sorted_phrases(&du.reject_before),
            reject_after: sorted_phrases(&du.reject_after),
            rate_within: sorted_phrases(&du.rate_within),
            ago_after: sorted_phrases(&du.ago_after),
            later_after: sorted_phrases(&du.later_after),
            ago_before: sorted_phrases(&du.ago_before),
            later_before: sorted_phrases(&du.later_before),
            zone_statements: sorted_phrases(&statements),
            abbreviations,
            units,
            half_infix,
            day_length_after: sorted_phrases(&d.day_length_after),
            day_length_before: sorted_phrases(&d.day_length_before),
            minutes_before: sorted_values(&c.minutes_before),
            minutes_after: sorted_values(&c.minutes_after),
            minutes_before_words: sorted_values(&c.minutes_before)
                .into_iter()
                .map(|(k, _)| k)
                .collect(),
        };
        let quarter_before = if w.minutes_before.is_empty() {
            None
        } else {
            Some(Regex::new(&format!(
                r"(?i)({})[ \t]+({clock_num_pat})",
                alternation(&w.minutes_before_words)
            ))?)
        };
        Ok(Patterns {
            clock_num: Regex::new(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d{1,6})?")?,
            clock_military: Regex::new(r"[0-2]\d[0-5]\d")?,
            quarter_before,
            clock_h: c
                .h_clock
                // "16h45", the spaced "16 h 45" French print writes, Brazil's "10h20min" and
                // the wire services' capital "14H30"
                .then(|| Regex::new(r"(\d{1,2})\s?[hH](?:\s?(\d{2})(min|m)?)?"))
                .transpose()?,
            clock_unit,
            clock_hour_meridiem,
            named_times,
            cue_hour,
            conn_hour,
            suffix_hour,
            weekday: if d.weekdays.is_empty() {
                None
            } else {
                Some(Regex::new(&format!(
                    "(?i){}",
                    alternation(&sorted_phrases(&d.weekdays))
                ))?)
            },
            weekday_number: weekday_numbers(&d.weekdays),
            clock_dot: Regex::new(r"(\d{1,2})\.(\d{2})")?,
            date_apostrophe_year: Regex::new(r"['‘’](\d{2})[./-](\d{1,2})[./-](\d{1,2})")?,
            date_no_year: Regex::new(r"(\d{1,2})([/.-])(\d{1,2})")?,
            holidays: holiday_finder(&d.holidays),
            minute_only,
            // "2022-10-15", "2022/10/15", "2022.10.15", and Korean sites' spaced "2022. 10. 15."
            date_ymd: Regex::new(r"(\d{4})([-/.]|\. )(\d{1,2})(?:[-/.]|\. )(\d{1,2})")?,
            date_numeric: Regex::new(r"(\d{1,2})([/.])(\d{1,2})[/.](\d{4}|\d{2})")?,
            date_month_sep,
            date_month_first,
            date_day_first,
            date_cjk,
            day_only,
            day_alone,
            relative,
            relative_after_part,
            iana: Regex::new(r"^[A-Z][A-Za-z]+(?:/[A-Z][A-Za-z_\-]+){1,2}")?,
            offset: Regex::new(r"^(?:UTC|GMT)?[ \t]?([+−–-][ \t]?\d{1,2}(?::?\d{2})?)")?,
            duration,
            fixed_duration,
            reject_after_patterns,
            w,
        })
    }
}

fn num_at(s: &str, lex: &Lexicon) -> Option<u32> {
    parse_number(s, &lex.numbers)
        .filter(|v| v.fract() == 0.0 && *v >= 0.0)
        .map(|v| v as u32)
}

/// Most bytes of separators between a weekday and the date it decorates.
const MAX_WEEKDAY_GAP_BYTES: usize = 4;

/// The weekday each name stands for: the language file lists Monday … Sunday first; a later
/// entry is an abbreviation of the full name it begins, or ends like ("tue", "周一").
fn weekday_numbers(names: &[String]) -> std::collections::HashMap<String, u32> {
    let full: Vec<String> = names.iter().take(7).map(|n| n.to_lowercase()).collect();
    let mut out = std::collections::HashMap::new();
    for (i, n) in full.iter().enumerate() {
        out.insert(n.clone(), i as u32 + 1);
    }
    for n in names.iter().skip(7) {
        let n = n.to_lowercase();
        let last = n.chars().last();
        let hit = full
            .iter()
            .position(|f| f.starts_with(&n))
            .or_else(|| full.iter().position(|f| f.chars().last() == last));
        if let Some(i) = hit {
            out.entry(n).or_insert(i as u32 + 1);
        }
    }
    out
}

/// How far before a day word a part-of-day phrase ("de la mañana") is looked for.
const PART_OF_DAY_REACH_BYTES: usize = 48;

/// The nearest char boundary at or before `i`.
fn floor_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A clock time "h:mi" written at `start..end`, no meridiem.
fn clock_atom(start: usize, end: usize, hour: u32, minute: u32) -> RawTime {
    let mut r = RawTime::new(start, end);
    r.clock = Some(ClockParts {
        hour,
        minute,
        second: 0,
        meridiem: None,
    });
    r
}

fn is_cjk_numeral(c: char) -> bool {
    CJK_NUMERAL_CHARS.contains(c)
}

/// Six or eight digits that may be a date written as one number ("180304", "20180304").
fn compact_date_re() -> &'static Regex {
    static RE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| Regex::new(r"\d{6}(?:\d{2})?").expect("compact date pattern"))
}

/// The date a compact number right after a weekday name stands for ("Domingo (180304)"): year
/// first, two or four digits of it, and only when that date falls on the weekday named.
fn compact_date_after_weekday(
    text: &str,
    at: usize,
    digits: &str,
    p: &Patterns,
) -> Option<(i32, u32, u32)> {
    let w = back_over_date_gap(text, at, 3);
    if w == at {
        return None;
    }
    let named = p.weekday_number.iter().find_map(|(name, &n)| {
        let s = ci_suffix(&text[..w], name)?;
        (!text[..s].ends_with(char::is_alphanumeric)).then_some(n)
    })?;
    let num = |r: std::ops::Range<usize>| digits[r].parse::<i32>().ok();
    let (y, rest) = if digits.len() == 8 {
        (num(0..4)?, 4)
    } else {
        (full_year(num(0..2)?), 2)
    };
    let (mo, d) = (num(rest..rest + 2)? as u32, num(rest + 2..rest + 4)? as u32);
    let date = chrono::NaiveDate::from_ymd_opt(y, mo, d)?;
    (chrono::Datelike::weekday(&date).number_from_monday() == named).then_some((y, mo, d))
}

/// Moves back from `at` over at most `max` spaces, tabs, commas and opening brackets: the gap
/// between a weekday and the date it names ("Domingo (180304)", "lundi, 6/10").
fn back_over_date_gap(text: &str, at: usize, max: usize) -> usize {
    let mut w = at;
    for (n, ch) in text[..at].chars().rev().enumerate() {
        if n >= max || !matches!(ch, ' ' | '\t' | '(' | '（' | ',') {
            break;
        }
        w -= ch.len_utf8();
    }
    w
}

/// How far (bytes) after a numeric date a zone abbreviation may fix its order.
const DATE_ZONE_REACH: usize = 32;

/// Whether a zone abbreviation of a month-first country follows a date on its line, after its
/// clock ("03/08/2021 às 14:35 PST").
fn month_first_zone_after(text: &str, end: usize, zones: &ZoneTable) -> bool {
    let mut stop = (end + DATE_ZONE_REACH).min(text.len());
    while !text.is_char_boundary(stop) {
        stop -= 1;
    }
    let tail = &text[end..stop];
    let tail = tail.split('\n').next().unwrap_or("");
    tail.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2 && w.chars().all(|c| c.is_ascii_uppercase()))
        .any(|w| zones.month_first(w))
}

fn digit_before(text: &str, pos: usize) -> bool {
    text[..pos]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_digit() || c == ':')
}

fn digit_at(text: &str, pos: usize) -> bool {
    text.get(pos..)
        .and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_digit())
}

fn digit_after(text: &str, pos: usize) -> bool {
    text[pos..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit())
}

fn apply_meridiem(hour: u32, m: Option<Meridiem>) -> Option<u32> {
    match m {
        None => (hour <= 24).then_some(hour % 24),
        Some(Meridiem::Am) => match hour {
            12 => Some(0),
            0..=11 => Some(hour),
            13..=23 => Some(hour),
            _ => None,
        },
        Some(Meridiem::Pm) => match hour {
            // "午後0時20分", "오후 0시": the hour after noon, as Japanese and Korean write it
            0 => Some(12),
            1..=11 => Some(hour + 12),
            12..=23 => Some(hour),
            _ => None,
        },
        Some(Meridiem::Fixed) => (hour < 24).then_some(hour),
        Some(Meridiem::Night) => match hour {
            6..=11 => Some(hour + 12),
            // twelve at night is midnight (밤 12시, 夜12時, 晚上12点)
            12 => Some(0),
            0..=5 | 13..=23 => Some(hour),
            _ => None,
        },
    }
}

/// Scans clock atoms (numeric, 8h37, unit-style) with their meridiem words and zones.
/// "43~48분" right after an hour: (first minute, second minute, where the second starts, end
/// offset), when the second
/// is later than the first.
fn minute_range_after(
    text: &str,
    at: usize,
    markers: &[String],
) -> Option<(u32, u32, usize, usize)> {
    static RE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^\s*(\d{1,2})\s*[~〜～\-–]\s*(\d{1,2})\s*").expect("minute range pattern")
    });
    let c = re.captures(&text[at..])?;
    let (m1, m2): (u32, u32) = (c[1].parse().ok()?, c[2].parse().ok()?);
    let after = at + c.get(0)?.end();
    let marker = markers
        .iter()
        .filter(|w| !w.is_empty())
        .find(|w| text[after..].starts_with(w.as_str()))?;
    let second_at = at + c.get(2)?.start();
    (m1 < m2 && m2 <= 59).then_some((m1, m2, second_at, after + marker.len()))
}

/// The zone abbreviation `rest` opens with, as a whole word (`abbreviations` longest first).
fn abbreviation_at<'a>(rest: &str, abbreviations: &'a [String]) -> Option<&'a str> {
    abbreviations
        .iter()
        .find(|a| {
            a.len() > 1
                && rest.starts_with(a.as_str())
                && !rest[a.len()..].starts_with(word_char_beside_latin)
        })
        .map(String::as_str)
}

/// Whether `c` would run on a Latin abbreviation as part of its word: a letter or digit of an
/// alphabet, but not a Hangul, kana or Han character, which opens the particle or word after it
/// ("KST에", "UTC로", "JST時点").
fn word_char_beside_latin(c: char) -> bool {
    c.is_alphanumeric() && ((c as u32) < 0x2E80 || ('\u{FF00}'..='\u{FFEF}').contains(&c))
}

/// `words` with their values, lower case, longest first.
fn sorted_values(words: &std::collections::BTreeMap<String, i32>) -> Vec<(String, i32)> {
    let mut v: Vec<(String, i32)> = words.iter().map(|(k, v)| (k.to_lowercase(), *v)).collect();
    v.sort_by_key(|(k, _)| std::cmp::Reverse(k.len()));
    v
}

/// Moves a clock by `by` minutes, round the day.
fn shift_minutes(c: &mut ClockParts, by: i32) {
    let total = (c.hour as i32 * 60 + c.minute as i32 + by).rem_euclid(24 * 60);
    c.hour = (total / 60) as u32;
    c.minute = (total % 60) as u32;
}

/// The minutes word of `words` that starts at `pos` as a whole word: (its length, its minutes).
fn minutes_word_at(text: &str, pos: usize, words: &[(String, i32)]) -> Option<(usize, i32)> {
    let rest = &text[pos..];
    words.iter().find_map(|(w, by)| {
        let head = rest.get(..w.len())?;
        (head.to_lowercase() == *w
            && !rest[w.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() && !is_cjk(c)))
        .then_some((w.len(), *by))
    })
}

/// "neuf heures et demie", "las diez menos cuarto": a minutes word right after a whole hour
/// (its suffix attached) moves it and ends the clock's text.
fn minutes_after(text: &str, w: &Words, r: &mut RawTime) {
    if r.range_end.is_some() {
        return;
    }
    let Some(c) = r.clock.as_mut().filter(|c| c.minute == 0) else {
        return;
    };
    let after = skip_ws(text, r.end, MAX_GAP_SPACES);
    if let Some((len, by)) = minutes_word_at(text, after, &w.minutes_after) {
        shift_minutes(c, by);
        if r.head_end == r.end {
            r.head_end = after + len;
        }
        r.end = after + len;
    }
}

/// Clock words that move an hour by minutes: "halb zehn" (9:30), "Viertel nach acht" (8:15),
/// "quarter to ten" (9:45) before it; "neuf heures et demie", "las diez menos cuarto", "三点一刻"
/// after it (`[clock] minutes_before`, `minutes_after`). Written before an hour no clock was
/// found at ("um halb drei", "at half past nine"), they make one.
fn quarter_hours(text: &str, lex: &Lexicon, kept: &mut Vec<RawTime>) {
    // (the words after an hour are read once its suffix is attached: `minutes_after`)
    let p = lex.patterns();
    let w = &p.w;
    if w.minutes_before.is_empty() && w.minutes_after.is_empty() {
        return;
    }
    for r in kept.iter_mut() {
        if r.range_end.is_some() {
            continue;
        }
        let Some(c) = r.clock.as_mut().filter(|c| c.minute == 0) else {
            continue;
        };
        let before = skip_ws_back(text, r.clock_start, MAX_GAP_SPACES);
        if let Some(s) = phrase_before(text, before, &w.minutes_before_words) {
            if let Some((_, by)) = minutes_word_at(text, s, &w.minutes_before) {
                shift_minutes(c, by);
                if s < r.start {
                    r.start = s;
                    r.clock_start = s;
                }
            }
        }
    }
    let Some(re) = &p.quarter_before else {
        return;
    };
    let mut made = Vec::new();
    for cap in re.captures_iter(text) {
        let (m, word, num) = (
            cap.get(0).unwrap(),
            cap.get(1).unwrap(),
            cap.get(2).unwrap(),
        );
        if kept.iter().any(|k| k.start < m.end() && m.start() < k.end)
            || text[..m.start()]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
            || text[m.end()..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let Some(hour) = num_at(num.as_str(), lex).filter(|h| (1..=12).contains(h)) else {
            continue;
        };
        let Some((_, by)) = minutes_word_at(text, word.start(), &w.minutes_before) else {
            continue;
        };
        let mut r = clock_atom(m.start(), m.end(), hour, 0);
        if let Some(c) = r.clock.as_mut() {
            shift_minutes(c, by);
        }
        made.push(r);
    }
    if !made.is_empty() {
        kept.extend(made);
        kept.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
    }
}

/// Whether one of `words` (`clock.hour_not_before`) starts right at `at`, the end of an hour's
/// unit: a word only a length takes there ("3 giờ đồng hồ", "4 heures ouvrées", "2時間").
fn length_word_at(text: &str, at: usize, words: &[String]) -> bool {
    words.iter().any(|w| ci_prefix(&text[at..], w).is_some())
}

fn scan_clocks(text: &str, lex: &Lexicon, zones: &ZoneTable) -> Vec<RawTime> {
    let p = lex.patterns();
    let mut out: Vec<RawTime> = Vec::new();
    for cap in p.clock_num.captures_iter(text) {
        let m = cap.get(0).unwrap();
        if digit_before(text, m.start()) || digit_after(text, m.end()) {
            continue;
        }
        let h: u32 = cap[1].parse().unwrap_or(99);
        let mi: u32 = cap[2].parse().unwrap_or(99);
        let s: u32 = cap.get(3).map_or(0, |x| x.as_str().parse().unwrap_or(99));
        if h > 24 || mi > 59 || s > 60 {
            continue;
        }
        let mut r = RawTime::new(m.start(), m.end());
        r.clock = Some(ClockParts {
            hour: h,
            minute: mi,
            second: s.min(59),
            meridiem: None,
        });
        out.push(r);
    }
    // "1000 GMT", "0930 UTC": four digits written as a clock with its zone right after (news
    // agencies' style); without the zone four digits are a year, a count or an id
    for m in p.clock_military.find_iter(text) {
        if digit_before(text, m.start()) || digit_after(text, m.end()) {
            continue;
        }
        let after = skip_ws(text, m.end(), 1);
        let rest = &text[after..];
        if !abbreviation_at(rest, &p.w.abbreviations)
            .is_some_and(|a| a.chars().all(|c| c.is_ascii_uppercase()))
        {
            continue;
        }
        let d = m.as_str().as_bytes();
        let h = u32::from(d[0] - b'0') * 10 + u32::from(d[1] - b'0');
        let mi = u32::from(d[2] - b'0') * 10 + u32::from(d[3] - b'0');
        if h > 23 || mi > 59 {
            continue;
        }
        out.push(clock_atom(m.start(), m.end(), h, mi));
    }
    if let Some(re) = &p.clock_h {
        for cap in re.captures_iter(text) {
            let m = cap.get(0).unwrap();
            if digit_before(text, m.start())
                || text[m.end()..].chars().next().is_some_and(is_boundary_char)
                || text[..m.start()]
                    .chars()
                    .next_back()
                    .is_some_and(is_boundary_char)
            {
                continue;
            }
            // "plus de 24h", "pendant 2h30", "por 2h30": after a length's marker it is a length
            if phrase_before(
                text,
                skip_ws_back(text, m.start(), MAX_GAP_SPACES),
                &p.w.length_before,
            )
            .is_some()
            {
                continue;
            }
            // "10h" alone, spaced "1 h 30", or "10h20min", is a time only after a clock cue or
            // approximate marker; else a duration.
            if cap.get(2).is_none()
                || cap.get(3).is_some()
                || m.as_str().contains(char::is_whitespace)
            {
                let before = skip_ws_back(text, m.start(), MAX_GAP_SPACES);
                // "plus de 24h", "more than 10h": a lower bound is a length's, never a clock's
                let approx = phrase_before(text, before, &p.w.approx_before).filter(|s| {
                    let marker = text[*s..before].trim().to_lowercase();
                    !lex.approx
                        .lower_bound
                        .iter()
                        .any(|l| l.to_lowercase() == marker)
                });
                if phrase_before(text, before, &p.w.cues).is_none()
                    && approx.is_none()
                    && !after_connector_and_time(text, before, &p.w)
                    && !before_connector_and_clock(text, m.end(), &p.w)
                {
                    continue;
                }
            }
            let h: u32 = cap[1].parse().unwrap_or(99);
            let mi: u32 = cap.get(2).map_or(0, |x| x.as_str().parse().unwrap_or(99));
            if h > 24 || mi > 59 {
                continue;
            }
            out.push(clock_atom(m.start(), m.end(), h, mi));
        }
    }
    if let Some(re) = &p.named_times {
        // "noon", "midnight", 정오, 正午, midi, Mitternacht
        for m in re.find_iter(text) {
            // not the tail of a hyphenated word ("après-midi" is the afternoon, not noon)
            let mut back = text[..m.start()].chars().rev();
            let compound = back.next() == Some('-') && back.next().is_some_and(char::is_alphabetic);
            if !whole_word(text, m.start(), m.end()) || compound {
                continue;
            }
            let key = m.as_str().to_lowercase();
            let Some((h, mi)) = lex
                .clock
                .named
                .get(&key)
                .and_then(|v| v.split_once(':'))
                .and_then(|(h, mi)| Some((h.parse::<u32>().ok()?, mi.parse::<u32>().ok()?)))
            else {
                continue;
            };
            let mut r = RawTime::new(m.start(), m.end());
            // "24:00" in the data: the midnight that ends the day written with it ("2일 자정",
            // "nửa đêm ngày 29/10" are the night after the 2nd, the 29th)
            r.day_end = h == 24;
            r.clock = Some(ClockParts {
                hour: h % 24,
                minute: mi,
                second: 0,
                meridiem: Some(Meridiem::Fixed),
            });
            out.push(r);
        }
    }
    // Whether a clock ends right before `pos` ("10h15", "10:15", "10 heures", "10 Uhr").
    static CLOCK_TAIL: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let clock_tail = CLOCK_TAIL
        .get_or_init(|| Regex::new(r"\d{1,2}[ \t]?(?:[h:.][ \t]?\d{2}|h)$").expect("clock tail"));
    let clock_before = |pos: usize| {
        let b = skip_ws_back(text, pos, MAX_GAP_SPACES);
        let head = &text[..b];
        clock_tail.is_match(head)
            || phrase_before(text, b, &p.w.suffixes).is_some_and(|s| {
                let t = skip_ws_back(text, s, MAX_GAP_SPACES);
                digit_before(text, t) && !digit_at(text, t)
            })
    };
    let cued_hours = p
        .cue_hour
        .iter()
        .flat_map(|re| re.captures_iter(text).map(|c| (c, false)))
        .chain(
            p.conn_hour
                .iter()
                .flat_map(|re| re.captures_iter(text).map(|c| (c, true))),
        )
        .chain(
            p.suffix_hour
                .iter()
                .flat_map(|re| re.captures_iter(text).map(|c| (c, false))),
        );
    {
        // "a las 7", "um 18 Uhr", "lúc 3": a bare hour after a clock cue, ending the phrase
        for (cap, after_conn) in cued_hours {
            let n = cap.get(1).unwrap();
            let m = cap.get(0).unwrap();
            if !whole_word(text, m.start(), m.end()) || digit_after(text, n.end()) {
                continue;
            }
            if after_conn && !clock_before(m.start()) {
                continue;
            }
            // "plus de six heures": the cue is part of a length's marker; "trong khoảng 3-4
            // giờ" (within about 3 to 4 hours): a length's marker stands before a cue that is
            // an approximation
            let b = skip_ws_back(text, n.start(), MAX_GAP_SPACES);
            if phrase_before(text, b, &p.w.length_before).is_some()
                || (phrase_before(text, b, &p.w.approx_before) == Some(m.start())
                    && phrase_before(
                        text,
                        skip_ws_back(text, m.start(), MAX_GAP_SPACES),
                        &p.w.length_before,
                    )
                    .is_some())
            {
                continue;
            }
            let after = skip_ws(text, n.end(), MAX_GAP_SPACES);
            let rest = &text[after..];
            // where the hour's unit ends ("heures"), when one follows
            let unit_end = phrase_at(text, after, &p.w.suffixes);
            // punctuation ends the phrase unless a number goes on ("1.234", "1,5", "10:30")
            let ends_phrase = rest.is_empty()
                || (rest.starts_with(['.', ',', ';', ')', '\n', '?', '!', ':'])
                    && !digit_at(text, after + 1))
                || unit_end.is_some()
                || phrase_at(text, after, &p.w.am_after).is_some()
                || phrase_at(text, after, &p.w.pm_after).is_some()
                || phrase_at(text, after, &p.w.night_after).is_some()
                || phrase_at(text, after, &p.w.connectors).is_some()
                || phrase_at(text, after, &p.w.approx_after).is_some()
                || minutes_word_at(text, after, &p.w.minutes_after).is_some()
                || (after > n.end() && phrase_at(text, after, &p.w.cue_hour_ends).is_some());
            let Some(h) = num_at(n.as_str(), lex) else {
                continue;
            };
            if !ends_phrase || h > 24 {
                continue;
            }
            // "de 4 heures ouvrées" (a repair guarantee of four business hours): a word after the
            // hour's unit that only a length takes
            if unit_end.is_some_and(|e| length_word_at(text, e, &p.w.hour_not_before)) {
                continue;
            }
            // "à 14 heures 30", "vers 1 heure 30 du matin": two digits after the hour word
            // are its minutes
            let minutes = unit_end
                .map(|e| skip_ws(text, e, MAX_GAP_SPACES))
                .and_then(|at| {
                    let d = text.get(at..)?;
                    let digits: String = d.chars().take_while(char::is_ascii_digit).collect();
                    let rest = &d[digits.len()..];
                    (digits.len() == 2
                        && at > after
                        && !rest.starts_with(|c: char| c.is_alphanumeric() || c == '%'))
                    .then(|| Some((digits.parse::<u32>().ok()?, at + 2)))
                    .flatten()
                })
                .filter(|(mi, _)| *mi <= 59);
            let mut r = RawTime::new(n.start(), minutes.map_or(n.end(), |(_, e)| e));
            r.clock = Some(ClockParts {
                hour: h,
                minute: minutes.map_or(0, |(mi, _)| mi),
                second: 0,
                meridiem: None,
            });
            out.push(r);
        }
    }
    for cap in p.clock_dot.captures_iter(text) {
        let m = cap.get(0).unwrap();
        if digit_before(text, m.start())
            || digit_after(text, m.end())
            || text[m.end()..].starts_with(['.', ',']) && digit_at(text, m.end() + 1)
        {
            continue;
        }
        let before = skip_ws_back(text, m.start(), MAX_GAP_SPACES);
        let after = skip_ws(text, m.end(), MAX_GAP_SPACES);
        let cued = phrase_before(text, before, &p.w.cues).is_some()
            || phrase_before(text, before, &p.w.approx_before).is_some();
        if !cued && phrase_at(text, after, &p.w.suffixes).is_none() {
            continue;
        }
        let (h, mi): (u32, u32) = (cap[1].parse().unwrap_or(99), cap[2].parse().unwrap_or(99));
        if h > 24 || mi > 59 {
            continue;
        }
        out.push(clock_atom(m.start(), m.end(), h, mi));
    }
    if let Some(re) = &p.clock_hour_meridiem {
        // "3 PM", "3 da tarde": the meridiem word itself is attached below
        for cap in re.captures_iter(text) {
            let m = cap.get(0).unwrap();
            let n = cap.get(1).unwrap();
            if !whole_word(text, m.start(), m.end()) || digit_before(text, m.start()) {
                continue;
            }
            let h: u32 = n.as_str().parse().unwrap_or(99);
            let mi: u32 = cap.get(2).map_or(0, |x| x.as_str().parse().unwrap_or(99));
            if !(1..=12).contains(&h) || mi > 59 {
                continue;
            }
            // "pendant 6 heures du matin au soir": with the hour's unit written, a length's
            // marker before it makes it a length
            if phrase_at(text, skip_ws(text, n.end(), MAX_GAP_SPACES), &p.w.suffixes).is_some()
                && phrase_before(
                    text,
                    skip_ws_back(text, m.start(), MAX_GAP_SPACES),
                    &p.w.length_before,
                )
                .is_some()
            {
                continue;
            }
            let end = cap.get(2).map_or(n.end(), |x| x.end());
            let mut r = RawTime::new(n.start(), end);
            r.clock = Some(ClockParts {
                hour: h,
                minute: mi,
                second: 0,
                meridiem: None,
            });
            out.push(r);
        }
    }
    if let Some(re) = &p.clock_unit {
        for cap in re.captures_iter(text) {
            let m = cap.get(0).unwrap();
            if !whole_word(text, m.start(), m.end()) || digit_before(text, m.start()) {
                continue;
            }
            let hour_end = cap.get(2).unwrap().end();
            if length_word_at(text, hour_end, &p.w.hour_not_before) {
                continue;
            }
            let Some(h) = num_at(&cap[1], lex) else {
                continue;
            };
            // "一時" alone is "for a while" (一時的, 一時障害), not one o'clock: an hour written in
            // CJK numerals needs minutes, a half, or a part-of-day word before it.
            if cap[1].chars().all(is_cjk_numeral)
                && lex
                    .clock
                    .numeral_hour_needs_context
                    .iter()
                    .any(|w| w == &cap[2])
                && cap.get(3).is_none()
                && cap.get(7).is_none()
                && !lex
                    .clock
                    .am_before
                    .iter()
                    .chain(&lex.clock.pm_before)
                    .chain(&lex.clock.night_before)
                    .any(|w| text[..m.start()].trim_end().ends_with(w.as_str()))
            {
                continue;
            }
            let (mut mi, mut end) = (0, hour_end);
            if let Some(mm) = cap.get(3) {
                // a bare minute number (no marker) must not run into a following word/number
                let marker = cap.get(4);
                let after = marker.map_or(mm.end(), |x| x.end());
                if marker.is_some() || !digit_after(text, mm.end()) {
                    mi = num_at(mm.as_str(), lex).unwrap_or(99);
                    end = after;
                }
            }
            let mut s = 0;
            if let (Some(ss), Some(_)) = (cap.get(5), cap.get(6)) {
                s = num_at(ss.as_str(), lex).unwrap_or(99);
                end = cap.get(6).unwrap().end();
            }
            if let Some(hf) = cap.get(7) {
                if cap.get(3).is_none() {
                    mi = 30;
                    end = hf.end();
                }
            }
            if h > 24 || mi > 59 || s > 59 {
                continue;
            }
            // "6시 43~48분", "6時43～48分": one hour with a range of minutes
            let minute_range = minute_range_after(text, hour_end, &lex.clock.minute_markers);
            if let Some((m1, _, second_at, _)) = minute_range {
                mi = m1;
                end = text[..second_at]
                    .trim_end_matches(|c: char| c.is_whitespace() || "~〜～-–".contains(c))
                    .len();
            }
            let mut r = RawTime::new(m.start(), end);
            r.unit_style = true;
            r.clock = Some(ClockParts {
                hour: h,
                minute: mi,
                second: s,
                meridiem: None,
            });
            if let Some((_, m2, second_at, e)) = minute_range {
                let mut b = RawTime::new(second_at, e);
                b.clock = Some(ClockParts {
                    hour: h,
                    minute: m2,
                    second: 0,
                    meridiem: None,
                });
                r.range_end = Some(Box::new(b));
                r.head_end = r.end;
                r.end = e;
            }
            out.push(r);
        }
    }
    out.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
    let mut kept: Vec<RawTime> = Vec::new();
    for r in out {
        if kept.last().is_some_and(|k| r.start < k.end) {
            continue;
        }
        kept.push(r);
    }
    quarter_hours(text, lex, &mut kept);
    let mut result: Vec<RawTime> = Vec::new();
    for mut r in kept {
        // swallowed by the previous time's zone or meridiem ("+09:00" after a clock)
        if result.last().is_some_and(|l| r.start < l.end) {
            continue;
        }
        if !attach_clock_words(text, lex, zones, &mut r) {
            continue;
        }
        minutes_after(text, &lex.patterns().w, &mut r);
        if r.marked {
            if let Some(bare) = bare_hour_before(text, &r, &lex.patterns().w) {
                if result.last().is_none_or(|l: &RawTime| l.end <= bare.start) {
                    result.push(bare);
                }
            }
        }
        result.push(r);
    }
    result
}

/// A bare hour before a range connector and a marked clock: the "5" of "5 to 6pm".
fn bare_hour_before(text: &str, r: &RawTime, w: &Words) -> Option<RawTime> {
    let b = skip_ws_back(text, r.start, MAX_GAP_SPACES);
    let c = phrase_before(text, b, &w.connectors)?;
    let e = skip_ws_back(text, c, MAX_GAP_SPACES);
    let digits = text[..e]
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if !(1..=2).contains(&digits) {
        return None;
    }
    let s = e - digits;
    if text[..s]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || matches!(c, ':' | '.' | ',' | '/' | '-'))
    {
        return None;
    }
    let h: u32 = text[s..e].parse().ok()?;
    if h > 24 {
        return None;
    }
    let mut bare = RawTime::new(s, e);
    bare.clock = Some(ClockParts {
        hour: h,
        minute: 0,
        second: 0,
        meridiem: None,
    });
    Some(bare)
}

/// Whether `pos` follows a range connector that follows a time ("16h et 17h", "8h30 à 10h").
fn after_connector_and_time(text: &str, pos: usize, w: &Words) -> bool {
    let Some(c) = phrase_before(text, pos, &w.connectors) else {
        return false;
    };
    let e = skip_ws_back(text, c, MAX_GAP_SPACES);
    text[..e]
        .chars()
        .next_back()
        .is_some_and(|ch| ch.is_ascii_digit() || ch == 'h')
}

/// A range connector and an hour-marked clock after `pos`: the "10h" of "entre 10h e 12h30" or
/// "de 9h à 11h" is the range's first clock, not a length.
fn before_connector_and_clock(text: &str, pos: usize, w: &Words) -> bool {
    let a = skip_ws(text, pos, MAX_GAP_SPACES);
    let Some(c) = phrase_at(text, a, &w.connectors) else {
        return false;
    };
    // a word connector needs its spaces ("10h e 12h"); a dash does not ("10h-12h")
    if a == pos && text[a..c].chars().any(char::is_alphabetic) {
        return false;
    }
    let b = skip_ws(text, c, MAX_GAP_SPACES);
    let rest = &text[b..];
    let digits = rest.chars().take_while(|ch| ch.is_ascii_digit()).count();
    (1..=2).contains(&digits) && rest[digits..].starts_with(['h', 'H', ':'])
}

/// Extends a clock atom with meridiem words, suffixes and a zone; false when it is not a time.
fn attach_clock_words(text: &str, lex: &Lexicon, zones: &ZoneTable, r: &mut RawTime) -> bool {
    let w = &lex.patterns().w;
    let mut meridiem = r.clock.and_then(|c| c.meridiem);
    let named = meridiem == Some(Meridiem::Fixed);
    let mut meridiem_word: Option<String> = None;
    let before = skip_ws_back(text, r.start, MAX_GAP_SPACES);
    for (list, m) in [
        (&w.am_before, Meridiem::Am),
        (&w.pm_before, Meridiem::Pm),
        (&w.night_before, Meridiem::Night),
    ] {
        if named {
            break;
        }
        if let Some(s) = phrase_before(text, before, list) {
            meridiem = Some(m);
            meridiem_word = text.get(s..before).map(str::to_lowercase);
            r.start = s;
            r.marked = true;
            break;
        }
    }
    let after = skip_ws(text, r.end, MAX_GAP_SPACES);
    for (list, m) in [
        (&w.am_after, Meridiem::Am),
        (&w.pm_after, Meridiem::Pm),
        (&w.night_after, Meridiem::Night),
    ] {
        if named {
            break;
        }
        if let Some(e) = phrase_at(text, after, list) {
            r.marked = true;
            meridiem = Some(m);
            meridiem_word = text.get(after..e).map(str::to_lowercase);
            r.end = e;
            break;
        }
    }
    let clock = r.clock.as_mut().expect("clock atom");
    // "11h50 trưa", "낮 11시": a midday word with a morning hour keeps the hour
    if meridiem == Some(Meridiem::Pm)
        && (9..=11).contains(&clock.hour)
        && meridiem_word.as_deref().is_some_and(|mw| {
            lex.clock
                .midday
                .iter()
                .any(|w| w.to_lowercase() == mw.trim())
        })
    {
        meridiem = Some(Meridiem::Am);
    }
    // "a las 12:14 de la mañana": a morning that names the part of the day keeps twelve at noon
    if meridiem == Some(Meridiem::Am)
        && clock.hour == 12
        && meridiem_word.as_deref().is_some_and(|mw| {
            lex.clock
                .twelve_is_noon
                .iter()
                .any(|w| w.to_lowercase() == mw.trim())
        })
    {
        meridiem = Some(Meridiem::Pm);
    }
    // "16g07", "9h30": hour and minutes run together are a clock, never a length
    let compact = text.get(r.clock_start..r.end).is_some_and(|t| {
        !t.contains(char::is_whitespace) && t.ends_with(|c: char| c.is_ascii_digit())
    });
    // a length's marker before the hour, or before its cue ("kéo dài 1h30", "mất khoảng 5
    // giờ", "kéo dài đến 24 giờ"): the hour unit is the duration unit too, so it is a length
    // "19h00": whole hours written with their zero minutes are a clock whatever stands before
    let zero_minutes = compact
        && text
            .get(r.clock_start..r.end)
            .is_some_and(|t| t.to_lowercase().ends_with("h00"));
    if meridiem.is_none() && !text[r.clock_start..r.end].contains(':') && !zero_minutes {
        let b = skip_ws_back(text, r.start, MAX_GAP_SPACES);
        // (through a cue, not when a range's second clock follows: "a duré de 9h30 à 13h45")
        let range_follows = || {
            let a = skip_ws(text, r.end, MAX_GAP_SPACES);
            phrase_at(text, a, &w.connectors).is_some_and(|c| {
                let d = skip_ws(text, c, MAX_GAP_SPACES);
                digit_at(text, d)
            })
        };
        // "tới gần 15h", "đến hơn 15h" (until nearly, until past 15:00): a cue before a
        // length marker that is also an approximation keeps the hour a clock, unless a length's
        // marker stands before that cue too ("kéo dài đến gần 24 giờ")
        let cued_approx = |m: usize| {
            phrase_before(text, b, &w.approx_before) == Some(m)
                && phrase_before(text, skip_ws_back(text, m, MAX_GAP_SPACES), &w.cues).is_some_and(
                    |c| {
                        phrase_before(
                            text,
                            skip_ws_back(text, c, MAX_GAP_SPACES),
                            &w.length_before,
                        )
                        .is_none()
                    },
                )
        };
        // "… tới gần 15h cùng ngày": a length is never followed by the day it falls on
        let day_follows = {
            let a = skip_ws(text, r.end, MAX_GAP_SPACES);
            [&w.day_after, &w.same_day, &w.next_day]
                .iter()
                .any(|p| phrase_at(text, a, p).is_some())
        };
        let marker = phrase_before(text, b, &w.length_before)
            .filter(|&m| !day_follows && !cued_approx(m))
            .or_else(|| {
                let c = phrase_before(text, b, &w.cues)?;
                if range_follows() {
                    return None;
                }
                phrase_before(
                    text,
                    skip_ws_back(text, c, MAX_GAP_SPACES),
                    &w.length_before,
                )
            });
        if marker.is_some() {
            return false;
        }
    }
    if lex.clock.hour_needs_cue && r.unit_style && meridiem.is_none() && !compact {
        let b = skip_ws_back(text, r.start, MAX_GAP_SPACES);
        // "khoảng 8 giờ" (a cue) is a time; "gần 2 giờ", "hơn 8 giờ" (nearly, more than: not
        // cues) are lengths, the hour unit being the duration unit too
        let cued = phrase_before(text, b, &w.cues).is_some()
            || phrase_before(text, b, &w.approx_before).is_some_and(|m| {
                phrase_before(text, skip_ws_back(text, m, MAX_GAP_SPACES), &w.cues).is_some()
            });
        if !cued {
            return false;
        }
    }
    if meridiem.is_some() && clock.hour > 12 && meridiem != Some(Meridiem::Night) {
        // "13:00 PM": keep the 24-hour reading
        meridiem = None;
    }
    let written_hour = clock.hour;
    match apply_meridiem(clock.hour, meridiem) {
        Some(h) => clock.hour = h,
        None => return false,
    }
    if written_hour == 24 && meridiem.is_none() {
        r.hour_24 = true;
    }
    // "14日晚上12点", "14일 밤 12시": twelve at night ends the day written with it
    if meridiem == Some(Meridiem::Night) && written_hour == 12 {
        r.day_end = true;
    }
    clock.meridiem = meridiem;
    // "오후 6시 43~48분": the minute range's end shares the hour and its half of the day
    let hour = clock.hour;
    if let Some(c) = r
        .range_end
        .as_mut()
        .and_then(|b| b.clock.as_mut())
        .filter(|c| c.hour == written_hour)
    {
        c.hour = hour;
        c.meridiem = meridiem;
    }
    // a bare "-07:30" is an offset only on ISO-like times ("T09:08:00-05:00"), not in "06:00-07:30"
    let iso_like = text[r.start..r.end].matches(':').count() >= 2 || text[..r.start].ends_with('T');
    // a zone's name that opens with the clock's suffix word ("16h heure de Paris", "10H30
    // heure française") is the zone, not the suffix
    let mut zone = zone_after(text, r.end, lex, zones, iso_like);
    if zone.is_none() {
        let after = skip_ws(text, r.end, MAX_GAP_SPACES);
        if let Some(e) = phrase_at(text, after, &w.suffixes) {
            r.end = e;
            r.marked = true;
            // (a zone after the suffix: "16 heures UTC")
            zone = zone_after(text, r.end, lex, zones, iso_like);
        }
    }
    if let Some((zone, end)) = zone {
        r.zone = Some(zone);
        r.end = end;
    } else if let Some(zone) = zone_name_before(text, r.start, zones) {
        // "倫敦時間下午1時50分", "뉴욕 시간 오후 3시": the name written just before the clock
        r.zone = Some(zone);
    } else if let Some(zone) = zone_abbreviation_before(text, r.start, lex, zones) {
        // "（UTC）11:48", "UTC 14:05"
        r.zone = Some(zone);
    }
    true
}

/// A zone abbreviation written just before a clock, alone or in brackets: "UTC 14:05",
/// "世界協調時間（UTC）11:48（即香港時間 19:48）". Not one that ends another time ("10:00 UTC
/// 11:00" gives the second clock nothing): a digit before the abbreviation means it is that
/// time's zone.
fn zone_abbreviation_before(
    text: &str,
    pos: usize,
    lex: &Lexicon,
    zones: &ZoneTable,
) -> Option<ZoneRef> {
    let mut b = skip_ws_back(text, pos, MAX_GAP_SPACES);
    let bracketed = text[..b].ends_with([')', '）']);
    if bracketed {
        b = skip_ws_back(
            text,
            b - text[..b].chars().next_back()?.len_utf8(),
            MAX_GAP_SPACES,
        );
    }
    let word_start = text[..b]
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_uppercase())
        .last()
        .map(|(i, _)| i)?;
    let abbr = &text[word_start..b];
    let before = text[..word_start].chars().next_back();
    if before.is_some_and(|c| c.is_alphanumeric() && c.is_ascii()) {
        return None;
    }
    let mut a = word_start;
    if bracketed {
        // the bracket must open right before the abbreviation
        if !before.is_some_and(|c| c == '(' || c == '（') {
            return None;
        }
        a -= before?.len_utf8();
    }
    let a = skip_ws_back(text, a, MAX_GAP_SPACES);
    if text[..a]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_digit())
    {
        return None;
    }
    zones.abbreviation(abbr, &lex.code)
}

/// A zone's name ending right before `pos` (spaces apart): "倫敦時間", "뉴욕 시간", "北京时间".
fn zone_name_before(text: &str, pos: usize, zones: &ZoneTable) -> Option<ZoneRef> {
    let b = skip_ws_back(text, pos, MAX_GAP_SPACES);
    let last = text[..b].chars().next_back()?.to_lowercase().next()?;
    if !last.is_alphabetic() {
        return None;
    }
    let (_, zone) = zones.names_ending_with(last).find(|(n, _)| {
        b >= n.len()
            && text
                .get(b - n.len()..b)
                .is_some_and(|t| t.to_lowercase() == *n)
            && !text[..b - n.len()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() && c.is_ascii())
    })?;
    Some(named_zone(zone))
}

/// The reference a zone name stands for (names are checked as IANA zones or UTC on load).
fn named_zone(zone: &str) -> ZoneRef {
    ZoneRef {
        offset: None,
        zone: zone.to_string(),
        warning: None,
        loose: false,
    }
}

/// Longest weekday form counted as short ("So", "Sat", "Tues"): alone, it must look like a date.
const MAX_SHORT_WEEKDAY_CHARS: usize = 4;

/// Longest zone name read right after a time ("central european summer time").
const MAX_ZONE_NAME_CHARS: usize = 40;

/// A zone written right after a time: "UTC", "(GMT+7)", "+09:00", "Z", "KST", or a zone's name
/// ("London time", "heure de Paris").
pub fn zone_after(
    text: &str,
    pos: usize,
    lex: &Lexicon,
    zones: &ZoneTable,
    iso_like: bool,
) -> Option<(ZoneRef, usize)> {
    let w = &lex.patterns().w;
    if text[pos..].starts_with('Z') && !text[pos + 1..].starts_with(|c: char| c.is_alphanumeric()) {
        return Some((
            ZoneRef {
                offset: parse_offset("+00:00"),
                zone: "UTC".into(),
                warning: None,
                loose: false,
            },
            pos + 1,
        ));
    }
    let mut p = skip_ws(text, pos, 1);
    let paren = text[p..].starts_with('(');
    if paren {
        p = skip_ws(text, p + 1, 1);
    }
    // (a joiner word may stand before the zone: "18 giờ 20 theo giờ Việt Nam")
    // ("às 15h (pelo horário de Brasília)")
    let joined = lex.clock.zone_joiners.iter().find_map(|j| {
        let j = j.to_lowercase();
        let n = j.len();
        (!j.is_empty()
            && text.get(p..p + n).is_some_and(|t| t.to_lowercase() == j)
            && text[p + n..].starts_with(' '))
        .then(|| skip_ws(text, p + n, 1))
    });
    if let Some((z, end)) = joined.and_then(|q| zone_after(text, q, lex, zones, false)) {
        if !paren {
            return Some((z, end));
        }
        let q = skip_ws(text, end, 1);
        if text[q..].starts_with(')') {
            return Some((z, q + 1));
        }
    }
    let rest = &text[p..];
    let mut found: Option<(ZoneRef, usize)> = None;
    if let Some(c) = lex.patterns().offset.captures(rest) {
        let whole = c.get(0).unwrap();
        let t = whole.as_str();
        let bare_ok = t.starts_with('+') || (t.starts_with(['-', '−']) && iso_like && p == pos);
        if t.starts_with(['U', 'G']) || bare_ok {
            if let Some(o) = parse_offset(&c[1]) {
                found = Some((
                    ZoneRef {
                        offset: Some(o),
                        zone: super::zones::offset_string(o),
                        warning: None,
                        loose: false,
                    },
                    p + whole.end(),
                ));
            }
        }
    }
    if found.is_none() {
        if let Some(a) = abbreviation_at(rest, &w.abbreviations) {
            if let Some(z) = zones.abbreviation(a, &lex.code) {
                found = Some((z, p + a.len()));
            }
        }
    }
    if found.is_none() {
        if let Some(m) = lex.patterns().iana.find(rest) {
            if let Ok(tz) = m.as_str().parse::<chrono_tz::Tz>() {
                found = Some((
                    ZoneRef {
                        offset: None,
                        zone: tz.name().to_string(),
                        warning: None,
                        loose: false,
                    },
                    p + m.end(),
                ));
            }
        }
    }
    if found.is_none() {
        // a zone's name: "13:50 London time", "15h30 heure de Paris", "3pm Pacific time"
        let first = rest
            .chars()
            .next()
            .map(|c| c.to_lowercase().next().unwrap_or(c));
        if let Some(first) = first.filter(|c| c.is_alphabetic()) {
            if let Some((name, zone)) = zones.names_starting_with(first).find(|(n, _)| {
                n.chars().count() <= MAX_ZONE_NAME_CHARS
                    && rest.get(..n.len()).is_some_and(|r| r.to_lowercase() == *n)
                    && !rest[n.len()..].starts_with(|c: char| c.is_alphanumeric())
            }) {
                found = Some((named_zone(zone), p + name.len()));
            }
        }
    }
    let (z, mut end) = found?;
    if paren {
        let q = skip_ws(text, end, 1);
        if text[q..].starts_with(')') {
            end = q + 1;
        } else {
            return None;
        }
    }
    Some((z, end))
}

/// Month and day of a numeric date written `a/b` in the given order, unless only the other
/// order is a date ("25/12" on a month-first page is 25 December).
fn month_day(day_first: bool, a: u32, b: u32) -> (u32, u32) {
    let (mo, d) = if day_first { (b, a) } else { (a, b) };
    if mo > 12 && d <= 12 {
        (d, mo)
    } else {
        (mo, d)
    }
}

fn valid_date(y: Option<i32>, m: u32, d: u32) -> bool {
    (1..=12).contains(&m) && (1..=31).contains(&d) && y.is_none_or(|y| YEAR_RANGE.contains(&y))
}

/// Scans dates: ISO and numeric, month names, CJK markers and relative day words.
fn scan_dates(
    text: &str,
    lex: &Lexicon,
    zones: &ZoneTable,
) -> (Vec<RawTime>, Vec<RawTime>, Vec<RawTime>) {
    let p = lex.patterns();
    let mut out: Vec<RawTime> = Vec::new();
    let push = |out: &mut Vec<RawTime>, s: usize, e: usize, dp: DateParts| {
        let mut r = RawTime::new(s, e);
        r.date = Some(dp);
        out.push(r);
    };
    // A calendar date, kept only when it is a real one.
    let push_ymd = |out: &mut Vec<RawTime>, s: usize, e: usize, y: Option<i32>, mo: u32, d: u32| {
        if valid_date(y, mo, d) {
            push(
                out,
                s,
                e,
                DateParts {
                    year: y,
                    month: Some(mo),
                    day: Some(d),
                    ..Default::default()
                },
            );
        }
    };
    // a holiday named ("on Christmas Eve", "an Heiligabend", "元旦当天"): its day of the year
    if let Some((finder, days)) = &p.holidays {
        let alpha = |c: char| c.is_alphabetic() && (c as u32) < 0x2E80;
        for m in finder.find_iter(text) {
            let (at, end) = (m.start(), m.end());
            if text[..at].ends_with(alpha) || text[end..].starts_with(alpha) {
                continue;
            }
            let (mo, d) = days[m.pattern().as_usize()];
            push_ymd(&mut out, at, end, None, mo, d);
        }
    }
    for c in p.date_ymd.captures_iter(text) {
        let m = c.get(0).unwrap();
        // a label's colon may stand right before it ("发布时间：2021-07-14", "date:2021-07-14")
        let digit_just_before = text[..m.start()]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit());
        if digit_just_before || digit_after(text, m.end()) {
            continue;
        }
        let y = c[1].parse().ok();
        let (mo, d) = (c[3].parse().unwrap_or(0), c[4].parse().unwrap_or(0));
        push_ymd(&mut out, m.start(), m.end(), y, mo, d);
    }
    for c in p.date_numeric.captures_iter(text) {
        let m = c.get(0).unwrap();
        // not a version ("v1.2.10"), an address or part of a longer number
        if digit_before(text, m.start())
            || digit_after(text, m.end())
            || text[..m.start()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '.')
        {
            continue;
        }
        let a: u32 = c[1].parse().unwrap_or(0);
        let b: u32 = c[3].parse().unwrap_or(0);
        if lex.date_order == DateOrder::Ymd && c[1].len() == 2 && c[4].len() == 2 {
            // "22.10.16": a two-digit year first
            if text[m.end()..].starts_with('.') && digit_at(text, m.end() + 1) {
                continue;
            }
            let y = full_year(a as i32);
            let d: u32 = c[4].parse().unwrap_or(0);
            push_ymd(&mut out, m.start(), m.end(), Some(y), b, d);
            continue;
        }
        let y = match c[4].len() {
            2 => {
                // "15.05.99", "23/06/18": not a version or address ("1.2.10.4")
                if text[m.end()..].starts_with('.') && digit_at(text, m.end() + 1) {
                    continue;
                }
                c[4].parse::<i32>().ok().map(full_year)
            }
            _ => c[4].parse().ok(),
        };
        let dmy = (lex.date_order == DateOrder::Dmy || &c[2] == ".")
            && !(&c[2] != "."
                && a <= 12
                && b <= 12
                && month_first_zone_after(text, m.end(), zones));
        let (mo, d) = month_day(dmy, a, b);
        push_ymd(&mut out, m.start(), m.end(), y, mo, d);
    }
    if let Some(re) = &p.date_month_sep {
        for c in re.captures_iter(text) {
            let m = c.get(0).unwrap();
            if digit_before(text, m.start()) || digit_after(text, m.end()) {
                continue;
            }
            let g = |i: usize| c.get(i).map(|x| x.as_str());
            let (y, mon, d) = if let Some(y) = g(1) {
                (y, g(2), g(3))
            } else if let Some(d) = g(4) {
                (g(6).unwrap_or(""), g(5), Some(d))
            } else {
                (g(9).unwrap_or(""), g(7), g(8))
            };
            let Some(mo) = mon.and_then(|x| lex.month_number(x)) else {
                continue;
            };
            let y = y.parse().ok();
            let d = d.and_then(|d| d.parse().ok()).unwrap_or(0);
            push_ymd(&mut out, m.start(), m.end(), y, mo, d);
        }
    }
    if let Some(re) = &p.date_month_first {
        for c in re.captures_iter(text) {
            let m = c.get(0).unwrap();
            if !whole_word(text, m.start(), m.end()) || digit_after(text, m.end()) {
                continue;
            }
            // "mar 14/03/2023" (a weekday's short form before a numeric date): the number goes
            // on as a numeric date, so no month name stands before it
            if text[m.end()..].starts_with('/') && digit_after(text, m.end() + 1) {
                continue;
            }
            let Some(mo) = lex.month_number(&c[1]) else {
                continue;
            };
            let d = c[2].parse().unwrap_or(0);
            let y = c.get(3).and_then(|x| x.as_str().parse().ok());
            push_ymd(&mut out, m.start(), m.end(), y, mo, d);
        }
    }
    if let Some(re) = &p.date_day_first {
        for c in re.captures_iter(text) {
            let m = c.get(0).unwrap();
            // a prefix caught inside a word ("del 3 de marzo" read as "el 3 …"): the date
            // starts at its day
            let start = if whole_word(text, m.start(), m.end()) {
                m.start()
            } else {
                c.get(1).map_or(m.start(), |d| d.start())
            };
            if !whole_word(text, start, m.end()) || digit_before(text, start) {
                continue;
            }
            let Some(mo) = lex.month_number(&c[2]) else {
                continue;
            };
            let d = c[1].parse().unwrap_or(0);
            let y = c.get(3).and_then(|x| x.as_str().parse().ok());
            push_ymd(&mut out, start, m.end(), y, mo, d);
        }
    }
    // "'21.03.06(토)": a two-digit year after an apostrophe is year-first (Korean notices).
    for c in p.date_apostrophe_year.captures_iter(text) {
        let m = c.get(0).unwrap();
        let (y, mo, d) = (
            c[1].parse::<i32>().unwrap_or(0),
            c[2].parse().unwrap_or(0),
            c[3].parse().unwrap_or(0),
        );
        if !digit_after(text, m.end()) {
            push_ymd(&mut out, m.start(), m.end(), Some(2000 + y), mo, d);
        }
    }
    // "Domingo (180304)", "Sonntag 20180304": a date written as one number, year first, right
    // after a weekday; read only when it falls on that weekday (alone, six digits are a number).
    for m in compact_date_re().find_iter(text) {
        if digit_before(text, m.start()) || digit_after(text, m.end()) {
            continue;
        }
        if let Some((y, mo, d)) = compact_date_after_weekday(text, m.start(), m.as_str(), p) {
            push_ymd(&mut out, m.start(), m.end(), Some(y), mo, d);
        }
    }
    // "14/3 09:10", "5/2(화)", "3.27 14時": a day and month without a year, only when a clock or
    // a bracketed weekday follows (alone, "1/2" is a fraction and "3.27" a number).
    for c in p.date_no_year.captures_iter(text) {
        let m = c.get(0).unwrap();
        if digit_before(text, m.start())
            || text[..m.start()].ends_with(['/', '.', '-', '\''])
            || digit_after(text, m.end())
            || text[m.end()..].starts_with('/')
            // "3.27.5" goes on as a number; "ngày 29/9." ends its sentence
            || (text[m.end()..].starts_with('.') && digit_after(text, m.end() + 1))
        {
            continue;
        }
        // (German writes the day and month with a closing dot: "Update 11.7., 16.45 Uhr")
        let m_end = if &c[2] == "." && text[m.end()..].starts_with('.') {
            m.end() + 1
        } else {
            m.end()
        };
        let rest = &text[m_end..];
        let trimmed = rest.trim_start_matches([' ', '\t']);
        let weekday_note = trimmed.starts_with(['(', '（'])
            && trimmed
                .char_indices()
                .take(MAX_PAREN_NOTE_CHARS)
                .any(|(_, ch)| ch == ')' || ch == '）');
        // (a joiner may stand between them: "31/01 – 23:27 UTC", "14/3, 09:10")
        // ("16.45 Uhr": a dotted clock with its clock word)
        let dotted_clock = |t: &str| {
            let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
            let h = digits(t);
            (1..=2).contains(&h) && t[h..].starts_with('.') && digits(&t[h + 1..]) == 2 && {
                let after = t[h + 3..].trim_start().to_lowercase();
                lex.clock.clock_suffixes.iter().any(|w| {
                    !w.is_empty()
                        && after.starts_with(w.as_str())
                        && !after[w.len()..].starts_with(char::is_alphanumeric)
                })
            }
        };
        let clock_at = |t: &str| {
            t.starts_with(|ch: char| ch.is_ascii_digit())
                && (t
                    .chars()
                    .take(3)
                    .any(|ch| ch == ':' || ch == 'h' || !ch.is_ascii())
                    || dotted_clock(t))
        };
        let joined = after_date_gap(text, m_end, &p.w);
        let clock_follows = (trimmed.len() < rest.len() && clock_at(trimmed))
            || (joined > m_end + rest.len() - trimmed.len() && clock_at(&text[joined..]));
        // "ngày 29-7": a day word before it; "3g sáng 30-7", "3pm 30/7": a clock's meridiem word
        let b = skip_ws_back(text, m.start(), MAX_GAP_SPACES);
        let after_meridiem = phrase_before(text, b, &p.w.am_after).is_some()
            || phrase_before(text, b, &p.w.pm_after).is_some()
            || phrase_before(text, b, &p.w.night_after).is_some();
        // "segunda-feira (6/10)", "lundi 6/10", "Monday, 10/6", "hôm qua 29/9": a weekday or
        // a relative day named just before
        let after_weekday = {
            let w = back_over_date_gap(text, m.start(), 4);
            // (a weekday fused with a part of the day: "Am Montagmorgen (07.03.)")
            let fused = lex.date.weekday_compounds.iter().find_map(|c| {
                let at = ci_suffix(&text[..w], &c.to_lowercase())?;
                lex.date.weekdays.iter().find_map(|d| {
                    let s = ci_suffix(&text[..at], &d.to_lowercase())?;
                    (!text[..s].ends_with(char::is_alphanumeric)).then_some(s)
                })
            });
            w < m.start()
                && (phrase_before(text, w, &lex.date.weekdays).is_some()
                    || fused.is_some()
                    || lex
                        .date
                        .relative_days
                        .keys()
                        .any(|r| phrase_before(text, w, std::slice::from_ref(r)).is_some()))
        };
        // "sáng nay (25/3)", "this morning (25/3)": a part of the day named as today's
        let after_todays_daypart = {
            let w = back_over_date_gap(text, m.start(), 4);
            let parts: Vec<String> = lex.dayparts.hours.keys().cloned().collect();
            let this = &lex.dayparts.this;
            w < m.start()
                && (phrase_before(text, w, this)
                    .and_then(|t| phrase_before(text, skip_ws_back(text, t, 1), &parts))
                    .is_some()
                    || phrase_before(text, w, &parts)
                        .and_then(|t| phrase_before(text, skip_ws_back(text, t, 1), this))
                        .is_some())
        };
        let day_word = after_meridiem
            || after_weekday
            || after_todays_daypart
            || phrase_before(text, b, &lex.date.day_prefixes).is_some();
        if !(weekday_note || clock_follows || day_word) || (&c[2] == "-" && !day_word) {
            continue;
        }
        let (a, b): (u32, u32) = (c[1].parse().unwrap_or(0), c[3].parse().unwrap_or(0));
        let (mo, d) = month_day(lex.date_order == DateOrder::Dmy, a, b);
        push_ymd(&mut out, m.start(), m_end, None, mo, d);
    }
    if let Some(re) = &p.date_cjk {
        for c in re.captures_iter(text) {
            let m = c.get(0).unwrap();
            // a colon before a CJK date is a label's ("発生日時:2021年03月08日"), not a clock's
            if text[..m.start()]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_digit())
            {
                continue;
            }
            let num = |x: &str| -> Option<i64> {
                x.parse()
                    .ok()
                    .or_else(|| super::numbers::parse_cjk(x).and_then(|v| i64::try_from(v).ok()))
            };
            let era_year = match (c.get(2), c.get(3)) {
                (Some(e), Some(n)) if !e.as_str().is_empty() => {
                    let base = lex.date.eras.get(e.as_str()).copied();
                    let n = if lex.date.first_year.iter().any(|f| f == n.as_str()) {
                        Some(1)
                    } else {
                        num(n.as_str())
                    };
                    base.zip(n).map(|(b, n)| b + n as i32)
                }
                _ => None,
            };
            // a two-digit year ("22년 10월 15일", "'22년") is this century's or the last's
            let y = c
                .get(1)
                .map(|x| x.as_str().trim_start_matches(['\'', '‘', '’']))
                .and_then(|x| {
                    let v = num(x)? as i32;
                    Some(if x.len() > 2 { v } else { full_year(v) })
                })
                .or(era_year);
            let mo = num(&c[4]).unwrap_or(0) as u32;
            let d = num(&c[5]).unwrap_or(0) as u32;
            push_ymd(&mut out, m.start(), m.end(), y, mo, d);
        }
    }
    if let Some(re) = &p.relative {
        for m in re.find_iter(text) {
            if !whole_word(text, m.start(), m.end()) {
                continue;
            }
            // "9 de la mañana" is the morning, not tomorrow: a day word that ends a
            // part-of-day phrase ("de la mañana", "da manhã") is not a relative day
            let from = floor_boundary(text, m.end().saturating_sub(PART_OF_DAY_REACH_BYTES));
            let head = text[from..m.end()].to_lowercase();
            if lex
                .clock
                .am_after
                .iter()
                .chain(&lex.clock.pm_after)
                .chain(&lex.clock.night_after)
                // "esa mañana", "la mañana": a part of the day, not tomorrow
                .chain(lex.dayparts.hours.keys())
                .any(|w| {
                    w.chars().count() > m.as_str().chars().count()
                        && head.ends_with(&w.to_lowercase())
                })
            {
                continue;
            }
            let key = m.as_str().to_lowercase();
            let key = key.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(off) = lex.date.relative_days.get(&key) {
                push(&mut out, m.start(), m.end(), relative_day(*off));
            }
        }
    }
    // "sáng qua", "9 giờ tối nay": a day word that is one only right after a part of the day
    if let Some(re) = &p.relative_after_part {
        let parts: Vec<String> = lex
            .dayparts
            .hours
            .keys()
            .chain(&lex.clock.am_after)
            .chain(&lex.clock.pm_after)
            .chain(&lex.clock.night_after)
            .map(|w| w.to_lowercase())
            .collect();
        for m in re.find_iter(text) {
            if !whole_word(text, m.start(), m.end()) {
                continue;
            }
            let head = text[..skip_ws_back(text, m.start(), MAX_GAP_SPACES)].to_lowercase();
            if !parts
                .iter()
                .any(|w| !w.is_empty() && head.ends_with(w.as_str()))
            {
                continue;
            }
            if let Some(off) = lex
                .date
                .relative_after_daypart
                .get(&m.as_str().to_lowercase())
            {
                push(&mut out, m.start(), m.end(), relative_day(*off));
            }
        }
    }
    // A weekday on its own ("Monday 5:00pm MST"), not one that decorates a written date
    // ("Tuesday, April 18, 2006", "15/09, segunda-feira").
    if let Some(re) = &p.weekday {
        // between a weekday and its date: spaces, punctuation and a day word ("Dienstag, den
        // 9. Mai", "martes, el 9")
        let plain_gap = |g: &str| {
            let rest: String = g
                .chars()
                .filter(|c| !(c.is_whitespace() || ",.(（".contains(*c)))
                .collect::<String>()
                .to_lowercase();
            rest.is_empty() || lex.date.day_prefixes.contains(&rest)
        };
        let decorated = |s: usize, e: usize| {
            out.iter().position(|d| {
                let gap_after = d.start >= e
                    && d.start - e <= MAX_WEEKDAY_GAP_BYTES
                    && plain_gap(&text[e..d.start]);
                let gap_before = d.end <= s
                    && text[d.end..s]
                        .chars()
                        .all(|c| c.is_whitespace() || ",.(（".contains(c))
                    && s - d.end <= MAX_WEEKDAY_GAP_BYTES;
                d.date
                    .is_some_and(|x| x.day.is_some() || x.relative.is_some())
                    && (gap_after || gap_before)
            })
        };
        let mut found = Vec::new();
        let mut decorations = Vec::new();
        for m in re.find_iter(text) {
            // "Donnerstagabend": a weekday fused with a part of the day
            let fused = || -> Option<usize> {
                if text[..m.start()]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
                {
                    return None;
                }
                let rest = &text[m.end()..];
                lex.date
                    .weekday_compounds
                    .iter()
                    .find(|c| {
                        rest.get(..c.len())
                            .is_some_and(|h| h.eq_ignore_ascii_case(c))
                            && !rest[c.len()..].starts_with(char::is_alphanumeric)
                    })
                    .map(|c| c.len())
            };
            let extra = if whole_word(text, m.start(), m.end()) {
                0
            } else if let Some(n) = fused() {
                n
            } else {
                continue;
            };
            // a short form on its own ("So", "Sat", "Mi") is a weekday only as written in
            // dates: capitalised, and with a point, a comma or a number after it ("So., 3.
            // März", "Sat 5:00pm"); "so dass", "the sun", "sat down" are words
            let short = m.as_str().chars().count() <= MAX_SHORT_WEEKDAY_CHARS
                && m.as_str()
                    .chars()
                    .all(|c| c.is_alphabetic() && c.is_ascii());
            if short && extra == 0 {
                let capital = m.as_str().starts_with(|c: char| c.is_uppercase());
                let after = text[m.end()..].trim_start_matches(' ');
                let dated = after.starts_with(['.', ','])
                    || after.starts_with(|c: char| c.is_ascii_digit());
                if !(capital && dated) && decorated(m.start(), m.end()).is_none() {
                    continue;
                }
            }
            let n = p.weekday_number.get(&m.as_str().to_lowercase()).copied();
            // a fused weekday decorates its date too ("Am Montagmorgen (07.03.)")
            let decorates = decorated(m.start(), m.end())
                .or_else(|| (extra > 0).then(|| decorated(m.start(), m.end() + extra))?);
            if let Some(i) = decorates {
                // the date keeps its weekday, to check the day against it
                if let Some(n) = n {
                    decorations.push((i, n));
                }
                continue;
            }
            if let Some(n) = n {
                found.push((m.start(), m.end() + extra, n));
            }
        }
        for (i, n) in decorations {
            if let Some(d) = out[i].date.as_mut().filter(|d| d.day.is_some()) {
                d.weekday = Some(n);
            }
        }
        // a weekday in brackets right after a date, short or full ("5/2(화)", "3月9日（火）",
        // "7月13日(周二)")
        for r in out.iter_mut() {
            let Some(d) = r
                .date
                .as_mut()
                .filter(|d| d.day.is_some() && d.weekday.is_none())
            else {
                continue;
            };
            let rest = text[r.end..].trim_start_matches([' ', '\t']);
            let Some(inner) = rest
                .strip_prefix(['(', '（'])
                .and_then(|x| x.split_once([')', '）']))
                .map(|(w, _)| w.trim().to_lowercase())
            else {
                continue;
            };
            let short = lex
                .date
                .weekday_short
                .iter()
                .position(|w| *w == inner)
                .map(|i| i as u32 + 1);
            if let Some(n) = short.or_else(|| p.weekday_number.get(&inner).copied()) {
                d.weekday = Some(n);
            }
        }
        for (s, e, n) in found {
            // "sexta-feira (3)", "viernes (3)": the day of the month in brackets right after
            // its weekday, as Brazilian and Spanish news write it; month and year are the page's
            let paren_day = text[e..]
                .trim_start_matches(' ')
                .strip_prefix('(')
                .and_then(|r| {
                    let close = r.find(')')?;
                    let num = &r[..close];
                    let digits = num.len() <= 2 && num.bytes().all(|b| b.is_ascii_digit());
                    let d: u32 = num.parse().ok().filter(|_| digits)?;
                    (1..=31)
                        .contains(&d)
                        .then(|| (d, text.len() - r.len() + close + 1))
                });
            let (day, e) = match paren_day {
                Some((d, end)) => (Some(d), end),
                None => (None, e),
            };
            push(
                &mut out,
                s,
                e,
                DateParts {
                    day,
                    weekday: Some(n),
                    ..Default::default()
                },
            );
        }
    }
    out.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
    let mut kept: Vec<RawTime> = Vec::new();
    for r in out {
        if kept.last().is_some_and(|k| r.start < k.end) {
            continue;
        }
        kept.push(r);
    }
    // day-only ("24일"): kept apart, used only when a clock follows
    let kept_spans: Vec<(usize, usize)> = kept.iter().map(|k| (k.start, k.end)).collect();
    let mut day_only = days_of_month(p.day_only.as_ref(), text, &kept_spans, |m| {
        digit_before(text, m.start())
    });
    // a day alone after its prefix ("le 28", "am 28."): only before a clock
    let day_alone = days_of_month(p.day_alone.as_ref(), text, &kept_spans, |m| {
        !whole_word(text, m.start(), m.end()) && !text[..m.end()].ends_with('.')
            || digit_after(text, m.end())
    });
    dated_relative_days(text, &mut kept, &mut day_only);
    (kept, day_only, day_alone)
}

/// A relative day the writer dates in brackets ("Gestern (21.09.2017)", "어제(25일)",
/// "yesterday (March 3)", "昨日（25日）"): the written date is the day, and the bracket is part
/// of the mention. A relative day counts from the page's date, which may be a later update's.
fn dated_relative_days(text: &str, kept: &mut Vec<RawTime>, day_only: &mut Vec<RawTime>) {
    let mut i = 0;
    while i < kept.len() {
        if kept[i].date.is_none_or(|d| d.relative.is_none()) {
            i += 1;
            continue;
        }
        let end = kept[i].end;
        let rest = &text[end..];
        let open = rest.trim_start_matches(' ');
        let Some(inner) = open.strip_prefix('(').or_else(|| open.strip_prefix('（')) else {
            i += 1;
            continue;
        };
        let at = text.len() - inner.len();
        let at = at + (inner.len() - inner.trim_start_matches(' ').len());
        let closes = |e: usize| {
            let after = text[e..].trim_start_matches(' ');
            after.starts_with(')') || after.starts_with('）')
        };
        let close_end = |e: usize| {
            let after = text[e..].trim_start_matches(' ');
            let c = after.chars().next().map_or(0, char::len_utf8);
            text.len() - after.len() + c
        };
        let written = |d: &RawTime| {
            d.start == at
                && d.clock.is_none()
                && d.date
                    .is_some_and(|x| x.relative.is_none() && x.day.is_some())
                && closes(d.end)
        };
        if let Some(j) = kept.iter().position(written) {
            let (date, e) = (kept[j].date, close_end(kept[j].end));
            kept[i].date = date;
            kept[i].end = e;
            kept.remove(j);
        } else if let Some(j) = day_only.iter().position(written) {
            let (date, e) = (day_only[j].date, close_end(day_only[j].end));
            kept[i].date = date;
            kept[i].end = e;
            day_only.remove(j);
        }
        i += 1;
    }
}

/// Days of the month (1–31, the pattern's first group) that `re` finds outside `kept` and
/// `skip` does not turn down.
fn days_of_month(
    re: Option<&Regex>,
    text: &str,
    kept: &[(usize, usize)],
    skip: impl Fn(&regex::Match) -> bool,
) -> Vec<RawTime> {
    let Some(re) = re else {
        return Vec::new();
    };
    re.captures_iter(text)
        .filter_map(|c| {
            let m = c.get(0)?;
            let d = parse_number(&c[1], &std::collections::BTreeMap::new()).unwrap_or(0.0) as u32;
            if skip(&m) || overlaps_sorted(kept, m.start(), m.end()) || !(1..=31).contains(&d) {
                return None;
            }
            let mut r = RawTime::new(m.start(), m.end());
            r.date = Some(DateParts {
                day: Some(d),
                ..Default::default()
            });
            Some(r)
        })
        .collect()
}

/// The last of `days` (in text order) whose gap to a clock at `pos` is only date-to-time words.
fn day_right_before(days: &[RawTime], text: &str, w: &Words, pos: usize) -> Option<usize> {
    days.partition_point(|d| d.end <= pos)
        .checked_sub(1)
        .filter(|&i| after_date_gap(text, days[i].end, w) == pos)
}

/// Whether the words around a bare day number make it a length: a length word, "ago" or
/// "later" after it, "about" or a length word before it, or another number part right after
/// ("1일 3시간").
fn day_is_length(text: &str, start: usize, end: usize, w: &Words) -> bool {
    let a = skip_ws(text, end, MAX_GAP_SPACES);
    if text[a..].starts_with(|c: char| c.is_ascii_digit()) {
        return true;
    }
    let b = skip_ws_back(text, start, MAX_GAP_SPACES);
    [&w.day_length_after, &w.ago_after, &w.later_after]
        .iter()
        .any(|l| phrase_at(text, a, l).is_some())
        || [&w.approx_before, &w.day_length_before]
            .iter()
            .any(|l| phrase_before(text, b, l).is_some())
}

/// Where a clock may start after a date: past spaces, "(토)", a weekday, a joiner.
fn after_date_gap(text: &str, pos: usize, w: &Words) -> usize {
    let mut p = skip_ws(text, pos, MAX_GAP_SPACES);
    if text[p..].starts_with(['(', '（']) {
        let close = text[p..]
            .char_indices()
            .take(MAX_PAREN_NOTE_CHARS)
            .find(|(_, c)| *c == ')' || *c == '）');
        if let Some((i, c)) = close {
            p = skip_ws(text, p + i + c.len_utf8(), MAX_GAP_SPACES);
        }
    }
    if let Some(e) = phrase_at(text, p, &w.weekdays) {
        p = e;
        if text[p..].starts_with(',') {
            p += 1;
        }
        p = skip_ws(text, p, MAX_GAP_SPACES);
    }
    if text[p..].starts_with('T') && text[p + 1..].starts_with(|c: char| c.is_ascii_digit()) {
        return p + 1;
    }
    if let Some(e) = phrase_at(text, p, &w.date_time_joiners) {
        p = skip_ws(text, e, MAX_GAP_SPACES);
        // a comma and a clock's word ("No dia 28, às 15h", "Ngày 28, lúc 15h")
        if text[..e].ends_with(',') {
            if let Some(e) = phrase_at(text, p, &w.date_time_joiners) {
                p = skip_ws(text, e, MAX_GAP_SPACES);
            }
        }
    }
    // a range may follow the date: "mañana de 10 a.m. a 12 p.m.", "June 3 from 9 to 10"
    if let Some(e) = phrase_at(text, p, &w.openers) {
        p = skip_ws(text, e, MAX_GAP_SPACES);
    }
    p
}

/// The date written right after a relative day, set off by a comma or a bracket and perhaps
/// a day word ("hôm qua, ngày 23/4/2018", "yesterday (March 12)"): a full day and month.
fn written_date_after_relative(
    text: &str,
    end: usize,
    dates: &[RawTime],
    lex: &Lexicon,
) -> Option<usize> {
    let rest = &text[end..];
    let sep = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let mut p = end + sep;
    let c = text[p..]
        .chars()
        .next()
        .filter(|c| matches!(c, ',' | '(' | '（' | '-' | '–'))?;
    p = skip_ws(text, p + c.len_utf8(), MAX_GAP_SPACES);
    if let Some(e) = phrase_at(text, p, &lex.date.day_prefixes) {
        p = skip_ws(text, e, MAX_GAP_SPACES);
    }
    let j = dates.binary_search_by_key(&p, |d| d.start).ok()?;
    dates[j]
        .date
        .is_some_and(|d| d.relative.is_none() && d.day.is_some() && d.month.is_some())
        .then_some(j)
}

/// Where a date may start after a clock: "on", a weekday and a comma, or a weekday and the
/// date in brackets ("16:10 horas deste domingo (9/6)").
fn after_time_gap(text: &str, pos: usize, w: &Words) -> Option<usize> {
    let p = skip_ws(text, pos, MAX_GAP_SPACES);
    let Some(e) = phrase_at(text, p, &w.time_date_joiners) else {
        // a relative day may follow directly: "20h30 aujourd'hui", "3 PM tomorrow"
        return Some(p);
    };
    let mut p = skip_ws(text, e, MAX_GAP_SPACES);
    if let Some(e) = phrase_at(text, p, &w.weekdays) {
        p = e;
        if text[p..].starts_with(',') {
            p += 1;
        }
        p = skip_ws(text, p, MAX_GAP_SPACES);
        if let Some(c) = text[p..].chars().next().filter(|c| matches!(c, '(' | '（')) {
            p += c.len_utf8();
        }
    }
    Some(p)
}

/// Whether `text` may hold a month-name date of this lexicon ("Mar 04, 2025", "4 March").
pub fn has_month_name_date(text: &str, lex: &Lexicon) -> bool {
    let p = lex.patterns();
    p.date_month_first
        .as_ref()
        .is_some_and(|r| r.is_match(text))
        || p.date_day_first.as_ref().is_some_and(|r| r.is_match(text))
}

/// Scans every time expression of `text` (already normalised) with one lexicon.
/// Drops a media player's position and length ("0:00 / 0:00", "0:00 / 2:31" beside an
/// embedded video or audio clip): a clock at zero, a slash, then a minutes:seconds length. No
/// report writes a time of the day that way.
pub fn drop_media_positions(text: &str, raw: &mut Vec<RawTime>) {
    static PLAYER: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let player = PLAYER.get_or_init(|| {
        Regex::new(r"(?:^|[^0-9:])(0?0:00 ?/ ?\d{1,2}:\d{2})(?:$|[^0-9:])").unwrap()
    });
    let spans: Vec<(usize, usize)> = player
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| (m.start(), m.end())))
        .collect();
    if spans.is_empty() {
        return;
    }
    raw.retain(|r| !spans.iter().any(|&(s, e)| r.start >= s && r.start < e));
}

/// Drops a zone-less clock glossed in parentheses with its time in the page's own zone ("11:49
/// PM (13:49 VN)" on a Vietnamese page): the two are one instant, the first in a zone the page
/// does not name, and read in the page's zone it would be a second, wrong event. (A local time
/// glossed in another zone, "09.15 local (12:15 GMT)", is kept: the pair fixes the page's
/// offset.)
pub fn drop_glossed_clocks(text: &str, raw: &mut Vec<RawTime>, home: Option<&str>) {
    let Some(home) = home else { return };
    let mut drop = vec![false; raw.len()];
    for i in 1..raw.len() {
        let (a, b) = (&raw[i - 1], &raw[i]);
        let plain = |r: &RawTime| r.clock.is_some() && r.range_end.is_none();
        if !plain(a)
            || !plain(b)
            || a.zone.is_some()
            || b.zone.as_ref().is_none_or(|z| z.zone != home)
        {
            continue;
        }
        if text
            .get(a.end..b.start)
            .is_some_and(|gap| matches!(gap.trim(), "(" | "（"))
        {
            drop[i - 1] = true;
        }
    }
    let mut k = 0;
    raw.retain(|_| {
        k += 1;
        !drop[k - 1]
    });
}

pub fn scan_times(text: &str, lex: &Lexicon, zones: &ZoneTable) -> Vec<RawTime> {
    let w = &lex.patterns().w;
    let clocks = scan_clocks(text, lex, zones);
    let (dates, day_only, day_alone) = scan_dates(text, lex, zones);
    // drop clocks inside dates (e.g. "2025.10.07" misread) and dates inside clocks
    let date_spans: Vec<(usize, usize)> = dates.iter().map(|d| (d.start, d.end)).collect();
    let mut used_date = vec![false; dates.len()];
    // a relative date swallowed by a day-part word ("今晚6点"): the date goes with the clock
    let clocks: Vec<RawTime> = clocks
        .into_iter()
        .filter_map(|mut c| {
            let i = dates.partition_point(|d| d.start < c.start);
            if let Some(d) = dates.get(i).filter(|d| d.start == c.start && d.end < c.end) {
                c.date = d.date;
                used_date[i] = true;
                return Some(c);
            }
            (!overlaps_sorted(&date_spans, c.start, c.end)).then_some(c)
        })
        .collect();
    let mut items: Vec<RawTime> = Vec::new();
    let mut used_day = vec![false; day_only.len()];
    let mut di = 0;
    for mut c in clocks {
        c.clock_start = c.start;
        // a date (or day-only) right before this clock
        let mut merged = false;
        while di < dates.len() && dates[di].end <= c.start {
            di += 1;
        }
        for (i, d) in dates.iter().enumerate().take(di).rev().take(1) {
            if !used_date[i] && after_date_gap(text, d.end, w) == c.start {
                c.start = d.start;
                c.date = d.date;
                used_date[i] = true;
                merged = true;
            }
        }
        if !merged {
            if let Some(i) = day_right_before(&day_only, text, w, c.start) {
                c.start = day_only[i].start;
                c.date = day_only[i].date;
                used_day[i] = true;
                merged = true;
            } else if let Some(i) = day_right_before(&day_alone, text, w, c.start) {
                c.start = day_alone[i].start;
                c.date = day_alone[i].date;
                merged = true;
            }
        }
        if !merged {
            if let Some(p) = after_time_gap(text, c.end, w) {
                if let Ok(i) = dates.binary_search_by_key(&p, |d| d.start) {
                    let direct = skip_ws(text, c.end, MAX_GAP_SPACES) == p;
                    let relative = dates[i].date.is_some_and(|d| d.relative.is_some());
                    // "16h30 chiều 29/9", "9h sáng 3/10": a clock closed by its part of the
                    // day takes the date written right after it
                    let daypart = c.marked && text[..c.end].ends_with(char::is_alphabetic);
                    if !used_date[i] && (!direct || relative || daypart) {
                        c.end = dates[i].end;
                        // (the bracket the date was opened with closes it)
                        if text[..p].ends_with(['(', '（']) {
                            if let Some(b) = text[c.end..]
                                .chars()
                                .next()
                                .filter(|b| matches!(b, ')' | '）'))
                            {
                                c.end += b.len_utf8();
                            }
                        }
                        c.date = dates[i].date;
                        used_date[i] = true;
                        // a relative day the writer then dates ("23h50 hôm qua, ngày 23/4/2018",
                        // "at 10 pm yesterday, March 12"): the written date is the day
                        if let Some(j) = written_date_after_relative(text, c.end, &dates, lex)
                            .filter(|&j| {
                                !used_date[j] && dates[i].date.is_some_and(|d| d.relative.is_some())
                            })
                        {
                            c.end = dates[j].end;
                            c.date = dates[j].date;
                            used_date[j] = true;
                        }
                    }
                }
            }
        }
        // a day alone after its prefix right after the clock, a comma at most between ("desde
        // as 13h45, do dia 25 até …", "à 14h, le 3"): the clock's day
        if !merged && c.date.is_none() {
            let i = day_alone.partition_point(|d| d.start < c.end);
            if let Some(d) = day_alone.get(i).filter(|d| {
                let gap = &text[c.end..d.start];
                gap.chars().count() <= MAX_GAP_SPACES + 1
                    && gap.chars().all(|ch| ch.is_whitespace() || ch == ',')
            }) {
                c.end = d.end;
                c.date = d.date;
            }
        }
        // a zone's name before the date merged in front of the clock names the clock's zone
        // ("美東時間週四(15日)傍晚5點", "미국 동부시간 15일 오후 5시")
        if merged && c.zone.is_none() {
            c.zone = zone_name_before(text, c.start, zones);
        }
        if c.date.is_none() {
            // "the next day at 08:00", "다음 날 01:20", "翌日 1時20分"
            let mut b = skip_ws_back(text, c.start, MAX_GAP_SPACES);
            if let Some(j) = phrase_before(text, b, &w.date_time_joiners) {
                if phrase_before(text, skip_ws_back(text, j, MAX_GAP_SPACES), &w.next_day).is_some()
                {
                    b = skip_ws_back(text, j, MAX_GAP_SPACES);
                }
            }
            if phrase_before(text, b, &w.next_day).is_some() {
                c.next_day = true;
            } else if phrase_before(text, b, &w.same_day).is_some() {
                c.same_day = true;
            } else if phrase_before(text, b, &w.this_day).is_some() {
                c.this_day = true;
            } else {
                // after the clock: "08:00 the following morning", "13:39 later that day",
                // "um 8 Uhr am nächsten Morgen", "às 8h do dia seguinte"
                let mut a = skip_ws(text, c.end, MAX_GAP_SPACES);
                if let Some(j) = phrase_at(text, a, &w.time_date_joiners) {
                    let q = skip_ws(text, j, MAX_GAP_SPACES);
                    if phrase_at(text, q, &w.next_day).is_some()
                        || phrase_at(text, q, &w.same_day).is_some()
                    {
                        a = q;
                    }
                }
                if let Some(e) = phrase_at(text, a, &w.next_day) {
                    c.next_day = true;
                    c.end = e;
                } else if let Some(e) = phrase_at(text, a, &w.same_day) {
                    c.same_day = true;
                    c.end = e;
                }
            }
        }
        // "as of 7:30", "오전 7시30분 현재": the writer's now
        c.as_of = phrase_before(
            text,
            skip_ws_back(text, c.start, MAX_GAP_SPACES),
            &w.as_of_before,
        )
        .is_some()
            || phrase_at(text, skip_ws(text, c.end, MAX_GAP_SPACES), &w.as_of_after).is_some();
        items.push(c);
    }
    // elliptical minute continuations: "23시 18분과 32분"
    if let Some(re) = &lex.patterns().minute_only {
        let mut extra = Vec::new();
        for c in &items {
            if !c.unit_style {
                continue;
            }
            if let Some(cap) = re.captures(&text[c.end..]) {
                let m = cap.get(1).unwrap();
                let mi: u32 = m.as_str().parse().unwrap_or(99);
                let whole = cap.get(0).unwrap();
                if mi <= 59 {
                    let mut r = RawTime::new(c.end + m.start(), c.end + whole.end());
                    let mut clock = c.clock.unwrap();
                    clock.minute = mi;
                    r.clock = Some(clock);
                    r.date = c.date;
                    r.zone = c.zone.clone();
                    r.unit_style = true;
                    extra.push(r);
                }
            }
        }
        items.extend(extra);
    }
    items.sort_by_key(|r| r.start);
    let item_spans: Vec<(usize, usize)> = items.iter().map(|c| (c.start, c.end)).collect();
    for (i, d) in dates.into_iter().enumerate() {
        if !used_date[i] && !overlaps_sorted(&item_spans, d.start, d.end) {
            items.push(d);
        }
    }
    // a bare day number with no clock ("지난 15일 오후", "15日晚间", "15日に"): the day of the
    // month, unless the words around make it a length ("3일 동안", "約3日", "3日間"); in Han
    // numerals only before a clock ("二十五日下午五点"), as "一日" alone is mostly one day
    for (i, d) in day_only.into_iter().enumerate() {
        if !used_day[i]
            && !text[d.start..].starts_with(|c: char| CJK_NUMERAL_CHARS.contains(c))
            && !overlaps_sorted(&item_spans, d.start, d.end)
            && !items.iter().any(|t| t.start < d.end && d.start < t.end)
            && !day_is_length(text, d.start, d.end, w)
        {
            items.push(d);
        }
    }
    items.sort_by_key(|r| r.start);
    for r in items.iter_mut() {
        let b = skip_ws_back(text, r.start, MAX_GAP_SPACES);
        if let Some(s) = phrase_before(text, b, &w.approx_before) {
            r.start = s;
            r.approximate = true;
        }
        let a = skip_ws(text, r.end, MAX_GAP_SPACES);
        if let Some(e) = phrase_at(text, a, &w.approx_after) {
            r.end = e;
            r.approximate = true;
        }
    }
    drop_acronym_zones(text, lex, zones, &mut items);
    merge_ranges(text, items, w)
}

/// An abbreviation the page introduces as the short form of a name ("긴급출동시스템(MDT)",
/// "mobile data terminal (MDT)") is that name all through the page, not a zone written after a
/// time ("오전 8시 MDT 내 장애"); a zone's own name spelled out before it ("Mountain Daylight
/// Time (MDT)") still makes it a zone.
static ACRONYM_DEFINED: std::sync::LazyLock<Regex> = std::sync::LazyLock::new(|| {
    Regex::new(r"(\p{L})[ \t]?[(（]([A-Z]{2,5})[)）]").expect("static regex")
});

/// One search for all of a language's holidays ("MM-DD" each); a day that is not one is skipped.
fn holiday_finder(
    holidays: &std::collections::BTreeMap<String, String>,
) -> Option<(aho_corasick::AhoCorasick, Vec<(u32, u32)>)> {
    let (names, days): (Vec<String>, Vec<(u32, u32)>) = holidays
        .iter()
        .filter_map(|(name, md)| {
            let (m, d) = md.split_once('-')?;
            Some((name.to_lowercase(), (m.parse().ok()?, d.parse().ok()?)))
        })
        .unzip();
    if names.is_empty() {
        return None;
    }
    let finder = aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .match_kind(aho_corasick::MatchKind::LeftmostLongest)
        .build(&names)
        .ok()?;
    Some((finder, days))
}

/// How many times before an abbreviation are checked for holding it (the nearest ones: a time
/// holds only what follows it closely).
const ACRONYM_ITEMS_BACK: usize = 4;

fn drop_acronym_zones(text: &str, lex: &Lexicon, zones: &ZoneTable, items: &mut [RawTime]) {
    if !text.contains(['(', '（']) {
        return;
    }
    let mut named: Vec<&str> = Vec::new();
    for c in ACRONYM_DEFINED.captures_iter(text) {
        let (letter, abbr) = (c.get(1).unwrap(), c.get(2).unwrap());
        if named.contains(&abbr.as_str()) {
            continue;
        }
        // (the page's own zone spelled out in its words, "기준시(KST)", reads the same either way)
        match zones.abbreviation(abbr.as_str(), &lex.code) {
            None => continue,
            Some(z) if lex.default_zone() == Some(z.zone.as_str()) => continue,
            Some(_) => {}
        }
        // (the words right before the bracket, as far as a zone's name runs)
        let from = text[..letter.end()]
            .char_indices()
            .rev()
            .nth(MAX_ZONE_NAME_CHARS)
            .map_or(0, |(i, _)| i);
        let before = text[from..letter.end()].to_lowercase();
        let last = before.chars().next_back().unwrap_or(' ');
        if zones
            .names_ending_with(last)
            .any(|(n, _)| before.ends_with(n.as_str()))
        {
            continue;
        }
        named.push(abbr.as_str());
    }
    // ... and the page uses it as a noun on its own, away from any time and from words that state
    // a zone ("MDT 서비스는"): a zone's translated name ("미국 중부시간(CT)") is written after
    // times only
    let statements = &lex.patterns().w.zone_statements;
    named.retain(|a| {
        text.match_indices(a).any(|(i, _)| {
            let j = i + a.len();
            !text[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '(' || c == '（')
                && !text[j..].starts_with(|c: char| c.is_ascii_alphanumeric())
                // (the items are in order of their starts; a span may hold a range's end)
                && !items[..items.partition_point(|r| r.start <= i)]
                    .iter()
                    .rev()
                    .take(ACRONYM_ITEMS_BACK)
                    .any(|r| j <= r.end)
                && {
                    let near = |s: &str| {
                        let s = s.to_lowercase();
                        statements
                            .iter()
                            .any(|w| !w.is_empty() && s.contains(w.as_str()))
                    };
                    let before: String = text[..i].chars().rev().take(12).collect();
                    let before: String = before.chars().rev().collect();
                    let after: String = text[j..].chars().take(12).collect();
                    !near(&before) && !near(&after)
                }
        })
    });
    if named.is_empty() {
        return;
    }
    let cut = |r: &mut RawTime| {
        if r.zone.is_none() {
            return;
        }
        let span = &text[r.clock_start.max(r.start).min(r.end)..r.end];
        let at = named.iter().find_map(|a| {
            span.match_indices(a).map(|(i, _)| i).find(|&i| {
                !span[..i].ends_with(|c: char| c.is_ascii_alphanumeric())
                    && !span[i + a.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            })
        });
        if let Some(i) = at {
            let pos = r.end - span.len() + i;
            r.zone = None;
            r.end = skip_ws_back(text, pos, MAX_GAP_SPACES).max(r.clock_start.max(r.start));
            let trimmed = text[..r.end].trim_end_matches(['(', '（', ' ']).len();
            r.end = trimmed.max(r.clock_start.max(r.start));
        }
    };
    for r in items.iter_mut() {
        cut(r);
        if let Some(e) = r.range_end.as_deref_mut() {
            cut(e);
        }
    }
}

/// A day counted from the page's own ("yesterday" = -1).
fn relative_day(offset: i64) -> DateParts {
    DateParts {
        relative: Some(offset),
        ..Default::default()
    }
}

/// Joins "A – B" pairs of clock times into ranges, passing meridiem, date and zone across.
fn merge_ranges(text: &str, items: Vec<RawTime>, w: &Words) -> Vec<RawTime> {
    let mut out: Vec<RawTime> = Vec::with_capacity(items.len());
    let mut iter = items.into_iter().peekable();
    while let Some(mut a) = iter.next() {
        let Some(b) = iter.peek() else {
            out.push(a);
            break;
        };
        let joinable = a.clock.is_some()
            && b.clock.is_some()
            && b.start >= a.end
            && b.start - a.end <= MAX_CONNECTOR_BYTES
            && {
                let mut gap = text[a.end..b.start].trim().to_lowercase();
                // "15:30 ~ 익일 02:10": the end's next-day word is not part of the connector
                if b.next_day {
                    if let Some(nd) = w.next_day.iter().find(|nd| gap.ends_with(nd.as_str())) {
                        gap = gap[..gap.len() - nd.len()].trim().to_string();
                    }
                }
                let opened = || {
                    let bs = skip_ws_back(text, a.clock_start.max(a.start), MAX_GAP_SPACES);
                    phrase_before(text, bs, &w.openers).is_some()
                };
                w.connectors.contains(&gap) && (!w.needs_opener.contains(&gap) || opened())
            };
        if !joinable {
            out.push(a);
            continue;
        }
        let mut b = iter.next().unwrap();
        // an end with a day of its own ("到明天四点", "to May 11 06:00") keeps its hour as written;
        // a day written after the end's clock is the whole range's ("between 1-5.30pm on Sunday
        // 8 July": the bare start shares its afternoon)
        let own_day = b.date.is_some() && b.date != a.date && b.clock_start > b.start;
        // a start with a day alone takes the month and year the end writes ("13h45, do dia 25
        // até as 15h05 do dia 26/11", "from the 25th to 26 November")
        if let (Some(ad), Some(bd)) = (a.date.as_mut(), b.date.as_ref()) {
            if ad.month.is_none()
                && ad.year.is_none()
                && ad.relative.is_none()
                && ad.weekday.is_none()
                && bd.month.is_some()
                && ad.day.zip(bd.day).is_some_and(|(s, e)| s <= e)
            {
                ad.month = bd.month;
                ad.year = bd.year;
            }
        }
        let (ac, bc) = (a.clock.as_mut().unwrap(), b.clock.as_mut().unwrap());
        // "from 11:34 AM to 12:20 AM": twelve o'clock written "AM" after a morning start is the
        // noon that follows it (the common slip), not the midnight half a day on
        if !own_day
            && ac.meridiem == Some(Meridiem::Am)
            && (1..12).contains(&ac.hour)
            && bc.meridiem == Some(Meridiem::Am)
            && bc.hour == 0
        {
            bc.hour = 12;
            bc.meridiem = Some(Meridiem::Pm);
            b.reread =
                Some("twelve written AM right after a morning start, read as the noon after it");
        }
        if own_day {
            // nothing carried across
        } else if bc.meridiem.is_none()
            && ac.meridiem.is_none()
            && bc.hour < 12
            && bc.hour < ac.hour
            && bc.hour + 12 > ac.hour
            && ac.hour < 12
        {
            // "10時30分から3時", "11:00 – 2:00": a 12-hour end after a morning start
            bc.hour += 12;
        } else if bc.meridiem.is_none()
            && matches!(ac.meridiem, Some(Meridiem::Pm | Meridiem::Night))
            && ac.hour >= 12
            && bc.hour < 12
        {
            if bc.hour + 12 >= ac.hour {
                bc.hour += 12;
                bc.meridiem = Some(Meridiem::Pm);
            }
        } else if ac.meridiem.is_none()
            && matches!(bc.meridiem, Some(Meridiem::Pm | Meridiem::Night))
            && ac.hour < 12
            && ac.hour + 12 <= bc.hour
        {
            ac.hour += 12;
        }
        if a.zone.is_none() {
            a.zone = b.zone.clone();
        } else if b.zone.is_none() {
            b.zone = a.zone.clone();
        }
        if a.approximate && !b.approximate {
            b.approximate = true;
        }
        let mut end = b.end;
        let q = skip_ws(text, end, MAX_GAP_SPACES);
        if let Some(e) = phrase_at(text, q, &w.closers) {
            end = e;
        }
        a.head_end = a.end;
        a.end = end;
        a.range_end = Some(Box::new(b));
        out.push(a);
    }
    out
}
