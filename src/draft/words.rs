//! The drafter's per-language words (`[events]` and `[org]` tables of `mappings/lang/<code>.toml`).
use super::window::EventWords;
use anyhow::{Context, Result};
use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// Words the drafter reads for one language.
#[derive(Debug, Clone, Default)]
pub struct DraftWords {
    pub events: EventWords,
    /// Row labels that name the organisation ("Organisation", "Unternehmen", "기관").
    pub org_labels: Vec<String>,
    /// Words removed from either end of a site name ("Engineering", "Blog", "서비스 상태").
    pub strip: Vec<String>,
    /// Legal forms that end an organisation's full name ("GmbH", "Foundation").
    pub legal_forms: Vec<String>,
    /// Whether a legal name ("X GmbH") outranks the logo; false for native-script pages.
    pub legal_name_first: bool,
    /// The compiled legal-name pattern (when `legal_name_first` and there are forms).
    pub legal_name: Option<super::meta::LegalName>,
    /// Words that are never an organisation (`[org] stop`).
    pub org_stop: Vec<String>,
    /// Patterns naming an organisation (`[org] patterns`, compiled when first used; bad ones
    /// are skipped).
    pub org_pattern_sources: Vec<String>,
    pub org_patterns: OrgPatterns,
    /// First-person words (`[org] first_person`).
    pub org_first_person: Vec<String>,
    /// Words before a place (`[org] locative`).
    pub org_locative: Vec<String>,
    /// Particles and endings cut from a CJK name (`[org] particles`: 는, 의, 에서).
    pub org_particles: Vec<String>,
    /// Words cut from the start of a CJK name (`[org] lead`: 昨日, 当晚, 이날).
    pub org_lead: Vec<String>,
    /// Words cut from the end of a CJK name (`[org] trail`: 官方, 突发, 方面).
    pub org_trail: Vec<String>,
    /// Words that never sit inside a CJK name (`[org] boundary`: 从, 据, で).
    pub org_boundary: Vec<String>,
    /// Endings of organisation names (`[org] suffixes`: 银行, 公司, 銀行, 은행).
    pub org_suffixes: Vec<String>,
    /// Endings of publishers and authorities writing about someone else (`[org] reporters`:
    /// 일보, 日报, 新聞, 部, 省).
    pub org_reporters: Vec<String>,
    /// Forms a name is written with or without (`[org] variants`: ㈜, 그룹, Inc., AG): the
    /// spellings add their votes.
    pub org_variants: Vec<String>,
    /// Bylines, credits and copyright lines (`[org] byline`, regexes; compiled on use).
    pub org_byline_sources: Vec<String>,
    pub org_byline: Vec<regex::Regex>,
    /// Copyright and credit lines (`[org] credits`, regexes; compiled on use).
    pub org_credit_sources: Vec<String>,
    pub org_credits: Vec<regex::Regex>,
}

/// `[org] patterns` source → its compiled pattern (None when it does not compile).
type PatternCache = Arc<Mutex<HashMap<String, Option<Regex>>>>;

/// A language's `[org] patterns`, compiled the first time a page needs them: most pages are
/// named by their host or markup before the patterns are tried, and compiling the English ones
/// (Unicode letter classes) costs more than the rest of a one-page draft's setup.
#[derive(Debug, Clone, Default)]
pub struct OrgPatterns {
    sources: Vec<String>,
    /// Each source compiled once per process, shared by every language's set.
    cache: Option<PatternCache>,
    compiled: OnceLock<Vec<Regex>>,
    /// Each compiled pattern's literal prefilter (`org::required`), built with them.
    filters: OnceLock<Vec<Option<aho_corasick::AhoCorasick>>>,
}

/// No patterns (for [`super::meta::OrgWords`]'s default).
static NO_ORG_PATTERNS: OrgPatterns = OrgPatterns {
    sources: Vec::new(),
    cache: None,
    compiled: OnceLock::new(),
    filters: OnceLock::new(),
};

impl OrgPatterns {
    /// The compiled patterns (compiled now if this is their first use).
    pub fn get(&self) -> &[Regex] {
        self.compiled.get_or_init(|| {
            self.sources
                .iter()
                .filter_map(|p| match &self.cache {
                    Some(cache) => {
                        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
                        cache
                            .entry(p.to_string())
                            .or_insert_with(|| super::org::compile_pattern(p).ok())
                            .clone()
                    }
                    None => super::org::compile_pattern(p).ok(),
                })
                .collect()
        })
    }
}

impl OrgPatterns {
    /// The compiled patterns that can match somewhere in `hay`: those whose every match holds
    /// one of a few literals are skipped when `hay` holds none (the same matches, found faster).
    pub fn may_match<'a>(&'a self, hay: &'a str) -> impl Iterator<Item = &'a Regex> + 'a {
        let res = self.get();
        let filters = self.filters.get_or_init(|| {
            res.iter()
                .map(|re| super::org::required::filter(re.as_str()))
                .collect()
        });
        res.iter()
            .zip(filters)
            .filter(move |(_, f)| f.as_ref().is_none_or(|f| f.is_match(hay)))
            .map(|(re, _)| re)
    }
}

impl From<Vec<Regex>> for OrgPatterns {
    fn from(compiled: Vec<Regex>) -> Self {
        OrgPatterns {
            compiled: OnceLock::from(compiled),
            ..Default::default()
        }
    }
}

impl<'a> IntoIterator for &'a OrgPatterns {
    type Item = &'a Regex;
    type IntoIter = std::slice::Iter<'a, Regex>;
    fn into_iter(self) -> Self::IntoIter {
        self.get().iter()
    }
}

impl Default for &OrgPatterns {
    fn default() -> Self {
        &NO_ORG_PATTERNS
    }
}

/// The drafter's words for every language with a lexicon file.
#[derive(Debug, Clone, Default)]
pub struct WordsRegistry {
    by_lang: BTreeMap<String, DraftWords>,
    /// Each language's words merged with English, compiled the first time a page in that
    /// language is drafted (a one-page draft compiles one language's patterns, not nine).
    merged: BTreeMap<String, OnceLock<DraftWords>>,
    /// Each `[org] patterns` source compiled once (English's are merged into every language).
    compiled: PatternCache,
    /// The words of every language without a lexicon file (English's alone: they are all the
    /// same), merged once.
    unknown: OnceLock<DraftWords>,
}

fn list(table: Option<&toml::Value>, key: &str) -> Vec<String> {
    table
        .and_then(|t| t.get(key))
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl WordsRegistry {
    /// Reads `[events]` and `[org]` from every `<code>.toml` in `dir` (the `lang/` folder).
    pub fn load(dir: &Path) -> Result<Self> {
        let mut by_lang = BTreeMap::new();
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(_) => return Ok(WordsRegistry::default()),
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let code = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let table = crate::vocab::toml_cache::table(&path, &text)
                .with_context(|| format!("parsing {}", path.display()))?;
            let ev = table.get("events");
            let org = table.get("org");
            // Syntax only at load (cheap); the page language's patterns are compiled on use.
            for p in list(org, "patterns").into_iter().chain(list(org, "byline")) {
                super::org::check_pattern(&p).with_context(|| {
                    format!(
                        "{}: [org] patterns, byline or credits: {p:?} is not a valid regex",
                        path.display()
                    )
                })?;
            }
            by_lang.insert(
                code,
                DraftWords {
                    events: EventWords {
                        start: list(ev, "start"),
                        detection: list(ev, "detection"),
                        resolution: list(ev, "resolution"),
                        lasted: list(ev, "lasted"),
                        start_labels: list(ev, "start_labels"),
                        end_labels: list(ev, "end_labels"),
                        negation: list(ev, "negation"),
                        negation_after: list(ev, "negation_after"),
                        lasted_then: list(ev, "lasted_then"),
                        later_than_told: list(ev, "later_than_told"),
                        lasted_noun: list(ev, "lasted_noun"),
                        lasted_not: list(ev, "lasted_not"),
                        onset_span_before: list(ev, "onset_span_before"),
                        onset_span_after: list(ev, "onset_span_after"),
                        as_of: list(ev, "state_as_of"),
                        announce: list(ev, "announce"),
                        maintenance: list(ev, "maintenance"),
                        clause_end_after: list(ev, "clause_end_after"),
                        done_after: list(ev, "done_after"),
                        under_before: list(ev, "under_before"),
                        under_rounded: list(ev, "under_rounded"),
                        under_after: list(ev, "under_after"),
                        history: list(ev, "history"),
                        stamp: list(ev, "stamp"),
                        progress_before: list(ev, "progress_before"),
                        progress_after: list(ev, "progress_after"),
                        promise_before: list(ev, "promise_before"),
                        promise_after: list(ev, "promise_after"),
                        schedule_before: list(ev, "schedule_before"),
                        still: list(ev, "still"),
                        since: list(ev, "since"),
                        status_words: list(ev, "status_words"),
                        resolution_not: list(ev, "resolution_not"),
                        detection_not: list(ev, "detection_not"),
                        notice: list(ev, "notice"),
                        immediate: list(ev, "immediate"),
                        start_not: list(ev, "start_not"),
                        until_after: list(ev, "until_after"),
                        start_nouns: list(ev, "start_nouns"),
                        public: list(ev, "public"),
                        peak: list(ev, "peak"),
                        time_after_word: ev
                            .and_then(|t| t.get("time_after_word"))
                            .and_then(|v| v.as_bool())
                            .unwrap_or(true),
                    },
                    org_labels: list(org, "labels"),
                    strip: list(org, "strip"),
                    legal_forms: list(org, "legal_forms"),
                    legal_name_first: org
                        .and_then(|t| t.get("legal_name_first"))
                        .and_then(|v| v.as_bool())
                        .unwrap_or(true),
                    legal_name: None,
                    org_stop: list(org, "stop"),
                    org_pattern_sources: list(org, "patterns"),
                    org_patterns: OrgPatterns::default(),
                    org_first_person: list(org, "first_person"),
                    org_locative: list(org, "locative"),
                    org_particles: list(org, "particles"),
                    org_lead: list(org, "lead"),
                    org_trail: list(org, "trail"),
                    org_boundary: list(org, "boundary"),
                    org_suffixes: list(org, "suffixes"),
                    org_reporters: list(org, "reporters"),
                    org_variants: list(org, "variants"),
                    org_byline_sources: list(org, "byline"),
                    org_byline: vec![],
                    org_credit_sources: list(org, "credits"),
                    org_credits: vec![],
                },
            );
        }
        let merged = by_lang
            .keys()
            .map(|c| (c.clone(), OnceLock::new()))
            .collect();
        Ok(WordsRegistry {
            by_lang,
            merged,
            compiled: Arc::default(),
            unknown: OnceLock::new(),
        })
    }

    /// The page language's words plus English (pages mix in English terms and log lines).
    /// Borrowed, not cloned: a cloned regex starts with empty caches, so every page would
    /// rebuild its lazy automata.
    pub fn for_page(&self, lang: &str) -> std::borrow::Cow<'_, DraftWords> {
        match self.merged.get(lang) {
            Some(w) => std::borrow::Cow::Borrowed(w.get_or_init(|| self.merge(lang))),
            // `merged` has every language of `by_lang`: this one has no words of its own.
            None => std::borrow::Cow::Borrowed(self.unknown.get_or_init(|| self.merge(lang))),
        }
    }

    fn merge(&self, lang: &str) -> DraftWords {
        let own = self.by_lang.get(lang);
        // words that are the page language's own, never merged with English: negations (English
        // "no" is Portuguese "in the"), verb endings, history, progress, promise and schedule words
        let own_list = |pick: fn(&EventWords) -> &Vec<String>| {
            own.map(|w| pick(&w.events).clone()).unwrap_or_default()
        };
        let mut out = DraftWords {
            legal_name_first: own.is_none_or(|w| w.legal_name_first),
            events: EventWords {
                time_after_word: own.is_none_or(|w| w.events.time_after_word),
                negation: own_list(|e| &e.negation),
                until_after: own_list(|e| &e.until_after),
                negation_after: own_list(|e| &e.negation_after),
                clause_end_after: own_list(|e| &e.clause_end_after),
                done_after: own_list(|e| &e.done_after),
                under_before: own_list(|e| &e.under_before),
                under_rounded: own_list(|e| &e.under_rounded),
                under_after: own_list(|e| &e.under_after),
                history: own_list(|e| &e.history),
                progress_before: own_list(|e| &e.progress_before),
                progress_after: own_list(|e| &e.progress_after),
                promise_before: own_list(|e| &e.promise_before),
                promise_after: own_list(|e| &e.promise_after),
                schedule_before: own_list(|e| &e.schedule_before),
                still: own_list(|e| &e.still),
                later_than_told: own_list(|e| &e.later_than_told),
                since: own_list(|e| &e.since),
                start_nouns: own_list(|e| &e.start_nouns),
                public: own_list(|e| &e.public),
                peak: own_list(|e| &e.peak),
                ..Default::default()
            },
            ..Default::default()
        };
        for code in [lang, "en"] {
            if let Some(w) = self.by_lang.get(code) {
                let pairs: [(&mut Vec<String>, &Vec<String>); 37] = [
                    (
                        &mut out.events.onset_span_before,
                        &w.events.onset_span_before,
                    ),
                    (&mut out.events.onset_span_after, &w.events.onset_span_after),
                    (&mut out.events.maintenance, &w.events.maintenance),
                    (&mut out.events.announce, &w.events.announce),
                    (&mut out.events.lasted_noun, &w.events.lasted_noun),
                    (&mut out.events.start, &w.events.start),
                    (&mut out.events.immediate, &w.events.immediate),
                    (&mut out.events.start_not, &w.events.start_not),
                    (&mut out.events.resolution_not, &w.events.resolution_not),
                    (&mut out.events.detection_not, &w.events.detection_not),
                    (&mut out.events.notice, &w.events.notice),
                    (&mut out.events.stamp, &w.events.stamp),
                    (&mut out.events.status_words, &w.events.status_words),
                    (&mut out.events.lasted_then, &w.events.lasted_then),
                    (&mut out.events.lasted_not, &w.events.lasted_not),
                    (&mut out.events.as_of, &w.events.as_of),
                    (&mut out.events.detection, &w.events.detection),
                    (&mut out.events.resolution, &w.events.resolution),
                    (&mut out.events.lasted, &w.events.lasted),
                    (&mut out.events.start_labels, &w.events.start_labels),
                    (&mut out.events.end_labels, &w.events.end_labels),
                    (&mut out.org_labels, &w.org_labels),
                    (&mut out.strip, &w.strip),
                    (&mut out.legal_forms, &w.legal_forms),
                    (&mut out.org_stop, &w.org_stop),
                    (&mut out.org_pattern_sources, &w.org_pattern_sources),
                    (&mut out.org_first_person, &w.org_first_person),
                    (&mut out.org_locative, &w.org_locative),
                    (&mut out.org_particles, &w.org_particles),
                    (&mut out.org_lead, &w.org_lead),
                    (&mut out.org_trail, &w.org_trail),
                    (&mut out.org_boundary, &w.org_boundary),
                    (&mut out.org_suffixes, &w.org_suffixes),
                    (&mut out.org_reporters, &w.org_reporters),
                    (&mut out.org_variants, &w.org_variants),
                    (&mut out.org_byline_sources, &w.org_byline_sources),
                    (&mut out.org_credit_sources, &w.org_credit_sources),
                ];
                for (into, from) in pairs {
                    into.extend(from.iter().cloned());
                }
            }
            if lang == "en" {
                break;
            }
        }
        out.org_patterns = OrgPatterns {
            sources: out.org_pattern_sources.clone(),
            cache: Some(self.compiled.clone()),
            compiled: OnceLock::new(),
            filters: OnceLock::new(),
        };
        out.org_byline = out
            .org_byline_sources
            .iter()
            .filter_map(|p| self.compiled_pattern(p))
            .collect();
        out.org_credits = out
            .org_credit_sources
            .iter()
            .filter_map(|p| self.compiled_pattern(p))
            .collect();
        if out.legal_name_first {
            out.legal_name = crate::draft::meta::legal_name_pattern(&out.legal_forms);
        }
        out
    }

    /// `[org]` byline and credit patterns, compiled once per process (every page blanks its
    /// bylines, so these are not deferred like the name patterns).
    fn compiled_pattern(&self, p: &str) -> Option<Regex> {
        let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(p.to_string())
            .or_insert_with(|| super::org::compile_pattern(p).ok())
            .clone()
    }
}
