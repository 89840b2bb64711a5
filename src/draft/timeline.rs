//! The timeline stage: the page's dated points and stated lengths → the impact window,
//! `detected_after` / `resolved_after`, the events and the durations, each with its evidence.
use super::dating::Dating;
use super::review::{DurationNote, Event, Window};
use super::window::{self, BlockText, EventWords, Place, Point, Range, Stated};
use super::Evidence;
use crate::case::{Duration, Timeline};
use crate::extract::{BlockKind, Page, SectionKind};
use chrono::{DateTime, FixedOffset};

/// Longest "what happened" text kept beside an event.
const MAX_EVENT_TEXT_CHARS: usize = 240;

/// What the timeline stage gives the rest of the draft.
pub struct Built {
    pub window: Window,
    pub timeline: Timeline,
    pub events: Vec<Event>,
    pub durations: Vec<DurationNote>,
    /// The window's start with its quote (the case date comes from it).
    pub start: Option<(DateTime<FixedOffset>, String)>,
    /// The earliest event outside action items, with its quote (the date's fallback).
    pub first_event: Option<(DateTime<FixedOffset>, String)>,
    /// The first day the incident's prose names without a clock ("7月13日晚，…"), lead first,
    /// never a byline's: the date's fallback before the day the page names most.
    pub first_day: Option<(chrono::NaiveDate, String)>,
}

/// Builds the window, timeline, events and durations from the dated page.
pub fn build(
    page: &Page,
    text: &str,
    dating: &Dating,
    places: &[Place],
    words: &EventWords,
    ev: &mut Evidence,
) -> Built {
    let parsed = &dating.parsed;
    let blocks: Vec<BlockText> = page
        .blocks
        .iter()
        .map(|b| BlockText {
            start: b.start,
            text: b.text.clone(),
        })
        .collect();
    let block_of = |at: usize| page.block_at_char(at).unwrap_or(0);
    let (mut points, ranges) = collect_points(parsed, text, places, &block_of);
    align_head_repeats(&mut points, parsed);
    mark_history(&mut points, &blocks, &words.history);
    mark_update_notes(&mut points, &blocks, &words.stamp);
    mark_promises(&mut points, &blocks, words);
    mark_schedules(&mut points, &ranges, &blocks, &words.schedule_before);
    let stated: Vec<Stated> = parsed
        .durations
        .iter()
        .map(|d| {
            let b = block_of(d.start);
            let place = places.get(b).copied().unwrap_or(Place::Other);
            // a length promised or estimated ("2시간 안에 … 복구될 것으로 보인다", "expected to
            // take two hours") is no length the incident had
            let end = d.start + d.quote.chars().count();
            let place = if place.is_incident() && promised(blocks.get(b), d.start, end, words) {
                Place::Promise
            } else if place.is_incident() && in_history(blocks.get(b), d.start, end, &words.history)
            {
                // a length an earlier incident had ("약 30분 만에 복구한 적이 있다")
                Place::History
            } else {
                place
            };
            Stated {
                secs: d.value.as_secs() as i64,
                lower_bound: d.lower_bound,
                // (a rounded figure after a soft bound is told as the length, not as a ceiling:
                // "full service came back within approximately 21 minutes of the initial
                // impact"; "less than about an hour" stays a ceiling)
                upper_bound: under(blocks.get(b), d.start, end, words)
                    && !(d.approximate
                        && bound_word(blocks.get(b), d.start, end, &words.under_rounded, &[])),
                approximate: d.approximate,
                quote: d.quote.clone(),
                start: d.start,
                block: b,
                place,
            }
        })
        .collect();
    if let Some((from, to)) = align_rows_to_dated_twins(&mut points) {
        ev.warn(format!(
            "times written without a date were first read on {from}; the page states the same clock times with the date {to}, so they were moved there: check it"
        ));
    }
    for i in window::reread_open_halves(&mut points, &blocks, words, &stated) {
        ev.warn(format!(
            "\"{}\" is written without a morning or afternoon word, and in the morning it would fall before the outage began: read as {}; check it",
            points[i].quote,
            points[i].at.format("%H:%M")
        ));
    }
    for i in window::roll_recoveries_past_midnight(&mut points, &blocks, words, &stated) {
        ev.warn(format!(
            "\"{}\" has no day of its own and an earlier clock than the onset told before it: read as the next day; check it",
            points[i].quote
        ));
    }
    let found = window::analyse(&points, &ranges, &stated, &blocks, words);

    // Window and timeline.
    let start = found.start.map(|(i, _)| &points[i]);
    let end_at = found
        .end
        .map(|(i, _)| points[i].at)
        .or(found.end_from_duration);
    if let Some((i, rule)) = found.start {
        ev.field("window.start", &points[i].quote, rule);
    } else if let (Some(k), Some(_)) = (found.incident_duration, found.start_from_duration) {
        ev.field(
            "window.start",
            &stated[k].quote,
            "end minus the stated duration",
        );
    } else {
        ev.warn("no start of impact found: window.start needs a human");
    }
    if found.union {
        ev.warn("the page states several impact periods: the window is their union; check it");
    }
    if let Some((i, rule)) = found.end {
        ev.field("window.end", &points[i].quote, rule);
    } else if let Some((p, k)) = found.end_after_told {
        ev.field(
            "window.end",
            &format!("{} … {}", points[p].quote, stated[k].quote),
            "recovery told as a length after the time before it",
        );
    } else if let Some(k) = found.incident_duration {
        ev.field(
            "window.end",
            &stated[k].quote,
            "start plus the stated duration",
        );
    }
    let mut timeline = Timeline::default();
    if let Some((secs, rule)) = found.resolved_secs {
        if secs >= 0 {
            timeline.resolved_after = Some(Duration::from_secs(secs as u64));
            let quote = match (found.incident_duration, found.end_after_told) {
                (Some(k), _) => stated[k].quote.clone(),
                (None, Some((p, k))) => format!(
                    "{} … {} … {}",
                    start.map(|p| p.quote.as_str()).unwrap_or(""),
                    points[p].quote,
                    stated[k].quote
                ),
                (None, None) => format!(
                    "{} … {}",
                    start.map(|p| p.quote.as_str()).unwrap_or(""),
                    found
                        .end
                        .map(|(i, _)| points[i].quote.as_str())
                        .unwrap_or("")
                ),
            };
            ev.field("timeline.resolved_after", &quote, rule);
        }
    }
    if let (Some(s), Some((d, rule))) = (start, found.detection) {
        let secs = (points[d].at - s.at).num_seconds();
        if secs >= 0 {
            timeline.detected_after = Some(Duration::from_secs(secs as u64));
            ev.field(
                "timeline.detected_after",
                &block_excerpt(&page.blocks[points[d].block].text),
                rule,
            );
        }
    } else if let Some(k) = found.detected_secs {
        timeline.detected_after = Some(Duration::from_secs(stated[k].secs as u64));
        ev.field(
            "timeline.detected_after",
            &stated[k].quote,
            "an alert or notice told as a length after the start",
        );
    }
    let window = if dating.undated {
        Window {
            start: None,
            end: None,
        }
    } else {
        Window {
            start: start
                .map(|p| p.at)
                .or(found.start_from_duration)
                .map(|t| dating.show(&t)),
            end: end_at.map(|t| dating.show(&t)),
        }
    };

    // Events: each distinct instant once, in order of first mention. Stamps after an update's
    // action items ("Posted Mar 07, 10:12") are events too; only the window and detection
    // ignore the future-tense sections.
    let mut events: Vec<Event> = Vec::new();
    let mut by_pos: Vec<&Point> = points.iter().collect();
    by_pos.sort_by_key(|p| p.start);
    // one event per instant: "10.30 local (13:30 GMT)" is one moment written twice
    let mut seen: Vec<DateTime<FixedOffset>> = Vec::new();
    // a count as of a time ("Tính đến 17h00, 85% số vé …", "截至晚間6時，已有超過90萬人",
    // "As of 18:00, 1,200 reports") is a measurement's cut-off, not something that happened then
    let mut chars_of = window::BlockChars::default();
    let cut_off: std::collections::HashSet<usize> = points
        .iter()
        .filter(|p| {
            chars_of
                .of(&blocks, p)
                .is_some_and(|(chars, start)| counts_beside(chars, start, p, &words.as_of))
        })
        .map(|p| p.start)
        .collect();
    for p in by_pos
        .into_iter()
        .filter(|p| !cut_off.contains(&p.start))
        .filter(|p| {
            !matches!(
                p.place,
                Place::Byline | Place::History | Place::Promise | Place::Schedule
            )
        })
    {
        let at = dating.show(&p.at);
        if seen.contains(&p.at) || events.iter().any(|e| e.at == at) {
            continue;
        }
        seen.push(p.at);
        events.push(Event {
            at,
            approximate: p.approximate,
            quote: p.quote.clone(),
            text: block_excerpt(&page.blocks[p.block].text),
            start: p.start,
            end: p.end,
        });
    }
    let durations: Vec<DurationNote> = stated
        .iter()
        .enumerate()
        .map(|(k, d)| DurationNote {
            quote: d.quote.clone(),
            value: Duration::from_secs(d.secs.max(0) as u64).to_string(),
            about: if found.incident_duration == Some(k) {
                "incident".into()
            } else {
                "other".into()
            },
            start: d.start,
            end: d.start + d.quote.chars().count(),
        })
        .collect();
    let first_event = points
        .iter()
        .filter(|p| p.place.is_incident())
        .min_by_key(|p| (p.at, p.start))
        .map(|p| (p.at, p.quote.clone()));
    let first_day = parsed
        .times
        .iter()
        .filter(|m| !m.has_clock)
        .filter_map(|m| {
            let place = places
                .get(block_of(m.start))
                .copied()
                .unwrap_or(Place::Other);
            if !place.is_incident() {
                return None;
            }
            let day = match m.value? {
                crate::time::TimeValue::Date(d) => d,
                v => v.local()?.date(),
            };
            Some(((place != Place::Lead, m.start), (day, m.quote.clone())))
        })
        .min_by_key(|(k, _)| *k)
        .map(|(_, d)| d);
    Built {
        first_day,
        window,
        timeline,
        events,
        durations,
        // (a start the end and a stated length give dates the case like a start told)
        start: start.map(|p| (p.at, p.quote.clone())).or_else(|| {
            found
                .start_from_duration
                .zip(found.incident_duration)
                .map(|(at, k)| (at, stated[k].quote.clone()))
        }),
        first_event,
    }
}

/// Where each block sits: lead prose, timeline, future (action items, lessons) or other.
/// (`credits`: each block's photo-credit date, [`credit_date`], found once per page)
pub fn block_places(
    page: &Page,
    words: &EventWords,
    credits: &[Option<chrono::NaiveDate>],
) -> Vec<Place> {
    let stamp = &words.stamp;
    let mut places = vec![Place::Other; page.blocks.len()];
    let first_timeline = page
        .sections
        .iter()
        .filter(|s| s.kind == SectionKind::Timeline)
        .map(|s| s.heading_block)
        .min()
        .unwrap_or(usize::MAX);
    let first_section = page
        .sections
        .iter()
        .map(|s| s.heading_block)
        .min()
        .unwrap_or(usize::MAX);
    for (i, p) in places.iter_mut().enumerate() {
        if i < first_timeline.min(first_section) {
            *p = Place::Lead;
        }
    }
    for s in &page.sections {
        let place = match s.kind {
            SectionKind::Summary | SectionKind::Impact => Place::Lead,
            SectionKind::Timeline => Place::Timeline,
            SectionKind::ActionItems | SectionKind::Lessons => Place::Future,
            _ => continue,
        };
        for i in s.blocks.clone() {
            // a status update's stamp line ends the action items an earlier update listed:
            // what follows is another update ("Prevention and follow-up … 04/29/2020 10:39AM
            // UTC / Connection issues detected.")
            if place == Place::Future
                && page
                    .blocks
                    .get(i)
                    .is_some_and(|b| update_stamp_line(&b.text))
            {
                break;
            }
            places[i] = place;
        }
    }
    // a related-articles entry scraped with its stamp is another story's
    for (i, b) in page.blocks.iter().enumerate() {
        if listing_stamp(&b.text) {
            places[i] = Place::History;
        }
    }
    // A short dated line before the first paragraph is a byline or dateline stamp.
    // (short news items may have no paragraph that wide: then the first paragraph wider than
    // a byline that ends a sentence)
    let is_para = |b: &&crate::extract::Block| b.kind == BlockKind::Paragraph;
    // a dated line labelled as the page's stamp ("来源：…", "입력 …", "08 janv. 2021 à 11:14 -
    // mise à jour …", its month a name) is one however wide
    // ("Atualizado às 16h13 para incluir nota", "Updated at 4:13 pm": a line that opens with a
    // stamp word is one with a clock alone)
    let is_stamp = |b: &crate::extract::Block| {
        let head = b.text.trim_start().to_lowercase();
        width(&b.text) <= STAMP_MAX_CHARS
            && ((stamp.iter().any(|w| b.text.contains(w.as_str()))
                && (byline_date(&b.text) || (year_written(&b.text) && byline_clock(&b.text))))
                || (stamp.iter().any(|w| head.starts_with(&w.to_lowercase()))
                    && byline_clock(&b.text)))
    };
    // (or the first that ends a sentence, however short: a status page's "This incident has
    // been resolved." comes before its "Posted …" stamp, which is an event, not a byline)
    // (a wide line that ends no sentence is a headline or a deck, "Clip: Một số ngân hàng gặp
    // lỗi …", unless it is wider than a headline runs)
    let first_prose = page
        .blocks
        .iter()
        .position(|b| {
            let ends = b
                .text
                .trim_end()
                .ends_with(['.', '。', '!', '?', '！', '？', '…', ':', '：']);
            is_para(&b)
                && !is_stamp(b)
                && ((width(&b.text) >= BYLINE_PROSE_CHARS
                    && (ends || width(&b.text) >= HEADLINE_MAX_CHARS))
                    || (width(&b.text) >= SENTENCE_MIN_CHARS && !byline_date(&b.text) && ends))
        })
        .unwrap_or(0);
    for (i, b) in page.blocks.iter().enumerate().take(first_prose) {
        // a row labelled as the window's start or end ("発生日時：2023年3月14日 10時05分頃")
        // is the incident's, not the page's stamp
        let labelled = |t: &str| {
            window::starts_with_label(t, &words.start_labels)
                || window::starts_with_label(t, &words.end_labels)
        };
        let label_line = |t: &str| {
            window::is_label_line(t, &words.start_labels)
                || window::is_label_line(t, &words.end_labels)
        };
        let window_row = labelled(&b.text)
            || i.checked_sub(1)
                .and_then(|k| page.blocks.get(k))
                .is_some_and(|prev| label_line(&prev.text));
        // (a list's item below the page's head is the story's unless a stamp word labels it:
        // "• Power issue solved: 5:55 AM EST, 8/12/2022" is an event; "• 입력 2022-11-19
        // 09:50" and "• 업데이트 2022-11-19 10:02" under the headline are the page's stamps)
        if places[i] != Place::Timeline
            && b.kind != BlockKind::TableRow
            && (b.kind != BlockKind::ListItem || i < BYLINE_HEAD_BLOCKS || is_stamp(b))
            && !window_row
            && ((width(&b.text) <= BYLINE_MAX_CHARS
                && (byline_date(&b.text)
                    || date_only(&b.text)
                    // (a month written as a name: "Thursday, September 27, 2018, 14:08 GMT+7",
                    // under the headline; a status history's "(Sunday 11th March 2018 23:36:49
                    // UTC)" further down is an update's stamp)
                    || (i < BYLINE_HEAD_BLOCKS
                        && !b.text.trim_start().starts_with('(')
                        && year_written(&b.text)
                        && byline_clock(&b.text)
                        && !b.text.trim_end().ends_with(['.', '。', '!', '?', '！', '？']))))
                || is_stamp(b))
        {
            places[i] = Place::Byline;
        }
    }
    // A date-time line under the author's name at the article's head ("Redacción Clarín /
    // 03/04/2012 02:13"), even below a deck that reads as prose: the byline.
    let author = |t: &str| {
        let t = t.trim();
        !t.is_empty()
            && width(t) <= AUTHOR_MAX_CHARS
            && !t.chars().any(|c| c.is_ascii_digit())
            && !t.ends_with(['.', '。', '!', '?', '！', '？', ':', '：'])
    };
    let head = page.blocks.len().min(BYLINE_HEAD_BLOCKS);
    for (i, place) in places.iter_mut().enumerate().take(head).skip(1) {
        let (prev, b) = (&page.blocks[i - 1], &page.blocks[i]);
        let prose_follows = page
            .blocks
            .get(i + 1)
            .is_some_and(|n| width(&n.text) >= BYLINE_PROSE_CHARS);
        if *place != Place::Timeline
            && update_stamp_line(&b.text)
            && byline_date(&b.text)
            && author(&prev.text)
            && prose_follows
        {
            *place = Place::Byline;
        }
    }
    // A line at the page's foot that opens with a stamp word and holds a date with its time
    // ("Originally Written: 25-Apr-2013 02:32, Last Updated: 06-Nov-2014 12:29"): when the page
    // was written, after the story.
    let foot = page.blocks.len().saturating_sub(FOOT_STAMP_BLOCKS);
    for (i, b) in page.blocks.iter().enumerate().skip(foot) {
        let head = b.text.trim_start().to_lowercase();
        if places[i] != Place::Timeline
            && width(&b.text) <= STAMP_MAX_CHARS
            && stamp
                .iter()
                .any(|w| !w.is_empty() && head.starts_with(&w.to_lowercase()))
            && (byline_date(&b.text) || (year_written(&b.text) && byline_clock(&b.text)))
        {
            places[i] = Place::Byline;
        }
    }
    // A photo caption signed with its date and the photographer's address ("… 안내문이 붙어
    // 있다. 2025.09.27. name@agency.com", "[email protected]" where a site hides it) is a credit
    // stamp wherever it stands: its date is the photo's, not the story's.
    for (i, credit) in credits.iter().enumerate().take(places.len()) {
        if places[i] != Place::Timeline && credit.is_some() {
            places[i] = Place::Byline;
        }
    }
    // Table rows and list items that start with a time are timeline rows wherever they are.
    for (i, b) in page.blocks.iter().enumerate() {
        if places[i] != Place::Future
            && matches!(b.kind, BlockKind::TableRow | BlockKind::ListItem)
            && b.text
                .trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        {
            places[i] = Place::Timeline;
        }
    }
    places
}

/// Blocks at the foot of a page searched for a "written on" stamp.
const FOOT_STAMP_BLOCKS: usize = 4;
/// Blocks at the head of a page searched for a byline under an author's name.
const BYLINE_HEAD_BLOCKS: usize = 16;
/// Widest line read as an author's name above a byline's date.
const AUTHOR_MAX_CHARS: usize = 40;

/// A paragraph this wide is the article's prose: short lines before it are its head.
pub(crate) const BYLINE_PROSE_CHARS: usize = 80;
/// Widest line that may still be a headline or a deck when it ends no sentence.
const HEADLINE_MAX_CHARS: usize = 200;
/// A sentence-ending paragraph at least this wide is prose, so lines after it are no byline.
const SENTENCE_MIN_CHARS: usize = 12;
/// Widest line read as a byline ("2025-09-03 10:12  reporter name", "Posted Mar 4, 2025").
pub(crate) const BYLINE_MAX_CHARS: usize = 60;

/// Widest line read as a byline when a stamp word labels it ("site name  2013年07月23日 07时38分
/// 来源：paper").
const STAMP_MAX_CHARS: usize = 160;

/// A line's width in Latin letters: a Han, kana or Hangul character says about as much as two.
pub(crate) fn width(text: &str) -> usize {
    text.chars()
        .map(|c| if crate::time::text::is_cjk(c) { 2 } else { 1 })
        .sum()
}

/// Whether a line holds a written date with its year and a clock time ("2025-09-03 10:12",
/// "2023年11月12日 20:15", "12/11/2023 - 20h15").
pub(crate) fn byline_date(text: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"(?:(?:19|20)\d{2}\s*[-./年년]\s*\d{1,2}|\d{1,2}\s*[-./]\s*\d{1,2}\s*[-./]\s*(?:19|20)\d{2}).*\d{1,2}\s*[:h時时시]\s*\d{2}").unwrap()
    });
    // a clock range ("4時58分~8時51分", "14:05–15:20") is what a row reports, not a stamp
    re.is_match(text) && !clock_range(text)
}

/// Whether a line opens with a full date and a clock run straight into a word, with no space
/// ("19/08/2025 23:21Lý do mạng … mất sóng"; a capital then a small letter, so no "11:52AM"):
/// an entry of a related-articles list scraped with its stamp, another story's, not this
/// one's time nor its day.
pub(crate) fn listing_stamp(text: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(
            r"^\s*(?:\d{1,2}[-./]\d{1,2}[-./](?:19|20)\d{2}|(?:19|20)\d{2}[-./]\d{1,2}[-./]\d{1,2})\s+\d{1,2}:\d{2}\p{Lu}\p{Ll}",
        )
        .unwrap()
    })
    .is_match(text)
}

/// Whether a line writes a year of four digits ("25-Apr-2013").
fn year_written(text: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r"(?:^|[^0-9])(?:19|20)\d{2}(?:$|[^0-9])").unwrap())
        .is_match(text)
}

/// Whether a line is a numeric date and nothing else ("28.04.2003", "2019-04-12"): above the
/// first paragraph, the page's dateline, not a day the incident names.
pub(crate) fn date_only(text: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(
            r"^\s*(?:\d{1,2}\s*[-./]\s*\d{1,2}\s*[-./]\s*(?:19|20)\d{2}|(?:19|20)\d{2}\s*[-./]\s*\d{1,2}\s*[-./]\s*\d{1,2})\.?\s*$",
        )
        .unwrap()
    })
    .is_match(text)
}

/// The date a line ends with when it is a photo credit: a date written with its year followed
/// by an e-mail address alone ("2025.09.27. name@agency.com", "2023.10.15/뉴스1 [email protected]").
pub(crate) fn credit_date(text: &str) -> Option<chrono::NaiveDate> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let c = RE
        .get_or_init(|| {
            regex::Regex::new(
                r"((?:19|20)\d{2})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})\.?\s*(?:/\s*\S{1,20}\s*)?(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\[email\s*protected\])\s*$",
            )
            .unwrap()
        })
        .captures(text)
        .or_else(|| agency_caption(text))?;
    chrono::NaiveDate::from_ymd_opt(c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?)
}

/// A photo caption that opens with its date and closes with its agency's credit after a slash
/// ("2017년3월29일 오후 … 일하고 있다./ 뉴스1", "2023.5.2 … 모습. /연합뉴스"): year, month and
/// day captured as `credit_date` reads them.
fn agency_caption(text: &str) -> Option<regex::Captures<'_>> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(
            r"^\s*((?:19|20)\d{2})\s*(?:년|[-./])\s*(\d{1,2})\s*(?:월|[-./])\s*(\d{1,2})\s*(?:일|\.)?[^\n]{0,300}?[.다]\s*/\s*[^\s/][^/\n]{0,14}$",
        )
        .unwrap()
    })
    .captures(text)
}

/// Whether a line holds a clock range ("14:05–15:20"): what a row reports, not a stamp.
fn clock_range(text: &str) -> bool {
    static RANGE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RANGE
        .get_or_init(|| {
            regex::Regex::new(
                r"\d{1,2}\s*[:時时h]\s*\d{2}\s*[分]?\s*(?:[~～〜–—]|-\s*\d{1,2}\s*[:時时h]|から)",
            )
            .unwrap()
        })
        .is_match(text)
}

/// Whether a line is a date-time stamp alone ("04/29/2020 10:39AM UTC", "Apr 29, 10:39 UTC"):
/// short, with a clock and few letters.
pub(crate) fn update_stamp_line(text: &str) -> bool {
    let t = text.trim();
    t.chars().count() <= UPDATE_STAMP_MAX_CHARS
        && t.chars().filter(|c| c.is_alphabetic()).count() <= UPDATE_STAMP_MAX_LETTERS
        && byline_clock(t)
        && t.chars().filter(char::is_ascii_digit).count() >= UPDATE_STAMP_MIN_DIGITS
}

/// A stamp line is at most this wide, with at most this many letters (a month's name, a zone,
/// AM/PM) and at least this many digits (a day and a clock).
const UPDATE_STAMP_MAX_CHARS: usize = 40;
const UPDATE_STAMP_MAX_LETTERS: usize = 12;
const UPDATE_STAMP_MIN_DIGITS: usize = 5;

/// Whether a line holds a clock time ("16h13", "4:13", "16時13分") and no clock range.
fn byline_clock(text: &str) -> bool {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| regex::Regex::new(r"\d{1,2}\s*[:h時时시]\s*\d{2}").unwrap());
    re.is_match(text) && !clock_range(text)
}

/// Characters before a time searched for a word that makes it a promise ("we expect … by").
const PROMISE_BEFORE_CHARS: usize = 48;

/// Times promised or estimated in their clause ("next update at 16:00", "오후 6시까지 복구할
/// 예정", "预计今晚22点前恢复") have not happened: their place becomes [`Place::Promise`].
fn mark_promises(points: &mut [Point], blocks: &[BlockText], words: &EventWords) {
    for p in points.iter_mut().filter(|p| p.place.is_incident()) {
        if promised(blocks.get(p.block), p.start, p.end, words) {
            p.place = Place::Promise;
        }
    }
}

/// Whether an upper-bound word stands right before the length at chars `start..end` ("less than
/// an hour", "不到1小时") or right after it ("1시간 이내", "1時間未満").
fn under(block: Option<&BlockText>, start: usize, end: usize, words: &EventWords) -> bool {
    bound_word(block, start, end, &words.under_before, &words.under_after)
}

/// Whether one of `before` stands right before the length at chars `start..end` or one of
/// `after` right after it.
fn bound_word(
    block: Option<&BlockText>,
    start: usize,
    end: usize,
    before_words: &[String],
    after_words: &[String],
) -> bool {
    let Some(block) = block else {
        return false;
    };
    if before_words.is_empty() && after_words.is_empty() {
        return false;
    }
    let chars: Vec<char> = block.text.to_lowercase().chars().collect();
    let at = start.saturating_sub(block.start).min(chars.len());
    let end = end.saturating_sub(block.start).min(chars.len()).max(at);
    let text = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
    // (the length's quote may hold its marker: "less than an hour")
    let quote = text(at, end);
    let before = text(at.saturating_sub(UNDER_REACH_CHARS), at);
    let after = text(end, (end + UNDER_REACH_CHARS).min(chars.len()));
    let (before, after) = (before.trim_end(), after.trim_start());
    let marker_before = |w: &String| {
        let w = w.to_lowercase();
        let word_ends_there = before.ends_with(&w)
            && before[..before.len() - w.len()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric() || crate::time::text::is_cjk(c));
        !w.is_empty() && (quote.starts_with(&w) || word_ends_there)
    };
    let marker_after = |w: &String| {
        let w = w.to_lowercase();
        !w.is_empty() && (quote.ends_with(&w) || after.starts_with(&w))
    };
    before_words.iter().any(marker_before) || after_words.iter().any(marker_after)
}

/// Chars beside a length searched for an upper-bound word.
const UNDER_REACH_CHARS: usize = 24;

/// Whether the chars `start..end` of `block` sit in a clause that promises or estimates
/// ("we expect a fix by 17:00", "2시간 안에 … 복구될 것으로 보인다").
fn promised(block: Option<&BlockText>, start: usize, end: usize, words: &EventWords) -> bool {
    let Some(block) = block else {
        return false;
    };
    if words.promise_before.is_empty() && words.promise_after.is_empty() {
        return false;
    }
    let chars: Vec<char> = block.text.to_lowercase().chars().collect();
    // (a full stop between digits is a date's or a number's, not the clause's end: "11.19 11시")
    let is_end = |i: usize| {
        ".!?。！？\n,，、;；".contains(chars[i])
            && !(chars[i] == '.'
                && i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()))
    };
    let at = start.saturating_sub(block.start).min(chars.len());
    let end = end.saturating_sub(block.start).min(chars.len()).max(at);
    let from = (at.saturating_sub(PROMISE_BEFORE_CHARS)..at)
        .rev()
        .find(|&i| is_end(i))
        .map_or(at.saturating_sub(PROMISE_BEFORE_CHARS), |i| i + 1);
    let to = (end..chars.len())
        .find(|&i| is_end(i))
        .unwrap_or(chars.len());
    let before: String = chars[from..at].iter().collect();
    // (a promise in words quoted after the time is the speaker's, not the time's: "오후 10시7분께
    // SNS를 통해 \"… 긴급 점검 중\"이라고 알리고 \"최선을 다하겠다\"": the notice was posted)
    let after: String = unquoted(&chars[end..to]);
    super::window::holds_word(&before, &words.promise_before)
        || super::window::holds_word(&after, &words.promise_after)
}

/// The chars without the spans they quote ("…", “…”, «…», 「…」, 『…』); a quote left open
/// drops the rest. (Not `time::text::outside_quotes`, which keeps a quote left open at a line's
/// end: a clause cut at the sentence end inside a quote, `"… 최선을 다하겠다.`, is such a quote.)
fn unquoted(chars: &[char]) -> String {
    let mut out = String::new();
    let mut close: Option<char> = None;
    for &c in chars {
        match close {
            Some(q) if c == q => close = None,
            Some(_) => {}
            None => match c {
                '"' => close = Some('"'),
                '“' => close = Some('”'),
                '«' => close = Some('»'),
                '「' => close = Some('」'),
                '『' => close = Some('』'),
                _ => out.push(c),
            },
        }
    }
    out
}

/// Characters before a range searched for a word that makes it a schedule ("平日", "weekdays").
const SCHEDULE_BEFORE_CHARS: usize = 16;

/// A stated range right after a recurrence word in its clause ("平日8時半から15時半まで稼働する",
/// "weekdays from 9:00 to 17:00", "매일 오전 9시부터 오후 6시까지") gives a system's hours, not
/// the incident's: both its ends become [`Place::Schedule`]. Only ranges: a single time after
/// "daily" ("the daily job at 02:00 failed") can still be this incident's.
fn mark_schedules(points: &mut [Point], ranges: &[Range], blocks: &[BlockText], words: &[String]) {
    if words.is_empty() {
        return;
    }
    let is_end = |c: &char| ".!?。！？\n,，;；、".contains(*c);
    for r in ranges {
        let (Some(from), Some(_)) = (points.get(r.from), points.get(r.to)) else {
            continue;
        };
        if !from.place.is_incident() {
            continue;
        }
        let Some(block) = blocks.get(from.block) else {
            continue;
        };
        let chars: Vec<char> = block.text.to_lowercase().chars().collect();
        let at = from.start.saturating_sub(block.start).min(chars.len());
        let clause = chars[..at]
            .iter()
            .rposition(is_end)
            .map_or(0, |i| i + 1)
            .max(at.saturating_sub(SCHEDULE_BEFORE_CHARS));
        let before: String = chars[clause..at].iter().collect();
        if super::window::holds_word(&before, words) {
            points[r.from].place = Place::Schedule;
            points[r.to].place = Place::Schedule;
        }
    }
}

/// Char ranges (in the page's text) of the sentences about an earlier incident: those that hold
/// one of the `history` words ("바 있", "也曾", "last year").
pub fn history_sentences(page: &Page, history: &[String]) -> Vec<std::ops::Range<usize>> {
    let words: Vec<String> = history
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for block in &page.blocks {
        let lower = block.text.to_lowercase();
        if !words.iter().any(|w| lower.contains(w.as_str())) {
            continue;
        }
        let chars: Vec<char> = block.text.chars().collect();
        let mut from = 0;
        // a history sentence and the one after it: "It is not the first time. The last such
        // outage was on 3 December" tells the earlier episode in the second
        let mut carried = false;
        for (i, c) in chars.iter().enumerate() {
            let last = i + 1 == chars.len();
            if ".!?。！？\n".contains(*c) || last {
                let sentence: String = chars[from..=i].iter().collect::<String>().to_lowercase();
                let history = words.iter().any(|w| sentence.contains(w.as_str()));
                if history || carried {
                    out.push(block.start + from..block.start + i + 1);
                }
                carried = history;
                from = i + 1;
            }
        }
    }
    out
}

/// Chars before or after a time searched for its as-of word.
const CUT_OFF_REACH_CHARS: usize = 16;
/// Chars after an as-of time searched for its count (within its sentence).
const CUT_OFF_COUNT_REACH_CHARS: usize = 120;

/// Whether a time with an as-of word is followed in its sentence by a count ("85%", "130.000",
/// "90萬人"), as a measurement's cut-off is.
/// (`chars`: the block's text, which starts at page offset `block_start`)
fn counts_beside(chars: &[char], block_start: usize, p: &Point, as_of: &[String]) -> bool {
    if as_of.is_empty() {
        return false;
    }
    let a = p.start.saturating_sub(block_start).min(chars.len());
    let b = p.end.saturating_sub(block_start).min(chars.len()).max(a);
    let near = |r: std::ops::Range<usize>| -> String {
        chars[r].iter().collect::<String>().to_lowercase()
    };
    // the as-of word right before the time or right after it ("tính đến 17h00", "18時時点")
    let before = near(a.saturating_sub(CUT_OFF_REACH_CHARS)..a);
    let after = near(b..(b + CUT_OFF_REACH_CHARS).min(chars.len()));
    let word = |t: &str, end: bool| {
        as_of.iter().any(|w| {
            let w = w.to_lowercase();
            if end {
                t.trim_end().ends_with(&w)
            } else {
                t.trim_start().starts_with(&w)
            }
        })
    };
    if !word(&before, true) && !word(&after, false) {
        return false;
    }
    let is_end = |c: &char| ".!?。！？\n;；".contains(*c);
    // (the count after the time: a number before it names the subject, "地銀8行 … 時点で復旧")
    let reach = (b + CUT_OFF_COUNT_REACH_CHARS).min(chars.len());
    let to = chars[b..reach]
        .iter()
        .position(is_end)
        .map_or(reach, |i| b + i);
    chars[b..to]
        .iter()
        .any(|c| c.is_ascii_digit() || ('０'..='９').contains(c))
}

/// Most chars between a time and its update note's brackets and stamp word.
const UPDATE_NOTE_GAP_CHARS: usize = 12;

/// A time in brackets with a stamp word, inside prose ("…未明に回復した。【5/29 4:00更新】",
/// "[Updated 10:40 UTC]"): the editor's note of when the article was updated, no event of the
/// incident; its place becomes [`Place::Byline`].
fn mark_update_notes(points: &mut [Point], blocks: &[BlockText], stamp: &[String]) {
    if stamp.is_empty() {
        return;
    }
    // each block's chars, found once (a page of one long line holds many times)
    let mut cached: Option<(usize, Vec<char>)> = None;
    for p in points.iter_mut().filter(|p| p.place.is_incident()) {
        let Some(block) = blocks.get(p.block) else {
            continue;
        };
        if cached.as_ref().is_none_or(|(b, _)| *b != p.block) {
            cached = Some((p.block, block.text.chars().collect()));
        }
        let Some((_, chars)) = cached.as_ref() else {
            continue;
        };
        let at = p.start.saturating_sub(block.start).min(chars.len());
        let end = p.end.saturating_sub(block.start).min(chars.len()).max(at);
        let (before, after) = window::beside(chars, at, end, UPDATE_NOTE_GAP_CHARS);
        // the note's brackets around the time, nothing but the stamp word and spaces between
        let Some(open) = before.rfind(['【', '[', '(', '（']) else {
            continue;
        };
        let Some(close) = after.find(['】', ']', ')', '）']) else {
            continue;
        };
        let (inside_before, inside_after) = (&before[open..], &after[..close]);
        if inside_before.contains(['】', ']', ')', '）']) {
            continue;
        }
        let word_in = |t: &str| {
            stamp.iter().any(|w| {
                let w = w.to_lowercase();
                !w.trim().is_empty() && t.contains(w.trim())
            })
        };
        if word_in(inside_before) || word_in(inside_after) {
            p.place = Place::Byline;
        }
    }
}

/// Times in a sentence about an earlier incident ("… 장애가 발생한 바 있다", "去年…") are
/// background: their place becomes [`Place::History`].
fn mark_history(points: &mut [Point], blocks: &[BlockText], history: &[String]) {
    if history.is_empty() {
        return;
    }
    let marked: Vec<bool> = points
        .iter()
        .map(|p| p.place.is_incident() && in_history(blocks.get(p.block), p.start, p.end, history))
        .collect();
    // a page whose every time of the story sits in such a sentence retells its own incident
    // ("앞서 지난 5일 오후 4시 57분부터 …": a follow-up on the compensation), not an earlier one
    let others = points
        .iter()
        .zip(&marked)
        .any(|(p, m)| p.place.is_incident() && !m);
    if !others {
        return;
    }
    for (p, m) in points.iter_mut().zip(marked) {
        if m {
            p.place = Place::History;
        }
    }
}

/// Whether chars `start..end` (page offsets) of `block` lie in a sentence about an earlier
/// incident: one that holds a `history` word.
fn in_history(block: Option<&BlockText>, start: usize, end: usize, history: &[String]) -> bool {
    let Some(block) = block else {
        return false;
    };
    let chars: Vec<char> = block.text.chars().collect();
    let at = start.saturating_sub(block.start).min(chars.len());
    let end = end.saturating_sub(block.start).min(chars.len()).max(at);
    let is_end = |c: &char| ".!?。！？\n".contains(*c);
    let from = chars[..at].iter().rposition(is_end).map_or(0, |i| i + 1);
    let to = chars[end..]
        .iter()
        .position(is_end)
        .map_or(chars.len(), |i| end + i + 1);
    // … or the sentence before it (see [`history_sentences`])
    let before = chars[..from.saturating_sub(1)]
        .iter()
        .rposition(is_end)
        .map_or(0, |i| i + 1);
    let sentence: String = chars[before.min(from)..to]
        .iter()
        .collect::<String>()
        .to_lowercase();
    history
        .iter()
        .any(|w| !w.is_empty() && sentence.contains(&w.to_lowercase()))
}

/// Turns the parser's time mentions into resolved points and stated ranges (a range gives
/// two points, each quoted by its own end's text).
/// A clock with no date of its own in the page's head (a headline or subtitle before the first
/// written date: "Ab 10 Uhr laufen Systeme wieder") that the body repeats at the same wall time on
/// a day it writes ("… am Donnerstag … Ab 10 Uhr liefen alle System wieder") is that instant: the
/// head summarises the body, it does not tell a time on the publication day.
fn align_head_repeats(points: &mut [Point], parsed: &crate::time::Parsed) {
    let Some(first_dated) = parsed
        .times
        .iter()
        .filter(|m| m.has_clock && m.date_explicit)
        .map(|m| m.start)
        .min()
    else {
        return;
    };
    let undated_head: Vec<usize> = parsed
        .times
        .iter()
        .filter(|m| m.has_clock && !m.date_explicit && m.start < first_dated)
        .map(|m| m.start)
        .collect();
    for i in 0..points.len() {
        if !undated_head.contains(&points[i].start) {
            continue;
        }
        let (at, head_start) = (points[i].at, points[i].start);
        let repeat = points.iter().find(|q| {
            q.start > first_dated.max(head_start)
                && q.at.time() == at.time()
                && q.at.offset() == at.offset()
                && q.at.date_naive() != at.date_naive()
        });
        if let Some(q) = repeat {
            points[i].at = q.at;
        }
    }
}

pub fn collect_points(
    parsed: &crate::time::Parsed,
    text: &str,
    places: &[Place],
    block_of: &dyn Fn(usize) -> usize,
) -> (Vec<Point>, Vec<Range>) {
    let chars: Vec<char> = text.chars().collect();
    let quote = |(a, b): (usize, usize)| -> String {
        chars[a.min(chars.len())..b.min(chars.len())]
            .iter()
            .collect()
    };
    let mut points = Vec::new();
    let mut ranges = Vec::new();
    for m in &parsed.times {
        if !m.has_clock {
            continue;
        }
        let Some(at) = m.value.and_then(|v| v.instant()) else {
            continue;
        };
        let b = block_of(m.start);
        let place = places.get(b).copied().unwrap_or(Place::Other);
        let head = m.head.unwrap_or((m.start, m.end));
        let from = points.len();
        points.push(Point {
            at,
            quote: quote(head),
            start: head.0,
            end: head.1,
            approximate: m.approximate,
            block: b,
            place,
            half_open: m.half_open,
            dated: m.date_explicit,
        });
        if let Some(end_at) = m.end_value.and_then(|v| v.instant()) {
            let tail = m.tail.unwrap_or((m.start, m.end));
            points.push(Point {
                at: end_at,
                quote: quote(tail),
                start: tail.0,
                end: tail.1,
                approximate: m.end_approximate.unwrap_or(m.approximate),
                block: block_of(tail.0),
                place,
                half_open: false,
                // (a range's end goes with its start)
                dated: true,
            });
            ranges.push(Range { from, to: from + 1 });
        }
    }
    (points, ranges)
}

pub fn block_excerpt(text: &str) -> String {
    let t = text.replace('\t', " · ");
    if t.chars().count() <= MAX_EVENT_TEXT_CHARS {
        t
    } else {
        let cut: String = t.chars().take(MAX_EVENT_TEXT_CHARS).collect();
        format!("{cut}…")
    }
}

/// Clock times a page writes with a date of their own and again without one, that agree on
/// at least this many clock times, tell the undated ones' day.
const DATED_TWINS_NEEDED: usize = 2;

/// Times written without a date whose day came from elsewhere (a "yesterday" the page was
/// written a day later than the outage, a byline) move to the day the page states for the same
/// clock times ("Start Date/Time: 18/10/2018 16:07 - Resolution Date/Time: 18/10/2018 16:42"
/// above rows "16:07 – …", "16:42 – …" read as the day before): when at least
/// [`DATED_TWINS_NEEDED`] of them agree on one other day and none disagrees, every undated time
/// on the day they were read moves by as many days. Returns the two days when it moved them.
fn align_rows_to_dated_twins(
    points: &mut [Point],
) -> Option<(chrono::NaiveDate, chrono::NaiveDate)> {
    let dated: std::collections::HashMap<(chrono::NaiveTime, i32), Vec<chrono::NaiveDate>> = points
        .iter()
        .filter(|p| p.dated && p.place.is_incident())
        .fold(Default::default(), |mut m, p| {
            m.entry((p.at.time(), p.at.offset().local_minus_utc()))
                .or_default()
                .push(p.at.date_naive());
            m
        });
    let mut shifts: std::collections::BTreeMap<(chrono::NaiveDate, chrono::NaiveDate), usize> =
        Default::default();
    for p in points.iter().filter(|p| !p.dated && p.place.is_incident()) {
        let Some(days) = dated.get(&(p.at.time(), p.at.offset().local_minus_utc())) else {
            continue;
        };
        let own = p.at.date_naive();
        if days.contains(&own) {
            // a twin on its own day: this day is right for it
            *shifts.entry((own, own)).or_default() += 1;
        } else if let [day] = days.as_slice() {
            *shifts.entry((own, *day)).or_default() += 1;
        }
    }
    let mut moves = shifts.iter().filter(|((a, b), _)| a != b);
    let (&(from, to), &n) = moves.next()?;
    // one twin is enough when it is the onset: the first time the page writes on the day to
    // leave is the clock of the earliest dated one (a timeline's first row repeating the start
    // its summary stated, "2022年4月8日午前0時54分頃から … 4月9日午前8時15分頃" above "00:54 …")
    let incident = |p: &&Point| p.place.is_incident();
    let first_undated = points
        .iter()
        .filter(incident)
        .filter(|p| !p.dated && p.at.date_naive() == from)
        .min_by_key(|p| p.start);
    let earliest_dated = points
        .iter()
        .filter(incident)
        .filter(|p| p.dated)
        .min_by_key(|p| p.at);
    let onset_twin = first_undated.zip(earliest_dated).is_some_and(|(u, d)| {
        u.at.time() == d.at.time() && u.at.offset() == d.at.offset() && d.at.date_naive() == to
    });
    // one clear move, and no twin on the day it would leave
    if (n < DATED_TWINS_NEEDED && !onset_twin)
        || moves.next().is_some()
        || shifts.keys().any(|(a, b)| a == b && *a == from)
    {
        return None;
    }
    let by = to - from;
    for p in points
        .iter_mut()
        .filter(|p| !p.dated && p.at.date_naive() == from)
    {
        p.at += by;
    }
    Some((from, to))
}

#[cfg(test)]
mod tests {
    use super::listing_stamp;

    #[test]
    fn a_stamp_run_into_a_title_is_a_listing() {
        // a related-articles entry scraped with its stamp glued to its title
        assert!(listing_stamp("19/08/2025 23:21Lý do mạng mất sóng"));
        assert!(listing_stamp("2024-03-05 10:12Why the outage happened"));
        // a stamp of its own, or a timeline row, is none
        assert!(!listing_stamp("19/08/2025 23:21 Lý do mạng mất sóng"));
        assert!(!listing_stamp("19/08/2025 23:21"));
        assert!(!listing_stamp("23:21 Service restored"));
        // a clock with its meridiem glued on is a stamp or a row, not a listing
        assert!(!listing_stamp("2019/06/02 11:52AM ET"));
    }
}
