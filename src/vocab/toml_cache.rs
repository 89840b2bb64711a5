//! Data files parsed once per process: the language files in `mappings/lang/` are read by three
//! loaders (time words, draft words, section headings), which share one parse of each file.
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A parsed file and the text it was parsed from (a file that changed is parsed again).
type Entry = (String, Arc<toml::Table>);

fn cache() -> &'static Mutex<HashMap<PathBuf, Entry>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Entry>>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// `text` (the contents of `path`) as a TOML table, parsed the first time this process sees
/// that text at that path. Errors are TOML syntax errors, with their line.
pub fn table(path: &Path, text: &str) -> Result<Arc<toml::Table>, toml::de::Error> {
    if let Some(table) = cached(path, text) {
        return Ok(table);
    }
    let table: Arc<toml::Table> = Arc::new(toml::from_str(text)?);
    cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(path.to_path_buf(), (text.to_string(), table.clone()));
    Ok(table)
}

/// `text` (the contents of `path`) parsed as `T`: from the shared parse when another loader
/// already made it (a table converted costs a third of a parse), else straight from the text
/// without caching it (a loader alone, as in `incidentlib times`, pays one parse). When the
/// table does not fit `T`, the text is parsed again for the error, which then names the line.
pub fn parse<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
) -> Result<T, toml::de::Error> {
    let Some(table) = cached(path, text) else {
        return toml::from_str(text);
    };
    match toml::Value::Table((*table).clone()).try_into() {
        Ok(v) => Ok(v),
        // The text itself, for an error that names the line.
        Err(_) => toml::from_str(text),
    }
}

/// The shared parse of `text` at `path`, if a loader already made it.
fn cached(path: &Path, text: &str) -> Option<Arc<toml::Table>> {
    let cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    let (seen, table) = cache.get(path)?;
    (seen == text).then(|| table.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_is_parsed_again() {
        let path = Path::new("/nonexistent/toml-cache-test.toml");
        let a = table(path, "x = 1").unwrap();
        assert_eq!(a.get("x").and_then(|v| v.as_integer()), Some(1));
        assert!(Arc::ptr_eq(&a, &table(path, "x = 1").unwrap()));
        let b = table(path, "x = 2").unwrap();
        assert_eq!(b.get("x").and_then(|v| v.as_integer()), Some(2));
    }

    #[test]
    fn a_mistyped_value_is_reported_with_its_line() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct S {
            n: u32,
        }
        let path = Path::new("/nonexistent/toml-cache-typed.toml");
        let text = "# comment\nn = \"x\"\n";
        let e = parse::<S>(path, text).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        // The same from the shared parse.
        table(path, text).unwrap();
        let e = parse::<S>(path, text).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
