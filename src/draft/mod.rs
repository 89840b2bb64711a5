//! Drafting: a fetched page, its times and labels → a draft case record and its review.
//!
//! The flow is one plain function per stage: [`crate::extract`] gives blocks and sections,
//! [`crate::time`] gives every time and duration, [`window`] picks the impact window and the
//! detection, [`meta`] the organisation and title, and this module fills the case and records
//! the evidence (quote and rule) of every value in the review.
pub mod dating;
pub mod eval;
pub mod load;
pub mod meta;
pub mod org;
pub mod review;
pub mod timeline;
pub mod window;
pub mod words;

use crate::case::{Case, LangText, Source, TextItem, Timeline};
use crate::extract::{self, BlockKind, Page, SectionKind};
use anyhow::Result;
use chrono::{DateTime, FixedOffset, Utc};
use indexmap::IndexMap;
pub use review::{DurationNote, Event, FieldEvidence, Review, Window, ZoneHow, ZoneReview};

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
        // The draft words first: their parse of each language file is shared with the time
        // lexicons (and the heading lexicon).
        let words = words::WordsRegistry::load(&mappings.join("lang"))?;
        let lexicons = crate::time::Lexicons::load(&mappings.join("lang"))?;
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
            return self.draft_page(page, input, opts, None);
        }
        // An HTML page is parsed once, for its main content and for the organisation finder.
        let doc =
            (input.format == Format::Html).then(|| scraper::Html::parse_document(&input.body));
        let page = match (&doc, input.format) {
            (Some(doc), _) => {
                let selectors = input.content_selector.as_ref().map(|c| extract::Selectors {
                    main: vec![c.clone()],
                    drop: vec![],
                });
                extract::extract_html_parsed(
                    doc,
                    &input.body,
                    input.url.as_deref(),
                    selectors.as_ref(),
                )
            }
            (None, Format::Markdown) => extract::extract_markdown(&input.body),
            (None, _) => extract::extract_text(&input.body),
        };
        self.draft_page(&page, input, opts, doc.as_ref())
    }

    /// `text` with its page furniture (related-article lists, tag rows: the `[furniture]` of
    /// `mappings/assertions/<lang>.toml`) blanked to spaces, so every char offset stays put.
    fn without_furniture<'t>(&self, text: &'t str, lang: &str) -> std::borrow::Cow<'t, str> {
        let Some(triggers) = self
            .normalizer
            .as_ref()
            .and_then(|n| n.assertions().for_lang(lang))
        else {
            return std::borrow::Cow::Borrowed(text);
        };
        let folded = text.to_lowercase();
        let spans = triggers.furniture(&folded);
        if spans.is_empty() {
            return std::borrow::Cow::Borrowed(text);
        }
        // lower-casing keeps the line breaks, so spans map to line numbers
        let line_of = |b: usize| {
            folded
                .get(..b.min(folded.len()))
                .map_or(0, |h| h.matches('\n').count())
        };
        let mut blank = std::collections::BTreeSet::new();
        for (a, b) in spans {
            // the span's last char (spans end on a char boundary, often a line's "\n")
            let last_char = folded
                .get(..b.min(folded.len()))
                .and_then(|h| h.char_indices().next_back())
                .map_or(a, |(i, _)| i.max(a));
            let last = line_of(last_char);
            blank.extend(line_of(a)..=last);
        }
        let mut out = String::with_capacity(text.len());
        for (i, line) in text.split_inclusive('\n').enumerate() {
            if blank.contains(&i) {
                out.extend(line.chars().map(|c| if c == '\n' { c } else { ' ' }));
            } else {
                out.push_str(line);
            }
        }
        std::borrow::Cow::Owned(out)
    }

    /// The stages, in order: language, dating, timeline, organisation and title, case, labels,
    /// source. Each records its evidence (quote and rule) and its warnings in `ev`. `doc` is
    /// `input.body` parsed, when the caller has it.
    fn draft_page(
        &self,
        page: &Page,
        input: &Input,
        opts: &Options,
        doc: Option<&scraper::Html>,
    ) -> Draft {
        let text = page.text().to_string();
        let mut ev = Evidence::default();
        let language = self.language(page, input, opts, &mut ev);
        // related-article lists and tag rows carry other stories' dates: not this page's
        let dating_text = self.without_furniture(&text, &language);
        // (a text file's whole page is its text: blank it once)
        let full_text = input.full_text.as_deref().map(|f| {
            if f == text {
                dating_text.clone()
            } else {
                self.without_furniture(f, &language)
            }
        });
        let dw = self.words.for_page(&language);
        // the page's byline stamps date the page, not the story told after them
        // each block's photo-credit date, once: its place, the dates' background, the labels'
        let credits: Vec<Option<chrono::NaiveDate>> = page
            .blocks
            .iter()
            .map(|b| timeline::credit_date(&b.text))
            .collect();
        let places = timeline::block_places(page, &dw.events, &credits);
        let stamps: Vec<std::ops::Range<usize>> = page
            .blocks
            .iter()
            .zip(&places)
            .filter(|(_, p)| **p == window::Place::Byline)
            .map(|(b, _)| b.start..b.end)
            .collect();
        let mut background = timeline::history_sentences(page, &dw.events.history);
        // a related-articles entry (the one block place that is another story's) dates
        // another story
        background.extend(
            page.blocks
                .iter()
                .zip(&places)
                .filter(|(_, p)| **p == window::Place::History)
                .map(|(b, _)| b.start..b.end),
        );
        // a photo credit's date is the photo's: background to the story's own days
        background.extend(
            page.blocks
                .iter()
                .zip(&credits)
                .filter(|(_, c)| c.is_some())
                .map(|(b, _)| b.start..b.end),
        );
        let dating = dating::date_page(
            &dating::DatingInput {
                text: &dating_text,
                full_text: full_text.as_deref(),
                url: input.url.as_deref(),
                published: page.meta.published.as_deref(),
                title: page.title.as_deref(),
                profile_zone: input.profile_zone.as_deref(),
                lang: &language,
                tz: opts.tz.as_deref(),
                stamp: &dw.events.stamp,
                stamps: &stamps,
                background: &background,
            },
            &self.lexicons,
        );
        for (name, quote, rule) in &dating.evidence {
            ev.field(name, quote, rule);
        }
        ev.warnings.extend(dating.warnings.iter().cloned());
        let tl = timeline::build(page, &text, &dating, &places, &dw.events, &mut ev);
        let org_name = self.organisation(page, input, &text, &language, &dw, doc, &mut ev);
        let date = case_date(&tl, &dating, &mut ev);
        let title = page_title(page, &language, &org_name, &mut ev);
        let mut case = fill_case(
            page,
            &text,
            &language,
            org_name,
            date,
            title,
            tl.timeline,
            &mut ev,
        );
        let labels = self.label(
            page,
            &text,
            &language,
            &credits,
            &mut case,
            &mut ev.warnings,
        );
        cite_source(&mut case, input, opts, &mut ev);
        Draft {
            case,
            review: Review {
                language,
                timezone: dating.zone,
                window: tl.window,
                events: tl.events,
                durations: tl.durations,
                labels,
                fields: ev.fields,
                warnings: dedupe(ev.warnings),
            },
            text,
        }
    }

    /// The page's language: `--lang`, the site profile's, or detected.
    fn language(&self, page: &Page, input: &Input, opts: &Options, ev: &mut Evidence) -> String {
        let language = opts
            .lang
            .clone()
            .or_else(|| input.profile_lang.clone())
            .unwrap_or_else(|| page.language.clone());
        if language == extract::UNKNOWN_LANGUAGE {
            ev.warn("the page's language could not be detected; pass --lang");
        }
        language
    }

    /// The organisation the page is about (site profile, metadata, URL, text).
    #[allow(clippy::too_many_arguments)]
    fn organisation(
        &self,
        page: &Page,
        input: &Input,
        text: &str,
        language: &str,
        dw: &words::DraftWords,
        doc: Option<&scraper::Html>,
        ev: &mut Evidence,
    ) -> String {
        let stop = self.org_stop_words(language, &dw.org_stop);
        let org = org::find_org(
            &meta::OrgClues {
                doc,
                profile_org: input.profile_org.as_deref(),
                site_name: page.site_name.as_deref(),
                title: page.title.as_deref(),
                text,
                raw: &input.body,
                is_html: input.format == Format::Html,
                url: input.url.as_deref(),
            },
            &meta::OrgWords {
                labels: &dw.org_labels,
                strip: &dw.strip,
                legal_name: dw.legal_name.as_ref(),
                stop: &stop,
                patterns: &dw.org_patterns,
                first_person: &dw.org_first_person,
                locative: &dw.org_locative,
                particles: &dw.org_particles,
                lead: &dw.org_lead,
                trail: &dw.org_trail,
                boundary: &dw.org_boundary,
                suffixes: &dw.org_suffixes,
                reporters: &dw.org_reporters,
                variants: &dw.org_variants,
                byline: &dw.org_byline,
                credits: &dw.org_credits,
            },
        );
        match org {
            Some(o) => {
                ev.field("org", &o.quote, o.rule);
                o.name
            }
            None => {
                ev.warn("no organisation found: fill org by hand");
                String::new()
            }
        }
    }

    /// The words never taken for the organisation: the language's `[org] stop` list plus the
    /// one-word phrases of the vocabulary's symptom, cause and contributing terms in the page's
    /// language ("Stromausfall", "Panne"): a news page capitalises them in headlines, and German
    /// capitalises every noun. Components and domains are left out: they hold vendor names
    /// ("aws", "azure") that are organisations. The language's section headings too ("概要",
    /// "Zusammenfassung"): a status page's first line is often one.
    fn org_stop_words(&self, language: &str, stop: &[String]) -> Vec<String> {
        let mut out = stop.to_vec();
        out.extend(
            crate::extract::HeadingLexicon::global()
                .phrases(language)
                .map(str::to_string),
        );
        for field in ORG_STOP_FIELDS {
            let Some(f) = self.vocab.field(field) else {
                continue;
            };
            for t in f.terms.values() {
                let words = t.phrases.get(language).into_iter().flatten();
                out.extend(
                    words
                        .filter(|p| !p.contains([' ', '*', '-']) && p.chars().count() >= 3)
                        .cloned(),
                );
            }
        }
        out
    }

    /// Fills the label fields of `case` from the normaliser; returns every label as evidence.
    fn label(
        &self,
        page: &Page,
        text: &str,
        lang: &str,
        credits: &[Option<chrono::NaiveDate>],
        case: &mut Case,
        warnings: &mut Vec<String>,
    ) -> Vec<serde_json::Value> {
        let Some(n) = &self.normalizer else {
            return vec![];
        };
        // a photo caption dated well before the case tells an earlier scene (background); its
        // spans come first, so they win over the section around them
        let case_day = chrono::NaiveDate::parse_from_str(&case.date, "%Y-%m-%d").ok();
        let captions = page
            .blocks
            .iter()
            .zip(credits)
            .filter(|(_, c)| {
                c.zip(case_day)
                    .is_some_and(|(c, d)| (d - c).num_days() > CAPTION_BEFORE_DAYS)
            })
            .map(|(b, _)| crate::normalize::SectionSpan {
                kind: crate::normalize::BACKGROUND_SECTION.to_string(),
                start: b.start,
                end: b.end,
            });
        let spans: Vec<crate::normalize::SectionSpan> = captions
            .chain(
                page.sections
                    .iter()
                    .filter(|s| !s.blocks.is_empty())
                    .map(|s| crate::normalize::SectionSpan {
                        kind: s.kind.key().to_string(),
                        start: page.blocks[s.blocks.start].start,
                        end: page.blocks[s.blocks.end - 1].end,
                    }),
            )
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

/// Days before the case's date beyond which a dated photo caption shows an earlier scene.
const CAPTION_BEFORE_DAYS: i64 = 7;

/// The fields' evidence and the warnings, gathered stage by stage.
#[derive(Default)]
pub struct Evidence {
    fields: IndexMap<String, FieldEvidence>,
    warnings: Vec<String>,
}

impl Evidence {
    pub fn field(&mut self, name: &str, quote: &str, rule: &str) {
        self.fields.insert(
            name.to_string(),
            FieldEvidence {
                quote: quote.to_string(),
                rule: rule.to_string(),
            },
        );
    }
    pub fn warn(&mut self, w: impl Into<String>) {
        self.warnings.push(w.into());
    }
}

/// Each warning once, in first-said order.
fn dedupe(warnings: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(warnings.len());
    for w in warnings {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// How many days before the first event the day the incident's prose names may lie and still
/// date the case: an outage told as "11월 27일(목) 오후 ~ 12월 1일(월) 오후" whose only timed event
/// is the recovery on the 1st began on the 27th (a week covers outages that run over a weekend).
const FIRST_DAY_REACH_DAYS: i64 = 7;

/// The case's date: the window's start, else the first event of the incident, else the first
/// day its prose names, else the date the page states most (the parser's anchor). Undated pages leave it empty.
fn case_date(tl: &timeline::Built, dating: &dating::Dating, ev: &mut Evidence) -> String {
    if dating.undated {
        ev.warn("date unknown: the page gives no date or year");
        return String::new();
    }
    if let Some((at, quote)) = &tl.start {
        ev.field("date", quote, "local date of the window's start");
        return at.date_naive().format("%Y-%m-%d").to_string();
    }
    if let Some((at, quote)) = &tl.first_event {
        // the first event may be the recovery ("tout fonctionnait de nouveau depuis minuit"):
        // a day the incident's prose names just before it is when it began ("ce mercredi 2 juin")
        if let Some((d, quote)) = tl.first_day.as_ref().filter(|(d, _)| {
            let first = at.date_naive();
            *d < first && (first - *d).num_days() <= FIRST_DAY_REACH_DAYS
        }) {
            ev.field(
                "date",
                quote,
                "the day the incident's prose names, before its first event",
            );
            ev.warn("no start of impact found: the date is the day the text names; check it");
            return d.format("%Y-%m-%d").to_string();
        }
        ev.field("date", quote, "local date of the first event");
        ev.warn("no start of impact found: the date is the first event's; check it");
        return at.date_naive().format("%Y-%m-%d").to_string();
    }
    if let Some((d, quote)) = &tl.first_day {
        ev.field("date", quote, "the first day the incident's prose names");
        ev.warn("no start of impact found: the date is the first day the text names; check it");
        return d.format("%Y-%m-%d").to_string();
    }
    if let Some(d) = dating.parsed.anchor_date {
        ev.field("date", &d.to_string(), "the date the page names most");
        ev.warn("no start of impact found: the date is the one the page names most; check it");
        return d.format("%Y-%m-%d").to_string();
    }
    ev.warn("date unknown: no start of impact was found");
    String::new()
}

/// The page's title, cleaned of the site's name.
fn page_title(page: &Page, language: &str, org: &str, ev: &mut Evidence) -> LangText {
    let mut title = LangText::default();
    if let Some(t) = page.title.as_deref().filter(|t| !t.trim().is_empty()) {
        let clean = meta::clean_title(t, Some(org));
        ev.field("title", t, "page title");
        title.insert(language.to_string(), clean);
    } else {
        ev.warn("the page has no title");
    }
    title
}

/// Vocabulary fields whose one-word phrases are never an organisation (see
/// [`Drafter::org_stop_words`]).
const ORG_STOP_FIELDS: [&str; 3] = ["symptoms", "root_cause", "contributing"];

/// The case record from the stages' results, with its sections quoted as written.
#[allow(clippy::too_many_arguments)]
fn fill_case(
    page: &Page,
    text: &str,
    language: &str,
    org: String,
    date: String,
    title: LangText,
    timeline: Timeline,
    ev: &mut Evidence,
) -> Case {
    let quote_section = |kind: SectionKind| -> Option<LangText> {
        page.section_text(kind).map(|t| {
            let mut m = LangText::default();
            m.insert(language.to_string(), t);
            m
        })
    };
    let items = |kind: SectionKind| -> Option<Vec<TextItem>> {
        let s = page.sections.iter().find(|s| s.kind == kind)?;
        let v: Vec<TextItem> = page.blocks[s.blocks.clone()]
            .iter()
            .filter(|b| !matches!(b.kind, BlockKind::Heading(_)))
            .map(|b| {
                let mut m = LangText::default();
                m.insert(language.to_string(), b.text.clone());
                TextItem {
                    text: m,
                    extra: Default::default(),
                }
            })
            .collect();
        (!v.is_empty()).then_some(v)
    };
    let mut case = Case {
        org,
        date,
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
    if let Some((sev, quote)) = meta::stated_severity(text) {
        ev.field("severity", &quote, "severity stated on the page");
        case.severity = sev;
    }
    case
}

/// The source the case cites, its id and the drafter's stamp.
fn cite_source(case: &mut Case, input: &Input, opts: &Options, ev: &mut Evidence) {
    let source_url = input.url.clone().or_else(|| {
        ev.warn("no source URL: pass --url so the case can cite its source");
        input.local_source.clone()
    });
    let kind = input.profile_kind.clone().unwrap_or_else(|| {
        ev.warn("source kind guessed as \"blog\"; no site profile matched");
        "blog".into()
    });
    case.sources = vec![Source {
        url: source_url.unwrap_or_default(),
        kind,
        license: None,
        archived: input.archived.clone(),
        extra: Default::default(),
    }];
    let org_slug = meta::slug(&case.org);
    case.id = format!(
        "draft-{}-{}",
        org_slug,
        if case.date.is_empty() {
            "undated"
        } else {
            &case.date
        }
    );
    case.org_slug = Some(org_slug);
    case.review.written_by = Some(format!("incidentlib {}", env!("CARGO_PKG_VERSION")));
    case.updated_at = Some(
        opts.now
            .unwrap_or_else(Utc::now)
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    );
    case.impact = Some(Default::default());
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
