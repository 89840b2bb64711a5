//! Drafting: a fetched page, its times and labels → a draft case record and its review.
//!
//! The flow is one plain function per stage: [`crate::extract`] gives blocks and sections,
//! [`crate::time`] gives every time and duration, [`window`] picks the impact window and the
//! detection, [`meta`] the organisation and title, and this module fills the case and records
//! the evidence (quote and rule) of every value in the review.
pub mod eval;
pub mod load;
pub mod meta;
pub mod review;
pub mod window;
pub mod words;

use crate::case::{Case, Duration, LangText, Source, TextItem, Timeline};
use crate::extract::{self, BlockKind, Page, SectionKind};
use anyhow::Result;
use chrono::{DateTime, FixedOffset, Utc};
use indexmap::IndexMap;
pub use review::{DurationNote, Event, FieldEvidence, Review, Window, ZoneHow, ZoneReview};
use window::{BlockText, Place, Point, Range, Stated};

/// Longest "what happened" text kept beside an event.
const MAX_EVENT_TEXT_CHARS: usize = 240;

/// What the page is, as far as the drafter needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Html,
    Markdown,
    Text,
}

/// A document to draft from (a fetched page or a local file, decoded).
#[derive(Debug, Clone)]
pub struct Input {
    pub body: String,
    pub format: Format,
    /// The source URL (the original, for archived copies).
    pub url: Option<String>,
    /// An archived copy's URL, when the page came from an archive.
    pub archived: Option<String>,
    /// From a site profile: source kind, language, zone and organisation.
    pub profile_kind: Option<String>,
    pub profile_lang: Option<String>,
    pub profile_zone: Option<String>,
    pub profile_org: Option<String>,
    /// A site profile's CSS selector for the main content.
    pub content_selector: Option<String>,
    /// The whole page as text (boilerplate included): a last place to find the year when the
    /// main content only says "11월 7일".
    pub full_text: Option<String>,
    /// The page as the fetch layer already extracted it (None: extract here).
    pub page: Option<Page>,
    /// Where a local document came from (`file:///…`), cited when no URL is known.
    pub local_source: Option<String>,
}

impl Input {
    pub fn new(body: String, format: Format) -> Self {
        Input {
            body,
            format,
            url: None,
            archived: None,
            profile_kind: None,
            profile_lang: None,
            profile_zone: None,
            profile_org: None,
            content_selector: None,
            full_text: None,
            page: None,
            local_source: None,
        }
    }
}

/// What the curator set on the command line.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub lang: Option<String>,
    pub tz: Option<String>,
    /// Fixes `updated_at` for reproducible output.
    pub now: Option<DateTime<Utc>>,
}

/// A draft case, its review, and the page text the review's offsets point into.
#[derive(Debug, Clone)]
pub struct Draft {
    pub case: Case,
    pub review: Review,
    pub text: String,
}

/// Everything the drafter loads once and reuses for many pages.
pub struct Drafter {
    pub lexicons: crate::time::Lexicons,
    pub words: words::WordsRegistry,
    pub normalizer: Option<crate::normalize::Normalizer>,
    pub vocab: crate::vocab::Vocabulary,
}

impl Drafter {
    /// Loads the language data and vocabulary from a `mappings/` folder.
    pub fn load(mappings: &std::path::Path) -> Result<Self> {
        let lexicons = crate::time::Lexicons::load(&mappings.join("lang"))?;
        let words = words::WordsRegistry::load(&mappings.join("lang"))?;
        let vocab = crate::vocab::Vocabulary::load(mappings)?;
        let normalizer = Some(crate::normalize::Normalizer::new(&vocab)?);
        Ok(Drafter {
            lexicons,
            words,
            normalizer,
            vocab,
        })
    }

    /// Drafts one document.
    pub fn draft(&self, input: &Input, opts: &Options) -> Draft {
        if let Some(page) = &input.page {
            return self.draft_page(page, input, opts);
        }
        let page = match input.format {
            Format::Html => {
                let selectors = input.content_selector.as_ref().map(|c| extract::Selectors {
                    main: vec![c.clone()],
                    drop: vec![],
                });
                extract::extract_html(&input.body, input.url.as_deref(), selectors.as_ref())
            }
            Format::Markdown => extract::extract_markdown(&input.body),
            Format::Text => extract::extract_text(&input.body),
        };
        self.draft_page(&page, input, opts)
    }

    fn draft_page(&self, page: &Page, input: &Input, opts: &Options) -> Draft {
        let text = page.text().to_string();
        let mut warnings: Vec<String> = Vec::new();
        let mut fields: IndexMap<String, FieldEvidence> = IndexMap::new();
        let mut field = |name: &str, quote: &str, rule: &str| {
            fields.insert(
                name.to_string(),
                FieldEvidence {
                    quote: quote.to_string(),
                    rule: rule.to_string(),
                },
            );
        };

        // Language.
        let language = opts
            .lang
            .clone()
            .or_else(|| input.profile_lang.clone())
            .unwrap_or_else(|| page.language.clone());
        if language == extract::UNKNOWN_LANGUAGE {
            warnings.push("the page's language could not be detected; pass --lang".into());
        }

        // Times: first as the page states them; without a stated zone, again with the
        // profile's or the language's zone, flagged as inferred.
        let published = page
            .meta
            .published
            .as_deref()
            .and_then(|p| chrono::NaiveDate::parse_from_str(p.get(..10)?, "%Y-%m-%d").ok());
        let mut topts = crate::time::ParseOptions {
            lang: Some(language.clone()),
            tz: opts.tz.clone(),
            reference: published.and_then(|d| d.and_hms_opt(0, 0, 0)),
            fallback_tz: input.profile_zone.clone(),
        };
        let mut parsed = crate::time::parse(&text, &self.lexicons, &topts);
        if parsed.anchor_date.is_none() {
            // No full date in the main content: take the year from the whole page (status
            // updates' "Posted" stamps, bylines) rather than guessing it.
            if let Some(full) = &input.full_text {
                let whole = crate::time::parse(full, &self.lexicons, &topts);
                if let Some(d) = whole.anchor_date {
                    topts.reference = d.and_hms_opt(0, 0, 0);
                    parsed = crate::time::parse(&text, &self.lexicons, &topts);
                    warnings.push(format!(
                        "the main text gives no full date; {d} was taken from elsewhere on the page"
                    ));
                }
            }
        }
        let mut zone = ZoneReview {
            zone: parsed.zone.zone.clone(),
            how: parsed.zone.how,
        };
        match (&zone.how, &zone.zone) {
            (ZoneHow::Inferred, Some(z)) => {
                let from = if input.profile_zone.is_some() {
                    "the site profile"
                } else {
                    "the page's language"
                };
                warnings.push(format!(
                    "no time zone is stated on the page; {z} was inferred from {from}: check it"
                ));
            }
            (ZoneHow::Unknown, _) | (_, None) if opts.tz.is_none() => {
                zone.how = ZoneHow::Unknown;
                warnings.push(
                    "no time zone is stated and none could be inferred; times are left without a zone (pass --tz)"
                        .into(),
                );
            }
            _ => {}
        }
        warnings.extend(parsed.warnings.iter().cloned());

        // Blocks and where they sit.
        let places = block_places(page);
        let blocks: Vec<BlockText> = page
            .blocks
            .iter()
            .map(|b| BlockText {
                start: b.start,
                text: b.text.clone(),
            })
            .collect();
        let block_of = |at: usize| page.block_at_char(at).unwrap_or(0);
        let (points, ranges) = collect_points(&parsed, &text, &places, &block_of);
        let stated: Vec<Stated> = parsed
            .durations
            .iter()
            .map(|d| {
                let b = block_of(d.start);
                Stated {
                    secs: d.value.as_secs() as i64,
                    quote: d.quote.clone(),
                    start: d.start,
                    block: b,
                    place: places.get(b).copied().unwrap_or(Place::Other),
                }
            })
            .collect();
        let dw = self.words.for_page(&language);
        let found = window::analyse(&points, &ranges, &stated, &blocks, &dw.events);

        // Window and timeline.
        let start = found.start.map(|(i, _)| &points[i]);
        let end_at = found
            .end
            .map(|(i, _)| points[i].at)
            .or(found.end_from_duration);
        if let Some((i, rule)) = found.start {
            field("window.start", &points[i].quote, rule);
        } else {
            warnings.push("no start of impact found: window.start and date need a human".into());
        }
        if let Some((i, rule)) = found.end {
            field("window.end", &points[i].quote, rule);
        } else if let Some(k) = found.incident_duration {
            field(
                "window.end",
                &stated[k].quote,
                "start plus the stated duration",
            );
        }
        let mut timeline = Timeline::default();
        if let Some((secs, rule)) = found.resolved_secs {
            if secs >= 0 {
                timeline.resolved_after = Some(Duration::from_secs(secs as u64));
                let quote = match found.incident_duration {
                    Some(k) => stated[k].quote.clone(),
                    None => format!(
                        "{} … {}",
                        start.map(|p| p.quote.as_str()).unwrap_or(""),
                        found
                            .end
                            .map(|(i, _)| points[i].quote.as_str())
                            .unwrap_or("")
                    ),
                };
                field("timeline.resolved_after", &quote, rule);
            }
        }
        if let (Some(s), Some((d, rule))) = (start, found.detection) {
            let secs = (points[d].at - s.at).num_seconds();
            if secs >= 0 {
                timeline.detected_after = Some(Duration::from_secs(secs as u64));
                field(
                    "timeline.detected_after",
                    &block_excerpt(&page.blocks[points[d].block].text),
                    rule,
                );
            }
        }
        let window = Window {
            start: start.map(|p| p.at.to_rfc3339()),
            end: end_at.map(|t| t.to_rfc3339()),
        };

        // Events: each distinct instant once, in order of first mention.
        let mut events: Vec<Event> = Vec::new();
        // Stamps after an update's action items ("Posted Mar 07, 10:12") are events too; only the
        // window and detection ignore the future-tense sections.
        let mut by_pos: Vec<&Point> = points.iter().collect();
        by_pos.sort_by_key(|p| p.start);
        for p in by_pos {
            if events.iter().any(|e| e.at == p.at.to_rfc3339()) {
                continue;
            }
            events.push(Event {
                at: p.at.to_rfc3339(),
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

        // Organisation, title, date, id.
        let org = meta::find_org(
            &meta::OrgClues {
                profile_org: input.profile_org.as_deref(),
                site_name: page.site_name.as_deref(),
                title: page.title.as_deref(),
                text: &text,
                raw: &input.body,
                is_html: input.format == Format::Html,
                url: input.url.as_deref(),
            },
            &meta::OrgWords {
                labels: &dw.org_labels,
                strip: &dw.strip,
                legal_name: dw.legal_name.as_ref(),
            },
        );
        let org_name = match &org {
            Some(o) => {
                field("org", &o.quote, o.rule);
                o.name.clone()
            }
            None => {
                warnings.push("no organisation found: fill org by hand".into());
                String::new()
            }
        };
        let org_slug = meta::slug(&org_name);
        let date = match start {
            Some(p) => {
                field("date", &p.quote, "local date of the window's start");
                p.at.date_naive().format("%Y-%m-%d").to_string()
            }
            None => {
                warnings.push("date unknown: no start of impact was found".into());
                String::new()
            }
        };
        let mut title = LangText::new();
        if let Some(t) = page.title.as_deref().filter(|t| !t.trim().is_empty()) {
            let clean = meta::clean_title(t, Some(&org_name));
            field("title", t, "page title");
            title.insert(language.clone(), clean);
        } else {
            warnings.push("the page has no title".into());
        }

        // Sections, quoted as written.
        let quote_section = |kind: SectionKind| -> Option<LangText> {
            page.section_text(kind).map(|t| {
                let mut m = LangText::new();
                m.insert(language.clone(), t);
                m
            })
        };
        let items = |kind: SectionKind| -> Option<Vec<TextItem>> {
            let s = page.sections.iter().find(|s| s.kind == kind)?;
            let v: Vec<TextItem> = page.blocks[s.blocks.clone()]
                .iter()
                .filter(|b| !matches!(b.kind, BlockKind::Heading(_)))
                .map(|b| {
                    let mut m = LangText::new();
                    m.insert(language.clone(), b.text.clone());
                    TextItem {
                        text: m,
                        extra: Default::default(),
                    }
                })
                .collect();
            (!v.is_empty()).then_some(v)
        };

        // Labels from the vocabulary.
        let mut case = Case {
            org: org_name,
            date: date.clone(),
            title,
            summary: quote_section(SectionKind::Summary),
            trigger: quote_section(SectionKind::Trigger),
            detection: quote_section(SectionKind::Detection),
            lessons: quote_section(SectionKind::Lessons),
            symptoms_text: quote_section(SectionKind::Impact),
            remediation: items(SectionKind::Remediation),
            action_items: items(SectionKind::ActionItems),
            timeline,
            date_kind: "incident".into(),
            severity: "unknown".into(),
            root_cause: "unknown".into(),
            docs: Some(vec![]),
            related: Some(vec![]),
            ..Default::default()
        };
        if let Some((sev, quote)) = meta::stated_severity(&text) {
            field("severity", &quote, "severity stated on the page");
            case.severity = sev;
        }
        let labels = self.label(page, &text, &language, &mut case, &mut warnings);

        // Source.
        let source_url = input.url.clone().or_else(|| {
            warnings.push("no source URL: pass --url so the case can cite its source".into());
            input.local_source.clone()
        });
        let kind = input.profile_kind.clone().unwrap_or_else(|| {
            warnings.push("source kind guessed as \"blog\"; no site profile matched".into());
            "blog".into()
        });
        case.sources = vec![Source {
            url: source_url.unwrap_or_default(),
            kind,
            license: None,
            archived: input.archived.clone(),
            extra: Default::default(),
        }];
        case.id = format!(
            "draft-{}-{}",
            org_slug,
            if date.is_empty() { "undated" } else { &date }
        );
        case.org_slug = Some(org_slug);
        case.review.written_by = Some(format!("incidentlib {}", env!("CARGO_PKG_VERSION")));
        case.updated_at = Some(
            opts.now
                .unwrap_or_else(Utc::now)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        );
        case.impact = Some(Default::default());

        Draft {
            case,
            review: Review {
                language,
                timezone: zone,
                window,
                events,
                durations,
                labels,
                fields,
                warnings,
            },
            text,
        }
    }

    /// Fills the label fields of `case` from the normaliser; returns every label as evidence.
    fn label(
        &self,
        page: &Page,
        text: &str,
        lang: &str,
        case: &mut Case,
        warnings: &mut Vec<String>,
    ) -> Vec<serde_json::Value> {
        let Some(n) = &self.normalizer else {
            return vec![];
        };
        let spans: Vec<crate::normalize::SectionSpan> = page
            .sections
            .iter()
            .filter(|s| !s.blocks.is_empty())
            .map(|s| crate::normalize::SectionSpan {
                kind: s.kind.key().to_string(),
                start: page.blocks[s.blocks.start].start,
                end: page.blocks[s.blocks.end - 1].end,
            })
            .collect();
        let labels = n.label(text, &spans, Some(lang));
        let filled = crate::normalize::fill_case(&labels, &self.vocab);
        case.symptoms = filled.symptoms;
        case.contributing = filled.contributing;
        case.components = filled.components;
        case.domain = filled.domain;
        case.root_cause = filled.root_cause;
        warnings.extend(filled.warnings);
        labels
            .iter()
            .filter_map(|l| serde_json::to_value(l).ok())
            .collect()
    }
}

/// Where each block sits: lead prose, timeline, future (action items, lessons) or other.
fn block_places(page: &Page) -> Vec<Place> {
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
        for p in &mut places[s.blocks.clone()] {
            *p = place;
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

/// Turns the parser's time mentions into resolved points and stated ranges (a range gives
/// two points, each quoted by its own end's text).
fn collect_points(
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
            });
            ranges.push(Range { from, to: from + 1 });
        }
    }
    (points, ranges)
}

fn block_excerpt(text: &str) -> String {
    let t = text.replace('\t', " · ");
    if t.chars().count() <= MAX_EVENT_TEXT_CHARS {
        t
    } else {
        let cut: String = t.chars().take(MAX_EVENT_TEXT_CHARS).collect();
        format!("{cut}…")
    }
}

/// Kept for callers that want the instant type the review uses.
pub type Instant = DateTime<FixedOffset>;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn drafter() -> &'static Drafter {
        static D: OnceLock<Drafter> = OnceLock::new();
        D.get_or_init(|| {
            Drafter::load(&std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("mappings"))
                .expect("mappings load")
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn drafting_arbitrary_text_never_panics(s in "\\PC{0,300}") {
            for format in [Format::Text, Format::Html, Format::Markdown] {
                let d = drafter().draft(&Input::new(s.clone(), format), &Options::default());
                prop_assert!(d.case.timeline.resolved_after.is_none() || d.review.window.start.is_some());
            }
        }

        #[test]
        fn drafting_timeline_like_text_never_panics(
            rows in proptest::collection::vec((0u32..30, 0u32..70, "[a-z 가-힣]{0,20}"), 0..12)
        ) {
            let text: String = rows
                .iter()
                .map(|(h, m, t)| format!("{h}:{m:02} {t}\n"))
                .collect();
            let d = drafter().draft(&Input::new(text, Format::Text), &Options::default());
            prop_assert!(d.review.events.len() <= rows.len() * 2);
        }
    }
}
