//! `incidentlib fetch SOURCE [--json]`, and the fetch flags every networked command shares.
use crate::fetch::{Client, Config, Document};
use std::path::PathBuf;

/// Flags (and env vars) that set the fetch layer's config; they override the config file.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct FetchFlags {
    /// TOML file with fetch::Config keys (default ./incidentlib-fetch.toml when present).
    #[arg(long, env = "INCIDENTLIB_FETCH_CONFIG", value_name = "FILE")]
    pub fetch_config: Option<PathBuf>,
    /// Contact URL sent in the User-Agent.
    #[arg(long, env = "INCIDENTLIB_CONTACT", value_name = "URL")]
    pub contact: Option<String>,
    /// Connect timeout in seconds.
    #[arg(long, env = "INCIDENTLIB_CONNECT_TIMEOUT", value_name = "SECS")]
    pub connect_timeout: Option<f64>,
    /// Time-to-first-byte timeout in seconds.
    #[arg(long, env = "INCIDENTLIB_FIRST_BYTE_TIMEOUT", value_name = "SECS")]
    pub first_byte_timeout: Option<f64>,
    /// Whole-request timeout in seconds (body included).
    #[arg(long, env = "INCIDENTLIB_TIMEOUT", value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Largest body in bytes, counted after decompression.
    #[arg(long, env = "INCIDENTLIB_MAX_BYTES", value_name = "BYTES")]
    pub max_bytes: Option<u64>,
    /// Most redirects followed.
    #[arg(long, env = "INCIDENTLIB_MAX_REDIRECTS", value_name = "N")]
    pub max_redirects: Option<usize>,
    /// Requests in flight per host.
    #[arg(long, env = "INCIDENTLIB_PER_HOST", value_name = "N")]
    pub per_host: Option<usize>,
    /// Least seconds between requests to one host.
    #[arg(long, env = "INCIDENTLIB_HOST_DELAY", value_name = "SECS")]
    pub host_delay: Option<f64>,
    /// Requests in flight overall.
    #[arg(long, env = "INCIDENTLIB_CONCURRENCY", value_name = "N")]
    pub concurrency: Option<usize>,
    /// Do not read robots.txt (only for your own sites).
    #[arg(long)]
    pub ignore_robots: bool,
    /// Most attempts per URL.
    #[arg(long, env = "INCIDENTLIB_MAX_ATTEMPTS", value_name = "N")]
    pub max_attempts: Option<u32>,
    /// Longest Retry-After honoured, in seconds; longer waits defer the URL.
    #[arg(long, env = "INCIDENTLIB_RETRY_AFTER_MAX", value_name = "SECS")]
    pub retry_after_max: Option<f64>,
    /// Conditional-GET cache folder.
    #[arg(long, env = "INCIDENTLIB_CACHE_DIR", value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Do not use the conditional-GET cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Wayback Machine base URL.
    #[arg(long, env = "INCIDENTLIB_WAYBACK_URL", value_name = "URL")]
    pub wayback_url: Option<String>,
    /// Base URL of the Wayback availability API.
    #[arg(long, env = "INCIDENTLIB_ARCHIVE_API_URL", value_name = "URL")]
    pub archive_api_url: Option<String>,
    /// Pin a host name to an address, like curl (HOST=IP; HOST=none makes it fail). Repeatable.
    #[arg(
        long,
        env = "INCIDENTLIB_RESOLVE",
        value_name = "HOST=IP",
        value_delimiter = ','
    )]
    pub resolve: Vec<String>,
    /// Folder of site profiles.
    #[arg(long, env = "INCIDENTLIB_SOURCES", value_name = "DIR")]
    pub sources: Option<PathBuf>,
}

impl FetchFlags {
    /// The config file, then these flags on top.
    pub fn config(&self) -> anyhow::Result<Config> {
        let mut c = Config::load(self.fetch_config.as_deref())?;
        macro_rules! set {
            ($($flag:ident => $field:ident),*) => {$(
                if let Some(v) = self.$flag.clone() { c.$field = v; }
            )*};
        }
        set!(contact => contact, connect_timeout => connect_timeout_secs,
            first_byte_timeout => first_byte_timeout_secs, timeout => total_timeout_secs,
            max_bytes => max_bytes, max_redirects => max_redirects, per_host => per_host,
            host_delay => host_delay_secs, concurrency => concurrency,
            max_attempts => max_attempts, retry_after_max => retry_after_max_secs,
            wayback_url => wayback_url, archive_api_url => archive_api_url);
        if self.ignore_robots {
            c.robots = false;
        }
        if let Some(d) = &self.cache_dir {
            c.cache_dir = Some(d.clone());
        }
        if self.no_cache {
            c.cache_dir = None;
        }
        c.resolve
            .extend(crate::fetch::resolve::parse_pairs(&self.resolve).map_err(anyhow::Error::msg)?);
        if let Some(s) = &self.sources {
            c.sources_dir = Some(s.clone());
        }
        Ok(c)
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A URL, a file (HTML, text, Markdown, Statuspage JSON) or - for stdin.
    #[arg(value_name = "SOURCE")]
    pub source: String,
    /// Print one JSON object instead of a summary and the text.
    #[arg(long)]
    pub json: bool,
    /// With --json, include the decoded body and status updates.
    #[arg(long)]
    pub full: bool,
    #[command(flatten)]
    pub fetch: FetchFlags,
}

/// The `--json` object: the contract keys first, then extras.
pub fn document_json(doc: &Document, full: bool) -> serde_json::Value {
    let mut v = serde_json::json!({
        "url": doc.url,
        "final_url": doc.final_url,
        "status": doc.status,
        "redirects": doc.redirects,
        "content_type": doc.content_type,
        "charset": doc.charset,
        "bytes": doc.bytes,
        "from_cache": doc.from_cache,
        "archive": doc.archive,
        "profile": doc.profile.as_ref().map(|p| p.name.clone()),
        "title": doc.title,
        "text": doc.text,
        "full_text": doc.full_text,
        "format": doc.format,
        "source_kind": doc.source_kind(),
        "incidents": doc.incidents,
    });
    if !doc.warnings.is_empty() {
        v["warnings"] = serde_json::to_value(&doc.warnings).unwrap_or_default();
    }
    if full {
        v["html"] = serde_json::Value::String(doc.html.clone());
        v["profile_detail"] = serde_json::to_value(&doc.profile).unwrap_or_default();
    }
    v
}

pub fn run(args: &Args) -> anyhow::Result<i32> {
    let config = args.fetch.config()?;
    let client = Client::new(config)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    match rt.block_on(client.get(&args.source)) {
        Ok(doc) => {
            for w in &doc.warnings {
                eprintln!("warning: {}: {w}", doc.url);
            }
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&document_json(&doc, args.full))?
                );
            } else {
                print_summary(&doc);
            }
            Ok(0)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(1)
        }
    }
}

fn print_summary(doc: &Document) {
    println!("url:          {}", doc.url);
    if doc.final_url != doc.url {
        println!("final url:    {}", doc.final_url);
    }
    if let Some(s) = doc.status {
        println!(
            "status:       {s}{}",
            if doc.from_cache {
                " (unchanged; from cache)"
            } else {
                ""
            }
        );
    }
    for r in &doc.redirects {
        println!("redirect:     {r}");
    }
    println!(
        "content:      {} {} ({} bytes, {})",
        doc.content_type.as_deref().unwrap_or("-"),
        doc.charset.as_deref().unwrap_or("-"),
        doc.bytes,
        serde_json::to_value(doc.format)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    );
    if let Some(a) = &doc.archive {
        println!("archived:     {} captured {}", a.original, a.captured_at);
    }
    if let Some(p) = &doc.profile {
        println!("profile:      {} ({})", p.name, p.source_kind);
    }
    if let Some(t) = &doc.title {
        println!("title:        {t}");
    }
    for inc in &doc.incidents {
        println!(
            "incident:     {} ({} updates, from {})",
            inc.name.as_deref().unwrap_or("-"),
            inc.updates.len(),
            inc.parsed_from
        );
        for u in &inc.updates {
            println!(
                "  {}  {}",
                u.timestamp
                    .as_deref()
                    .or(u.shown_time.as_deref())
                    .unwrap_or("?"),
                u.title
            );
        }
    }
    println!();
    println!("{}", doc.text);
}
