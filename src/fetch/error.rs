//! Why a fetch failed, always naming the URL (or file) and, where useful, what to do about it.
use thiserror::Error;

/// Which timeout fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutPhase {
    Connect,
    FirstByte,
    Total,
}

impl std::fmt::Display for TimeoutPhase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TimeoutPhase::Connect => "connect timeout (--connect-timeout)",
            TimeoutPhase::FirstByte => "time-to-first-byte timeout (--first-byte-timeout)",
            TimeoutPhase::Total => "total timeout (--timeout)",
        })
    }
}

#[derive(Debug, Error)]
pub enum FetchError {
    #[error("{source_text}: {reason}")]
    InvalidSource { source_text: String, reason: String },
    #[error("{path}: {reason}")]
    File { path: String, reason: String },
    #[error("{url}: disallowed by robots.txt; not fetched")]
    RobotsDisallowed { url: String },
    #[error("{url}: robots.txt answered HTTP {status}; not fetching this host now, try later")]
    RobotsUnavailable { url: String, status: u16 },
    #[error(
        "{url}: host {host} paused for the rest of this run after {failures} failures in a row"
    )]
    HostPaused {
        url: String,
        host: String,
        failures: u32,
    },
    #[error("{url}: server asked to wait {wait_secs} s (Retry-After), over the {max_secs} s limit (--retry-after-max); deferred")]
    Deferred {
        url: String,
        wait_secs: u64,
        max_secs: u64,
    },
    #[error("{url}: {phase} of {secs} s exceeded")]
    Timeout {
        url: String,
        phase: TimeoutPhase,
        secs: f64,
    },
    #[error("{url}: body exceeds the {limit} byte limit after decompression (raise --max-bytes if the page is real)")]
    TooLarge { url: String, limit: u64 },
    #[error("{url}: redirect loop: {}", chain.join(" -> "))]
    RedirectLoop { url: String, chain: Vec<String> },
    #[error("{url}: more than {limit} redirects (--max-redirects): {}", chain.join(" -> "))]
    TooManyRedirects {
        url: String,
        limit: usize,
        chain: Vec<String>,
    },
    #[error("{url}: HTTP {status}{}", if final_url != url { format!(" at {final_url}") } else { String::new() })]
    Status {
        url: String,
        final_url: String,
        status: u16,
        redirects: Vec<String>,
    },
    #[error("{url}: DNS lookup failed: {reason}")]
    Dns { url: String, reason: String },
    #[error("{url}: TLS failed: {reason}")]
    Tls { url: String, reason: String },
    #[error("{url}: connection failed: {reason}")]
    Connection { url: String, reason: String },
}

impl FetchError {
    /// Short machine-readable name of the failure.
    pub fn kind(&self) -> &'static str {
        match self {
            FetchError::InvalidSource { .. } => "invalid-source",
            FetchError::File { .. } => "file",
            FetchError::RobotsDisallowed { .. } => "robots-disallowed",
            FetchError::RobotsUnavailable { .. } => "robots-unavailable",
            FetchError::HostPaused { .. } => "host-paused",
            FetchError::Deferred { .. } => "deferred",
            FetchError::Timeout { .. } => "timeout",
            FetchError::TooLarge { .. } => "too-large",
            FetchError::RedirectLoop { .. } => "redirect-loop",
            FetchError::TooManyRedirects { .. } => "too-many-redirects",
            FetchError::Status { .. } => "http-status",
            FetchError::Dns { .. } => "dns-error",
            FetchError::Tls { .. } => "tls-error",
            FetchError::Connection { .. } => "connection-error",
        }
    }
}

/// Sorts a reqwest error into DNS / TLS / connection by walking its source chain.
pub fn from_reqwest(url: &str, e: &reqwest::Error) -> FetchError {
    let mut chain = Vec::new();
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = cur {
        chain.push(err.to_string());
        cur = err.source();
    }
    let reason = chain.last().cloned().unwrap_or_else(|| e.to_string());
    let all = chain.join(": ").to_ascii_lowercase();
    let url = url.to_string();
    if all.contains("dns error")
        || all.contains("failed to lookup")
        || all.contains("name or service not known")
    {
        FetchError::Dns { url, reason }
    } else if all.contains("certificate") || all.contains("tls") || all.contains("handshake") {
        FetchError::Tls { url, reason }
    } else {
        FetchError::Connection { url, reason }
    }
}
