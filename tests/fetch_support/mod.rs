//! A scriptable HTTP/1.1 fault server on 127.0.0.1 for fetch and links tests: counts hits and concurrency.
#![allow(dead_code)]
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A parsed request head.
#[derive(Debug, Clone)]
pub struct Req {
    pub method: String,
    pub path: String,
    pub headers: HashMap<String, String>,
    /// How many times this path was requested before, this one excluded.
    pub seen: usize,
}

/// What the server does with a request.
pub enum Reply {
    Full {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// 200 with a Content-Length, then one byte per interval.
    Trickle { body: Vec<u8>, every: Duration },
    /// Read the request, never answer.
    Stall,
    /// Close the connection with a TCP reset.
    Reset,
    /// Wait, then do the inner reply (holds the request "in flight").
    After(Duration, Box<Reply>),
}

impl Reply {
    pub fn status(status: u16) -> Reply {
        Reply::Full {
            status,
            headers: vec![],
            body: format!("status {status}").into_bytes(),
        }
    }
    pub fn html(body: &str) -> Reply {
        Reply::Full {
            status: 200,
            headers: vec![("Content-Type".into(), "text/html; charset=utf-8".into())],
            body: body.as_bytes().to_vec(),
        }
    }
    pub fn with(status: u16, headers: &[(&str, &str)], body: impl Into<Vec<u8>>) -> Reply {
        Reply::Full {
            status,
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            body: body.into(),
        }
    }
    pub fn redirect(status: u16, to: &str) -> Reply {
        Reply::with(status, &[("Location", to)], Vec::new())
    }
}

type Handler = Arc<dyn Fn(&Req) -> Reply + Send + Sync>;

/// A running server; dropped with the test's runtime.
#[derive(Clone)]
pub struct Server {
    pub addr: SocketAddr,
    hits: Arc<Mutex<HashMap<String, usize>>>,
    in_flight: Arc<AtomicUsize>,
    max_in_flight: Arc<AtomicUsize>,
}

impl Server {
    /// Starts on 127.0.0.1 with a free port.
    pub async fn start(handler: impl Fn(&Req) -> Reply + Send + Sync + 'static) -> Server {
        Self::start_on("127.0.0.1:0", handler).await
    }

    pub async fn start_on(
        bind: &str,
        handler: impl Fn(&Req) -> Reply + Send + Sync + 'static,
    ) -> Server {
        let listener = TcpListener::bind(bind).await.expect("bind test server");
        let server = Server {
            addr: listener.local_addr().unwrap(),
            hits: Default::default(),
            in_flight: Default::default(),
            max_in_flight: Default::default(),
        };
        let handler: Handler = Arc::new(handler);
        let s = server.clone();
        tokio::spawn(async move {
            loop {
                let Ok((sock, _)) = listener.accept().await else {
                    break;
                };
                let (s, h) = (s.clone(), handler.clone());
                tokio::spawn(async move { s.serve(sock, h).await });
            }
        });
        server
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Requests seen for a path (query included).
    pub fn hits(&self, path: &str) -> usize {
        *self.hits.lock().unwrap().get(path).unwrap_or(&0)
    }

    /// Requests seen in total, robots.txt excluded.
    pub fn total_hits(&self) -> usize {
        self.hits
            .lock()
            .unwrap()
            .iter()
            .filter(|(p, _)| p.as_str() != "/robots.txt")
            .map(|(_, n)| n)
            .sum()
    }

    pub fn max_in_flight(&self) -> usize {
        self.max_in_flight.load(Ordering::SeqCst)
    }

    async fn serve(&self, mut sock: TcpStream, handler: Handler) {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 4096];
        while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
            match sock.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        }
        let head = String::from_utf8_lossy(&buf).into_owned();
        let mut lines = head.split("\r\n");
        let first: Vec<&str> = lines.next().unwrap_or("").split(' ').collect();
        let headers = lines
            .take_while(|l| !l.is_empty())
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let path = first.get(1).unwrap_or(&"/").to_string();
        let seen = {
            let mut hits = self.hits.lock().unwrap();
            let n = hits.entry(path.clone()).or_insert(0);
            *n += 1;
            *n - 1
        };
        let req = Req {
            method: first.first().unwrap_or(&"GET").to_string(),
            path,
            headers,
            seen,
        };
        let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.max_in_flight.fetch_max(now, Ordering::SeqCst);
        let reply = handler(&req);
        Self::reply(&mut sock, reply).await;
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
    }

    fn reply<'a>(
        sock: &'a mut TcpStream,
        reply: Reply,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>> {
        Box::pin(async move {
            match reply {
                Reply::Full {
                    status,
                    headers,
                    body,
                } => {
                    let mut head = format!("HTTP/1.1 {status} X\r\nConnection: close\r\n");
                    let mut has_len = false;
                    for (k, v) in &headers {
                        has_len |= k.eq_ignore_ascii_case("content-length")
                            || k.eq_ignore_ascii_case("transfer-encoding");
                        head.push_str(&format!("{k}: {v}\r\n"));
                    }
                    if !has_len {
                        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
                    }
                    head.push_str("\r\n");
                    let _ = sock.write_all(head.as_bytes()).await;
                    let _ = sock.write_all(&body).await;
                    let _ = sock.shutdown().await;
                }
                Reply::Trickle { body, every } => {
                    let head = format!(
                        "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n",
                        body.len()
                    );
                    let _ = sock.write_all(head.as_bytes()).await;
                    for b in body {
                        if sock.write_all(&[b]).await.is_err() {
                            return;
                        }
                        tokio::time::sleep(every).await;
                    }
                }
                Reply::Stall => tokio::time::sleep(Duration::from_secs(3600)).await,
                Reply::Reset => {
                    #[allow(deprecated)] // blocking on drop is what a reset needs here
                    let _ = sock.set_linger(Some(Duration::ZERO));
                }
                Reply::After(d, inner) => {
                    tokio::time::sleep(d).await;
                    Self::reply(sock, *inner).await;
                }
            }
        })
    }
}

/// Writes a body with Transfer-Encoding: chunked (no Content-Length), `size` bytes of `fill`.
pub fn chunked_body(size: usize, fill: u8) -> Reply {
    let mut body = Vec::with_capacity(size + size / 8192 * 16);
    let piece = vec![fill; 8192];
    let mut left = size;
    while left > 0 {
        let n = left.min(piece.len());
        body.extend_from_slice(format!("{n:x}\r\n").as_bytes());
        body.extend_from_slice(&piece[..n]);
        body.extend_from_slice(b"\r\n");
        left -= n;
    }
    body.extend_from_slice(b"0\r\n\r\n");
    Reply::with(
        200,
        &[
            ("Transfer-Encoding", "chunked"),
            ("Content-Type", "text/plain"),
        ],
        body,
    )
}
