//! `incidentlib watch` against feeds on 127.0.0.1: Statuspage API, Atom, Korean RSS and a GCP-style feed.
mod common;
mod fetch_support;

use fetch_support::{Reply, Req, Server};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const EN_POSTMORTEM: &str = "<html><head><title>Postmortem: database failover</title></head><body><article>\
<h1>Postmortem: database failover on 12 November 2024</h1>\
<p>On 12 November 2024 between 14:05 and 15:40 UTC the primary database failed over and API requests returned errors.</p>\
<h2>Root cause</h2><p>A disk on the primary filled up with write-ahead logs after an archiving job stalled.</p></article></body></html>";

const KO_POSTMORTEM: &str = "<html><head><title>11월 7일 서비스 장애 보고</title></head><body><article>\
<h1>11월 7일 서비스 장애 보고</h1><p>2024년 11월 7일 오후 3시 10분부터 4시 20분까지 로그인 서비스에 장애가 발생했습니다.</p>\
<h2>원인</h2><p>인증 서버의 인증서가 만료되었습니다.</p></article></body></html>";

const UNRELATED: &str = "<html><head><title>Dark mode</title></head><body><article><p>We shipped dark mode.</p></article></body></html>";

/// The test feeds and pages; `postmortem` adds a postmortem to the resolved Statuspage incident.
#[derive(Clone, Default)]
struct Site {
    postmortem: Arc<AtomicBool>,
    /// (path, conditional) for every request but robots.txt.
    log: Arc<Mutex<Vec<(String, bool)>>>,
}

fn statuspage_incident(id: &str, status: &str, postmortem: bool) -> Value {
    let resolved = status == "resolved";
    serde_json::json!({
        "id": id, "name": if resolved { "Elevated API errors" } else { "Slow builds" },
        "status": status,
        "created_at": "2024-11-12T14:10:00.000Z",
        "updated_at": if postmortem { "2024-11-20T09:00:00.000Z" } else { "2024-11-12T15:45:00.000Z" },
        "started_at": "2024-11-12T14:05:00.000Z",
        "resolved_at": if resolved { Value::from("2024-11-12T15:40:00.000Z") } else { Value::Null },
        "postmortem_body": if postmortem { Value::from("A configuration push removed the API's rate limits.") } else { Value::Null },
        "incident_updates": [
            {"status": "investigating", "body": "We are investigating elevated API errors.", "created_at": "2024-11-12T14:10:00.000Z"},
            {"status": if resolved { "resolved" } else { "identified" }, "body": "Errors have recovered.", "created_at": "2024-11-12T15:40:00.000Z"}
        ]
    })
}

fn statuspage_page(postmortem: bool) -> String {
    let pm = if postmortem {
        "<div class=\"row update-row postmortem\"><div class=\"update-title\">Postmortem</div><div class=\"update-body\">A configuration push removed the API's rate limits.</div></div>"
    } else {
        ""
    };
    format!(
        "<html><head><title>Elevated API errors</title></head><body><h1 class=\"incident-name\">Elevated API errors</h1>{pm}\
         <div class=\"row update-row\"><div class=\"update-title\">Resolved</div><div class=\"update-body\">Errors have recovered.</div>\
         <small>Posted <span class=\"ago\" data-datetime-unix=\"1731426000000\"></span></small></div>\
         <div class=\"row update-row\"><div class=\"update-title\">Investigating</div><div class=\"update-body\">We are investigating elevated API errors.</div>\
         <small>Posted <span class=\"ago\" data-datetime-unix=\"1731420600000\"></span></small></div></body></html>"
    )
}

const ATOM: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Engineering</title><id>urn:eng</id><updated>2024-11-14T00:00:00Z</updated>
<entry><title>Introducing dark mode</title><id>urn:eng:dark</id><link href="/blog/dark-mode"/><updated>2024-11-13T00:00:00Z</updated></entry>
<entry><title>Postmortem: database failover on 12 November</title><id>urn:eng:db</id><link rel="alternate" href="/blog/db-failover"/><updated>2024-11-14T00:00:00Z</updated></entry>
</feed>"#;

const RSS_KO: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>기술 블로그</title><link>/ko/</link><description>블로그</description>
<item><title>새로운 요금제 안내</title><link>/ko/p/1</link><guid>ko-1</guid></item>
<item><title>11월 7일 서비스 장애 보고</title><link>/ko/p/2</link><guid>ko-2</guid></item>
<item><title>개발자 행사 후기</title><link>/ko/p/3</link><guid>ko-3</guid></item>
</channel></rss>"#;

const GCP: &str = r#"[{"id":"gcp1","number":"1234","begin":"2024-11-10T08:00:00+00:00","end":"2024-11-10T09:30:00+00:00",
 "created":"2024-11-10T08:10:00+00:00","modified":"2024-11-10T09:35:00+00:00","external_desc":"Cloud Storage errors in us-east1",
 "uri":"incidents/gcp1","updates":[{"created":"2024-11-10T08:10:00+00:00","when":"2024-11-10T08:10:00+00:00","text":"We are investigating errors.","status":"SERVICE_OUTAGE"}]}]"#;

const GCP_PAGE: &str = "<html><head><title>Cloud Storage errors in us-east1</title></head><body><article>\
<h1>Cloud Storage errors in us-east1</h1><p>On 10 November 2024 from 08:00 to 09:30 UTC Cloud Storage requests in us-east1 failed.</p></article></body></html>";

/// A cacheable reply: 304 when the request's validator matches.
fn cached(req: &Req, etag: &str, ct: &str, body: &str) -> Reply {
    if req.headers.get("if-none-match").map(String::as_str) == Some(etag)
        || req.headers.get("if-modified-since").map(String::as_str) == Some(etag)
    {
        return Reply::with(304, &[("ETag", etag)], Vec::new());
    }
    let lm = "Wed, 13 Nov 2024 00:00:00 GMT";
    if etag == lm {
        return Reply::with(200, &[("Content-Type", ct), ("Last-Modified", lm)], body);
    }
    Reply::with(200, &[("Content-Type", ct), ("ETag", etag)], body)
}

impl Site {
    fn handle(&self, r: &Req) -> Reply {
        if r.path != "/robots.txt" {
            let cond = r.headers.contains_key("if-none-match")
                || r.headers.contains_key("if-modified-since");
            self.log.lock().unwrap().push((r.path.clone(), cond));
        }
        let pm = self.postmortem.load(Ordering::SeqCst);
        match r.path.as_str() {
            "/robots.txt" => Reply::status(404),
            "/api/v2/incidents.json" => {
                let body = serde_json::json!({"page": {"id": "p1", "name": "Acme"}, "incidents": [
                    statuspage_incident("aaa111", "resolved", pm),
                    statuspage_incident("bbb222", "investigating", false)]});
                cached(
                    r,
                    if pm { "\"sp-2\"" } else { "\"sp-1\"" },
                    "application/json",
                    &body.to_string(),
                )
            }
            "/incidents/aaa111" => Reply::html(&statuspage_page(pm)),
            "/incidents/aaa111.json" => Reply::with(
                200,
                &[("Content-Type", "application/json")],
                serde_json::json!({"incident": statuspage_incident("aaa111", "resolved", pm)})
                    .to_string(),
            ),
            "/atom.xml" => cached(
                r,
                "Wed, 13 Nov 2024 00:00:00 GMT",
                "application/atom+xml",
                ATOM,
            ),
            "/rss.xml" => cached(r, "\"rss-1\"", "application/rss+xml; charset=utf-8", RSS_KO),
            "/gcp/incidents.json" => cached(r, "\"gcp-1\"", "application/json", GCP),
            "/blog/db-failover" => Reply::html(EN_POSTMORTEM),
            "/blog/dark-mode" => Reply::html(UNRELATED),
            "/ko/p/2" => Reply::html(KO_POSTMORTEM),
            "/ko/p/1" | "/ko/p/3" => Reply::html(UNRELATED),
            "/gcp/incidents/gcp1" => Reply::html(GCP_PAGE),
            _ => Reply::status(404),
        }
    }

    fn take_log(&self) -> Vec<(String, bool)> {
        std::mem::take(&mut *self.log.lock().unwrap())
    }
}

async fn start(site: &Site) -> Server {
    let s = site.clone();
    Server::start(move |r| s.handle(r)).await
}

fn write_watch(dir: &Path, feeds: &[(String, &str)]) -> std::path::PathBuf {
    let mut text = String::new();
    for (url, kind) in feeds {
        text.push_str(&format!("[[feed]]\nurl = \"{url}\"\nkind = \"{kind}\"\n\n"));
    }
    let p = dir.join("watch.toml");
    std::fs::write(&p, text).unwrap();
    p
}

fn four_feeds(s: &Server) -> Vec<(String, &'static str)> {
    vec![
        (s.url("/api/v2/incidents.json"), "statuspage"),
        (s.url("/atom.xml"), "feed"),
        (s.url("/rss.xml"), "feed"),
        (s.url("/gcp/incidents.json"), "gcp"),
    ]
}

struct Run {
    code: i32,
    json: Value,
    stderr: String,
}

fn watch_cmd(dir: &Path, args: &[&str]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_incidentlib"));
    cmd.arg("watch")
        .args(args)
        .current_dir(dir)
        .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
        .env("INCIDENTLIB_SOURCES", common::root().join("sources"))
        .env("INCIDENTLIB_HOST_DELAY", "0")
        .env("INCIDENTLIB_TIMEOUT", "5")
        .env_remove("INCIDENTLIB_FETCH_CONFIG")
        .env_remove("INCIDENTLIB_MAX_BYTES")
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// `watch --once --json --no-cache` in `dir` with `watch.toml`, state and drafts in `dir`.
async fn once(dir: &Path, extra: &[&str]) -> Run {
    let watch = dir.join("watch.toml");
    let mut args = vec![
        "--once",
        "--json",
        "--no-cache",
        "--watch",
        watch.to_str().unwrap(),
        "--state",
        "state.sqlite",
        "--out",
        "drafts",
        "--now",
        "2026-11-30T12:00:00Z",
    ];
    args.extend_from_slice(extra);
    let out = watch_cmd(dir, &args).output().await.unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        json: serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn drafted_urls(r: &Run) -> BTreeSet<String> {
    r.json["drafts"]
        .as_array()
        .unwrap_or_else(|| panic!("no drafts in {}\n{}", r.json, r.stderr))
        .iter()
        .map(|d| d["url"].as_str().unwrap().to_string())
        .collect()
}

fn feed<'a>(r: &'a Run, url: &str) -> &'a Value {
    r.json["feeds"]
        .as_array()
        .and_then(|a| a.iter().find(|f| f["feed"] == url))
        .unwrap_or_else(|| panic!("{url} not in {}\n{}", r.json, r.stderr))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_run_drafts_the_incidents_second_is_conditional_and_a_postmortem_redrafts() {
    let site = Site::default();
    let s = start(&site).await;
    let dir = tempfile::tempdir().unwrap();
    write_watch(dir.path(), &four_feeds(&s));

    // First run: exactly the incident write-ups (the unresolved incident, the dark-mode post
    // and the two unrelated Korean posts are not drafted).
    let r1 = once(dir.path(), &[]).await;
    assert_eq!(r1.code, 0, "{}", r1.stderr);
    let want: BTreeSet<String> = [
        "/incidents/aaa111",
        "/blog/db-failover",
        "/ko/p/2",
        "/gcp/incidents/gcp1",
    ]
    .iter()
    .map(|p| s.url(p))
    .collect();
    assert_eq!(drafted_urls(&r1), want, "{}", r1.stderr);
    for d in r1.json["drafts"].as_array().unwrap() {
        assert_eq!(d["change"], "new");
        let path = dir.path().join(d["path"].as_str().unwrap());
        let case: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(case["id"], d["id"]);
        assert_eq!(case["sources"][0]["url"], d["url"]);
    }
    let sp = feed(&r1, &s.url("/api/v2/incidents.json"));
    assert_eq!(
        (sp["new"].as_u64(), sp["skipped"].as_u64()),
        (Some(1), Some(1))
    );
    let rss = feed(&r1, &s.url("/rss.xml"));
    assert_eq!(
        (rss["new"].as_u64(), rss["drafted"].as_u64()),
        (Some(1), Some(1))
    );
    let ko = r1.json["drafts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["url"] == s.url("/ko/p/2"))
        .unwrap();
    let ko_case: Value = serde_json::from_slice(
        &std::fs::read(dir.path().join(ko["path"].as_str().unwrap())).unwrap(),
    )
    .unwrap();
    assert_eq!(ko_case["date"], "2024-11-07", "{ko_case}");
    site.take_log();

    // Second run: nothing drafted, every feed answered 304 to a conditional request.
    let r2 = once(dir.path(), &[]).await;
    assert_eq!(r2.code, 0, "{}", r2.stderr);
    assert!(drafted_urls(&r2).is_empty(), "{}", r2.json);
    let log = site.take_log();
    assert_eq!(log.len(), 4, "only the four feeds are requested: {log:?}");
    assert!(
        log.iter().all(|(_, c)| *c),
        "unconditional request: {log:?}"
    );
    for f in r2.json["feeds"].as_array().unwrap() {
        assert_eq!(f["not_modified"], true, "{f}");
    }

    // The resolved incident gains a postmortem: drafted again, into the same file.
    site.postmortem.store(true, Ordering::SeqCst);
    let r3 = once(dir.path(), &[]).await;
    assert_eq!(r3.code, 0, "{}", r3.stderr);
    let d3 = r3.json["drafts"].as_array().unwrap();
    assert_eq!(d3.len(), 1, "{}", r3.json);
    assert_eq!(d3[0]["url"], s.url("/incidents/aaa111"));
    assert_eq!(d3[0]["change"], "updated");
    let first_path = r1.json["drafts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["url"] == d3[0]["url"])
        .unwrap()["path"]
        .clone();
    assert_eq!(d3[0]["path"], first_path);
    let text = std::fs::read_to_string(
        dir.path()
            .join(first_path.as_str().unwrap().replace(".json", ".txt")),
    )
    .unwrap();
    assert!(text.contains("rate limits"), "{text}");

    // `watch status`: four drafts waiting, the re-drafted one first.
    let out = watch_cmd(dir.path(), &["status", "--state", "state.sqlite", "--json"])
        .output()
        .await
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let st: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(st.as_array().unwrap().len(), 4, "{st}");
    assert_eq!(st[0]["url"], s.url("/incidents/aaa111"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn broken_feeds_exit_1_with_reasons_and_the_others_are_drafted() {
    use flate2::{write::GzEncoder, Compression};
    use std::io::Write;
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..64 {
        gz.write_all(&zeros).unwrap();
    }
    let bomb = Arc::new(gz.finish().unwrap());
    let site = Site::default();
    let inner = site.clone();
    let s = Server::start(move |r| match r.path.as_str() {
        "/bad/malformed.xml" => Reply::with(
            200,
            &[("Content-Type", "application/rss+xml")],
            "<rss><channel><item><title>Outage</ti",
        ),
        "/bad/html" => Reply::html("<!DOCTYPE html><html><body><h1>Our blog</h1></body></html>"),
        "/bad/bomb.xml" => Reply::with(
            200,
            &[
                ("Content-Type", "application/rss+xml"),
                ("Content-Encoding", "gzip"),
            ],
            bomb.as_slice(),
        ),
        "/bad/huge.xml" => fetch_support::chunked_body(11 << 20, b' '),
        "/bad/gone.xml" => Reply::status(410),
        "/gone-items.xml" => Reply::with(
            200,
            &[("Content-Type", "application/rss+xml")],
            "<rss version=\"2.0\"><channel><title>x</title><item><title>Outage report: queue backlog</title><link>/deleted-post</link><guid>g1</guid></item></channel></rss>",
        ),
        _ => inner.handle(r),
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut feeds = four_feeds(&s);
    for p in [
        "/bad/malformed.xml",
        "/bad/html",
        "/bad/bomb.xml",
        "/bad/huge.xml",
        "/bad/gone.xml",
        "/gone-items.xml",
    ] {
        feeds.push((s.url(p), "feed"));
    }
    write_watch(dir.path(), &feeds);
    let r = once(dir.path(), &[]).await;
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(drafted_urls(&r).len(), 4, "{}", r.json);
    let reason = |p: &str| {
        feed(&r, &s.url(p))["error"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    assert!(
        reason("/bad/malformed.xml").contains("malformed"),
        "{}",
        reason("/bad/malformed.xml")
    );
    assert!(
        reason("/bad/html").contains("HTML"),
        "{}",
        reason("/bad/html")
    );
    assert!(
        reason("/bad/bomb.xml").contains("byte limit"),
        "{}",
        reason("/bad/bomb.xml")
    );
    assert!(
        reason("/bad/huge.xml").contains("byte limit"),
        "{}",
        reason("/bad/huge.xml")
    );
    assert!(
        reason("/bad/gone.xml").contains("410"),
        "{}",
        reason("/bad/gone.xml")
    );
    let gone = feed(&r, &s.url("/gone-items.xml"));
    assert_eq!(gone["error"], Value::Null);
    assert_eq!(gone["failed"], 1);
    assert!(
        gone["items"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("gone"),
        "{gone}"
    );
    assert!(r.stderr.contains("FAILED"), "{}", r.stderr);

    // Nothing recorded was lost: a re-run drafts nothing again and retries only the gone item.
    let r2 = once(dir.path(), &[]).await;
    assert_eq!(r2.code, 1);
    assert!(drafted_urls(&r2).is_empty(), "{}", r2.json);
    assert_eq!(feed(&r2, &s.url("/gone-items.xml"))["failed"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_item_already_in_the_library_is_not_drafted() {
    let site = Site::default();
    let s = start(&site).await;
    let dir = tempfile::tempdir().unwrap();
    write_watch(dir.path(), &four_feeds(&s));
    let lib = dir.path().join("library");
    std::fs::create_dir(&lib).unwrap();
    let cases = [
        ("IL-0101", s.url("/blog/db-failover"), Value::Null),
        (
            "IL-0102",
            "https://gone.example/old-post".to_string(),
            Value::from(format!(
                "https://web.archive.org/web/20241108000000/{}",
                s.url("/ko/p/2")
            )),
        ),
    ];
    for (id, url, archived) in cases {
        let case = serde_json::json!({"id": id, "org": "Acme", "date": "2024-11-12",
            "sources": [{"url": url, "kind": "blog", "archived": archived}]});
        std::fs::write(lib.join(format!("{id}.json")), case.to_string()).unwrap();
    }
    let r = once(dir.path(), &["--library", lib.to_str().unwrap()]).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    let want: BTreeSet<String> = ["/incidents/aaa111", "/gcp/incidents/gcp1"]
        .iter()
        .map(|p| s.url(p))
        .collect();
    assert_eq!(drafted_urls(&r), want);
    let atom = feed(&r, &s.url("/atom.xml"));
    assert_eq!(atom["items"][0]["outcome"], "in-library");
    assert!(atom["items"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("in the library as IL-0101"));
    let rss = feed(&r, &s.url("/rss.xml"));
    assert!(
        rss["items"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("IL-0102"),
        "{rss}"
    );
    assert!(site
        .take_log()
        .iter()
        .all(|(p, _)| p != "/blog/db-failover" && p != "/ko/p/2"));

    // A draft accepted into the library since no longer waits for review.
    let gcp = s.url("/gcp/incidents/gcp1");
    let case = serde_json::json!({"id": "IL-0103", "org": "Google Cloud", "date": "2024-11-10",
        "sources": [{"url": gcp, "kind": "official-status", "archived": null}]});
    std::fs::write(lib.join("IL-0103.json"), case.to_string()).unwrap();
    let out = watch_cmd(
        dir.path(),
        &[
            "status",
            "--state",
            "state.sqlite",
            "--json",
            "--library",
            lib.to_str().unwrap(),
        ],
    )
    .output()
    .await
    .unwrap();
    let st: Value = serde_json::from_slice(&out.stdout).unwrap();
    let urls: Vec<_> = st
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["url"].clone())
        .collect();
    assert_eq!(urls, [Value::from(s.url("/incidents/aaa111"))], "{st}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_run_then_rerun_gives_one_state_row_and_one_draft_per_item() {
    const N: usize = 12;
    let entries: String = (0..N)
        .map(|i| {
            format!(
                "<entry><title>Incident report {i}</title><id>urn:x:{i}</id><link href=\"/post/{i}\"/><updated>2024-11-14T00:00:00Z</updated></entry>"
            )
        })
        .collect();
    let atom = format!(
        "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title><id>urn:x</id><updated>2024-11-14T00:00:00Z</updated>{entries}</feed>"
    );
    let s = Server::start(move |r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        "/feed.xml" => Reply::with(
            200,
            &[("Content-Type", "application/atom+xml"), ("ETag", "\"k\"")],
            atom.clone(),
        ),
        _ => Reply::After(
            Duration::from_millis(150),
            Box::new(Reply::html(EN_POSTMORTEM)),
        ),
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    write_watch(dir.path(), &[(s.url("/feed.xml"), "feed")]);
    let db = dir.path().join("state.sqlite");
    let watch = dir.path().join("watch.toml");
    let args = [
        "--once",
        "--no-cache",
        "--watch",
        watch.to_str().unwrap(),
        "--state",
        "state.sqlite",
        "--out",
        "drafts",
        "--now",
        "2026-11-30T12:00:00Z",
    ];
    let mut child = watch_cmd(dir.path(), &args).spawn().unwrap();
    let drafted = |db: &Path| {
        incidentlib::watch::state::Store::open(db)
            .and_then(|s| s.items())
            .map_or(0, |items| {
                items.iter().filter(|i| i.outcome == "drafted").count()
            })
    };
    for _ in 0..300 {
        tokio::time::sleep(Duration::from_millis(30)).await;
        if drafted(&db) >= 3 {
            break;
        }
    }
    child.start_kill().unwrap(); // SIGKILL
    child.wait().await.unwrap();
    let before = drafted(&db);
    assert!(before > 0 && before < N, "killed mid-run: {before} drafted");

    let r = once(dir.path(), &[]).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    let again = drafted_urls(&r);
    assert_eq!(again.len(), N - before, "{}", r.json);
    let store = incidentlib::watch::state::Store::open(&db).unwrap();
    let items = store.items().unwrap();
    assert_eq!(items.len(), N);
    assert!(items.iter().all(|i| i.outcome == "drafted"), "{items:?}");
    let paths: BTreeSet<_> = items
        .iter()
        .map(|i| i.draft_path.clone().unwrap())
        .collect();
    assert_eq!(paths.len(), N, "every item has its own draft");
    let case_files = std::fs::read_dir(dir.path().join("drafts"))
        .unwrap()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().to_string();
            n.ends_with(".json") && !n.ends_with(".review.json")
        })
        .count();
    assert_eq!(case_files, N, "no item drafted twice under two names");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn usage_and_state_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let r = watch_cmd(dir.path(), &["--watch", "nope.toml", "--once"])
        .output()
        .await
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("nope.toml"));
    std::fs::write(
        dir.path().join("w.toml"),
        "[[feed]]\nurl = \"http://127.0.0.1:9/f\"\nkind = \"feed\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("bad.sqlite"), vec![7u8; 4096]).unwrap();
    let r = watch_cmd(
        dir.path(),
        &["--watch", "w.toml", "--once", "--state", "bad.sqlite"],
    )
    .output()
    .await
    .unwrap();
    assert_eq!(
        r.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let r = watch_cmd(dir.path(), &["--watch", "w.toml"])
        .output()
        .await
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_item_in_hand_and_exits_0() {
    const N: usize = 12;
    let entries: String = (0..N)
        .map(|i| {
            format!(
                "<entry><title>Outage report {i}</title><id>urn:t:{i}</id><link href=\"/post/{i}\"/><updated>2024-11-14T00:00:00Z</updated></entry>"
            )
        })
        .collect();
    let atom = format!(
        "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title><id>urn:t</id><updated>2024-11-14T00:00:00Z</updated>{entries}</feed>"
    );
    let s = Server::start(move |r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        "/feed.xml" => Reply::with(
            200,
            &[("Content-Type", "application/atom+xml")],
            atom.clone(),
        ),
        _ => Reply::After(
            Duration::from_millis(300),
            Box::new(Reply::html(EN_POSTMORTEM)),
        ),
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let watch = write_watch(dir.path(), &[(s.url("/feed.xml"), "feed")]);
    let db = dir.path().join("state.sqlite");
    let args = [
        "--every",
        "1h",
        "--no-cache",
        "--watch",
        watch.to_str().unwrap(),
        "--state",
        "state.sqlite",
        "--out",
        "drafts",
    ];
    let mut child = watch_cmd(dir.path(), &args).spawn().unwrap();
    let drafted = |db: &Path| {
        incidentlib::watch::state::Store::open(db)
            .and_then(|s| s.items())
            .map_or(0, |items| {
                items.iter().filter(|i| i.outcome == "drafted").count()
            })
    };
    for _ in 0..300 {
        tokio::time::sleep(Duration::from_millis(30)).await;
        if drafted(&db) >= 2 {
            break;
        }
    }
    let pid = child.id().unwrap() as i32;
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(pid, libc::SIGTERM) };
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .expect("watch --every stops after SIGTERM")
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let done = drafted(&db);
    assert!((2..N).contains(&done), "stopped mid-run: {done} drafted");
    let case_files = std::fs::read_dir(dir.path().join("drafts"))
        .unwrap()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().to_string();
            n.ends_with(".json") && !n.ends_with(".review.json")
        })
        .count();
    assert_eq!(
        case_files, done,
        "the item in hand was finished and recorded"
    );
}
