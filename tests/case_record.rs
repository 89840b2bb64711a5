//! The case record reads and writes the library's format exactly, and `schema` describes it.
mod common;
use incidentlib::case::{Duration, Stored};

fn assert_round_trip(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.trim_end_matches('\n');
    let stored = Stored::from_json(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(stored.to_json(), text, "round trip of {}", path.display());
}

#[test]
fn seed_records_round_trip_byte_for_byte() {
    for name in [
        "seeds/000_a66166267b359b47.txt",
        "seeds/004_3e8b6726fb9ba414.txt",
    ] {
        if let Some(p) = common::shared(name) {
            assert_round_trip(&p);
        }
    }
}

#[test]
fn own_record_with_unknown_keys_and_nulls_round_trips() {
    let p = common::root().join("tests/fixtures/cases/IL-T001.json");
    assert_round_trip(&p);
    let stored = Stored::from_json(&std::fs::read_to_string(&p).unwrap()).unwrap();
    assert!(stored.case.extra.contains_key("future_key"));
    assert_eq!(
        stored.case.timeline.resolved_after,
        Some(Duration::from_mins(55))
    );
    assert_eq!(stored.case.title.keys().collect::<Vec<_>>(), ["en", "ko"]);
}

#[test]
fn changed_value_is_written_in_place() {
    let p = common::root().join("tests/fixtures/cases/IL-T001.json");
    let text = std::fs::read_to_string(&p).unwrap();
    let mut stored = Stored::from_json(text.trim_end()).unwrap();
    stored.case.symptoms.push("partial-outage".into());
    let out = stored.to_json();
    assert_eq!(
        out,
        text.trim_end().replace(
            r#""symptoms":["disk-full","high-error-rate"]"#,
            r#""symptoms":["disk-full","high-error-rate","partial-outage"]"#
        )
    );
}

#[test]
fn new_records_use_the_library_key_order() {
    let case = incidentlib::case::Case {
        id: "draft-x-2025-01-01".into(),
        ..Default::default()
    };
    let json = incidentlib::case::to_json(&case);
    assert!(
        json.starts_with(r#"{"id":"draft-x-2025-01-01","org":"","url":null,"date":"#),
        "{json}"
    );
}

#[test]
fn schema_accepts_the_seeds_shape() {
    let out = common::run(&["schema"]);
    assert!(out.status.success());
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let required: Vec<&str> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for key in incidentlib::case::REQUIRED_KEYS {
        assert!(required.contains(key), "schema must require {key}");
    }
    // Every key the seeds carry is described.
    for name in [
        "seeds/000_a66166267b359b47.txt",
        "seeds/004_3e8b6726fb9ba414.txt",
    ] {
        if let Some(p) = common::shared(name) {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            for key in v.as_object().unwrap().keys() {
                assert!(
                    schema["properties"].get(key).is_some(),
                    "schema lacks {key}"
                );
            }
        }
    }
}
