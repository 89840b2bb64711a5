//! Host name overrides (`--resolve HOST=IP`, like curl): pin names to addresses or make them fail.
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};

/// Value that makes a name fail to resolve (to test or to block a host).
pub const NO_SUCH_HOST: &str = "none";

/// Resolves overridden names from the map and everything else with the system resolver.
#[derive(Debug, Clone)]
pub struct Overrides {
    map: BTreeMap<String, String>,
}

impl Overrides {
    pub fn new(map: &BTreeMap<String, String>) -> Self {
        Overrides {
            map: map
                .iter()
                .map(|(k, v)| (k.to_ascii_lowercase(), v.clone()))
                .collect(),
        }
    }
}

impl Resolve for Overrides {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_ascii_lowercase();
        let fixed = self.map.get(&host).cloned();
        Box::pin(async move {
            match fixed {
                Some(v) if v == NO_SUCH_HOST || v.is_empty() => Err(format!(
                    "no such host {host} (resolve override {host}={NO_SUCH_HOST})"
                )
                .into()),
                Some(v) => {
                    let ip: IpAddr = v
                        .parse()
                        .map_err(|e| format!("resolve override {host}={v}: {e}"))?;
                    let addrs: Addrs = Box::new(std::iter::once(SocketAddr::new(ip, 0)));
                    Ok(addrs)
                }
                None => {
                    let found: Vec<SocketAddr> =
                        tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
                    let addrs: Addrs = Box::new(found.into_iter());
                    Ok(addrs)
                }
            }
        })
    }
}

/// Parses `HOST=IP` pairs.
pub fn parse_pairs(pairs: &[String]) -> Result<BTreeMap<String, String>, String> {
    pairs
        .iter()
        .map(|p| {
            p.split_once('=')
                .map(|(h, a)| (h.trim().to_string(), a.trim().to_string()))
                .ok_or_else(|| format!("--resolve {p:?}: expected HOST=IP or HOST={NO_SUCH_HOST}"))
        })
        .collect()
}
