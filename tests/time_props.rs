//! Property test: the time parser never panics and its quotes match its char offsets.
mod common;

use incidentlib::time::{parse, Lexicons, ParseOptions};
use proptest::prelude::*;
use std::sync::OnceLock;

fn lexicons() -> &'static Lexicons {
    static LEX: OnceLock<Lexicons> = OnceLock::new();
    LEX.get_or_init(|| Lexicons::load(&common::root().join("mappings")).expect("lexicons"))
}

const LANGS: [&str; 9] = ["en", "ko", "ja", "zh", "vi", "de", "fr", "es", "pt"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parse_never_panics_and_quotes_match(
        text in "(\\PC|[0-9:：０-９年月日时시분点時分 .,\\-–~()]){0,80}",
        lang in 0usize..9,
    ) {
        let p = parse(&text, lexicons(), &ParseOptions { lang: Some(LANGS[lang].into()), ..Default::default() });
        let chars: Vec<char> = text.chars().collect();
        for t in &p.times {
            prop_assert!(t.start <= t.end && t.end <= chars.len());
            prop_assert_eq!(chars[t.start..t.end].iter().collect::<String>(), t.quote.clone());
        }
        for d in &p.durations {
            prop_assert!(d.start <= d.end && d.end <= chars.len());
            prop_assert_eq!(chars[d.start..d.end].iter().collect::<String>(), d.quote.clone());
        }
    }

    #[test]
    fn detection_never_panics(text in "\\PC{0,60}") {
        let _ = parse(&text, lexicons(), &ParseOptions::default());
    }
}
