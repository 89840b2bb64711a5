//! Being a good client: per-host in-flight limit and spacing, a global cap, robots.txt, a circuit breaker.
use super::config::{secs, Config};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// What robots.txt says about a host, cached for the run.
#[derive(Debug, Clone)]
pub enum RobotsRule {
    /// No usable robots.txt (missing, 4xx, unreachable): everything allowed.
    AllowAll,
    Rules(Arc<texting_robots::Robot>),
    /// robots.txt answered 5xx: do not fetch from this host now.
    Unavailable(u16),
}

impl RobotsRule {
    pub fn allowed(&self, url: &str) -> Result<(), u16> {
        match self {
            RobotsRule::AllowAll => Ok(()),
            RobotsRule::Rules(r) => {
                if r.allowed(url) {
                    Ok(())
                } else {
                    Err(0)
                }
            }
            RobotsRule::Unavailable(s) => Err(*s),
        }
    }

    pub fn crawl_delay(&self) -> Option<Duration> {
        match self {
            RobotsRule::Rules(r) => r.delay.map(|d| secs(f64::from(d))),
            _ => None,
        }
    }
}

/// Per-host state for one run.
#[derive(Debug)]
pub struct HostState {
    in_flight: Arc<Semaphore>,
    /// Earliest start of the next request, and the spacing between starts.
    schedule: Mutex<(Option<Instant>, Duration)>,
    /// Consecutive failures; the host is paused once this reaches the threshold.
    failures: Mutex<u32>,
    pub robots: tokio::sync::OnceCell<RobotsRule>,
}

/// A held slot on a host: dropping it frees the slot.
pub struct Slot {
    _host: OwnedSemaphorePermit,
    _global: OwnedSemaphorePermit,
}

/// The run's politeness state, shared by every request.
#[derive(Debug)]
pub struct Politeness {
    config: Config,
    global: Arc<Semaphore>,
    hosts: Mutex<HashMap<String, Arc<HostState>>>,
}

impl Politeness {
    pub fn new(config: &Config) -> Self {
        Politeness {
            config: config.clone(),
            global: Arc::new(Semaphore::new(config.concurrency.max(1))),
            hosts: Mutex::new(HashMap::new()),
        }
    }

    /// The state of `host` (`host[:port]`), created on first use.
    pub fn host(&self, host: &str) -> Arc<HostState> {
        let mut hosts = self.hosts.lock().expect("hosts lock");
        hosts
            .entry(host.to_string())
            .or_insert_with(|| {
                Arc::new(HostState {
                    in_flight: Arc::new(Semaphore::new(self.config.per_host.max(1))),
                    schedule: Mutex::new((None, secs(self.config.host_delay_secs))),
                    failures: Mutex::new(0),
                    robots: tokio::sync::OnceCell::new(),
                })
            })
            .clone()
    }

    /// Waits for a slot on the host (in-flight limit, then spacing), then a global slot.
    pub async fn acquire(&self, host: &HostState) -> Slot {
        let host_permit = host
            .in_flight
            .clone()
            .acquire_owned()
            .await
            .expect("semaphore never closed");
        let wait_until = {
            let mut s = host.schedule.lock().expect("schedule lock");
            let now = Instant::now();
            let start = s.0.map_or(now, |t| t.max(now));
            s.0 = Some(start + s.1);
            start
        };
        tokio::time::sleep_until(wait_until).await;
        let global = self
            .global
            .clone()
            .acquire_owned()
            .await
            .expect("semaphore never closed");
        Slot {
            _host: host_permit,
            _global: global,
        }
    }

    /// Uses robots.txt `Crawl-delay` when it is larger than the configured spacing (clamped).
    pub fn apply_crawl_delay(&self, host: &HostState, delay: Duration) {
        let delay = delay.min(secs(self.config.max_crawl_delay_secs));
        let mut s = host.schedule.lock().expect("schedule lock");
        if delay > s.1 {
            s.1 = delay;
        }
    }

    /// Pushes the host's next start back (a `Retry-After` applies to everyone on that host).
    pub fn hold_host(&self, host: &HostState, wait: Duration) {
        let mut s = host.schedule.lock().expect("schedule lock");
        let until = Instant::now() + wait;
        s.0 = Some(s.0.map_or(until, |t| t.max(until)));
    }

    /// Records an attempt's outcome for the breaker; returns the consecutive failure count.
    pub fn record(&self, host: &HostState, failed: bool) -> u32 {
        let mut f = host.failures.lock().expect("failures lock");
        *f = if failed { *f + 1 } else { 0 };
        *f
    }

    /// Some(failures) when the host's breaker is open.
    pub fn paused(&self, host: &HostState) -> Option<u32> {
        let t = self.config.breaker_threshold;
        let f = *host.failures.lock().expect("failures lock");
        (t > 0 && f >= t).then_some(f)
    }
}

/// `host[:port]` of a URL, the key politeness is kept by.
pub fn host_key(u: &url::Url) -> String {
    match (u.host_str(), u.port()) {
        (Some(h), Some(p)) => format!("{h}:{p}"),
        (Some(h), None) => h.to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn spacing_between_starts_on_one_host() {
        let c = Config {
            host_delay_secs: 0.05,
            per_host: 4,
            ..Config::default()
        };
        let p = Politeness::new(&c);
        let h = p.host("a:1");
        let t0 = Instant::now();
        for _ in 0..3 {
            let _s = p.acquire(&h).await;
        }
        assert!(t0.elapsed() >= Duration::from_millis(100));
    }

    #[test]
    fn breaker_opens_after_threshold_and_success_resets() {
        let c = Config {
            breaker_threshold: 2,
            ..Config::default()
        };
        let p = Politeness::new(&c);
        let h = p.host("a");
        p.record(&h, true);
        assert!(p.paused(&h).is_none());
        p.record(&h, false);
        p.record(&h, true);
        assert!(p.paused(&h).is_none());
        p.record(&h, true);
        assert_eq!(p.paused(&h), Some(2));
    }
}
