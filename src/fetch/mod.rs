//! Polite fetching of URLs, files and stdin into one Document type (timeouts, caps, charsets, robots, retries, archives).
pub mod archive;
pub mod build;
pub mod cache;
pub mod charset;
pub mod client;
pub mod config;
pub mod document;
pub mod error;
pub mod local;
pub mod pdf;
pub mod politeness;
pub mod profile;
pub mod resolve;
pub mod retry;
pub mod statuspage;
pub mod text;
pub mod tls;

pub use archive::Capture;
pub use client::Client;
pub use config::Config;
pub use document::{ArchiveInfo, Document, Format, Incident, ProfileRef, Update};
pub use error::FetchError;
pub use retry::should_retry;

/// Whether a source is an http(s) URL (anything else is a file path or `-`).
pub fn is_url(source: &str) -> bool {
    let s = source.trim_start();
    s.len() > 8
        && (s[..7].eq_ignore_ascii_case("http://") || s[..8].eq_ignore_ascii_case("https://"))
}

/// Loads a source (URL, file or `-` for stdin) with a client built from `config`. A file or
/// stdin needs only the site profiles: the HTTP client (TLS roots, connection pool; about a
/// twentieth of a one-page draft's CPU) is built only when a URL is fetched.
pub async fn load_source(source: &str, config: &Config) -> Result<Document, FetchError> {
    let config_error = |e: anyhow::Error| FetchError::InvalidSource {
        source_text: source.to_string(),
        reason: format!("fetch configuration: {e:#}"),
    };
    if !is_url(source) {
        let profiles = profile::Profiles::load(&config.sources_dir()).map_err(config_error)?;
        return local::load_local(source, &profiles);
    }
    let client = Client::new(config.clone()).map_err(config_error)?;
    client.get(source).await
}
