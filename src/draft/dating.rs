//! Dating: which year, which day and which zone a page's times belong to, and the evidence for each.
//!
//! Strongest first. The year: a full date in the text, the page's metadata (published date), a
//! date in the URL (`/2019/11/05/`, `2024-05-12-incident`, `news20221115…`), a year in the URL
//! (`/2006/04/`), then a year named in the prose. The zone: one stated on the page (the time
//! parser finds it), a site profile's, the URL's country domain (`.com.br`), a place named in
//! the title or opening paragraphs (a dateline), the language's default; the inferred ones are
//! flagged. With no zone at all the times stay wall-clock times; with no date at all only the
//! times of day and the lengths between them are kept. Each step is recorded as evidence.
use super::review::{ZoneHow, ZoneReview};
use crate::time::{Lexicons, ParseOptions, Parsed};
use chrono::{DateTime, Datelike, FixedOffset, NaiveDate};
use regex::Regex;
use std::sync::OnceLock;

/// Earliest year a page's date may have (the web's incident reports start in the 1990s).
const MIN_YEAR: i32 = 1990;
/// Characters of the page (after its title) searched for a dateline's place name.
const LEAD_CHARS: usize = 1500;
/// The placeholder day on which undated wall-clock times are laid out (never printed).
const PLACEHOLDER_DAY: (i32, u32, u32) = (2001, 1, 1);

/// What dating needs from the page.
pub struct DatingInput<'a> {
    pub text: &'a str,
    pub full_text: Option<&'a str>,
    pub url: Option<&'a str>,
    /// The page's metadata date (`article:published_time`, JSON-LD `datePublished`).
    pub published: Option<&'a str>,
    pub title: Option<&'a str>,
    pub profile_zone: Option<&'a str>,
    pub lang: &'a str,
    /// `--tz`.
    pub tz: Option<&'a str>,
    /// The language's words that mark a publication stamp ("Published", "작성일", "发布时间").
    pub stamp: &'a [String],
    /// Char ranges of the page's byline and dateline stamps (see `timeline::block_places`).
    pub stamps: &'a [std::ops::Range<usize>],
    /// Char ranges of sentences about an earlier incident (`timeline::history_sentences`).
    pub background: &'a [std::ops::Range<usize>],
}

/// The dated times of a page and how their date and zone were settled.
pub struct Dating {
    pub parsed: Parsed,
    pub zone: ZoneReview,
    /// No zone stated or inferable: instants are wall-clock times carried as UTC and printed
    /// without an offset.
    pub wall_clock: bool,
    /// No date or year anywhere: instants sit on a placeholder day; only times of day and the
    /// lengths between them are real.
    pub undated: bool,
    /// (field, quote, rule) for the review's `fields`.
    pub evidence: Vec<(String, String, String)>,
    pub warnings: Vec<String>,
}

impl Dating {
    /// How an instant is written in the review: RFC 3339 when date and zone are known, a local
    /// date-time without offset when only the zone is unknown, a time of day when undated.
    pub fn show(&self, at: &DateTime<FixedOffset>) -> String {
        if self.undated {
            at.format("%H:%M:%S").to_string()
        } else if self.wall_clock {
            at.naive_local().format("%Y-%m-%dT%H:%M:%S").to_string()
        } else {
            at.to_rfc3339()
        }
    }
}

/// A date or year found outside the text's own dates.
#[derive(Debug, Clone, PartialEq)]
pub enum Hint {
    Day(NaiveDate),
    /// A year and month with no day (`/202112/0014919842.shtml`): days the text writes alone
    /// ("15日", "le 15") are that month's.
    Month(i32, u32),
    Year(i32),
}

/// What a URL's words need from the page's language: its month names (and English ones, which
/// slugs use whatever the page's language), and whether numeric dates are written day first.
#[derive(Debug, Default, Clone)]
pub struct UrlWords {
    /// (lower-case month name, month number).
    pub months: Vec<(String, u32)>,
    pub day_first: bool,
}

impl UrlWords {
    /// The page language's month names and date order, with English month names.
    pub fn for_lang(lex: &Lexicons, lang: &str) -> Self {
        let mut months = Vec::new();
        for code in [lang, "en"] {
            if let Some(l) = lex.get(code) {
                for (m, names) in &l.months {
                    let Ok(m) = m.parse::<u32>() else { continue };
                    months.extend(names.iter().map(|n| (n.to_lowercase(), m)));
                }
            }
        }
        let day_first = lex
            .get(lang)
            .is_some_and(|l| l.date_order != crate::time::lexicon::DateOrder::Mdy);
        UrlWords { months, day_first }
    }
}

fn plausible_year(y: i32) -> bool {
    (MIN_YEAR..=chrono::Utc::now().year() + 1).contains(&y)
}

/// The day a URL writes, when it is a real date in a plausible year and not after tomorrow.
fn url_date(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
    let date = NaiveDate::from_ymd_opt(y, m, d)?;
    (plausible_year(y) && date <= chrono::Utc::now().date_naive() + chrono::Duration::days(1))
        .then_some(date)
}

/// The two-digit year, month and day a URL pattern captured as its groups 1 to 3.
fn two_digit_ymd(c: &regex::Captures) -> Option<(i32, u32, u32)> {
    Some((c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?))
}

/// A date in a URL's path or query: `/2019/11/05/`, `/2024-05-12-title`, `news202211150031`
/// (eight digits that make a plausible date), a slug's words (`June-20th-2023-post-mortem`,
/// `8-de-marzo-de-2025`), a day-first or month-first date (`/08-03-2025/`, by the language's
/// order when both read), else a year and month (`/202112/`), else a year (`/2006/04/`, `/2019/`).
/// Whether a URL's date is where the site filed the page ("/2021/10/05/", an article id's
/// "20211005…"), the day it was published, rather than a date in a slug's words, which often
/// names the incident ("/2024-05-12-incident-review", "November-7-2022-Post-mortem").
fn filing_date(quote: &str) -> bool {
    quote.chars().all(|c| c.is_ascii_digit() || c == '/')
}

pub fn url_hint(url: &str, words: &UrlWords) -> Option<(Hint, String)> {
    static FULL: OnceLock<Regex> = OnceLock::new();
    static COMPACT: OnceLock<Regex> = OnceLock::new();
    static YEAR: OnceLock<Regex> = OnceLock::new();
    let full = FULL.get_or_init(|| {
        // a day followed by "-" and digits is a slug's number ("/2023/11/6-40.html", a title's
        // "6시간 40분"), not a day
        Regex::new(r"(?:^|[/_=-])((?:19|20)\d{2})[/_-](\d{1,2})[/_-](\d{1,2})(?:$|-[^0-9]|[^0-9-])")
            .unwrap()
    });
    let compact = COMPACT.get_or_init(|| {
        // (after an id's zero padding too: "BAAFRD0000202411111023281"; and opening a longer
        // id when a time of day follows: "ud=20230103154148125296085a06ef")
        Regex::new(
            r"(?:^|[^0-9])0*((?:19|20)\d{2})(\d{2})(\d{2})(?:\d{0,12}(?:$|[^0-9])|(?:[01]\d|2[0-3])[0-5]\d[0-5]\d)",
        )
        .unwrap()
    });
    let year = YEAR.get_or_init(|| {
        Regex::new(r"(?:^|[/_=-])((?:19|20)\d{2})(?:[/_-](\d{1,2}))?(?:$|[/_.-])").unwrap()
    });
    // the path and query only: a host's digits are not a date (but see the last step)
    let after_scheme = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = after_scheme.find('/').map_or("", |i| &after_scheme[i..]);
    let day = |c: &regex::Captures| -> Option<NaiveDate> {
        url_date(c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?)
    };
    static SPLIT: OnceLock<Regex> = OnceLock::new();
    // "/2021/0714/" (year, then month and day), "/21/0714/" (two-digit year) and "/201805/11/"
    // (year and month, then day), as some news sites file articles ("/2210/15/" is not read:
    // blogs' "/2006/04/" is year and month)
    let split = SPLIT.get_or_init(|| {
        Regex::new(
            r"/(?:((?:19|20)\d{2})/(\d{2})(\d{2})|(\d{2})/(\d{2})(\d{2})|((?:19|20)\d{2})(\d{2})/(\d{2}))/",
        )
        .unwrap()
    });
    for c in split.captures_iter(rest) {
        let g = |i: usize| c.get(i).map(|m| m.as_str());
        let (y, m, d) = match (g(1), g(4), g(7)) {
            (Some(y), _, _) => (y.to_string(), g(2), g(3)),
            (_, Some(y), _) => (format!("20{y}"), g(5), g(6)),
            (_, _, Some(y)) => (y.to_string(), g(8), g(9)),
            _ => continue,
        };
        let parsed = (|| url_date(y.parse().ok()?, m?.parse().ok()?, d?.parse().ok()?))();
        if let Some(d) = parsed {
            return Some((Hint::Day(d), c[0].trim_matches('/').to_string()));
        }
    }
    static YYMM_DAY: OnceLock<Regex> = OnceLock::new();
    // "/articles/2303/24/" (two-digit year and month, then day), when the first segment cannot
    // be a year of its own ("/2006/04/" stays a blog's year and month)
    let yymm_day =
        YYMM_DAY.get_or_init(|| Regex::new(r"/(\d{2})(0[1-9]|1[0-2])/(\d{2})/").unwrap());
    for c in yymm_day.captures_iter(rest) {
        let Some((yy, m, d)) = two_digit_ymd(&c) else {
            continue;
        };
        if matches!(yy, 19 | 20) && d <= 12 {
            continue;
        }
        if let Some(day) = url_date(2000 + yy, m, d) {
            return Some((Hint::Day(day), c[0].trim_matches('/').to_string()));
        }
    }
    static YEAR_MONTHDAY: OnceLock<Regex> = OnceLock::new();
    // "/ref/2022-0808-1524-13/…" (an archive's capture stamp): year, then month and day fused
    let year_monthday = YEAR_MONTHDAY.get_or_init(|| {
        Regex::new(r"(?:^|[/_=-])((?:19|20)\d{2})[_-](\d{2})(\d{2})(?:$|[^0-9])").unwrap()
    });
    for re in [full, compact, year_monthday] {
        for c in re.captures_iter(rest) {
            if let Some(d) = day(&c) {
                return Some((
                    Hint::Day(d),
                    c[0].trim_matches(|ch: char| !ch.is_ascii_digit())
                        .to_string(),
                ));
            }
        }
    }
    if let Some(found) = slug_date(rest, words).or_else(|| numeric_dmy(rest, words)) {
        return Some(found);
    }
    static YEAR_MONTH: OnceLock<Regex> = OnceLock::new();
    // "/202112/0014919842.shtml": a path segment of year and month alone, or opening a slug
    // ("/202506-kddi-disconnected-11"), or a query value of its own ("?m=202402", a blog's
    // monthly archive)
    let year_month = YEAR_MONTH.get_or_init(|| {
        Regex::new(r"(?:/|[?&][A-Za-z_]+=)((?:19|20)\d{2})(0[1-9]|1[0-2])(?:/|[-_][a-z]|&|#|$)")
            .unwrap()
    });
    for c in year_month.captures_iter(rest) {
        let (Ok(y), Ok(m)) = (c[1].parse::<i32>(), c[2].parse::<u32>()) else {
            continue;
        };
        let first = NaiveDate::from_ymd_opt(y, m, 1)?;
        if plausible_year(y) && first <= chrono::Utc::now().date_naive() {
            return Some((
                Hint::Month(y, m),
                c[0].trim_matches(|ch: char| !ch.is_ascii_digit())
                    .to_string(),
            ));
        }
    }
    static YYMMDD: OnceLock<Regex> = OnceLock::new();
    // "/amp/160323/bsd….htm": a path segment of six digits that make a two-digit year, month and
    // day (a six-digit id rarely does: month and day must be valid and the day not ahead)
    let yymmdd = YYMMDD
        .get_or_init(|| Regex::new(r"/(\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])/").unwrap());
    for c in yymmdd.captures_iter(rest) {
        let Some((yy, m, d)) = two_digit_ymd(&c) else {
            continue;
        };
        if let Some(day) = url_date(2000 + yy, m, d) {
            return Some((Hint::Day(day), c[0].trim_matches('/').to_string()));
        }
    }
    for c in year.captures_iter(rest) {
        let y: i32 = c[1].parse().ok()?;
        let month_ok = c.get(2).is_none_or(|m| {
            m.as_str()
                .parse::<u32>()
                .is_ok_and(|m| (1..=12).contains(&m))
        });
        if plausible_year(y) && month_ok {
            // a blog's "/2017/08/post-24919.html": the month too, for days written alone
            // ("25日", "le 25") — a two-digit month in a path segment of its own
            let month = c
                .get(2)
                .filter(|m| m.as_str().len() == 2 && rest[m.end()..].starts_with('/'))
                .and_then(|m| m.as_str().parse::<u32>().ok());
            return Some((
                month.map_or(Hint::Year(y), |m| Hint::Month(y, m)),
                c[0].trim_matches(|ch: char| !ch.is_ascii_digit())
                    .to_string(),
            ));
        }
    }
    // last: a host label that is a year on its own ("2023.example.org", a site kept per year)
    let host = after_scheme
        .split(['/', '?', '#', ':'])
        .next()
        .unwrap_or("");
    host.split('.')
        .filter(|l| l.len() == 4 && l.bytes().all(|b| b.is_ascii_digit()))
        .filter_map(|l| l.parse::<i32>().ok())
        .find(|y| plausible_year(*y))
        .map(|y| (Hint::Year(y), y.to_string()))
}

/// A date the URL's path spells in words: a month name with a day and a year beside it, in
/// either order ("June-20th-2023", "20-june-2023", "8-de-marzo-de-2025", "2023-june-20").
fn slug_date(rest: &str, words: &UrlWords) -> Option<(Hint, String)> {
    if words.months.is_empty() {
        return None;
    }
    let path = rest.split(['?', '#']).next().unwrap_or(rest).to_lowercase();
    // the path's words, with where each starts and ends; joiners ("de", "of") are dropped
    let toks: Vec<(usize, usize, &str)> = path
        .split(|c: char| !c.is_alphanumeric())
        .scan(0usize, |at, t| {
            let start = path[*at..].find(t).map_or(*at, |i| *at + i);
            *at = start + t.len();
            Some((start, start + t.len(), t))
        })
        .filter(|(_, _, t)| !t.is_empty() && !matches!(*t, "de" | "del" | "of" | "the"))
        .collect();
    let day_of = |t: &str| -> Option<u32> {
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        let suffix = &t[digits.len()..];
        let ok = suffix.is_empty() || ["st", "nd", "rd", "th", "er", "o", "º"].contains(&suffix);
        (ok && (1..=2).contains(&digits.len()))
            .then(|| digits.parse().ok())
            .flatten()
            .filter(|d| (1..=31).contains(d))
    };
    let year_of = |t: &str| -> Option<i32> {
        (t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
            .filter(|y| plausible_year(*y))
    };
    let month_of = |t: &str| words.months.iter().find(|(n, _)| n == t).map(|(_, m)| *m);
    for (i, (_, _, t)) in toks.iter().enumerate() {
        // a three-letter month must be all of a word and have its day and year beside it
        let Some(m) = month_of(t) else { continue };
        let get = |k: isize| -> Option<&str> {
            toks.get(usize::try_from(i as isize + k).ok()?).map(|x| x.2)
        };
        let (day, year, from, to) = if let (Some(d), Some(y)) =
            (get(1).and_then(day_of), get(2).and_then(year_of))
        {
            (d, y, i, i + 2)
        } else if let (Some(d), Some(y)) = (get(-1).and_then(day_of), get(1).and_then(year_of)) {
            (d, y, i - 1, i + 1)
        } else if let (Some(y), Some(d)) = (get(-1).and_then(year_of), get(1).and_then(day_of)) {
            (d, y, i - 1, i + 1)
        } else {
            continue;
        };
        let Some(date) = url_date(year, m, day) else {
            continue;
        };
        return Some((Hint::Day(date), path[toks[from].0..toks[to].1].to_string()));
    }
    None
}

/// A numeric date with the year last in a path segment (`/08-03-2025/`, `/3.27.2024/`): day
/// first or month first as the one reading that is a date says, else by the language's order.
fn numeric_dmy(rest: &str, words: &UrlWords) -> Option<(Hint, String)> {
    static DMY: OnceLock<Regex> = OnceLock::new();
    let re = DMY.get_or_init(|| {
        // ("/24/01/2013/": a site filing its articles by day, month and year)
        Regex::new(r"(?:(?:^|[/_=-])(\d{1,2})[._-](\d{1,2})[._-]|/(\d{1,2})/(\d{1,2})/)((?:19|20)\d{2})(?:$|[^0-9])").unwrap()
    });
    for c in re.captures_iter(rest) {
        let part = |i: usize, j: usize| c.get(i).or_else(|| c.get(j)).map_or("", |m| m.as_str());
        let (Ok(a), Ok(b), Ok(y)) = (
            part(1, 3).parse::<u32>(),
            part(2, 4).parse::<u32>(),
            c[5].parse::<i32>(),
        ) else {
            continue;
        };
        let dmy = NaiveDate::from_ymd_opt(y, b, a);
        let mdy = NaiveDate::from_ymd_opt(y, a, b);
        let date = match (dmy, mdy) {
            (Some(d), Some(m)) => {
                if words.day_first {
                    d
                } else {
                    m
                }
            }
            (Some(d), None) => d,
            (None, Some(m)) => m,
            (None, None) => continue,
        };
        if url_date(y, date.month(), date.day()).is_some() {
            return Some((
                Hint::Day(date),
                c[0].trim_matches(|ch: char| !ch.is_ascii_digit())
                    .to_string(),
            ));
        }
    }
    None
}

/// Characters after a stamp word within which an edit note's date must start ("actualizado el ").
const EDIT_NOTE_GAP_CHARS: usize = 8;

/// The text with each date of an edit note inside the prose blanked ("(Texto actualizado el
/// 5/10/2021 …)", "This post was updated on March 5, 2024"): a stamp word (`[events] stamp`)
/// in the middle of a sentence, a date written right after it with no clock. Only plain-ASCII
/// dates are blanked, space for byte, so every offset into the text stays valid.
fn blank_edit_notes<'t>(
    text: &'t str,
    stamp: &[String],
    lex: &Lexicons,
    lang: &str,
) -> std::borrow::Cow<'t, str> {
    let lower = text.to_ascii_lowercase();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let opts = ParseOptions {
        lang: Some(lang.to_string()),
        tz: Some("UTC".into()),
        ..Default::default()
    };
    for w in stamp
        .iter()
        .map(|w| w.trim().to_lowercase())
        .filter(|w| !w.is_empty())
    {
        for (at, _) in lower.match_indices(&w) {
            // mid-sentence: a lower-case word or an opening bracket before it, not a head line
            let before = text[..at].trim_end_matches([' ', '\t']);
            let mid = before
                .chars()
                .next_back()
                .is_some_and(|c| c.is_lowercase() || c == '(' || c == '[');
            let word_start = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            if !mid || !word_start {
                continue;
            }
            let from = at + w.len();
            let window_end = text[from..]
                .char_indices()
                .nth(40)
                .map_or(text.len(), |(i, _)| from + i);
            let window = &text[from..window_end];
            let parsed = crate::time::parse(window, lex, &opts);
            let Some(t) = parsed
                .times
                .iter()
                .find(|t| t.date_explicit && !t.has_clock)
            else {
                continue;
            };
            // the mention's offsets are in chars of `window`
            let to_byte = |c: usize| {
                window
                    .char_indices()
                    .nth(c)
                    .map_or(window.len(), |(i, _)| i)
            };
            let (s, e) = (to_byte(t.start), to_byte(t.end));
            if window[..s].chars().count() > EDIT_NOTE_GAP_CHARS || !window[s..e].is_ascii() {
                continue;
            }
            spans.push((from + s, from + e));
        }
    }
    if spans.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.as_bytes().to_vec();
    for (s, e) in spans {
        out[s..e].fill(b' ');
    }
    // only ASCII bytes were replaced by ASCII spaces: still UTF-8
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// Chars at the head of a page searched for a year and month written as "2023-02".
const HEAD_YEAR_MONTH_CHARS: usize = 200;

/// A year and month written ISO-style at the head of the page ("date 2023-02"), no day after
/// them, with its quote: the month a day written alone ("sexta-feira (3)") falls in.
pub fn head_year_month(text: &str) -> Option<(i32, u32, String)> {
    static YM: OnceLock<Regex> = OnceLock::new();
    let re = YM.get_or_init(|| {
        Regex::new(r"(?:^|[^0-9A-Za-z/.-])((?:19|20)\d{2})-(0[1-9]|1[0-2])(?:$|[^0-9A-Za-z/.-])")
            .unwrap()
    });
    let head: String = text.chars().take(HEAD_YEAR_MONTH_CHARS).collect();
    let c = re.captures(&head)?;
    let y: i32 = c[1].parse().ok()?;
    let m: u32 = c[2].parse().ok()?;
    plausible_year(y).then(|| (y, m, format!("{}-{}", &c[1], &c[2])))
}

/// The year named most often in the prose ("the first big outage of 2022"), ties to the later;
/// digits glued to Latin letters are a name or an id ("oschina2013", "FY2022"), not a year.
pub fn prose_year(text: &str) -> Option<(i32, String)> {
    static YEAR: OnceLock<Regex> = OnceLock::new();
    let re = YEAR.get_or_init(|| {
        Regex::new(r"(?:^|[^0-9A-Za-z])((?:19|20)\d{2})(?:$|[^0-9A-Za-z])").unwrap()
    });
    let mut counts: std::collections::BTreeMap<i32, usize> = Default::default();
    for c in re.captures_iter(text) {
        if let Ok(y) = c[1].parse::<i32>() {
            if plausible_year(y) {
                *counts.entry(y).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|(y, n)| (*n, *y))
        .map(|(y, _)| (y, y.to_string()))
}

/// The day of the page's dated head line: a short line before the first paragraph of prose that
/// writes a full date and a clock ("ven 06/12/2019 - 16:33", "2020.09.21 11:53:02"), with its
/// quote. Used only when neither the metadata nor the URL dates the page.
/// Most chars before the date of a dateline wider than a byline (a weekday: "Donnerstag, ").
const DATELINE_LEAD_CHARS: usize = 12;

/// Whether a line may be a dateline in words that opens with its date and clock and may run on
/// with the author's credit ("samedi 23 janvier 2016 à 7:38 Par …, France Bleu Paris"): no
/// sentence, a year and a clock.
fn dateline(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(?:19|20)\d{2}\D.*\d{1,2}\s*[:h時时]\s*\d{2}").expect("dateline pattern")
    });
    super::timeline::width(line) <= 2 * super::timeline::BYLINE_MAX_CHARS
        && !ends_sentence(line)
        && re.is_match(line)
}

/// Whether a line ends a sentence.
fn ends_sentence(line: &str) -> bool {
    line.trim_end()
        .ends_with(['.', '。', '!', '?', '！', '？', '…'])
}

fn byline_day(input: &DatingInput, lex: &Lexicons) -> Option<(NaiveDate, String)> {
    use super::timeline::{byline_date, date_only, width, BYLINE_MAX_CHARS, BYLINE_PROSE_CHARS};
    let opts = ParseOptions {
        lang: Some(input.lang.to_string()),
        tz: Some("UTC".into()),
        ..Default::default()
    };
    input
        .text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
        // the page's title, however long, comes before its byline, and so do menus and
        // headlines that end no sentence ("Provence-Alpes-Côte d'Azur Corse Auvergne-…")
        .take_while(|(i, l)| *i == 0 || width(l) < BYLINE_PROSE_CHARS || !ends_sentence(l))
        .map(|(_, l)| {
            let plain = width(l) <= BYLINE_MAX_CHARS
                && (byline_date(l)
                    || date_only(l)
                    // "작성일 : 2022-12-07", "Published 5 March 2024": a stamp word and a date,
                    // no clock
                    || super::window::holds_word(&l.to_lowercase(), input.stamp));
            (l, plain)
        })
        // a dateline that opens with its date may run on with the author's credit ("samedi 23
        // janvier 2016 à 7:38 Par …, France Bleu Paris et France Bleu")
        .filter(|(l, plain)| *plain || dateline(l))
        .find_map(|(line, plain)| {
            let parsed = crate::time::parse(line, lex, &opts);
            let t = parsed.times.iter().find(|t| t.date_explicit)?;
            // (a dateline's date and clock open it)
            if !plain && (t.start > DATELINE_LEAD_CHARS || !t.has_clock) {
                return None;
            }
            Some((t.value?.local_or_date()?, t.quote.clone()))
        })
}

/// Lines at the foot of the text searched for a "written on" stamp.
const FOOT_STAMP_LINES: usize = 4;

/// The day of a stamp at the page's foot: one of its last lines opening with a stamp word
/// ("Originally Written: 25-Apr-2013 02:32, Last Updated: 06-Nov-2014 12:29"), the first date
/// it writes with its year.
fn foot_stamp_day(input: &DatingInput, lex: &Lexicons) -> Option<(NaiveDate, String)> {
    let opts = ParseOptions {
        lang: Some(input.lang.to_string()),
        tz: Some("UTC".into()),
        ..Default::default()
    };
    let lines: Vec<&str> = input
        .text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines
        .iter()
        .skip(lines.len().saturating_sub(FOOT_STAMP_LINES))
        .filter(|l| {
            let head = l.to_lowercase();
            input
                .stamp
                .iter()
                .any(|w| !w.is_empty() && head.starts_with(&w.to_lowercase()))
        })
        .find_map(|line| {
            let parsed = crate::time::parse(line, lex, &opts);
            let t = parsed.times.iter().find(|t| t.date_explicit)?;
            Some((t.value?.local_or_date()?, t.quote.clone()))
        })
}

/// The weekday (0 = Monday) whose full name the text writes last, by the language's
/// `[date] weekdays` (the first seven are the full names, Monday first).
fn last_weekday(text: &str, lex: &Lexicons, lang: &str) -> Option<u32> {
    let names = &lex.get(lang)?.date.weekdays;
    let lower = text.to_lowercase();
    names
        .iter()
        .take(7)
        .enumerate()
        .filter(|(_, w)| w.chars().count() >= 2)
        .filter_map(|(i, w)| {
            let w = w.to_lowercase();
            lower
                .match_indices(&w)
                .filter(|(at, _)| {
                    w.chars().all(crate::time::text::is_cjk)
                        || lower[..*at]
                            .chars()
                            .next_back()
                            .is_none_or(|c| !c.is_alphanumeric())
                })
                .map(|(at, _)| at)
                .last()
                .map(|at| (at, i as u32))
        })
        .max_by_key(|(at, _)| *at)
        .map(|(_, i)| i)
}

/// The zone the page's host, title or opening paragraphs point to, with its evidence
/// (quote, rule), when the page states none.
fn inferred_zone(input: &DatingInput, lex: &Lexicons) -> Option<(String, String, String)> {
    if let Some(z) = input.profile_zone {
        return Some((
            z.to_string(),
            z.to_string(),
            "the site profile's zone".into(),
        ));
    }
    if let Some(host) = input
        .url
        .and_then(|u| url::Url::parse(u).ok())
        .and_then(|u| u.host_str().map(str::to_string))
    {
        if let Some((z, region)) = lex.zones.zone_for_host_region(&host) {
            // a regional publisher reports on places elsewhere ("eldiariodechihuahua.mx" on an
            // outage "in the capital"): a place the page's lead names outranks the host's region
            if let Some((pz, quote, _)) = places_in_lead(input, lex).filter(|(pz, ..)| pz != z) {
                return Some((
                    pz.to_string(),
                    quote,
                    "a place named in the title or opening paragraphs".into(),
                ));
            }
            return Some((
                z.to_string(),
                region,
                "a region the URL's host names".into(),
            ));
        }
        // (a country domain where the page's language is not written was bought for its
        // letters: "storm.mg" writes Chinese)
        let written_there = |tld: &str| {
            lex.get(input.lang).is_none_or(|l| {
                l.countries.is_empty()
                    || l.countries.iter().any(|c| c == tld.trim_start_matches('.'))
            })
        };
        if let Some((z, tld)) = lex
            .zones
            .zone_for_host(&host)
            .filter(|(_, t)| written_there(t))
        {
            // a country with several zones: a place of that country the lead names is nearer
            // ("Corumbá" on a ".com.br" news site is Campo Grande's time, not São Paulo's)
            if let Some((pz, quote, _)) = places_in_lead(input, lex)
                .filter(|(pz, ..)| pz != z && lex.zones.in_country(&tld, pz))
            {
                return Some((
                    pz,
                    quote,
                    "a place named in the title or opening paragraphs, in the URL's country".into(),
                ));
            }
            return Some((z.to_string(), tld, "the URL's country domain".into()));
        }
    }
    // (with nothing from the URL, a place named once in passing in the lead, "도널드 트럼프 미국
    // 대통령의 …", does not outweigh the zone of a language written in one country: the title
    // names it, or the lead names it again)
    let own_zone = lex
        .get(input.lang)
        .filter(|l| !l.countries.is_empty() && l.countries.len() <= ONE_COUNTRY_LANGUAGE)
        .and_then(|l| l.default_zone());
    places_in_lead(input, lex)
        .filter(|(z, quote, mentions)| {
            own_zone.is_none_or(|own| own == z)
                || *mentions >= 2
                || input.title.is_some_and(|t| t.contains(quote.as_str()))
        })
        .map(|(z, quote, _)| {
            (
                z,
                quote,
                "a place named in the title or opening paragraphs".into(),
            )
        })
        .or_else(|| {
            // a country's spelling of the language ("Académico", "equipa": Portugal's)
            let (z, words) = lex.get(input.lang)?.variant_zone(input.text)?;
            Some((
                z.to_string(),
                words.join(", "),
                "the page's spelling of its language".into(),
            ))
        })
}

/// Most countries a language is written in (its `countries`) for it to be read as one
/// country's (Korean: South and North Korea), whose zone a place named once in passing does not
/// outweigh.
const ONE_COUNTRY_LANGUAGE: usize = 2;

/// The zone of the place the page's title and opening paragraphs name most, with its name and
/// how many times its places are named there.
fn places_in_lead(input: &DatingInput, lex: &Lexicons) -> Option<(String, String, usize)> {
    let mut lead = String::new();
    if let Some(t) = input.title {
        lead.push_str(t);
        lead.push('\n');
    }
    lead.extend(input.text.chars().take(LEAD_CHARS));
    lex.zones
        .zone_for_places(&lead)
        .map(|(z, quote, mentions)| (z.to_string(), quote, mentions))
}

/// Parses the page's times with the best year and zone evidence the page offers.
pub fn date_page(input: &DatingInput, lex: &Lexicons) -> Dating {
    let mut evidence = Vec::new();
    let mut warnings = Vec::new();
    let mut opts = ParseOptions {
        lang: Some(input.lang.to_string()),
        tz: input.tz.map(str::to_string),
        stamps: input.stamps.to_vec(),
        background: input.background.to_vec(),
        ..Default::default()
    };

    // Year and day evidence from outside the text's own dates.
    let published = input
        .published
        .and_then(|p| NaiveDate::parse_from_str(p.get(..10)?, "%Y-%m-%d").ok());
    if let Some(d) = published {
        opts.reference = d.and_hms_opt(0, 0, 0);
        opts.reference_is_publication = true;
        evidence.push((
            "date.reference".into(),
            input.published.unwrap_or_default().to_string(),
            "the page's metadata (published)".into(),
        ));
    } else if let Some((hint, quote)) = input
        .url
        .and_then(|u| url_hint(u, &UrlWords::for_lang(lex, input.lang)))
        // A URL with only a year or month ("/2023/11/slug.html") says less than the page's dated
        // byline in that month ("발행 2023-11-25 11:55"): the byline's day is the reference.
        .filter(|(hint, _)| {
            let coarse = |y: i32, m: Option<u32>| {
                byline_day(input, lex)
                    .is_some_and(|(d, _)| d.year() == y && m.is_none_or(|m| d.month() == m))
            };
            match *hint {
                Hint::Day(_) => true,
                Hint::Month(y, m) => !coarse(y, Some(m)),
                Hint::Year(y) => !coarse(y, None),
            }
        })
    {
        match hint {
            Hint::Day(d) => {
                opts.reference = d.and_hms_opt(0, 0, 0);
                opts.reference_is_publication = filing_date(&quote);
            }
            Hint::Month(y, m) => {
                opts.year_hint = Some(y);
                opts.month_hint = Some(m);
            }
            Hint::Year(y) => opts.year_hint = Some(y),
        }
        evidence.push((
            "date.reference".into(),
            quote,
            "a date in the page's URL".into(),
        ));
    } else if let Some((d, quote, rule)) = byline_day(input, lex)
        .map(|(d, q)| (d, q, "the page's dated head line (byline)"))
        .or_else(|| {
            foot_stamp_day(input, lex)
                .map(|(d, q)| (d, q, "the page's stamp at its foot (when it was written)"))
        })
    {
        // the page's own dated head line ("ven 06/12/2019 - 16:33", "publié le 03/06/2021 à
        // 06:33"), else its "written on" stamp at its foot ("Originally Written: 25-Apr-2013
        // 02:32"): the day it was written, for weekdays and relative days as for a URL's date
        opts.reference = d.and_hms_opt(0, 0, 0);
        opts.reference_is_publication = true;
        evidence.push(("date.reference".into(), quote, rule.into()));
    } else if let Some((y, m, quote)) = head_year_month(input.text) {
        opts.year_hint = Some(y);
        opts.month_hint = Some(m);
        evidence.push((
            "date.reference".into(),
            quote,
            "a year and month written at the head of the page".into(),
        ));
    } else if let Some((y, quote)) = prose_year(input.text) {
        opts.year_hint = Some(y);
        evidence.push((
            "date.reference".into(),
            quote,
            "a year named in the text".into(),
        ));
    }

    // The URL's country may write numeric dates day first ("07/03/2022" on a .co.uk page).
    if let Some(l) = lex.get(input.lang) {
        let country = input
            .url
            .and_then(|u| url::Url::parse(u).ok())
            .and_then(|u| {
                u.host_str()
                    .and_then(|h| h.rsplit('.').next())
                    .map(str::to_string)
            });
        if country.is_some_and(|c| l.day_first_countries.contains(&c)) {
            opts.date_order = Some(crate::time::lexicon::DateOrder::Dmy);
        }
    }

    // Zone evidence, used only when the page states no zone.
    let inferred = if input.tz.is_none() {
        inferred_zone(input, lex)
    } else {
        None
    };
    if let Some((z, _, _)) = &inferred {
        opts.fallback_tz = Some(z.clone());
    }

    // an edit note's date in the prose ("(Texto actualizado el 5/10/2021 …)") is the page's
    // history, not the incident's day: blanked for the parser, offsets kept
    let cleaned = blank_edit_notes(input.text, input.stamp, lex, input.lang);
    let text: &str = &cleaned;
    let mut parsed = crate::time::parse(text, lex, &opts);
    if parsed.anchor_date.is_none() {
        // No full date in the main content: take the year from the whole page (status
        // updates' "Posted" stamps, bylines) rather than guessing it.
        if let Some(full) = input.full_text {
            // (the stamps' offsets are the main text's)
            let whole = crate::time::parse(
                full,
                lex,
                &ParseOptions {
                    stamps: Vec::new(),
                    background: Vec::new(),
                    ..opts.clone()
                },
            );
            if let Some(d) = whole.anchor_date {
                opts.reference = d.and_hms_opt(0, 0, 0);
                parsed = crate::time::parse(text, lex, &opts);
                evidence.push((
                    "date.reference".into(),
                    d.to_string(),
                    "a date elsewhere on the page".into(),
                ));
                warnings.push(format!(
                    "the main text gives no full date; {d} was taken from elsewhere on the page"
                ));
            }
        }
    }
    // the page's "today" written with its date dates the page when nothing else did
    if opts.reference.is_none() {
        if let Some((d, quote)) = &parsed.today {
            evidence.retain(|(k, _, _): &(String, String, String)| k != "date.reference");
            evidence.push((
                "date.reference".into(),
                quote.clone(),
                format!("the date the page's \"today\" is written with ({d})"),
            ));
        }
    }
    // "10.30 local (13:30 GMT)": the page's own times are in the zone the pairs imply.
    if input.tz.is_none() {
        if let Some(pairs) = paired_times(text, &parsed) {
            // … unless the twin in brackets is in the page's own zone ("3h11 (14h11 giờ Hà
            // Nội)" on a Vietnamese page): then the bare time is a foreign one translated for
            // the reader, the page's times are in its own zone, and the bare one is its twin's
            let home = inferred
                .as_ref()
                .map(|(z, _, _)| z.clone())
                .or_else(|| lex.get(input.lang)?.default_zone().map(str::to_string));
            let home_tz = home
                .as_deref()
                .and_then(|z| z.parse::<chrono_tz::Tz>().ok());
            let twin_at_home = home_tz.is_some_and(|tz| {
                pairs.twins.iter().all(|(_, b)| {
                    parsed.times[*b]
                        .value
                        .and_then(|v| v.instant())
                        .is_some_and(|at| {
                            chrono::Offset::fix(at.with_timezone(&tz).offset()) == *at.offset()
                        })
                })
            });
            let (zone, rule) = match (twin_at_home, home) {
                (true, Some(home)) => (home, "a foreign time with its twin in the page's own zone"),
                _ => (
                    crate::time::zones::offset_string(pairs.offset),
                    "a local time paired with its time in another zone",
                ),
            };
            opts.tz = Some(zone.clone());
            parsed = crate::time::parse(text, lex, &opts);
            if twin_at_home {
                if let Some(again) = paired_times(text, &parsed) {
                    for (a, b) in again.twins {
                        parsed.times[a].value = parsed.times[b].value;
                    }
                }
            }
            parsed.zone.zone = Some(zone);
            parsed.zone.how = ZoneHow::Stated;
            evidence.push(("timezone".into(), pairs.quote, rule.into()));
        }
    }
    if !evidence.iter().any(|(f, _, _)| f == "date.reference") {
        if let Some(w) = parsed
            .warnings
            .iter()
            .find(|w| w.starts_with("the page names no year:"))
        {
            let quote = parsed
                .times
                .iter()
                .find(|t| t.date_explicit)
                .map_or_else(|| w.clone(), |t| t.quote.clone());
            evidence.push((
                "date.reference".into(),
                quote,
                "the weekday written with a date (the latest year it fits)".into(),
            ));
        }
    }
    let has_clock = parsed.times.iter().any(|t| t.has_clock);
    // Neither a zone nor a date may cost the page its clock times: both fixes go into one
    // re-parse (the zone does not change which day the text names).
    let undated = has_clock && parsed.anchor_date.is_none();
    let mut reparse = undated;

    let mut zone = ZoneReview {
        zone: parsed.zone.zone.clone(),
        how: parsed.zone.how,
    };
    let mut wall_clock = false;
    match (&zone.how, &zone.zone) {
        (ZoneHow::Inferred, Some(z)) => {
            let why = match &inferred {
                Some((iz, quote, rule)) if iz == z => {
                    evidence.push(("timezone".into(), quote.clone(), rule.clone()));
                    format!("{rule} ({quote})")
                }
                _ => {
                    evidence.push((
                        "timezone".into(),
                        input.lang.to_string(),
                        "the page language's usual zone".into(),
                    ));
                    format!("the page's language ({})", input.lang)
                }
            };
            warnings.push(format!(
                "no time zone is stated on the page; {z} was inferred from {why}: check it"
            ));
        }
        (ZoneHow::Unknown, _) | (_, None) if input.tz.is_none() => {
            zone.how = ZoneHow::Unknown;
            zone.zone = None;
            if has_clock {
                // Keep the wall-clock times: lengths and the day are still right.
                opts.fallback_tz = Some("UTC".into());
                reparse = true;
                wall_clock = true;
                warnings.push(
                    "no time zone is stated and none could be inferred: the window and events are local wall-clock times without an offset (pass --tz)"
                        .into(),
                );
            }
        }
        _ => {}
    }

    // No date at all: lay the times out on a placeholder day so lengths survive.
    if undated {
        // the placeholder falls on the weekday the text names last ("early hours of Wednesday
        // morning … At 4:30am … this morning"), so "this morning" and "Wednesday" are one day
        let day = NaiveDate::from_ymd_opt(PLACEHOLDER_DAY.0, PLACEHOLDER_DAY.1, PLACEHOLDER_DAY.2)
            .map(|d| match last_weekday(input.text, lex, input.lang) {
                Some(wd) => {
                    let back = (d.weekday().num_days_from_monday() + 7 - wd) % 7;
                    d - chrono::Duration::days(i64::from(back))
                }
                None => d,
            });
        opts.reference = day.and_then(|d| d.and_hms_opt(0, 0, 0));
        warnings.push(
            "the page gives no date or year for its times: date and window are left empty; detected_after, resolved_after and the events' wall times are kept (same day, or past midnight when the clock goes back)"
                .into(),
        );
    }
    if reparse {
        parsed = crate::time::parse(text, lex, &opts);
    }
    // The parser's own zone notes are said once, above, in the drafter's words.
    warnings.extend(
        parsed
            .warnings
            .iter()
            .filter(|w| !w.starts_with("no time zone stated"))
            .cloned(),
    );
    Dating {
        parsed,
        zone,
        wall_clock,
        undated,
        evidence,
        warnings,
    }
}

/// Most characters between a time and its other-zone twin ("10.30 local (13:30 GMT)").
const PAIR_GAP_CHARS: usize = 16;

/// Times written with a twin in a stated zone right after them, in brackets ("sobre las 10.30
/// local (13:30 GMT)", "12:00 hs (15:00 GMT)"): the first has no zone, the second has one, and
/// every such pair implies the same offset for the first.
pub struct Paired {
    /// The offset the bare times are written in.
    pub offset: FixedOffset,
    /// (bare, twin) indices into `Parsed::times`.
    pub twins: Vec<(usize, usize)>,
    /// The first pair as written.
    pub quote: String,
}

/// The page's pairs of a bare time and its twin in a stated zone ([`Paired`]).
pub fn paired_times(text: &str, parsed: &Parsed) -> Option<Paired> {
    let chars: Vec<char> = text.chars().collect();
    let mut found: Option<(i32, String)> = None;
    let mut twins = Vec::new();
    for (i, w) in parsed.times.windows(2).enumerate() {
        let (a, b) = (&w[0], &w[1]);
        if a.zone.is_some() || b.zone.is_none() || !a.has_clock || !b.has_clock || a.end > b.start {
            continue;
        }
        let gap: String = chars[a.end..b.start.min(chars.len())].iter().collect();
        if gap.chars().count() > PAIR_GAP_CHARS || !gap.trim_end().ends_with(['(', '（']) {
            continue;
        }
        let (Some(local), Some(other)) = (
            a.value.and_then(|v| v.local()),
            b.value.and_then(|v| v.instant()),
        ) else {
            continue;
        };
        let secs = (local - other.naive_utc()).num_seconds();
        // whole quarter hours within the world's offsets; none at all says nothing
        if secs == 0 || secs % 900 != 0 || secs.abs() > 14 * 3600 {
            continue;
        }
        let quote: String = chars[a.start..b.end.min(chars.len())].iter().collect();
        match &found {
            Some((o, _)) if *o as i64 != secs => return None,
            Some(_) => {}
            None => found = Some((secs as i32, quote)),
        }
        twins.push((i, i + 1));
    }
    let (secs, quote) = found?;
    Some(Paired {
        offset: FixedOffset::east_opt(secs)?,
        twins,
        quote,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> Hint {
        Hint::Day(NaiveDate::from_ymd_opt(y, m, d).unwrap())
    }

    #[test]
    fn url_dates_in_the_forms_sites_use() {
        let h = |u: &str| url_hint(u, &UrlWords::default()).map(|(h, _)| h);
        assert_eq!(
            h("https://www.example.co.jp/news-blog/?m=202402"),
            Some(Hint::Month(2024, 2)),
            "a monthly archive's query value"
        );

        assert_eq!(
            h("https://publico.pt/2019/10/22/economia/noticia/x-1890911/amp"),
            Some(day(2019, 10, 22))
        );
        assert_eq!(
            h("https://example.com/blog/2024-05-12-incident-review"),
            Some(day(2024, 5, 12))
        );
        assert_eq!(
            h("https://news.example.co.kr/view/news202211150031"),
            Some(day(2022, 11, 15))
        );
        // a long id that opens with a date and a time of day (a timestamp)
        assert_eq!(
            h("https://www.example.co.kr/view.php?ud=20230103154148125296085a06ef_23"),
            Some(day(2023, 1, 3))
        );
        // a long number whose digits after a date are no time of day is no date
        assert_eq!(
            h("https://www.example.com/p?id=20230103994148125296085"),
            None
        );
        // an id zero-padded before its date
        assert_eq!(
            h("https://m.example.com/a/BAAFRD0000202411111023281.html"),
            Some(day(2024, 11, 11))
        );
        assert_eq!(
            h("https://www3.nhk.or.jp/lnews/okinawa/20240401/5090027236.html"),
            Some(day(2024, 4, 1))
        );
        assert_eq!(
            h("http://x.blogspot.com/2006/04/back-up.html"),
            Some(Hint::Month(2006, 4)),
            "a blog's year and month: days written alone are that month's"
        );
        assert_eq!(
            h("https://x.example.net/archives/2017/08/post-24919.html"),
            Some(Hint::Month(2017, 8))
        );
        // a slug that opens with a title's number ("6시간 40분" → "6-40") is no day
        assert_eq!(
            h("http://x.blogspot.com/2023/11/6-40.html"),
            Some(Hint::Month(2023, 11))
        );
        // year, then month and day; two-digit years with month, then day
        assert_eq!(
            h("http://news.example.cn/n1/2021/0714/c1004-32157.html"),
            Some(day(2021, 7, 14))
        );
        assert_eq!(
            h("https://tech.example.cn/21/0714/09/GF8M3I2T.html"),
            Some(day(2021, 7, 14))
        );
        assert_eq!(
            h("https://megalodon.example/ref/2022-0808-1524-13/https://www.example.jp/news/"),
            Some(day(2022, 8, 8))
        );
        assert_eq!(h("https://example.com/p/1234/5678/"), None);
        assert_eq!(h("https://example.com/status/incidents/abc123"), None);
        // a host's digits and long ids are not dates
        assert_eq!(h("https://host2019.example.com/p/99999999"), None);
        // a host label that is a year on its own is the weakest year there is
        assert_eq!(
            h("https://2021.example.org/news/tech/123456.html"),
            Some(Hint::Year(2021))
        );
        assert_eq!(
            h("https://2021.example.org/2019/05/x.html"),
            Some(Hint::Month(2019, 5))
        );
        assert_eq!(
            h("http://news.example.com/news/201805/11/item80026868.html"),
            Some(day(2018, 5, 11))
        );
        // a six-digit segment of two-digit year, month and day
        assert_eq!(
            h("https://www.example.jp/business/amp/160323/bsd1603230500001-a.htm"),
            Some(day(2016, 3, 23))
        );
        assert_eq!(h("https://www.example.com/p/554303/"), None);
        // two-digit year and month, then day, when the first cannot be a year of its own
        assert_eq!(
            h("https://www.example.co.jp/news/articles/2303/24/news115.html"),
            Some(day(2023, 3, 24))
        );
        assert_eq!(
            h("https://www.example.co.jp/news/articles/2003/24/news115.html"),
            Some(day(2020, 3, 24))
        );
    }

    #[test]
    fn url_dates_in_words_day_first_and_by_month() {
        let en = UrlWords {
            months: vec![("june".into(), 6), ("jun".into(), 6), ("march".into(), 3)],
            day_first: false,
        };
        let es = UrlWords {
            months: vec![("marzo".into(), 3), ("june".into(), 6)],
            day_first: true,
        };
        let h = |u: &str, w: &UrlWords| url_hint(u, w).map(|(h, _)| h);
        // a slug's month name with its day and year, either order
        assert_eq!(
            h(
                "https://example.notion.site/June-20th-2023-Post-Mortem-8b245d",
                &en
            ),
            Some(day(2023, 6, 20))
        );
        assert_eq!(
            h(
                "https://example.com/noticias/caida-del-8-de-marzo-de-2025",
                &es
            ),
            Some(day(2025, 3, 8))
        );
        assert_eq!(
            h("https://example.com/blog/2023-june-20-outage", &en),
            Some(day(2023, 6, 20))
        );
        // a site that files its articles by day, month and year
        assert_eq!(
            h(
                "https://example.com.br/24/01/2013/operadora-sem-internet",
                &es
            ),
            Some(day(2013, 1, 24))
        );
        assert!(filing_date("24/01/2013") && filing_date("20211005"));
        assert!(!filing_date("2024-05-12"));
        // a month name without both its day and its year is no date
        assert_eq!(h("https://example.com/blog/june-outage-review", &en), None);
        // numeric, year last: the language's order when both read, the one that reads otherwise
        assert_eq!(
            h("https://example.cl/noticias/08-03-2025/corte", &es),
            Some(day(2025, 3, 8))
        );
        assert_eq!(
            h("https://example.com/news/08-03-2025/outage", &en),
            Some(day(2025, 8, 3))
        );
        assert_eq!(
            h("https://example.com/news/25-03-2025/outage", &en),
            Some(day(2025, 3, 25))
        );
        // a year and month alone
        assert_eq!(
            h(
                "https://example.co.jp/news/sougou/202112/0014919842.shtml",
                &en
            ),
            Some(Hint::Month(2021, 12))
        );
        // … or opening a slug
        assert_eq!(
            h("https://news.example.jp/202506-network-outage-11", &en),
            Some(Hint::Month(2025, 6))
        );
    }

    #[test]
    fn prose_year_is_the_most_named() {
        assert_eq!(
            prose_year("the first big outage of 2022; in 2022 again, unlike 2019").map(|x| x.0),
            Some(2022)
        );
        assert_eq!(prose_year("error 20221 and port 8080"), None);
        // an account name or a fiscal year's code is no year of the text
        assert_eq!(prose_year("(ID:oschina2013) FY2022"), None);
        assert_eq!(prose_year("2021年3月"), Some((2021, "2021".into())));
    }
}
