//! `incidentlib fetch` end to end: a file, stdin, a local page, a Wayback-style URL, a Statuspage incident.
mod common;
mod fetch_support;

use fetch_support::{Reply, Server};
use serde_json::Value;
use std::process::Stdio;
use tokio::io::AsyncWriteExt;

async fn fetch(args: &[&str], stdin: Option<&[u8]>) -> (i32, Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_incidentlib"))
        .arg("fetch")
        .args(args)
        .current_dir(dir.path())
        .env("INCIDENTLIB_MAPPINGS", common::root().join("mappings"))
        .env("INCIDENTLIB_SOURCES", common::root().join("sources"))
        .env("INCIDENTLIB_HOST_DELAY", "0")
        .env("INCIDENTLIB_TIMEOUT", "3")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    if let Some(b) = stdin {
        pipe.write_all(b).await.unwrap();
    }
    drop(pipe);
    let out = child.wait_with_output().await.unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (
        out.status.code().unwrap_or(-1),
        json,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const CONTRACT: &[&str] = &[
    "url",
    "final_url",
    "status",
    "redirects",
    "content_type",
    "charset",
    "bytes",
    "from_cache",
    "archive",
    "profile",
    "title",
    "text",
];

fn has_contract_keys(v: &Value) {
    for k in CONTRACT {
        assert!(v.get(k).is_some(), "missing {k} in {v}");
    }
}

#[tokio::test]
async fn fetch_a_euc_kr_file_from_the_dev_corpus() {
    let Some(p) = common::shared("dev-corpus/02-ko-wiki.html") else {
        return;
    };
    let (code, v, err) = fetch(&[p.to_str().unwrap(), "--json"], None).await;
    assert_eq!(code, 0, "{err}");
    has_contract_keys(&v);
    assert_eq!(v["charset"], "EUC-KR");
    assert!(v["url"].as_str().unwrap().starts_with("file://"));
    assert!(v["text"].as_str().unwrap().contains('장'), "{}", v["text"]);
}

#[tokio::test]
async fn fetch_statuspage_json_from_stdin_and_markdown_files() {
    let json = br#"{"incident":{"name":"Queue delays","started_at":"2025-01-02T03:04:05Z","incident_updates":[{"status":"resolved","body":"ok","created_at":"2025-01-02T04:00:00Z"}]}}"#;
    let (code, v, err) = fetch(&["-", "--json"], Some(json)).await;
    assert_eq!(code, 0, "{err}");
    has_contract_keys(&v);
    assert_eq!(v["title"], "Queue delays");
    assert_eq!(v["incidents"][0]["started_at"], "2025-01-02T03:04:05+00:00");
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("notes.md");
    std::fs::write(
        &md,
        "# Database failover\n\nAt 14:05 UTC the primary failed.\n",
    )
    .unwrap();
    let (code, v, _) = fetch(&[md.to_str().unwrap(), "--json"], None).await;
    assert_eq!(code, 0);
    assert_eq!(v["title"], "Database failover");
    assert_eq!(v["format"], "markdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fetch_pages_wayback_and_statuspage_from_a_local_server() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(404),
        "/post" => Reply::redirect(301, "/blog/post"),
        "/blog/post" => Reply::html("<title>Post</title><article><p>The cache fell over.</p></article>"),
        "/web/20240101000000id_/https://x.example/p" => {
            Reply::html("<title>Archived</title><p>old words</p>")
        }
        "/incidents/q1" => Reply::html(
            r#"<h1 class="incident-name">Login errors</h1><div class="update-row"><div class="update-title">Resolved</div><div class="update-body">Done</div></div>"#,
        ),
        "/incidents/q1.json" => Reply::with(
            200,
            &[("Content-Type", "application/json")],
            r#"{"incident":{"name":"Login errors","incident_updates":[{"status":"resolved","body":"Done","created_at":"2025-05-01T10:00:00Z"}]}}"#,
        ),
        _ => Reply::status(404),
    })
    .await;
    let (code, v, err) = fetch(&[&s.url("/post"), "--json"], None).await;
    assert_eq!(code, 0, "{err}");
    has_contract_keys(&v);
    assert_eq!(v["status"], 200);
    assert_eq!(v["redirects"][0], s.url("/blog/post"));
    assert_eq!(v["title"], "Post");

    let wb = s.url("");
    let (code, v, err) = fetch(
        &[
            &s.url("/web/20240101000000/https://x.example/p"),
            "--json",
            "--wayback-url",
            &wb,
        ],
        None,
    )
    .await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(v["archive"]["original"], "https://x.example/p");
    assert_eq!(v["archive"]["captured_at"], "2024-01-01T00:00:00+00:00");

    let (code, v, err) = fetch(&[&s.url("/incidents/q1"), "--json"], None).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(v["incidents"][0]["parsed_from"], "statuspage-json");
    assert_eq!(
        v["incidents"][0]["updates"][0]["timestamp"],
        "2025-05-01T10:00:00+00:00"
    );
    assert_eq!(v["profile"], "statuspage");

    let (code, _, err) = fetch(&[&s.url("/missing")], None).await;
    assert_eq!(code, 1);
    assert!(
        err.contains(&s.url("/missing")) && err.contains("404"),
        "{err}"
    );
}
