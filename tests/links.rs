//! `incidentlib links` against a fault server on 127.0.0.1 and a fake Wayback: classes, rot, resume, apply.
mod common;
mod fetch_support;

use fetch_support::{Reply, Server};
use serde_json::Value;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

const ARTICLE: &str = "<title>Outage report</title><article><p>At 14:05 UTC the intermediate certificate expired and console sign-ins failed in eu-central-1 for ninety five minutes while the load balancers were patched batch by batch.</p></article>";
const OTHER: &str = "<title>Pricing</title><article><p>Our plans start at ten dollars per seat with annual billing, unlimited projects, priority support and single sign-on for every team.</p></article>";

fn write_case(dir: &Path, id: &str, date: &str, urls: &[String]) {
    let sources: Vec<Value> = urls
        .iter()
        .map(|u| serde_json::json!({"url": u, "kind": "blog", "archived": null}))
        .collect();
    let case = serde_json::json!({"id": id, "org": "Acme", "date": date, "sources": sources});
    std::fs::write(dir.join(format!("{id}.json")), case.to_string()).unwrap();
}

struct Run {
    code: i32,
    json: Value,
    stderr: String,
}

fn links_cmd(args: &[&str]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_incidentlib"));
    cmd.arg("links")
        .args(args)
        .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
        .env("INCIDENTLIB_SOURCES", common::root().join("sources"))
        .env("INCIDENTLIB_HOST_DELAY", "0")
        .env("INCIDENTLIB_TIMEOUT", "1")
        .env_remove("INCIDENTLIB_FETCH_CONFIG")
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

async fn check(lib: &Path, db: &Path, now: &str, extra: &[&str]) -> Run {
    let mut args = vec![
        "check",
        "--library",
        lib.to_str().unwrap(),
        "--state",
        db.to_str().unwrap(),
        "--json",
        "--now",
        now,
    ];
    args.extend_from_slice(extra);
    let out = links_cmd(&args).output().await.unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        json: serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn class_of<'a>(r: &'a Run, url: &str) -> &'a str {
    r.json["urls"]
        .as_array()
        .and_then(|a| a.iter().find(|u| u["url"] == url))
        .and_then(|u| u["class"].as_str())
        .unwrap_or_else(|| panic!("{url} not in report: {}\n{}", r.json, r.stderr))
}

fn url_entry<'a>(r: &'a Run, url: &str) -> &'a Value {
    r.json["urls"]
        .as_array()
        .and_then(|a| a.iter().find(|u| u["url"] == url))
        .unwrap_or_else(|| panic!("{url} not in report"))
}

/// A listener that answers every connection with bytes that are not TLS.
async fn not_tls_server() -> std::net::SocketAddr {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            use tokio::io::AsyncWriteExt;
            let _ = s
                .write_all(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                .await;
        }
    });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_url_per_class_with_evidence_then_content_drift() {
    let main = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        "/" => Reply::html("<title>Acme home</title><p>Welcome to Acme.</p>"),
        "/ok" => Reply::html(ARTICLE),
        "/moved" => Reply::redirect(301, "/blog/moved-here"),
        "/blog/moved-here" => Reply::html(ARTICLE),
        "/temp" => Reply::redirect(302, "/ok"),
        "/gone" => Reply::status(404),
        "/gone410" => Reply::status(410),
        "/home" => Reply::redirect(302, "/"),
        "/soft" => Reply::html("<title>Page not found</title><p>Sorry, we looked everywhere.</p>"),
        "/drift" if r.seen == 0 => Reply::html(ARTICLE),
        "/drift" => Reply::html(OTHER),
        "/forbidden" => Reply::status(403),
        "/limited" => Reply::with(429, &[("Retry-After", "3600")], "slow down"),
        "/broken" => Reply::status(500),
        // A bot wall answers 5xx with a challenge page: read from the HTML of an error page.
        "/challenge" => Reply::with(
            500,
            &[("Content-Type", "text/html; charset=utf-8")],
            "<html><head><title>Just a moment...</title></head><body><div id=\"cf-challenge\"></div></body></html>",
        ),
        _ => Reply::status(404),
    })
    .await;
    // Every path on this host answers the same page: a sibling probe exposes it.
    let catchall = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        _ => Reply::html("<title>Docs</title><p>Browse the documentation index for products, guides and reference pages.</p>"),
    })
    .await;
    let stall = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        _ => Reply::Stall,
    })
    .await;
    let reset = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        _ => Reply::Reset,
    })
    .await;
    let tls = not_tls_server().await;
    let cases: Vec<(String, &str)> = vec![
        (main.url("/ok"), "ok"),
        (main.url("/moved"), "redirected"),
        (main.url("/temp"), "ok"),
        (main.url("/gone"), "gone"),
        (main.url("/gone410"), "gone"),
        (main.url("/home"), "soft-404"),
        (main.url("/soft"), "soft-404"),
        (catchall.url("/post/incident-2024"), "soft-404"),
        (main.url("/drift"), "ok"),
        (main.url("/forbidden"), "blocked"),
        (main.url("/limited"), "blocked"),
        (main.url("/broken"), "server-error"),
        (main.url("/challenge"), "blocked"),
        (stall.url("/slow"), "timeout"),
        (reset.url("/reset"), "connection-error"),
        ("http://no-such-host.test/x".to_string(), "dns-error"),
        (format!("https://{tls}/tls"), "tls-error"),
    ];
    let lib = tempfile::tempdir().unwrap();
    let urls: Vec<String> = cases.iter().map(|c| c.0.clone()).collect();
    write_case(lib.path(), "IL-T1", "2024-11-12", &urls);
    let db = lib.path().join("links.sqlite");
    let r = check(
        lib.path(),
        &db,
        "2025-01-01T00:00:00Z",
        &[
            "--no-archives",
            "--resolve",
            "no-such-host.test=none",
            "--concurrency",
            "16",
        ],
    )
    .await;
    assert_eq!(
        r.code, 0,
        "nothing is rotten on a first check: {}",
        r.stderr
    );
    for (url, class) in &cases {
        assert_eq!(class_of(&r, url), *class, "{url}: {}", url_entry(&r, url));
    }
    let moved = url_entry(&r, &main.url("/moved"));
    assert_eq!(moved["final_url"], main.url("/blog/moved-here"));
    assert!(moved["suggestion"]
        .as_str()
        .unwrap()
        .contains("/blog/moved-here"));
    assert_eq!(
        moved["evidence"]["status_chain"],
        serde_json::json!([301, 200])
    );
    assert_eq!(url_entry(&r, &main.url("/gone"))["http_status"], 404);
    assert_eq!(r.json["checked"], cases.len());
    assert_eq!(r.json["summary"]["soft-404"], 3);

    let r = check(
        lib.path(),
        &db,
        "2025-01-02T00:00:00Z",
        &["--no-archives", "--resolve", "no-such-host.test=none"],
    )
    .await;
    assert_eq!(class_of(&r, &main.url("/drift")), "content-drift");
    assert_eq!(class_of(&r, &main.url("/ok")), "ok");
}

/// A site whose root answers real 404s while every unknown `/blog/*` path answers 200 with the
/// same "nothing here" page (no phrase the not-found list knows: only a sibling probe in the
/// blog's own folder can tell).
async fn blog_soft_404_server() -> Server {
    Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        "/about" => Reply::html(OTHER),
        "/blog/incident-2024" => Reply::html(ARTICLE),
        p if p.starts_with("/blog/") => Reply::html(
            "<title>Acme blog</title><p>Oops, nothing here yet. Browse our latest posts about reliability, releases and engineering culture.</p>",
        ),
        _ => Reply::status(404),
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn soft_404_under_a_folder_is_found_whichever_url_comes_first() {
    let s = blog_soft_404_server().await;
    let expected = [
        (s.url("/old-report"), "gone"),
        (s.url("/about"), "ok"),
        (s.url("/blog/removed-post"), "soft-404"),
        (s.url("/blog/incident-2024"), "ok"),
    ];
    // Root URLs first, then blog URLs first: the same verdicts.
    for order in [[0, 1, 2, 3], [2, 3, 0, 1]] {
        let urls: Vec<String> = order.iter().map(|&i| expected[i].0.clone()).collect();
        let lib = tempfile::tempdir().unwrap();
        write_case(lib.path(), "IL-T9", "2024-11-12", &urls);
        let db = lib.path().join("links.sqlite");
        let r = check(
            lib.path(),
            &db,
            "2025-01-01T00:00:00Z",
            &["--no-archives", "--concurrency", "1"],
        )
        .await;
        assert_eq!(r.code, 0, "{}", r.stderr);
        for (url, class) in &expected {
            assert_eq!(
                class_of(&r, url),
                *class,
                "order {order:?}, {url}: {}",
                url_entry(&r, url)
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rot_is_declared_exactly_when_both_thresholds_are_met() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        "/flap" if r.seen % 2 == 0 => Reply::status(404),
        "/flap" => Reply::html(ARTICLE),
        _ => Reply::status(404),
    })
    .await;
    let lib = tempfile::tempdir().unwrap();
    let (dead, flap) = (s.url("/dead"), s.url("/flap"));
    write_case(
        lib.path(),
        "IL-T2",
        "2024-01-01",
        &[dead.clone(), flap.clone()],
    );
    let db = lib.path().join("h.sqlite");
    let days = [
        "2025-01-01",
        "2025-01-04",
        "2025-01-07",
        "2025-01-08",
        "2025-01-09",
    ];
    let mut codes = vec![];
    let md = lib.path().join("report.md");
    for d in days {
        let r = check(
            lib.path(),
            &db,
            &format!("{d}T00:00:00Z"),
            &["--no-archives", "--markdown", md.to_str().unwrap()],
        )
        .await;
        if d == "2025-01-08" {
            let text = std::fs::read_to_string(&md).unwrap();
            let newly = text.split("## Suggestions").next().unwrap();
            assert!(newly.contains(&dead), "{text}");
        }
        let e = url_entry(&r, &dead);
        codes.push((
            r.code,
            e["rotten"].as_bool().unwrap(),
            e["consecutive_failures"].as_u64().unwrap(),
        ));
        assert!(
            !url_entry(&r, &flap)["rotten"].as_bool().unwrap(),
            "flapping never rots"
        );
        assert!(
            url_entry(&r, &flap)["consecutive_failures"]
                .as_u64()
                .unwrap()
                <= 1
        );
    }
    // 3 failures by Jan 7 but spanning only 6 days; Jan 8 meets both (4 failures over 7 days).
    assert_eq!(
        codes,
        vec![
            (0, false, 1),
            (0, false, 2),
            (0, false, 3),
            (1, true, 4),
            (0, true, 5)
        ]
    );
    let out = links_cmd(&["status", "--state", db.to_str().unwrap(), "--json"])
        .output()
        .await
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rotten"][0]["url"], dead);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_run_then_rerun_checks_every_url_exactly_once() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        _ => Reply::After(Duration::from_millis(200), Box::new(Reply::html(ARTICLE))),
    })
    .await;
    let lib = tempfile::tempdir().unwrap();
    let urls: Vec<String> = (0..16).map(|i| s.url(&format!("/p/{i}"))).collect();
    write_case(lib.path(), "IL-T3", "2024-01-01", &urls);
    let db = lib.path().join("k.sqlite");
    let args = [
        "check",
        "--library",
        lib.path().to_str().unwrap(),
        "--state",
        db.to_str().unwrap(),
        "--json",
        "--now",
        "2025-02-01T00:00:00Z",
        "--no-archives",
    ];
    let mut child = links_cmd(&args).spawn().unwrap();
    // Kill as soon as a few results are committed (requests take 200 ms each, one at a time).
    for _ in 0..200 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let done = incidentlib::links::Store::open(&db)
            .and_then(|s| s.check_counts())
            .map_or(0, |c| c.len());
        if done >= 3 {
            break;
        }
    }
    child.start_kill().unwrap(); // SIGKILL
    child.wait().await.unwrap();
    let done_before = incidentlib::links::Store::open(&db)
        .unwrap()
        .check_counts()
        .unwrap()
        .len();
    assert!(
        done_before > 0 && done_before < urls.len(),
        "killed mid-run: {done_before} done"
    );
    let r = check(lib.path(), &db, "2025-02-01T00:10:00Z", &["--no-archives"]).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json["checked"], urls.len() - done_before);
    let counts = incidentlib::links::Store::open(&db)
        .unwrap()
        .check_counts()
        .unwrap();
    assert_eq!(counts.len(), urls.len());
    assert!(counts.iter().all(|(_, n)| *n == 1), "{counts:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_host_concurrency_is_never_exceeded() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        _ => Reply::After(Duration::from_millis(20), Box::new(Reply::html(ARTICLE))),
    })
    .await;
    let lib = tempfile::tempdir().unwrap();
    let urls: Vec<String> = (0..30).map(|i| s.url(&format!("/c/{i}"))).collect();
    write_case(lib.path(), "IL-T4", "2024-01-01", &urls);
    let db = lib.path().join("c.sqlite");
    let r = check(
        lib.path(),
        &db,
        "2025-03-01T00:00:00Z",
        &["--no-archives", "--per-host", "2", "--concurrency", "16"],
    )
    .await;
    assert_eq!(r.json["checked"], 30, "{}", r.stderr);
    assert!(s.max_in_flight() <= 2, "saw {}", s.max_in_flight());
    assert_eq!(s.max_in_flight(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_writes_only_archived_values() {
    let s = Server::start(|r| {
        let p = r.path.as_str();
        // robots.txt is absent and the redirect probe finds nothing; the API answers.
        if p == "/robots.txt" || p.starts_with("/web/") {
            Reply::status(404)
        } else if p.starts_with("/wayback/available") && p.contains("a.example") {
            Reply::with(200, &[("Content-Type", "application/json")],
                r#"{"archived_snapshots":{"closest":{"available":true,"status":"200","timestamp":"20240102030405","url":"http://web.archive.org/web/20240102030405/https://a.example/post"}}}"#)
        } else if p.starts_with("/wayback/available") {
            Reply::with(200, &[("Content-Type", "application/json")], r#"{"archived_snapshots":{}}"#)
        } else {
            Reply::html(ARTICLE)
        }
    })
    .await;
    let lib = tempfile::tempdir().unwrap();
    let original = "{\n  \"id\": \"IL-T5\",\n  \"date\": \"2024-01-01\",\n  \"title\": {\"en\": \"caf\\u00e9 \u{2014} outage\"},\n  \"sources\": [\n    {\"url\": \"https://a.example/post\", \"kind\": \"blog\", \"archived\": null},\n    {\"url\": \"https://a.example/post\",\"kind\":\"news\"},\n    {\"url\": \"https://b.example/x\", \"archived\": null},\n    {\"url\": \"https://c.example/y\", \"archived\": \"https://web.archive.org/web/2020/https://c.example/y\"}\n  ],\n  \"zzz\": [1, 2.50, true]\n}\n";
    let file = lib.path().join("IL-T5.json");
    std::fs::write(&file, original).unwrap();
    let base = s.url("");
    let r = check(
        lib.path(),
        &lib.path().join("a.sqlite"),
        "2025-04-01T00:00:00Z",
        &[
            "--apply",
            "--wayback-url",
            &base,
            "--archive-api-url",
            &base,
            "--resolve",
            "a.example=127.0.0.1,b.example=127.0.0.1,c.example=127.0.0.1,web.archive.org=127.0.0.1",
            "--ignore-robots",
            "--timeout",
            "1",
        ],
    )
    .await;
    assert_eq!(r.json["archives_applied"], 2, "{}\n{}", r.json, r.stderr);
    let cap = "http://web.archive.org/web/20240102030405/https://a.example/post";
    let expected = original
        .replacen(
            "\"kind\": \"blog\", \"archived\": null}",
            &format!("\"kind\": \"blog\", \"archived\": \"{cap}\"}}"),
            1,
        )
        .replacen(
            "\"kind\":\"news\"}",
            &format!("\"kind\":\"news\", \"archived\": \"{cap}\"}}"),
            1,
        );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), expected);
    assert_eq!(url_entry(&r, "https://a.example/post")["archived"], cap);
}

#[tokio::test]
async fn a_missing_library_is_a_failed_check_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let r = check(
        &dir.path().join("nope"),
        &dir.path().join("x.sqlite"),
        "2025-01-01",
        &[],
    )
    .await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("nope"), "{}", r.stderr);
}

/// A new history is set up while the first checks run, but a history that cannot be created
/// still fails the run (exit 2, naming the path) and leaves nothing behind.
#[tokio::test]
async fn a_history_that_cannot_be_created_is_a_failed_check_exit_2() {
    let lib = tempfile::tempdir().unwrap();
    write_case(
        lib.path(),
        "IL-T9",
        "2024-01-01",
        &["http://127.0.0.1:9/x".to_string()],
    );
    let blocker = lib.path().join("not-a-folder");
    std::fs::write(&blocker, "a file where the history's folder should be").unwrap();
    let db = blocker.join("links.sqlite");
    let r = check(lib.path(), &db, "2025-01-01T00:00:00Z", &["--no-archives"]).await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("not-a-folder"), "{}", r.stderr);
}

/// The light page build answers an error status from the status alone: no title or text is
/// read from the page (a soft-404 or drift check never looks at them), the HTML is kept (a
/// 5xx bot challenge is recognised by it).
#[test]
fn check_documents_of_error_pages_keep_only_status_and_html() {
    use incidentlib::fetch::build::{for_link_check, Meta};
    let profiles = incidentlib::fetch::profile::Profiles::load(&common::root().join("sources"))
        .expect("shipped profiles");
    for (status, ct, body) in [
        (
            404,
            Some("text/html"),
            "<title>Page not found</title><p>Nothing here.</p>",
        ),
        (
            503,
            Some("text/html"),
            "<title>Just a moment...</title><div id=cf-challenge></div>",
        ),
        (404, None, "status 404"),
    ] {
        let meta = Meta {
            url: "https://blog.example.org/posts/x".into(),
            final_url: "https://blog.example.org/posts/x".into(),
            status: Some(status),
            redirects: vec![],
            redirect_statuses: vec![],
            content_type: ct.map(str::to_string),
            from_cache: false,
            archive: None,
            path_hint: None,
        };
        let d = for_link_check(meta, body.as_bytes(), &profiles);
        assert_eq!(d.status, Some(status));
        assert_eq!(d.html, body);
        assert_eq!(d.bytes, body.len() as u64);
        assert!(d.title.is_none() && d.text.is_empty(), "{status}: {d:?}");
    }
}

/// The light page build a link check uses gives the same title and main-content text as the
/// full build (fingerprints in an existing links history stay comparable).
#[test]
fn check_documents_keep_the_full_build_s_title_and_text() {
    use incidentlib::fetch::build::{for_link_check, from_bytes, Meta};
    let profiles = incidentlib::fetch::profile::Profiles::load(&common::root().join("sources"))
        .expect("shipped profiles");
    let mut pages: Vec<(String, Vec<u8>)> = vec![
        (
            "inline-untitled".into(),
            b"<html><body><h1>Outage</h1><p>At 14:05 UTC sign-ins failed.</p></body></html>"
                .to_vec(),
        ),
        ("inline-article".into(), ARTICLE.as_bytes().to_vec()),
        (
            "sample-en.html".into(),
            std::fs::read(common::root().join("tests/fixtures/draft/sample-en.html")).unwrap(),
        ),
    ];
    if let Some(dir) = common::shared("dev-corpus") {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "html"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no HTML in {}", dir.display());
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            pages.push((name, std::fs::read(&f).unwrap()));
        }
    }
    for (name, bytes) in &pages {
        let meta = Meta {
            url: format!("https://blog.example.org/posts/{name}"),
            final_url: format!("https://blog.example.org/posts/{name}"),
            status: Some(200),
            redirects: vec![],
            redirect_statuses: vec![],
            content_type: Some("text/html".into()),
            from_cache: false,
            archive: None,
            path_hint: None,
        };
        let full = from_bytes(meta.clone(), bytes, &profiles);
        let light = for_link_check(meta, bytes, &profiles);
        assert!(!full.text.is_empty(), "{name}: no text");
        assert_eq!(light.text, full.text, "{name}: text");
        assert_eq!(light.title, full.title, "{name}: title");
        assert_eq!(light.html, full.html, "{name}: html");
        assert_eq!(light.charset, full.charset, "{name}: charset");
    }
}
