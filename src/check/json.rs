//! JSON helpers for the comparison: equality that ignores object key order, JSON pointer tokens,
//! and short one-line renderings of values for reports.

use serde_json::Value;

/// Whether two values mean the same to a JSON Schema validator: object key order is ignored,
/// array order counts, numbers compare by value.
pub fn equivalent(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equivalent(v, w)))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(v, w)| equivalent(v, w)),
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            // 1 and 1.0 are the same number to a JSON Schema validator.
            (Some(p), Some(q)) if x.is_f64() || y.is_f64() => p == q,
            _ => x == y,
        },
        _ => a == b,
    }
}

/// Whether `values` holds a value equal to `v` (by [`equivalent`]).
pub fn contains_equivalent(values: &[Value], v: &Value) -> bool {
    values.iter().any(|w| equivalent(v, w))
}

/// One reference token of a JSON pointer (RFC 6901): `~` becomes `~0`, `/` becomes `~1`.
pub fn token(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

/// `base` + `/` + the escaped token.
pub fn join(base: &str, tok: &str) -> String {
    format!("{base}/{}", token(tok))
}

/// Whether a `$ref` occurs anywhere in `v`.
pub fn has_ref(v: &Value) -> bool {
    match v {
        Value::Object(m) => m.contains_key("$ref") || m.values().any(has_ref),
        Value::Array(a) => a.iter().any(has_ref),
        _ => false,
    }
}

/// Compact JSON on one line, cut to about `max` characters.
pub fn one_line(v: &Value, max: usize) -> String {
    let s = serde_json::to_string(v).unwrap_or_default();
    if s.chars().count() <= max {
        s
    } else {
        let cut: String = s.chars().take(max.saturating_sub(1)).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn key_order_is_ignored_and_array_order_counts() {
        let a: Value = serde_json::from_str(r#"{"a":1,"b":{"c":[1,2],"d":null}}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"b":{"d":null,"c":[1,2]},"a":1}"#).unwrap();
        let c: Value = serde_json::from_str(r#"{"b":{"d":null,"c":[2,1]},"a":1}"#).unwrap();
        assert!(equivalent(&a, &b));
        assert!(!equivalent(&a, &c));
        assert!(!equivalent(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert!(equivalent(&json!(1), &json!(1.0)));
        assert!(!equivalent(&json!(1), &json!(2)));
    }

    #[test]
    fn pointer_tokens_are_escaped() {
        assert_eq!(join("/properties", "a/b~c"), "/properties/a~1b~0c");
        assert_eq!(one_line(&json!({"a": "bbbbbbbbbb"}), 8), "{\"a\":\"b…");
    }
}
