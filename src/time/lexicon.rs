//! Language lexicons for the time parser: `mappings/lang/<code>.toml` loaded into one registry.
use super::zones::ZoneTable;
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of language files inside the mappings folder.
pub const LANG_DIR: &str = "lang";

/// Headings keys the extract/draft code reads; every lexicon must define all of them.
pub const HEADING_KEYS: [&str; 9] = [
    "summary",
    "impact",
    "timeline",
    "root_cause",
    "trigger",
    "detection",
    "remediation",
    "action_items",
    "lessons",
];

/// Order of numeric day/month dates such as 12/11/2024.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum DateOrder {
    /// Month first (12/11/2024 is 11 December).
    #[default]
    Mdy,
    /// Day first (12/11/2024 is 12 November).
    Dmy,
    /// Year first, as Korean, Chinese and Japanese write short dates ("22.10.16" is 16 October
    /// 2022); otherwise month before day, as `Mdy`.
    Ymd,
}

/// Words around dates.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct DateWords {
    pub month_first: bool,
    pub weekdays: Vec<String>,
    /// Parts of the day written fused to a weekday ("Donnerstagabend": "abend").
    pub weekday_compounds: Vec<String>,
    /// One-letter weekdays, Monday first, read only in brackets after a date ("5/2(화)").
    pub weekday_short: Vec<String>,
    pub day_prefixes: Vec<String>,
    /// Words before a day of the month written alone, read as a date only when a clock follows
    /// ("le 28 à 15h", "el día 28 a las 15:00", "am 28. um 15 Uhr").
    pub day_alone_prefixes: Vec<String>,
    pub day_suffixes: Vec<String>,
    pub month_joiners: Vec<String>,
    pub year_prefixes: Vec<String>,
    pub year_markers: Vec<String>,
    /// Era names before a year marker and the year before the era's first ("令和" = 2018, so
    /// "令和5年" is 2023; "民國" = 1911); `first_year` words stand for year 1 ("令和元年").
    pub eras: BTreeMap<String, i32>,
    pub first_year: Vec<String>,
    pub month_markers: Vec<String>,
    pub day_markers: Vec<String>,
    pub date_time_joiners: Vec<String>,
    pub time_date_joiners: Vec<String>,
    pub relative_days: BTreeMap<String, i64>,
    /// Days named by the calendar, as "MM-DD" ("christmas eve" = "12-24", "元旦" = "01-01"): a
    /// date without its year, like "24 December". Only holidays on a fixed day of the year.
    pub holidays: BTreeMap<String, String>,
    /// Words that make a relative day only right after a part of the day (or a clock's
    /// morning/evening word): Vietnamese "sáng qua" (yesterday morning), "9 giờ tối nay".
    pub relative_after_daypart: BTreeMap<String, i64>,
    pub next_day: Vec<String>,
    /// Of `relative_days` at -1, the words that count back from the day the story last wrote
    /// as a date (the day its "이날" means), not from the page's day ("4일 … 전날 오후 11시",
    /// "la veille au soir"): the mirror of `next_day`. ("어제" / "hier", yesterday, stay the
    /// page's.)
    pub previous_day: Vec<String>,
    /// Words right before a day that look back from the report's own day ("지난 8일", "去る8日"):
    /// such a day is background to the story's day, so a "this day" word ("이날") still means the
    /// day written before it (when none was written before, the looked-back day is still that
    /// day: "지난 15일 … 이날 오후 5시").
    pub looking_back: Vec<String>,
    /// Words right before a day without its month that count its month from the page's own
    /// ("이달 28일" = this month's 28th, "先月28日" = last month's, "下个月5日" = next month's):
    /// 0 this month, -1 the month before, 1 the month after.
    pub month_relative: BTreeMap<String, i64>,
    /// Verbs of reporting written right before or after a relative day ("informou hoje", "said
    /// today", "hôm nay cho biết"): that day is when the report was made, not the day of the
    /// clocks that follow.
    pub report_verbs: Vec<String>,
    /// Words of a night written just before two days in a row ("in der Nacht von Montag zu
    /// Dienstag", "la nuit de lundi 4 à mardi 5 octobre", "overnight Monday into Tuesday"): the
    /// clocks after it are the first day's evening and the second's early morning.
    pub night_span: Vec<String>,
    /// Words before the single day a night ran into ("in der Nacht zum Dienstag", "na madrugada
    /// de terça"): the clocks after it are the evening before and that day's early morning.
    pub night_into: Vec<String>,
    /// Words before a clock time that put it on the day the text last named, written or
    /// relative ("当天14时", "同日午後3時", "that day at 3pm"); with none, the page's date.
    pub same_day: Vec<String>,
    /// Words before a clock time that put it on the day the text last wrote as a date, else the
    /// page's own day (Korean news "이날": "15일 … 이날 오후" is the 15th, "전날 … 이날 오전 1시"
    /// is the page's day).
    pub this_day: Vec<String>,
    /// Words before (`week_before`) or after (`week_after`) a weekday that put it in a week
    /// counted from the reference's (Monday-first) week: "next Friday" = 1, "last Wednesday" =
    /// -1, "this Friday" = 0, "来週の金曜日" = 1, "mercredi prochain" = 1.
    pub week_before: BTreeMap<String, i64>,
    pub week_after: BTreeMap<String, i64>,
    /// Words before a date that mean its last minute ("end of tomorrow", "fin de demain").
    pub end_of: Vec<String>,
    /// Words for the reference instant itself ("now", "jetzt", "今").
    pub now: Vec<String>,
    /// Words that make a clock the writer's "now", before it ("as of 7:30", "截至22时") or after
    /// it ("오전 7시30분 현재", "午前7時現在"): with no day of its own, it is on the page's day,
    /// not on an earlier day the text named ("전날 오후 5시 … 오전 7시30분 현재").
    pub as_of_before: Vec<String>,
    pub as_of_after: Vec<String>,
    /// Words between a length and a date it counts from ("16 days from 01/02/2018", "3 jours
    /// après le 12 janvier") or back from ("2 weeks before May 13").
    pub offset_after: Vec<String>,
    pub offset_before: Vec<String>,
    /// Words after a bare day number ("3일 동안", "3日間", "3日内") that make it a length; any
    /// other bare "15일" / "15日" is the 15th of the month ("지난 15일 오후", "15日晚间").
    pub day_length_after: Vec<String>,
    /// Words before a bare day number that make it a length ("기간을 7일로", "期間は3日").
    pub day_length_before: Vec<String>,
}

/// Words of clock times.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct ClockWords {
    pub am_after: Vec<String>,
    pub pm_after: Vec<String>,
    pub am_before: Vec<String>,
    pub pm_before: Vec<String>,
    pub night_before: Vec<String>,
    /// Night words after the clock ("12h đêm" is midnight, "11h đêm" 23:00, "2h đêm" 02:00).
    pub night_after: Vec<String>,
    /// The midday words among the afternoon words ("trưa", "낮", "昼", "中午"): an hour from 9
    /// to 11 written with one stays in the morning ("11h50 trưa" is 11:50, "1h trưa" 13:00).
    pub midday: Vec<String>,
    /// Morning words that name the part of the day rather than "a.m." ("de la mañana", "da
    /// manhã"): twelve written with one is noon ("a las 12:14 de la mañana" is 12:14), as the
    /// morning runs until lunch.
    pub twelve_is_noon: Vec<String>,
    /// Words right after an hour that name the day it falls on ("15h cùng ngày": 15:00 that
    /// day): a length is never followed by one, so the hour is a clock. The date words
    /// `same_day` and `next_day` count too.
    pub day_after: Vec<String>,
    pub hour_markers: Vec<String>,
    pub minute_markers: Vec<String>,
    pub second_markers: Vec<String>,
    pub half: Vec<String>,
    pub minute_marker_optional: bool,
    pub hour_needs_cue: bool,
    pub cues: Vec<String>,
    /// Words right after an hour's unit that only a length takes ("3 giờ đồng hồ", "4 heures
    /// ouvrées"): the hour is no clock, with or without a cue before it.
    pub hour_not_before: Vec<String>,
    /// Words right after a bare hour after a cue that show the hour stands alone, where a count
    /// would go on with its noun ("a las 17 el problema ya estaba resuelto", "às 17 o serviço"):
    /// articles, pronouns, conjunctions, adverbs.
    pub cue_hour_ends: Vec<String>,
    /// Words just before a bare hour after a cue that make it a length, not a clock ("duré plus
    /// de six heures": "de" cues "de 14 heures à 16 heures", but "plus de" counts hours).
    pub length_before: Vec<String>,
    /// Hour markers after which an hour written only in CJK numerals needs minutes, a half or a
    /// part-of-day word to be a clock ("一時" alone is "for a while"; "三点" is three o'clock).
    pub numeral_hour_needs_context: Vec<String>,
    pub h_clock: bool,
    pub suffixes: Vec<String>,
    /// Of `suffixes`, those that make a bare hour a clock wherever it stands ("19 Uhr"): words
    /// never used for a length ("heures" is also "hours", so it is not one).
    #[serde(default)]
    pub clock_suffixes: Vec<String>,
    /// Words between a time and the zone it is told in ("18 giờ 20 theo giờ Việt Nam": by
    /// Vietnam's clock).
    #[serde(default)]
    pub zone_joiners: Vec<String>,
    pub list_joiners: Vec<String>,
    /// Named times → "HH:MM" ("noon" = "12:00").
    pub named: BTreeMap<String, String>,
    /// Words that move the hour written right after them by minutes ("halb zehn" = 9:30,
    /// "Viertel nach acht" = 8:15, "quarter to ten" = 9:45).
    pub minutes_before: BTreeMap<String, i32>,
    /// … and right after it ("neuf heures et demie", "las diez menos cuarto", "三点一刻").
    pub minutes_after: BTreeMap<String, i32>,
    /// Words right after a bare count of minutes that make it a minute of the hour last told,
    /// not a length ("午後7時まで…40分ごろには", "…50分過ぎに").
    pub minute_point_after: Vec<String>,
    /// Words right before a bare count of minutes that make it a minute of the hour last told
    /// ("午前9時10分ごろ…。同45分には": the same hour's 45th minute).
    pub minute_point_before: Vec<String>,
    /// A unit-style hour from 1 to 11 written without a half word may be morning or afternoon
    /// (headlines drop 오전/오후: "24일 8시 40분 복구"): its mention is marked `half_open`, and
    /// the window may read it in the afternoon when the morning contradicts the page.
    pub unit_hour_half_open: bool,
}

/// Words of durations.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct DurationWords {
    pub d: Vec<String>,
    pub h: Vec<String>,
    pub m: Vec<String>,
    pub s: Vec<String>,
    pub w: Vec<String>,
    pub mo: Vec<String>,
    pub y: Vec<String>,
    pub measure_words: Vec<String>,
    pub half_infix: Vec<String>,
    pub more_infix: Vec<String>,
    pub half_suffix: Vec<String>,
    /// Text right after a unit that makes the length an adjective, part of its quote ("hour-long").
    pub adjective_suffix: Vec<String>,
    pub joiners: Vec<String>,
    pub fixed: BTreeMap<String, String>,
    pub reject_before: Vec<String>,
    pub reject_after: Vec<String>,
    pub reject_after_patterns: Vec<String>,
    /// Articles used as the number of a rate ("10,000 requests an hour").
    pub rate_articles: Vec<String>,
    /// Words written like a length that are none unless an approximate marker precedes them
    /// (ja 十分 "enough", 不十分).
    pub not_lengths: Vec<String>,
    /// A length as written, and the words right after it that make it no length: service
    /// round the clock ("24시간 고객센터", "24時間・年中無休", "24小时客服", "24-hour support").
    pub not_length_after: BTreeMap<String, Vec<String>>,
    /// Words after a length that make it an offset from a time told before ("5分後に再起動"),
    /// no length, unless an approximate marker or a `span_before` word precedes it
    /// ("約3時間後に復旧", "発生から2時間後に") or a time follows.
    pub offset_after: Vec<String>,
    /// Words before a length that make an `offset_after` length the span from a stated point.
    pub span_before: Vec<String>,
    /// Words between a count and a duration that make a rate ("5 codes in 10 minutes").
    pub rate_within: Vec<String>,
    /// Relative offsets: words after ("ago", "later", 전, 後) and before ("in", "dans", "vor") a
    /// duration; with `--ref` they also give a time (reference ± duration).
    pub ago_after: Vec<String>,
    pub later_after: Vec<String>,
    pub ago_before: Vec<String>,
    pub later_before: Vec<String>,
    /// Between two counts of one unit ("3-4 hours", "22 ~ 24 시간", "5 ou 6 heures"): the
    /// length is the range, read as its lower count (the least it lasted).
    pub range_connectors: Vec<String>,
}

/// Approximate markers.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct ApproxWords {
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// Number words that are themselves approximate ("une vingtaine de").
    pub numbers: Vec<String>,
    /// Those of `before`/`after` that make a length a lower bound ("more than 5 hours",
    /// "über 5 Stunden", "5시간 이상", "5个多小时"): never the window's exact length.
    pub lower_bound: Vec<String>,
}

/// Range words.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct RangeWords {
    pub connectors: Vec<String>,
    pub openers: Vec<String>,
    pub closers: Vec<String>,
    /// Connectors that join a range only after an opener ("between 3 and 5", not "3 and 5").
    pub needs_opener: Vec<String>,
    /// Words before a duration that make it the length of a range starting at a time next to it
    /// ("from 2pm for 2 hours", "pendant 2 heures"); `length_after` after it (동안, 間).
    pub length_before: Vec<String>,
    pub length_after: Vec<String>,
    /// Words before a duration that make a range from the reference onwards ("within 5 minutes",
    /// "dentro de", 앞으로) or up to the reference ("the last 5 minutes", 지난).
    pub ahead_before: Vec<String>,
    pub past_before: Vec<String>,
}

/// Parts of the day ("this morning", "tonight", 새벽, 未明, 凌晨) and the words that combine
/// tokens into ranges ("from 2pm for 2 hours", "within 5 minutes"); read by `time::compose`.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct DaypartWords {
    /// Phrase → `[from, to]` conventional hours (24 = end of the day), or `[from, to, days]`
    /// when the phrase also names the day ("tonight" = `[20, 24, 0]`, "last night" = -1).
    pub hours: BTreeMap<String, Vec<i64>>,
    /// Words before a part of the day that make it the reference day's ("this", "cet", "esta").
    pub this: Vec<String>,
    /// Words before a part of the day that keep its first half ("early") or second half
    /// ("later", "fin de").
    pub early: Vec<String>,
    pub late: Vec<String>,
    /// Articles and prepositions around a part of the day ("in the", "dans la", "por la").
    pub articles: Vec<String>,
    /// Text between a date and its part of the day or its clock ("の", "的", "por", "à", ",").
    pub joiners: Vec<String>,
    /// Words between a part of the day and the date it belongs to ("the evening of March 3",
    /// "am Abend des 3. März", "la noche del 3 de marzo").
    pub of_day: Vec<String>,
}

/// One country's variant of a language: its zone and words spelled only there.
#[derive(Debug, Clone, Deserialize)]
pub struct Variant {
    pub zone: String,
    pub words: Vec<String>,
}

/// One language's time vocabulary, as written in `mappings/lang/<code>.toml`.
#[derive(Debug, Clone, Deserialize)]
pub struct Lexicon {
    pub code: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub default_zone: String,
    /// A country's spelling of the language and its zone ("académico", "equipa" are Portugal's
    /// Portuguese): a page that writes more of one variant's words than of the others' is
    /// inferred to be in its zone before `default_zone`.
    #[serde(default)]
    pub variants: Vec<Variant>,
    #[serde(default)]
    pub date_order: DateOrder,
    /// Country domains whose pages write numeric dates day first in this language ("uk" for
    /// English): with such a URL, `date_order` is `Dmy`.
    #[serde(default)]
    pub day_first_countries: Vec<String>,
    /// Country domains of the countries where pages are written in this language ("cn", "tw"
    /// for Chinese). A page in the language on another country's domain (a Taiwanese site on
    /// ".mg") has bought the domain for its letters: its zone is not that country's. Empty: every
    /// country domain counts (English is written everywhere).
    #[serde(default)]
    pub countries: Vec<String>,
    #[serde(default)]
    pub cjk_numerals: bool,
    #[serde(default)]
    pub zone_statements: Vec<String>,
    #[serde(default)]
    pub months: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub date: DateWords,
    #[serde(default)]
    pub clock: ClockWords,
    #[serde(default)]
    pub durations: DurationWords,
    #[serde(default)]
    pub numbers: BTreeMap<String, f64>,
    #[serde(default)]
    pub approx: ApproxWords,
    #[serde(default)]
    pub range: RangeWords,
    #[serde(default)]
    pub dayparts: DaypartWords,
    #[serde(default)]
    headings: BTreeMap<String, Vec<String>>,
    /// The compiled patterns, built the first time a text in this language is scanned.
    #[serde(skip)]
    compiled: std::sync::OnceLock<super::scan::Patterns>,
    /// The composition rules' word lists, built the first time they are used.
    #[serde(skip)]
    compose_words: std::sync::OnceLock<super::compose::Words>,
    /// The zone table the patterns are built with (shared by every lexicon).
    #[serde(skip)]
    zones: Option<std::sync::Arc<ZoneTable>>,
}

impl Lexicon {
    /// Section heading phrases by key (summary, impact, timeline, root_cause, trigger, detection,
    /// remediation, action_items, lessons).
    pub fn headings(&self) -> &BTreeMap<String, Vec<String>> {
        &self.headings
    }

    /// The zone of the variant whose words the text writes most (whole words, case folded),
    /// with the words counted, when one variant leads by at least two.
    pub fn variant_zone(&self, text: &str) -> Option<(&str, Vec<String>)> {
        if self.variants.is_empty() {
            return None;
        }
        let lower = text.to_lowercase();
        let words: std::collections::HashMap<&str, usize> = lower
            .split(|c: char| !c.is_alphanumeric())
            .fold(Default::default(), |mut m, w| {
                *m.entry(w).or_default() += 1;
                m
            });
        let mut scored: Vec<(usize, &Variant, Vec<String>)> = self
            .variants
            .iter()
            .map(|v| {
                let hits: Vec<String> = v
                    .words
                    .iter()
                    .filter(|w| words.contains_key(w.as_str()))
                    .cloned()
                    .collect();
                let n = hits.iter().map(|w| words[w.as_str()]).sum();
                (n, v, hits)
            })
            .collect();
        scored.sort_by_key(|b| std::cmp::Reverse(b.0));
        let runner_up = scored.get(1).map_or(0, |x| x.0);
        let (n, v, hits) = scored.into_iter().next()?;
        (n >= runner_up + 2).then_some((v.zone.as_str(), hits))
    }

    /// The IANA zone assumed for pages in this language that state none.
    pub fn default_zone(&self) -> Option<&str> {
        Some(self.default_zone.as_str()).filter(|z| !z.is_empty())
    }

    /// Approximate markers written before a time or duration ("about", "약", "khoảng").
    pub fn approx_before(&self) -> &[String] {
        &self.approx.before
    }

    /// Approximate markers written after a time or duration ("무렵", "頃", "左右").
    pub fn approx_after(&self) -> &[String] {
        &self.approx.after
    }

    /// Month number (1–12) of a month name or abbreviation.
    pub fn month_number(&self, word: &str) -> Option<u32> {
        let w = word.trim_end_matches('.').to_lowercase();
        self.months
            .iter()
            .find(|(_, names)| names.contains(&w))
            .and_then(|(k, _)| k.parse().ok())
    }

    /// The compiled patterns, built on first use (a one-page run builds one language's, not all).
    pub(crate) fn compose_words(&self) -> &super::compose::Words {
        self.compose_words
            .get_or_init(|| super::compose::Words::new(self))
    }

    /// This lexicon with numeric dates read in another order (the page's country fixes it).
    pub fn with_date_order(&self, order: DateOrder) -> Lexicon {
        Lexicon {
            date_order: order,
            ..self.clone()
        }
    }

    pub(crate) fn patterns(&self) -> &super::scan::Patterns {
        self.compiled.get_or_init(|| {
            let empty = ZoneTable::default();
            let zones = self.zones.as_deref().unwrap_or(&empty);
            super::scan::Patterns::build(self, zones).unwrap_or_else(|e| {
                // The words are escaped into the patterns, so this is not expected; scan with
                // the language-independent patterns rather than stop.
                tracing::error!(
                    "mappings/lang/{}.toml: {e:#}; its words are not used",
                    self.code
                );
                let bare: Lexicon = toml::from_str(&format!("code = {:?}", self.code))
                    .expect("a lexicon of only a code parses");
                super::scan::Patterns::build(&bare, zones)
                    .expect("the language-independent patterns compile")
            })
        })
    }

    fn check(&self, path: &Path) -> Result<()> {
        for key in HEADING_KEYS {
            if !self.headings.contains_key(key) {
                bail!(
                    "{}: [headings] lacks {key:?}; add a list of heading phrases for it",
                    path.display()
                );
            }
        }
        for (k, names) in &self.months {
            match k.parse::<u32>() {
                Ok(1..=12) => {}
                _ => bail!("{}: [months] key {k:?} must be 1 to 12", path.display()),
            }
            if names.is_empty() {
                bail!("{}: month {k} has no names", path.display());
            }
        }
        if let Some(z) = self.default_zone() {
            if z.parse::<chrono_tz::Tz>().is_err() {
                bail!(
                    "{}: default_zone {z:?} is not an IANA zone name",
                    path.display()
                );
            }
        }
        for (phrase, h) in &self.dayparts.hours {
            let ok =
                matches!(h.len(), 2 | 3) && (0..=24).contains(&h[0]) && h[0] < h[1] && h[1] <= 24;
            if !ok {
                bail!(
                    "{}: [dayparts.hours] {phrase:?} = {h:?} must be [from, to] or [from, to, days] with 0 <= from < to <= 24",
                    path.display()
                );
            }
        }
        for (phrase, value) in &self.durations.fixed {
            if crate::case::Duration::parse_lenient(value).is_err() {
                bail!(
                    "{}: [durations.fixed] {phrase:?} = {value:?} is not a compact duration like \"30m\"",
                    path.display()
                );
            }
        }
        Ok(())
    }
}

/// Every language lexicon, by code, plus the shared zone table.
#[derive(Debug, Clone)]
pub struct Lexicons {
    langs: BTreeMap<String, Lexicon>,
    pub zones: ZoneTable,
    pub dir: PathBuf,
}

impl Lexicons {
    /// Loads `dir/*.toml` as language files. `dir` may be the mappings folder (then `lang/` inside
    /// it is used) or the `lang` folder itself; `zones.toml` is read from the mappings folder.
    pub fn load(dir: &Path) -> Result<Self> {
        let (lang_dir, mappings) = if dir.join(LANG_DIR).is_dir() {
            (dir.join(LANG_DIR), dir.to_path_buf())
        } else {
            (
                dir.to_path_buf(),
                dir.parent().map(Path::to_path_buf).unwrap_or_default(),
            )
        };
        let zones = ZoneTable::load(&mappings.join(super::zones::ZONES_FILE))?;
        let shared_zones = std::sync::Arc::new(zones.clone());
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&lang_dir)
            .with_context(|| {
                format!(
                    "reading the language folder {} (set --mappings or INCIDENTLIB_HOME)",
                    lang_dir.display()
                )
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        let mut langs = BTreeMap::new();
        for path in paths {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            // The draft words' parse of the file when they were loaded first (a draft).
            let mut lex: Lexicon = crate::vocab::toml_cache::parse(&path, &text)
                .with_context(|| format!("parsing {}", path.display()))?;
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if lex.code != stem {
                bail!(
                    "{}: code {:?} must match the file name {stem:?}",
                    path.display(),
                    lex.code
                );
            }
            lex.check(&path)?;
            lex.zones = Some(shared_zones.clone());
            langs.insert(lex.code.clone(), lex);
        }
        if langs.is_empty() {
            bail!(
                "no language files (*.toml) in {}; expected e.g. en.toml",
                lang_dir.display()
            );
        }
        Ok(Lexicons {
            langs,
            zones,
            dir: lang_dir,
        })
    }

    /// Loads from the default mappings folder (`crate::paths::data_dir("mappings")`).
    pub fn load_default() -> Result<Self> {
        Self::load(&crate::paths::data_dir("mappings"))
    }

    /// The lexicon of a language code ("ko"), if there is one.
    pub fn get(&self, lang: &str) -> Option<&Lexicon> {
        self.langs.get(lang)
    }

    /// All language codes, sorted.
    pub fn codes(&self) -> Vec<&str> {
        self.langs.keys().map(String::as_str).collect()
    }
}
