//! When to retry (one `should_retry`), backoff with full jitter, `Retry-After`, and the run's retry budget.
use super::config::{secs, Config};
use rand::RngExt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// HTTP statuses worth retrying on a GET: the server said "later" or a gateway hiccuped.
pub const RETRY_STATUSES: &[u16] = &[408, 429, 502, 503, 504];

/// What one attempt ended with, as far as retrying is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// A response arrived with this status.
    Status(u16),
    /// The connection could not be made or was dropped before a response.
    ConnectionFailed,
    /// Any other failure (timeout after the request was sent, body too large, TLS, DNS…).
    Other,
}

/// The one place that decides whether an attempt is worth repeating.
pub fn should_retry(attempt: Attempt) -> bool {
    match attempt {
        Attempt::Status(s) => RETRY_STATUSES.contains(&s),
        Attempt::ConnectionFailed => true,
        Attempt::Other => false,
    }
}

/// Whether an attempt counts as the host failing (for the circuit breaker).
pub fn is_host_failure(attempt: Attempt) -> bool {
    match attempt {
        Attempt::Status(s) => s >= 500 || s == 429,
        Attempt::ConnectionFailed => true,
        Attempt::Other => false,
    }
}

/// Exponential backoff with full jitter: uniform in [0, min(cap, base·2^retry)).
pub fn backoff(config: &Config, retry: u32) -> Duration {
    let base = secs(config.backoff_base_secs).as_secs_f64();
    let cap = secs(config.backoff_cap_secs).as_secs_f64();
    let ceiling = (base * 2f64.powi(retry.min(30) as i32)).min(cap);
    if ceiling <= 0.0 {
        return Duration::ZERO;
    }
    Duration::from_secs_f64(rand::rng().random_range(0.0..ceiling))
}

/// Parses a `Retry-After` value: delay seconds or an HTTP-date (relative to `now`).
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let v = value.trim();
    if let Ok(n) = v.parse::<u64>() {
        return Some(Duration::from_secs(n));
    }
    let when = httpdate::parse_http_date(v).ok()?;
    Some(when.duration_since(now).unwrap_or(Duration::ZERO))
}

/// Retries allowed in one run: `ratio` of first attempts plus a small floor.
#[derive(Debug, Default)]
pub struct RetryBudget {
    first_attempts: AtomicU64,
    retries: AtomicU64,
}

impl RetryBudget {
    pub fn record_first_attempt(&self) {
        self.first_attempts.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes one retry from the budget; false when the run has spent its share.
    pub fn try_spend(&self, config: &Config) -> bool {
        let firsts = self.first_attempts.load(Ordering::Relaxed) as f64;
        let allowed = (firsts * config.retry_budget_ratio.max(0.0)).floor() as u64
            + u64::from(config.retry_budget_min);
        self.retries
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| {
                (r < allowed).then_some(r + 1)
            })
            .is_ok()
    }

    /// (first attempts, retries) so far.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.first_attempts.load(Ordering::Relaxed),
            self.retries.load(Ordering::Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_only_transient_statuses_and_connection_failures() {
        for s in [408, 429, 502, 503, 504] {
            assert!(should_retry(Attempt::Status(s)), "{s}");
        }
        for s in [200, 301, 400, 401, 403, 404, 410, 500, 501] {
            assert!(!should_retry(Attempt::Status(s)), "{s}");
        }
        assert!(should_retry(Attempt::ConnectionFailed));
        assert!(!should_retry(Attempt::Other));
    }

    #[test]
    fn retry_after_both_forms() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(parse_retry_after("2", now), Some(Duration::from_secs(2)));
        let later = httpdate::fmt_http_date(now + Duration::from_secs(120));
        assert_eq!(
            parse_retry_after(&later, now),
            Some(Duration::from_secs(120))
        );
        let past = httpdate::fmt_http_date(now - Duration::from_secs(120));
        assert_eq!(parse_retry_after(&past, now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
    }

    #[test]
    fn backoff_stays_under_the_capped_ceiling() {
        let c = Config {
            backoff_base_secs: 1.0,
            backoff_cap_secs: 4.0,
            ..Config::default()
        };
        for retry in 0..10 {
            assert!(backoff(&c, retry) < Duration::from_secs(4));
        }
        assert!(backoff(&c, 0) < Duration::from_secs(1));
    }

    #[test]
    fn budget_is_a_share_of_first_attempts() {
        let c = Config {
            retry_budget_ratio: 0.1,
            retry_budget_min: 0,
            ..Config::default()
        };
        let b = RetryBudget::default();
        for _ in 0..50 {
            b.record_first_attempt();
        }
        let spent = (0..50).filter(|_| b.try_spend(&c)).count();
        assert_eq!(spent, 5);
    }
}
