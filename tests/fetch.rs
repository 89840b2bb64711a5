//! Fetch layer against servers on 127.0.0.1: retries, timeouts, caps, charsets, robots, politeness, archives, Statuspage.
mod common;
mod fetch_support;

use fetch_support::{chunked_body, Reply, Server};
use incidentlib::fetch::error::TimeoutPhase;
use incidentlib::fetch::{Client, Config, FetchError};
use std::io::Write;
use std::time::{Duration, Instant};

fn client(f: impl FnOnce(&mut Config)) -> Client {
    let mut c = Config::for_local_tests();
    c.sources_dir = Some(common::root().join("sources"));
    f(&mut c);
    Client::new(c).expect("client")
}

fn robots_404(path: &str) -> Option<Reply> {
    (path == "/robots.txt").then(|| Reply::status(404))
}

#[tokio::test]
async fn retry_after_2_then_200_waits_and_retries_once() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| match r.seen {
            0 => Reply::with(429, &[("Retry-After", "2")], "slow down"),
            _ => Reply::html("<title>ok</title><p>fine</p>"),
        })
    })
    .await;
    let c = client(|_| {});
    let t = Instant::now();
    let doc = c
        .get(&s.url("/page"))
        .await
        .expect("second attempt succeeds");
    let waited = t.elapsed();
    assert_eq!(doc.status, Some(200));
    assert_eq!(s.hits("/page"), 2, "one retry");
    assert!(waited >= Duration::from_millis(1900), "waited {waited:?}");
    assert!(waited < Duration::from_secs(4), "waited {waited:?}");
}

#[tokio::test]
async fn retry_after_over_the_cap_is_deferred_not_slept() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| Reply::with(503, &[("Retry-After", "3600")], ""))
    })
    .await;
    let c = client(|_| {});
    let t = Instant::now();
    let e = c.get(&s.url("/x")).await.unwrap_err();
    assert!(
        matches!(
            e,
            FetchError::Deferred {
                wait_secs: 3600,
                ..
            }
        ),
        "{e}"
    );
    assert!(t.elapsed() < Duration::from_secs(1));
    assert_eq!(s.hits("/x"), 1);
}

#[tokio::test]
async fn gives_up_on_503_forever_after_the_attempt_limit() {
    let s = Server::start(|r| robots_404(&r.path).unwrap_or_else(|| Reply::status(503))).await;
    let c = client(|_| {});
    let e = c.get(&s.url("/down")).await.unwrap_err();
    assert!(matches!(e, FetchError::Status { status: 503, .. }), "{e}");
    assert_eq!(s.hits("/down"), 3, "max_attempts = 3");
    assert!(e.to_string().contains(&s.url("/down")));
}

#[tokio::test]
async fn a_server_that_never_answers_times_out_on_first_byte() {
    let s = Server::start(|r| robots_404(&r.path).unwrap_or(Reply::Stall)).await;
    let c = client(|c| c.first_byte_timeout_secs = 0.5);
    let t = Instant::now();
    let e = c.get(&s.url("/stall")).await.unwrap_err();
    assert!(
        matches!(
            e,
            FetchError::Timeout {
                phase: TimeoutPhase::FirstByte,
                ..
            }
        ),
        "{e}"
    );
    assert!(t.elapsed() < Duration::from_millis(1500));
    assert_eq!(
        s.hits("/stall"),
        1,
        "a timeout after sending is not retried"
    );
}

#[tokio::test]
async fn a_trickling_server_is_cut_by_the_total_timeout() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| Reply::Trickle {
            body: vec![b'a'; 100],
            every: Duration::from_millis(100),
        })
    })
    .await;
    let c = client(|c| c.total_timeout_secs = 1.0);
    let t = Instant::now();
    let e = c.get(&s.url("/slow")).await.unwrap_err();
    assert!(
        matches!(
            e,
            FetchError::Timeout {
                phase: TimeoutPhase::Total,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        t.elapsed() < Duration::from_millis(1600),
        "{:?}",
        t.elapsed()
    );
}

#[tokio::test]
async fn redirect_loops_are_detected_and_chains_recorded() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| match r.path.as_str() {
            "/a" => Reply::redirect(301, "/b"),
            "/b" => Reply::redirect(302, "/a"),
            "/old" => Reply::redirect(301, "/mid"),
            "/mid" => Reply::redirect(308, "/new"),
            _ => Reply::html("<title>new</title>"),
        })
    })
    .await;
    let c = client(|_| {});
    let e = c.get(&s.url("/a")).await.unwrap_err();
    assert!(matches!(e, FetchError::RedirectLoop { .. }), "{e}");
    assert!(e.to_string().contains("redirect loop"));
    let doc = c.get(&s.url("/old")).await.unwrap();
    assert_eq!(doc.redirects, vec![s.url("/mid"), s.url("/new")]);
    assert_eq!(doc.final_url, s.url("/new"));
    let c = client(|c| c.max_redirects = 1);
    let e = c.get(&s.url("/old")).await.unwrap_err();
    assert!(matches!(e, FetchError::TooManyRedirects { .. }), "{e}");
}

#[tokio::test]
async fn an_11_mib_body_stops_at_the_cap() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| chunked_body(11 * 1024 * 1024, b'x'))
    })
    .await;
    let c = client(|_| {});
    assert_eq!(c.config().max_bytes, 10 * 1024 * 1024, "the default cap");
    let e = c.get(&s.url("/big")).await.unwrap_err();
    assert!(
        matches!(
            e,
            FetchError::TooLarge {
                limit: 10485760,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("--max-bytes"), "{e}");
}

#[tokio::test]
async fn a_gzip_bomb_stops_at_the_cap_after_decompression() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&vec![0u8; 4 * 1024 * 1024]).unwrap();
    let bomb = gz.finish().unwrap();
    assert!(bomb.len() < 64 * 1024);
    let s = Server::start(move |r| {
        robots_404(&r.path).unwrap_or_else(|| {
            Reply::with(
                200,
                &[("Content-Encoding", "gzip"), ("Content-Type", "text/html")],
                bomb.clone(),
            )
        })
    })
    .await;
    let c = client(|c| c.max_bytes = 1024 * 1024);
    let e = c.get(&s.url("/bomb")).await.unwrap_err();
    assert!(
        matches!(e, FetchError::TooLarge { limit: 1048576, .. }),
        "{e}"
    );
}

fn encoded_page(enc: &'static encoding_rs::Encoding, meta: bool, text: &str) -> Vec<u8> {
    let head = if meta {
        format!(
            r#"<html><head><meta http-equiv="Content-Type" content="text/html; charset={}">"#,
            enc.name()
        )
    } else {
        "<html><head>".to_string()
    };
    let page = format!(
        "{head}<title>{text}</title></head><body><p>{text} {text} {text}</p></body></html>"
    );
    enc.encode(&page).0.into_owned()
}

#[tokio::test]
async fn euc_kr_and_shift_jis_decode_with_and_without_a_charset_header() {
    const KO: &str = "결제 서비스 장애가 발생하여 약 50분 동안 접속이 되지 않았습니다";
    const JA: &str = "決済サービスで障害が発生し、約五十分間ご利用いただけませんでした";
    let s = Server::start(|r| {
        let (enc, text, header, meta) = match r.path.as_str() {
            "/ko-header" => (encoding_rs::EUC_KR, KO, true, false),
            "/ko-meta" => (encoding_rs::EUC_KR, KO, false, true),
            "/ko-none" => (encoding_rs::EUC_KR, KO, false, false),
            "/ja-header" => (encoding_rs::SHIFT_JIS, JA, true, false),
            "/ja-meta" => (encoding_rs::SHIFT_JIS, JA, false, true),
            "/ja-none" => (encoding_rs::SHIFT_JIS, JA, false, false),
            _ => return Reply::status(404),
        };
        let ct = if header {
            format!("text/html; charset={}", enc.name())
        } else {
            "text/html".into()
        };
        Reply::with(200, &[("Content-Type", &ct)], encoded_page(enc, meta, text))
    })
    .await;
    let c = client(|_| {});
    for (path, text, charset) in [
        ("/ko-header", KO, "EUC-KR"),
        ("/ko-meta", KO, "EUC-KR"),
        ("/ko-none", KO, "EUC-KR"),
        ("/ja-header", JA, "Shift_JIS"),
        ("/ja-meta", JA, "Shift_JIS"),
        ("/ja-none", JA, "Shift_JIS"),
    ] {
        let doc = c.get(&s.url(path)).await.unwrap();
        assert_eq!(doc.charset.as_deref(), Some(charset), "{path}");
        assert_eq!(doc.title.as_deref(), Some(text), "{path}");
        assert!(doc.text.contains(text), "{path}: {}", doc.text);
    }
}

#[tokio::test]
async fn robots_txt_disallowed_paths_are_reported_not_fetched() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::with(
            200,
            &[("Content-Type", "text/plain")],
            "User-agent: *\nDisallow: /private\n",
        ),
        _ => Reply::html("<p>hi</p>"),
    })
    .await;
    let c = client(|_| {});
    let e = c.get(&s.url("/private/postmortem")).await.unwrap_err();
    assert!(matches!(e, FetchError::RobotsDisallowed { .. }), "{e}");
    assert!(e.to_string().contains("robots.txt"));
    assert_eq!(s.hits("/private/postmortem"), 0);
    c.get(&s.url("/public")).await.unwrap();
    assert_eq!(s.hits("/robots.txt"), 1, "robots.txt cached per host");
}

#[tokio::test]
async fn robots_txt_5xx_means_not_now() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => Reply::status(503),
        _ => Reply::html("<p>hi</p>"),
    })
    .await;
    let c = client(|_| {});
    let e = c.get(&s.url("/page")).await.unwrap_err();
    assert!(
        matches!(e, FetchError::RobotsUnavailable { status: 503, .. }),
        "{e}"
    );
    assert_eq!(s.hits("/page"), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_urls_on_one_host_never_exceed_the_per_host_limit() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| {
            Reply::After(Duration::from_millis(10), Box::new(Reply::html("<p>x</p>")))
        })
    })
    .await;
    for per_host in [1usize, 3] {
        let c = client(|c| {
            c.per_host = per_host;
            c.concurrency = 32;
        });
        let tasks: Vec<_> = (0..50)
            .map(|i| {
                let (c, u) = (c.clone(), s.url(&format!("/p{per_host}/{i}")));
                tokio::spawn(async move { c.get(&u).await })
            })
            .collect();
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        assert!(
            s.max_in_flight() <= per_host,
            "per_host {per_host}: saw {}",
            s.max_in_flight()
        );
    }
    assert_eq!(s.max_in_flight(), 3, "the limit is used, not undershot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retries_stay_within_the_run_budget_under_a_failing_host() {
    let s = Server::start(|r| robots_404(&r.path).unwrap_or_else(|| Reply::status(503))).await;
    let c = client(|c| {
        c.per_host = 4;
        c.breaker_threshold = 0;
        c.retry_budget_ratio = 0.1;
        c.retry_budget_min = 0;
    });
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let (c, u) = (c.clone(), s.url(&format!("/f/{i}")));
            tokio::spawn(async move { c.get(&u).await })
        })
        .collect();
    for t in tasks {
        assert!(t.await.unwrap().is_err());
    }
    let total = s.total_hits();
    assert!(
        total <= 55,
        "50 first attempts + at most 10% retries; saw {total}"
    );
    assert_eq!(c.budget().counts().0, 50);
}

#[tokio::test]
async fn a_host_failing_five_times_in_a_row_is_paused() {
    let s = Server::start(|r| robots_404(&r.path).unwrap_or_else(|| Reply::status(500))).await;
    let c = client(|_| {});
    for i in 0..8 {
        let e = c.get(&s.url(&format!("/{i}"))).await.unwrap_err();
        if i >= 5 {
            assert!(matches!(e, FetchError::HostPaused { .. }), "{i}: {e}");
        }
    }
    assert_eq!(s.total_hits(), 5);
}

#[tokio::test]
async fn conditional_get_turns_an_unchanged_page_into_a_304() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| {
            if r.headers.get("if-none-match").map(String::as_str) == Some("\"v1\"") {
                Reply::status(304)
            } else {
                Reply::with(
                    200,
                    &[("ETag", "\"v1\""), ("Content-Type", "text/html")],
                    "<title>cached</title><p>body</p>",
                )
            }
        })
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let c = client(|c| c.cache_dir = Some(dir.path().to_path_buf()));
    let first = c.get(&s.url("/p")).await.unwrap();
    assert!(!first.from_cache);
    let second = c.get(&s.url("/p")).await.unwrap();
    assert!(second.from_cache);
    assert_eq!(second.status, Some(304));
    assert_eq!(second.title.as_deref(), Some("cached"));
    assert_eq!(second.text, first.text);
}

const CAPTURE: &str = "/web/20241112093000id_/https://blog.example.com/outage";

#[tokio::test]
async fn wayback_urls_are_fetched_raw_and_keep_the_original() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| match r.path.as_str() {
            CAPTURE => Reply::html("<title>Outage</title><article><p>We broke it.</p></article>"),
            _ => Reply::html("<div id=wm-toolbar>toolbar</div>"),
        })
    })
    .await;
    let base = s.url("");
    let c = client(|c| c.wayback_url = base.clone());
    let doc = c
        .get(&s.url("/web/20241112093000/https://blog.example.com/outage"))
        .await
        .unwrap();
    assert_eq!(s.hits(CAPTURE), 1);
    let a = doc.archive.expect("archive info");
    assert_eq!(a.original, "https://blog.example.com/outage");
    assert_eq!(a.captured_at, "2024-11-12T09:30:00+00:00");
    assert!(!doc.text.contains("toolbar"));
    assert_eq!(doc.profile.map(|p| p.name).as_deref(), Some("blog"));
}

#[tokio::test]
async fn closest_capture_by_redirect_probe_then_availability_api() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| {
            let p = r.path.as_str();
            if p == "/web/20241112120000/https://a.example/post" {
                Reply::redirect(302, "/web/20241110083000/https://a.example/post")
            } else if p.starts_with("/wayback/available") && p.contains("b.example") {
                Reply::with(
                    200,
                    &[("Content-Type", "application/json")],
                    r#"{"url":"b.example/x","archived_snapshots":{"closest":{"status":"200","available":true,"url":"http://web.archive.org/web/20230101000000/https://b.example/x","timestamp":"20230101000000"}}}"#,
                )
            } else if p.starts_with("/wayback/available") {
                Reply::with(200, &[("Content-Type", "application/json")], r#"{"archived_snapshots":{}}"#)
            } else {
                Reply::status(404)
            }
        })
    })
    .await;
    let base = s.url("");
    let c = client(|c| {
        c.wayback_url = base.clone();
        c.archive_api_url = base.clone();
    });
    let cap = c
        .closest_capture("https://a.example/post", "2024-11-12")
        .await
        .unwrap()
        .expect("probe finds a capture");
    assert_eq!(cap.timestamp, "20241110083000");
    assert_eq!(cap.url, s.url("/web/20241110083000/https://a.example/post"));
    let cap = c
        .closest_capture("https://b.example/x", "2023-01-05")
        .await
        .unwrap()
        .expect("API finds a capture");
    assert_eq!(cap.captured_at, "2023-01-01T00:00:00+00:00");
    let none = c
        .closest_capture("https://c.example/", "2023-01-05")
        .await
        .unwrap();
    assert!(none.is_none(), "an empty answer is unknown");
}

const SP_HTML: &str = r#"<html><head><title>Acme Status - API errors</title></head><body>
<h1 class="incident-name">API errors</h1><div class="updates-container">
<div class="row update-row"><div class="update-title">Resolved</div><div class="update-body">Fixed.</div>
<small>Posted <span data-datetime-unix="1741105800000"></span></small></div>
<div class="row update-row"><div class="update-title">Investigating</div><div class="update-body">Looking.</div>
<small>Posted <span data-datetime-unix="1741097100000"></span></small></div></div></body></html>"#;

const SP_JSON: &str = r#"{"page":{"id":"p"},"incident":{"id":"abc123","name":"API errors",
"created_at":"2025-03-04T14:05:40.000Z","started_at":"2025-03-04T13:58:00.000Z","resolved_at":"2025-03-04T16:30:00.000Z",
"postmortem_body":"Root cause: an expired certificate.",
"incident_updates":[{"status":"resolved","body":"Fixed.","created_at":"2025-03-04T16:30:07.123Z"},
{"status":"investigating","body":"Looking.","created_at":"2025-03-04T14:05:40.000Z"}]}}"#;

#[tokio::test]
async fn statuspage_incidents_use_the_json_and_fall_back_to_html() {
    let s = Server::start(|r| {
        robots_404(&r.path).unwrap_or_else(|| match r.path.as_str() {
            "/incidents/abc123" | "/incidents/nojson" => Reply::html(SP_HTML),
            "/incidents/abc123.json" => {
                Reply::with(200, &[("Content-Type", "application/json")], SP_JSON)
            }
            _ => Reply::status(404),
        })
    })
    .await;
    let c = client(|_| {});
    let doc = c.get(&s.url("/incidents/abc123")).await.unwrap();
    let inc = &doc.incidents[0];
    assert_eq!(inc.parsed_from, "statuspage-json");
    assert_eq!(inc.started_at.as_deref(), Some("2025-03-04T13:58:00+00:00"));
    assert_eq!(
        inc.updates[0].timestamp.as_deref(),
        Some("2025-03-04T14:05:40+00:00")
    );
    assert_eq!(inc.updates[1].title, "Resolved");
    assert_eq!(
        doc.profile.as_ref().map(|p| p.source_kind.as_str()),
        Some("official-status")
    );

    let doc = c.get(&s.url("/incidents/nojson")).await.unwrap();
    let inc = &doc.incidents[0];
    assert_eq!(inc.parsed_from, "statuspage-html");
    assert_eq!(inc.updates[0].title, "Investigating");
    assert_eq!(
        inc.updates[0].timestamp.as_deref(),
        Some("2025-03-04T14:05:00+00:00")
    );
}
