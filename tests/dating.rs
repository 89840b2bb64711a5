//! Dating on real-looking pages: the year from the URL, wall-clock times without a date, a zone
//! inferred from the URL's country or a dateline (flagged), and the evidence for each.
mod common;
use common::{run, stderr, stdout};
use serde_json::Value;

fn draft(fixture: &str, url: Option<&str>) -> Value {
    let path = common::root().join("tests/fixtures/dating").join(fixture);
    let mut args = vec![
        "draft",
        "--json",
        "--now",
        "2026-11-30T00:00:00Z",
        path.to_str().unwrap(),
    ];
    if let Some(u) = url {
        args.extend(["--url", u]);
    }
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)))
}

/// The quotes of the draft's events, in order.
fn event_quotes(v: &Value) -> Vec<String> {
    v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["quote"].as_str().unwrap_or("").to_string())
        .collect()
}

/// No event's quote holds `needle` (a stamp, a deadline, a quoted message is no event).
fn assert_no_event_quoting(v: &Value, needle: &str) {
    let quotes = event_quotes(v);
    assert!(
        !quotes.iter().any(|q| q.contains(needle)),
        "{needle:?} is quoted by an event: {quotes:?}"
    );
}

fn warnings(v: &Value) -> Vec<String> {
    v["review"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn wall_times_without_a_date_still_give_detection_and_resolution() {
    let v = draft(
        "wall-times.txt",
        Some("https://status.example.com/incidents/x1"),
    );
    assert_eq!(v["case"]["date"], "", "no date was given, none is invented");
    assert_eq!(v["review"]["window"]["start"], Value::Null);
    // 22:40 → 01:15 across midnight
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h35m");
    assert_eq!(v["case"]["timeline"]["detected_after"], "12m");
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert_eq!(
        at,
        ["22:40:00", "22:52:00", "01:15:00"],
        "events keep their wall times"
    );
    assert!(
        warnings(&v).iter().any(|w| w.contains("no date or year")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn the_year_comes_from_the_url_and_is_cited() {
    let v = draft(
        "year-in-url.txt",
        Some("https://blog.example.com/2019/03/05/payments-outage"),
    );
    assert_eq!(v["case"]["date"], "2019-03-03");
    assert_window(&v, "2019-03-03T14:05:00+00:00", "2019-03-03T15:40:00+00:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h35m");
    assert_eq!(v["case"]["timeline"]["detected_after"], "15m");
    let f = &v["review"]["fields"]["date.reference"];
    assert_eq!(f["rule"], "a date in the page's URL", "{f}");
}

#[test]
fn a_dateline_place_gives_an_inferred_zone_and_prose_order_does_not_move_the_start() {
    let v = draft(
        "dateline.txt",
        Some("https://news.example.com/2024/04/23/bank-glitch.html"),
    );
    let z = &v["review"]["timezone"];
    assert_eq!(z["zone"], "Asia/Tokyo");
    assert_eq!(z["how"], "inferred");
    assert_eq!(v["review"]["fields"]["timezone"]["quote"], "Tokyo");
    assert_window(&v, "2024-04-23T08:40:00+09:00", "2024-04-23T22:00:00+09:00");
    assert!(warnings(&v)
        .iter()
        .any(|w| w.contains("inferred") && w.contains("Tokyo")));
}

#[test]
fn a_country_domain_beats_the_language_default_and_is_flagged() {
    // Spanish on .cl is Santiago, not Madrid.
    let v = draft(
        "es-cl.txt",
        Some("https://www.example.cl/noticias/2018-03-26/caida.html"),
    );
    let z = &v["review"]["timezone"];
    assert_eq!(z["zone"], "America/Santiago");
    assert_eq!(z["how"], "inferred");
    assert_eq!(
        v["review"]["fields"]["timezone"]["rule"],
        "the URL's country domain"
    );
    assert_eq!(v["case"]["date"], "2018-03-26");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "55m");
    let warns = warnings(&v);
    assert_eq!(
        warns.iter().filter(|w| w.contains("time zone")).count(),
        1,
        "the zone guess is said once: {warns:?}"
    );
}

fn first_value(lang: &str, text: &str) -> Option<String> {
    let out = run(&[
        "times",
        "--lang",
        lang,
        "--ref",
        "2024-05-10T12:00:00",
        "--tz",
        "UTC",
        "--json",
        text,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["times"][0]["value"].as_str().map(str::to_string)
}

#[test]
fn dates_as_notices_write_them() {
    // a two-digit year after an apostrophe is year-first
    assert_eq!(
        first_value("ko", "'21.03.06(토) 14:00").as_deref(),
        Some("2021-03-06T14:00:00+00:00")
    );
    // a day and month without a year take the page's year when a weekday note or clock follows
    assert_eq!(
        first_value("ko", "5/2(목) 14시").as_deref(),
        Some("2024-05-02T14:00:00+00:00")
    );
    // … unless the weekday written in brackets falls on that day only in the year before
    assert_eq!(
        first_value("ko", "5/2(화) 14시").as_deref(),
        Some("2023-05-02T14:00:00+00:00")
    );
    assert_eq!(
        first_value("fr", "le 14/3 09:10").as_deref(),
        Some("2024-03-14T09:10:00+00:00")
    );
    // alone they are a fraction and a number
    assert_eq!(first_value("en", "1/2 of users"), None);
    assert_eq!(first_value("en", "version 3.27 was released"), None);
    // a weekday without a date is the latest such day on or before the reference (a Friday)
    assert_eq!(
        first_value("en", "Monday 5:00pm").as_deref(),
        Some("2024-05-06T17:00:00+00:00")
    );
    // a range's end keeps its own day
    let out = run(&[
        "times",
        "--lang",
        "ja",
        "--ref",
        "2024-05-10T12:00:00",
        "--tz",
        "UTC",
        "--json",
        "3月9日午後10時から11日午前6時まで",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["times"][0]["end_value"], "2024-03-11T06:00:00+00:00");
}

fn assert_window(v: &Value, start: &str, end: &str) {
    assert_eq!(v["review"]["window"]["start"], start, "window start");
    assert_eq!(v["review"]["window"]["end"], end, "window end");
}

fn fields(v: &Value) -> &Value {
    &v["review"]["fields"]
}

#[test]
fn a_local_time_paired_with_gmt_fixes_the_page_offset() {
    let v = draft(
        "paired-local-gmt.txt",
        Some("https://noticias.example.com/2021/02/01/corte-de-internet/"),
    );
    assert_window(&v, "2021-02-01T09:15:00-03:00", "2021-02-01T11:40:00-03:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h25m");
    assert_eq!(
        fields(&v)["timezone"]["rule"],
        "a local time paired with its time in another zone"
    );
    assert_eq!(
        v["review"]["events"].as_array().unwrap().len(),
        2,
        "a time and its GMT twin are one event"
    );
}

#[test]
fn pst_written_in_summer_is_read_as_pacific_local_time_with_a_warning() {
    let v = draft("pst-in-summer.txt", None);
    assert_window(&v, "2021-07-14T09:05:00-07:00", "2021-07-14T09:47:00-07:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "6m");
    assert!(
        warnings(&v)
            .iter()
            .any(|w| w.contains("standard-time abbreviation (PST)")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn several_periods_in_the_summary_give_their_union_with_a_warning() {
    let v = draft(
        "several-periods.txt",
        Some("https://support.example.com/2022/06/postmortem"),
    );
    assert_window(&v, "2022-06-03T02:00:00-04:00", "2022-06-03T10:05:00-04:00");
    assert!(
        warnings(&v)
            .iter()
            .any(|w| w.contains("several impact periods")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn time_only_rows_read_the_line_below_and_a_byline_is_not_an_event() {
    let v = draft("time-rows-and-byline.txt", None);
    // "Tuesday" is the latest Tuesday on or before the byline's day (Wed 2023-03-08)
    assert_window(&v, "2023-03-07T01:10:00+00:00", "2023-03-07T03:40:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "15m");
    let quotes = event_quotes(&v);
    assert!(
        !quotes.iter().any(|q| q.contains("09:30")),
        "the byline's stamp is when the page was written: {quotes:?}"
    );
}

#[test]
fn an_evening_time_told_after_the_morning_one_is_the_evening_before() {
    let v = draft(
        "night-told-backwards.txt",
        Some("https://actu.example.fr/2023/05/17/panne-reseau-fixe"),
    );
    assert_window(&v, "2023-05-16T22:40:00+02:00", "2023-05-17T01:05:00+02:00");
    assert_eq!(v["case"]["date"], "2023-05-16");
}

#[test]
fn titled_day_headings_date_their_rows_and_a_long_silence_ends_the_episode() {
    let v = draft("two-reports.txt", None);
    assert_eq!(v["review"]["window"]["start"], "2024-03-04T09:10:00+01:00");
    assert_eq!(
        v["review"]["window"]["end"], "2024-03-04T10:05:00+01:00",
        "the second report, three days later, is another incident"
    );
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert!(at.contains(&"2024-03-07T21:30:00+01:00"), "{at:?}");
}

#[test]
fn an_event_word_negated_after_it_does_not_start_the_window() {
    let v = draft("ko-negated-onset.txt", None);
    assert_eq!(
        v["review"]["window"]["start"], "2024-04-02T11:20:00+09:00",
        "'장애가 발생하지 않았다' at 09:00 is not the start"
    );
    assert_eq!(v["review"]["window"]["end"], "2024-04-02T13:05:00+09:00");
}

#[test]
fn an_event_word_takes_a_time_in_its_own_sentence_before_one_in_the_next() {
    let v = draft("ko-news-long-sentence.txt", None);
    assert_window(&v, "2023-11-24T13:57:00+09:00", "2023-11-24T20:40:00+09:00");
}

#[test]
fn a_recovery_word_goes_to_the_time_on_its_languages_side_in_one_long_sentence() {
    // Spanish writes the verb before its time: "se restableció … pasadas las 11:15 horas"
    let v = draft(
        "es-news-one-sentence.txt",
        Some("https://www.example.cl/noticias/2024/03/12/caida"),
    );
    assert_window(&v, "2024-03-12T08:40:00-03:00", "2024-03-12T11:15:00-03:00");
}

#[test]
fn afternoon_zero_hour_is_just_after_noon() {
    // 午後0時20分 is 12:20; it used to fall apart into "afternoon" and a 20-minute length
    let v = draft("ja-notice-noon-hour.txt", None);
    assert_window(&v, "2024-06-03T10:45:00+09:00", "2024-06-03T12:20:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h35m");
}

#[test]
fn a_korean_verb_ending_closes_its_clause_and_a_stated_length_finds_the_late_recovery() {
    // "차단기 고장이 발생하여 13시 10분에 …": 13:10 belongs to the next clause, so the start is
    // 09:41; "73시간 20분이 소요" from it lands on "28일 11시경 정상화", three days of silence later
    let v = draft(
        "ko-verb-closes-clause.txt",
        Some("https://notice.example.kr/board/view?id=812"),
    );
    assert_window(&v, "2023-02-25T09:41:00+09:00", "2023-02-28T11:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "3d1h20m");
}

#[test]
fn hours_until_an_apology_are_not_the_outage_length() {
    // "4시간여 만에 사과" is when the bank apologised; the recovery is "19시 15분경 … 복구를 완료"
    let v = draft(
        "ko-apology-after-hours.txt",
        Some("https://news.example.co.kr/view/12345"),
    );
    assert_window(&v, "2021-06-11T18:00:00+09:00", "2021-06-11T19:15:00+09:00");
}

#[test]
fn a_short_news_items_byline_is_not_an_event_and_its_day_named_in_prose_dates_it() {
    let v = draft(
        "ko-short-news-byline.txt",
        Some("https://news.example.co.kr/view/5550"),
    );
    assert!(
        v["review"]["events"].as_array().unwrap().is_empty(),
        "the byline's 16:28 is when the item was written: {}",
        v["review"]["events"]
    );
    assert_eq!(v["case"]["date"], "2022-10-15");
}

#[test]
fn a_notice_signed_with_a_han_numeral_date_is_dated() {
    let v = draft("zh-notice-han-numeral-date.txt", None);
    assert_window(&v, "2023-06-03T10:05:00+08:00", "2023-06-03T11:40:00+08:00");
    assert_eq!(v["case"]["date"], "2023-06-03");
}

#[test]
fn time_only_rows_stay_on_the_day_of_the_row_before_not_the_bylines_day() {
    // a byline dated the 23rd names the most-weighted day, but "9时26分 … 11时左右 … 14时23分"
    // follow the 22nd's morning, row after row
    let v = draft(
        "zh-timeline-after-byline.txt",
        Some("https://news.example.cn/a/2013-07-23/123.html"),
    );
    assert_window(&v, "2013-07-22T07:30:00+08:00", "2013-07-22T14:23:00+08:00");
}

#[test]
fn times_of_an_earlier_outage_mentioned_for_context_are_not_events() {
    let v = draft(
        "ko-earlier-outage-mentioned.txt",
        Some("https://news.example.co.kr/view/7001"),
    );
    assert_window(&v, "2022-10-15T15:30:00+09:00", "2022-10-15T16:40:00+09:00");
    let quotes = event_quotes(&v);
    assert!(
        !quotes.iter().any(|q| q.contains("2시")),
        "'지난 4일에도 오후 2시께 … 발생한 바 있다' is an earlier outage: {quotes:?}"
    );
}

#[test]
fn related_article_lists_do_not_date_the_page() {
    // the list's 2021-05-18 and 2021-06-30 are other stories; "13日晚11时" is the evening of
    // the 13th of the byline's month (晚 before a clock is evening), and the list's last line,
    // all Han, ends the page without harm
    let v = draft(
        "zh-related-list-dates.txt",
        Some("https://www.example.cn/tech/article/GF8M3I2T.html"),
    );
    assert_window(&v, "2021-07-13T23:00:00+08:00", "2021-07-14T02:00:00+08:00");
    assert_eq!(v["case"]["date"], "2021-07-13");
}

#[test]
fn a_weekday_dates_a_page_that_names_no_year_and_says_so() {
    use chrono::Datelike;
    let v = draft("en-weekday-no-year.txt", None);
    let date = v["case"]["date"].as_str().unwrap();
    let d = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("a date");
    assert_eq!(
        (d.month(), d.day(), d.weekday()),
        (3, 5, chrono::Weekday::Sat)
    );
    assert_eq!(
        fields(&v)["date.reference"]["rule"],
        "the weekday written with a date (the latest year it fits)"
    );
    assert!(v["review"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w.as_str().unwrap_or("").contains("names no year")));
}

#[test]
fn a_status_pages_posted_stamps_after_short_updates_are_events_not_bylines() {
    // no paragraph is long, but "This incident has been resolved." is a sentence: the stamps
    // after it are the updates' times
    let v = draft(
        "statuspage-short-updates.txt",
        Some("https://status.example.com/incidents/abc"),
    );
    assert_eq!(
        v["review"]["events"].as_array().unwrap().len(),
        2,
        "{}",
        v["review"]["events"]
    );
    assert_window(&v, "2024-03-05T10:05:00+00:00", "2024-03-05T11:40:00+00:00");
}

#[test]
fn a_wide_head_line_labelled_as_the_source_stamp_is_a_byline() {
    // "… 2019年05月08日 07时38分   来源：…" is the page's stamp, however wide: its time is no
    // event, and the story's "7日" is the day before the stamp
    let v = draft(
        "zh-wide-stamp-line.txt",
        Some("https://www.example.cn/tech/2019-05/08/content_1.htm"),
    );
    let quotes = event_quotes(&v);
    assert!(
        !quotes.iter().any(|q| q.contains("07时38分")),
        "the stamp is no event: {quotes:?}"
    );
    assert_window(&v, "2019-05-07T08:15:00+08:00", "2019-05-07T13:05:00+08:00");
}

#[test]
fn korean_more_than_a_length_is_a_lower_bound_not_the_window() {
    // "8시간 30분을 넘겨" is "past 8h30m": the outage goes on, so no end and no resolution
    let v = draft(
        "ko-more-than-length.txt",
        Some("https://news.example.kr/2019/05/08/article-1"),
    );
    assert_eq!(v["review"]["window"]["start"], "2019-05-08T15:30:00+09:00");
    assert_eq!(v["review"]["window"]["end"], Value::Null, "{}", v["review"]);
    assert_eq!(v["case"]["timeline"]["resolved_after"], Value::Null);
}

#[test]
fn a_uk_page_writes_numeric_dates_day_first_and_a_range_takes_its_ends_day() {
    // on a .co.uk page "09/10/2021" is 9 October, and in "between 6:50am and 8:15am on
    // 09/10/2021" the start takes the day written after the end
    let v = draft(
        "en-uk-day-first-notice.txt",
        Some("https://www.examplebank.co.uk/help/service-notice"),
    );
    assert_window(&v, "2021-10-09T06:50:00+01:00", "2021-10-09T08:15:00+01:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h25m");
}

#[test]
fn a_day_named_in_the_prose_dates_the_clocks_after_it() {
    // the byline is Friday 19 March; "Am Mittwochabend … Ab etwa 18 Uhr … Gegen 22.45 Uhr" is
    // Wednesday the 17th, and "etwa 18 Uhr" is a clock though "etwa" stands between cue and hour
    let v = draft(
        "de-weekday-evening-news.txt",
        Some("https://www.example.de/news/stoerung-123.html"),
    );
    assert_eq!(v["case"]["date"], "2021-03-17");
    assert_window(&v, "2021-03-17T18:00:00+01:00", "2021-03-17T22:45:00+01:00");
}

#[test]
fn a_time_when_users_still_cannot_use_it_or_recovery_is_under_way_is_no_end() {
    // "截至记者发稿时（22时），部分用户仍无法正常使用": at press time it is still down; "正在全力恢复"
    // is work in progress: the page gives no end
    let v = draft(
        "zh-still-down-at-press-time.txt",
        Some("https://www.example.com.cn/tech/a/20220903.html"),
    );
    assert_eq!(v["review"]["window"]["start"], "2022-09-03T20:00:00+08:00");
    assert_eq!(
        v["review"]["window"]["end"],
        Value::Null,
        "{}",
        v["review"]["window"]
    );
    // "were working to restore" at 09:40 is no recovery
    let v = draft("en-working-to-restore.txt", None);
    assert_eq!(v["review"]["window"]["start"], "2023-05-04T09:10:00+00:00");
    assert_eq!(
        v["review"]["window"]["end"],
        Value::Null,
        "{}",
        v["review"]["window"]
    );
}

#[test]
fn promised_and_estimated_times_are_no_events() {
    // "오후 5시까지 복구를 마칠 예정", "다음 공지는 오후 3시에 올리겠다": not yet happened
    let v = draft(
        "ko-promised-times.txt",
        Some("https://news.example.kr/2022/04/07/article-9"),
    );
    let quotes = event_quotes(&v);
    assert_eq!(quotes.len(), 1, "{quotes:?}");
    assert_eq!(v["review"]["window"]["end"], Value::Null);
}

#[test]
fn words_may_mark_the_end_when_none_mark_the_start() {
    // rows "9:12 收到反馈 … 9:20 开始排查 … 11:05 完成修复 … 15:30 发布本说明": no onset word
    // ("开始排查" begins the response, `start_not`), but the fix is named, so the end is the
    // fix and not the notice posted after it
    let v = draft("zh-rows-only-the-fix-named.txt", None);
    assert_window(&v, "2022-06-08T09:12:00+08:00", "2022-06-08T11:05:00+08:00");
}

#[test]
fn a_maintenance_announced_for_later_is_not_the_incident() {
    // "wird heute Nacht zwischen 23 und 2 Uhr … ersetzt": a plan, not an impact period
    let v = draft("de-maintenance-announced.txt", None);
    assert_window(&v, "2021-03-03T09:40:00+01:00", "2021-03-03T10:55:00+01:00");
}

#[test]
fn users_reports_are_how_an_outage_was_detected() {
    // "이용자 신고가 잇따랐고": the company learned of it from its users' reports
    let v = draft("ko-users-reported.txt", None);
    assert_eq!(v["case"]["timeline"]["detected_after"], "15m");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "50m");
}

#[test]
fn a_recovery_word_inside_a_phrase_that_says_none_is_not_read() {
    // "por volta das 14 horas" is "about 14:00", not a return; "불안정" is "unstable"
    let v = draft(
        "pt-por-volta.txt",
        Some("https://noticias.example.com.br/a/1"),
    );
    assert_window(&v, "2021-11-19T14:00:00-03:00", "2021-11-19T15:20:00-03:00");
    let v = draft("ko-unstable-is-no-recovery.txt", None);
    assert_window(&v, "2023-05-02T09:10:00+09:00", "2023-05-02T10:05:00+09:00");
}

#[test]
fn a_timeline_without_an_onset_row_leaves_the_start_to_the_summary() {
    // the onset is told in the summary ("21:40起 … 支付失败"); the 处理过程 rows hold only the
    // diagnosis and the fix: the rows cannot give the start, so the summary's time does
    let v = draft("zh-timeline-without-onset.txt", None);
    assert_window(&v, "2023-10-09T21:40:00+08:00", "2023-10-09T23:10:00+08:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h30m");
}

#[test]
fn a_start_without_recovery_words_ends_at_the_latest_time_stated_after_it() {
    // "began seeing errors" marks 2:10 PM; nothing says "resolved", but the page states 5:45 PM
    // as the moment traffic ran again: the latest time in the episode ends the window
    let v = draft("en-end-unmarked.txt", None);
    assert_window(&v, "2022-06-14T14:10:00+10:00", "2022-06-14T17:45:00+10:00");
    assert_eq!(
        v["review"]["fields"]["window.end"]["rule"],
        "latest time stated (no words mark the end)"
    );
}

#[test]
fn an_end_without_a_start_is_kept() {
    // "Durante horas … sobre las 3 de la madrugada, pudo restablecer las conexiones": the page
    // never says when it began, but it says when it was restored
    let v = draft(
        "es-end-only.txt",
        Some("https://www.example.es/tecnologia/caida-20190704_noticia.html"),
    );
    assert_eq!(v["review"]["window"]["start"], Value::Null);
    assert_eq!(v["review"]["window"]["end"], "2019-07-04T03:00:00+02:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], Value::Null);
}

#[test]
fn beginning_to_work_again_is_recovery_not_onset() {
    // "comenzaron a funcionar": "comenz-" marks onsets, but beginning to work is the recovery
    let v = draft(
        "es-began-to-work.txt",
        Some("https://www.example.cl/noticias/2020/12/14/caida-correo.shtml"),
    );
    assert_window(&v, "2020-12-14T09:15:00-03:00", "2020-12-14T11:05:00-03:00");
}

#[test]
fn the_head_line_dates_the_page_and_since_marks_the_start() {
    // "mar 14/03/2023 - 18:05" is the page's date, so "ce mardi matin" is the 14th (not the
    // Tuesday before the 13th); "privés d'Internet depuis … vers 15h" starts the impact
    let v = draft(
        "fr-byline-since.txt",
        Some("https://www.example.fr/actualite/fin-de-la-panne"),
    );
    assert_window(&v, "2023-03-13T15:00:00+01:00", "2023-03-14T09:40:00+01:00");
    assert_eq!(
        v["review"]["fields"]["date.reference"]["rule"],
        "the page's dated head line (byline)"
    );
}

#[test]
fn resumed_since_midnight_is_the_end_and_more_than_six_hours_no_clock() {
    // "tout avait repris depuis minuit": "depuis" after a recovery word is no onset; "plus de
    // six heures" is a lower bound on the length, not 06:00
    let v = draft(
        "fr-resumed-since-midnight.txt",
        Some("https://www.example.fr/actu/panne-numeros-urgence"),
    );
    assert_eq!(v["review"]["window"]["start"], Value::Null);
    assert_eq!(v["review"]["window"]["end"], "2022-02-08T00:00:00+01:00");
    assert!(event_quotes(&v).iter().all(|q| !q.contains("six heures")));
}

#[test]
fn a_stated_length_over_two_days_keeps_its_recovery_in_the_episode() {
    // "50時間以上続いていた": the silence from the 8th 02:10 to the 10th 13:20 is one incident
    // ("ほぼ回復" announced), not two reports days apart
    let v = draft(
        "ja-long-outage.txt",
        Some("https://www.example.co.jp/economy/20230410-OYT1T5/"),
    );
    assert_window(&v, "2023-04-08T02:10:00+09:00", "2023-04-10T15:00:00+09:00");
}

#[test]
fn an_undated_page_keeps_this_morning_and_the_weekday_on_one_day() {
    // no date or year anywhere: "Thursday morning" and "this morning" are the same day, so the
    // length between 3:15am and 5:05am survives
    let v = draft("en-undated-weekday.txt", None);
    assert_eq!(v["case"]["date"], "");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h50m");
}

#[test]
fn a_range_ending_in_a_standard_time_abbreviation_reads_both_ends_alike_in_summer() {
    // "ET" written in June: both ends are New York wall time (-04:00), so the length is 1h30m,
    // not an hour longer because the end kept the abbreviation's winter offset
    let v = draft("range-et-in-summer.txt", None);
    assert_window(&v, "2023-06-01T14:00:00-04:00", "2023-06-01T15:30:00-04:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h30m");
}

#[test]
fn an_abbreviation_that_names_its_season_keeps_its_offset() {
    // MST is not written all year for MDT (Arizona keeps it): 17:00 MST in April is -07:00,
    // whatever other abbreviations of the same zone ("MT") are loose
    let v = draft("mst-in-spring.txt", None);
    assert_window(&v, "2006-04-17T17:00:00-07:00", "2006-04-17T22:00:00-07:00");
}

#[test]
fn a_zone_in_brackets_right_after_a_time_and_its_particle_is_the_pages_zone() {
    let v = draft("zone-after-particle-ko.txt", None);
    assert_window(&v, "2023-07-03T10:00:00-07:00", "2023-07-03T12:30:00-07:00");
    assert_eq!(v["review"]["timezone"]["zone"], "America/Los_Angeles");
    assert_eq!(v["review"]["timezone"]["how"], "stated");
}

#[test]
fn an_hour_marked_clock_before_a_range_connector_is_a_clock_not_a_length() {
    let v = draft("range-entre-h-pt.txt", None);
    assert_window(&v, "2023-07-03T10:00:00-03:00", "2023-07-03T12:30:00-03:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h30m");
}

#[test]
fn impact_does_not_begin_after_the_first_alert() {
    // the first words of impact ("无法直接重启") come after the alert at 13:12: the incident was
    // under way when it was detected, so the start is the alert (detected at 0m); "5 个多小时"
    // is a lower bound and does not pull the start to end minus 5h
    let v = draft(
        "alert-before-onset-zh.txt",
        Some("https://docs.example.cn/notice/2024/0308"),
    );
    assert_window(&v, "2024-03-06T13:12:00+08:00", "2024-03-06T18:40:00+08:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "5h28m");
}

#[test]
fn rows_saying_a_service_is_back_are_recovery_rows() {
    // "retour des sites", "fin de l'incident": the last of them ends the window, two days after
    // the first symptoms; "retour d'expérience" (a postmortem) is not a recovery
    let v = draft("retour-rows-fr.txt", None);
    assert_window(&v, "2021-03-13T08:00:00+01:00", "2021-03-15T15:30:00+01:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2d7h30m");
}

#[test]
fn a_day_written_alone_before_a_clock_is_the_latest_such_day_before_the_page() {
    // "Le 28 à 15h" on a page of 3 October: 28 September, not 28 October
    let v = draft("day-alone-fr.txt", None);
    assert_window(&v, "2022-09-28T15:00:00+02:00", "2022-09-28T17:20:00+02:00");
    assert_eq!(v["case"]["date"], "2022-09-28");
}

#[test]
fn users_complaining_is_how_a_news_report_says_the_outage_was_noticed() {
    // "이용자들이 … 호소했다" (users complained) is the first report after the start
    let v = draft("complaints-ko.txt", None);
    assert_window(&v, "2023-05-10T14:10:00+09:00", "2023-05-10T16:10:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "15m");
}

#[test]
fn a_range_after_a_recurrence_word_is_a_schedule_not_the_window() {
    // "平日9時から17時まで稼働" gives the system's hours; the outage is 10:15 → next day 9:00
    let v = draft(
        "ja-schedule-range.txt",
        Some("https://blog.example.jp/entry/2025/03/06/120000"),
    );
    assert_window(&v, "2025-03-04T10:15:00+09:00", "2025-03-05T09:00:00+09:00");
}

#[test]
fn a_stamp_word_and_a_date_without_a_clock_date_the_page() {
    // "작성일 : 2024-05-09" dates the notice: "4일" after "5.3" is 4 May, not 4 April
    let v = draft(
        "ko-notice-written-date.txt",
        Some("https://notice.example.kr/board/view?no=318"),
    );
    assert_eq!(
        v["review"]["fields"]["date.reference"]["quote"],
        "2024-05-09"
    );
    assert_window(&v, "2024-05-02T14:10:00+09:00", "2024-05-04T09:00:00+09:00");
}

#[test]
fn a_day_and_month_after_a_weekday_are_a_date() {
    // "quarta-feira (12/3)": the year from the URL, the day and month in brackets
    let v = draft(
        "pt-weekday-day-month.txt",
        Some("https://noticias.example.com.br/2025/03/falhas-app"),
    );
    assert_window(&v, "2025-03-12T14:00:00-03:00", "2025-03-12T16:30:00-03:00");
}

#[test]
fn a_length_after_its_languages_for_word_ends_the_window() {
    // "a partir das 14h por cerca de três horas": Portuguese "por" introduces the length
    let v = draft(
        "pt-for-a-length.txt",
        Some("https://noticias.example.com.br/2024/03/05/queda"),
    );
    assert_window(&v, "2024-03-05T14:00:00-03:00", "2024-03-05T17:00:00-03:00");
}

#[test]
fn a_status_history_stamp_below_its_update_belongs_to_that_update() {
    // "Investigating - …" then "Mar 5, 2024 - 14:52 UTC": the stamp reads the line above it
    let v = draft(
        "en-status-history-stamps-below.txt",
        Some("https://status.example.com/incidents/k2x9"),
    );
    assert_window(&v, "2024-03-05T14:52:00+00:00", "2024-03-05T16:02:00+00:00");
}

#[test]
fn a_title_that_names_a_retrospective_is_not_a_lessons_section() {
    // "… 장애 회고" is the page's title; its times are the incident's, not lessons'
    let v = draft(
        "ko-retrospective-title.txt",
        Some("https://tech.example.kr/2024/03/07/postmortem"),
    );
    assert_window(&v, "2024-03-05T14:31:00+09:00", "2024-03-05T15:58:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "7m");
}

#[test]
fn an_event_word_goes_to_the_time_of_its_own_clause_not_the_next_one() {
    // "Um 14.36 Uhr schlug das Monitoring Alarm, um 15.58 Uhr …": the alarm is 14:36's, though
    // 15.58 stands nearer after the comma; likewise "A las 14:36 saltaron las alarmas …"
    for (fixture, url) in [
        (
            "de-clause-alarm.txt",
            "https://news.example.de/2024/03/05/stoerung",
        ),
        (
            "es-clause-alarmas.txt",
            "https://news.example.es/2024/03/05/caida",
        ),
    ] {
        let v = draft(fixture, Some(url));
        assert_eq!(v["case"]["timeline"]["detected_after"], "5m", "{fixture}");
        assert_eq!(
            v["case"]["timeline"]["resolved_after"], "1h27m",
            "{fixture}"
        );
    }
}

#[test]
fn a_status_history_with_its_status_words_on_their_own_lines_reads_each_update() {
    // "해결됨" / "결제 지연 현상이 해결되었습니다." / "2024년 3월 5일 15:58 KST": the stamp is the
    // update's; "모니터링하고 있습니다" after the fix is no detection
    let v = draft(
        "ko-status-history-word-above.txt",
        Some("https://status.example.kr/incidents/77"),
    );
    assert_window(&v, "2024-03-05T14:52:00+09:00", "2024-03-05T15:58:00+09:00");
    assert!(v["case"]["timeline"]["detected_after"].is_null(), "{v}");
}

#[test]
fn watching_after_a_fix_and_a_status_word_are_no_detection() {
    // "Monitoring - … we are monitoring the results", "Identified - The issue has been
    // identified": neither is how the outage was noticed
    let v = draft(
        "en-status-history-stamps-below.txt",
        Some("https://status.example.com/incidents/k2x9"),
    );
    assert!(v["case"]["timeline"]["detected_after"].is_null(), "{v}");
}

#[test]
fn rows_labelled_as_start_and_end_under_a_date_line_are_the_window_not_a_byline() {
    // short dated rows before the first sentence are usually the page's stamp; a row labelled
    // "発生日時：" / "復旧日時：" is the incident's own start and end
    let v = draft("ja-labelled-rows-under-date-line.txt", None);
    assert_window(&v, "2024-06-03T09:50:00+09:00", "2024-06-03T11:05:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "8m");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h15m");
}

#[test]
fn a_recovery_told_with_a_length_ends_the_window_that_long_after_the_start() {
    // "Nach rund drei Stunden war die Störung behoben", "Au bout de trois heures, le service était
    // rétabli", "restabelecido após cerca de 3 horas", "back to normal three hours later": the
    // recovery word may close the clause, and the length counts from the onset the sentence
    // before names
    for (fixture, url, offset) in [
        (
            "de-length-then-verb-at-clause-end.txt",
            "https://news.example.de/2024/03/05/stoerung",
            "+01:00",
        ),
        (
            "fr-au-bout-de-length.txt",
            "https://news.example.fr/2024/03/05/panne",
            "+01:00",
        ),
        (
            "pt-restored-after-length.txt",
            "https://noticias.example.com.br/2024/03/05/instabilidade",
            "-03:00",
        ),
        (
            "en-length-later.txt",
            "https://news.example.com/2024/03/05/outage",
            "",
        ),
    ] {
        let v = draft(fixture, Some(url));
        assert_eq!(
            v["review"]["window"]["start"],
            format!("2024-03-05T10:20:00{offset}"),
            "{fixture}"
        );
        assert_eq!(
            v["review"]["window"]["end"],
            format!("2024-03-05T13:20:00{offset}"),
            "{fixture}"
        );
        assert_eq!(v["case"]["timeline"]["resolved_after"], "3h", "{fixture}");
    }
}

#[test]
fn a_time_that_finds_the_service_still_down_is_no_onset_nor_recovery() {
    // "A las seis de la tarde el servicio seguía sin restaurarse": a look at the outage under
    // way; "ayer" in the lead dates the story's clocks; "esa mañana" is no "mañana" (tomorrow);
    // "pedir algún repuesto" (a spare part) is no restoration
    let v = draft(
        "es-yesterday-still-down.txt",
        Some("https://www.example.es/comarcas/2021/11/10/averia"),
    );
    assert_eq!(v["case"]["date"], "2021-11-09", "{v}");
    assert!(v["review"]["window"]["start"].is_null(), "{v}");
    assert!(v["review"]["window"]["end"].is_null(), "{v}");
}

#[test]
fn back_since_a_spaced_clock_is_the_end() {
    // "de nouveau opérationnel depuis 16 h 45": "depuis" after a recovery word marks no onset,
    // and "16 h 45" is a clock
    let v = draft("fr-spaced-clock-back-since.txt", None);
    assert!(v["review"]["window"]["start"].is_null(), "{v}");
    assert_eq!(v["review"]["window"]["end"], "2023-01-17T16:45:00+01:00");
}

#[test]
fn an_end_and_a_stated_length_give_the_start() {
    // "ficou fora do ar por 31 minutos … voltou a funcionar às 15h12": the start is 31 minutes
    // before the end, with the length as its evidence
    let v = draft(
        "pt-end-minus-length.txt",
        Some("https://g1.example.com.br/2024/03/05/pix"),
    );
    assert_window(&v, "2024-03-05T14:41:00-03:00", "2024-03-05T15:12:00-03:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "31m");
    assert_eq!(
        fields(&v)["window.start"]["rule"],
        "end minus the stated duration"
    );
}

#[test]
fn a_bare_date_line_above_the_lead_is_the_dateline_not_the_incident_day() {
    let v = draft("de-dateline-above-lead.txt", None);
    assert_eq!(v["case"]["date"], "2003-04-26", "{v}");
}

#[test]
fn an_outage_noun_as_the_subject_of_its_recovery_is_no_onset() {
    // "截至上午10時50分,故障已經修復", "As of 10:50 am, the outage has been resolved": the time
    // is the recovery's (the noun beside it is what recovered), so the end is known and the
    // start is not
    let v = draft(
        "zh-hant-fixed-as-of.txt",
        Some("https://news.example.com.tw/202411/202411112400834.html"),
    );
    assert!(v["review"]["window"]["start"].is_null(), "{v}");
    assert_eq!(v["review"]["window"]["end"], "2024-11-11T10:50:00+08:00");
    let v = draft(
        "en-outage-resolved-as-of.txt",
        Some("https://www.example.com/2024/11/11/payments"),
    );
    assert!(v["review"]["window"]["start"].is_null(), "{v}");
    assert!(
        v["review"]["window"]["end"]
            .as_str()
            .is_some_and(|e| e.starts_with("2024-11-11T10:50:00")),
        "{v}"
    );
}

#[test]
fn an_alert_that_tells_the_onset_is_detection_at_the_start() {
    // "At 14:05 UTC our monitoring alerted us to elevated login errors": the alert word is as
    // near the time as the onset's, so detection is at the very start (0m)
    let v = draft("en-alert-tells-the-onset.txt", None);
    assert_window(&v, "2024-03-05T14:05:00+00:00", "2024-03-05T15:10:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn a_peak_range_is_neither_the_window_nor_its_onset() {
    // "com pico entre 11h e 14h": the worst hours, mid-incident; the window runs from the first
    // complaints at 9h to the recovery at 16h30
    let v = draft(
        "pt-peak-range.txt",
        Some("https://g1.example.com.br/2024/03/05/banco"),
    );
    assert_window(&v, "2024-03-05T09:00:00-03:00", "2024-03-05T16:30:00-03:00");
}

#[test]
fn a_url_year_and_month_date_the_days_written_alone() {
    // "/202112/…": days written alone ("15日", "16日") are December 2021's, the story told backwards
    let v = draft(
        "ja-url-year-month.txt",
        Some("https://news.example.co.jp/news/sougou/202112/0014919842.shtml"),
    );
    assert_eq!(v["case"]["date"], "2021-12-15");
    assert_window(&v, "2021-12-15T16:15:00+09:00", "2021-12-16T11:20:00+09:00");
    let f = &v["review"]["fields"]["date.reference"];
    assert_eq!(f["rule"], "a date in the page's URL", "{f}");
}

#[test]
fn a_relative_day_after_a_range_is_the_whole_ranges_day() {
    // "entre 19h et 21h30 hier" on a page of 14 March: both ends on the 13th
    let v = draft("fr-range-then-yesterday.txt", None);
    assert_eq!(v["case"]["date"], "2024-03-13");
    assert_window(&v, "2024-03-13T19:00:00+01:00", "2024-03-13T21:30:00+01:00");
}

#[test]
fn a_since_word_whose_clause_tells_a_recovery_dates_the_recovery() {
    // "Seit etwa 15.20 Uhr laufe wieder alles stabil": recovered since 15:20, not an onset; and
    // "Entwarnung" (the all-clear) is no alert
    let v = draft("de-since-recovered.txt", None);
    assert_window(&v, "2023-03-14T07:45:00+01:00", "2023-03-14T15:20:00+01:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], Value::Null);
}

#[test]
fn an_edit_notes_date_in_the_prose_is_not_the_incidents_day() {
    // "(Texto actualizado el 5/10/2021 …)" is when the page was edited; the incident is "el 4 de
    // octubre", its year from the URL
    let v = draft(
        "es-edit-note-date.txt",
        Some("https://about.example.com/ltam/news/2021/10/actualizacion-sobre-la-interrupcion/"),
    );
    assert_eq!(v["case"]["date"], "2021-10-04");
}

#[test]
fn a_byline_stamp_dated_the_next_day_does_not_give_its_day_to_the_clocks_after_it() {
    // the stamp (written the morning after) dates the page; "by 18:45" is on the day the title
    // names, not 18:45 after the stamp
    let v = draft(
        "byline-stamp-next-day.txt",
        Some("https://help.example.com/articles/42-delayed-exports"),
    );
    assert_eq!(v["case"]["date"], "2024-03-14");
    assert_eq!(v["review"]["window"]["end"], "2024-03-14T18:45:00+00:00");
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert_eq!(at, ["2024-03-14T18:45:00+00:00"], "the stamp is no event");
}

#[test]
fn an_everyday_onset_before_a_stated_range_makes_the_window_the_union_of_both_episodes() {
    // "không đăng nhập được" (could not log in) at 8h15 is an onset: the range stated later
    // ("Từ 14h đến 15h30 … lại ngừng") is the second episode, and the fix at 16h ends both
    let v = draft(
        "vi-two-episodes.txt",
        Some("https://news.example.vn/ngan-hang-su-co"),
    );
    assert_window(&v, "2023-04-05T08:15:00+07:00", "2023-04-05T16:00:00+07:00");
    assert!(warnings(&v)
        .iter()
        .any(|w| w.contains("several impact periods")));
}

#[test]
fn a_length_in_a_promise_is_not_the_incidents() {
    // "3시간 안에 … 복구될 것으로 보인다" (should be restored within three hours) estimates; the
    // window keeps no end and resolved_after stays empty
    let v = draft(
        "ko-promised-length.txt",
        Some("https://news.example.kr/a/1"),
    );
    assert_eq!(v["review"]["window"]["start"], "2023-03-08T14:10:00+09:00");
    assert_eq!(v["review"]["window"]["end"], Value::Null);
    assert_eq!(v["case"]["timeline"]["resolved_after"], Value::Null);
    assert_eq!(v["review"]["durations"][0]["about"], "other");
}

#[test]
fn a_foreign_time_with_its_twin_in_the_pages_own_zone_is_that_instant() {
    // "4h20 (15h20 giờ Hà Nội)" on a Vietnamese page translates a US time for the reader: the
    // page's zone is Hanoi's (not the offset the pair implies), and "19h" later is Hanoi time
    let v = draft(
        "vi-foreign-time-with-home-twin.txt",
        Some("https://news.example.vn/cloud-su-co"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "Asia/Ho_Chi_Minh");
    assert_window(&v, "2024-03-12T15:20:00+07:00", "2024-03-12T19:00:00+07:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "3h40m");
}

#[test]
fn a_day_named_again_dates_its_clocks_without_rolling_past_an_earlier_evening_time() {
    // news tells the end first ("20h15 … desta segunda-feira"), then "Nesta segunda-feira, …
    // por volta das 4h10": Monday's 4h10, not the morning after the 20h15
    let v = draft(
        "pt-named-day-after-the-end.txt",
        Some("https://noticias.example.com.br/2024/10/15/apagao"),
    );
    assert_eq!(v["case"]["date"], "2024-10-14");
    assert_window(&v, "2024-10-14T04:10:00-03:00", "2024-10-14T20:15:00-03:00");
}

#[test]
fn a_dateline_in_words_after_menus_dates_the_relative_days() {
    // a region menu (a long line that ends no sentence) before the headline does not end the
    // page's head, and "mardi 12 mars 2024 à 7:15 Par …" (wider than a byline, with the author's
    // credit) is its dateline: "Hier … 18h40" is Monday the 11th
    let v = draft(
        "fr-dateline-after-menus.txt",
        Some("https://www.radio.example.fr/infos/transports/tramway-panne-1710223000"),
    );
    assert_eq!(v["case"]["date"], "2024-03-11");
    assert_window(&v, "2024-03-11T18:40:00+01:00", "2024-03-12T08:00:00+01:00");
    assert_eq!(
        fields(&v)["date.reference"]["rule"],
        "the page's dated head line (byline)"
    );
}

#[test]
fn an_onset_word_told_after_every_recovery_is_no_start() {
    // "当天22时50分 … 恢复正常", then "凌晨1点10分 … 称原因是…发生故障": the later statement tells
    // the cause; the window keeps its end without a start, and the case date is the 8th
    let v = draft(
        "zh-cause-told-after-recovery.txt",
        Some("https://news.example.cn/doc/8812"),
    );
    assert_eq!(v["case"]["date"], "2022-05-08");
    assert_eq!(v["review"]["window"]["start"], Value::Null);
    assert_eq!(v["review"]["window"]["end"], "2022-05-08T22:50:00+08:00");
}

#[test]
fn a_length_told_of_an_earlier_episode_does_not_make_the_window() {
    // "about two hours" and "around 11am … by 1pm" are Monday's outage, told after today's
    // onset ("failed at 3:10am today"): today's onset and recovery make the window
    let v = draft(
        "en-earlier-episode-length.txt",
        Some("https://news.example.co.uk/business/2024/05/10/card-outage"),
    );
    assert_window(&v, "2024-05-10T03:10:00+01:00", "2024-05-10T05:25:00+01:00");
}

#[test]
fn a_wide_deck_that_ends_no_sentence_leaves_the_byline_below_it_a_byline() {
    // "Video: Nhiều người dùng … nhiều giờ liền" is a deck, not prose: the dated line under it
    // is the byline, not the outage's start
    let v = draft("vi-deck-before-byline.txt", None);
    assert_window(&v, "2021-03-08T08:00:00+07:00", "2021-03-08T11:30:00+07:00");
    assert!(!event_quotes(&v).iter().any(|q| q.contains("10:15")));
}

#[test]
fn reports_above_normal_levels_are_no_recovery_and_a_peak_that_starts_is_an_onset() {
    // "superan … los niveles normales" compares with a baseline, it reports no return to
    // normal; "arranca alrededor de las 8:10" is when the impact starts
    let v = draft(
        "es-baseline-not-recovery.txt",
        Some("https://noticias.example.es/tecnologia/caida-red"),
    );
    assert_eq!(v["review"]["window"]["start"], "2026-03-03T08:10:00+01:00");
    assert_eq!(v["review"]["window"]["end"], Value::Null);
}

#[test]
fn a_page_that_names_only_yesterday_dates_its_undated_clocks_the_day_before() {
    // the URL dates the page 2021-09-13; the text writes no day, only "publicaron ayer": the
    // clocks are yesterday's
    let v = draft(
        "es-yesterday-after-the-clocks.txt",
        Some("https://www.diario.example.mx/local/falla-banca-20210913-1840834.html"),
    );
    assert_eq!(v["case"]["date"], "2021-09-12");
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert!(start.starts_with("2021-09-12T08:00:00"), "{start}");
}

#[test]
fn a_range_told_of_an_earlier_outage_gives_neither_end_of_this_one() {
    // "no se recuperó hasta las 18:20" is this outage's end; "El primero … desde el mediodía
    // hasta las cinco de la tarde" is an earlier one's, outside it: no window from it, and its
    // noon is no start either
    let v = draft(
        "es-second-outage-range.txt",
        Some("https://www.diario.example.es/tecnologia/2024/05/14/caida-mensajeria"),
    );
    assert_eq!(v["review"]["window"]["start"], Value::Null);
    assert_eq!(v["review"]["window"]["end"], "2024-05-14T18:20:00+02:00");
}

#[test]
fn a_watch_after_the_fix_is_not_the_incident_length() {
    // "持续观察一小时" (watched for an hour) after the recovery row: the hour before the closing
    // row is no window
    let v = draft(
        "zh-watch-after-fix.txt",
        Some("https://www.example.cn/news/2024/0306/cloud.html"),
    );
    assert_eq!(v["review"]["window"]["start"], "2024-03-05T10:12:00+08:00");
    assert_ne!(v["case"]["timeline"]["resolved_after"], "1h");
}

#[test]
fn a_quoted_notice_in_another_zone_keeps_its_own_day() {
    // a Korean post ("한국 시간 기준") quotes an English notice in PDT: the PDT clocks are on the
    // day that puts them nearest the Korean times around them, not on the Korean calendar day,
    // and the page's zone stays Seoul
    let v = draft(
        "ko-quoted-notice-other-zone.txt",
        Some("https://blog.example.kr/2023/06/seoul-region"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "Asia/Seoul");
    assert_eq!(v["review"]["timezone"]["how"], "stated");
    let at: Vec<(&str, &str)> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["quote"].as_str().unwrap(), e["at"].as_str().unwrap()))
        .collect();
    assert!(
        at.contains(&("7:05 AM PDT", "2023-06-08T07:05:00-07:00")),
        "{at:?}"
    );
    assert_eq!(v["case"]["timeline"]["resolved_after"], "5h10m");
}

#[test]
fn a_lone_day_line_over_clock_rows_dates_them_whatever_the_byline_says() {
    // "Dienstag, 9. Mai" alone on its line, "06:40" on the next: the rows are on 9 May (the
    // year from the byline, which the weekday confirms), not on the byline's 2 February
    let v = draft(
        "de-diary-day-line.txt",
        Some("https://blog.example.de/technik/server"),
    );
    assert_eq!(v["case"]["date"], "2023-05-09");
    assert_window(&v, "2023-05-09T01:15:00+02:00", "2023-05-09T10:05:00+02:00");
}

#[test]
fn a_failed_restore_is_no_recovery_and_dash_dated_rows_keep_their_day() {
    // "15/03 – 02:30 UTC: Sau nhiều lần thử khôi phục không thành" (restore attempts failed) is
    // no end; "14/03 – 22:10 UTC" is one date-time, its day written before the dash
    let v = draft(
        "vi-dash-rows-failed-restore.txt",
        Some("https://blog.example.vn/2019/su-co"),
    );
    assert_ne!(v["review"]["window"]["end"], "2019-03-15T02:30:00+00:00");
    let quotes = event_quotes(&v);
    assert!(
        quotes.contains(&"14/03 – 22:10 UTC".to_string()),
        "{quotes:?}"
    );
    assert!(
        quotes.contains(&"15/03 – 02:30 UTC".to_string()),
        "{quotes:?}"
    );
}

#[test]
fn a_state_reported_as_of_a_later_time_does_not_move_the_recovery() {
    // "오전 11시 5분에는 복구가 대부분 이루어졌고 … 오후 3시 현재 … 정상 운영": 3 pm dates the
    // writer's check; the recovery the page told is the end
    let v = draft(
        "ko-as-of-after-recovery.txt",
        Some("https://notice.example.kr/2024/0903"),
    );
    assert_window(&v, "2024-09-03T09:20:00+09:00", "2024-09-03T11:05:00+09:00");
}

#[test]
fn chinese_news_days_before_yesterday_and_a_count_as_of_a_time() {
    // a paper dated 15 April: "前日下午五時許" and "前晚十一時許" are the 13th; "截至昨晚八時，已收到
    // 逾三千宗投訴" counts complaints as of the 14th, no alert
    let v = draft(
        "zh-hk-relative-nights.txt",
        Some("https://news.example.hk/cnt/news/20230415/00407_020.html"),
    );
    assert_eq!(v["case"]["date"], "2023-04-13");
    assert_window(&v, "2023-04-13T17:00:00+08:00", "2023-04-13T23:00:00+08:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], Value::Null);
}

#[test]
fn days_written_alone_after_the_onset_stay_in_its_month_without_a_page_date() {
    // "'23.3.4(토) 14:10 … 8일 06시경 … 9일 22시경": with no page date, the 8th and 9th follow
    // the onset in March; only a page's own date makes a later day last month's
    let v = draft(
        "ko-days-after-the-onset.txt",
        Some("https://www.example.go.kr/notice/view?id=2099"),
    );
    assert_eq!(v["case"]["date"], "2023-03-04");
    assert_window(&v, "2023-03-04T14:10:00+09:00", "2023-03-09T22:00:00+09:00");
}

#[test]
fn with_no_alert_told_the_first_public_notice_is_the_detection() {
    // a status page whose only signal is its "Estamos investigando" post at 09:05, newest first
    let v = draft(
        "es-status-first-notice.txt",
        Some("https://status.example.com/incidents/abc"),
    );
    assert_window(&v, "2024-03-12T08:10:00+00:00", "2024-03-12T10:25:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "55m");
}

#[test]
fn a_weekday_fused_with_a_part_of_the_day_still_dates_its_numeric_day() {
    // "Am Dienstagabend (14.06.)": the day the bracket writes, in the latest year where 14 June
    // is a Tuesday
    let v = draft(
        "de-fused-weekday-date.txt",
        Some("https://www.example-zeitung.de/region/netzstoerung"),
    );
    assert_eq!(v["case"]["date"], "2022-06-14");
    assert_window(&v, "2022-06-14T19:00:00+02:00", "2022-06-14T21:30:00+02:00");
}

#[test]
fn a_date_in_a_sentence_about_an_earlier_outage_does_not_date_the_clocks() {
    // "지난 2월 3일에도 … 장애가 있었다" is background: "오후 10시5분" is the night of the 15th
    let v = draft(
        "ko-earlier-date-also.txt",
        Some("https://news.example.kr/view?id=20240516093000"),
    );
    assert_window(&v, "2024-05-15T21:10:00+09:00", "2024-05-15T22:40:00+09:00");
    let days: Vec<String> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap_or("")[..10].to_string())
        .collect();
    assert!(days.iter().all(|d| d == "2024-05-15"), "{days:?}");
}

#[test]
fn a_bracketed_conversion_to_another_zone_is_not_the_pages_zone() {
    // "16일 오전 7시 40분경(태평양 표준시 15일 오후 2시40분)": the bracket converts the Korean time
    // for other readers; the page's own times stay Korean
    let v = draft(
        "ko-bracketed-zone-conversion.txt",
        Some("https://news.example.co.kr/article/2019111612"),
    );
    assert_eq!(v["review"]["timezone"]["how"], "inferred");
    assert_window(&v, "2019-11-16T07:40:00+09:00", "2019-11-16T09:00:00+09:00");
}

#[test]
fn a_close_after_watching_for_a_length_is_not_the_end_of_impact() {
    // "11:55，持续观察一小时，未发现异常，按预案结束处理过程": the watch's close; the service was
    // back at 10:55 ("失败率回落到正常水平" is the failure rate falling, no onset)
    let v = draft(
        "zh-watch-then-close.txt",
        Some("https://status.example.com/incidents/oss"),
    );
    assert_window(&v, "2025-04-02T10:12:00+08:00", "2025-04-02T10:55:00+08:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "43m");
}

#[test]
fn a_postmortem_above_a_status_history_keeps_its_own_recovery() {
    // the review's "restored normal service at 13:48 UTC" ends the window; the postmortem's own
    // "Posted" stamp (next day) and the "Resolved" post are posts, not the recovery; the alert
    // came "straight away" (0m); "the team started a rollback" is no onset
    let v = draft(
        "en-postmortem-above-history.txt",
        Some("https://status.examplepay.com/incidents/x1"),
    );
    assert_window(&v, "2025-03-06T13:05:00+00:00", "2025-03-06T13:48:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "43m");
}

#[test]
fn an_alert_told_as_immediate_is_the_detection_at_the_start() {
    // "Unser Monitoring schlug sofort Alarm": no time of its own, told before the 9:10 finding
    let v = draft(
        "de-alarm-sofort.txt",
        Some("https://www.example-stadtwerke.de/aktuelles/stoerung"),
    );
    assert_window(&v, "2024-05-14T08:20:00+02:00", "2024-05-14T09:45:00+02:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn a_range_of_works_as_planned_is_no_impact_period() {
    // "des travaux … étaient programmés entre 7 heures et 17 heures": the plan, not a second
    // impact period joined to "entre 9 heures et 11 heures"
    let v = draft(
        "fr-planned-works-range.txt",
        Some("https://www.example-actu.fr/reseau/coupure"),
    );
    assert_window(&v, "2024-03-14T09:00:00+01:00", "2024-03-14T11:00:00+01:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h");
}

#[test]
fn an_onset_told_as_what_was_detected_is_detected_at_the_start() {
    // "11日9時10分過ぎに不具合を検知": the start's only clock is its detection (0m); the onset
    // noun is the object of the alert word
    let v = draft(
        "ja-detected-with-onset.txt",
        Some("https://www.example-news.jp/article/20240612"),
    );
    assert_eq!(v["review"]["window"]["start"], "2024-06-11T09:10:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn the_response_starting_in_the_start_row_is_the_detection() {
    // "14시 20분경 … 장애 발생, 원인 조사에 착수": the response began at the start (0m), before
    // the 15:30 notice; "홈페이지" is a homepage, not a page to the on-call
    let v = draft(
        "ko-response-start-row.txt",
        Some("https://www.example.go.kr/notice/view?id=1"),
    );
    assert_window(&v, "2024-09-03T14:20:00+09:00", "2024-09-04T10:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn a_headline_clock_repeated_by_the_body_takes_the_body_day() {
    // "… / Ab 14 Uhr läuft das System wieder" above the byline (16.05.) is the body's "Ab 14 Uhr
    // lief das System … wieder" on Tuesday the 14th, not 14:00 on the publication day
    let v = draft(
        "de-headline-repeats-body-clock.txt",
        Some("https://www.example-zeitung.de/lokales/kasse"),
    );
    assert_window(&v, "2024-05-14T09:15:00+02:00", "2024-05-14T14:00:00+02:00");
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert!(!at.contains(&"2024-05-16T14:00:00+02:00"), "{at:?}");
}

#[test]
fn a_response_told_as_immediate_is_the_detection_at_the_start() {
    // "운영사 측은 즉시 긴급 점검에 들어갔고": the response began at once (0m), before the 8:40pm
    // SNS notice
    let v = draft(
        "ko-immediate-response.txt",
        Some("https://news.example.co.kr/article/2024031212345"),
    );
    assert_window(&v, "2024-03-12T20:15:00+09:00", "2024-03-12T22:30:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn a_word_that_holds_an_alert_word_is_no_detection() {
    // "API呼び出し" (an API call), "trực tiếp" (directly), "오류 페이지" (an error page) each hold
    // a detection word ("呼び出", "trực", "페이지") and report no alert: the detection is the
    // later alert or first report, not the onset's row.
    for (fixture, detected) in [
        ("ja-api-call-not-page.txt", "8m"),
        ("vi-direct-not-on-duty.txt", "16m"),
        ("ko-error-page-not-page.txt", "19m"),
    ] {
        let v = draft(fixture, None);
        assert_eq!(
            v["case"]["timeline"]["detected_after"], detected,
            "{fixture}: {}",
            v["case"]["timeline"]
        );
    }
}

#[test]
fn a_place_the_lead_names_outranks_the_hosts_region() {
    // a regional paper (its host names Chihuahua) reports an outage in the capital: the zone
    // is inferred from the place the page names, flagged as inferred
    let v = draft(
        "es-regional-host-capital-outage.txt",
        Some("https://www.noticiaschihuahua.example.mx/nacional/falla-internet-20200714.html"),
    );
    assert_window(&v, "2020-07-14T02:10:00-05:00", "2020-07-14T05:40:00-05:00");
    assert_eq!(
        v["review"]["timezone"]["zone"], "America/Mexico_City",
        "{v}"
    );
    assert_eq!(v["review"]["timezone"]["how"], "inferred", "{v}");
}

#[test]
fn minutes_told_alone_take_the_hour_last_told() {
    // "4日午後6時まで… 15分ごろには…障害が起きた": 18:15, not a 15-minute length; "25分ごろには
    // …告知" is the first notice (25m); the year and day come from the URL's "/2405/05/"; "午前
    // 7時ごろには作業を終えた" follows "5日午前3時" in its paragraph, so it is the 5th's, and the
    // estimate in the clause before it ("見込み時刻の延長はあったものの、") makes it no promise
    let v = draft(
        "ja-minute-points.txt",
        Some("https://www.example.co.jp/news/articles/2405/05/news101.html"),
    );
    assert_window(&v, "2024-05-04T18:15:00+09:00", "2024-05-05T07:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "10m", "{v}");
}

#[test]
fn a_team_that_discovered_the_issue_detected_it() {
    // "10:05 AM UTC: Our support team discovered the issue": the detection, 55m after the
    // deploy that started the impact
    let v = draft("en-team-discovered.txt", None);
    assert_window(&v, "2025-03-04T09:10:00+00:00", "2025-03-04T11:20:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "55m", "{v}");
}

#[test]
fn a_recovery_clock_without_its_half_word_is_read_in_the_afternoon_when_a_length_says_so() {
    // "11일 9시 10분 전면 복구" in the headline has no 오전/오후; read in the morning it ends the
    // outage before "오후 2시 5분쯤 … 장애가 발생", and "약 7시간 동안" from 14:05 reaches 21:10
    let v = draft(
        "ko-headline-clock-no-half.txt",
        Some("https://www.example.co.kr/news/2025/03/11/card-app"),
    );
    assert_window(&v, "2025-03-11T14:05:00+09:00", "2025-03-11T21:10:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "7h5m", "{v}");
    let warned = v["review"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w.as_str().unwrap().contains("read as 21:10"));
    assert!(warned, "{v}");
    // without a stated length nothing confirms the afternoon: the clock stays as written
    let v = draft(
        "ko-headline-clock-no-half-no-length.txt",
        Some("https://www.example.co.kr/news/2025/03/11/card-app"),
    );
    assert_ne!(
        v["review"]["window"]["end"], "2025-03-11T21:10:00+09:00",
        "{v}"
    );
    let warned = v["review"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w.as_str().unwrap().contains("morning or afternoon"));
    assert!(!warned, "{v}");
}

#[test]
fn a_postmortem_above_its_stamps_and_a_morning_recovery_after_yesterdays_night() {
    // "yesterday, June 3, at 11:20 PM" on a page of the 4th: "by 7:40 AM" is the 4th (the
    // page's own day), and the postmortem's stamp (15:10) is its publication, not the end,
    // though the page is cut off right after a last "Update" heading
    let v = draft(
        "en-status-postmortem-cut-off.txt",
        Some("https://status.example.com/incidents/abc123"),
    );
    assert_window(&v, "2025-06-03T23:20:00-04:00", "2025-06-04T07:40:00-04:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "8h20m", "{v}");
}

#[test]
fn a_date_written_as_one_number_after_its_weekday() {
    // "deste Sábado (190608)": year-first digits read as a date when they fall on the weekday
    let v = draft(
        "pt-weekday-compact-date.txt",
        Some("https://www.example.com.br/noticias/pane-boletos"),
    );
    assert_window(&v, "2019-06-08T15:30:00-03:00", "2019-06-09T16:10:00-03:00");
    assert_eq!(v["case"]["date"], "2019-06-08", "{v}");
    let quotes = event_quotes(&v);
    assert!(
        quotes
            .iter()
            .any(|q| q == "16:10 horas deste Domingo (190609)"),
        "{quotes:?}"
    );
    // digits that do not fall on the weekday named stay a number: the weekday alone gives the
    // day, the latest Saturday on or before the reference (Friday 10 May)
    assert_eq!(
        first_value("pt", "às 15:30 horas deste Sábado (190609)").as_deref(),
        Some("2024-05-04T15:30:00+00:00")
    );
}

#[test]
fn a_relative_day_the_writer_then_dates_takes_the_written_date() {
    // "hôm qua" (yesterday) counted from a reference two days on would be the 8th; the date
    // written after it says the 9th
    assert_eq!(
        first_value(
            "vi",
            "vào lúc 23h50 hôm qua, ngày 9/5/2024, tuyến cáp gặp sự cố"
        )
        .as_deref(),
        Some("2024-05-09T23:50:00+00:00")
    );
    assert_eq!(
        first_value("en", "it began at 10 pm yesterday (May 8), and").as_deref(),
        Some("2024-05-08T22:00:00+00:00")
    );
}

#[test]
fn heute_morgen_is_this_morning_not_tomorrow() {
    // the clock's value, whatever date words stand before it
    let clock_value = |text: &str| -> Option<String> {
        let out = run(&[
            "times",
            "--lang",
            "de",
            "--ref",
            "2024-05-10T12:00:00",
            "--tz",
            "UTC",
            "--json",
            text,
        ]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["times"]
            .as_array()?
            .iter()
            .find(|t| t["quote"].as_str().is_some_and(|q| q.contains("Uhr")))?["value"]
            .as_str()
            .map(str::to_string)
    };
    assert_eq!(
        clock_value("seit heute Morgen um 8 Uhr wieder zugestellt").as_deref(),
        Some("2024-05-10T08:00:00+00:00")
    );
    assert_eq!(
        clock_value("gestern Nachmittag um 15 Uhr fiel es aus").as_deref(),
        Some("2024-05-09T15:00:00+00:00")
    );
}

#[test]
fn a_us_zone_after_a_numeric_date_reads_it_month_first() {
    // a Portuguese page writes day first, but "PST" is kept where dates are month first; an
    // ambiguous date on the line before it is 8 March, and without the zone 3 August
    assert_eq!(
        first_value("pt", "O incidente começou em 03/08/2021 às 14:35 PST").as_deref(),
        Some("2021-03-08T14:35:00-08:00")
    );
    assert_eq!(
        first_value("pt", "O incidente começou em 03/08/2021 às 14:35").as_deref(),
        Some("2021-08-03T14:35:00+00:00")
    );
}

#[test]
fn wire_service_clocks_and_a_zone_name_after_them_in_french() {
    // "09H30 GMT (10H30 heure française)": a capital H is a clock, not a length, and "heure
    // française" after a clock is its zone, not the clock's suffix word
    let out = run(&[
        "times",
        "--lang",
        "fr",
        "--ref",
        "2009-02-24T12:00:00",
        "--json",
        "Peu après 09H30 GMT (10H30 heure française), panne. Rétablie vers 14H30 heure de Paris.",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let values = time_values(&v);
    assert_eq!(
        values,
        [
            "2009-02-24T09:30:00+00:00",
            "2009-02-24T10:30:00+01:00",
            "2009-02-24T14:30:00+01:00"
        ],
        "{v}"
    );
    assert!(v["durations"].as_array().unwrap().is_empty(), "{v}");
}

#[test]
fn a_portuguese_page_spelled_as_in_portugal_is_inferred_to_be_in_lisbon() {
    // no zone, no country domain, no place named: "electrónica", "equipa", "utilizadores",
    // "ecrã", "telemóvel" are Portugal's spellings, so Lisbon, flagged, not São Paulo
    let v = draft(
        "pt-portugal-spelling.txt",
        Some("https://www.example.com/noticias/pagamentos"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "Europe/Lisbon", "{v}");
    assert_eq!(v["review"]["timezone"]["how"], "inferred", "{v}");
    assert_window(&v, "2025-03-04T15:10:00+00:00", "2025-03-04T16:25:00+00:00");
    assert!(
        warnings(&v).iter().any(|w| w.contains("spelling")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn a_news_report_of_the_day_before_dates_its_clocks_by_the_weekday_it_names() {
    // published Tuesday 1 October (the URL), telling of "Monday": every clock is Monday's,
    // also one "as of" a time and the clocks after a speaker's quoted "today"; the onset is
    // the time "trouble began" at, not a later time whose clause holds an "as of"
    let v = draft(
        "en-news-weekday-day-after.txt",
        Some("https://news.example.com/2024/10/01/carrier-restores-service"),
    );
    assert_eq!(v["case"]["date"], "2024-09-30", "{v}");
    assert_eq!(
        v["review"]["window"]["start"], "2024-09-30T08:45:00-04:00",
        "{v}"
    );
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert!(at.iter().all(|a| a.starts_with("2024-09-30")), "{at:?}");
    // "4:20 p.m ET" (no closing dot) is in the afternoon
    assert!(at.contains(&"2024-09-30T16:20:00-04:00"), "{at:?}");
}

#[test]
fn an_onset_the_writer_says_they_saw_is_also_its_detection() {
    // "At 14:05 UTC … we saw intermittent failures": seen at the onset, so detected at once;
    // the entry's creation stamp above it is no onset
    let v = draft(
        "en-we-saw-at-onset.txt",
        Some("https://status.example.com/incident/4711"),
    );
    assert_window(&v, "2023-03-03T14:05:00+00:00", "2023-03-03T15:32:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn korean_haeso_tells_the_recovery() {
    // "오류는 오후 3시 10분께 해소됐다": 해소 (cleared up) ends the window as 복구 does
    let v = draft(
        "ko-resolved-haeso.txt",
        Some("https://news.example.co.kr/article/2024/03/05/1"),
    );
    assert_window(&v, "2024-03-05T13:20:00+09:00", "2024-03-05T15:10:00+09:00");
}

#[test]
fn a_headline_ellipsis_parts_its_clauses_and_a_clock_without_its_half_word_follows_the_length() {
    // "5시간 20여분 중단…12일 9시 10분 전체 서비스 복구": the stop before the ellipsis is not the
    // clock's; the clock is the recovery, and after a 15:50 onset it is 21:10, not 09:10
    let v = draft(
        "ko-headline-ellipsis.txt",
        Some("https://news.example.co.kr/site/data/html/2023/06/12/20230612001.html"),
    );
    assert_window(&v, "2023-06-12T15:50:00+09:00", "2023-06-12T21:10:00+09:00");
}

#[test]
fn korean_us_east_basis_states_the_zone() {
    // "미 동부 기준 이날 오전 3시": US Eastern time, stated, on a Korean page
    let v = draft(
        "ko-us-east-basis.txt",
        Some("https://www.news.example.co.kr/article/2023012507322799233"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "America/New_York", "{v}");
    assert_eq!(v["review"]["timezone"]["how"], "stated", "{v}");
    assert_eq!(
        v["review"]["window"]["start"], "2023-01-25T03:00:00-05:00",
        "{v}"
    );
}

#[test]
fn a_korean_recovery_told_done_is_not_work_in_progress_for_the_next_verb() {
    // "회복됐고 안정적으로 유지되고 있다": recovered, and staying stable; the "되고 있" is the
    // second verb's, so 09:30 is the recovery
    let v = draft(
        "ko-recovered-then-stable.txt",
        Some("https://news.example.co.kr/article/2023/01/25/1"),
    );
    assert_window(&v, "2023-01-25T03:00:00+09:00", "2023-01-25T09:30:00+09:00");
}

#[test]
fn a_weekday_with_its_day_in_brackets_takes_the_month_at_the_head_and_the_pair_nearest_the_length()
{
    // "date 2024-05" at the head gives year and month, "quinta-feira (9)" the day (9 May 2024
    // is a Thursday); "uma hora e 21 minutos" is 21h25–22h46, not 21h25 and the 22h24 peak a
    // minute short of "pouco mais de uma hora"
    let v = draft(
        "pt-weekday-paren-day.txt",
        Some("https://www.example.com.br/economia/instabilidade-transferencias/"),
    );
    assert_eq!(v["case"]["date"], "2024-05-09", "{v}");
    assert_window(&v, "2024-05-09T21:25:00-03:00", "2024-05-09T22:46:00-03:00");
}

#[test]
fn a_japanese_time_with_kara_is_the_onset_and_a_comma_closes_the_onset_clause() {
    // "8日午後4時ごろから … 通信障害が起き、午後7時前に復旧した": from 16:00, recovered before
    // 19:00; the onset word before the comma is not the recovery clock's
    let v = draft(
        "ja-from-then-recovered.txt",
        Some("https://news.example.jp/articles/20230509/a1"),
    );
    assert_window(&v, "2023-05-08T16:00:00+09:00", "2023-05-08T19:00:00+09:00");
}

#[test]
fn a_length_said_to_be_less_than_something_makes_no_end() {
    // "a ground stop of less than an hour": at most an hour, so no end at 7:10 and no
    // resolved_after of exactly 1h
    let v = draft(
        "en-less-than-an-hour.txt",
        Some("https://news.example.com/2021/09/17/airline-outage"),
    );
    assert_eq!(
        v["review"]["window"]["start"], "2021-09-17T06:10:00-04:00",
        "{v}"
    );
    assert_eq!(v["review"]["window"]["end"], Value::Null, "{v}");
    assert_ne!(v["case"]["timeline"]["resolved_after"], "1h", "{v}");
}

#[test]
fn an_onset_word_after_a_recovery_that_leads_its_clause_dates_the_recovery() {
    // "a normalização dos serviços começou a partir das 16h30min": the recovery began then, so
    // 16:30 ends the window; "a partir de 13h" is a clock (an onset), not a length
    let v = draft(
        "pt-recovery-leads-clause.txt",
        Some("https://noticias.example.com.br/2012/04/26/queda-de-rede/"),
    );
    assert_window(&v, "2012-04-26T13:00:00-03:00", "2012-04-26T16:30:00-03:00");
}

#[test]
fn a_day_told_as_an_earlier_episode_is_not_the_incidents_day() {
    // "El último episodio … se produjo el pasado 3 de diciembre" is background: the clocks
    // without a day of their own are on the 25th, the night the page tells
    let v = draft(
        "es-background-episode.txt",
        Some("https://diario.example.es/2025/12/26/averia-comarca.html"),
    );
    assert_window(&v, "2025-12-25T23:00:00+01:00", "2025-12-26T12:00:00+01:00");
    assert_eq!(v["case"]["date"], "2025-12-25");
}

#[test]
fn a_recovery_told_of_the_outage_dates_the_end_and_an_earlier_incidents_length_is_not_its_own() {
    // "장애가 복구됐다는 공지는 이날 오후 11시47분께 올라왔다": the outage is the subject of the
    // recovery, so 23:47 ends the window (no onset); "약 30분 만에 복구한 적이 있다" is an
    // earlier incident's length, not this one's (no end at 21:55)
    let v = draft(
        "ko-recovery-notice-history-length.txt",
        Some("https://news.example.co.kr/article/2023061499999"),
    );
    assert_window(&v, "2023-06-14T21:25:00+09:00", "2023-06-14T23:47:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h22m");
}

#[test]
fn a_label_alone_on_its_line_labels_the_time_on_the_next() {
    // "【障害発生日時】" / "【障害復旧日時】" each above its value: the window is theirs, not the
    // "22時現在" of the watch after the recovery
    let v = draft(
        "ja-label-lines.txt",
        Some("https://www.example.co.jp/news/2021/0201/"),
    );
    assert_window(&v, "2021-01-25T03:00:00+09:00", "2021-01-29T01:36:00+09:00");
    // a range under a start label gives both ends
    let v = draft(
        "ja-label-line-range.txt",
        Some("https://status.example.jp/2020/08/26/"),
    );
    assert_window(&v, "2020-08-26T14:54:00+09:00", "2020-08-26T15:14:00+09:00");
}

#[test]
fn in_a_verb_final_language_an_alert_is_not_dated_by_the_next_clauses_time() {
    // "09:23开始出现服务器停机报警，10:30机房启动降载处理": the alarm came at 09:23, the start
    // (0m), not at the 10:30 that opens the next clause
    let v = draft(
        "zh-alarm-clause.txt",
        Some("https://blog.example.cn/2022/12/245486.html"),
    );
    assert_window(&v, "2022-12-18T09:23:00+08:00", "2022-12-18T21:36:00+08:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn an_onset_the_summary_dates_before_the_timelines_first_is_the_start() {
    // the summary's "15:23 … 出现一次大范围服务中断" comes before the timeline's first onset row
    // ("15:47确认回滚版本无法解决…"): the timeline picks up after the start
    let v = draft(
        "zh-summary-onset-before-timeline.txt",
        Some("https://blog.example.cn/2024/04/589002.html"),
    );
    assert_window(&v, "2024-04-08T15:23:00+08:00", "2024-04-08T16:50:00+08:00");
}

#[test]
fn the_sentence_after_not_the_first_time_tells_the_earlier_episode() {
    // "이번이 처음이 아니다. … 2021년 1월 25일부터 27일까지 …": that full date is the earlier
    // episode's; the bare "19일" is in the URL's month (February), not in January
    let v = draft(
        "ko-not-the-first-time.txt",
        Some("https://it.example.co.kr/site/data/html_dir/2021/02/21/2021022100184.html"),
    );
    assert_window(&v, "2021-02-19T23:00:00+09:00", "2021-02-20T19:00:00+09:00");
}

#[test]
fn a_lasted_word_before_a_range_does_not_make_its_first_clock_a_length() {
    // "qui a duré de 9h30 à 13h45": from 9:30 to 13:45, not a length of 9h30
    let out = run(&[
        "times",
        "--lang",
        "fr",
        "--ref",
        "2017-06-30T18:00:00",
        "--tz",
        "Europe/Paris",
        "--json",
        "La panne, qui a duré de 9h30 à 13h45, a touché la Sarthe.",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["times"][0]["value"], "2017-06-30T09:30:00+02:00", "{v}");
    assert_eq!(
        v["times"][0]["end_value"], "2017-06-30T13:45:00+02:00",
        "{v}"
    );
    assert_eq!(v["durations"].as_array().map(Vec::len), Some(0), "{v}");
    // a lasted word before a cue and an hour alone is still a length ("kéo dài đến 24 giờ")
    let out = run(&[
        "times",
        "--lang",
        "vi",
        "--json",
        "Sự cố kéo dài đến 24 giờ.",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["durations"][0]["value"], "1d", "{v}");
}

#[test]
fn a_time_told_in_the_future_tense_is_a_promise_not_the_end() {
    // "ficarão indisponíveis até as 20h" (will stay down until 20:00) is an estimate; the end is
    // "restabelecido às 17h"
    let v = draft(
        "pt-future-tense-promise.txt",
        Some("https://noticias.example.com.br/2022/10/26/portal-fora-do-ar.html"),
    );
    assert_window(&v, "2022-10-25T09:00:00-03:00", "2022-10-25T17:00:00-03:00");
}

#[test]
fn a_dated_byline_beats_a_urls_year_and_month_and_a_slugs_number_is_no_day() {
    // "/2024/03/5-20.html": the slug's "5-20" is the title's "5시간 20분", not 5 March; the
    // byline's day (15 March) anchors "지난 14일"
    let v = draft(
        "ko-byline-over-url-month.txt",
        Some("https://blog.example.com/2024/03/5-20.html"),
    );
    assert_eq!(v["case"]["date"], "2024-03-14");
    assert_window(&v, "2024-03-14T10:10:00+09:00", "2024-03-14T15:30:00+09:00");
}

#[test]
fn a_photo_credits_date_is_the_photos_not_the_storys() {
    // the caption's "2024.10.02." (signed with the photographer's address) must not lend its
    // month to the story's "12일": the story is the page's day, 12 March 2025
    let v = draft(
        "ko-photo-credit-date.txt",
        Some("https://news.example.co.kr/view/EXN20250312_0001234567"),
    );
    assert_eq!(v["case"]["date"], "2025-03-12");
    assert_window(&v, "2025-03-12T13:05:00+09:00", "2025-03-12T15:05:00+09:00");
    assert_no_event_quoting(&v, "2024");
    // what the caption shows (an earlier data-centre fire) is background, not this case's cause
    assert_eq!(v["case"]["root_cause"], "config-change");
    assert!(
        !v["case"]["components"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "datacenter-facility"),
        "{}",
        v["case"]["components"]
    );
}

#[test]
fn a_weekday_named_alone_on_an_undated_page_counts_back_from_its_latest_written_day() {
    // only "2021-06" dates the page; "jeudi" alone is the Thursday it writes (3 June), so
    // "depuis minuit" is the range's own midnight, not a week earlier
    let v = draft("fr-weekday-after-dated-days.txt", None);
    assert_eq!(v["case"]["date"], "2021-06-02");
    assert_window(&v, "2021-06-02T18:00:00+02:00", "2021-06-03T00:00:00+02:00");
}

#[test]
fn a_time_inside_a_timeline_row_is_what_the_row_reports_about_not_its_detection() {
    // the 10:20 row says what happened at 09:23; the first alert is the 09:36 row
    let v = draft(
        "en-row-inner-time-is-no-detection.txt",
        Some("https://example.com/blog/checkout-errors"),
    );
    assert_eq!(v["case"]["timeline"]["detected_after"], "13m");
    assert_window(&v, "2024-02-06T09:23:00+00:00", "2024-02-06T10:36:00+00:00");
}

#[test]
fn monitoring_that_tells_the_onset_is_detection_at_the_start() {
    let v = draft(
        "en-monitoring-tells-the-onset.txt",
        Some("https://status.example.com/history/2024/march/dashboard"),
    );
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "36m");
}

#[test]
fn a_problem_that_occurred_at_a_time_is_the_onset() {
    // "sei gegen 13.30 Uhr aufgetreten" (occurred): the start, not the length before the end
    let v = draft(
        "de-occurred-is-the-onset.txt",
        Some("https://news.example.de/artikel/registry-stoerung"),
    );
    assert_window(&v, "2010-05-12T13:30:00+02:00", "2010-05-12T15:45:00+02:00");
}

#[test]
fn a_count_as_of_a_time_is_a_cut_off_not_an_event() {
    // "Tính đến 17h00 …, 85% số vé …": a measurement's cut-off; the recovery at 12h30 is one
    let v = draft(
        "vi-cut-off-is-no-event.txt",
        Some("https://tin.example.vn/ban-ve-online"),
    );
    let q = event_quotes(&v);
    assert!(!q.iter().any(|q| q.contains("17h00")), "{q:?}");
    assert!(q.iter().any(|q| q.contains("12h30")), "{q:?}");
}

#[test]
fn every_inhabited_country_domain_infers_its_zone_but_vanity_domains_do_not() {
    // .ng (Nigeria) gives Lagos, flagged; .io names no country: English's default, not Chagos
    let v = draft(
        "en-country-domain.txt",
        Some("https://news.example.ng/bank-app-outage"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "Africa/Lagos");
    assert_eq!(v["review"]["timezone"]["how"], "inferred");
    let v = draft(
        "en-country-domain.txt",
        Some("https://status.example.io/bank-app-outage"),
    );
    assert_ne!(v["review"]["timezone"]["zone"], "Indian/Chagos");
}

#[test]
fn a_length_before_an_outage_noun_is_the_outage_length() {
    // "a 41 minute outage starting at 09:12 UTC": the only clock is the start, the length
    // gives the end (the phases' lengths after it are not the outage's)
    let v = draft(
        "en-length-before-outage-noun.txt",
        Some("https://blog.example.com/2021/03/outage-postmortem"),
    );
    assert_eq!(v["case"]["timeline"]["resolved_after"], "41m");
    assert_eq!(v["review"]["window"]["start"], "2021-03-04T09:12:00+00:00");
    // "2시간 먹통": a length right before the outage noun, in Korean news
    let v = draft(
        "ko-length-before-outage-noun.txt",
        Some("https://news.example.co.kr/2022/06/16/pay-outage"),
    );
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h");
}

#[test]
fn finding_the_problem_at_the_onset_is_detection_at_zero() {
    let v = draft(
        "en-found-a-problem-at-onset.txt",
        Some("https://status.example.com/incidents/abc123"),
    );
    assert_eq!(v["review"]["window"]["start"], "2023-03-03T06:10:00-08:00");
    let det = v["case"]["timeline"]["detected_after"]
        .as_str()
        .unwrap_or("");
    assert!(det == "0s" || det == "0m", "detected_after {det:?}");
}

#[test]
fn a_timeline_heading_names_its_zone_by_region_alone() {
    // "Timeline (all times Pacific):" names the zone without "time": the clocks under it are
    // Pacific, so a UTC stamp of the next day falls on the same local day as the timeline
    let out = run(&[
        "times",
        "--lang",
        "en",
        "--ref",
        "2017-02-22T12:00:00",
        "--json",
        "Timeline (all times Eastern):\n11:17am First internal alerts\n1:09 pm Service restored",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let values = time_values(&v);
    assert_eq!(
        values,
        ["2017-02-22T11:17:00-05:00", "2017-02-22T13:09:00-05:00"],
        "{v}"
    );
}

#[test]
fn status_page_stamps_in_african_and_south_american_zones_keep_their_offset() {
    // status-page software prints the zone's current abbreviation after each stamp: "CAT",
    // "EAT", "WAT", "CLT", "PKT" are as stated as "UTC" or "PDT"
    for (stamp, want) in [
        (
            "Posted Feb 01, 2023 - 09:58 CAT",
            "2023-02-01T09:58:00+02:00",
        ),
        (
            "Posted Feb 01, 2023 - 09:58 EAT",
            "2023-02-01T09:58:00+03:00",
        ),
        (
            "Posted Feb 01, 2023 - 09:58 WAT",
            "2023-02-01T09:58:00+01:00",
        ),
        (
            "Posted Jul 01, 2023 - 09:58 CLT",
            "2023-07-01T09:58:00-04:00",
        ),
        (
            "Posted Feb 01, 2023 - 09:58 PKT",
            "2023-02-01T09:58:00+05:00",
        ),
    ] {
        let out = run(&["times", "--lang", "en", "--json", stamp]);
        assert!(out.status.success(), "{}", stderr(&out));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["times"][0]["value"], want, "{stamp}: {v}");
    }
}

#[test]
fn a_relative_day_with_a_clock_outweighs_a_background_date_on_a_dated_page() {
    // "yesterday at 3pm" on a page of 20 March is the 19th: the bare "5pm" after it is that
    // day's, not the day of "March 3", which the story names only as an earlier outage
    let out = run(&[
        "times",
        "--lang",
        "en",
        "--tz",
        "UTC",
        "--ref",
        "2024-03-20T12:00:00",
        "--json",
        "The site went down yesterday at 3pm and came back at 5pm. Back on March 3, a similar outage hit the site.",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let values = time_values(&v);
    assert_eq!(
        values[..2],
        ["2024-03-19T15:00:00+00:00", "2024-03-19T17:00:00+00:00"],
        "{v}"
    );
}

/// The start values of every time `times --json` printed.
fn time_values(v: &Value) -> Vec<&str> {
    v["times"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["value"].as_str())
        .collect()
}

#[test]
fn a_day_the_story_looks_back_to_does_not_date_the_clocks_after_it() {
    // "20일 오후 6시부터 … 지난 13일 … 장애가 난 지 일주일 만에 … 오후 6시쯤 … 이날 오후 6시10분쯤":
    // the 13th is an earlier outage; the bare clocks after it are the 20th's
    let v = draft(
        "ko-look-back-day-is-not-the-story-day.txt",
        Some("https://news.example.co.kr/view/20140320006650"),
    );
    assert_eq!(v["case"]["date"], "2014-03-20");
    assert_window(&v, "2014-03-20T18:00:00+09:00", "2014-03-20T18:25:00+09:00");
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert!(at.iter().all(|a| a.starts_with("2014-03-20")), "{at:?}");
}

#[test]
fn a_today_written_with_its_date_dates_an_undated_page() {
    // no date in the URL or byline: "sáng nay (25/3)" says the page was written on the 25th,
    // so "9h sáng nay" is the 25th's 9:00 while "10h sáng 24/3" keeps its own day
    let v = draft(
        "vi-today-written-with-its-date.txt",
        Some("https://tin.example.vn/he-thong-gian-doan-post1623103.html"),
    );
    assert_eq!(v["case"]["date"], "2024-03-24");
    assert_eq!(
        fields(&v)["date.reference"]["quote"]
            .as_str()
            .map(|q| q.trim_end().trim_end_matches(')')),
        Some("sáng nay (25/3")
    );
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert!(at.contains(&"2024-03-24T10:00:00+07:00"), "{at:?}");
    assert!(at.contains(&"2024-03-25T09:00:00+07:00"), "{at:?}");
}

#[test]
fn a_time_right_before_a_verb_final_recovery_word_ends_the_window() {
    // "同日正午ごろから続いていた障害は午後5時台に復旧した": 17:00 is the recovery's adverb, not the
    // outage noun's own time, so the window runs 12:00–17:00 instead of starting at 17:00
    let v = draft(
        "ja-recovery-time-before-its-word.txt",
        Some("https://news.example.jp/articles/20240312/b2"),
    );
    assert_window(&v, "2024-03-12T12:00:00+09:00", "2024-03-12T17:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "5h", "{v}");
}

#[test]
fn a_round_length_beside_two_exact_ends_does_not_outrank_their_own_length() {
    // "오전 10시 37분부터 11시 6분까지 약 30분간": the ends are exact, so resolved_after is
    // their 29 minutes, not the headline's round 30
    let v = draft(
        "ko-round-length-beside-exact-ends.txt",
        Some("https://news.example.kr/view/AKR20200520055100017"),
    );
    assert_window(&v, "2020-05-20T10:37:00+09:00", "2020-05-20T11:06:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "29m", "{v}");
}

#[test]
fn errors_that_stopped_end_the_window_and_customers_contacting_us_is_detection() {
    // "customers report that the 502 errors have stopped" is the recovery (11:20), not a
    // second onset; "customers contact us about 502 errors" is how the team learnt of it
    let v = draft(
        "en-errors-stopped-customers-contact.txt",
        Some("https://status.example.com/incidents/abc123"),
    );
    assert_window(&v, "2024-03-07T10:05:00-05:00", "2024-03-07T11:20:00-05:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "35m", "{v}");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h15m", "{v}");
}

#[test]
fn a_restart_its_next_clause_says_did_not_help_is_no_recovery() {
    // "The database is restarted, which does not bring it back": the clause after the comma
    // undoes the recovery word, so the window runs to 10:14, as the stated 1h12m says; support
    // noticing at the very start is the detection (0m)
    let v = draft(
        "en-restart-that-did-not-help.txt",
        Some("https://blog.example.com/2023/02/14/post-mortem"),
    );
    assert_window(&v, "2023-02-14T09:02:00-08:00", "2023-02-14T10:14:00-08:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h12m", "{v}");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn a_night_told_without_a_date_ends_on_the_day_the_page_was_filed() {
    // the URL files the page on 5 October and the text writes no date: 17:20 … 1:30 de la
    // madrugada is the evening of the 4th and the small hours of the 5th, not the 5th and 6th
    let v = draft(
        "es-night-before-publication.txt",
        Some("https://www.example.es/tecnologia/noticias/caida-redes-20211005_1539104"),
    );
    assert_window(&v, "2021-10-04T17:20:00+02:00", "2021-10-05T01:30:00+02:00");
    assert_eq!(v["case"]["date"], "2021-10-04", "{v}");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "8h10m", "{v}");
}

#[test]
fn a_time_that_dates_the_announcement_of_a_recovery_does_not_end_the_window() {
    // "Por volta das 10h, a empresa comunicou que o problema havia sido normalizado": 10h is when
    // the company said so; the note's "normalizado às 9h30" is the recovery
    let v = draft(
        "pt-announced-recovery-time.txt",
        Some("https://news.example.com.br/24/01/2013/operadora-sem-internet"),
    );
    assert_window(&v, "2013-01-24T06:30:00-02:00", "2013-01-24T09:30:00-02:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "3h", "{v}");
}

#[test]
fn an_imperfect_recovery_verb_ends_the_window_and_the_daypart_before_it_dates_the_case() {
    // "Hacia las 9:30 de la mañana del miércoles volvía a funcionar": a recovery (imperfect), not
    // an onset; the case's day is the one "Este martes por la tarde" names
    let v = draft(
        "es-imperfect-recovery-after-daypart.txt",
        Some("https://www.example.es/politica/2025/10/15/caida-1.html"),
    );
    assert_eq!(v["review"]["window"]["start"], Value::Null, "{v}");
    assert_eq!(
        v["review"]["window"]["end"], "2025-10-15T09:30:00+02:00",
        "{v}"
    );
    assert_eq!(v["case"]["date"], "2025-10-14", "{v}");
}

#[test]
fn a_maintenance_period_told_beside_the_outage_is_not_another_impact_period() {
    // "25日の0時から5時37分ごろまで行われていたメンテナンス": the work's period, not the outage's,
    // so the window is the lead's 9:30–14:13 and not the union from midnight
    let v = draft(
        "ja-maintenance-period-is-no-impact.txt",
        Some("https://news.example.jp/market/detail/20191125_146557.html"),
    );
    assert_window(&v, "2019-11-25T09:30:00+09:00", "2019-11-25T14:13:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "4h43m", "{v}");
}

#[test]
fn a_quoted_today_does_not_date_the_clocks_the_report_tells_after_it() {
    // the report is filed on the 26th about "terça, 25/10"; the Fisco's quoted "até as 20h de
    // hoje" is the day it spoke, so "restabelecido às 17h" stays on the 25th
    let v = draft(
        "pt-quoted-today-does-not-date-the-story.txt",
        Some("https://news.example.com.br/noticias/2022/10/26/portal-sai-do-ar.html"),
    );
    assert_eq!(
        v["review"]["window"]["end"], "2022-10-25T17:00:00-03:00",
        "{v}"
    );
    assert_eq!(v["case"]["date"], "2022-10-25", "{v}");
}

#[test]
fn a_first_time_words_mark_as_the_recovery_is_no_start() {
    // "Die Probleme seien seit etwa sieben Uhr morgens wieder behoben": 07:00 ends the outage
    // that began in the night (no clock); a later "um 7.50 Uhr … die Lage werde besser" does
    // not turn it into a window from 07:00
    let v = draft(
        "de-since-recovered-first-time.txt",
        Some("https://www.example.de/aus-aller-welt/2020/06/16/stoerung.html"),
    );
    assert_eq!(v["review"]["window"]["start"], Value::Null, "{v}");
    assert_eq!(
        v["review"]["window"]["end"], "2020-06-16T07:00:00+02:00",
        "{v}"
    );
}

#[test]
fn in_a_verb_final_language_a_recovery_told_after_a_length_is_not_dated_by_the_time_before_it() {
    // "오후 3시20분쯤 … 장애가 일어난 뒤 17분 만에 복구됐다": 15:20 is the onset, and the
    // recovery came 17 minutes later, not at 15:20
    let v = draft(
        "ko-length-between-time-and-recovery.txt",
        Some("https://news.example.co.kr/2022/09/14/article/1"),
    );
    assert_window(&v, "2022-09-14T15:20:00+09:00", "2022-09-14T15:37:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "17m");
}

#[test]
fn in_a_verb_final_language_a_time_belongs_to_the_verb_after_it() {
    // "발생한 장애를 오후 2시 10분께 완전히 복구했다": the onset words before the time modify
    // the noun; the time dates the recovery that follows it, and "3시간여 만에" gives the start
    let v = draft(
        "ko-time-before-recovery-verb.txt",
        Some("https://news.example.co.kr/2022/09/12/article/2"),
    );
    assert_eq!(v["review"]["window"]["end"], "2022-09-12T14:10:00+09:00");
    assert_ne!(v["review"]["window"]["start"], "2022-09-12T14:10:00+09:00");
}

#[test]
fn a_night_named_across_two_days_puts_evening_clocks_on_the_first() {
    // "In der Nacht von Montag zu Dienstag … ab 22:40 Uhr … Seit ca. 3:15 Uhr sollen die
    // Dienste wieder laufen": Monday 22:40 to Tuesday 03:15; "sollen" there is hearsay, and
    // "ca." no sentence end
    let v = draft(
        "de-night-from-to.txt",
        Some("https://www.example.de/news/mail-stoerung-100.html"),
    );
    assert_window(&v, "2023-03-13T22:40:00+01:00", "2023-03-14T03:15:00+01:00");
    assert_eq!(v["case"]["date"], "2023-03-13");
    // "la nuit de lundi 6 à mardi 7 mars", and a suspense ellipsis before the clock
    let v = draft(
        "fr-night-from-to.txt",
        Some("https://www.example.fr/2023/03/07/panne-messagerie/"),
    );
    assert_window(&v, "2023-03-06T21:00:00+01:00", "2023-03-07T02:10:00+01:00");
}

#[test]
fn a_clock_glossed_with_its_time_in_the_pages_zone_is_one_event() {
    // "11:49 PM (13:49 VN)": the first is in a zone the page does not name; the window is the
    // page's own times
    let v = draft(
        "vi-clock-glossed-in-page-zone.txt",
        Some("https://blog.example.com.vn/?p=27"),
    );
    assert_window(&v, "2025-10-20T13:49:00+07:00", "2025-10-20T15:30:00+07:00");
    assert_eq!(event_quotes(&v).len(), 2, "{:?}", event_quotes(&v));
}

#[test]
fn a_blogs_year_and_month_in_the_url_date_a_day_written_alone() {
    // "/archives/2017/08/…" and "25日午後0時15分": 25 August 2017
    let v = draft(
        "ja-day-alone-url-month.txt",
        Some("https://blog.example.jp/archives/2017/08/post-1.html"),
    );
    assert_eq!(v["case"]["date"], "2017-08-25");
    assert_eq!(v["review"]["window"]["start"], "2017-08-25T12:15:00+09:00");
}

#[test]
fn a_day_written_looking_back_leaves_this_day_on_the_reports_day() {
    // "9일 … 앞서 지난 8일 오후 4시경 … 이날 오전 7시15분경": "지난 8일" looks back, so
    // "이날" is still the 9th and the window crosses midnight
    let v = draft(
        "ko-looking-back-day.txt",
        Some("https://news.example.co.kr/Read?articleId=A202208090077"),
    );
    assert_window(&v, "2022-08-08T16:00:00+09:00", "2022-08-09T07:15:00+09:00");
}

#[test]
fn an_agency_photo_caption_does_not_date_the_story_and_a_schedule_is_no_event() {
    // "2017년3월29일 오후 … 있다./ 뉴스1" is a file photo's caption; "점검은 오후 1시쯤
    // 시작된다" a schedule; "29일 오전 2시 56분부터 …, 오후 5시 58분쯤부터" both the 29th
    let v = draft(
        "ko-agency-caption-two-periods.txt",
        Some("https://it.example.co.kr/site/data/html_dir/2023/01/30/2023013001157.html"),
    );
    assert_eq!(v["case"]["date"], "2023-01-29");
    assert_eq!(v["review"]["window"]["start"], "2023-01-29T02:56:00+09:00");
    let quotes = event_quotes(&v);
    assert!(
        !quotes.iter().any(|q| q.contains("1시쯤")),
        "a schedule is no event: {quotes:?}"
    );
    let ats: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["at"].as_str())
        .collect();
    assert!(ats.contains(&"2023-01-29T17:58:00+09:00"), "{ats:?}");
}

#[test]
fn an_onset_written_without_its_half_word_is_read_in_the_afternoon_when_a_stated_length_says_so() {
    // "20일 오후 11시 … 복구가 완료 … 15일 3시 30분쯤 … 약 127시간 30분": 15:30, not 03:30
    let v = draft(
        "ko-onset-half-by-length.txt",
        Some("https://news.example.co.kr/2022/10/24/article/1"),
    );
    assert_window(&v, "2022-10-15T15:30:00+09:00", "2022-10-20T23:00:00+09:00");
}

#[test]
fn a_total_time_noun_makes_an_about_hour_a_length_in_vietnamese() {
    // "Tổng thời gian gián đoạn khoảng 2 giờ 25 phút": a length, not 02:25
    let v = draft(
        "vi-total-time-about-is-a-length.txt",
        Some("https://news.example.vn/su-co-ngan-hang-123.html"),
    );
    assert_window(&v, "2023-03-12T09:15:00+07:00", "2023-03-12T11:40:00+07:00");
    assert_no_event_quoting(&v, "2 giờ 25");
    let durs = v["review"]["durations"].as_array().unwrap();
    assert!(durs.iter().any(|d| d["value"] == "2h25m"), "{durs:?}");
}

#[test]
fn a_relative_day_glossed_with_its_date_is_that_date() {
    // "gestern Mittag (21.09.2017)": yesterday is the 21st, not the day before it
    let v = draft(
        "de-yesterday-glossed-with-its-date.txt",
        Some("https://www.example.de/region/stoerung-online-banking"),
    );
    assert_window(&v, "2017-09-21T12:30:00+02:00", "2017-09-21T19:00:00+02:00");
    let ats: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["at"].as_str())
        .collect();
    assert!(!ats.iter().any(|a| a.starts_with("2017-09-20")), "{ats:?}");
}

#[test]
fn a_same_hour_minute_takes_the_hour_told_before() {
    // "午前9時10分ごろ … 同45分には": 09:45, not a 45-minute length
    let v = draft(
        "ja-same-hour-minute.txt",
        Some("https://www.example.co.jp/news/20230403/k1.html"),
    );
    let at: Vec<(&str, &str)> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["at"].as_str().unwrap_or(""),
                e["quote"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert!(
        at.contains(&("2023-04-03T09:45:00+09:00", "同45分")),
        "{at:?}"
    );
}

#[test]
fn today_dating_a_report_does_not_date_the_clocks_after_it() {
    // "5 de janeiro … informou hoje a empresa … entre as 16H45 e as 17H45": the 5th, not the
    // day of the statement
    let v = draft(
        "pt-said-today-is-not-the-incidents-day.txt",
        Some("https://www.example.pt/falha-no-sistema-do-metro/"),
    );
    assert_window(&v, "2026-01-05T16:45:00+00:00", "2026-01-05T17:45:00+00:00");
}

#[test]
fn a_day_word_after_a_part_of_the_day_names_the_day_in_vietnamese() {
    // "8 giờ 30 sáng qua" is yesterday morning, "9 giờ tối nay" tonight's 21:00
    let v = draft(
        "vi-yesterday-morning-after-the-clock.txt",
        Some("https://news.example.vn/may-tinh-san-bay-truc-trac-123.html"),
    );
    assert_window(&v, "2012-03-03T07:00:00+07:00", "2012-03-03T08:30:00+07:00");
    let out = run(&[
        "times",
        "--lang",
        "vi",
        "--ref",
        "2012-03-04T03:43",
        "Khoảng 9 giờ tối nay, hệ thống bảo trì.",
    ]);
    let s = stdout(&out);
    assert!(s.contains("2012-03-04T21:00:00"), "{s}");
}

#[test]
fn a_stated_length_far_past_a_single_range_reaches_the_later_recovery() {
    // "中断（9:28-9:40一次，9:47一次）… 自13:30起恢复正常交易 … 瘫痪近四个小时": one outage
    // from 9:28 to 13:30, not the first period's twelve minutes
    let v = draft(
        "zh-length-reaches-recovery-past-range.txt",
        Some("https://news.example.cn/2019-03/05/c_123.htm"),
    );
    assert_window(&v, "2019-03-05T09:28:00+08:00", "2019-03-05T13:30:00+08:00");
}

#[test]
fn a_promise_quoted_after_a_time_is_the_speakers_and_the_notice_is_the_detection() {
    // "오후 10시7분께 SNS를 통해 "… 긴급 점검 중"이라고 알리고 "… 최선을 다하겠다"": the notice was
    // posted at 22:07 (the first signal the page tells), whatever the quoted words promise
    let v = draft(
        "ko-quoted-promise-is-the-speakers.txt",
        Some("https://news.example.co.kr/article/2021/05/06/0001.html"),
    );
    assert_window(&v, "2021-05-05T21:47:00+09:00", "2021-05-06T00:08:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "20m");
    let ev: Vec<(bool, String)> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["approximate"] == true,
                e["quote"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert!(ev.contains(&(true, "오후 10시7분께".to_string())), "{ev:?}");
}

#[test]
fn a_day_written_alone_before_any_month_is_the_dated_pages_month() {
    // the URL dates the page 15 May; "15일 낮 12시10분" is that day, not 15 January taken from
    // the earlier outages written further down ("올 1월 17일", "1월 12일"), and "지난 8일" a week
    // before is another outage, not a first period of this one
    let v = draft(
        "ko-day-alone-takes-the-url-month.txt",
        Some("https://news.example.co.kr/NewsCenter/News/Read?articleId=2023051563911"),
    );
    assert_eq!(v["case"]["date"], "2023-05-15");
    assert_window(&v, "2023-05-15T12:10:00+09:00", "2023-05-15T14:15:00+09:00");
}

#[test]
fn the_alerts_a_product_delivers_are_no_detection_and_a_reported_issue_is() {
    // "real-time alerts interrupted between 00:00 and 02:00" is the impact, not an alert at
    // 00:00; "The issue was reported at 01:44" is the detection
    let v = draft(
        "en-product-alerts-are-no-detection.txt",
        Some("https://status.example.com/incidents/abc123"),
    );
    assert_window(&v, "2026-02-14T00:00:00-05:00", "2026-02-14T02:00:00-05:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "1h44m");
}

#[test]
fn a_length_to_the_peak_is_no_alert_and_acknowledged_problems_are_the_notice() {
    // "su punto máximo 30 minutos después … avisos" is the peak of reports, not the detection;
    // "reconocía los problemas … trabajaban para volver a la normalidad" at six is the first
    // notice (and no recovery)
    let v = draft(
        "es-peak-length-and-acknowledged-problems.txt",
        Some("https://www.example.es/tecnologia/20211005/caida-red-social.html"),
    );
    assert_window(&v, "2021-10-04T17:20:00+02:00", "2021-10-05T01:30:00+02:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "40m");
}

#[test]
fn a_deadline_told_as_an_obligation_is_no_event() {
    // "… 자정까지 보상 요청을 접수해야 한다" is a rule for claims, not midnight of the outage
    let v = draft(
        "ko-obligation-deadline-is-no-event.txt",
        Some("https://news.example.co.kr/news/articleView.html?idxno=1234"),
    );
    assert_window(&v, "2025-01-03T06:26:00+09:00", "2025-01-03T08:37:00+09:00");
    assert_no_event_quoting(&v, "자정");
}

#[test]
fn an_alert_inside_a_quoted_message_does_not_move_the_start_back() {
    // "\"오전 6시 32분 … 경계 경보 발령 …\"는 긴급 재난문자": a civil alert quoted with its own time,
    // not the operators' alert; the outage began at 6:43
    let v = draft(
        "ko-quoted-message-alert-is-not-ours.txt",
        Some("https://biz.example.co.kr/it/2023/05/31/ABC123/"),
    );
    assert_window(&v, "2023-05-31T06:43:00+09:00", "2023-05-31T06:48:00+09:00");
}

#[test]
fn a_notification_history_newest_first_has_stamps_of_its_posts() {
    // updates listed newest first under date-time lines: "12:11PM … The problem is resolved"
    // is the post's stamp, the review's "fully resolved on … 11:11" the end; the later update
    // under "Prevention and follow-up" is no action item
    let v = draft(
        "en-notification-history-newest-first.txt",
        Some("https://status.example.com/pages/history/1234"),
    );
    assert_window(&v, "2020-04-29T09:39:00+00:00", "2020-04-29T11:11:00+00:00");
}

#[test]
fn a_date_time_under_the_authors_name_is_the_byline_and_yesterday_is_the_story_day() {
    // "Redacción … / 03/04/2012 02:13" under a deck that reads as prose is the byline, not an
    // event; "Ayer," opening the next line glosses nothing, so the story is on the 2nd
    let v = draft(
        "es-byline-under-author-and-yesterday.txt",
        Some("https://www.example.com.ar/sociedad/falla-operadora_0_675532510.html"),
    );
    assert_eq!(v["case"]["date"], "2012-04-02");
    assert_no_event_quoting(&v, "02:13");
}

#[test]
fn machines_told_functional_again_end_the_window_in_french() {
    // "À 8h30, après vérification, toutes les VMs et instances sont fonctionnelles"
    let v = draft(
        "fr-rows-functional-again.txt",
        Some("https://news.example.fr/2014/10/incident-stockage/"),
    );
    assert_window(&v, "2014-10-07T20:00:00+02:00", "2014-10-08T08:30:00+02:00");
}

#[test]
fn a_recovery_word_a_quote_away_before_after_a_length_states_the_resolution() {
    // "sus \"servicios se encuentran totalmente restablecidos\" después de casi 4 horas": the
    // recovery word stands a closing quote and a few words before the length
    let v = draft(
        "es-restored-after-a-length-quoted.txt",
        Some("https://www.example.com.mx/negocios/2021/11/22/bbva-falla-app/"),
    );
    assert_eq!(v["case"]["timeline"]["resolved_after"], "4h");
}

#[test]
fn a_written_on_stamp_at_the_foot_dates_the_page_and_its_night() {
    // "Originally Written: 25-Apr-2013 02:32": the page was written in the small hours of the
    // 25th, so "[22:35-01:35]" is the night from the 24th, and the stamps are no events
    let v = draft(
        "en-footer-written-stamp-night.txt",
        Some("https://secure.example.net/content/misc/readMore.php?news=4781"),
    );
    assert_eq!(v["case"]["date"], "2013-04-24");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "3h");
    assert_no_event_quoting(&v, "2013");
}

#[test]
fn a_status_history_cut_below_an_episodes_recovery_starts_at_the_first_impact_post() {
    // the oldest posts left on the page close an episode whose start scrolled off: a
    // recovery is never a start, so the window is the one whole episode above them
    let v = draft(
        "status-history-cut-episode.txt",
        Some("https://status.example.com/history"),
    );
    assert_window(&v, "2018-03-10T10:01:37+00:00", "2018-03-10T10:56:33+00:00");
}

#[test]
fn triggered_is_no_recovery_and_removed_is_one() {
    // "ausgelöst" (triggered) holds "gelöst" (solved): the onset's time is no recovery, and
    // "beseitigen" (remove the fault) is
    let v = draft(
        "de-triggered-and-removed.txt",
        Some("https://status.example.de/stoerung"),
    );
    assert_window(&v, "2025-03-14T15:20:00+01:00", "2025-03-15T08:44:00+01:00");
}

#[test]
fn traditional_chinese_same_day_takes_the_day_the_story_named() {
    // "當天 10:58" is the day "昨天(11 月 27 日)" named, read through its simplified twin,
    // not the day the page mentions most (an earlier outage's 11 月 12 日)
    let v = draft(
        "zh-traditional-same-day.txt",
        Some("https://news.example.com/article/99"),
    );
    assert_window(&v, "2023-11-27T09:16:00+08:00", "2023-11-27T10:58:00+08:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h42m");
}

#[test]
fn complaints_in_the_next_sentence_do_not_date_a_detection() {
    // "… 오후 4시까지 계속됐다. 시민들의 불만 제기와 문의전화가 줄을 이었다": the complaints
    // have no time of their own; the end of the previous sentence is no detection
    let v = draft(
        "ko-complaints-next-sentence.txt",
        Some("https://news.example.com/article/7"),
    );
    assert_window(&v, "2020-04-03T11:30:00+09:00", "2020-04-03T16:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], Value::Null);
}

#[test]
fn an_error_confirmed_row_at_the_start_is_detection_at_once() {
    // "14시 29분 - 서버 오류 확인": the error was confirmed when it began
    let v = draft(
        "ko-error-confirmed-row.txt",
        Some("https://notice.example.com/updates/1"),
    );
    assert_window(&v, "2024-06-26T14:29:00+09:00", "2024-06-26T15:55:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn a_since_clause_that_ends_in_a_recovery_dates_the_recovery_even_when_long() {
    // "Seit 9:20 Uhr nimmt die Leitstelle … Notrufe unter der 112 wieder an": the verb's
    // particle comes at the clause's end, far from "seit"; the onset is told after it
    let v = draft(
        "de-since-recovered-long-clause.txt",
        Some("https://www.stadt.example.de/presse/notruf"),
    );
    assert_window(&v, "2022-10-11T07:20:00+02:00", "2022-10-11T09:20:00+02:00");
}

#[test]
fn a_recovery_with_an_earlier_clock_than_the_onset_told_before_it_is_the_next_morning() {
    // "gegen 15:20 Uhr" (onset) … "die Störung um 08:44 Uhr beseitigen" (a recovery, the
    // time before its clause-final verb): no year anywhere, so no window, but the length
    // runs past midnight
    let v = draft(
        "de-undated-recovery-next-morning.txt",
        Some("https://status.example.de/incidents/abc"),
    );
    assert_eq!(v["review"]["window"]["start"], Value::Null);
    assert_eq!(v["case"]["timeline"]["resolved_after"], "17h24m");
    assert_eq!(v["case"]["timeline"]["detected_after"], Value::Null);
    assert!(
        warnings(&v)
            .iter()
            .any(|w| w.contains("read as the next day")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn a_separable_verb_of_noticing_dates_the_detection() {
    // "stellte die Leitstelle um 10:30 Uhr fest, dass …": the failure was noticed when the
    // story begins, so detection is at once
    let v = draft(
        "de-noticed-separable-verb.txt",
        Some("https://www.kreis.example.de/news/2016/alarmierung"),
    );
    assert_window(&v, "2016-03-20T10:30:00+01:00", "2016-03-20T12:00:00+01:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn lasted_until_ends_the_window_in_cjk_and_korean() {
    // "12時14分ごろに始まり、17時35分まで続いた": "まで続いた" (lasted until) is the end
    let v = draft(
        "ja-lasted-until.txt",
        Some("https://news.example.jp/NEWS/20060508/123/"),
    );
    assert_window(&v, "2006-05-07T12:14:00+09:00", "2006-05-07T17:35:00+09:00");
}

#[test]
fn a_length_told_from_a_time_measures_that_period_not_the_incident() {
    // "오후 10시45분부터 약 20분간" is the emergency mode's length, from 22:45: it does not
    // put the start 20 minutes before the last recovery
    let v = draft(
        "ko-length-from-a-told-time.txt",
        Some("https://news.example.kr/newsView/20241203519558"),
    );
    assert_window(&v, "2024-12-03T23:00:00+09:00", "2024-12-04T01:20:00+09:00");
}

#[test]
fn customers_who_regained_their_service_date_the_end() {
    // "ont progressivement récupéré leur service …, les derniers aux alentours de 16h": the
    // last customers back is the end; no start time is written
    let v = draft(
        "fr-clients-regained-service.txt",
        Some("https://blog.example.fr/2019/07/coupure-fibres"),
    );
    assert_eq!(v["review"]["window"]["end"], "2019-07-02T16:00:00+02:00");
}

#[test]
fn a_recovery_told_as_later_than_a_time_counts_from_that_time() {
    // "rolled back the release at 10:05 UTC. Payments were fully restored about 40 minutes
    // later": the end is 10:45, not 40 minutes after the start
    let v = draft(
        "en-later-than-told.txt",
        Some("https://status.example.com/2024/03/05/checkout"),
    );
    assert_window(&v, "2024-03-04T09:10:00+00:00", "2024-03-04T10:45:00+00:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h35m");
    // "Um 15.05 Uhr lief der Server wieder an, die App war aber erst eine halbe Stunde später
    // wieder erreichbar": the words are data, per language
    let v = draft(
        "de-later-than-told.txt",
        Some("https://www.example.de/2024/03/05/stoerung-online-banking"),
    );
    assert_window(&v, "2024-03-05T14:20:00+01:00", "2024-03-05T15:35:00+01:00");
    assert_eq!(
        v["review"]["fields"]["window.end"]["rule"],
        "recovery told as a length after the time before it"
    );
}

#[test]
fn a_fire_breaking_out_is_an_onset() {
    // "y a provoqué un départ de feu autour de 4h du matin": the only time on the page, and
    // the outbreak of the fire that took the sites down
    let v = draft(
        "fr-fire-broke-out.txt",
        Some("https://www.example.fr/actualites/2023/04/26/panne-hebergeur"),
    );
    assert_eq!(v["review"]["window"]["start"], "2023-04-26T04:00:00+02:00");
}

#[test]
fn the_time_of_a_change_told_as_the_outages_cause_is_no_onset() {
    // "这次故障的原因,与当天上午 9 点 … 参数调整有关": 09:00 is when the cause was set up,
    // ten hours before the impact began at 19:40
    let v = draft(
        "zh-cause-time-not-onset.txt",
        Some("https://blog.example.cn/2019/03/message-outage/"),
    );
    assert_window(&v, "2019-03-12T19:40:00+08:00", "2019-03-12T21:05:00+08:00");
}

#[test]
fn a_since_time_whose_sentence_tells_no_impact_is_no_onset() {
    // "오전 9시부터 … 대출 신청을 받았다" (from 9:00 the bank took loan applications): "from"
    // dates the applications; the impact began at 9:40
    let v = draft(
        "ko-bare-since-no-onset.txt",
        Some("https://news.example.kr/2021/01/25/bank-app"),
    );
    assert_window(&v, "2021-01-25T09:40:00+09:00", "2021-01-25T11:10:00+09:00");
}

#[test]
fn a_rounded_length_after_within_is_the_length_not_a_ceiling() {
    // "came back within approximately 18 minutes of the initial impact": a writer who rounds
    // tells the length; "within 18 minutes" alone stays an upper bound
    let v = draft(
        "en-within-approximately.txt",
        Some("https://status.example.com/incidents/temporary-interruption"),
    );
    assert_window(&v, "2025-03-03T09:12:00+00:00", "2025-03-03T09:30:00+00:00");
}

#[test]
fn the_first_response_at_a_time_dates_the_detection() {
    // "16시 10분 확인 작업에 착수했고": the operators set to work at 16:10, so they knew by
    // then; no alert time is told
    let v = draft(
        "ko-first-response-detection.txt",
        Some("https://it.example.kr/2013/12/01/game-outage"),
    );
    assert_window(&v, "2013-12-01T15:54:00+09:00", "2013-12-01T17:05:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "16m");
}

#[test]
fn a_us_place_named_in_japanese_gives_the_clock_its_zone() {
    // "米アイオワ州 … 19時45分頃": a Japanese page on an event in Iowa tells Iowa's clock; the
    // place is named in katakana, as Korean and Chinese pages name it in their scripts
    let v = draft(
        "ja-us-place-zone.txt",
        Some("https://blog.example.tv/category/system-trouble/"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "America/Chicago");
    assert_eq!(v["review"]["timezone"]["how"], "inferred");
    assert_eq!(v["review"]["events"][1]["at"], "2020-02-03T19:45:00-06:00");
}

#[test]
fn a_stamp_with_its_month_named_under_the_headline_is_the_byline() {
    // "Thursday, September 27, 2018, 14:08 GMT+7" under the headline dates the page: it gives
    // the week ("on Sunday" is the 23rd) and the zone, and is no onset
    let v = draft(
        "en-month-name-byline.txt",
        Some("https://news.example.vn/news/business/20180927/data-center-outage/47138.html"),
    );
    assert_window(&v, "2018-09-23T11:00:00+07:00", "2018-09-23T14:30:00+07:00");
}

#[test]
fn teve_inicio_is_an_onset_and_a_light_that_began_to_return_is_none() {
    // "A falta de luz teve início por volta das 0h15": the blackout's start; "a luz começava
    // a voltar" (power was beginning to return) at 4h30 is a recovery, not an onset
    let v = draft(
        "pt-teve-inicio.txt",
        Some("https://noticias.example.com.br/2012/10/26/apagao.htm"),
    );
    assert_eq!(v["review"]["window"]["start"], "2012-10-26T00:15:00-02:00");
}

#[test]
fn a_time_that_reports_the_repair_dates_no_alert() {
    // "긴급 점검에 들어가 오후 4시 쯤 복구를 마쳤고": the check began some time before 16:00,
    // when the repair was done; no detection time is told
    let v = draft(
        "ko-check-then-repair.txt",
        Some("https://news.example.kr/2020/04/04/local-currency"),
    );
    assert_window(&v, "2020-04-03T11:30:00+09:00", "2020-04-03T16:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], Value::Null);
}

#[test]
fn a_round_length_keeps_the_onset_told_first() {
    // "12:27 … suddenly failed … An hour later, at 13:29, … working normally again" and "around
    // 12:30 … passengers noticed": the hour is round, so the onset told at 12:27 is the start,
    // not the nearer 12:30 a minute from 13:29 minus an hour
    for fixture in [
        "en-round-length-after-onset.txt",
        "zh-round-length-after-onset.txt",
    ] {
        let v = draft(fixture, Some("https://news.example.com/2011/01/24/tickets"));
        let start = v["review"]["window"]["start"].as_str().unwrap_or("");
        let end = v["review"]["window"]["end"].as_str().unwrap_or("");
        assert!(
            start.starts_with("2011-01-23T12:27:00"),
            "{fixture}: {start}"
        );
        assert!(end.starts_with("2011-01-23T13:29:00"), "{fixture}: {end}");
        assert_eq!(v["case"]["timeline"]["resolved_after"], "1h2m", "{fixture}");
    }
}

#[test]
fn korean_noticing_and_confirming_a_fault_date_its_detection() {
    // "장애를 처음 알아챈 시각은 오전 9시 10분께" (first noticed) and "오후 3시10분 … 접속이
    // 원활하지 않은 것을 확인했고" (confirmed it was not working): the detection is at the onset
    for (fixture, start) in [
        ("ko-noticed-at-the-onset.txt", "2024-03-05T09:10:00+09:00"),
        ("ko-confirmed-not-working.txt", "2024-03-05T15:10:00+09:00"),
    ] {
        let v = draft(fixture, Some("https://news.example.co.kr/2024/03/05/x"));
        assert_eq!(v["review"]["window"]["start"], start, "{fixture}");
        assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{fixture}");
    }
}

#[test]
fn a_country_domain_where_the_pages_language_is_not_written_gives_no_zone() {
    // a Taiwanese site on Madagascar's ".mg": the domain was bought for its letters
    let v = draft(
        "zh-vanity-country-domain.txt",
        Some("https://www.example.mg/lifestyle/4454422"),
    );
    assert_ne!(
        v["review"]["timezone"]["zone"], "Indian/Antananarivo",
        "{v}"
    );
    assert!(
        v["review"]["window"]["start"]
            .as_str()
            .unwrap_or("")
            .ends_with("+08:00"),
        "{v}"
    );
    // the same page on a Chinese-writing country's domain keeps the domain's zone
    let v = draft(
        "zh-vanity-country-domain.txt",
        Some("https://www.example.tw/lifestyle/4454422"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "Asia/Taipei", "{v}");
    assert_eq!(
        v["review"]["fields"]["timezone"]["rule"],
        "the URL's country domain"
    );
}

#[test]
fn a_system_that_could_restart_ends_the_window() {
    // "le tri bagages a pu redémarrer à 18h50": the only time on the page is the recovery, kept
    // as an end without a start
    let v = draft(
        "fr-restarted-ends.txt",
        Some("https://www.example.fr/2023/08/04/orly"),
    );
    assert_eq!(
        v["review"]["window"]["end"], "2023-08-03T18:50:00+02:00",
        "{v}"
    );
}

#[test]
fn reported_and_resolved_rows_give_the_window_and_a_lists_rows_are_events() {
    // "Incident Reported: 4:45 AM EST, 8/12/2022" / "Incident Resolved: 2:00 PM EST, …" under
    // the headline are the window's rows, not the page's stamp; the bullets of the timeline
    // further down ("• Power issue solved: 5:55 AM EST, 8/12/2022") are events
    let v = draft(
        "en-reported-resolved-header.txt",
        Some("https://www.example.com/carrier-outage"),
    );
    assert_window(&v, "2022-08-12T04:45:00-04:00", "2022-08-12T14:00:00-04:00");
    // the incident was reported at its start
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
    let quotes = event_quotes(&v);
    assert!(quotes.iter().any(|q| q == "5:55 AM EST"), "{quotes:?}");
    assert!(quotes.iter().any(|q| q == "9:47 AM EST"), "{quotes:?}");
}

#[test]
fn a_repair_told_ends_the_window_and_a_pledge_to_restore_does_not() {
    // "ya ha reparado la avería" at 12.15 is the recovery; "hará todo lo posible para devolver
    // la normalidad" at 9.00 pledges one
    let v = draft(
        "es-repaired-after-promise.txt",
        Some("https://www.example.es/economia/averia"),
    );
    assert_window(&v, "2026-02-18T08:00:00+01:00", "2026-02-18T12:15:00+01:00");
}

#[test]
fn a_range_told_with_an_onset_word_in_later_prose_is_the_window() {
    // "이 문제는 9월 16일 새벽 01 시 - 02 시 사이에 일어났고": no summary states a range, and
    // the period the problem took is told with its onset word in a later paragraph
    let v = draft(
        "ko-range-with-onset-in-prose.txt",
        Some("https://www.example.co.kr/board/4412"),
    );
    assert_window(&v, "2015-09-16T01:00:00+09:00", "2015-09-16T02:00:00+09:00");
    assert_eq!(
        v["review"]["fields"]["window.start"]["rule"],
        "range told with an onset word"
    );
}

#[test]
fn korean_estimated_times_are_no_events_and_a_length_that_went_on_ends_the_window() {
    // "예상 복구 시간을 ▲10시 30분 ▲11시40분 … 바꾸는": estimates, none of them an event; the
    // window is 오전 10시경 plus "2시간 30분만에 복구"
    let v = draft(
        "ko-estimates-and-length.txt",
        Some("https://news.example.co.kr/2005/07/15/bank"),
    );
    assert_window(&v, "2005-07-15T10:00:00+09:00", "2005-07-15T12:30:00+09:00");
    assert_eq!(event_quotes(&v), vec!["오전 10시경"]);
    // "장애는 약 8분 이어지다 빠르게 복구됐다": the length the outage went on
    let v = draft(
        "ko-length-went-on.txt",
        Some("https://news.example.co.kr/2025/04/04/messenger"),
    );
    assert_window(&v, "2025-04-04T11:20:00+09:00", "2025-04-04T11:28:00+09:00");
}

#[test]
fn korean_repair_work_finished_is_the_recovery() {
    // "약 3시간 뒤인 11시 42분에 … (오류) 수정 작업을 끝냈고, … 해결된 것으로 본다": the
    // repair finished at 23:42 (the evening told by 오후 8시 48분), not start plus three hours
    let v = draft(
        "ko-repair-work-finished.txt",
        Some("https://news.example.co.kr/2025/11/19/cloud"),
    );
    assert_window(&v, "2025-11-18T20:48:00+09:00", "2025-11-18T23:42:00+09:00");
}

#[test]
fn japanese_access_lost_is_an_onset_and_confirming_the_fault_a_detection() {
    // "20時00分頃から、サーバーにアクセスできない状態となりました" starts the impact; "21時10分、
    // サーバーで障害が起きていることを確認いたしました" is when it was confirmed
    let v = draft(
        "ja-confirmed-occurring.txt",
        Some("https://www.example.jp/news/20210628"),
    );
    assert_window(&v, "2021-06-27T20:00:00+09:00", "2021-06-28T11:50:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "1h10m");
}

#[test]
fn reports_reaching_the_operators_date_the_detection() {
    // a status history's "Uns erreichen Meldungen über Probleme …" posted at 19:31 UTC: the
    // first reports, 3h41m after the summary's start
    let v = draft(
        "de-reports-reach-us.txt",
        Some("https://status.example.com/de/incidents/13"),
    );
    assert_window(&v, "2025-02-13T15:50:00+00:00", "2025-02-13T19:48:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "3h41m");
}

#[test]
fn a_second_story_on_an_earlier_day_is_not_the_windows_start() {
    // the bank's outage is told whole first (after 8 a.m. … restored at 9:15 a.m.); the postal
    // bank's outage of the day before, told after it, is another story
    let v = draft(
        "en-second-story-earlier-day.txt",
        Some("https://news.example.com/2022/11/19/banks"),
    );
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    let end = v["review"]["window"]["end"].as_str().unwrap_or("");
    assert!(start.starts_with("2022-11-19T08:00:00"), "{start}");
    assert!(end.starts_with("2022-11-19T09:15:00"), "{end}");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "1h15m");
}

#[test]
fn korean_a_symptom_appearing_is_an_onset_and_a_fault_confirmed_a_detection() {
    // "오전 9시부터 … 결제가 되지 않는 현상이 나타났다" starts the impact; "오전 9시 12분께 장애가
    // 확인됐고" (passive: the fault was confirmed) dates the detection
    let v = draft(
        "ko-fault-was-confirmed.txt",
        Some("https://news.example.co.kr/2024/03/05/pay"),
    );
    assert_window(&v, "2024-03-05T09:00:00+09:00", "2024-03-05T10:05:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "12m");
}

#[test]
fn korean_a_repeated_afternoon_time_without_its_meridiem_is_the_same_instant() {
    // "12일 오후 2시10분부터" in the lead, "지난 12일 2시10분께부터" in the body: the body drops
    // 오후, and the same day and minutes say it is the same afternoon time, not 02:10
    let v = draft(
        "ko-meridiem-dropped-on-repeat.txt",
        Some("https://news.example.co.kr/view/2023/06/13/mail"),
    );
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert_eq!(start, "2023-06-12T14:10:00+09:00");
}

#[test]
fn a_stated_length_without_any_clock_time_still_gives_the_resolution() {
    // no clock time anywhere, but "was not fully back for nearly four hours" says how long the
    // impact lasted: resolved_after is that length, the window stays open
    let v = draft(
        "en-length-without-times.txt",
        Some("https://blog.example.com/2019/03/network-outage"),
    );
    assert_eq!(v["case"]["timeline"]["resolved_after"], "4h");
    assert!(v["review"]["window"]["start"].is_null());
    assert_eq!(
        v["review"]["fields"]["timeline.resolved_after"]["quote"],
        "nearly four hours"
    );
}

#[test]
fn german_a_length_before_a_dotted_clock_reaches_its_recovery_word() {
    // "Nach drei Stunden waren gegen 12.30 Uhr alle Anschlüsse wieder online": the full stop in
    // "12.30" ends no sentence, so the length still reaches "wieder online" and the start is
    // three hours before the recovery
    let v = draft(
        "de-length-before-dotted-clock.txt",
        Some("https://news.example.at/2024/03/13/internet-stoerung"),
    );
    assert_eq!(v["case"]["timeline"]["resolved_after"], "3h");
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert!(start.starts_with("2024-03-13T09:30:00"), "{start}");
}

#[test]
fn traditional_chinese_onset_words_mark_the_start() {
    // "轉賬延遲" and "交易失敗" are onset words in traditional characters as much as 延迟 and
    // 失败 are in simplified ones: the start is marked by words, not taken as the earliest time
    let v = draft(
        "zh-hant-onset-words.txt",
        Some("https://news.example.hk/20230415/bank.html"),
    );
    assert_window(&v, "2023-04-14T09:15:00+08:00", "2023-04-14T10:40:00+08:00");
    assert_eq!(
        fields(&v)["window.start"]["rule"],
        "first event reporting impact"
    );
}

#[test]
fn a_problem_first_reported_at_a_time_and_a_line_cut_off_start_the_window() {
    // "the problem, first reported as early as 7.40am" and "his fibre line was cut off at
    // 7.40am" tell the onset; a reader's "went down at 8am" came later
    let v = draft(
        "en-first-reported-and-cut-off.txt",
        Some("https://news.example.sg/tech/broadband-outage"),
    );
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert!(start.starts_with("2021-09-14T07:40:00"), "{start}");
}

#[test]
fn errors_no_longer_shown_is_the_recovery_not_a_later_update() {
    // "no longer shows elevated errors" at 09:20 ends the impact; the 11:05 update only tells
    // the cause
    let v = draft(
        "en-no-longer-showing.txt",
        Some("https://status.example.com/incidents/abc123"),
    );
    assert_window(&v, "2020-03-12T08:35:00+00:00", "2020-03-12T09:20:00+00:00");
}

#[test]
fn a_period_told_without_clocks_dates_the_case_before_its_recovery() {
    // the only timed event is the recovery (3월 6일 … 17시 경 … 정상화); the period the notice
    // states began on 3월 2일, four days before: that is the case's date
    let v = draft(
        "ko-period-before-recovery.txt",
        Some("https://library.example.ac.kr/notice/?uid=1234"),
    );
    assert_eq!(v["case"]["date"], "2023-03-02");
}

#[test]
fn an_alert_that_is_the_first_time_told_is_a_detection_at_the_start() {
    // no onset word marks a time; the first time told is the monitoring alert, so the window
    // starts there and the detection is at the very start (0m)
    let v = draft(
        "en-alert-is-the-first-sign.txt",
        Some("https://blog.example.com/2021/03/chat-interruption"),
    );
    assert_window(&v, "2021-03-04T09:12:00-05:00", "2021-03-04T09:40:00-05:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
    // the same first time, when users noticed it, tells no alert reaching the operators
    let v = draft(
        "en-user-noticed-first.txt",
        Some("https://blog.example.com/2021/03/chat-interruption"),
    );
    assert_window(&v, "2021-03-04T09:12:00-05:00", "2021-03-04T09:40:00-05:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], Value::Null);
}

#[test]
fn a_place_the_lead_names_in_a_multi_zone_country_comes_before_the_countrys_main_zone() {
    // ".com.br" alone says São Paulo; the lead names Corumbá, in Mato Grosso do Sul, whose
    // clocks run an hour behind
    let v = draft(
        "pt-place-in-a-multi-zone-country.txt",
        Some("https://www.noticias.example.com.br/2019/09/09/corumba-sem-internet"),
    );
    assert_eq!(v["review"]["timezone"]["zone"], "America/Campo_Grande");
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert_eq!(start, "2019-09-09T14:00:00-04:00");
}

#[test]
fn korean_noticing_that_a_fault_occurred_is_a_detection_at_its_time() {
    // "19시 12분 장애가 발생한 것을 인지한 뒤": the company noticed at 19:12 that the fault had
    // occurred; the onset and its detection share the time (0m)
    let v = draft(
        "ko-noticed-that-it-occurred.txt",
        Some("https://news.example.co.kr/2023/05/10/gas-callcenter"),
    );
    assert_window(&v, "2023-05-09T19:12:00+09:00", "2023-05-09T19:32:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn an_update_note_in_brackets_is_no_event_of_the_incident() {
    // "【3/3 6:00更新】" after the recovery sentence dates the article's update, not the
    // recovery: the window ends at 0:35, when service came back
    let v = draft(
        "ja-update-note-in-prose.txt",
        Some("https://news.example.jp/articles/1503/02/news120.html"),
    );
    assert_window(&v, "2015-03-02T18:20:00+09:00", "2015-03-03T00:35:00+09:00");
    assert!(!event_quotes(&v).iter().any(|q| q.contains("6:00")));
}

#[test]
fn when_only_the_operators_alert_is_timed_it_starts_the_window() {
    // no time marks the onset; "bemerkten wir gegen 14 Uhr über unser Server-Monitoring" is the
    // operators' alert, the first sign the page dates: the start, detected at 0m
    let url = Some("https://www.pfarrei.example.de/website-wieder-erreichbar");
    let v = draft("de-only-the-alert-is-timed.txt", url);
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert_eq!(start, "2021-02-13T14:00:00+01:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
    // users noticing at that time is no alert reaching the operators
    let v = draft("de-only-the-public-noticed.txt", url);
    assert!(v["review"]["window"]["start"].is_null());
}

#[test]
fn japanese_finding_that_something_is_down_is_a_detection_at_its_time() {
    // "5:30 頃、…サーバーが停止していることが分かった": the stop was found at 5:30, the first time
    // the page gives: detected at the start (0m), not at the later check on site
    let v = draft(
        "ja-found-to-be-down.txt",
        Some("https://www.example.co.jp/news/2022/0912.html"),
    );
    let start = v["review"]["window"]["start"].as_str().unwrap_or("");
    assert_eq!(start, "2022-09-12T05:30:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn a_range_told_as_scheduled_work_is_not_the_impact() {
    // "03.08 22시 ~ 03.09 06시에 … 교체 작업이 잡혀 있었으나": the storage swap had been
    // scheduled for that night; the outage began before it, at 10:00, and ended at 16:00. (The
    // full stop inside "03.09" does not end the clause that says so.)
    let v = draft(
        "ko-scheduled-work-range.txt",
        Some("https://blog.example.kr/2024/03/minwon-outage"),
    );
    assert_window(&v, "2024-03-08T10:00:00+09:00", "2024-03-08T16:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "6h");
}

#[test]
fn a_recovery_length_far_past_a_repair_time_gives_the_start() {
    // "3시간여 만에 복구를 마쳐 오후 2시께부터 … 정상": the only timed onset word is in the
    // repair work at 1:30 pm ("장애가 난 장비를 바꾸는 작업"), half an hour before the end; the
    // stated length puts the start three hours before 2 pm
    let v = draft(
        "ko-length-outweighs-repair-onset.txt",
        Some("https://news.example.co.kr/2019/09/04/gwangju-internet"),
    );
    assert_window(&v, "2019-09-04T11:00:00+09:00", "2019-09-04T14:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "3h");
    assert_eq!(v["case"]["date"], "2019-09-04");
}

#[test]
fn a_stable_run_after_the_fix_is_no_length_of_the_incident() {
    // "has been stable for 24 hours now" tells the day after the fix, not how long the latency
    // lasted: no start a day before the recovery, and the case keeps the page's day
    let v = draft(
        "en-stable-for-a-day.txt",
        Some("https://status.example.net/incidents/2021-03-12-latency"),
    );
    assert!(
        v["review"]["window"]["start"].is_null(),
        "{}",
        v["review"]["window"]
    );
    assert_ne!(v["case"]["timeline"]["resolved_after"], "1d");
    assert_eq!(v["case"]["date"], "2021-03-12");
}

#[test]
fn korean_an_emergency_check_row_is_the_detection() {
    // "14시 12분 : 결제 서버 비상 시스템 점검": the operators' emergency check twelve minutes
    // after the onset row is the first response
    let v = draft(
        "ko-emergency-check-row.txt",
        Some("https://news.example.co.kr/2021/08/10/parking-app"),
    );
    assert_window(&v, "2021-08-09T14:00:00+09:00", "2021-08-09T17:00:00+09:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "12m");
}

#[test]
fn a_maintenance_period_told_after_the_fault_is_not_its_window() {
    // "■ 임시점검 시간 : 9월 8일(토) 09:00 ~ 09:40" is the temporary maintenance the next
    // morning, told after the fault at 3:20 pm: the window starts with the fault
    let v = draft(
        "ko-maintenance-after-the-fault.txt",
        Some("https://game.example.co.kr/notice/view?id=5120"),
    );
    assert_eq!(v["review"]["window"]["start"], "2012-09-07T15:20:00+09:00");
    assert_eq!(v["case"]["date"], "2012-09-07");
}

#[test]
fn a_stamp_row_reads_the_body_below_its_title_line() {
    // "(… 14:31:05 UTC)" / "Dashboard slow to load" / "We are looking into a problem …": the
    // update's body, below its title line, is the first public notice, posted at the onset
    let v = draft(
        "en-stamp-title-body.txt",
        Some("https://status.example.io/history"),
    );
    assert_window(&v, "2019-04-04T14:31:05+00:00", "2019-04-04T15:12:40+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn rows_that_repeat_the_summarys_clock_times_take_its_date() {
    // "yesterday morning" would put the rows on 4 March; the summary states 09:14 and 10:02
    // with the date 05/03/2019, and so do two rows: the rows are on the 5th, and the row
    // "09:14 – Further notification of lost sessions" is the detection at the start
    let v = draft(
        "en-rows-twin-the-summary.txt",
        Some("https://status.example.co.uk/incidents/fibre-outage"),
    );
    assert_window(&v, "2019-03-05T09:14:00+00:00", "2019-03-05T10:02:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
    let rows: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["quote"] == "09:30")
        .filter_map(|e| e["at"].as_str())
        .collect();
    assert_eq!(rows, ["2019-03-05T09:30:00+00:00"]);
    assert!(v["review"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w.as_str().unwrap_or("").contains("same clock times")));
}

#[test]
fn a_stamp_after_its_status_word_reads_the_update_below() {
    // "- investigating June 2, 2022, 08:10 AM UTC" / "… We are looking into it.": the first
    // update, posted at the onset, is the first public notice (0m)
    let v = draft(
        "en-status-word-stamp.txt",
        Some("https://status.example.com/incidents/abc123"),
    );
    assert_eq!(v["review"]["window"]["start"], "2022-06-02T08:10:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn a_history_cut_off_after_its_last_status_word_still_has_stamps_after_updates() {
    // the postmortem's own stamp (Mar 15) closes the review above the history; the history is
    // cut off after "Monitoring" and its first words: the resolved update's stamp ends it
    let v = draft(
        "en-postmortem-history-cut-off.txt",
        Some("https://status.example.com/incidents/mail42"),
    );
    assert_window(&v, "2024-03-14T09:00:00+00:00", "2024-03-14T13:40:00+00:00");
}

#[test]
fn onset_and_resolved_label_lines_give_the_window_and_a_received_notification_the_detection() {
    let v = draft(
        "en-outage-onset-resolved-rows.txt",
        Some("https://blog.example.com/2019/06/download-outage"),
    );
    assert_window(&v, "2019-06-02T03:10:00-04:00", "2019-06-02T11:52:00-04:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "1h52m");
}

#[test]
fn a_time_after_until_is_the_recovery_not_the_onset() {
    // "一直到…22时40分左右…才恢复使用": the only clock is the end; the hour and a half
    // after the statement dates nothing else
    let v = draft(
        "zh-until-recovered.txt",
        Some("https://news.example.cn/2024-03/06/content_1.htm"),
    );
    assert_eq!(v["review"]["window"]["end"], "2024-03-05T22:40:00+08:00");
    assert_ne!(v["review"]["window"]["start"], "2024-03-05T22:40:00+08:00");
}

#[test]
fn a_pluperfect_of_this_incident_is_not_an_earlier_incident() {
    // "ya había sido detectada" tells a step of this incident: the next sentence's "pasadas
    // las 13.15 horas … resuelto" is still the recovery
    let v = draft(
        "es-pluperfect-is-not-history.txt",
        Some("https://www.example.es/economia/251021/caida-pagos.html"),
    );
    assert_eq!(v["review"]["window"]["end"], "2025-10-21T13:15:00+02:00");
}

#[test]
fn no_longer_able_is_the_onset_before_a_stated_recovery_range() {
    // "n'étaient plus en mesure, à partir de 16 h 05" starts the impact; "payer à nouveau entre
    // 18 h 10 et 18 h 50" is how it came back
    let v = draft(
        "fr-no-longer-able-onset.txt",
        Some("https://www.example.fr/economie/20250901-panne-cartes.html"),
    );
    assert_eq!(v["review"]["window"]["start"], "2025-09-01T16:05:00+02:00");
}

#[test]
fn a_present_tense_onset_starts_the_window_and_an_investigation_beginning_does_not() {
    // "1:12 AM - The card shop goes offline." starts the impact; "Investigation begins" is the
    // response starting
    let v = draft(
        "en-goes-offline-investigation-begins.txt",
        Some("https://blog.example.com/posts/card-shop-incident"),
    );
    assert_window(&v, "2021-04-09T01:12:00-04:00", "2021-04-09T02:04:00-04:00");
}

#[test]
fn a_range_opening_at_the_onset_told_before_it_is_that_outage_retold() {
    // the statement's "10시 5분부터 11시 30분까지" opens at the onset the article told first: it is
    // this outage, and its end the recovery, not the later notice at 11:40
    let v = draft(
        "ko-range-retells-the-onset.txt",
        Some("https://news.example.co.kr/20240709000123"),
    );
    assert_window(&v, "2024-07-09T10:05:00+09:00", "2024-07-09T11:30:00+09:00");
}

#[test]
fn start_and_end_rows_whose_label_meets_its_date_with_a_space_give_the_window() {
    let v = draft(
        "en-label-rows-without-colon.txt",
        Some("https://www.example.no/incident-report-storage"),
    );
    assert_window(&v, "2019-06-02T01:15:00+02:00", "2019-06-04T18:30:00+02:00");
}

#[test]
fn staff_realising_the_outage_at_its_onset_is_the_detection() {
    // "Shortly after 9AM …, the network team realised that internet access had stopped": detected
    // at once, not when the vendor found the part
    let v = draft(
        "en-realised-at-the-onset.txt",
        Some("https://its.example.edu/news/2017/03/campus-internet-outage"),
    );
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s");
}

#[test]
fn a_status_update_of_several_paragraphs_is_read_whole_above_its_stamp() {
    // "Resolved" / "Issue resolved: … working normally again." / "Orders placed during this
    // partial outage were kept …" / "Posted Mar 14, 2025 - 16:20 CET": the stamp closes an
    // update of two paragraphs under its status line; the history runs newest first under a
    // postmortem whose own stamp (three days on) is its publication, and "during this partial
    // outage" looks back on the outage rather than telling its onset
    let v = draft(
        "en-status-history-multi-paragraph-updates.txt",
        Some("https://status.example.com/incidents/p4m2"),
    );
    assert_window(&v, "2025-03-14T11:02:00+01:00", "2025-03-14T16:20:00+01:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "5h18m", "{v}");
}

#[test]
fn an_abbreviation_the_page_spells_out_as_a_name_is_no_zone() {
    // "차량용 출동단말기(MDT)" introduces MDT as a device's short name: "오전 7시 50분 MDT 화면이"
    // is Seoul time, not Mountain time; "Mountain Daylight Time (MDT)" spells out a zone's own
    // name, so there MDT is the zone
    let v = draft(
        "ko-acronym-like-zone.txt",
        Some("https://news.example.kr/article/20231127000123"),
    );
    assert_window(&v, "2023-11-27T07:50:00+09:00", "2023-11-27T08:50:00+09:00");
    assert_no_event_quoting(&v, "MDT");
    // a zone's name in the page's words, not in the zone table, with its abbreviation: written
    // after times only, it stays a zone
    let v = draft(
        "ko-translated-zone-name-with-abbreviation.txt",
        Some("https://news.example.kr/article/20240223000456"),
    );
    assert_window(&v, "2024-02-22T03:30:00-06:00", "2024-02-22T14:30:00-06:00");
    let v = draft(
        "en-zone-spelled-out-before-its-abbreviation.txt",
        Some("https://status.example.com/incidents/ab12"),
    );
    assert_window(&v, "2025-06-03T09:10:00-06:00", "2025-06-03T09:55:00-06:00");
}

#[test]
fn a_follow_up_whose_only_times_sit_in_a_looking_back_sentence_retells_its_own_incident() {
    // "앞서 지난 14일 오전 9시 12분부터 11시 40분까지 …": on a page about the compensation, the
    // only times of the story are in the sentence that looks back; they are this incident's,
    // not an earlier one's
    let v = draft(
        "ko-followup-retells-its-incident.txt",
        Some("https://news.example.kr/article/20250320000789"),
    );
    assert_window(&v, "2025-03-14T09:12:00+09:00", "2025-03-14T11:40:00+09:00");
}

#[test]
fn a_traditional_chinese_detection_word_times_the_detection() {
    // "上午9點10分察覺異常": the traditional spelling of "察觉" tells when the bank noticed
    let v = draft(
        "zh-traditional-detection-word.txt",
        Some("https://news.example.tw/story/7/8612345"),
    );
    assert_window(&v, "2025-04-08T09:00:00+08:00", "2025-04-08T11:00:00+08:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "10m", "{v}");
}

#[test]
fn a_urls_year_and_month_date_the_days_of_that_month_before_a_later_year_the_text_names() {
    // under "/html/2025-12/", "12 月 17 日" is in 2025 however the text goes on to name a sale
    // that runs to "2026 年 1 月 10 日"; "需要一点时间" ("a little time") is no one o'clock
    let v = draft(
        "zh-url-month-and-a-later-year.txt",
        Some("https://news.example.cn/html/2025-12/1066123.html"),
    );
    assert_window(&v, "2025-12-17T21:10:00+08:00", "2025-12-17T23:05:00+08:00");
    assert_no_event_quoting(&v, "一点");
}

#[test]
fn a_team_mobilized_an_alert_at_the_same_time_and_a_failure_confirmed_time_the_detection() {
    // "Incident response team mobilized" (10:05) after the 09:40 onset; "值班工程师和客服同时收到了
    // …报警" in the sentence after the onset's, with no time of its own (0m); "障害が確認された
    // のは…午前7時24分" (0m)
    let v = draft(
        "en-response-team-mobilized.txt",
        Some("https://www.example.com/blog/deployment-api-incident"),
    );
    assert_eq!(v["case"]["timeline"]["detected_after"], "25m", "{v}");
    let v = draft(
        "zh-alerts-at-the-same-time.txt",
        Some("https://blog.example.cn/post/5521"),
    );
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
    let v = draft(
        "ja-failure-confirmed-at.txt",
        Some("https://news.example.jp/articles/20241226/k001"),
    );
    assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{v}");
}

#[test]
fn a_first_status_post_that_tells_the_team_at_work_is_the_detection_when_nothing_else_is() {
    // "En este momento estamos atendiendo una interrupción" (9:20 UTC), two hours and twenty
    // minutes after the 7:00 onset: with no alert told, the first post is the first signal
    let v = draft(
        "es-first-post-attending.txt",
        Some("https://status.example.com/incidents/es42"),
    );
    assert_window(&v, "2025-03-12T07:00:00+00:00", "2025-03-12T12:30:00+00:00");
    assert_eq!(v["case"]["timeline"]["detected_after"], "2h20m", "{v}");
}

#[test]
fn a_country_named_once_in_passing_does_not_move_a_korean_page_off_seoul_time() {
    // "미국 대통령의 관세 발표" names the United States as a president's, once, on a page whose URL
    // has no country: the times are Seoul's
    let v = draft(
        "ko-country-named-in-passing.txt",
        Some("https://www.example.com/economy/2025/04/04/ABCDEF"),
    );
    assert_window(&v, "2025-04-04T09:00:00+09:00", "2025-04-04T12:50:00+09:00");
}

#[test]
fn a_korean_byline_written_in_words_is_the_pages_stamp_not_the_storys_day() {
    // "입력 2023년 12월 15일 03시 00분": a stamp with its year and clock written in words; the
    // story's "14일 … 이날 오후 2시경부터" is the 14th, and the stamp is no event
    let v = draft(
        "ko-byline-written-in-words.txt",
        Some("https://news.example.kr/article/all/20231214/1226/1"),
    );
    assert_window(&v, "2023-12-14T14:00:00+09:00", "2023-12-14T15:40:00+09:00");
    assert_no_event_quoting(&v, "03시");
}

#[test]
fn a_time_that_closes_a_period_is_no_onset_and_this_months_day_is_this_months() {
    // the sub-heading's "오후 5시까지 … 이어져" (slowness went on until 5pm) ends something; it
    // is not where the impact began, so the window is the lead's range. "이달 27일" is this
    // month's 27th (a later day alone would be read as last month's) and dates nothing here.
    let v = draft(
        "ko-until-is-no-onset.txt",
        Some("https://news.example.kr/article/20240516/5551234"),
    );
    assert_eq!(v["case"]["date"], "2024-05-16");
    assert_window(&v, "2024-05-16T13:00:00+09:00", "2024-05-16T15:10:00+09:00");
    let at: Vec<&str> = v["review"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["at"].as_str().unwrap())
        .collect();
    assert!(
        !at.iter().any(|a| a.starts_with("2024-04-27")),
        "no day of last month: {at:?}"
    );
}

#[test]
fn a_fix_told_a_length_later_ends_that_long_after_the_time_before_it() {
    // "se detectó a las 7 … y quedó resuelto tres horas después": 7:00 is the detection (the
    // only time, so the start, detected at once), not the fix; the fix is three hours on. The
    // "up to 25 minutes" of delays is a bound, never the outage's length.
    for (fixture, start, end) in [
        (
            "es-fixed-a-length-later.txt",
            "2024-03-05T07:00:00+01:00",
            "2024-03-05T10:00:00+01:00",
        ),
        (
            "pt-fixed-a-length-later.txt",
            "2024-02-28T08:00:00-03:00",
            "2024-02-28T10:00:00-03:00",
        ),
    ] {
        let v = draft(fixture, Some("https://news.example.com/2024/03/05/trenes"));
        assert_window(&v, start, end);
        assert_eq!(v["case"]["timeline"]["detected_after"], "0s", "{fixture}");
    }
}

#[test]
fn a_byline_under_a_long_headline_is_no_end_and_fully_back_is_the_recovery() {
    // the stamp line starts in lower case under a headline as long as a wrapped line: it is
    // still the byline (no event), and "fully back by 1:44 p.m." ends the window
    let v = draft(
        "en-byline-under-long-title.txt",
        Some("https://blog.example.com/resolver-latency"),
    );
    assert_window(&v, "2023-03-23T11:40:00+00:00", "2023-03-23T13:44:00+00:00");
    assert_no_event_quoting(&v, "4:21");
}

#[test]
fn its_normal_that_is_no_recovery_and_a_countdown_is_no_onset() {
    // "é normal que não o tenha conseguido" says nothing came back; "está em baixo desde as
    // 21h" is the onset, before the countdown that "começou a contar pelas 22h"
    let v = draft(
        "pt-normal-que-is-no-recovery.txt",
        Some("https://noticias.example.pt/2018/08/11/rede-pagamentos"),
    );
    assert_eq!(v["review"]["window"]["start"], "2018-08-11T21:00:00+01:00");
}

#[test]
fn a_head_line_labelled_by_an_update_word_is_a_byline_though_its_month_is_a_name() {
    // "13 mars 2024 à 09:42 - mise à jour 13 mars 2024 à 15:05" is the page's stamp: neither
    // clock is an event nor the window's end, which "5 heures du matin" (no cue) gives
    let v = draft(
        "fr-month-name-stamp.txt",
        Some("https://www.example.fr/regions/2024/03/13/coupure-messagerie"),
    );
    assert_no_event_quoting(&v, "09:42");
    assert_no_event_quoting(&v, "15:05");
    assert_window(&v, "2024-03-13T01:00:00+01:00", "2024-03-13T05:00:00+01:00");
}

#[test]
fn a_timelines_first_row_repeating_the_stated_onset_is_on_the_onsets_day() {
    // the summary's periods run from "6月12日 … 午前1時10分頃" to "6月13日 … 午前6時05分頃"; the rows
    // below open with "01:10", the onset's clock: they are on the 12th, not the last day written,
    // so the alarm is at the very start
    let v = draft(
        "ja-summary-range-then-rows.txt",
        Some("https://www.example.jp/news/2023/0613.html"),
    );
    assert_window(&v, "2023-06-12T01:10:00+09:00", "2023-06-13T06:05:00+09:00");
    assert_eq!(
        v["case"]["timeline"]["detected_after"], "0s",
        "{}",
        v["review"]
    );
}

#[test]
fn the_length_of_the_repair_is_not_the_outages_and_a_fault_made_known_to_us_is_its_detection() {
    // "Die Behebung … dauerte etwa eine Stunde" times the last fix, not the outage that began at
    // 3:10; "Gegen 5:00 Uhr wurde uns der Fehler bekannt" is when it was detected
    let v = draft(
        "de-repair-length.txt",
        Some("https://blog.example.de/2018/07/netzstoerung"),
    );
    assert_window(&v, "2018-07-19T03:10:00+02:00", "2018-07-19T10:40:00+02:00");
    assert_eq!(
        v["case"]["timeline"]["detected_after"], "1h50m",
        "{}",
        v["review"]
    );
}

#[test]
fn a_range_the_onset_fell_in_is_no_period_of_impact() {
    // "started between 9:00 and 10:00 … and have continued until the time of writing": the onset
    // is 9:00, and 10:00 ends nothing; the bank's post at 12:14 is the detection
    let v = draft(
        "en-onset-span.txt",
        Some("https://news.example.co.uk/2019/07/01/bank-app-down"),
    );
    assert_eq!(v["review"]["window"]["start"], "2019-07-01T09:00:00+01:00");
    assert_eq!(v["review"]["window"]["end"], Value::Null, "{}", v["review"]);
    assert_eq!(v["case"]["timeline"]["resolved_after"], Value::Null);
    assert_eq!(
        v["case"]["timeline"]["detected_after"], "3h14m",
        "{}",
        v["review"]
    );
}

#[test]
fn a_yesterday_glossed_with_its_date_dates_the_page_over_its_address() {
    // the address carries the day the story was filed (the 13th), but "어제(13일)" says the page
    // was written on the 14th: "오늘 오전 8시 50분" is the 14th, and the curator is told
    let v = draft(
        "ko-yesterday-glossed.txt",
        Some("https://news.example.kr/article/20230613000123"),
    );
    assert_window(&v, "2023-06-13T16:30:00+09:00", "2023-06-14T08:50:00+09:00");
    assert!(
        warnings(&v)
            .iter()
            .any(|w| w.contains("어제(13일)") && w.contains("2023-06-14")),
        "{:?}",
        warnings(&v)
    );
}

#[test]
fn a_length_the_lead_tells_twice_outweighs_an_onset_word_far_later() {
    // "For an hour, …" and "for about an hour": the whole incident's length, so the post
    // "shortly before 16:30" that calls were disrupted does not time the onset; the start is an
    // hour before the 16:45 recovery
    let v = draft(
        "en-lead-length-twice.txt",
        Some("https://news.example.com/2023/01/17/emergency-numbers"),
    );
    assert_eq!(
        v["review"]["window"]["end"], "2023-01-17T16:45:00",
        "{}",
        v["review"]
    );
    assert_eq!(
        v["case"]["timeline"]["resolved_after"], "1h",
        "{}",
        v["review"]
    );
}
