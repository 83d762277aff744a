//! The one reader of `serde_json::json!(…)` (and schemars' `json_schema!(…)`) literals, for
//! every place that reads one: the evaluator, attribute values (`#[schemars(extend(…))]`), schema
//! fns and explicit `input_schema = …` values. Its values are JSON literals, or Rust expressions
//! handed to the caller to evaluate ([`literal_with`]).

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use serde_json::{Map, Number, Value};

/// `json!(…)`, by its last path segment (`serde_json::json!`, `json!`).
pub fn is_json(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| s.ident == "json")
}

/// `json!(…)` or schemars' `json_schema!(…)`, which builds a `Schema` from the same tokens.
pub fn is_json_or_schema(mac: &syn::Macro) -> bool {
    mac.path.segments.last().is_some_and(|s| s.ident == "json" || s.ident == "json_schema")
}

/// The value of a `json!` literal that holds only JSON literals; `None` otherwise.
pub fn literal(mac: &syn::Macro) -> Option<Value> {
    parse(mac.tokens.clone())
}

/// The value of a `json!` literal whose values may be Rust expressions, handed as tokens to
/// `interpolate` (see [`parse_with`]).
pub fn literal_with(mac: &syn::Macro, interpolate: &mut dyn FnMut(TokenStream) -> Option<Value>) -> Option<Value> {
    parse_with(mac.tokens.clone(), interpolate)
}

/// `None` when the tokens hold anything but JSON literals.
pub fn parse(tokens: TokenStream) -> Option<Value> {
    parse_with(tokens, &mut |_| None)
}

/// Like [`parse`], but a value that is not a JSON literal (`"maximum": MAX_MS`) is handed, as
/// its tokens, to `interpolate`, which gives its value or `None` when it cannot be known.
pub fn parse_with(tokens: TokenStream, interpolate: &mut dyn FnMut(TokenStream) -> Option<Value>) -> Option<Value> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    whole(&trees, 0, interpolate)
}

type Interpolate<'a> = &'a mut dyn FnMut(TokenStream) -> Option<Value>;

/// A value that must take all of `trees`: a literal, or else an interpolated expression.
fn whole(trees: &[TokenTree], depth: usize, interpolate: Interpolate) -> Option<Value> {
    let mut pos = 0;
    if let Some(v) = value(trees, &mut pos, depth, interpolate) {
        if pos == trees.len() {
            return Some(v);
        }
    }
    if trees.is_empty() {
        return None;
    }
    interpolate(trees.iter().cloned().collect())
}

const MAX_DEPTH: usize = 128;

fn value(trees: &[TokenTree], pos: &mut usize, depth: usize, interpolate: Interpolate) -> Option<Value> {
    if depth > MAX_DEPTH {
        return None;
    }
    let tree = trees.get(*pos)?;
    *pos += 1;
    match tree {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => object(g.stream(), depth, interpolate),
        TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => array(g.stream(), depth, interpolate),
        TokenTree::Group(g) if g.delimiter() == Delimiter::None || g.delimiter() == Delimiter::Parenthesis => {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            whole(&inner, depth + 1, interpolate)
        }
        TokenTree::Ident(i) => match i.to_string().as_str() {
            "null" => Some(Value::Null),
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => None,
        },
        TokenTree::Punct(p) if p.as_char() == '-' => match value(trees, pos, depth + 1, interpolate)? {
            Value::Number(n) => negate(&n).map(Value::Number),
            _ => None,
        },
        TokenTree::Literal(l) => token_literal(&l.to_string()),
        _ => None,
    }
}

fn negate(n: &Number) -> Option<Number> {
    if let Some(u) = n.as_u64() {
        return i64::try_from(u).ok().map(|i| (-i).into());
    }
    Number::from_f64(-n.as_f64()?)
}

fn token_literal(text: &str) -> Option<Value> {
    let lit: syn::Lit = syn::parse_str(text).ok()?;
    match lit {
        syn::Lit::Str(s) => Some(Value::String(s.value())),
        syn::Lit::Int(i) => i.base10_parse::<u64>().ok().map(|u| Value::Number(u.into())),
        syn::Lit::Float(f) => f.base10_parse::<f64>().ok().and_then(Number::from_f64).map(Value::Number),
        syn::Lit::Bool(b) => Some(Value::Bool(b.value)),
        _ => None,
    }
}

/// Split a group's tokens on top-level commas.
fn split_commas(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    for t in stream {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => parts.push(Vec::new()),
            _ => parts.last_mut().expect("never empty").push(t),
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    parts
}

fn array(stream: TokenStream, depth: usize, interpolate: Interpolate) -> Option<Value> {
    let mut out = Vec::new();
    for part in split_commas(stream) {
        out.push(whole(&part, depth + 1, interpolate)?);
    }
    Some(Value::Array(out))
}

fn object(stream: TokenStream, depth: usize, interpolate: Interpolate) -> Option<Value> {
    let mut out = Map::new();
    for part in split_commas(stream) {
        let colon = part.iter().position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'))?;
        let key = match part.first()? {
            TokenTree::Literal(l) if colon == 1 => match token_literal(&l.to_string())? {
                Value::String(s) => s,
                _ => return None,
            },
            _ => return None,
        };
        out.insert(key, whole(&part[colon + 1..], depth + 1, interpolate)?);
    }
    Some(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nested_literals() {
        let tokens: TokenStream = r#"{"type": "object", "properties": {"n": {"type": "integer", "minimum": -1}}, "required": ["n"], "x": null}"#.parse().unwrap();
        let v = parse(tokens).unwrap();
        assert_eq!(v["properties"]["n"]["minimum"], -1);
        assert_eq!(v["required"][0], "n");
        assert!(v["x"].is_null());
    }

    #[test]
    fn interpolated_values_are_asked_for() {
        let tokens: TokenStream = r#"{"maximum": MAX_MS, "items": [1, LIMIT + 1], "n": -1}"#.parse().unwrap();
        let mut asked = Vec::new();
        let v = parse_with(tokens, &mut |t| {
            asked.push(t.to_string());
            Some(Value::from(7))
        })
        .unwrap();
        assert_eq!(v, serde_json::json!({"maximum": 7, "items": [1, 7], "n": -1}));
        assert_eq!(asked, ["MAX_MS", "LIMIT + 1"]);
    }

    #[test]
    fn refuses_interpolation() {
        let tokens: TokenStream = r#"{"type": some_var}"#.parse().unwrap();
        assert!(parse(tokens).is_none());
    }
}
