//! Regression tests for the time parser, one module per language, named for what broke.
mod common;

use incidentlib::time::{parse, Lexicons, ParseOptions, Parsed, TimeKind, ZoneHow};
use std::sync::OnceLock;

fn lexicons() -> &'static Lexicons {
    static LEX: OnceLock<Lexicons> = OnceLock::new();
    LEX.get_or_init(|| Lexicons::load(&common::root().join("mappings")).expect("lexicons"))
}

fn run(lang: &str, text: &str) -> Parsed {
    parse(
        text,
        lexicons(),
        &ParseOptions {
            lang: Some(lang.into()),
            ..Default::default()
        },
    )
}

fn run_ref(lang: &str, text: &str, reference: &str) -> Parsed {
    parse(
        text,
        lexicons(),
        &ParseOptions {
            lang: Some(lang.into()),
            tz: None,
            reference: chrono::NaiveDateTime::parse_from_str(reference, "%Y-%m-%dT%H:%M").ok(),
            fallback_tz: None,
            ..Default::default()
        },
    )
}

/// The clock of the only time found in `text`, as "HH:MM", and its quote.
fn only_clock(lang: &str, text: &str) -> (String, String) {
    let p = run_ref(lang, text, "2024-03-05T00:00");
    assert_eq!(p.times.len(), 1, "{text}: {:?}", p.times);
    let v = p.times[0].value.map(|v| v.iso()).unwrap_or_default();
    (
        v.get(11..16).unwrap_or("").to_string(),
        p.times[0].quote.clone(),
    )
}

/// ISO values of every time (start and end) found.
fn values(p: &Parsed) -> Vec<String> {
    p.times
        .iter()
        .flat_map(|t| [t.value, t.end_value])
        .flatten()
        .map(|v| v.iso())
        .collect()
}

fn durations(p: &Parsed) -> Vec<String> {
    p.durations.iter().map(|d| d.value.to_string()).collect()
}

mod en {
    use super::*;

    #[test]
    fn twelve_am_after_a_morning_start_is_the_noon_that_follows() {
        // "11:34 AM to 12:20 AM" is a 46-minute range (the common slip), not 12h46m; after an
        // evening start, 12:20 AM stays the midnight after it
        let p = run_ref(
            "en",
            "from 11:34 AM IST to 12:20 AM IST",
            "2023-07-09T12:00",
        );
        assert_eq!(
            values(&p),
            ["2023-07-09T11:34:00+05:30", "2023-07-09T12:20:00+05:30"]
        );
        // the reread is a guess: the curator is told, quoting the range
        assert!(
            p.warnings
                .iter()
                .any(|w| w.contains("11:34 AM IST to 12:20 AM IST") && w.contains("noon")),
            "{:?}",
            p.warnings
        );
        let p = run_ref("en", "from 11:34 PM to 12:20 AM UTC", "2023-07-09T12:00");
        assert!(
            p.warnings.iter().all(|w| !w.contains("noon")),
            "{:?}",
            p.warnings
        );
        assert_eq!(
            values(&p)[1].get(..16),
            Some("2023-07-10T00:20"),
            "{:?}",
            values(&p)
        );
    }

    #[test]
    fn a_day_written_after_a_ranges_end_lets_the_bare_start_share_its_afternoon() {
        // "between 1-5.30pm on Sunday 8 July" is 13:00–17:30 on that day; an end whose day is
        // written before its clock ("to May 11 06:00") keeps its own day and hour
        let p = run_ref(
            "en",
            "delayed between 1-5.30pm on Sunday 8 July",
            "2018-07-10T12:00",
        );
        assert_eq!(
            values(&p)[0].get(..16),
            Some("2018-07-08T13:00"),
            "{:?}",
            values(&p)
        );
        let p = run_ref("en", "from 10:00 to May 11 06:00", "2018-05-12T12:00");
        assert_eq!(
            values(&p)[1].get(..16),
            Some("2018-05-11T06:00"),
            "{:?}",
            values(&p)
        );
    }

    #[test]
    fn a_zone_statement_that_is_a_zone_name_states_the_pages_zone() {
        // "All times in Eastern." is the whole statement: its name holds the statement's words
        for heading in ["All times in Eastern.", "Timeline (Eastern US Time):"] {
            let p = run_ref(
                "en",
                &format!("{heading}\n\n2:43 AM - The game servers went offline."),
                "2020-10-17T12:00",
            );
            assert_eq!(values(&p), vec!["2020-10-17T02:43:00-04:00"], "{heading}");
        }
    }

    #[test]
    fn a_zone_abbreviation_before_a_clock_is_its_zone_unless_it_ends_another_time() {
        // "UTC 11:48" is UTC under a page in Pacific time; in "14:00 UTC 15:00" the UTC is the
        // first clock's, and the second keeps the page's zone
        let p = run_ref(
            "en",
            "All times below are Pacific Time. The CDN failed at UTC 11:48; we posted at 14:00 UTC 15:00.",
            "2025-11-18T00:00",
        );
        assert_eq!(
            values(&p),
            vec![
                "2025-11-18T11:48:00+00:00",
                "2025-11-18T14:00:00+00:00",
                "2025-11-18T15:00:00-08:00"
            ]
        );
    }

    #[test]
    fn a_day_just_after_the_pages_date_keeps_the_pages_year() {
        // a post dated the 27th that goes on to "3:00 AM April 28" is still of its own year,
        // as a bare day number a few days ahead is
        let p = run_ref(
            "en",
            "Internet Connection Down April 27. The problem started at around 5 PM; \
             service for other customers was restored at 3:00 AM April 28.",
            "2004-04-27T12:00",
        );
        let v = values(&p);
        assert!(v.iter().all(|x| x.starts_with("2004-")), "{v:?}");
        // a day well after it is last year's
        let p = run_ref(
            "en",
            "The outage of December 20 lasted an hour.",
            "2004-04-27T12:00",
        );
        assert_eq!(values(&p), ["2003-12-20"]);
    }

    #[test]
    fn half_past_and_quarter_to_move_the_hour() {
        assert_eq!(only_clock("en", "at half past nine").0, "09:30");
        assert_eq!(only_clock("en", "at a quarter to eleven pm").0, "22:45");
    }

    #[test]
    fn four_digits_with_a_zone_right_after_are_a_clock_and_without_one_are_not() {
        let p = run_ref("en", "Sites went down around 1000 GMT.", "2021-06-08T00:00");
        assert_eq!(values(&p), vec!["2021-06-08T10:00:00+00:00"]);
        assert!(p.times[0].approximate);
        let p = run_ref("en", "More than 1000 sites went down.", "2021-06-08T00:00");
        assert!(values(&p).is_empty(), "{:?}", values(&p));
    }

    #[test]
    fn range_with_about_on_the_end_marks_only_the_end_approximate() {
        let p = run(
            "en",
            "On 2024-11-12, from 9:08 AM UTC to about 10:00 AM UTC the API failed.",
        );
        let r = p.times.iter().find(|t| t.kind == TimeKind::Range).unwrap();
        assert_eq!(r.value.unwrap().iso(), "2024-11-12T09:08:00+00:00");
        assert_eq!(r.end_value.unwrap().iso(), "2024-11-12T10:00:00+00:00");
        assert!(!r.approximate);
        assert_eq!(r.end_approximate, Some(true));
    }

    #[test]
    fn rates_are_not_durations() {
        let p = run(
            "en",
            "A limit of 300 requests per 10 minutes; 1.5 million requests per second; probes every 30 seconds.",
        );
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
    }

    #[test]
    fn an_and_d_is_not_one_day() {
        let p = run("en", "It lasted 1 hour and 35 minutes.");
        assert_eq!(durations(&p), vec!["1h35m"]);
    }

    #[test]
    fn vague_few_minutes_is_not_a_duration() {
        assert!(run("en", "Issuing it took only a few minutes.")
            .durations
            .is_empty());
    }

    #[test]
    fn bit_over_and_nearly_an_hour_are_approximate_hours() {
        let p = run("en", "a bit over an hour, then nearly an hour");
        assert_eq!(durations(&p), vec!["1h", "1h"]);
        assert!(p.durations.iter().all(|d| d.approximate));
    }

    #[test]
    fn pst_paired_with_utc_rolls_the_utc_side_to_the_next_day() {
        let p = run("en", "Jan 8, 2025: paged at 18:28 PST (02:28 UTC).");
        let v = values(&p);
        assert!(
            v.contains(&"2025-01-08T18:28:00-08:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2025-01-09T02:28:00+00:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn timeline_past_midnight_rolls_to_the_next_day() {
        let p = run(
            "en",
            "Timeline (UTC), 2025-01-30\n23:10 alert\n23:50 rollback\n00:20 recovered\n",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2025-01-31T00:20:00+00:00".to_string()),
            "{v:?}"
        );
        assert_eq!(p.zone.how, ZoneHow::Stated);
    }

    #[test]
    fn yesterday_is_relative_to_the_reference() {
        let p = run_ref("en", "It started yesterday at 3 PM.", "2016-11-07T00:00");
        assert!(
            values(&p).iter().any(|v| v.starts_with("2016-11-06T15:00")),
            "{:?}",
            values(&p)
        );
    }

    #[test]
    fn ago_and_later_resolve_against_the_reference_only() {
        let p = run_ref(
            "en",
            "It failed 2 hours ago and recovers in 30 minutes.",
            "2016-11-07T12:00",
        );
        let v = values(&p);
        assert!(v.contains(&"2016-11-07T10:00:00".to_string()), "{v:?}");
        assert!(v.contains(&"2016-11-07T12:30:00".to_string()), "{v:?}");
        assert_eq!(durations(&p), vec!["2h", "30m"]);
        assert!(run("en", "It failed 2 hours ago.").times.is_empty());
    }

    #[test]
    fn cst_is_ambiguous_and_warns() {
        let p = run("en", "On 2025-03-04 at 10:00 CST the job failed.");
        assert!(
            p.warnings.iter().any(|w| w.contains("CST")),
            "{:?}",
            p.warnings
        );
        assert!(values(&p).contains(&"2025-03-04T10:00:00-06:00".to_string()));
    }

    #[test]
    fn an_unwritten_year_follows_the_weekday_the_page_wrote() {
        // a page read in January 2025 about "Tuesday, March 5": 5 March 2024 was a Tuesday
        let p = run_ref(
            "en",
            "On Tuesday, March 5 at 10:00 UTC the API failed.",
            "2025-01-10T09:00",
        );
        assert_eq!(values(&p), vec!["2024-03-05T10:00:00+00:00".to_string()]);
    }
    #[test]
    fn a_heading_naming_a_zone_after_a_qualifier_states_the_pages_zone() {
        let p = run(
            "en",
            "Timeline (US Pacific time)\nMarch 3, 2024 9:10 am - errors began.\nMarch 3, 2024 10:05 am - restored.",
        );
        assert_eq!(
            values(&p),
            vec![
                "2024-03-03T09:10:00-08:00".to_string(),
                "2024-03-03T10:05:00-08:00".to_string()
            ]
        );
        assert_eq!(p.zone.how, ZoneHow::Stated);
    }
}

mod ko {
    use super::*;

    #[test]
    fn a_headlines_bare_clock_is_the_afternoon_the_story_spells_out() {
        // the sub-heading's "7시 42분" is the "오후 7시 42분" of the lead, not 07:42; a bare clock
        // the story never writes with its half of the day stays as it was
        let p = run_ref(
            "ko",
            "7시 42분부터 주문 몰려\n3일 오후 7시 42분께부터 앱 접속이 되지 않았다. 9시 10분 점검.",
            "2024-05-03T23:00",
        );
        let v = values(&p);
        assert_eq!(v[0].get(..16), Some("2024-05-03T19:42"), "{v:?}");
        assert!(v.iter().any(|x| x.starts_with("2024-05-03T19:42")), "{v:?}");
        assert!(
            !v.iter().any(|x| x.starts_with("2024-05-03T07:42")),
            "{v:?}"
        );
        // a reread is a guess the curator is told about
        assert!(
            p.warnings
                .iter()
                .any(|w| w.starts_with("'7시 42분'") && w.contains("afternoon")),
            "{:?}",
            p.warnings
        );
    }

    #[test]
    fn a_month_and_day_looked_back_to_does_not_date_the_storys_recent_day() {
        // "지난 2월 13일 개통한" is background: the story's "7일" on a page of 8 May is 7 May
        let p = run_ref(
            "ko",
            "시스템이 7일 다시 말썽을 일으켰다. 이날 오전 10시 50분쯤 느려졌다. 지난 2월 13일 개통한 시스템이다.",
            "2024-05-08T09:00",
        );
        assert_eq!(
            values(&p),
            vec!["2024-05-07", "2024-05-07T10:50:00+09:00", "2024-02-13"]
        );
    }

    #[test]
    fn a_day_after_this_month_or_last_month_takes_that_month() {
        // "이달 28일" on a page of the 14th is this month's 28th (a later day alone would be read
        // as last month's); "지난달 3일" is the month before's, across the year when it must be
        let p = run_ref("ko", "이달 28일 오후 2시부터 접수", "2024-05-14T10:00");
        assert_eq!(values(&p), vec!["2024-05-28T14:00:00+09:00"]);
        let p = run_ref("ko", "지난달 3일 오전 9시 장애", "2024-01-10T10:00");
        assert_eq!(values(&p), vec!["2023-12-03T09:00:00+09:00"]);
        let p = run_ref("ko", "28일 오후 2시 장애", "2024-05-14T10:00");
        assert_eq!(
            values(&p),
            vec!["2024-04-28T14:00:00+09:00"],
            "no month word: as before"
        );
    }

    #[test]
    fn a_zone_before_a_date_names_the_clock_after_it_and_evening_is_afternoon() {
        let p = run_ref(
            "ko",
            "미국 동부시간 15일 오후 5시 장애 발생",
            "2020-10-16T10:00",
        );
        assert_eq!(values(&p), vec!["2020-10-15T17:00:00-04:00"]);
        assert_eq!(only_clock("ko", "저녁 7시 복구").0, "19:00");
    }

    #[test]
    fn a_range_whose_end_is_the_next_day_is_one_range() {
        // "09:00 ~ 익일 10:00" is 25 hours: the end is the day after, whatever its clock
        let p = run_ref("ko", "장애 시간: 09:00 ~ 익일 10:00", "2024-06-02T12:00");
        assert_eq!(p.times.len(), 1, "{:?}", values(&p));
        assert_eq!(
            values(&p),
            ["2024-06-02T09:00:00+09:00", "2024-06-03T10:00:00+09:00"]
        );
    }

    #[test]
    fn the_afternoon_written_once_carries_to_the_bare_clocks_after_it() {
        // "오후 1시 40분께 … 1시 55분쯤 … 2시 반께": all afternoon; "오전" ends the carrying
        let p = run_ref(
            "ko",
            "오후 1시 40분께부터 오류가 났다. 회사는 1시 55분쯤 장애를 인지했고 2시 30분께 복구했다. 다음 날 오전 9시 점검을 했고 10시에 끝났다.",
            "2024-06-02T12:00",
        );
        let v = values(&p);
        for want in [
            "2024-06-02T13:55:00+09:00",
            "2024-06-02T14:30:00+09:00",
            "2024-06-03T10:00:00+09:00",
        ] {
            assert!(v.contains(&want.to_string()), "{want}: {v:?}");
        }
    }

    #[test]
    fn ko_pm_half_hour_is_15_30() {
        let p = run("ko", "2025년 1월 18일 오후 3시 반부터 장애");
        assert_eq!(values(&p), vec!["2025-01-18T15:30:00+09:00"]);
        assert_eq!(p.zone.how, ZoneHow::Inferred);
    }

    #[test]
    fn day_prefix_24il_is_the_next_day() {
        let p = run(
            "ko",
            "9월 23일 22시 30분부터 24일 8시 47분까지, 2026년 9월 23일",
        );
        assert_eq!(
            values(&p)[..2],
            ["2026-09-23T22:30:00+09:00", "2026-09-24T08:47:00+09:00"]
        );
    }

    #[test]
    fn elliptical_minutes_take_the_previous_hour() {
        let p = run("ko", "2026-09-23 기록: 23시 18분과 32분에 알림");
        assert!(values(&p).contains(&"2026-09-23T23:32:00+09:00".to_string()));
    }

    #[test]
    fn count_per_ten_minutes_is_a_rate() {
        let p = run(
            "ko",
            "상한은 10분에 1,500건, 평소 10분에 약 4,200통, 요청의 5분의 1쯤",
        );
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
    }

    #[test]
    fn eight_and_a_half_hours_and_native_days() {
        let p = run("ko", "이 8시간 반 동안, 사흘보다 오래된 로그");
        assert_eq!(durations(&p), vec!["8h30m", "3d"]);
    }

    #[test]
    fn hours_unit_siga_is_not_a_clock() {
        let p = run("ko", "24시간 동안");
        assert!(p.times.is_empty());
        assert_eq!(durations(&p), vec!["1d"]);
    }

    #[test]
    fn a_clock_marked_as_the_writers_now_is_on_the_page_day() {
        // "전날 오후 5시 … 오전 7시30분 현재 … 오전 9시": the report's now is the page's day, and
        // the clocks after it follow it, not the day before that the text named
        let p = run_ref(
            "ko",
            "전날 오후 5시부터 장애가 발생했다. 오전 7시30분 현재 일부 기능은 복구되지 않았다. 오전 9시 전면 복구됐다.",
            "2023-05-10T10:00",
        );
        let v = values(&p);
        for want in [
            "2023-05-09T17:00:00+09:00",
            "2023-05-10T07:30:00+09:00",
            "2023-05-10T09:00:00+09:00",
        ] {
            assert!(v.contains(&want.to_string()), "{want} not in {v:?}");
        }
    }

    #[test]
    fn this_day_is_the_last_written_day_else_the_page_day() {
        // "전날 … 이날 오전 1시": the page's day, not the day before that the text named last
        let p = run_ref(
            "ko",
            "전날 오후 3시 30분께부터 오류가 이어졌고 이날 오전 1시 현재까지 복구되지 않았다.",
            "2022-10-16T01:10",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2022-10-15T15:30:00+09:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2022-10-16T01:00:00+09:00".to_string()),
            "{v:?}"
        );
        // "지난 15일 … 이날 오후 5시": the written day
        let p = run_ref(
            "ko",
            "지난 15일 오후 3시 장애가 났다. 이날 오후 5시 복구됐다.",
            "2022-10-24T09:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2022-10-15T17:00:00+09:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn spaced_dotted_dates_of_korean_sites_are_dates() {
        // portal bylines write "2022. 10. 15. 오후 4:28"
        let p = run("ko", "2022. 10. 15. 오후 4:28");
        let v = values(&p);
        assert!(
            v.contains(&"2022-10-15T16:28:00+09:00".to_string()),
            "{v:?}"
        );
        // a sentence that ends on a year is not a date
        assert!(run("ko", "2022. 10명이 참석했다.").times.is_empty());
    }
    #[test]
    fn a_two_digit_year_before_its_marker_is_a_year() {
        // notices write "22년 10월 15일" and "'22년 10월 15일": not a length of 22 years
        let p = run("ko", "장애 일시: 22년 10월 15일 15시");
        assert_eq!(values(&p), vec!["2022-10-15T15:00:00+09:00".to_string()]);
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
        let p = run("ko", "'22년 10월 15일");
        assert_eq!(values(&p), vec!["2022-10-15".to_string()]);
    }
    #[test]
    fn a_bare_day_number_is_a_day_of_the_month_unless_its_words_make_it_a_length() {
        // news writes the day alone: "지난 15일 오후", dated against the page's own day
        let p = run_ref(
            "ko",
            "지난 15일 오후 카카오톡 장애가 발생했다.",
            "2023-07-16T09:00",
        );
        assert_eq!(
            values(&p),
            vec![
                "2023-07-15T12:00:00".to_string(),
                "2023-07-15T16:00:00".to_string()
            ]
        );
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
        // a day after the page's own day is last month's
        let p = run_ref("ko", "지난 30일 서비스가 멈췄다.", "2023-07-02T09:00");
        assert_eq!(values(&p), vec!["2023-06-30".to_string()]);
        // lengths: a length word after or before, "about", another number part
        for t in [
            "3일 동안 멈췄다",
            "기간을 7일로 연장",
            "이용일자를 3일 연장",
            "약 3일",
            "3일 이상",
            "1일 3시간",
        ] {
            let p = run_ref("ko", t, "2023-07-16T09:00");
            assert!(p.times.is_empty(), "{t}: {:?}", values(&p));
            assert!(!p.durations.is_empty(), "{t}");
        }
    }
}

mod ja {
    use super::*;

    #[test]
    fn am_and_pm_written_before_the_clock_set_its_half_of_the_day() {
        // Japanese notices write "AM9:00～PM5:00", "PM3:20頃": the prefix is the half of the day
        let p = run_ref(
            "ja",
            "PM3:20頃に復旧。受付はAM9:00～PM5:00です。",
            "2022-04-09T22:00",
        );
        let v = values(&p);
        assert_eq!(v[0], "2022-04-09T15:20:00+09:00", "{v:?}");
        assert!(v.iter().any(|x| x.contains("17:00:00")), "{v:?}");
    }

    #[test]
    fn a_day_after_this_month_or_last_month_takes_that_month() {
        // "今月20日" on a page of the 5th is this month's 20th (the day alone would be read as
        // last month's); "先月25日" is the month before's
        let p = run_ref("ja", "今月20日午後3時から受付を開始", "2024-03-05T10:00");
        let v = values(&p);
        assert!(
            v.contains(&"2024-03-20T15:00:00+09:00".to_string()),
            "{v:?}"
        );
        assert!(!v.iter().any(|x| x.starts_with("2024-02-20")), "{v:?}");
        let p = run_ref("ja", "先月25日午後3時に障害が発生", "2024-03-05T10:00");
        assert_eq!(values(&p), vec!["2024-02-25T15:00:00+09:00"]);
    }

    #[test]
    fn dusk_is_afternoon() {
        assert_eq!(only_clock("ja", "夕方5時ごろ復旧").0, "17:00");
    }

    #[test]
    fn fullwidth_pm_date_time() {
        let p = run("ja", "２０２４年１１月１２日 午後６時に復旧");
        assert_eq!(values(&p), vec!["2024-11-12T18:00:00+09:00"]);
        assert_eq!(p.times[0].quote, "２０２４年１１月１２日 午後６時");
    }

    #[test]
    fn jikan_is_a_duration_not_a_clock() {
        let p = run("ja", "約１時間７分にわたり失敗");
        assert!(p.times.is_empty());
        assert_eq!(durations(&p), vec!["1h7m"]);
        assert!(p.durations[0].approximate);
    }

    #[test]
    fn every_three_months_is_a_frequency() {
        assert!(run("ja", "３か月ごとに見直す").durations.is_empty());
    }

    #[test]
    fn era_years_are_calendar_years() {
        let p = run("ja", "令和5年6月3日に障害が発生しました。");
        assert_eq!(values(&p), vec!["2023-06-03".to_string()]);
        let p = run("ja", "令和元年5月1日");
        assert_eq!(values(&p), vec!["2019-05-01".to_string()]);
        assert!(run("ja", "令和5年6月3日").durations.is_empty());
    }
    #[test]
    fn a_day_the_pages_month_lacks_is_the_month_befores() {
        // a page of 1 June telling of "31日" tells of 31 May ("同日" is that day too)
        let p = run_ref(
            "ja",
            "31日午後から障害が発生した。同日午後4時10分ごろ、設備が停止した。",
            "2021-06-01T09:00",
        );
        let v = values(&p);
        assert!(v.iter().all(|x| x.starts_with("2021-05-31")), "{v:?}");
        assert!(v.iter().any(|x| x == "2021-05-31T16:10:00+09:00"), "{v:?}");
    }
}

mod zh {
    use super::*;

    #[test]
    fn a_little_is_no_one_oclock() {
        // "一点点" (bit by bit), "一点也不" (not at all) are no clock; "凌晨两点" is
        let p = run_ref(
            "zh",
            "工程师在凌晨两点熬夜奋战,一点点把问题修好,一点也不轻松。",
            "2021-07-14T12:00",
        );
        assert_eq!(values(&p), ["2021-07-14T02:00:00+08:00"]);
    }

    #[test]
    fn a_day_after_this_month_or_next_month_takes_that_month() {
        let p = run_ref("zh", "本月20日下午3点起停止服务", "2024-03-05T10:00");
        assert_eq!(values(&p), vec!["2024-03-20T15:00:00+08:00"]);
        let p = run_ref("zh", "下个月2日上午9点恢复", "2024-12-20T10:00");
        assert_eq!(values(&p), vec!["2025-01-02T09:00:00+08:00"]);
    }

    #[test]
    fn this_noon_before_an_hour_is_the_afternoon_and_keeps_a_late_morning_hour() {
        // Hong Kong papers' "今午1时" (this noon, 1 o'clock) is 13:00; "今午11时" stays 11:00
        let p = run_ref("zh", "网上银行今午1时起无法登入。", "2026-01-30T12:00");
        assert_eq!(values(&p), vec!["2026-01-30T13:00:00+08:00"]);
        let p = run_ref("zh", "网上银行今午11时无法登入。", "2026-01-30T12:00");
        assert_eq!(values(&p), vec!["2026-01-30T11:00:00+08:00"]);
    }

    #[test]
    fn a_day_in_han_numerals_before_a_clock_dates_it() {
        // "二十五日下午五点五十分许" in a paper of the 26th is the 25th at 17:50; "三日" with no
        // clock after it stays a length
        let p = run_ref(
            "zh",
            "二十五日下午五点五十分许,骨干网流量出现异常。抢修持续三日。",
            "2009-06-26T12:00",
        );
        assert_eq!(values(&p), vec!["2009-06-25T17:50:00+08:00"]);
        assert_eq!(durations(&p), vec!["3d"]);
    }

    #[test]
    fn a_bracketed_zone_abbreviation_before_a_clock_is_the_clocks_zone() {
        // "（UTC）11:48" under a page that states Hong Kong time: the abbreviation written just
        // before the clock is its zone; the later bare clock keeps the page's zone
        let p = run_ref(
            "zh",
            "以下時間均為香港時間。故障由世界協調時間（UTC）11:48 開始，19:55 恢復。",
            "2025-11-18T00:00",
        );
        assert_eq!(
            values(&p),
            vec!["2025-11-18T11:48:00+00:00", "2025-11-18T19:55:00+08:00"]
        );
    }

    #[test]
    fn a_zone_before_a_date_and_its_clock_and_a_bracketed_twin_in_another_zone() {
        // the zone named before "週四(15日)" is the clock's; dusk (傍晚) is afternoon; the
        // Taipei twin in brackets is the same moment, the next day there
        let p = run_ref(
            "zh",
            "推特在美東時間週四(15日)傍晚5點左右(台北時間清晨5點)發生故障。",
            "2020-10-16T10:00",
        );
        assert_eq!(
            values(&p),
            vec!["2020-10-15T17:00:00-04:00", "2020-10-16T05:00:00+08:00"]
        );
    }

    #[test]
    fn a_length_before_hou_is_still_a_length() {
        // "經過1個多小時之後才恢復" tells how long it took, in either script
        let p = run_ref("zh", "經過1個多小時之後才恢復正常。", "2020-10-16T10:00");
        assert_eq!(durations(&p), vec!["1h"]);
        let p = run_ref("zh", "经过两个小时之后才恢复。", "2020-10-16T10:00");
        assert_eq!(durations(&p), vec!["2h"]);
    }

    #[test]
    fn rows_under_a_day_heading_take_its_day_not_a_summarys_later_one() {
        // the summary names both days first; the rows below "5月6日:" are on the 6th
        let text = "系统在2022年5月6日 9:10-9:40 以及 7日 8:05 – 10:20 无法访问。\n2022年5月6日:\n• 9:10 监控报警;\n• 9:10-9:40 重启服务;\n2022年5月7日:\n• 8:05 再次报警;\n• 8:05-10:20 切换备用服务器。";
        let p = run("zh", text);
        let row = |q: &str| {
            p.times
                .iter()
                .filter(|t| t.quote == q)
                .map(|t| t.value.map(|v| v.iso()).unwrap_or_default())
                .collect::<Vec<_>>()
        };
        assert_eq!(row("9:10"), ["2022-05-06T09:10:00+08:00"]);
        assert_eq!(row("8:05"), ["2022-05-07T08:05:00+08:00"]);
    }

    #[test]
    fn twelve_at_night_is_the_midnight_that_ends_the_day() {
        // "14日晚上12点" is the midnight after the 14th, not its first minute; "晚间10点至12点"
        // ends at that midnight, not at the next noon
        let p = run_ref("zh", "14日晚上12点左右恢复。", "2023-03-15T12:00");
        assert_eq!(values(&p), vec!["2023-03-15T00:00:00+08:00"]);
        let p = run_ref("zh", "14日晚间10点至12点服务中断。", "2023-03-15T12:00");
        assert_eq!(
            values(&p),
            vec!["2023-03-14T22:00:00+08:00", "2023-03-15T00:00:00+08:00"]
        );
        let p = run_ref(
            "ko",
            "14일 밤 10시부터 12시까지 접속 장애.",
            "2023-03-15T12:00",
        );
        assert_eq!(
            values(&p),
            vec!["2023-03-14T22:00:00+09:00", "2023-03-15T00:00:00+09:00"]
        );
        let p = run_ref("ja", "14日夜12時に復旧した。", "2023-03-15T12:00");
        assert_eq!(values(&p), vec!["2023-03-15T00:00:00+09:00"]);
    }

    #[test]
    fn the_afternoon_written_once_carries_to_the_bare_clocks_after_it() {
        let p = run_ref(
            "zh",
            "6月2日下午1点40分左右，用户无法登录。技术团队在1点55分发现问题，2点半已恢复。",
            "2024-06-02T12:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2024-06-02T13:55:00+08:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2024-06-02T14:30:00+08:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn two_and_a_half_hours_in_cjk_numerals() {
        let p = run(
            "zh",
            "故障持续了两个半小时，约二十分钟后恢复，用了四小时十分钟",
        );
        assert_eq!(durations(&p), vec!["2h30m", "20m", "4h10m"]);
    }

    #[test]
    fn lingchen_two_is_two_am_and_xiawu_three_is_fifteen() {
        let p = run("zh", "2025年4月22日凌晨2点推送，下午3点20分回滚");
        let v = values(&p);
        assert!(
            v.contains(&"2025-04-22T02:00:00+08:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2025-04-22T15:20:00+08:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn fraction_is_not_a_duration() {
        assert!(run("zh", "只有原来的六十分之一").durations.is_empty());
    }

    #[test]
    fn same_day_word_takes_the_day_last_named_even_relative() {
        // "昨天下午 … 当天晚上11时": yesterday evening, not the page's day
        let p = run_ref(
            "zh",
            "昨天下午3时30分起无法登录，当天晚上11时恢复。",
            "2022-10-16T09:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2022-10-15T23:00:00+08:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn a_date_right_after_a_labels_colon_is_read() {
        let p = run("zh", "发布时间：2021-07-14 10:23:05 来源：某网");
        assert_eq!(values(&p), vec!["2021-07-14T10:23:05+08:00".to_string()]);
    }

    #[test]
    fn dates_in_han_numerals_are_dates_not_lengths() {
        // official notices sign with "二〇二三年六月三日"; "三日" there is the 3rd, not 3 days
        let p = run("zh", "某某银行 二〇二三年六月三日");
        assert_eq!(values(&p), vec!["2023-06-03".to_string()]);
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
        let p = run("zh", "民國112年6月3日");
        assert_eq!(values(&p), vec!["2023-06-03".to_string()]);
    }
    #[test]
    fn a_bare_day_number_is_a_day_of_the_month_unless_its_words_make_it_a_length() {
        let p = run_ref("zh", "本月15日晚间，某应用出现故障。", "2023-07-16T09:00");
        assert!(
            values(&p).contains(&"2023-07-15T16:00:00".to_string()),
            "{:?}",
            values(&p)
        );
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
        let p = run_ref(
            "ja",
            "15日未明からつながりにくい状態が続いた。",
            "2023-07-16T09:00",
        );
        assert!(
            values(&p).contains(&"2023-07-15T00:00:00".to_string()),
            "{:?}",
            values(&p)
        );
        for (l, t) in [
            ("zh", "3日内完成"),
            ("zh", "为期3日"),
            ("ja", "3日間停止"),
            ("ja", "丸1日"),
        ] {
            let p = run_ref(l, t, "2023-07-16T09:00");
            assert!(
                p.times.iter().all(|m| m.kind != TimeKind::Date),
                "{t}: {:?}",
                values(&p)
            );
            assert!(!p.durations.is_empty(), "{t}");
        }
    }

    #[test]
    fn traditional_evening_words_put_the_clock_after_noon() {
        // 晚間 (traditional for 晚间) is the evening: 10時6分 is 22:06
        let p = run_ref(
            "zh",
            "2日晚間10時6分起服務異常，晚間10時36分開始陸續恢復。",
            "2022-12-02T12:00",
        );
        let v = values(&p);
        assert!(v.iter().any(|x| x.starts_with("2022-12-02T22:06")), "{v:?}");
        assert!(v.iter().any(|x| x.starts_with("2022-12-02T22:36")), "{v:?}");
    }
}

mod vi {
    use super::*;

    #[test]
    fn a_clock_names_its_zone_after_gio_or_theo() {
        // "11:20 giờ UTC (tức 18 giờ 20 theo giờ Việt Nam)": one instant told in two zones
        let p = run_ref(
            "vi",
            "Sự cố bắt đầu vào khoảng 11:20 giờ UTC (tức 18 giờ 20 theo giờ Việt Nam).",
            "2025-11-18T20:00",
        );
        assert_eq!(
            values(&p),
            vec!["2025-11-18T11:20:00+00:00", "2025-11-18T18:20:00+07:00"]
        );
    }

    #[test]
    fn minute_mark_part_of_day_and_date_after_the_clock() {
        // "16h30’ chiều 29/9.": the minute mark, the part of the day and the date that ends the
        // sentence all belong to the clock
        let p = run_ref(
            "vi",
            "Sự cố đã diễn ra từ 16h30’ chiều 29/9. Đã khắc phục vào lúc 20h30 cùng ngày.",
            "2020-09-30T06:27",
        );
        let v = values(&p);
        assert_eq!(v[0], "2020-09-29T16:30:00+07:00", "{v:?}");
        // a date that ends its sentence is still a date
        let p = run_ref("vi", "Sự cố xảy ra ngày 29/9.", "2020-09-30T06:27");
        assert_eq!(values(&p), vec!["2020-09-29"]);
    }

    #[test]
    fn until_nearly_an_hour_is_a_clock_and_nearly_an_hour_is_a_length() {
        // "gần" (nearly) marks a length ("kéo dài gần 15h": lasted nearly 15 hours), but after a
        // cue ("tới gần 15h": until nearly 15:00) or before the day it falls on ("… 15h cùng
        // ngày") the hour is a clock
        let p = run_ref(
            "vi",
            "Sự cố bắt đầu từ khoảng 11h30 ngày 6-12. Tới gần 15h cùng ngày, nhà mạng đã khắc phục.",
            "2023-12-07T08:00",
        );
        assert_eq!(
            values(&p),
            ["2023-12-06T11:30:00+07:00", "2023-12-06T15:00:00+07:00"]
        );
        let p = run_ref(
            "vi",
            "Sự cố kéo dài tới gần 15h cùng ngày.",
            "2023-12-07T08:00",
        );
        assert_eq!(values(&p), ["2023-12-07T15:00:00+07:00"]);
        let p = run_ref("vi", "Sự cố kéo dài gần 15h.", "2023-12-07T08:00");
        assert!(p.times.is_empty(), "{:?}", values(&p));
        assert_eq!(durations(&p), ["15h"]);
        // a length's marker before the cue keeps it a length: "kéo dài đến gần 24 giờ"
        let p = run_ref(
            "vi",
            "Gián đoạn kéo dài đến gần 24 giờ.",
            "2023-12-07T08:00",
        );
        assert!(p.times.is_empty(), "{:?}", values(&p));
        assert_eq!(durations(&p), ["1d"]);
    }

    #[test]
    fn clock_hours_are_a_length_and_about_after_within_marks_one() {
        // "giờ đồng hồ" (clock hours) counts hours, never a time of day; "trong khoảng 3-4 giờ"
        // (within about 3 to 4 hours): the range's start is no 03:00
        let p = run_ref(
            "vi",
            "Sự cố kéo dài khoảng 3 giờ đồng hồ.",
            "2023-12-07T08:00",
        );
        assert!(p.times.is_empty(), "{:?}", values(&p));
        assert_eq!(durations(&p), ["3h"]);
        // (the length range is one length, read as its lower count; "trong" makes it the span
        // before the reference, as it does "trong khoảng 3 giờ đồng hồ")
        let p = run_ref(
            "vi",
            "Mỗi bộ lưu điện giữ được trong khoảng 3-4 giờ đồng hồ.",
            "2023-12-07T08:00",
        );
        assert!(
            !values(&p)
                .iter()
                .any(|v| v.contains("T03:00") || v.contains("T04:00")),
            "{:?}",
            values(&p)
        );
        assert_eq!(durations(&p), ["3h"]);
        // a cue that is no approximation still opens a clock range: "từ 3 đến 5 giờ"
        let p = run_ref("vi", "Sự cố kéo dài từ 3 đến 5 giờ.", "2023-12-07T08:00");
        assert_eq!(
            values(&p),
            ["2023-12-07T03:00:00+07:00", "2023-12-07T05:00:00+07:00"]
        );
    }

    #[test]
    fn a_morning_hour_with_the_midday_word_stays_in_the_morning() {
        // "trưa" (midday) spans late morning and early afternoon: 11h50 trưa is 11:50, 1h trưa 13:00
        let p = run_ref(
            "vi",
            "Đến 11h50 trưa, hệ thống vẫn lỗi. Khoảng 1h trưa mới ổn định.",
            "2022-06-04T18:00",
        );
        assert_eq!(
            values(&p),
            ["2022-06-04T11:50:00+07:00", "2022-06-04T13:00:00+07:00"]
        );
    }

    #[test]
    fn three_gio_chieu_is_fifteen() {
        let p = run("vi", "Ngày 12 tháng 11 năm 2024, mở lúc 3 giờ chiều");
        assert!(
            values(&p).contains(&"2024-11-12T15:00:00+07:00".to_string()),
            "{:?}",
            values(&p)
        );
    }

    #[test]
    fn gio_phut_without_cue_is_a_duration() {
        let p = run("vi", "Sự cố kéo dài 2 giờ 15 phút.");
        assert!(p.times.is_empty());
        assert_eq!(durations(&p), vec!["2h15m"]);
    }

    #[test]
    fn khoang_before_a_range_marks_both_ends() {
        let p = run("vi", "12/11/2024, khoảng 9:08–10:00 UTC: lỗi");
        let r = &p.times.iter().find(|t| t.kind == TimeKind::Range).unwrap();
        assert!(r.approximate && r.end_approximate == Some(true));
        assert_eq!(r.value.unwrap().iso(), "2024-11-12T09:08:00+00:00");
    }
    #[test]
    fn a_compact_hour_and_minute_needs_no_cue() {
        // "… lúc 13g46 ngày 29-7 … và 16g07 ngày 29-7": the second has no "lúc" before it
        let p = run_ref(
            "vi",
            "Sự cố lúc 13g46 ngày 29-7 tại Hà Nội và 16g07 ngày 29-7 tại TP.HCM. Chậm 1 giờ 30 phút.",
            "2016-07-30T09:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2016-07-29T16:07:00+07:00".to_string()),
            "{v:?}"
        );
        assert_eq!(durations(&p), vec!["1h30m".to_string()]);
    }

    #[test]
    fn hours_and_minutes_after_a_clock_cue_are_a_clock() {
        // "tức 18 giờ 48 phút" (that is, 18:48, by Vietnam's clock) and "vào 9 giờ" are clocks;
        // "kéo dài 3 giờ 20 phút" is a length
        let p = run_ref(
            "vi",
            "Sự cố bắt đầu lúc 11:48 UTC (tức 18 giờ 48 phút theo giờ Việt Nam) và kéo dài 3 giờ 20 phút.",
            "2025-11-18T12:00",
        );
        assert!(
            values(&p).contains(&"2025-11-18T18:48:00+07:00".to_string()),
            "{:?}",
            values(&p)
        );
        assert_eq!(durations(&p), vec!["3h20m"]);
    }

    #[test]
    fn whole_hours_with_zero_minutes_are_a_clock_not_a_length() {
        // "trong khoảng 19h00 - 20h00 tối": a range of clocks, not a 19-hour length
        let p = run_ref(
            "vi",
            "Khách hỏi về lỗi dịch vụ trong khoảng 19h00 - 20h00 tối. Sự cố kéo dài 2h30.",
            "2020-09-29T12:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2020-09-29T19:00:00+07:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2020-09-29T20:00:00+07:00".to_string()),
            "{v:?}"
        );
        assert_eq!(durations(&p), vec!["2h30m"]);
    }

    #[test]
    fn a_date_without_its_year_before_any_year_is_the_dated_pages_own() {
        // a page of 6 March 2024: "ngày 5-3" is 5 March 2024, the "13/3/2019" further down is
        // background
        let p = run_ref(
            "vi",
            "Khoảng 22h17 ngày 5-3, người dùng không vào được Facebook. Đến 23h28, ứng dụng hoạt \
             động trở lại. Trong lịch sử, Facebook từng bị lỗi 14 giờ đồng hồ vào ngày 13/3/2019.",
            "2024-03-06T07:49",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2024-03-05T22:17:00+07:00".to_string()),
            "{v:?}"
        );
    }
}

mod de {
    use super::*;

    #[test]
    fn a_dates_closing_dot_ends_no_sentence_and_des_introduces_a_day() {
        // "Am Morgen des 22.3. um 7:47 Uhr": "des 22.3." is a day, and the clock after its
        // closing dot is on it, not on the day the page named before
        let p = run(
            "de",
            "Am 21.3.2024 fiel der Dienst aus. Am Morgen des 22.3. um 7:47 Uhr gab es eine Meldung.",
        );
        let v = values(&p);
        assert!(v.iter().any(|x| x == "2024-03-22T07:47:00+01:00"), "{v:?}");
    }

    #[test]
    fn a_day_and_month_with_its_closing_dot_dates_a_dotted_clock_after_a_comma() {
        // "Update 11.7., 16.45 Uhr": the day and month end with their dot, a comma follows, and
        // the clock is written with a dot and its "Uhr"
        let p = run_ref(
            "de",
            "Update 11.7., 16.45 Uhr: Die Wartung ist abgeschlossen.",
            "2022-10-31T09:00",
        );
        let v = values(&p);
        assert_eq!(
            v,
            vec!["2022-07-11T16:45:00+02:00".to_string()],
            "{:?}",
            p.times
        );
    }

    #[test]
    fn halb_and_viertel_move_the_hour() {
        // "halb zehn" is 9:30, not 10:00; "Viertel vor neun" 8:45
        assert_eq!(only_clock("de", "bis fast halb zehn Uhr abends").0, "21:30");
        assert_eq!(only_clock("de", "um halb drei war alles weg").0, "02:30");
        assert_eq!(only_clock("de", "gegen Viertel vor neun Uhr").0, "08:45");
        assert!(run("de", "halb so schnell wie sonst").times.is_empty());
    }

    #[test]
    fn day_first_numeric_date_and_uhr() {
        let p = run("de", "Am 12.11.2024 um 10:17 Uhr fiel der Strom aus.");
        assert_eq!(values(&p), vec!["2024-11-12T10:17:00+01:00"]);
    }

    #[test]
    fn mesz_and_mez_keep_their_own_offsets_across_dst() {
        let p = run(
            "de",
            "26.10.2025: 02:30 MESZ erster Lauf, 02:30 MEZ zweiter Lauf",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2025-10-26T02:30:00+02:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2025-10-26T02:30:00+01:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn zwei_stunden_and_knapp_drei() {
        let p = run("de", "zwei Stunden, dann knapp drei Stunden");
        assert_eq!(durations(&p), vec!["2h", "3h"]);
        assert!(p.durations[1].approximate);
    }

    #[test]
    fn an_uhr_hour_after_a_clock_and_und_ends_the_range() {
        let p = run_ref(
            "de",
            "zwischen 10:15 und 13 Uhr fiel das Netz aus",
            "2024-03-05T09:00",
        );
        assert_eq!(
            values(&p),
            vec![
                "2024-03-05T10:15:00+01:00".to_string(),
                "2024-03-05T13:00:00+01:00".to_string()
            ]
        );
    }
    #[test]
    fn a_weekday_fixes_the_year_of_a_page_that_names_none() {
        use chrono::Datelike;
        let p = run(
            "de",
            "Am Dienstag, den 9. Mai um 10:00 Uhr fiel der Dienst aus.",
        );
        let t = p.times.first().expect("a time");
        let at = t.value.and_then(|v| v.local()).expect("a full date");
        assert_eq!((at.month(), at.day()), (5, 9));
        assert_eq!(at.weekday(), chrono::Weekday::Tue, "{at}");
        assert!(at.year() <= chrono::Utc::now().year());
        assert!(
            p.warnings.iter().any(|w| w.contains("latest year")),
            "the guess is flagged: {:?}",
            p.warnings
        );
    }
    #[test]
    fn a_weekday_fused_with_its_part_of_the_day_dates_the_clock() {
        let p = run_ref(
            "de",
            "Die Störung begann am Donnerstagabend gegen 22 Uhr.",
            "2024-03-09T12:00",
        );
        assert_eq!(values(&p), vec!["2024-03-07T22:00:00+01:00".to_string()]);
    }

    #[test]
    fn a_day_and_month_name_without_a_space_are_a_date() {
        let p = run_ref(
            "de",
            "Am 26.April fiel der Strom aus; am 3.Mai 2003 erneut.",
            "2003-04-28T12:00",
        );
        let v = values(&p);
        assert!(v.iter().any(|x| x.starts_with("2003-04-26")), "{v:?}");
        assert!(v.iter().any(|x| x.starts_with("2003-05-03")), "{v:?}");
    }
}

mod fr {
    use super::*;

    #[test]
    fn an_hour_with_its_unit_and_a_part_of_the_day_is_a_clock_without_a_cue() {
        // "attendre 6 heures du matin" has no cue before the hour, but "du matin" after its unit
        // makes it six in the morning; a length's marker before it keeps it a length
        let p = run_ref(
            "fr",
            "Il a fallu attendre 6 heures du matin pour que tout rentre dans l'ordre.",
            "2021-01-08T12:00",
        );
        assert_eq!(values(&p), ["2021-01-08T06:00:00+01:00"]);
        assert!(durations(&p).is_empty(), "{:?}", durations(&p));
        let p = run_ref(
            "fr",
            "La panne a duré pendant 6 heures du matin au soir.",
            "2021-01-08T12:00",
        );
        assert_eq!(durations(&p), ["6h"]);
    }

    #[test]
    fn it_is_before_an_hour_tells_the_time() {
        // "il est 16 h 30 quand les problèmes commencent": the clock of a story told in the
        // present, never a length of 16 hours 30
        let p = run_ref(
            "fr",
            "Mercredi 2 juin 2021, il est 16 h 30 quand les problèmes commencent. Il était 9 heures quand tout a cessé.",
            "2021-06-05T12:00",
        );
        assert!(durations(&p).is_empty(), "{:?}", durations(&p));
        assert_eq!(
            values(&p),
            [
                "2021-06-02",
                "2021-06-02T16:30:00+02:00",
                "2021-06-02T09:00:00+02:00"
            ]
        );
    }

    #[test]
    fn business_hours_after_the_hour_word_are_a_length() {
        // "de 4 heures ouvrées" (a repair guarantee of four business hours): "de" cues a clock
        // ("de 4 heures à 6 heures"), but "ouvrées" after the unit is said only of a length
        let p = run_ref(
            "fr",
            "La garantie standard de 4 heures ouvrées ne peut pas être tenue.",
            "2019-07-02T18:00",
        );
        assert!(p.times.is_empty(), "{:?}", values(&p));
        assert_eq!(durations(&p), ["4h"]);
        let p = run_ref("fr", "Coupure de 4 heures à 6 heures.", "2019-07-02T18:00");
        assert_eq!(
            values(&p),
            ["2019-07-02T04:00:00+02:00", "2019-07-02T06:00:00+02:00"]
        );
    }

    #[test]
    fn two_digits_after_the_hour_word_are_its_minutes() {
        // "aux alentours de 1 heure 30 du matin", "à 14 heures 30": not 1:00 and 14:00
        assert_eq!(
            only_clock(
                "fr",
                "aux alentours de 1 heure 30 du matin, le service est revenu"
            )
            .0,
            "01:30"
        );
        assert_eq!(
            only_clock("fr", "à 14 heures 30, le site est tombé").0,
            "14:30"
        );
        // a count after a comma is no minute
        assert_eq!(
            only_clock("fr", "à 14 heures, 30 clients ont appelé").0,
            "14:00"
        );
    }

    #[test]
    fn et_demie_and_moins_le_quart_move_the_hour() {
        let (at, quote) = only_clock("fr", "vers neuf heures et demie, le site est tombé");
        assert_eq!(
            (at.as_str(), quote.as_str()),
            ("09:30", "vers neuf heures et demie")
        );
        assert_eq!(only_clock("fr", "à dix heures moins le quart").0, "09:45");
        let p = run("fr", "pendant deux heures et demie");
        assert!(
            p.times.is_empty() && p.durations.len() == 1,
            "a length stays a length"
        );
    }

    #[test]
    fn a_story_told_over_days_goes_on_from_its_last_clocked_day() {
        // "samedi vers 9h00 … aujourd'hui à 16h30 … à 17h": the last clock is today's
        let p = run_ref(
            "fr",
            "Les premiers symptômes ont été ressentis samedi vers 9h00. Aujourd'hui à 16h30, retour des machines. Puis à 17h, fin de l'incident.",
            "2012-10-29T22:32",
        );
        let v = values(&p);
        for want in ["2012-10-27T09:00:00+02:00", "2012-10-29T17:00:00+01:00"] {
            assert!(v.contains(&want.to_string()), "{want} not in {v:?}");
        }
    }

    #[test]
    fn shortly_after_an_h_hour_is_a_clock_but_after_hours_of_outage_a_length() {
        let p = run_ref(
            "fr",
            "Le service a été rétabli peu après 11h. Coupé juste avant 9h. \
             Il a été rétabli après 11h de panne.",
            "2024-03-05T12:00",
        );
        assert_eq!(
            values(&p),
            vec!["2024-03-05T11:00:00+01:00", "2024-03-05T09:00:00+01:00"]
        );
        assert_eq!(durations(&p), vec!["11h"]);
    }

    #[test]
    fn day_first_and_h_clock() {
        let p = run("fr", "Le 12/11/2024 à 8h37 : panne. vers 10h20 : bascule.");
        let v = values(&p);
        assert_eq!(v[0], "2024-11-12T08:37:00+01:00");
        assert!(p
            .times
            .iter()
            .any(|t| t.approximate && t.quote == "vers 10h20"));
    }

    #[test]
    fn plus_de_six_heures_is_a_length_not_six_o_clock() {
        // "de" cues "de 14 heures à 16 heures", but after "plus" it counts hours
        let p = run_ref(
            "fr",
            "La panne aura duré plus de six heures. Il aura fallu plus de 24 heures. \
             Rétabli vers 9 heures.",
            "2021-06-03T12:00",
        );
        assert_eq!(durations(&p), vec!["6h", "1d"]);
        let v = values(&p);
        assert_eq!(v.len(), 1, "{v:?}");
        assert!(v[0].starts_with("2021-06-03T09:00:00"), "{v:?}");
    }

    #[test]
    fn an_outage_noun_with_its_indefinite_article_before_de_and_hours_makes_a_length() {
        // "un arrêt de 3 heures", "une attente de 2 heures": lengths; "la panne de 14 heures"
        // (the 14:00 outage) stays a clock
        let p = run_ref(
            "fr",
            "Un arrêt de 3 heures a surpris. Une attente de 2 heures a suivi. La panne de 14 heures a touché les clients.",
            "2014-10-08T18:00",
        );
        assert_eq!(durations(&p), vec!["3h", "2h"]);
        assert_eq!(values(&p), vec!["2014-10-08T14:00:00+02:00"]);
    }

    #[test]
    fn an_h_form_after_a_length_marker_is_a_length() {
        // "plus de 24h", "pendant 2h30": lengths; "à 14h30", "de 14h à 16h": clocks
        let p = run_ref(
            "fr",
            "La panne a duré plus de 24h. Une bascule pendant 2h30. Rétabli à 14h30.",
            "2021-06-03T12:00",
        );
        assert_eq!(durations(&p), vec!["1d", "2h30m"]);
        assert_eq!(values(&p), vec!["2021-06-03T14:30:00+02:00"]);
        let p = run_ref(
            "pt",
            "A falha durou por 2h30. O serviço voltou às 14h30.",
            "2021-06-03T12:00",
        );
        assert_eq!(durations(&p), vec!["2h30m"]);
        assert_eq!(values(&p), vec!["2021-06-03T14:30:00-03:00"]);
    }

    #[test]
    fn toutes_les_30_secondes_is_a_frequency() {
        assert!(run("fr", "sondes toutes les 30 secondes")
            .durations
            .is_empty());
    }

    #[test]
    fn one_h_thirty_is_ninety_minutes() {
        assert_eq!(
            durations(&run("fr", "la bascule a pris 1 h 30.")),
            vec!["1h30m"]
        );
    }

    #[test]
    fn le_lendemain_counts_from_the_day_told_not_from_the_page() {
        let p = run_ref(
            "fr",
            "Le 3 mars à 23h, la panne commence. Le lendemain à 2h, le service revient.",
            "2022-10-16T09:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2022-03-04T02:00:00+01:00".to_string()),
            "{v:?}"
        );
    }

    #[test]
    fn an_hour_word_after_a_clock_and_a_connector_ends_the_range() {
        // "entre 10h15 et 13 heures": 13:00, not a length of 13 hours
        let p = run_ref(
            "fr",
            "Un raté survenu entre 10h15 et 13 heures a bloqué les paiements.",
            "2024-03-05T09:00",
        );
        assert_eq!(
            values(&p),
            vec![
                "2024-03-05T10:15:00+01:00".to_string(),
                "2024-03-05T13:00:00+01:00".to_string()
            ]
        );
        assert!(p.durations.is_empty(), "{:?}", durations(&p));
        // a bare number before the connector is not a clock: "entre 2 et 3 heures" is no range
        let p = run("fr", "La panne a duré entre 2 et 3 heures.");
        assert!(
            p.times.iter().all(|t| t.kind != TimeKind::Range),
            "{:?}",
            values(&p)
        );
    }

    #[test]
    fn a_spaced_h_clock_is_a_time_but_a_length_after_its_marker() {
        // French print writes "16 h 45": a clock, unless a length's word stands before it
        let p = run_ref(
            "fr",
            "De nouveau opérationnel depuis 16 h 45. Une panne de 3 h, d'une durée de 2 h 15.",
            "2023-01-17T12:00",
        );
        assert_eq!(values(&p), vec!["2023-01-17T16:45:00+01:00"]);
        assert_eq!(durations(&p), vec!["3h", "2h15m"]);
    }
}

mod es {
    use super::*;

    #[test]
    fn y_media_and_menos_cuarto_move_the_hour() {
        assert_eq!(only_clock("es", "a las nueve y media").0, "09:30");
        assert_eq!(only_clock("es", "a las diez menos cuarto").0, "09:45");
    }

    #[test]
    fn an_h_form_hour_after_a_clock_cue_is_a_time_and_after_a_length_word_a_length() {
        let p = run_ref("es", "La red se cayó pasadas las 23h.", "2024-03-14T00:00");
        assert_eq!(values(&p), vec!["2024-03-14T23:00:00+01:00"]);
        assert!(durations(&p).is_empty(), "{:?}", durations(&p));
        let p = run_ref("es", "La caída duró 2h.", "2024-03-14T00:00");
        assert_eq!(durations(&p), vec!["2h"]);
    }

    #[test]
    fn a_relative_day_after_a_range_dates_both_ends() {
        let p = run_ref(
            "es",
            "entre las 14:00 y las 16:00 de ayer",
            "2024-03-14T00:00",
        );
        assert_eq!(
            values(&p),
            vec!["2024-03-13T14:00:00+01:00", "2024-03-13T16:00:00+01:00"]
        );
    }

    #[test]
    fn twelve_in_the_morning_is_noon_and_twelve_at_night_midnight() {
        // "de la mañana" names the part of the day, which runs until lunch: "las 12:14 de la
        // mañana" is 12:14; "las 12 de la noche" is midnight, "las nueve de la noche" 21:00,
        // and a range's start before a night end takes the evening ("entre las seis y las
        // nueve de la noche" is 18:00 to 21:00)
        assert_eq!(
            only_clock("es", "A las 12:14 de la mañana publicó un tuit.").0,
            "12:14"
        );
        assert_eq!(only_clock("es", "hasta las 12 de la noche").0, "00:00");
        assert_eq!(only_clock("es", "hasta las nueve de la noche").0, "21:00");
        let p = run_ref(
            "es",
            "entre las seis y las nueve de la noche.",
            "1991-07-12T18:00",
        );
        assert_eq!(
            values(&p),
            vec!["1991-07-12T18:00:00+02:00", "1991-07-12T21:00:00+02:00"]
        );
        assert_eq!(only_clock("pt", "às 11 da noite").0, "23:00");
    }

    #[test]
    fn ayer_written_after_each_clock_dates_both() {
        // "a las 10 de la mañana de ayer y … 14:30 horas de ayer": both yesterday, the second
        // not rolled to the page's day by the first
        let p = run_ref(
            "es",
            "El servicio dejó de funcionar a las 10 de la mañana de ayer y se restableció pasadas las 14:30 horas de ayer.",
            "2023-05-10T12:00",
        );
        let v = values(&p);
        for want in ["2023-05-09T10:00:00+02:00", "2023-05-09T14:30:00+02:00"] {
            assert!(v.contains(&want.to_string()), "{want} not in {v:?}");
        }
    }

    #[test]
    fn p_m_with_spaces_and_alrededor() {
        let p = run(
            "es",
            "El 04/09/2025 de 2:55 p. m. a 5:20 p. m.; alrededor de las 4:00 p. m.",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2025-09-04T14:55:00+02:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2025-09-04T17:20:00+02:00".to_string()),
            "{v:?}"
        );
        assert!(p.times.iter().any(|t| t.approximate));
    }

    #[test]
    fn cuarenta_y_cinco_minutos() {
        assert_eq!(durations(&run("es", "durante 45 minutos")), vec!["45m"]);
    }

    #[test]
    fn that_morning_is_no_tomorrow_and_yesterday_dates_the_clocks_after_it() {
        // "esa mañana" is a part of the day; "mañana" alone is tomorrow
        let p = run_ref(
            "es",
            "La avería dejó ayer sin servicio a la comarca. Se suspendieron los juicios señalados \
             para esa mañana. A las seis de la tarde el servicio seguía sin restaurarse.",
            "2021-11-10T12:00",
        );
        let v = values(&p);
        assert!(!v.iter().any(|x| x.starts_with("2021-11-11")), "{v:?}");
        assert!(
            v.contains(&"2021-11-09T18:00:00+01:00".to_string()),
            "{v:?}"
        );
    }
}

mod pt {
    use super::*;

    #[test]
    fn a_day_alone_after_the_clock_and_a_range_start_that_borrows_the_ends_month() {
        // "desde as 13h45, do dia 25 até as 15h05 do dia 26/11": the start's day follows its
        // clock, and its month is the end's
        let p = run_ref(
            "pt",
            "O sistema funcionou com instabilidades desde as 13h45, do dia 25 até as 15h05 do dia 26/11.",
            "2015-12-02T12:00",
        );
        assert_eq!(
            values(&p),
            vec!["2015-11-25T13:45:00-02:00", "2015-11-26T15:05:00-02:00"]
        );
        // without a month of the page to anchor on, the end's month still holds
        let p = run_ref(
            "pt",
            "Instabilidades desde as 13h45, do dia 25 até as 15h05 do dia 26/11.",
            "2015-12-28T12:00",
        );
        assert_eq!(
            values(&p),
            vec!["2015-11-25T13:45:00-02:00", "2015-11-26T15:05:00-02:00"]
        );
    }

    #[test]
    fn pelo_horario_de_brasilia_states_the_zone() {
        // "às 15h (pelo horário de Brasília)": the zone is stated, not inferred from the language
        for text in [
            "A queda começou às 15h pelo horário de Brasília.",
            "A queda começou às 15h (pelo horário de Brasília).",
        ] {
            let p = run_ref("pt", text, "2025-11-18T20:00");
            assert_eq!(
                p.times[0].zone.as_deref(),
                Some("America/Sao_Paulo"),
                "{text}"
            );
            assert!(p.times[0].quote.ends_with("Brasília") || p.times[0].quote.ends_with(')'));
        }
    }

    #[test]
    fn a_weekday_after_the_clock_with_dessa_or_nesta_gives_its_day() {
        // "por volta das 15h dessa quarta-feira" on a page of Thursday 24 January: the
        // Wednesday before (Brazilian news writes all four joiners)
        for this in ["dessa", "desta", "nessa", "nesta"] {
            let text = format!("A pane aconteceu por volta das 15h {this} quarta-feira.");
            let p = run_ref("pt", &text, "2013-01-24T12:00");
            assert_eq!(values(&p)[0], "2013-01-23T15:00:00-02:00", "{text}");
        }
    }

    #[test]
    fn e_meia_moves_the_hour() {
        assert_eq!(only_clock("pt", "por volta das 9 e meia").0, "09:30");
    }

    #[test]
    fn pelas_before_an_h_form_hour_makes_it_a_time() {
        let p = run_ref(
            "pt",
            "O prazo começou a contar pelas 23h.",
            "2018-08-12T00:00",
        );
        assert_eq!(values(&p), vec!["2018-08-12T23:00:00-03:00"]);
        assert!(durations(&p).is_empty(), "{:?}", durations(&p));
    }

    #[test]
    fn the_weekday_of_the_page_week_outranks_earlier_outages_and_later_posts() {
        // "neste sábado (17)" on a page of 17 February: the story's day, not the earlier
        // outages of "8 de fevereiro" and "9 de janeiro" told for context
        let p = run_ref(
            "pt",
            "Roraima passou neste sábado (17) pelo quarto apagão. A instabilidade começou por volta das 11h. A anterior tinha sido no dia 8 de fevereiro. Antes disso, no dia 9 de janeiro, o estado ficou uma hora sem internet.",
            "2024-02-17T18:00",
        );
        assert_eq!(
            p.anchor_date.map(|d| d.to_string()).as_deref(),
            Some("2024-02-17")
        );
        // "15h30 desta segunda-feira (10)": the clock takes the weekday after it, and a
        // "recent posts" date years after the page's own is no incident day
        let p = run_ref(
            "pt",
            "Os estados ficaram sem internet desde às 15h30 desta segunda-feira (10), e o sistema só voltou por volta das 22h30. Recent Posts 25/04/2024",
            "2012-09-11T08:00",
        );
        let v = values(&p);
        for want in ["2012-09-10T15:30:00-03:00", "2012-09-10T22:30:00-03:00"] {
            assert!(v.contains(&want.to_string()), "{want} not in {v:?}");
        }
    }

    #[test]
    fn tres_da_tarde_is_fifteen() {
        let p = run("pt", "Em 07/10/2025 às 3 da tarde");
        assert_eq!(values(&p), vec!["2025-10-07T15:00:00-03:00"]);
    }

    #[test]
    fn por_volta_de_is_approximate() {
        let p = run("pt", "Em 07/10/2025, por volta de 12h20 escalamos");
        assert!(p
            .times
            .iter()
            .any(|t| t.approximate && t.quote == "por volta de 12h20"));
    }

    #[test]
    fn a_written_date_and_a_weekday_that_disagree_are_flagged() {
        let p = run("pt", "Data: 15/04/2022, segunda-feira");
        assert!(
            p.warnings
                .iter()
                .any(|w| w.contains("15/04/2022") && w.contains("Friday")),
            "{:?}",
            p.warnings
        );
        assert!(run("pt", "Data: 15/09/2025, segunda-feira")
            .warnings
            .iter()
            .all(|w| !w.contains("weekday")));
    }
    #[test]
    fn a_clock_in_the_clause_of_a_day_written_just_before_is_on_that_day() {
        let p = run_ref(
            "pt",
            "A falha começou na quinta-feira à noite, às 22h.",
            "2024-03-09T12:00",
        );
        assert!(
            values(&p).contains(&"2024-03-07T22:00:00-03:00".to_string()),
            "{:?}",
            values(&p)
        );
        // the day named last goes on dating the clocks after it, across sentences, until a
        // time writes its own day
        let p = run_ref(
            "pt",
            "Na quinta-feira houve manutenção. Às 22h o serviço caiu. Em 8 de março, às 9h, voltou.",
            "2024-03-09T12:00",
        );
        let v = values(&p);
        assert!(
            v.contains(&"2024-03-07T22:00:00-03:00".to_string()),
            "{v:?}"
        );
        assert!(
            v.contains(&"2024-03-08T09:00:00-03:00".to_string()),
            "{v:?}"
        );
    }
}

mod bad_input {
    use super::*;

    #[test]
    fn empty_binary_and_long_lines_do_not_panic() {
        for text in [
            String::new(),
            "\u{0}\u{1}\u{fffd}\u{fffd}".to_string(),
            "12:34 ".repeat(20_000),
            "오후 3시 반 약 55분 ".repeat(2_000),
        ] {
            let p = run("en", &text);
            let chars: Vec<char> = text.chars().collect();
            for t in &p.times {
                let q: String = chars[t.start..t.end].iter().collect();
                assert_eq!(q, t.quote);
            }
        }
    }

    #[test]
    fn detection_picks_the_script() {
        let p = parse(
            "2025년 1월 18일 오후 3시 반",
            lexicons(),
            &ParseOptions::default(),
        );
        assert_eq!(p.lang, "ko");
    }
}

mod options {
    use super::*;

    #[test]
    fn fallback_zone_is_inferred_but_a_statement_wins() {
        let opts = ParseOptions {
            lang: Some("en".into()),
            fallback_tz: Some("Europe/London".into()),
            ..Default::default()
        };
        let p = parse("2025-06-01 10:00 outage", lexicons(), &opts);
        assert_eq!(p.zone.how, ZoneHow::Inferred);
        assert_eq!(p.times[0].value.unwrap().iso(), "2025-06-01T10:00:00+01:00");
        let p = parse(
            "All times in UTC. 2025-06-01 10:00 outage",
            lexicons(),
            &opts,
        );
        assert_eq!(p.zone.how, ZoneHow::Stated);
    }
}

mod en_rates {
    use super::*;

    #[test]
    fn count_noun_an_hour_is_a_rate_but_an_hour_is_a_duration() {
        assert!(run("en", "We saw 10,000 requests an hour.")
            .durations
            .is_empty());
        assert_eq!(durations(&run("en", "It took an hour.")), vec!["1h"]);
    }

    #[test]
    fn hyphenated_adjective_durations() {
        assert_eq!(durations(&run("en", "a 30-second timeout")), vec!["30s"]);
    }
}

mod false_friends {
    use super::*;

    #[test]
    fn versions_addresses_and_ratios_are_not_times() {
        let p = run(
            "en",
            "We deployed v1.2.10 to 10.0.0.12:8080; error ratio 3:1; HTTP 503 for 5% of users.",
        );
        assert!(p.times.is_empty(), "{:?}", values(&p));
    }

    #[test]
    fn dash_between_clocks_is_a_range_not_an_offset() {
        let p = run("en", "2025-03-04: 06:00-07:30 PT");
        let r = p.times.last().unwrap();
        assert_eq!(r.kind, TimeKind::Range);
        assert_eq!(r.value.unwrap().iso(), "2025-03-04T06:00:00-08:00");
        assert_eq!(r.end_value.unwrap().iso(), "2025-03-04T07:30:00-08:00");
    }

    #[test]
    fn iso_offsets_stay_offsets() {
        let p = run("en", "2024-11-12T09:08:00-05:00 and 13:00 (+0530)");
        let v = values(&p);
        assert_eq!(v[0], "2024-11-12T09:08:00-05:00");
        assert_eq!(v[1], "2024-11-12T13:00:00+05:30");
    }
}

mod mixed {
    use super::*;

    #[test]
    fn english_stamps_inside_a_korean_page_are_read() {
        let p = run("ko", "게시 Mar 04, 2025 - 16:30 UTC. 오후 3시 반에 복구.");
        let v = values(&p);
        assert!(
            v.contains(&"2025-03-04T16:30:00+00:00".to_string()),
            "{v:?}"
        );
        assert!(v.iter().any(|x| x.starts_with("2025-03-04T15:30")), "{v:?}");
    }
}

mod next_day_after_the_clock {
    use super::*;

    #[test]
    fn a_next_day_word_after_the_clock_moves_it_and_names_that_day() {
        // "08:00 the following morning … 13:39 later that day": both on the 12th
        let p = run_ref(
            "en",
            "The fault began on 11 July 2012 at 13:30, with 2G restored at 08:00 the following morning and 3G back by 13:39 later that day.",
            "2012-07-13T00:00",
        );
        assert_eq!(
            values(&p),
            vec![
                "2012-07-11T13:30:00".to_string(),
                "2012-07-12T08:00:00".to_string(),
                "2012-07-12T13:39:00".to_string()
            ]
        );
        let p = run_ref(
            "de",
            "Um 8 Uhr am nächsten Morgen lief alles wieder.",
            "2024-01-10T00:00",
        );
        assert_eq!(values(&p), vec!["2024-01-11T08:00:00+01:00".to_string()]);
    }
}

mod bracketed_weekday {
    use super::*;

    #[test]
    fn a_weekday_in_brackets_does_not_part_a_date_from_its_part_of_the_day() {
        // notices write "11월 27일(목) 오후 ~ 12월 1일(월) 오후"
        let p = run_ref("ko", "기간 : 11월 27일(목) 오후", "2025-12-01T00:00");
        assert_eq!(
            values(&p),
            vec![
                "2025-11-27T12:00:00".to_string(),
                "2025-11-27T16:00:00".to_string()
            ]
        );
    }
}

mod short_weekdays {
    use super::*;

    #[test]
    fn a_short_weekday_alone_counts_only_as_dates_write_it() {
        // "so dass" is "so that", not Sunday; "the sun" and "sat down" are words
        let p = run_ref(
            "de",
            "so dass die Lichter gegen 15.30 Uhr wieder angingen",
            "2019-02-13T00:00",
        );
        assert_eq!(values(&p), vec!["2019-02-13T15:30:00+01:00".to_string()]);
        let p = run_ref(
            "en",
            "we sat down under the sun at 15:30",
            "2019-02-13T00:00",
        );
        assert_eq!(values(&p), vec!["2019-02-13T15:30:00".to_string()]);
        // written as dates write it, a short form is a weekday: "Sa., 16:00" is Saturday
        let p = run_ref("de", "Sa., 16:00 Uhr", "2019-02-13T00:00");
        assert!(
            values(&p).contains(&"2019-02-09T16:00:00+01:00".to_string()),
            "{:?}",
            values(&p)
        );
    }
}

mod place_time {
    use super::*;

    #[test]
    fn a_places_local_time_is_that_places_zone() {
        // "London time", "倫敦時間", "뉴욕 시간": a place of [places] in a local-time form
        let p = run_ref(
            "en",
            "The site failed at 13:50 London time.",
            "2024-06-10T00:00",
        );
        assert_eq!(values(&p), vec!["2024-06-10T13:50:00+01:00".to_string()]);
        let p = run_ref(
            "zh",
            "截至倫敦時間下午1時50分左右，用戶無法訪問。",
            "2024-01-10T00:00",
        );
        assert_eq!(values(&p), vec!["2024-01-10T13:50:00+00:00".to_string()]);
        let p = run_ref(
            "ko",
            "뉴욕 시간 오후 3시부터 접속이 끊겼다.",
            "2024-01-10T00:00",
        );
        assert_eq!(values(&p), vec!["2024-01-10T15:00:00-05:00".to_string()]);
    }
}

mod multi_day {
    use super::*;

    #[test]
    fn rows_under_day_headings_take_the_heading_date() {
        let p = run(
            "en",
            "All times UTC.\n## March 3, 2025\n22:00 deploy\n23:30 alert\n## March 4, 2025\n00:30 rollback\n09:00 fixed\n## March 5, 2025\n10:00 closed\n",
        );
        let v = values(&p);
        for want in [
            "2025-03-03T22:00:00+00:00",
            "2025-03-04T00:30:00+00:00",
            "2025-03-04T09:00:00+00:00",
            "2025-03-05T10:00:00+00:00",
        ] {
            assert!(v.contains(&want.to_string()), "{want} not in {v:?}");
        }
    }
}

mod minute_ranges {
    use super::*;

    #[test]
    fn one_hour_with_a_range_of_minutes_is_a_range_in_its_half_of_the_day() {
        for (lang, text, from, to) in [
            (
                "ko",
                "2023년 5월 31일 오후 6시 43~48분 접속 장애",
                "18:43",
                "18:48",
            ),
            ("ja", "2023年5月31日午前6時43～48分に障害", "06:43", "06:48"),
            ("zh", "2023年5月31日6点43~48分出现故障", "06:43", "06:48"),
        ] {
            let p = run(lang, text);
            let t = p
                .times
                .iter()
                .find(|t| t.end_value.is_some())
                .unwrap_or_else(|| panic!("{lang}: no range in {:?}", values(&p)));
            let v = t.value.unwrap().iso();
            let e = t.end_value.unwrap().iso();
            assert!(v.contains(&format!("T{from}")), "{lang}: {v}");
            assert!(e.contains(&format!("T{to}")), "{lang}: {e}");
        }
    }
}

mod length_before_a_time {
    use super::*;

    #[test]
    fn a_length_leading_to_a_written_time_is_a_length_and_alone_it_is_an_offset() {
        let p = run("ja", "2025年9月16日、およそ50分後の午後4時36分に復旧した。");
        assert!(
            p.durations.iter().any(|d| d.value.to_string() == "50m"),
            "{:?}",
            p.durations
        );
        let alone = run("ja", "2025年9月16日午後3時に障害。5分後に再起動した。");
        assert!(
            alone.durations.iter().all(|d| d.value.to_string() != "5m"),
            "'5分後に' alone is an offset, not a length: {:?}",
            alone.durations
        );
    }
}

mod previous_day {
    use super::*;

    #[test]
    fn the_day_before_counts_back_from_the_day_the_story_wrote_not_the_pages() {
        // a report dated the 3rd whose lead writes "4일": its "전날" is the 3rd, twice over,
        // and its "이날" the 4th
        let p = run_ref(
            "ko",
            "4일 업계에 따르면 전날 오후 11시쯤부터 접속이 원활하지 않다가 이날 오전 1시를 넘기며 풀렸다.",
            "2024-12-03T20:00",
        );
        assert_eq!(
            values(&p),
            [
                "2024-12-04",
                "2024-12-03T23:00:00+09:00",
                "2024-12-04T01:00:00+09:00"
            ]
        );
        // "어제" (yesterday) stays the page's
        let p = run_ref("ko", "어제 오후 11시쯤 장애가 났다.", "2024-12-03T20:00");
        assert_eq!(values(&p), ["2024-12-02T23:00:00+09:00"]);
        // "la veille" is the day before the day written
        let p = run_ref(
            "fr",
            "Le 5 mars, le service est revenu. La veille à 22h, la panne avait commencé.",
            "2024-03-10T12:00",
        );
        assert!(
            values(&p).contains(&"2024-03-04T22:00:00+01:00".to_string()),
            "{:?}",
            values(&p)
        );
    }
}

mod holidays {
    use super::*;

    #[test]
    fn a_holiday_on_a_fixed_day_is_that_date_and_takes_the_clock_after_it() {
        // "on Christmas Eve shortly after 7 a.m. EST", "an Heiligabend gegen 19 Uhr", "元旦当天
        // 上午10点", "le jour de l'an vers 9h": the calendar's named day, in the page's year
        for (lang, text, want) in [
            (
                "en",
                "Flights were halted on Christmas Eve shortly after 7 a.m. EST.",
                "2024-12-24T07:00:00-05:00",
            ),
            (
                "de",
                "Am Heiligabend gegen 19 Uhr fiel das Netz aus.",
                "2024-12-24T19:00:00+01:00",
            ),
            (
                "zh",
                "元旦当天上午10点，系统瘫痪。",
                "2024-01-01T10:00:00+08:00",
            ),
            (
                "fr",
                "Le jour de l'an vers 9h, le site est tombé.",
                "2024-01-01T09:00:00+01:00",
            ),
        ] {
            let p = run_ref(lang, text, "2024-12-30T12:00");
            let v = values(&p);
            assert!(v.iter().any(|x| x == want), "{lang}: {text}: {v:?}");
        }
    }
}
