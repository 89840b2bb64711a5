//! `incidentlib draft`: the seed checks, a validating case on disk, reproducible output, and bad
//! input that gives nulls and warnings instead of panics.
mod common;
use common::{run, stderr, stdout};
use serde_json::Value;

fn draft_json(args: &[&str]) -> Value {
    let mut all = vec!["draft", "--json", "--now", "2026-11-30T00:00:00Z"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(&out)))
}

#[test]
fn korean_wiki_seed_window_crosses_midnight_with_inferred_zone() {
    let Some(p) = common::shared("seeds/002_9d28fa3882d410f1.txt") else {
        return;
    };
    let v = draft_json(&[p.to_str().unwrap()]);
    let r = &v["review"];
    assert_eq!(r["language"], "ko");
    assert_eq!(v["case"]["date"], "2026-09-23");
    assert_eq!(r["timezone"]["how"], "inferred");
    assert_eq!(r["timezone"]["zone"], "Asia/Seoul");
    assert_eq!(r["window"]["start"], "2026-09-23T22:30:00+09:00");
    assert_eq!(r["window"]["end"], "2026-09-24T08:47:00+09:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "10h17m");
    assert_eq!(v["case"]["timeline"]["detected_after"], "29m");
    assert!(r["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w.as_str().unwrap().contains("inferred")));
}

#[test]
fn vietnamese_notes_seed_window_in_utc() {
    let Some(p) = common::shared("seeds/001_b6424eb062df7c32.txt") else {
        return;
    };
    let v = draft_json(&[p.to_str().unwrap()]);
    let r = &v["review"];
    assert_eq!(r["language"], "vi");
    assert_eq!(v["case"]["date"], "2024-11-12");
    assert_eq!(r["window"]["start"], "2024-11-12T09:08:00+00:00");
    assert_eq!(r["window"]["end"], "2024-11-12T10:00:00+00:00");
    assert_eq!(v["case"]["timeline"]["resolved_after"], "52m");
}

#[test]
fn written_draft_validates_and_is_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let sample = common::root().join("tests/fixtures/draft/sample-en.html");
    let args = |out: &str| {
        vec![
            "draft".to_string(),
            sample.to_str().unwrap().to_string(),
            "--url".into(),
            "https://status.example.com/incidents/abc123".into(),
            "--out".into(),
            out.to_string(),
            "--now".into(),
            "2026-11-30T00:00:00Z".into(),
        ]
    };
    let out_dir = dir.path().join("a");
    let a: Vec<String> = args(out_dir.to_str().unwrap());
    let out = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    let files: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let case = files
        .iter()
        .find(|p| {
            p.to_string_lossy().ends_with(".json") && !p.to_string_lossy().ends_with(".review.json")
        })
        .expect("a case file");
    assert!(case
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("draft-"));
    let v = run(&["validate", case.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));
    let c: Value = serde_json::from_str(&std::fs::read_to_string(case).unwrap()).unwrap();
    assert!(c["review"]["written_by"]
        .as_str()
        .unwrap()
        .starts_with("incidentlib "));
    assert!(c["review"]["reviewed_at"].is_null());
    assert_eq!(c["updated_at"], "2026-11-30T00:00:00Z");
    // Same input, same output.
    let out_dir2 = dir.path().join("b");
    let b: Vec<String> = args(out_dir2.to_str().unwrap());
    run(&b.iter().map(String::as_str).collect::<Vec<_>>());
    let name = case.file_name().unwrap();
    assert_eq!(
        std::fs::read(case).unwrap(),
        std::fs::read(out_dir2.join(name)).unwrap()
    );
}

#[test]
fn bad_input_gives_nulls_and_warnings_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty.html", vec![]),
        ("notimes.txt", b"We had a bad day. Nothing else is known.".to_vec()),
        ("binary.bin", (0..=255u8).cycle().take(4096).collect()),
        ("oneline.txt", "error 12:00 ".repeat(400_000).into_bytes()),
        ("malformed.html", b"<html><body><h1>Outage<p>At 14:05 UTC <table><tr><td>14:10<td>alert</div></span></body>".to_vec()),
        ("mixed.txt", "장애 보고\n14:05 UTC 오류가 시작됐습니다.\nThe API failed at 14:10 UTC.\nLúc 14:20 UTC hệ thống đã khôi phục.".as_bytes().to_vec()),
    ];
    for (name, bytes) in &cases {
        let p = d.join(name);
        std::fs::write(&p, bytes).unwrap();
        let out = run(&["draft", "--json", p.to_str().unwrap()]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["review"]["warnings"].is_array(), "{name}");
        assert!(!stderr(&out).contains("panicked"), "{name}");
    }
    let out = run(&["draft", "--json", d.join("notimes.txt").to_str().unwrap()]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["review"]["window"]["start"].is_null());
    assert!(v["case"]["timeline"]["resolved_after"].is_null());
}

#[test]
fn missing_file_is_a_clear_error_and_the_batch_goes_on() {
    let sample = common::root().join("tests/fixtures/draft/sample-en.html");
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "draft",
        "/nonexistent/page.html",
        sample.to_str().unwrap(),
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/nonexistent/page.html"));
    assert!(
        std::fs::read_dir(dir.path()).unwrap().count() >= 2,
        "the good one was drafted"
    );
}

#[test]
fn a_local_file_without_url_cites_the_file_and_still_validates() {
    let dir = tempfile::tempdir().unwrap();
    let sample = common::root().join("tests/fixtures/draft/sample-en.html");
    let out = run(&[
        "draft",
        sample.to_str().unwrap(),
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("pass --url"),
        "the missing URL is flagged"
    );
    let case = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.to_string_lossy().ends_with(".json") && !p.to_string_lossy().ends_with(".review.json")
        })
        .unwrap();
    let c: Value = serde_json::from_str(&std::fs::read_to_string(&case).unwrap()).unwrap();
    assert!(c["sources"][0]["url"]
        .as_str()
        .unwrap()
        .starts_with("file://"));
    let v = run(&["validate", case.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(0), "{}{}", stdout(&v), stderr(&v));
}

#[test]
fn a_status_post_looking_for_a_solution_is_the_first_notice_not_a_recovery() {
    // a status page's timeline: a stamp line, then its update. "寻找解决办法" (looking for a
    // solution) names no recovery, so the first update, the only signal, is the detection.
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("status-zh.txt");
    std::fs::write(
        &page,
        "概要\n2024 年 11 月 25 日 14:00 UTC 至 16:00 UTC 期间,客户无法发布或更新文章。\n时间线\n\
         UTC 时间 | 2024 年 11 月 25 日下午 03:36\n\
         部分客户在发布或更新文章时可能会遇到问题。我们的团队正在调查原因并寻找解决办法。\n\
         UTC 时间 | 2024 年 11 月 25 日下午 4:00\n\
         导致部分客户无法发布或更新文章的问题已经解决。\n",
    )
    .unwrap();
    let v = draft_json(&[page.to_str().unwrap()]);
    assert_eq!(v["case"]["timeline"]["resolved_after"], "2h", "{v}");
    assert_eq!(v["case"]["timeline"]["detected_after"], "1h36m", "{v}");
}

#[test]
fn a_hosting_platforms_own_help_centre_is_the_platforms() {
    // support.<platform> is the platform's own part (a tenant there, acme.<platform>, is
    // Acme's), and "/hc/<lang>/articles/" is a help centre, not a news article, even where the
    // language code is a news path's word: the page speaks as its owner, so the host names it
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("hc-es.txt");
    std::fs::write(
        &page,
        "RESUMEN\nEl 29 de febrero de 2024, de 8:00 UTC a 16:10 UTC, los clientes de Sell de todos \
         los pods sufrieron retrasos al sincronizar los correos nuevos.\nCronograma\n11:10 UTC\n\
         Estamos atendiendo una interrupción que afecta a la función de correo de Sell. Daremos \
         la próxima actualización en 4 horas.\n15:07 UTC\nHemos quitado el bloqueo y estamos \
         procesando las colas de correo de Sell. Nuestros equipos siguen vigilando nuestra \
         plataforma.\n17:34 UTC\nNuestros equipos terminaron de procesar los correos \
         pendientes.\n",
    )
    .unwrap();
    for (url, want) in [
        (
            "https://support.zendesk.com/hc/es/articles/6822342151066-Incidente",
            "Zendesk",
        ),
        (
            "https://support.zendesk.com/hc/zh-cn/articles/6822342151066-Incidente",
            "Zendesk",
        ),
    ] {
        let v = draft_json(&[page.to_str().unwrap(), "--url", url]);
        assert_eq!(
            v["case"]["org"], want,
            "{url}: {}",
            v["review"]["fields"]["org"]
        );
    }
}
