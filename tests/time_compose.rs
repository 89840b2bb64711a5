//! The composition rules of the time parser: parts of the day, a start with a length, lengths
//! around the reference, weekdays in counted weeks, and a date next to a clock.
use incidentlib::time::{parse, Lexicons, ParseOptions, Parsed, TimeKind};

fn lexicons() -> Lexicons {
    Lexicons::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("mappings"))
        .expect("lexicons")
}

fn run(lex: &Lexicons, lang: &str, text: &str, reference: &str) -> Parsed {
    parse(
        text,
        lex,
        &ParseOptions {
            lang: Some(lang.into()),
            reference: chrono::NaiveDateTime::parse_from_str(reference, "%Y-%m-%dT%H:%M:%S").ok(),
            ..Default::default()
        },
    )
}

/// (value, end value) of every range, as ISO text.
fn ranges(p: &Parsed) -> Vec<(String, String)> {
    p.times
        .iter()
        .filter(|t| t.kind == TimeKind::Range)
        .filter_map(|t| Some((t.value?.iso(), t.end_value?.iso())))
        .collect()
}

#[test]
fn parts_of_the_day_are_approximate_ranges_without_a_clock() {
    let lex = lexicons();
    for (lang, text, from, to) in [
        (
            "en",
            "Errors rose this afternoon.",
            "2019-07-30T12:00:00",
            "2019-07-30T16:00:00",
        ),
        (
            "en",
            "It failed again tonight",
            "2019-07-30T20:00:00",
            "2019-07-30T23:59:00",
        ),
        (
            "fr",
            "Hier soir, le service est tombé",
            "2019-07-29T20:00:00",
            "2019-07-29T23:59:00",
        ),
        (
            "ja",
            "明日の朝に再開します",
            "2019-07-31T08:00:00",
            "2019-07-31T12:00:00",
        ),
        (
            "zh",
            "昨晚服务中断",
            "2019-07-29T16:00:00",
            "2019-07-29T20:00:00",
        ),
        (
            "ko",
            "오늘 새벽 장애",
            "2019-07-30T00:00:00",
            "2019-07-30T06:00:00",
        ),
        (
            "es",
            "reunámonos temprano esta tarde",
            "2019-07-30T16:00:00",
            "2019-07-30T18:00:00",
        ),
    ] {
        let p = run(&lex, lang, text, "2019-07-30T00:00:00");
        let t = p
            .times
            .iter()
            .find(|t| t.daypart)
            .unwrap_or_else(|| panic!("{text:?}: no part of the day in {:?}", p.times));
        assert!(t.approximate && !t.has_clock, "{text:?}: {t:?}");
        assert_eq!(
            (t.value.map(|v| v.iso()), t.end_value.map(|v| v.iso())),
            (Some(from.to_string()), Some(to.to_string())),
            "{text:?}"
        );
    }
}

#[test]
fn a_part_of_the_day_gives_a_clock_its_day_and_half_but_keeps_24_hour_clocks() {
    let lex = lexicons();
    let p = run(
        &lex,
        "en",
        "the database failed last night between 7:15 and 9:30",
        "2016-11-07T10:20:00",
    );
    assert!(
        ranges(&p).contains(&("2016-11-06T19:15:00".into(), "2016-11-06T21:30:00".into())),
        "{:?}",
        p.times
    );
    // a 24-hour clock is not moved by the part of the day ("heute Nacht zwischen 22 und 4 Uhr")
    let p = run(
        &lex,
        "de",
        "heute Nacht zwischen 22 und 4 Uhr",
        "2016-11-07T00:00:00",
    );
    let clocks: Vec<String> = p
        .times
        .iter()
        .filter(|t| t.has_clock)
        .flat_map(|t| [t.value, t.end_value])
        .flatten()
        .map(|v| v.iso())
        .collect();
    assert!(!clocks.is_empty());
    assert!(
        clocks
            .iter()
            .all(|c| c.contains("T22:00") || c.contains("T04:00")),
        "{clocks:?}"
    );
}

#[test]
fn a_marked_start_with_an_exact_length_is_a_range() {
    let lex = lexicons();
    let p = run(
        &lex,
        "en",
        "The meeting is start from 2pm for 2 hours",
        "2016-11-07T00:00:00",
    );
    assert!(ranges(&p).contains(&("2016-11-07T14:00:00".into(), "2016-11-07T16:00:00".into())));
    let p = run(
        &lex,
        "ko",
        "오후 2시부터 2시간 동안 점검",
        "2016-11-07T00:00:00",
    );
    assert_eq!(ranges(&p).len(), 1, "{:?}", p.times);
    // an unmarked time with a length, or an approximate length, stays a time and a length
    let p = run(
        &lex,
        "de",
        "gegen 12.35 Uhr für 80 Minuten erneut",
        "2016-11-07T00:00:00",
    );
    assert!(ranges(&p).is_empty(), "{:?}", p.times);
    let p = run(
        &lex,
        "ko",
        "오후 11시 30분쯤부터 약 1시간 30분 동안",
        "2016-11-07T00:00:00",
    );
    assert!(ranges(&p).is_empty(), "{:?}", p.times);
}

#[test]
fn weekdays_in_counted_weeks_and_dates_next_to_clocks() {
    let lex = lexicons();
    // reference Thursday 2019-01-31
    for (lang, text, want) in [
        ("en", "Where were you on last Wednesday?", "2019-01-23"),
        (
            "en",
            "Do you have any arrangement on following Friday?",
            "2019-02-08",
        ),
        (
            "ja",
            "来週の金曜日の手配は何かしてありますか。",
            "2019-02-08",
        ),
        (
            "es",
            "¿Tienes algún plan para este próximo viernes?",
            "2019-02-01",
        ),
    ] {
        let p = run(&lex, lang, text, "2019-01-31T00:00:00");
        assert!(
            p.times
                .iter()
                .any(|t| t.value.map(|v| v.iso()) == Some(want.to_string())),
            "{text:?}: {:?}",
            p.times
        );
    }
    let p = run(
        &lex,
        "en",
        "Are you available between 3am - 12pm next Monday",
        "2018-11-01T12:00:00",
    );
    assert!(ranges(&p).contains(&("2018-11-05T03:00:00".into(), "2018-11-05T12:00:00".into())));
}

#[test]
fn lengths_around_the_reference_are_ranges_without_a_clock() {
    let lex = lexicons();
    let p = run(
        &lex,
        "en",
        "I'll be back within 5 minutes",
        "2016-11-07T00:00:00",
    );
    let t = p
        .times
        .iter()
        .find(|t| t.kind == TimeKind::Range)
        .expect("range");
    assert!(!t.has_clock);
    assert_eq!(
        t.end_value.map(|v| v.iso()).as_deref(),
        Some("2016-11-07T00:05:00")
    );
}

/// The ISO value of the first mention with a clock.
fn first_clock(p: &Parsed) -> String {
    p.times
        .iter()
        .find(|t| t.has_clock)
        .and_then(|t| t.value)
        .map(|v| v.iso())
        .unwrap_or_default()
}

#[test]
fn an_evening_named_before_a_date_puts_the_clock_after_it_in_the_evening() {
    let lex = lexicons();
    for (lang, text, want) in [
        (
            "en",
            "It failed on the evening of May 4, 2021, at 9:15.",
            "21:15",
        ),
        (
            "de",
            "Am Abend des 4. Mai 2021 um 9.15 Uhr fiel er aus.",
            "21:15",
        ),
        ("de", "Am Dienstagabend um 9.15 Uhr fiel er aus.", "21:15"),
        ("de", "Am Samstagabend um 9.15 Uhr fiel er aus.", "21:15"),
        (
            "es",
            "La noche del 4 de mayo de 2021, a las 9:15, cayó.",
            "21:15",
        ),
        (
            "pt",
            "Na noite de 4 de maio de 2021, às 9h15, caiu.",
            "21:15",
        ),
        (
            "vi",
            "Vào tối 4/5/2021, lúc 9h15, dịch vụ bị gián đoạn.",
            "21:15",
        ),
        // a 24-hour clock with its leading zero, and a morning, stay as written
        (
            "en",
            "On the evening of May 4, 2021, at 09:15 UTC it failed.",
            "09:15",
        ),
        (
            "pt",
            "Na manhã de 4 de maio de 2021, às 9h15, caiu.",
            "09:15",
        ),
    ] {
        let p = run(&lex, lang, text, "2021-05-10T12:00:00");
        let got = first_clock(&p);
        assert!(got.contains(want), "{lang} {text:?}: {got}");
    }
}

#[test]
fn a_day_prefix_caught_inside_a_word_does_not_hide_the_date() {
    // "del 3 de marzo": the regex's "el 3 de marzo" starts inside "del"; the date is still read
    let lex = lexicons();
    let p = run(
        &lex,
        "es",
        "La caída del 3 de marzo de 2022 duró horas.",
        "2022-03-10T12:00:00",
    );
    assert!(
        p.times.iter().any(|t| t.quote == "3 de marzo de 2022"),
        "{:?}",
        p.times.iter().map(|t| &t.quote).collect::<Vec<_>>()
    );
}

#[test]
fn an_hour_with_its_half_of_the_day_in_words_is_a_clock() {
    let lex = lexicons();
    for (text, want) in [
        ("It began on March 3, 2022 at 8 in the evening.", "20:00"),
        ("It began at 3 in the morning on March 3, 2022.", "03:00"),
    ] {
        let p = run(&lex, "en", text, "2022-03-10T12:00:00");
        let got = first_clock(&p);
        assert!(got.contains(want), "{text:?}: {got}");
    }
}

#[test]
fn a_day_alone_before_a_clock_is_a_date_in_the_month_before_the_page() {
    let lex = lexicons();
    for (lang, text) in [
        ("fr", "Le 28 à 15h, la connexion a échoué."),
        ("es", "El día 28 a las 15:00 falló el acceso."),
        ("de", "Am 28. um 15 Uhr fiel der Zugang aus."),
        ("pt", "No dia 28, às 15h, o acesso falhou."),
        ("vi", "Ngày 28, lúc 15h, dịch vụ bị lỗi."),
        ("en", "On the 28th at 3pm, logins failed."),
    ] {
        let p = run(&lex, lang, text, "2022-10-03T12:00:00");
        let got = first_clock(&p);
        assert!(
            got.starts_with("2022-09-28T15:00"),
            "{lang} {text:?}: {got}"
        );
    }
    // a number that is no day stays a number
    let p = run(
        &lex,
        "en",
        "On the 3 servers at 5pm we saw errors.",
        "2022-10-03T12:00:00",
    );
    assert!(
        !first_clock(&p).starts_with("2022-09-03"),
        "{}",
        first_clock(&p)
    );
}

#[test]
fn a_media_players_position_and_length_are_no_times() {
    let lex = lexicons();
    for (lang, text) in [
        ("zh", "播放 0:00 / 0:00 系統上午9時許當機。"),
        ("en", "Watch: 0:00 / 2:31 The outage began at 9:05 a.m."),
    ] {
        let p = run(&lex, lang, text, "2025-11-28T12:00:00");
        let quotes: Vec<&str> = p.times.iter().map(|t| t.quote.as_str()).collect();
        assert!(
            !quotes
                .iter()
                .any(|q| q.contains("0:00") || q.contains("2:31")),
            "{lang}: {quotes:?}"
        );
        assert_eq!(
            quotes.len(),
            1,
            "{lang}: the report's own time stays: {quotes:?}"
        );
    }
    // a real midnight range stays a time
    let p = run(
        &lex,
        "en",
        "Maintenance ran 0:00 to 2:30 UTC.",
        "2025-11-28T12:00:00",
    );
    assert!(!p.times.is_empty());
}

#[test]
fn a_relative_day_the_writer_dates_in_brackets_is_that_date() {
    let lex = lexicons();
    // the page's date (the reference) may be a later update's: the written date wins
    for (lang, text, want) in [
        (
            "ko",
            "어제(25일) 오후 2시께 장애가 발생했다.",
            "2022-05-25T14:00",
        ),
        (
            "ja",
            "昨日（25日）午後2時ごろ障害が発生。",
            "2022-05-25T14:00",
        ),
        (
            "de",
            "Gestern (25.05.2022) um 14 Uhr fiel das System aus.",
            "2022-05-25T14:00",
        ),
        (
            "en",
            "Yesterday (May 25) at 2pm the site went down.",
            "2022-05-25T14:00",
        ),
    ] {
        let p = run(&lex, lang, text, "2022-05-27T12:00:00");
        let got: Vec<String> = p
            .times
            .iter()
            .filter(|t| t.has_clock)
            .filter_map(|t| t.value.map(|v| v.iso()))
            .collect();
        assert!(
            got.len() == 1 && got[0].starts_with(want),
            "{lang}: {got:?}, want {want}"
        );
    }
}

#[test]
fn a_noon_word_restated_by_a_clock_in_its_clause_is_that_clock() {
    let lex = lexicons();
    let p = run(
        &lex,
        "de",
        "Gestern Mittag (21.09.2017) gegen kurz nach 14 Uhr war der Dienst nicht erreichbar.",
        "2017-09-22T12:00:00",
    );
    let clocks: Vec<String> = p
        .times
        .iter()
        .filter(|t| t.has_clock)
        .filter_map(|t| t.value.map(|v| v.iso()))
        .collect();
    assert_eq!(clocks.len(), 1, "{clocks:?}");
    assert!(clocks[0].starts_with("2017-09-21T14:00"), "{clocks:?}");
    // a noon in one sentence and a clock in the next are two times
    let p = run(
        &lex,
        "en",
        "The site went down at noon. At 14:10 it was back.",
        "2017-09-22T18:00:00",
    );
    assert_eq!(p.times.iter().filter(|t| t.has_clock).count(), 2);
}

#[test]
fn hour_24_is_the_end_of_the_day_the_text_is_on() {
    let lex = lexicons();
    for (lang, text, want) in [
        (
            "de",
            "Am 11.11.2019 lief nichts mehr. Die Störung war gegen 24 Uhr behoben.",
            "2019-11-12T00:00",
        ),
        (
            "ja",
            "11月11日18時に障害が発生し、24時に復旧した。",
            "2019-11-12T00:00",
        ),
        (
            "en",
            "At 23:10 on Nov 11 it failed; by 24:00 it was back.",
            "2019-11-12T00:00",
        ),
    ] {
        let p = run(&lex, lang, text, "2019-11-13T12:00:00");
        let last = p
            .times
            .iter()
            .rev()
            .find(|t| t.has_clock)
            .and_then(|t| t.value.map(|v| v.iso()))
            .unwrap_or_default();
        assert!(last.starts_with(want), "{lang}: {last}, want {want}");
    }
}
