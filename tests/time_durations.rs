//! Lengths as outage reports write them, in the nine languages: the value read, whether it is a
//! lower bound ("more than", "이상", "多"), and the look-alikes that are no length at all.
mod common;

use incidentlib::time::{parse, Lexicons, ParseOptions};
use std::sync::OnceLock;

fn lexicons() -> &'static Lexicons {
    static LEX: OnceLock<Lexicons> = OnceLock::new();
    LEX.get_or_init(|| Lexicons::load(&common::root().join("mappings")).expect("lexicons"))
}

/// Every length found: its value, with "+" when it is a lower bound.
fn lengths(lang: &str, text: &str) -> Vec<String> {
    let opts = ParseOptions {
        lang: Some(lang.into()),
        ..Default::default()
    };
    parse(text, lexicons(), &opts)
        .durations
        .iter()
        .map(|d| format!("{}{}", d.value, if d.lower_bound { "+" } else { "" }))
        .collect()
}

/// Each (lang, text, expected lengths) row; all failures are reported together.
fn check(rows: &[(&str, &str, &[&str])]) {
    let mut bad = Vec::new();
    for (lang, text, want) in rows {
        let got = lengths(lang, text);
        if got != *want {
            bad.push(format!("{lang} {text:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn korean_day_counts_and_lengths() {
    check(&[
        ("ko", "서버가 사흘간 멈췄다.", &["3d"]),
        ("ko", "접속 장애가 이틀째 이어지고 있다.", &["2d"]),
        ("ko", "결제 오류가 4일 만에 해결됐다.", &["4d"]),
        ("ko", "메일 장애가 일주일 넘게 계속됐다.", &["7d+"]),
        ("ko", "장애는 하루 넘게 지속됐다.", &["1d+"]),
        ("ko", "복구에 꼬박 3일이 걸렸다.", &["3d"]),
        ("ko", "장애가 6일 지속된 끝에 복구됐다.", &["6d"]),
        ("ko", "점검은 한 시간 반 동안 진행됐다.", &["1h30m"]),
        ("ko", "앱이 두 시간 넘게 열리지 않았다.", &["2h+"]),
        ("ko", "서비스가 5시간 이상 중단됐다.", &["5h+"]),
        ("ko", "약 2시간 40여분 동안 접속이 끊겼다.", &["2h40m"]),
        // days of the month, not lengths
        ("ko", "지난 15일 오후 3시부터 접속이 끊겼다.", &[]),
        ("ko", "3일 오후 2시께 장애가 났다.", &[]),
        ("ko", "15일 반대 의견이 나왔다.", &[]),
        ("ko", "서비스 차단 15일 오후 해제", &[]),
        // a quarter of the year and round-the-clock operation are no lengths
        ("ko", "1분기 실적이 나왔다.", &[]),
        ("ko", "24시간 365일 운영한다.", &[]),
    ]);
}

#[test]
fn japanese_lengths() {
    check(&[
        ("ja", "障害は3日続いた。", &["3d"]),
        ("ja", "発生から3日経っても復旧しない。", &["3d"]),
        ("ja", "3日足らずで復旧した。", &["3d"]),
        (
            "ja",
            "約1時間半にわたり接続しにくい状態だった。",
            &["1h30m"],
        ),
        ("ja", "2時間余り停止した。", &["2h+"]),
        ("ja", "5時間以上にわたって利用できなかった。", &["5h+"]),
        // an offset alone ("5分後に") is no length
        ("ja", "午後3時に障害。5分後に再起動した。", &[]),
        ("ja", "一昼夜にわたり停止した。", &["1d"]),
        ("ja", "15日に発生した障害", &[]),
        ("ja", "15日続報", &[]),
        // 十分 is "enough" unless a marker makes it ten minutes
        ("ja", "十分なテストが行われなかった。", &[]),
        ("ja", "監視が不十分だった。", &[]),
        ("ja", "およそ十分で復旧した。", &["10m"]),
        ("ja", "24時間365日体制で監視している。", &[]),
    ]);
}

#[test]
fn chinese_lengths_and_more_than() {
    check(&[
        ("zh", "服务器宕机5个多小时。", &["5h+"]),
        ("zh", "系统瘫痪长达十多个小时。", &["10h+"]),
        ("zh", "网站中断了半个多小时。", &["30m+"]),
        ("zh", "二十多分钟后恢复。", &["20m+"]),
        ("zh", "故障持续了一个半小时。", &["1h30m"]),
        ("zh", "历时2小时17分才恢复。", &["2h17m"]),
        ("zh", "一小时四十分后恢复。", &["1h40m"]),
        ("zh", "服务中断长达3日之久。", &["3d"]),
        ("zh", "支付系统停了一整天。", &["1d"]),
        ("zh", "超过12小时无法登录。", &["12h+"]),
        // a clock, a date and a fraction are no lengths
        ("zh", "下午三点半恢复。", &[]),
        ("zh", "15日发生的故障", &[]),
        ("zh", "约占三分之一", &[]),
    ]);
}

#[test]
fn english_lengths() {
    check(&[
        ("en", "The outage lasted a day and a half.", &["1d12h"]),
        ("en", "It was a 36-hour outage.", &["1d12h"]),
        ("en", "Service was down for an hour and a half.", &["1h30m"]),
        ("en", "Logins failed for seventy-two hours.", &["3d"]),
        (
            "en",
            "We were degraded for about six and a half hours.",
            &["6h30m"],
        ),
        ("en", "The queue stalled for upwards of 6 hours.", &["6h+"]),
        ("en", "Recovery took in excess of 4 hours.", &["4h+"]),
        ("en", "The region was offline for an entire day.", &["1d"]),
        (
            "en",
            "Writes paused for three quarters of an hour.",
            &["45m"],
        ),
        // no length: a vague plural after an article, a version, a schedule
        ("en", "It was an hours-long outage.", &[]),
        ("en", "Release v2.3 fixed it.", &[]),
        ("en", "We offer 24/7 support.", &[]),
    ]);
}

#[test]
fn german_lengths() {
    check(&[
        (
            "de",
            "Nach einem zweistündigen Ausfall lief alles wieder.",
            &["2h"],
        ),
        ("de", "Es war ein 36-stündiger Ausfall.", &["1d12h"]),
        ("de", "Die dreitägige Störung ist vorbei.", &["3d"]),
        ("de", "Der Dienst fiel einen halben Tag aus.", &["12h"]),
        (
            "de",
            "Das Portal war mindestens 4 Stunden gestört.",
            &["4h+"],
        ),
        ("de", "Die Störung dauerte über einen Tag.", &["1d+"]),
        ("de", "Die Störung dauerte eine knappe Stunde.", &["1h"]),
        (
            "de",
            "Der Fehler wurde innerhalb von 30 Minuten behoben.",
            &["30m"],
        ),
        ("de", "Wir melden uns um 9 Uhr.", &[]),
        ("de", "Lesezeit 3 Minuten", &[]),
        ("de", "Der Dienst läuft 24 Stunden am Tag.", &[]),
    ]);
}

#[test]
fn french_spanish_portuguese_vietnamese_lengths() {
    check(&[
        ("fr", "La panne a duré au moins 4 heures.", &["4h+"]),
        (
            "fr",
            "Le service a été coupé pendant quarante-huit heures.",
            &["2d"],
        ),
        ("fr", "Il a fallu une dizaine d'heures.", &["10h"]),
        (
            "fr",
            "Le site est resté hors ligne une journée entière.",
            &["1d"],
        ),
        ("es", "El servicio estuvo caído al menos 4 horas.", &["4h+"]),
        ("es", "La caída duró hora y media.", &["1h30m"]),
        (
            "es",
            "El corte se prolongó durante toda una jornada.",
            &["1d"],
        ),
        (
            "pt",
            "O sistema ficou fora do ar pelo menos 4 horas.",
            &["4h+"],
        ),
        ("pt", "A falha durou hora e meia.", &["1h30m"]),
        ("vi", "Dịch vụ gián đoạn ít nhất 4 tiếng.", &["4h+"]),
        ("vi", "Mạng mất kết nối suốt 3 ngày đêm.", &["3d"]),
        ("vi", "Sự cố xảy ra lúc 9 giờ sáng.", &[]),
    ]);
}

#[test]
fn a_turned_down_match_hides_no_length_after_it() {
    check(&[
        // "a s" (the number "a", the unit "s") is no length, and "seven-hour" starts inside it
        ("en", "It was a seven-hour outage.", &["7h"]),
        ("en", "Customers faced a six hour disruption.", &["6h"]),
        ("en", "Kafka seven hours later", &["7h"]),
    ]);
}

#[test]
fn look_alikes_of_seconds_and_weeks() {
    check(&[
        // a unit letter that heads a name with digits, decades, plural counts
        (
            "en",
            "It lasted 40 minutes, 3 S3 buckets were affected.",
            &["40m"],
        ),
        ("en", "Two m5 instances failed.", &[]),
        ("en", "The 2000s were calmer.", &[]),
        (
            "en",
            "The outage lasted two hours, 1000s of users were affected.",
            &["2h"],
        ),
        ("en", "The 45-year-old engineer said.", &[]),
        // the smaller part of one length is less than one of the larger unit
        (
            "en",
            "It took 45 minutes and 100 seconds more.",
            &["45m", "1m40s"],
        ),
        ("en", "Down for 1 hour 30 minutes.", &["1h30m"]),
        // a Hangul number word glued to the syllable before it ends that word
        ("ko", "실패한 주문이 1,200건이다.", &[]),
        ("ko", "중단한 주요 서비스를 재개했다.", &[]),
        ("ko", "한 주 동안 장애가 이어졌다.", &["7d"]),
        // ordinals and anniversaries
        ("ko", "클라우드 운영 실무 6주차 사례 분석", &[]),
        ("ko", "서비스 10주년을 맞았다.", &[]),
        ("zh", "当 12 月的最后几天已经属于新一年的第一周时", &[]),
        ("zh", "没有覆盖跨年的那一周", &[]),
    ]);
}

#[test]
fn service_round_the_clock_is_no_length() {
    check(&[
        ("ko", "24시간 고객센터를 운영한다.", &[]),
        ("ko", "24시간 비상 대응 체계를 가동했다.", &[]),
        ("ko", "서비스가 24시간 넘게 중단됐다.", &["1d+"]),
        (
            "ja",
            "お問い合わせは24時間・年中無休で受け付けています。",
            &[],
        ),
        ("ja", "24時間対応の窓口を設けた。", &[]),
        ("ja", "障害は24時間以上続いた。", &["1d+"]),
        ("zh", "客服热线24小时在线。", &[]),
        ("zh", "系统中断了24小时。", &["1d"]),
        ("en", "We run a 24-hour hotline.", &[]),
        ("en", "Engineers work 24 hours a day.", &[]),
        ("en", "The outage lasted 24 hours.", &["1d"]),
        ("fr", "Le support répond 24h/24.", &[]),
        ("es", "Atendemos las 24 horas del día.", &[]),
        ("pt", "Atendimento 24 horas por dia.", &[]),
    ]);
}

#[test]
fn a_japanese_offset_is_a_length_when_marked_as_one() {
    check(&[
        // alone, "N分後に" counts from a time told before
        ("ja", "午後3時に障害。5分後に再起動した。", &[]),
        // an approximate marker, a starting point or a time after it make it a length
        ("ja", "約3時間後に復旧した。", &["3h"]),
        ("ja", "発生から2時間40分後に全面復旧した。", &["2h40m"]),
        ("ja", "約4時間半後に全面的に復旧しました。", &["4h30m"]),
    ]);
}

#[test]
fn more_written_forms() {
    check(&[
        // abbreviations with their point, hyphenated halves
        (
            "en",
            "Writes failed for 1 hr. 20 min. in total.",
            &["1h20m"],
        ),
        ("en", "It took roughly two-and-a-half hours.", &["2h30m"]),
        // two Han numerals side by side are an estimate from the first, not 78
        ("zh", "网站中断了七八个小时。", &["7h"]),
        ("zh", "两三天后才恢复。", &["2d"]),
        // a day and a half after a bare day number
        ("ja", "1日半にわたり停止した。", &["1d12h"]),
        // the 24-hour clock is no length
        ("ja", "時刻は24時間表記です。", &[]),
        ("ko", "시각은 24시간제로 표기했다.", &[]),
        ("zh", "时间采用24小时制。", &[]),
        ("en", "All times use the 24-hour clock.", &[]),
        ("de", "Uhrzeiten im 24-Stunden-Format", &[]),
        // a half written as one character, a day and a half in Korean
        (
            "en",
            "For about 2½ hours the API returned errors.",
            &["2h30m"],
        ),
        ("en", "It was a 4½-hour outage.", &["4h30m"]),
        ("de", "Die Störung dauerte 2 ½ Stunden.", &["2h30m"]),
        ("en", "Please schedule a ½ hour call.", &["30m"]),
        ("ko", "이틀 반 동안 먹통이었다.", &["2d12h"]),
        // "2+ hours" is a lower bound
        ("en", "Customers saw 2+ hours of downtime.", &["2h+"]),
        ("en", "Builds queued for 45+ minutes.", &["45m+"]),
    ]);
}

#[test]
fn distances_averages_idioms_and_reading_times_are_no_lengths() {
    check(&[
        // a walk or a drive away
        ("ko", "데이터센터는 역에서 도보 5분 거리다.", &[]),
        ("zh", "距离数据中心步行5分钟。", &[]),
        ("ja", "駅から徒歩5分の場所にある。", &[]),
        ("en", "The data center is a 10-minute drive away.", &[]),
        // a daily average, a unit of measure, an idiom, an anniversary
        ("ko", "하루 평균 1억 건의 메시지가 오간다.", &[]),
        ("ko", "10분 단위로 모니터링한다.", &[]),
        ("ko", "1분 1초가 급한 상황이었다.", &[]),
        ("zh", "公司成立10周年。", &[]),
        ("zh", "客服每天24小时在线。", &[]),
        // reading times written with a colon or "de"
        ("de", "Lesedauer: 4 Min.", &[]),
        ("es", "Lectura de 3 min", &[]),
        ("pt", "Tempo de leitura: 3 min", &[]),
        // the same words around real lengths
        ("ko", "장애는 1분 만에 복구됐다.", &["1m"]),
        ("zh", "系统中断了3天。", &["3d"]),
    ]);
}

#[test]
fn an_h_form_after_a_french_outage_of_is_its_length_but_the_outage_at_stays_a_clock() {
    check(&[
        ("fr", "Une panne de 1h30 a touché les clients.", &["1h30m"]),
        ("fr", "Il y a eu une coupure de 2h dans la nuit.", &["2h"]),
        ("fr", "La panne de 14h a touché les clients.", &[]),
    ]);
}

#[test]
fn vietnamese_lengths_after_their_markers_and_not_a_host_name() {
    check(&[
        ("vi", "Sự cố kéo dài 1h30 mới khắc phục.", &["1h30m"]),
        ("vi", "Hệ thống mất khoảng 5 giờ để khôi phục.", &["5h"]),
        ("vi", "Theo 24h.com.vn, sự cố đã được khắc phục.", &[]),
    ]);
}

#[test]
fn three_quarters_of_an_hour_in_the_romance_languages_and_german() {
    check(&[
        (
            "fr",
            "Il a précisé trois quarts d'heure plus tard que tout allait bien.",
            &["45m"],
        ),
        ("fr", "La coupure a duré trois quarts d’heure.", &["45m"]),
        (
            "es",
            "El servicio volvió tres cuartos de hora después.",
            &["45m"],
        ),
        (
            "pt",
            "O sistema ficou fora do ar por três quartos de hora.",
            &["45m"],
        ),
        ("de", "Die Störung dauerte drei viertel Stunden.", &["45m"]),
    ]);
}

#[test]
fn adjective_lengths_keep_their_ending_in_the_quote() {
    // "an hour-long outage": the quote is the length as written, ending included
    let opts = ParseOptions {
        lang: Some("en".into()),
        ..Default::default()
    };
    let p = parse(
        "The hour-long outage followed a six-hour-long one.",
        lexicons(),
        &opts,
    );
    let quotes: Vec<&str> = p.durations.iter().map(|d| d.quote.as_str()).collect();
    assert_eq!(quotes, ["hour-long", "six-hour-long"]);
    check(&[
        ("de", "eine halbstündige Störung", &["30m"]),
        ("de", "nach einer viertelstündigen Pause", &["15m"]),
    ]);
}

#[test]
fn a_range_of_counts_of_one_unit_is_one_length_read_as_its_lower_count() {
    check(&[
        ("en", "The outage lasted 3-4 hours.", &["3h"]),
        ("en", "Customers were offline for 5 or 6 hours.", &["5h"]),
        ("ko", "22 ~ 24 시간 동안 장애가 이어졌다.", &["22h"]),
        ("vi", "Mạng bị gián đoạn trong 3-4 giờ đồng hồ.", &["3h"]),
        ("de", "Der Dienst war 3-4 Stunden gestört.", &["3h"]),
        ("ja", "復旧まで2～3時間かかった。", &["2h"]),
        ("zh", "服务中断了2到3个小时。", &["2h"]),
        // a version or a decimal before the dash is no count of the range
        ("en", "Version 1.5-2 hours later failed.", &["2h"]),
    ]);
}
