//! The impact window, detection and resolution, from the page's times, ranges and durations.
use chrono::{DateTime, FixedOffset};

/// Shortest and longest impact window we believe a stated range describes.
const MIN_WINDOW_SECS: i64 = 60;
const MAX_WINDOW_SECS: i64 = 14 * 86_400;
/// A stated duration this close to the computed window is the window's length.
const SAME_LENGTH_SECS: i64 = 90;

/// Where a piece of text sits in the page, for ranking evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Summary, impact, or prose before any timeline: where pages state the window.
    Lead,
    /// A timeline section or timeline table.
    Timeline,
    /// Action items, lessons, follow-ups: future or general, never the incident itself.
    Future,
    Other,
}

/// A resolved clock time on the page.
#[derive(Debug, Clone)]
pub struct Point {
    pub at: DateTime<FixedOffset>,
    pub quote: String,
    pub start: usize,
    pub end: usize,
    pub approximate: bool,
    /// Index of the block (sentence, row) it sits in.
    pub block: usize,
    pub place: Place,
}

/// A stated range "from A to B" (indices into the points).
#[derive(Debug, Clone)]
pub struct Range {
    pub from: usize,
    pub to: usize,
}

/// A stated duration.
#[derive(Debug, Clone)]
pub struct Stated {
    pub secs: i64,
    pub quote: String,
    pub start: usize,
    pub block: usize,
    pub place: Place,
}

/// Words that mark what a block reports, per page language (from `mappings/lang/`).
#[derive(Debug, Clone, Default)]
pub struct EventWords {
    pub start: Vec<String>,
    pub detection: Vec<String>,
    pub resolution: Vec<String>,
    pub lasted: Vec<String>,
}

impl EventWords {
    fn has(list: &[String], text: &str) -> bool {
        let lower = text.to_lowercase();
        list.iter()
            .any(|w| !w.is_empty() && lower.contains(&w.to_lowercase()))
    }
}

/// A block of the page: its char offset in the page text and its text.
#[derive(Debug, Clone)]
pub struct BlockText {
    pub start: usize,
    pub text: String,
}

/// The points each keyword occurrence belongs to: for every occurrence of a word in a block,
/// the point of that block nearest to it (so "alerted at 16:31" picks 16:31, not the 16:30
/// mentioned earlier in the same line).
fn keyword_points(points: &[Point], blocks: &[BlockText], list: &[String]) -> Vec<bool> {
    let mut marked = vec![false; points.len()];
    let mut by_block: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    for (i, p) in points.iter().enumerate() {
        by_block.entry(p.block).or_default().push(i);
    }
    for (b, idx) in by_block {
        let Some(block) = blocks.get(b) else { continue };
        let lower: Vec<char> = block.text.to_lowercase().chars().collect();
        // to_lowercase can change lengths for a few scripts; fall back to whole-block marking.
        let aligned = lower.len() == block.text.chars().count();
        let lower_s: String = lower.iter().collect();
        for w in list.iter().filter(|w| !w.is_empty()) {
            let w = w.to_lowercase();
            for (byte_at, _) in lower_s.match_indices(&w) {
                if !aligned {
                    idx.iter().for_each(|i| marked[*i] = true);
                    break;
                }
                let at = block.start + lower_s[..byte_at].chars().count();
                if let Some(&best) = idx.iter().min_by_key(|i| {
                    let p = &points[**i];
                    if at >= p.end {
                        at - p.end
                    } else {
                        p.start.saturating_sub(at)
                    }
                }) {
                    marked[best] = true;
                }
            }
        }
    }
    marked
}

/// What the window analysis found, each value with the rule that gave it.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub start: Option<(usize, &'static str)>,
    pub end: Option<(usize, &'static str)>,
    /// The end is start + a stated duration (no clock time for it).
    pub end_from_duration: Option<DateTime<FixedOffset>>,
    pub detection: Option<(usize, &'static str)>,
    pub resolved_secs: Option<(i64, &'static str)>,
    /// Index into the stated durations of the one that is the window's length.
    pub incident_duration: Option<usize>,
}

/// Finds the window, detection and resolution from the page's points, ranges and durations.
pub fn analyse(
    points: &[Point],
    ranges: &[Range],
    durations: &[Stated],
    blocks: &[BlockText],
    words: &EventWords,
) -> Found {
    let mut found = Found::default();
    let block_text = |i: usize| blocks.get(i).map(|b| b.text.as_str()).unwrap_or("");
    let starts = keyword_points(points, blocks, &words.start);
    let recoveries = keyword_points(points, blocks, &words.resolution);
    let detections = keyword_points(points, blocks, &words.detection);

    // 1. A stated range, lead prose first, then the timeline; never action items.
    let mut candidates: Vec<&Range> = ranges
        .iter()
        .filter(|r| {
            let (a, b) = (&points[r.from], &points[r.to]);
            let len = (b.at - a.at).num_seconds();
            a.place != Place::Future && (MIN_WINDOW_SECS..=MAX_WINDOW_SECS).contains(&len)
        })
        .collect();
    candidates.sort_by_key(|r| {
        let p = &points[r.from];
        (if p.place == Place::Lead { 0 } else { 1 }, p.start)
    });
    if let Some(r) = candidates.first() {
        found.start = Some((r.from, "stated range"));
        found.end = Some((r.to, "stated range"));
    }

    // 2. Otherwise the timeline: the first event that reports impact starting, the last that
    // reports recovery.
    let in_time_order = |place_ok: &dyn Fn(&Point) -> bool| {
        let mut idx: Vec<usize> = (0..points.len())
            .filter(|i| place_ok(&points[*i]))
            .collect();
        idx.sort_by_key(|i| (points[*i].at, points[*i].start));
        idx
    };
    let timeline = in_time_order(&|p| p.place == Place::Timeline);
    let pool = if timeline.is_empty() {
        in_time_order(&|p| p.place != Place::Future)
    } else {
        timeline
    };
    if found.start.is_none() {
        if let Some(&i) = pool.iter().find(|i| starts[**i]) {
            found.start = Some((i, "first event reporting impact"));
        }
    }
    if found.end.is_none() {
        if let Some((s, _)) = found.start {
            if let Some(&i) = pool
                .iter()
                .rev()
                .find(|i| points[**i].at > points[s].at && recoveries[**i])
            {
                found.end = Some((i, "last event reporting recovery"));
            }
        }
    }

    // 3. A stated length of the incident: the duration equal to the window, or, without an
    // end, a lead duration introduced by "for"/"lasted"/"동안".
    if let (Some((s, _)), Some((e, _))) = (found.start, found.end) {
        let len = (points[e].at - points[s].at).num_seconds();
        found.resolved_secs = Some((len, "window end minus start"));
        if let Some(k) = durations
            .iter()
            .position(|d| d.place != Place::Future && (d.secs - len).abs() <= SAME_LENGTH_SECS)
        {
            found.incident_duration = Some(k);
            found.resolved_secs = Some((
                durations[k].secs,
                "stated duration (agrees with the window)",
            ));
        }
    } else if let Some((s, _)) = found.start {
        if let Some(k) = durations.iter().position(|d| {
            d.place == Place::Lead && EventWords::has(&words.lasted, block_text(d.block))
        }) {
            found.incident_duration = Some(k);
            found.resolved_secs = Some((durations[k].secs, "stated duration"));
            found.end_from_duration =
                Some(points[s].at + chrono::Duration::seconds(durations[k].secs));
        }
    }

    // 4. Detection: the first alert, page or escalation at or after the start; timeline rows
    // first, since lead prose often names the start and the alert in one sentence.
    if let Some((s, _)) = found.start {
        let start_at = points[s].at;
        let end_at = found
            .end
            .map(|(e, _)| points[e].at)
            .or(found.end_from_duration);
        let window_ends = [Some(s), found.end.map(|(e, _)| e)];
        let mut order: Vec<usize> = (0..points.len())
            .filter(|i| points[*i].place != Place::Future && detections[*i])
            .filter(|i| !window_ends.contains(&Some(*i)) || points[*i].place == Place::Timeline)
            .filter(|i| {
                let p = &points[*i];
                p.at >= start_at && end_at.is_none_or(|e| p.at <= e)
            })
            .collect();
        order.sort_by_key(|i| {
            (
                points[*i].place != Place::Timeline,
                points[*i].at,
                points[*i].start,
            )
        });
        found.detection = order
            .first()
            .map(|i| (*i, "first alert or escalation after the start"));
    }
    found
}
