//! The one fetch configuration: defaults, a TOML config file, then env vars and flags on top.
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Env var naming a TOML config file for the fetch layer.
pub const CONFIG_ENV: &str = "INCIDENTLIB_FETCH_CONFIG";
/// Config file read when present and no other is named.
pub const DEFAULT_CONFIG_FILE: &str = "incidentlib-fetch.toml";
/// Where to reach the maintainers of this client, sent in the User-Agent.
pub const DEFAULT_CONTACT: &str = "https://github.com/incidentlib/incidentlib";
pub const DEFAULT_CONNECT_TIMEOUT_SECS: f64 = 10.0;
pub const DEFAULT_FIRST_BYTE_TIMEOUT_SECS: f64 = 20.0;
pub const DEFAULT_TOTAL_TIMEOUT_SECS: f64 = 60.0;
/// Largest body kept, counted after decompression.
pub const DEFAULT_MAX_BYTES: u64 = 10 * 1024 * 1024;
pub const DEFAULT_MAX_REDIRECTS: usize = 10;
pub const DEFAULT_PER_HOST: usize = 1;
pub const DEFAULT_HOST_DELAY_SECS: f64 = 1.0;
pub const DEFAULT_CONCURRENCY: usize = 16;
/// A robots.txt `Crawl-delay` above this is clamped (a day-long delay would stall a run).
pub const DEFAULT_MAX_CRAWL_DELAY_SECS: f64 = 60.0;
pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;
pub const DEFAULT_BACKOFF_BASE_SECS: f64 = 0.5;
pub const DEFAULT_BACKOFF_CAP_SECS: f64 = 30.0;
/// A `Retry-After` longer than this is reported (the URL deferred), not slept through.
pub const DEFAULT_RETRY_AFTER_MAX_SECS: f64 = 600.0;
/// Retries may not exceed this share of first attempts in a run…
pub const DEFAULT_RETRY_BUDGET_RATIO: f64 = 0.1;
/// …plus this many, so a single fetch can still retry.
pub const DEFAULT_RETRY_BUDGET_MIN: u32 = 3;
/// Consecutive failures after which a host is paused for the rest of the run (0: never).
pub const DEFAULT_BREAKER_THRESHOLD: u32 = 5;
pub const DEFAULT_WAYBACK_URL: &str = "https://web.archive.org";
pub const DEFAULT_ARCHIVE_API_URL: &str = "https://archive.org";

/// Every knob of the fetch layer. Build with [`Config::load`], then override from flags.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Contact URL sent as `User-Agent: incidentlib/<version> (+<contact>)`.
    pub contact: String,
    pub connect_timeout_secs: f64,
    pub first_byte_timeout_secs: f64,
    pub total_timeout_secs: f64,
    pub max_bytes: u64,
    pub max_redirects: usize,
    /// Requests in flight per host.
    pub per_host: usize,
    /// Least time between request starts on one host (robots.txt `Crawl-delay` when larger).
    pub host_delay_secs: f64,
    pub max_crawl_delay_secs: f64,
    /// Requests in flight overall.
    pub concurrency: usize,
    pub robots: bool,
    pub max_attempts: u32,
    pub backoff_base_secs: f64,
    pub backoff_cap_secs: f64,
    pub retry_after_max_secs: f64,
    pub retry_budget_ratio: f64,
    pub retry_budget_min: u32,
    pub breaker_threshold: u32,
    /// Conditional-GET cache folder (ETag / Last-Modified and the last body); None disables it.
    pub cache_dir: Option<PathBuf>,
    /// Wayback Machine web base (captures and the redirect probe).
    pub wayback_url: String,
    /// Base of the availability API (`/wayback/available`).
    pub archive_api_url: String,
    /// Folder of site profiles (`*.toml`); default: the `sources/` data folder.
    pub sources_dir: Option<PathBuf>,
    /// Host name → IP address overrides (`"none"`: the name does not resolve).
    pub resolve: std::collections::BTreeMap<String, String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            contact: DEFAULT_CONTACT.into(),
            connect_timeout_secs: DEFAULT_CONNECT_TIMEOUT_SECS,
            first_byte_timeout_secs: DEFAULT_FIRST_BYTE_TIMEOUT_SECS,
            total_timeout_secs: DEFAULT_TOTAL_TIMEOUT_SECS,
            max_bytes: DEFAULT_MAX_BYTES,
            max_redirects: DEFAULT_MAX_REDIRECTS,
            per_host: DEFAULT_PER_HOST,
            host_delay_secs: DEFAULT_HOST_DELAY_SECS,
            max_crawl_delay_secs: DEFAULT_MAX_CRAWL_DELAY_SECS,
            concurrency: DEFAULT_CONCURRENCY,
            robots: true,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            backoff_base_secs: DEFAULT_BACKOFF_BASE_SECS,
            backoff_cap_secs: DEFAULT_BACKOFF_CAP_SECS,
            retry_after_max_secs: DEFAULT_RETRY_AFTER_MAX_SECS,
            retry_budget_ratio: DEFAULT_RETRY_BUDGET_RATIO,
            retry_budget_min: DEFAULT_RETRY_BUDGET_MIN,
            breaker_threshold: DEFAULT_BREAKER_THRESHOLD,
            cache_dir: Some(crate::paths::output_dir().join("fetch-cache")),
            wayback_url: DEFAULT_WAYBACK_URL.into(),
            archive_api_url: DEFAULT_ARCHIVE_API_URL.into(),
            sources_dir: None,
            resolve: Default::default(),
        }
    }
}

/// Seconds as a Duration; negative or NaN counts as zero.
pub fn secs(s: f64) -> Duration {
    if s.is_finite() && s > 0.0 {
        Duration::from_secs_f64(s.min(1e9))
    } else {
        Duration::ZERO
    }
}

impl Config {
    /// Defaults, overlaid by `file` (or `$INCIDENTLIB_FETCH_CONFIG`, or `./incidentlib-fetch.toml`
    /// when present). Env vars for single knobs are applied by the CLI flags (`env = …`).
    pub fn load(file: Option<&Path>) -> Result<Config> {
        let named = file
            .map(Path::to_path_buf)
            .or_else(|| std::env::var_os(CONFIG_ENV).map(PathBuf::from));
        let path = match named {
            Some(p) => p,
            None => {
                let p = PathBuf::from(DEFAULT_CONFIG_FILE);
                if !p.is_file() {
                    return Ok(Config::default());
                }
                p
            }
        };
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading fetch config {}", path.display()))?;
        toml::from_str(&text).with_context(|| {
            format!(
                "parsing fetch config {} (keys are the fields of fetch::Config)",
                path.display()
            )
        })
    }

    pub fn user_agent(&self) -> String {
        format!(
            "incidentlib/{} (+{})",
            env!("CARGO_PKG_VERSION"),
            self.contact
        )
    }

    /// A config for tests and benchmarks on 127.0.0.1: no delays, no cache, short timeouts.
    pub fn for_local_tests() -> Config {
        Config {
            connect_timeout_secs: 1.0,
            first_byte_timeout_secs: 1.0,
            total_timeout_secs: 2.0,
            host_delay_secs: 0.0,
            backoff_base_secs: 0.01,
            backoff_cap_secs: 0.05,
            cache_dir: None,
            ..Config::default()
        }
    }

    /// The site-profile folder this config uses.
    pub fn sources_dir(&self) -> PathBuf {
        self.sources_dir
            .clone()
            .unwrap_or_else(|| crate::paths::data_dir("sources"))
    }
}
