//! Time zone references: the shared abbreviation/name table (`mappings/zones.toml`) and offsets.
use anyhow::{Context, Result};
use chrono::FixedOffset;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The zone table's file name inside the mappings folder.
pub const ZONES_FILE: &str = "zones.toml";

/// Largest UTC offset accepted in text, in hours.
const MAX_OFFSET_HOURS: i32 = 14;

/// One meaning of a zone abbreviation.
#[derive(Debug, Clone, Deserialize)]
pub struct Candidate {
    pub offset: String,
    pub zone: String,
    #[serde(default)]
    pub langs: Vec<String>,
    /// Writers use this standard-time abbreviation all year ("PST" in July): on a date when
    /// `zone` keeps another offset, the wall time is read in `zone`, with a warning.
    #[serde(default)]
    pub loose: bool,
    /// Where this zone is kept, numeric dates are written month first ("03/08/2021 … PST" is
    /// 8 March): a date it follows is read that way whatever the page's language.
    #[serde(default)]
    pub month_first: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Abbreviation {
    pub candidates: Vec<Candidate>,
}

#[derive(Debug, Clone, Deserialize, Default)]
struct ZoneFile {
    #[serde(default)]
    abbreviations: BTreeMap<String, Abbreviation>,
    #[serde(default)]
    names: BTreeMap<String, String>,
    #[serde(default)]
    tld: BTreeMap<String, String>,
    #[serde(default)]
    country_zones: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    places: BTreeMap<String, String>,
    #[serde(default)]
    regions: BTreeMap<String, String>,
    /// Cities and regions of one-zone countries: read like `places` in a page's lead, but not
    /// made into "{} time" names (thousands of those slow every scan of running text).
    #[serde(default)]
    cities: BTreeMap<String, String>,
    #[serde(default)]
    place_time: PlaceTime,
}

/// How pages say "a place's local time" ("London time", "倫敦時間", "heure de Paris"): forms
/// with `{}` where a [places] name goes. Each place in each form is a zone name.
#[derive(Debug, Clone, Deserialize, Default)]
struct PlaceTime {
    #[serde(default)]
    forms: Vec<String>,
}

/// A zone reference resolved for one page language.
#[derive(Debug, Clone, PartialEq)]
pub struct ZoneRef {
    /// The fixed offset the reference stands for, when it names one (abbreviation, offset).
    pub offset: Option<FixedOffset>,
    /// IANA zone name, "UTC", or "+HH:MM" when only an offset is known.
    pub zone: String,
    /// Set when an ambiguous abbreviation was resolved by language.
    pub warning: Option<String>,
    /// The abbreviation is one writers use all year (`loose = true`): "PST" in July.
    pub loose: bool,
}

/// Shortest region name read inside a host's name ("alberta" in "ualberta").
const MIN_HOST_REGION_CHARS: usize = 5;

/// Compiled-size limit of the pattern of zone names and places in their local-time forms
/// (the regex crate's default is 10 MiB).
const ZONE_PATTERN_SIZE_LIMIT: usize = 64 << 20;

/// Abbreviations and names of zones, shared by all languages.
#[derive(Debug, Clone, Default)]
pub struct ZoneTable {
    abbreviations: BTreeMap<String, Abbreviation>,
    /// Lower-cased phrase → IANA zone, longest first.
    names: Vec<(String, String)>,
    /// Indices into `names` by their first and by their last character, longest first: a scan
    /// asks at every clock time, and walking all the names there made long pages slow.
    names_by_first: std::collections::HashMap<char, Vec<usize>>,
    names_by_last: std::collections::HashMap<char, Vec<usize>>,
    /// Any zone reference in running text (names, abbreviations, UTC±N), built on first use.
    refs: std::sync::OnceLock<Option<regex::Regex>>,
    /// Country-code top-level domain → the country's main zone.
    tlds: BTreeMap<String, String>,
    /// Country-code top-level domain → every zone of a country with several.
    country_zones: BTreeMap<String, Vec<String>>,
    /// Lower-cased place name (country, capital, region) → zone.
    places: Vec<(String, String)>,
    /// All of `places` in one automaton, built on first use: which of them a lead names at all.
    place_finder: std::sync::OnceLock<Option<aho_corasick::AhoCorasick>>,
    /// Regions of countries with several zones (Alberta, Western Australia) → zone; also read
    /// in host names ("ualberta.ca").
    regions: Vec<(String, String)>,
}

impl ZoneTable {
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| {
            format!(
                "reading the zone table {} (it sits beside the lang/ folder)",
                path.display()
            )
        })?;
        let file: ZoneFile =
            toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        for (abbr, a) in &file.abbreviations {
            anyhow::ensure!(
                !a.candidates.is_empty(),
                "{}: abbreviation {abbr} has no candidates",
                path.display()
            );
            for c in &a.candidates {
                anyhow::ensure!(
                    parse_offset(&c.offset).is_some(),
                    "{}: {abbr} offset {:?} is not like +09:00",
                    path.display(),
                    c.offset
                );
                anyhow::ensure!(
                    c.zone == "UTC" || c.zone.parse::<chrono_tz::Tz>().is_ok(),
                    "{}: {abbr} zone {:?} is not an IANA zone",
                    path.display(),
                    c.zone
                );
            }
        }
        let mut names: Vec<(String, String)> = file
            .names
            .into_iter()
            .map(|(k, v)| (k.to_lowercase(), v))
            .collect();
        // "London time", "倫敦時間", "heure de Paris": each place in each local-time form
        for form in &file.place_time.forms {
            anyhow::ensure!(
                form.contains("{}"),
                "{}: [place_time] form {form:?} has no {{}} for the place",
                path.display()
            );
            for (place, zone) in &file.places {
                let key = form.replace("{}", place).to_lowercase();
                if !names.iter().any(|(k, _)| *k == key) {
                    names.push((key, zone.clone()));
                }
            }
        }
        for (k, v) in &names {
            anyhow::ensure!(
                v == "UTC" || v.parse::<chrono_tz::Tz>().is_ok(),
                "{}: name {k:?} → {v:?} is not an IANA zone",
                path.display()
            );
        }
        names.sort_by_key(|(k, _)| std::cmp::Reverse(k.chars().count()));
        let mut names_by_first: std::collections::HashMap<char, Vec<usize>> = Default::default();
        let mut names_by_last: std::collections::HashMap<char, Vec<usize>> = Default::default();
        for (i, (k, _)) in names.iter().enumerate() {
            if let (Some(f), Some(l)) = (k.chars().next(), k.chars().next_back()) {
                names_by_first.entry(f).or_default().push(i);
                names_by_last.entry(l).or_default().push(i);
            }
        }
        for (what, table) in [
            ("tld", &file.tld),
            ("places", &file.places),
            ("regions", &file.regions),
            ("cities", &file.cities),
        ] {
            for (k, v) in table {
                anyhow::ensure!(
                    v.parse::<chrono_tz::Tz>().is_ok(),
                    "{}: [{what}] {k:?} → {v:?} is not an IANA zone",
                    path.display()
                );
            }
        }
        for (k, zs) in &file.country_zones {
            for v in zs {
                anyhow::ensure!(
                    v.parse::<chrono_tz::Tz>().is_ok(),
                    "{}: [country_zones] {k:?} lists {v:?}, which is not an IANA zone",
                    path.display()
                );
            }
        }
        let regions: Vec<(String, String)> = file
            .regions
            .into_iter()
            .map(|(k, v)| (k.to_lowercase(), v))
            .collect();
        let mut places: Vec<(String, String)> = file
            .places
            .into_iter()
            .chain(file.cities)
            .map(|(k, v)| (k.to_lowercase(), v))
            .chain(regions.iter().cloned())
            .collect();
        places.sort_by_key(|(k, _)| std::cmp::Reverse(k.chars().count()));
        Ok(ZoneTable {
            abbreviations: file.abbreviations,
            names,
            names_by_first,
            names_by_last,
            refs: Default::default(),
            tlds: file.tld,
            country_zones: file.country_zones,
            places,
            place_finder: Default::default(),
            regions,
        })
    }

    /// The zone of a region a host's name spells out (`ualberta.ca` → `America/Edmonton`),
    /// with the region's name: for countries with several zones, before the country's domain.
    pub fn zone_for_host_region(&self, host: &str) -> Option<(&str, String)> {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let labels: Vec<&str> = host.split('.').collect();
        // the labels before the public suffix (the last two are "ca", or "com" + "au")
        let named = &labels[..labels.len().saturating_sub(1)];
        self.regions
            .iter()
            .filter(|(name, _)| name.len() >= MIN_HOST_REGION_CHARS && !name.contains(' '))
            .find(|(name, _)| named.iter().any(|l| l.contains(name.as_str())))
            .map(|(name, z)| (z.as_str(), name.clone()))
    }

    /// The zone of the country a host belongs to, from its country-code domain
    /// (`www.example.com.br` → `America/Sao_Paulo`), with the domain that gave it.
    pub fn zone_for_host(&self, host: &str) -> Option<(&str, String)> {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let last = host.rsplit('.').next()?;
        self.tlds
            .get(last)
            .map(|z| (z.as_str(), format!(".{last}")))
    }

    /// Whether `zone` is one of the zones of the country whose domain is `tld` (".br"), for
    /// countries with several.
    pub fn in_country(&self, tld: &str, zone: &str) -> bool {
        self.country_zones
            .get(tld.trim_start_matches('.'))
            .is_some_and(|zs| zs.iter().any(|z| z == zone))
    }

    /// The zone of the place named most often in `lead` (a page's title and opening
    /// paragraphs), with the name as written and how many times that zone's places are named;
    /// ties go to the place named first.
    pub fn zone_for_places(&self, lead: &str) -> Option<(&str, String, usize)> {
        let lower = lead.to_lowercase();
        // zone → (mentions, first position, the name as written)
        let mut best: BTreeMap<&str, (usize, usize, String)> = BTreeMap::new();
        let mut taken: Vec<(usize, usize)> = Vec::new();
        // one pass finds the few places named at all; only those are searched one by one
        let mut named = vec![true; self.places.len()];
        let finder = self.place_finder.get_or_init(|| {
            aho_corasick::AhoCorasick::new(self.places.iter().map(|(name, _)| name)).ok()
        });
        if let Some(ac) = finder {
            named.fill(false);
            for m in ac.find_overlapping_iter(&lower) {
                named[m.pattern().as_usize()] = true;
            }
        }
        for ((name, zone), _) in self.places.iter().zip(&named).filter(|(_, n)| **n) {
            let latin = name
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() && (c as u32) < 0x2E80);
            for (at, _) in lower.match_indices(name.as_str()) {
                let end = at + name.len();
                if taken.iter().any(|(s, e)| at < *e && end > *s) {
                    continue;
                }
                if latin {
                    let before = lower[..at].chars().next_back();
                    let after = lower[end..].chars().next();
                    if before.is_some_and(char::is_alphanumeric)
                        || after.is_some_and(char::is_alphanumeric)
                    {
                        continue;
                    }
                }
                taken.push((at, end));
                let quote = lead.get(at..end).unwrap_or(name).to_string();
                let e = best.entry(zone.as_str()).or_insert((0, at, quote));
                e.0 += 1;
                e.1 = e.1.min(at);
            }
        }
        best.into_iter()
            .max_by_key(|(_, (n, first, _))| (*n, std::cmp::Reverse(*first)))
            .map(|(z, (n, _, q))| (z, q, n))
    }

    /// A pattern for zone references in running text: `UTC+7`, names, abbreviations.
    pub fn reference_pattern(&self) -> Option<&regex::Regex> {
        self.refs
            .get_or_init(|| {
                let names: Vec<String> = self.names.iter().map(|(k, _)| k.clone()).collect();
                let abbrs: Vec<String> = self
                    .abbreviations
                    .keys()
                    .filter(|a| a.len() > 1)
                    .cloned()
                    .collect();
                let mut alts = vec![
                    r"(?:UTC|GMT)[ \t]?[+−–-][ \t]?\d{1,2}(?::?\d{2})?".to_string(),
                    r"(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][A-Za-z_\-]+(?:/[A-Z][A-Za-z_\-]+)?".to_string(),
                ];
                if !names.is_empty() {
                    alts.push(format!("(?i:{})", super::text::alternation(&names)));
                }
                if !abbrs.is_empty() {
                    let mut abbrs = abbrs;
                    abbrs.sort_by_key(|a| std::cmp::Reverse(a.len()));
                    alts.push(super::text::alternation(&abbrs));
                }
                // every place in every local-time form makes a long alternation: give it room,
                // and say so (rather than silently reading no stated zone) if it still fails
                match regex::RegexBuilder::new(&alts.join("|"))
                    .size_limit(ZONE_PATTERN_SIZE_LIMIT)
                    .build()
                {
                    Ok(re) => Some(re),
                    Err(e) => {
                        tracing::error!(
                            "zone names in mappings/zones.toml make a pattern that cannot be built ({e}); stated zones will not be read: shorten [places] or [place_time]"
                        );
                        None
                    }
                }
            })
            .as_ref()
    }

    /// Abbreviations, for building the scanner's patterns.
    pub fn abbreviations(&self) -> impl Iterator<Item = &str> {
        self.abbreviations.keys().map(String::as_str)
    }

    /// The zone names (lower-cased) that begin with `first`, longest first.
    pub fn names_starting_with(&self, first: char) -> impl Iterator<Item = &(String, String)> {
        self.names_at(&self.names_by_first, first)
    }

    /// The zone names (lower-cased) that end with `last`, longest first.
    pub fn names_ending_with(&self, last: char) -> impl Iterator<Item = &(String, String)> {
        self.names_at(&self.names_by_last, last)
    }

    /// The names an index lists under `c`, in its order.
    fn names_at<'a>(
        &'a self,
        index: &'a std::collections::HashMap<char, Vec<usize>>,
        c: char,
    ) -> impl Iterator<Item = &'a (String, String)> {
        let ix = index.get(&c).map_or(&[][..], |v| v.as_slice());
        ix.iter().map(|&i| &self.names[i])
    }

    /// Resolves an abbreviation for a page in `lang`.
    /// Whether the abbreviation names only zones whose numeric dates are written month first.
    pub fn month_first(&self, abbr: &str) -> bool {
        self.abbreviations
            .get(abbr)
            .is_some_and(|a| a.candidates.iter().all(|c| c.month_first))
    }

    pub fn abbreviation(&self, abbr: &str, lang: &str) -> Option<ZoneRef> {
        let a = self.abbreviations.get(abbr)?;
        let chosen = a
            .candidates
            .iter()
            .find(|c| c.langs.iter().any(|l| l == lang))
            .unwrap_or(&a.candidates[0]);
        let distinct_offsets = a
            .candidates
            .iter()
            .map(|c| c.offset.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        let warning = (distinct_offsets > 1).then(|| {
            format!(
                "zone abbreviation {abbr} is ambiguous; read as {} ({}) for language {lang}; pass --tz to override",
                chosen.offset, chosen.zone
            )
        });
        Some(ZoneRef {
            offset: parse_offset(&chosen.offset),
            zone: chosen.zone.clone(),
            warning,
            loose: chosen.loose,
        })
    }

    /// The IANA zone to read a time in instead of `offset`, when the reference is an
    /// abbreviation that writers use all year (`loose = true` in zones.toml).
    pub fn loose_zone(&self, r: &ZoneRef) -> Option<chrono_tz::Tz> {
        r.offset?;
        r.loose.then(|| r.zone.parse().ok()).flatten()
    }

    /// The IANA zone of a zone name phrase (lower case).
    pub fn name(&self, phrase: &str) -> Option<&str> {
        let p = phrase.to_lowercase();
        self.names
            .iter()
            .find(|(k, _)| *k == p)
            .map(|(_, v)| v.as_str())
    }
}

/// Parses "+09:00", "-0700", "+7", "−06", "+5:30" (with ASCII or Unicode minus) to an offset.
pub fn parse_offset(s: &str) -> Option<FixedOffset> {
    let s = s.trim();
    let mut chars = s.chars();
    let sign = match chars.next()? {
        '+' => 1,
        '-' | '−' | '–' => -1,
        _ => return None,
    };
    let rest: String = chars.filter(|c| !c.is_whitespace()).collect();
    let (h, m) = if let Some((h, m)) = rest.split_once(':') {
        (h.parse::<i32>().ok()?, m.parse::<i32>().ok()?)
    } else if rest.len() == 4 {
        (rest[..2].parse().ok()?, rest[2..].parse().ok()?)
    } else if rest.len() <= 2 {
        (rest.parse().ok()?, 0)
    } else {
        return None;
    };
    if h > MAX_OFFSET_HOURS || !(0..60).contains(&m) {
        return None;
    }
    FixedOffset::east_opt(sign * (h * 3600 + m * 60))
}

/// Writes an offset as "+HH:MM".
pub fn offset_string(o: FixedOffset) -> String {
    let secs = o.local_minus_utc();
    let sign = if secs < 0 { '-' } else { '+' };
    let a = secs.abs();
    format!("{sign}{:02}:{:02}", a / 3600, (a % 3600) / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_in_many_spellings() {
        assert_eq!(parse_offset("+09:00").unwrap().local_minus_utc(), 9 * 3600);
        assert_eq!(parse_offset("−7").unwrap().local_minus_utc(), -7 * 3600);
        assert_eq!(parse_offset("+0530").unwrap().local_minus_utc(), 19800);
        assert!(parse_offset("+25").is_none());
        assert!(parse_offset("9").is_none());
        assert_eq!(
            offset_string(FixedOffset::west_opt(3 * 3600).unwrap()),
            "-03:00"
        );
    }

    #[test]
    fn a_region_in_the_host_name_comes_before_the_countrys_main_zone() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("mappings/zones.toml");
        let z = ZoneTable::load(&path).unwrap();
        assert_eq!(
            z.zone_for_host_region("ist.ualberta.ca").map(|x| x.0),
            Some("America/Edmonton")
        );
        assert_eq!(z.zone_for_host_region("www.utoronto.ca").map(|x| x.0), None);
        assert_eq!(
            z.zone_for_host("www.utoronto.ca").map(|x| x.0),
            Some("America/Toronto")
        );
        // the public suffix itself is never read as a region
        assert_eq!(z.zone_for_host_region("example.perth"), None);
        // and a region named in the lead text counts as a place
        assert_eq!(
            z.zone_for_places("Outage at the Calgary data centre")
                .map(|x| x.0),
            Some("America/Edmonton")
        );
    }
}
