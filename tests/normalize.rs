//! The normaliser on short texts: exact quotes, longest match, word boundaries, assertions in several languages, field rules.
mod common;

use incidentlib::normalize::{fill_case, Assertion, Label, SectionSpan};

use common::normalizer as setup;

fn find<'a>(labels: &'a [Label], term: &str) -> Vec<&'a Label> {
    labels.iter().filter(|l| l.term == term).collect()
}

fn assertion_of(labels: &[Label], term: &str) -> Assertion {
    find(labels, term)
        .first()
        .unwrap_or_else(|| panic!("no {term} label in {labels:#?}"))
        .assertion
}

#[test]
fn quotes_are_exact_original_text_with_char_offsets() {
    let (_, n) = setup();
    let text = "À 10h, le disque était plein. ＯＯＭ　Ｋｉｌｌｅｒ terminated pods.";
    let labels = n.label(text, &[], Some("fr"));
    for l in &labels {
        let quote: String = text.chars().skip(l.start).take(l.end - l.start).collect();
        assert_eq!(quote, l.quote);
    }
    let oom = find(&labels, "oom-killed");
    assert_eq!(oom[0].quote, "ＯＯＭ　Ｋｉｌｌｅｒ");
}

#[test]
fn longest_phrase_wins_within_a_field_and_words_need_boundaries() {
    let (_, n) = setup();
    let labels = n.label("Replication lag grew on the replicas.", &[], Some("en"));
    assert_eq!(find(&labels, "replication-lag").len(), 1);
    assert!(find(&labels, "high-latency").is_empty(), "{labels:#?}");
    // "race" must not match inside "trace".
    let labels = n.label("We looked at the stack trace.", &[], Some("en"));
    assert!(find(&labels, "race-condition").is_empty());
}

#[test]
fn negation_in_english_korean_japanese_chinese_vietnamese_and_spanish() {
    let (_, n) = setup();
    let cases = [
        ("en", "No customer data was lost."),
        (
            "ko",
            "이미 저장돼 있던 글과 댓글의 데이터 손실은 없었습니다.",
        ),
        ("ja", "データの損失はありません。"),
        ("zh", "本次事件没有数据丢失。"),
        ("vi", "Không có dữ liệu nào bị mất."),
        ("es", "No hubo pérdida de datos."),
        ("de", "Es kam zu keinem Datenverlust."),
        ("fr", "Aucune perte de données n'a été constatée."),
        ("pt", "Não houve perda de dados."),
    ];
    for (lang, text) in cases {
        let labels = n.label(text, &[], Some(lang));
        assert_eq!(
            assertion_of(&labels, "data-loss"),
            Assertion::Negated,
            "{lang}: {text}"
        );
    }
}

#[test]
fn a_failure_phrase_that_contains_not_is_affirmed() {
    let (_, n) = setup();
    let labels = n.label(
        "Users could not connect at all: connections time out.",
        &[],
        Some("en"),
    );
    assert_eq!(
        assertion_of(&labels, "connection-errors"),
        Assertion::Affirmed
    );
}

#[test]
fn negation_scope_ends_at_the_clause() {
    let (_, n) = setup();
    let labels = n.label(
        "No data was lost, but the disk was full for an hour.",
        &[],
        Some("en"),
    );
    assert_eq!(assertion_of(&labels, "data-loss"), Assertion::Negated);
    assert_eq!(assertion_of(&labels, "disk-full"), Assertion::Affirmed);
    // a colon opens the explanation: the denial before it does not reach the cause after it
    let labels = n.label(
        "El incidente no se debió a ninguna actividad maliciosa: la interrupción tuvo su origen en un cambio de configuración.",
        &[],
        Some("es"),
    );
    assert_eq!(assertion_of(&labels, "security-attack"), Assertion::Negated);
    assert_eq!(assertion_of(&labels, "config-change"), Assertion::Affirmed);
}

#[test]
fn plans_and_action_items_are_hypothetical() {
    let (_, n) = setup();
    let labels = n.label(
        "We will add a rate limit of 300 requests per 10 minutes.",
        &[],
        Some("en"),
    );
    assert_eq!(
        assertion_of(&labels, "rate-limiter"),
        Assertion::Hypothetical
    );
    let labels = n.label("속도 제한을 도입할 예정입니다.", &[], Some("ko"));
    assert_eq!(
        assertion_of(&labels, "rate-limiter"),
        Assertion::Hypothetical
    );
    let text =
        "The disk was full.\n\nAction items\nPage the owner when the disk was full for 5 minutes.";
    let start = text.find("Action").unwrap();
    let sections = vec![SectionSpan {
        kind: "action_items".into(),
        start,
        end: text.chars().count(),
    }];
    let labels = n.label(text, &sections, Some("en"));
    let disk = find(&labels, "disk-full");
    assert_eq!(disk[0].assertion, Assertion::Affirmed);
    assert_eq!(disk[1].assertion, Assertion::Hypothetical);
    assert_eq!(disk[1].section.as_deref(), Some("action_items"));
}

#[test]
fn historical_mentions_are_not_affirmed() {
    let (_, n) = setup();
    let labels = n.label(
        "A previous incident in 2021 was a split-brain of the database.",
        &[],
        Some("en"),
    );
    assert_eq!(assertion_of(&labels, "split-brain"), Assertion::Historical);
}

#[test]
fn root_cause_is_one_term_and_unknown_without_evidence() {
    let (v, n) = setup();
    let labels = n.label("Everything was fine.", &[], Some("en"));
    assert_eq!(fill_case(&labels, v).root_cause, "unknown");
    let text =
        "The root cause was an expired certificate on the load balancers. The disk was not full.";
    let labels = n.label(text, &[], Some("en"));
    let filled = fill_case(&labels, v);
    assert_eq!(filled.root_cause, "expired-credential");
    assert!(!filled.symptoms.contains(&"disk-full".to_string()));
}

#[test]
fn label_json_has_the_documented_shape() {
    let (_, n) = setup();
    let labels = n.label("No data was lost.", &[], Some("en"));
    let v = serde_json::to_value(&labels[0]).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "field",
            "term",
            "quote",
            "start",
            "end",
            "section",
            "assertion",
            "rule",
            "confidence"
        ]
    );
    assert_eq!(v["assertion"], "negated");
}

#[test]
fn a_weak_word_names_a_component_only_when_the_page_keeps_saying_it() {
    let (v, n) = setup();
    // One passing "노드" (a node) is no host; a page that keeps naming nodes is about them.
    let once = n.label_affirmed("노드 한 곳에서 지연이 있었다.", &[], Some("ko"));
    let l = find(&once, "compute-host");
    assert!(l.iter().all(|l| l.confidence < 0.5), "{once:#?}");
    assert!(!fill_case(&once, v)
        .components
        .contains(&"compute-host".to_string()));
    let many = n.label_affirmed(
        "노드가 멈췄다. 다른 노드도 멈췄다. 노드를 교체했다. 노드 재시작 후 노드가 돌아왔다. 노드 점검. 노드 추가.",
        &[],
        Some("ko"),
    );
    assert!(
        fill_case(&many, v)
            .components
            .contains(&"compute-host".to_string()),
        "{many:#?}"
    );
    // Portuguese "nós" is "we" far more often than "nodes".
    let we = n.label_affirmed(
        "Nós estamos trabalhando para resolver. Nós pedimos desculpas.",
        &[],
        Some("pt"),
    );
    assert!(!fill_case(&we, v)
        .components
        .contains(&"compute-host".to_string()));
}

#[test]
fn a_page_that_says_its_cause_is_unknown_gets_no_cause_from_a_passing_mention() {
    let (v, n) = setup();
    // Only mentioned, and the page says the cause is not known: unknown.
    let text = "今日头条服务器故障,具体原因不得而知。技术部门仍在抢修中。";
    let labels = n.label_affirmed(text, &[], Some("zh"));
    assert_eq!(fill_case(&labels, v).root_cause, "unknown", "{labels:#?}");
    let text = "The site was down for two hours. The company did not disclose the cause. A server failure was reported by users.";
    let labels = n.label_affirmed(text, &[], Some("en"));
    assert_eq!(fill_case(&labels, v).root_cause, "unknown", "{labels:#?}");
    // A cause stated as the cause still wins.
    let text = "The cause was not immediately clear. Later the company said the outage was caused by an expired certificate.";
    let labels = n.label_affirmed(text, &[], Some("en"));
    assert_eq!(
        fill_case(&labels, v).root_cause,
        "expired-credential",
        "{labels:#?}"
    );
}

#[test]
fn a_negation_word_that_ends_a_failure_phrase_states_the_failure() {
    let (_, n) = setup();
    // "원활하지 않았다": was not smooth, i.e. it failed; the "않았" belongs to the phrase.
    let labels = n.label("카페 앱 이용도 원활하지 않았다.", &[], Some("ko"));
    assert_eq!(assertion_of(&labels, "partial-outage"), Assertion::Affirmed);
    // "해킹 때문이 아니었고": the negation holds the clause end "었고", and still denies hacking.
    let labels = n.label(
        "이번 장애는 해킹 때문이 아니었고 서버 설정 오류였다.",
        &[],
        Some("ko"),
    );
    assert!(
        find(&labels, "security-attack")
            .iter()
            .all(|l| l.assertion == Assertion::Negated),
        "{labels:#?}"
    );
}

#[test]
fn hearsay_endings_are_no_cause_cue() {
    let (_, n) = setup();
    // "ということです" holds "ことで" (by): the sentence reports, it does not state a cause.
    let labels = n.label(
        "一部の情報がWebサイト上で正常に表示できなくなっているということです。",
        &[],
        Some("ja"),
    );
    assert!(
        labels.iter().all(|l| !l.rule.contains("cause cue")),
        "{labels:#?}"
    );
}

#[test]
fn it_is_not_the_case_that_denies_its_whole_clause() {
    let (_, n) = setup();
    // "…에서 문제가 발생한 것은 아니라고": however far back its clause starts.
    let text = "카카오는 특정 지역의 데이터센터에서 문제가 발생한 것은 아니라고 설명했지만 전국 서비스에 영향을 미쳤다.";
    let labels = n.label(text, &[], Some("ko"));
    assert!(
        find(&labels, "partial-outage")
            .iter()
            .all(|l| l.assertion != Assertion::Affirmed),
        "{labels:#?}"
    );
}

#[test]
fn an_implied_term_yields_to_the_rival_the_evidence_chose() {
    let (v, n) = setup();
    // Down for everyone, said again and again, and one function named as failing: the failing
    // function does not make it a partial outage.
    let text =
        "The site was down. The service was unavailable for everyone. The site went down again. \
                Users were completely unable to access it. Uploads failed.";
    let case = fill_case(&n.label(text, &[], Some("en")), v);
    assert!(
        case.symptoms.contains(&"service-unavailable".to_string()),
        "{case:?}"
    );
    assert!(
        !case.symptoms.contains(&"partial-outage".to_string()),
        "{case:?}"
    );
    // Without the rival, it still implies one.
    let case = fill_case(&n.label("Uploads failed for an hour.", &[], Some("en")), v);
    assert!(
        case.symptoms.contains(&"partial-outage".to_string()),
        "{case:?}"
    );
}

#[test]
fn speculation_keeps_its_whole_clause_hypothetical() {
    let (_, n) = setup();
    // "有网友称…": what netizens guess, however many commas on, is not the page's statement.
    let text = "有网友称起因是疑似服务器机房故障崩了，大量用户涌入另一家网站，这家网站承受不住这么大流量，然后也崩了。";
    let labels = n.label(text, &[], Some("zh"));
    assert!(
        find(&labels, "capacity")
            .iter()
            .all(|l| l.assertion != Assertion::Affirmed),
        "{labels:#?}"
    );
    // The clause ends at its terminator: what follows is stated again.
    let text = "有网友猜测是机房断电，但官方称原因是网络故障。";
    let labels = n.label(text, &[], Some("zh"));
    assert_eq!(
        assertion_of(&labels, "network-failure"),
        Assertion::Affirmed
    );
}

#[test]
fn a_remedy_planned_in_the_action_items_tells_what_was_missing() {
    let (v, n) = setup();
    let text = "原因\nネットワーク機器の障害です。\n今後の対策\n故障が発生した部分の冗長化";
    let start = text.find("今後").unwrap();
    let sections = vec![SectionSpan {
        kind: "action_items".into(),
        start: text[..start].chars().count(),
        end: text.chars().count(),
    }];
    let case = fill_case(&n.label(text, &sections, Some("ja")), v);
    assert!(
        case.contributing
            .contains(&"single-point-of-failure".to_string()),
        "{case:?}"
    );
    // Outside the action items the remedy's word is a purpose or a description, no lack.
    let text = "The exchange has multiple telecom links with two providers to ensure redundancy.";
    let case = fill_case(&n.label(text, &[], Some("en")), v);
    assert!(
        !case
            .contributing
            .contains(&"single-point-of-failure".to_string()),
        "{case:?}"
    );
}

#[test]
fn a_question_that_asks_why_takes_its_content_as_given() {
    let (_, n) = setup();
    let labels = n.label("Why did the database fail?", &[], Some("en"));
    assert_eq!(assertion_of(&labels, "database"), Assertion::Affirmed);
    let labels = n.label(
        "1. 왜 다운됐냐? 구 DB 주소로 접속하고 있었음",
        &[],
        Some("ko"),
    );
    assert_eq!(
        assertion_of(&labels, "service-unavailable"),
        Assertion::Affirmed
    );
    // A question that asks whether still asks.
    let labels = n.label("Was it a DDoS attack?", &[], Some("en"));
    assert_eq!(
        assertion_of(&labels, "security-attack"),
        Assertion::Hypothetical
    );
}

#[test]
fn cancel_words_hold_in_every_sentence_of_a_chinese_or_japanese_page() {
    let (_, n) = setup();
    // A sentence that begins after "。" (three bytes) is read from the char after the mark: its
    // cancel words ("一部", "部分": only some were hit) hold as in the first: the total outage's
    // words there count for a partial outage (service-unavailable's `cancel_to`), not for it.
    for (text, lang, quote) in [
        (
            "障害が発生しました。一部のお客様でつながらない状態が続きました。",
            "ja",
            "つながらない",
        ),
        ("系统出现故障。部分用户无法访问。", "zh", "无法访问"),
    ] {
        let labels = n.label(text, &[], Some(lang));
        let su = find(&labels, "service-unavailable");
        assert!(
            su.iter().all(|l| l.assertion != Assertion::Affirmed),
            "{lang}: {su:#?}"
        );
        assert!(
            find(&labels, "partial-outage")
                .iter()
                .any(|l| l.quote == quote
                    && l.assertion == Assertion::Affirmed
                    && l.rule.contains("cancel words")),
            "{lang}: {labels:#?}"
        );
    }
}

#[test]
fn force_majeure_and_not_only_are_no_negation_of_the_outage() {
    let (_, n) = setup();
    let labels = n.label(
        "An event that could neither be foreseen nor prevented took place and left us with a complete outage.",
        &[],
        Some("en"),
    );
    assert_eq!(
        assertion_of(&labels, "service-unavailable"),
        Assertion::Affirmed
    );
    let labels = n.label(
        "La panne n'a pas frappé que les particuliers.",
        &[],
        Some("fr"),
    );
    assert_eq!(
        assertion_of(&labels, "service-unavailable"),
        Assertion::Affirmed
    );
}
