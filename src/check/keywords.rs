//! What the keywords of a JSON Schema say, read the same way by the walker and by the rules:
//! the JSON types a `type` allows, the values of an `enum`, a bound, a numeric `format`'s width,
//! how open an object is, which properties it requires.

use serde_json::{Map, Value};

use super::json::{self, contains_equivalent};

/// Bounds on the low end of a range: making one bigger (or adding it) narrows.
pub(crate) const LOWER_BOUNDS: &[&str] =
    &["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
/// Bounds on the high end: making one smaller (or adding it) narrows.
pub(crate) const UPPER_BOUNDS: &[&str] =
    &["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
/// Keywords that reject some values of the type (`format` too, see [`NumberFormat`]).
pub(crate) const CONSTRAINTS: &[&str] =
    &["pattern", "multipleOf", "uniqueItems", "contentEncoding", "contentMediaType"];

/// The JSON types a `type` keyword allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Types {
    /// No `type`: every type.
    Any,
    /// A `type` string, or an array of them.
    Only(Vec<String>),
}

impl Types {
    /// `None` when the keyword is neither a string nor an array of strings.
    pub fn read(v: Option<&Value>) -> Option<Types> {
        match v {
            None => Some(Types::Any),
            Some(Value::String(s)) => Some(Types::Only(vec![s.clone()])),
            Some(Value::Array(a)) => {
                a.iter().map(|t| t.as_str().map(str::to_owned)).collect::<Option<Vec<_>>>().map(Types::Only)
            }
            Some(_) => None,
        }
    }

    /// Whether every value of these types is a value of `other` (`integer` is part of `number`).
    pub fn within(&self, other: &Types) -> bool {
        match (self, other) {
            (Types::Any, other) => *other == Types::Any,
            (Types::Only(_), Types::Any) => true,
            (Types::Only(these), Types::Only(those)) => {
                these.iter().all(|t| those.iter().any(|x| x == t || (t == "integer" && x == "number")))
            }
        }
    }

    /// `type string -> integer | null`.
    pub fn change(old: &Types, new: &Types) -> String {
        format!("type {} -> {}", old.describe(), new.describe())
    }

    fn describe(&self) -> String {
        match self {
            Types::Any => "any type".to_owned(),
            Types::Only(ts) => ts.join(" | "),
        }
    }
}

/// The values of an `enum` (without null, which counts as nullability) or a `const`; `None` when
/// the schema has neither.
pub(crate) fn enum_values(m: &Map<String, Value>) -> Option<Vec<Value>> {
    if let Some(c) = m.get("const") {
        return Some(vec![c.clone()]);
    }
    m.get("enum").and_then(Value::as_array).map(|e| e.iter().filter(|v| !v.is_null()).cloned().collect())
}

/// The values of `a` that `b` does not hold.
pub(crate) fn missing_from(a: &[Value], b: &[Value]) -> Vec<Value> {
    a.iter().filter(|v| !contains_equivalent(b, v)).cloned().collect()
}

/// Values for a report: `"a", "b"`.
pub(crate) fn list_values(values: &[Value]) -> String {
    values.iter().map(|x| json::one_line(x, 40)).collect::<Vec<_>>().join(", ")
}

/// Which end of a range a bound keyword bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoundEnd {
    Lower,
    Upper,
}

impl BoundEnd {
    /// Whether moving this end of the range from `from` to `to` lets fewer values in.
    pub fn tighter(self, from: f64, to: f64) -> bool {
        match self {
            BoundEnd::Lower => to > from,
            BoundEnd::Upper => to < from,
        }
    }
}

/// A bound keyword's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Bound {
    Absent,
    Number(f64),
    /// Present but not a number: nothing to compare.
    NotANumber,
}

impl Bound {
    pub fn read(v: Option<&Value>) -> Bound {
        match v {
            None => Bound::Absent,
            Some(v) => v.as_f64().map_or(Bound::NotANumber, Bound::Number),
        }
    }
}

/// `minimum 1 -> 2`, `maxLength 10 -> none`.
pub(crate) fn bound_change(kw: &str, old: Option<&Value>, new: Option<&Value>) -> String {
    let show = |v: Option<&Value>| v.map_or("none".to_owned(), |v| json::one_line(v, 30));
    format!("{kw} {} -> {}", show(old), show(new))
}

/// A numeric `format` (`int32`, `uint64`, `double`): its family and its width within the family,
/// so that `int32` -> `int64` is a widening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NumberFormat {
    pub family: NumberFamily,
    pub width: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NumberFamily {
    Signed,
    Unsigned,
    Float,
}

impl NumberFormat {
    /// `None` when the keyword is absent or not a numeric format.
    pub fn read(v: Option<&Value>) -> Option<NumberFormat> {
        use NumberFamily::*;
        let (family, width) = match v?.as_str()? {
            "int8" => (Signed, 1),
            "int16" => (Signed, 2),
            "int32" => (Signed, 3),
            "int" => (Signed, 4),
            "int64" => (Signed, 5),
            "int128" => (Signed, 6),
            "uint8" => (Unsigned, 1),
            "uint16" => (Unsigned, 2),
            "uint32" => (Unsigned, 3),
            "uint" => (Unsigned, 4),
            "uint64" => (Unsigned, 5),
            "uint128" => (Unsigned, 6),
            "float" => (Float, 1),
            "double" => (Float, 2),
            _ => return None,
        };
        Some(NumberFormat { family, width })
    }
}

/// `format "int64" -> "int32"`.
pub(crate) fn format_change(old: Option<&Value>, new: Option<&Value>) -> String {
    let show = |v: Option<&Value>| json::one_line(v.unwrap_or(&Value::Null), 20);
    format!("format {} -> {}", show(old), show(new))
}

/// Whether a constraint keyword's value constrains anything: present, and not `uniqueItems: false`.
pub(crate) fn constrains(kw: &str, v: Option<&Value>) -> bool {
    v.is_some_and(|v| !(kw == "uniqueItems" && *v == Value::Bool(false)))
}

/// How many unknown properties an `additionalProperties` / `unevaluatedProperties` lets in,
/// ordered from none to any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Openness {
    /// `false`: none.
    Closed,
    /// A schema: those that match it.
    Constrained,
    /// Absent, `true` or `{}`: any.
    Open,
}

impl Openness {
    pub fn read(v: Option<&Value>) -> Openness {
        match v {
            None | Some(Value::Bool(true)) => Openness::Open,
            Some(Value::Object(m)) if m.is_empty() => Openness::Open,
            Some(Value::Bool(false)) => Openness::Closed,
            Some(_) => Openness::Constrained,
        }
    }
}

/// Whether an object rejects some properties it does not list.
pub(crate) fn rejects_unknown_properties(m: &Map<String, Value>) -> bool {
    ["additionalProperties", "unevaluatedProperties"].iter().any(|k| Openness::read(m.get(*k)) < Openness::Open)
}

/// The names in an object's `required` (strings only).
pub(crate) fn required(m: &Map<String, Value>) -> Vec<String> {
    m.get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}

/// An object's `properties`.
pub(crate) enum Properties<'m> {
    /// No `properties`: none listed.
    Absent,
    Listed(&'m Map<String, Value>),
    /// `properties` is not an object.
    Malformed,
}

impl<'m> Properties<'m> {
    pub fn read(m: &'m Map<String, Value>) -> Properties<'m> {
        match m.get("properties") {
            None => Properties::Absent,
            Some(Value::Object(p)) => Properties::Listed(p),
            Some(_) => Properties::Malformed,
        }
    }

    /// The listed properties; `None` when absent or malformed.
    pub fn listed(&self) -> Option<&'m Map<String, Value>> {
        match self {
            Properties::Listed(p) => Some(p),
            Properties::Absent | Properties::Malformed => None,
        }
    }
}
