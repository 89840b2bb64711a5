//! Faithful JSON: write a case with the key order, nulls and unknown keys of the file it came from.
use serde_json::{Map, Value};

/// Orders keys the way the library's store does for new records: shorter keys first, then bytewise.
pub fn library_key_order(value: &mut Value) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
            entries.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then_with(|| a.0.cmp(&b.0)));
            for (k, mut v) in entries {
                library_key_order(&mut v);
                map.insert(k, v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(library_key_order),
        _ => {}
    }
}

/// Rearranges `value` to follow `template` (the JSON the record was read from): keys in the
/// template's order; keys the template held as null and `value` lacks come back as null; keys
/// `value` adds as null that the template never had are dropped; new non-null keys go last.
pub fn follow_template(value: &mut Value, template: &Value) {
    match (value, template) {
        (Value::Object(map), Value::Object(tmpl)) => {
            let mut old = std::mem::take(map);
            let mut out = Map::new();
            for (k, tv) in tmpl {
                match old.shift_remove(k) {
                    Some(mut v) => {
                        follow_template(&mut v, tv);
                        out.insert(k.clone(), v);
                    }
                    None if tv.is_null() => {
                        out.insert(k.clone(), Value::Null);
                    }
                    None => {}
                }
            }
            for (k, v) in old {
                if !v.is_null() {
                    out.insert(k, v);
                }
            }
            *map = out;
        }
        (Value::Array(items), Value::Array(tmpl)) => {
            for (v, t) in items.iter_mut().zip(tmpl.iter()) {
                follow_template(v, t);
            }
        }
        _ => {}
    }
}
