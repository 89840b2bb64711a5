//! The process's TLS crypto provider (ring), which every HTTP client needs before it is built.

/// Makes ring the process-wide rustls crypto provider; calling it again does nothing. reqwest is
/// built without a provider of its own, so this runs before any `reqwest::Client` is built.
pub fn install_provider() {
    // An error only means a provider is already installed (ours or another's): either serves.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
