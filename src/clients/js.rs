//! JavaScript's view of JSON, for the clients written in TypeScript: what `JSON.parse` makes of
//! the server's numbers (IEEE doubles), what `String(n)` prints, what counts as truthy, and
//! `decodeURIComponent`'s strict decoding.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

/// `value` as `JSON.parse` reads it and `JSON.stringify` writes it back: every number a double
/// (`-0` and integral doubles print as integers). `true` in the second place when a number lost
/// precision on the way (an integer past 2^53, a decimal with more digits than a double holds).
pub(super) fn as_parsed(value: &Value) -> (Value, bool) {
    let mut rounded = false;
    let parsed = walk(value, &mut rounded);
    (parsed, rounded)
}

fn walk(value: &Value, rounded: &mut bool) -> Value {
    match value {
        Value::Number(n) => {
            let double = double_of(n);
            let exact = match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => double as u64 == u && double < 18_446_744_073_709_551_616.0,
                (None, Some(i)) => double as i64 == i,
                _ => true,
            };
            *rounded |= !exact;
            Value::Number(number_of(double))
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| walk(v, rounded)).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), walk(v, rounded))).collect()),
        other => other.clone(),
    }
}

fn double_of(n: &Number) -> f64 {
    n.as_f64().unwrap_or(0.0)
}

/// The JSON number `JSON.stringify` prints for `double`: integral values below 2^64 as integers
/// (`-0` as `0`), others as the double.
fn number_of(double: f64) -> Number {
    if double == 0.0 {
        return Number::from(0u64);
    }
    if double.fract() == 0.0 && double.abs() < 18_446_744_073_709_551_616.0 {
        if double >= 0.0 {
            return Number::from(double as u64);
        }
        if double >= -9_223_372_036_854_775_808.0 {
            return Number::from(double as i64);
        }
    }
    Number::from_f64(double).unwrap_or_else(|| Number::from(0u64))
}

/// Whether a JSON value is a number JavaScript holds as an integer (`Number.isInteger`).
pub(super) fn is_integer(n: &Number) -> bool {
    n.as_u64().is_some() || n.as_i64().is_some() || double_of(n).fract() == 0.0
}

/// `String(n)` for a number (ECMA-262 Number::toString): the shortest digits that read back as
/// the same double, in fixed notation from 1e-6 up to 1e21 and in exponent notation outside.
pub(super) fn number_string(n: &Number) -> String {
    let double = double_of(n);
    if double == 0.0 {
        return "0".into();
    }
    let sign = if double < 0.0 { "-" } else { "" };
    // Rust's `{:e}` prints the shortest round-trip digits: `d[.ddd]e<exp>`.
    let exp_form = format!("{:e}", double.abs());
    let (mantissa, exponent) = exp_form.split_once('e').unwrap_or((&exp_form, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i64;
    let n = exponent.parse::<i64>().unwrap_or(0) + 1; // value = 0.digits × 10^n
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let e = if e >= 0 { format!("+{e}") } else { e.to_string() };
        if k == 1 {
            format!("{digits}e{e}")
        } else {
            format!("{}.{}e{e}", &digits[..1], &digits[1..])
        }
    };
    format!("{sign}{body}")
}

/// JavaScript's truthiness of a value that may be absent (`undefined`).
pub(super) fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => double_of(n) != 0.0,
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(_) | Value::Object(_)) => true,
    }
}

/// The own enumerable keys and values of a value, as `Object.entries` gives them: an object's
/// entries, an array's indices, a string's UTF-16 units, nothing for the rest.
pub(super) fn entries(value: &Value) -> Vec<(Cow<'_, str>, Cow<'_, Value>)> {
    match value {
        Value::Object(map) => map.iter().map(|(k, v)| (Cow::Borrowed(k.as_str()), Cow::Borrowed(v))).collect(),
        Value::Array(items) => {
            items.iter().enumerate().map(|(i, v)| (Cow::Owned(i.to_string()), Cow::Borrowed(v))).collect()
        }
        Value::String(s) => {
            s.encode_utf16().enumerate().map(|(i, u)| (Cow::Owned(i.to_string()), Cow::Owned(utf16_unit(u)))).collect()
        }
        _ => Vec::new(),
    }
}

/// `Object.hasOwn(value, key) ? value[key] : undefined`, for the keys [`entries`] lists.
pub(super) fn own_property(value: &Value, key: &str) -> Option<Value> {
    match value {
        Value::Object(map) => map.get(key).cloned(),
        Value::Array(items) => canonical_index(key).and_then(|i| items.get(i)).cloned(),
        Value::String(_) => entries(value).into_iter().find(|(k, _)| k == key).map(|(_, v)| v.into_owned()),
        _ => None,
    }
}

/// `key` as an array index when it is one's canonical spelling (`"0"`, `"12"`, not `"01"`).
fn canonical_index(key: &str) -> Option<usize> {
    let index: usize = key.parse().ok()?;
    (index.to_string() == key).then_some(index)
}

fn utf16_unit(unit: u16) -> Value {
    Value::String(char::from_u32(u32::from(unit)).map_or_else(|| "\u{fffd}".into(), String::from))
}

/// `{...value}`: the entries of [`entries`] as an object.
pub(super) fn spread(value: &Value) -> Map<String, Value> {
    entries(value).into_iter().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

/// `decodeURIComponent`: every `%XX` decoded, the bytes read as UTF-8; a malformed escape or
/// invalid UTF-8 is a `URIError` (`None`).
pub(super) fn decode_uri_component(text: &str) -> Option<String> {
    crate::percent::decode_strict(text)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        let cases = [
            (json!(1), "1"),
            (json!(-2.5), "-2.5"),
            (json!(0.1), "0.1"),
            (json!(1e21), "1e+21"),
            (json!(1e20), "100000000000000000000"),
            (json!(1e-7), "1e-7"),
            (json!(0.000001), "0.000001"),
            (json!(1.5e-7), "1.5e-7"),
            (json!(123456.789), "123456.789"),
            (json!(1152921504606846976u64), "1152921504606847000"),
            (json!(-0.0), "0"),
        ];
        for (value, printed) in cases {
            let Value::Number(n) = value else { unreachable!() };
            assert_eq!(number_string(&n), printed, "{n}");
        }
    }

    #[test]
    fn parsing_rounds_numbers_to_doubles() {
        let (parsed, rounded) = as_parsed(&json!({"a": [5.0, -0.0, 3, 0.5]}));
        assert_eq!(parsed.to_string(), r#"{"a":[5,0,3,0.5]}"#);
        assert!(!rounded);
        let (parsed, rounded) = as_parsed(&json!(9007199254740993u64));
        assert_eq!(parsed.to_string(), "9007199254740992");
        assert!(rounded);
    }

    #[test]
    fn decoding_is_strict() {
        assert_eq!(decode_uri_component("a%20b").as_deref(), Some("a b"));
        assert_eq!(decode_uri_component("%C3%A9").as_deref(), Some("é"));
        assert_eq!(decode_uri_component("%zz"), None);
        assert_eq!(decode_uri_component("%C3"), None);
        assert_eq!(decode_uri_component("100%"), None);
        assert_eq!(decode_uri_component("%+1"), None);
    }

    #[test]
    fn truthiness_and_entries() {
        assert!(!truthy(None));
        assert!(!truthy(Some(&json!(0))));
        assert!(!truthy(Some(&json!(""))));
        assert!(truthy(Some(&json!([]))));
        let array = json!(["x"]);
        assert_eq!(entries(&array), vec![(Cow::Borrowed("0"), Cow::Borrowed(&json!("x")))]);
        assert!(entries(&json!(5)).is_empty());
        assert_eq!(own_property(&array, "0"), Some(json!("x")));
        assert_eq!(own_property(&array, "00"), None);
    }
}
