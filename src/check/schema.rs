//! The schema walker: compares an old and a new JSON Schema side by side, following `$ref` into
//! `$defs` on both sides, and turns every difference into a [`Change`] named by a rule.
//!
//! Nullability is split off first (a `type` array with `"null"`, an `anyOf`/`oneOf` with a
//! `{"type":"null"}` variant, `null` in an `enum`, OpenAPI's `nullable: true`) so that
//! `Option<T>` written in any of those forms compares as "T, nullable".
//!
//! Pointers follow `$ref`: a change inside a shared definition is reported at each place that
//! uses it (`/inputSchema/properties/user/properties/name`), which says which argument is hit.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::json::{self, contains, join, json_eq};
use super::rules::{self, Rule, Side};
use super::Change;

/// How deep the walker goes before it stops following structure (a backstop against cycles that
/// the ref-pair guard does not catch).
const MAX_DEPTH: usize = 64;

const LOWER_BOUNDS: &[&str] = &["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
const UPPER_BOUNDS: &[&str] = &["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
const CONSTRAINTS: &[&str] = &["pattern", "multipleOf", "uniqueItems", "contentEncoding", "contentMediaType"];
const METADATA: &[&str] = &[
    "examples",
    "example",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$schema",
    "$id",
    "$anchor",
    "$dynamicAnchor",
];
/// Keywords that stay beside a union when the other side's plain schema is turned into one.
const UNION_SIBLINGS: &[&str] = &["description", "title", "default", "$defs", "definitions"];

/// A schema with its nullability split off and its `$ref`s resolved.
struct Norm {
    nullable: bool,
    core: Value,
    refs: Vec<String>,
}

/// Compares the two versions of one schema (an `inputSchema` or an `outputSchema`).
pub(crate) struct SchemaDiff<'a> {
    tool: &'a str,
    side: Side,
    old_root: &'a Value,
    new_root: &'a Value,
    /// The `$ref` pairs being compared right now, to stop on recursive types.
    stack: Vec<(Vec<String>, Vec<String>)>,
    pub changes: Vec<Change>,
}

impl<'a> SchemaDiff<'a> {
    pub fn new(tool: &'a str, side: Side, old_root: &'a Value, new_root: &'a Value) -> Self {
        SchemaDiff { tool, side, old_root, new_root, stack: Vec::new(), changes: Vec::new() }
    }

    /// Compare the two roots; `ptr` is where the schema sits in the tool (`/inputSchema`).
    pub fn run(mut self, ptr: &str) -> Vec<Change> {
        let (old, new) = (self.old_root, self.new_root);
        self.compare(old, new, ptr, 0);
        self.unused_definitions(ptr);
        self.changes
    }

    fn push(
        &mut self,
        rule: &Rule,
        breaking: bool,
        ptr: &str,
        old: Option<&Value>,
        new: Option<&Value>,
        message: String,
    ) {
        self.changes.push(Change {
            tool: self.tool.to_owned(),
            pointer: ptr.to_owned(),
            rule: rule.id,
            breaking,
            old: old.cloned(),
            new: new.cloned(),
            message,
        });
    }

    /// A change whose verdict depends only on the rule and the side.
    fn emit(&mut self, rule: &Rule, ptr: &str, old: Option<&Value>, new: Option<&Value>, message: impl Into<String>) {
        let breaking = rule.breaking(self.side);
        self.push(rule, breaking, ptr, old, new, message.into());
    }

    fn unclassified(&mut self, ptr: &str, old: Option<&Value>, new: Option<&Value>, what: &str) {
        self.emit(
            &rules::unclassified_change::RULE,
            ptr,
            old,
            new,
            format!("{what} changed in a way mcp-schema does not classify"),
        );
    }

    fn compare(&mut self, old: &Value, new: &Value, ptr: &str, depth: usize) {
        if json_eq(old, new) && !json::has_ref(old) {
            return;
        }
        if depth > MAX_DEPTH {
            if !json_eq(old, new) {
                self.unclassified(ptr, Some(old), Some(new), "a deeply nested schema");
            }
            return;
        }
        let o = normalize(self.old_root, old);
        let n = normalize(self.new_root, new);
        let key = (o.refs.clone(), n.refs.clone());
        let guarded = !key.0.is_empty() || !key.1.is_empty();
        if guarded {
            if self.stack.contains(&key) {
                return;
            }
            self.stack.push(key);
        }
        if o.nullable != n.nullable {
            if n.nullable {
                self.emit(&rules::nullable_added::RULE, ptr, Some(old), Some(new), "now also accepts null");
            } else {
                self.emit(&rules::nullable_removed::RULE, ptr, Some(old), Some(new), "no longer accepts null");
            }
        }
        self.compare_core(&o.core, &n.core, ptr, depth);
        if guarded {
            self.stack.pop();
        }
    }

    fn compare_core(&mut self, old: &Value, new: &Value, ptr: &str, depth: usize) {
        let (Some(o), Some(n)) = (as_schema_object(old), as_schema_object(new)) else {
            if !json_eq(old, new) {
                self.unclassified(ptr, Some(old), Some(new), "a schema that is not an object");
            }
            return;
        };
        let (o, n) = if union_of(&o).is_some() || union_of(&n).is_some() {
            let (o_rest, okw, ov) = split_union(o);
            let (n_rest, nkw, nv) = split_union(n);
            self.compare_variants(okw, &ov, nkw, &nv, ptr, depth);
            (o_rest, n_rest)
        } else {
            (o, n)
        };
        self.compare_keywords(&o, &n, ptr, depth);
    }

    fn compare_keywords(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str, depth: usize) {
        let mut keys: Vec<&String> = o.keys().collect();
        keys.extend(n.keys().filter(|k| !o.contains_key(*k)));
        let (mut did_enum, mut did_object) = (false, false);
        for k in keys {
            let (ov, nv) = (o.get(k), n.get(k));
            let same = match (ov, nv) {
                (Some(a), Some(b)) => json_eq(a, b) && !json::has_ref(a),
                (None, None) => true,
                _ => false,
            };
            let p = join(ptr, k);
            match k.as_str() {
                "$defs" | "definitions" => {}
                "enum" | "const" => {
                    if !did_enum {
                        did_enum = true;
                        self.compare_enum(o, n, ptr);
                    }
                }
                "properties" | "required" | "additionalProperties" | "unevaluatedProperties" => {
                    if !did_object {
                        did_object = true;
                        self.compare_object(o, n, ptr, depth);
                    }
                }
                _ if same => {}
                "type" => self.compare_type(ov, nv, &p),
                "items" | "prefixItems" => self.compare_items(ov, nv, &p, depth),
                "allOf" => match (ov, nv) {
                    (Some(Value::Array(a)), Some(Value::Array(b))) if a.len() == b.len() => {
                        for (i, (x, y)) in a.iter().zip(b).enumerate() {
                            self.compare(x, y, &join(&p, &i.to_string()), depth + 1);
                        }
                    }
                    _ => self.unclassified(&p, ov, nv, "allOf"),
                },
                "description" => {
                    self.emit(&rules::description_changed::RULE, &p, ov, nv, what_happened("description", ov, nv))
                }
                "title" => self.emit(&rules::title_changed::RULE, &p, ov, nv, what_happened("title", ov, nv)),
                "default" => self.emit(&rules::default_changed::RULE, &p, ov, nv, what_happened("default", ov, nv)),
                "format" => self.compare_format(ov, nv, &p),
                k if METADATA.contains(&k) || k.starts_with("x-") => {
                    self.emit(&rules::metadata_changed::RULE, &p, ov, nv, what_happened(k, ov, nv))
                }
                k if LOWER_BOUNDS.contains(&k) => self.compare_bound(k, ov, nv, &p, true),
                k if UPPER_BOUNDS.contains(&k) => self.compare_bound(k, ov, nv, &p, false),
                k if CONSTRAINTS.contains(&k) => self.compare_constraint(k, ov, nv, &p),
                k => self.unclassified(&p, ov, nv, k),
            }
        }
    }

    fn compare_type(&mut self, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        let (Ok(a), Ok(b)) = (type_set(ov), type_set(nv)) else {
            return self.unclassified(p, ov, nv, "type");
        };
        let (a_in_b, b_in_a) = (type_subset(&a, &b), type_subset(&b, &a));
        let show = |t: &Option<Vec<String>>| t.as_ref().map_or("any type".to_owned(), |t| t.join(" | "));
        let msg = format!("type {} -> {}", show(&a), show(&b));
        match (a_in_b, b_in_a) {
            (true, true) => self.emit(&rules::order_changed::RULE, p, ov, nv, "same types, written differently"),
            (true, false) => self.emit(&rules::type_widened::RULE, p, ov, nv, msg),
            (false, true) => self.emit(&rules::type_narrowed::RULE, p, ov, nv, msg),
            (false, false) => self.emit(&rules::type_changed::RULE, p, ov, nv, msg),
        }
    }

    fn compare_enum(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        let (a, b) = (enum_values(o), enum_values(n));
        let kw = if n.contains_key("enum") || (!n.contains_key("const") && o.contains_key("enum")) {
            "enum"
        } else {
            "const"
        };
        let p = join(ptr, kw);
        let raw = |m: &Map<String, Value>| m.get("enum").or_else(|| m.get("const")).cloned();
        let (ov, nv) = (raw(o), raw(n));
        if ov.as_ref().zip(nv.as_ref()).is_some_and(|(x, y)| json_eq(x, y))
            && o.contains_key("const") == n.contains_key("const")
        {
            return;
        }
        let list = |v: &[Value]| v.iter().map(|x| json::short(x, 40)).collect::<Vec<_>>().join(", ");
        match (a, b) {
            (None, None) => {}
            (None, Some(_)) => self.emit(
                &rules::enum_narrowed::RULE,
                &p,
                None,
                nv.as_ref(),
                "the values are now restricted to an enum",
            ),
            (Some(_), None) => self.emit(
                &rules::enum_widened::RULE,
                &p,
                ov.as_ref(),
                None,
                "the enum was removed: any value of the type is accepted",
            ),
            (Some(a), Some(b)) => {
                let removed: Vec<Value> = a.iter().filter(|v| !contains(&b, v)).cloned().collect();
                let added: Vec<Value> = b.iter().filter(|v| !contains(&a, v)).cloned().collect();
                let (ov, nv) = (ov.as_ref(), nv.as_ref());
                match (removed.is_empty(), added.is_empty()) {
                    (true, true) => {
                        self.emit(&rules::order_changed::RULE, &p, ov, nv, "same values, written differently")
                    }
                    (false, true) => self.emit(
                        &rules::enum_narrowed::RULE,
                        &p,
                        ov,
                        nv,
                        format!("values removed: {}", list(&removed)),
                    ),
                    (true, false) => {
                        self.emit(&rules::enum_widened::RULE, &p, ov, nv, format!("values added: {}", list(&added)))
                    }
                    (false, false) => self.emit(
                        &rules::enum_changed::RULE,
                        &p,
                        ov,
                        nv,
                        format!("values removed: {}; values added: {}", list(&removed), list(&added)),
                    ),
                }
            }
        }
    }

    fn compare_object(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str, depth: usize) {
        let empty = Map::new();
        let props = |m: &Map<String, Value>| -> Result<Map<String, Value>, ()> {
            match m.get("properties") {
                None => Ok(Map::new()),
                Some(Value::Object(p)) => Ok(p.clone()),
                Some(_) => Err(()),
            }
        };
        let (op, np) = match (props(o), props(n)) {
            (Ok(a), Ok(b)) => (a, b),
            _ => {
                let p = join(ptr, "properties");
                self.unclassified(&p, o.get("properties"), n.get("properties"), "properties");
                (empty.clone(), empty)
            }
        };
        let (oreq, nreq) = (required(o), required(n));
        let new_closed = closed(n);
        let props_ptr = join(ptr, "properties");
        let mut names: Vec<&String> = op.keys().collect();
        names.extend(np.keys().filter(|k| !op.contains_key(*k)));
        for name in names {
            let p = join(&props_ptr, name);
            let (ro, rn) = (oreq.contains(name), nreq.contains(name));
            match (op.get(name), np.get(name)) {
                (Some(a), Some(b)) => {
                    self.compare(a, b, &p, depth + 1);
                    self.required_change(name, ro, rn, &p);
                }
                (None, Some(b)) => {
                    let breaking = rules::property_added::breaking(self.side, rn);
                    let how = if rn { "required" } else { "optional" };
                    self.push(
                        &rules::property_added::RULE,
                        breaking,
                        &p,
                        None,
                        Some(b),
                        format!("property `{name}` added ({how})"),
                    );
                }
                (Some(a), None) => {
                    let breaking = rules::property_removed::breaking(self.side, new_closed);
                    let how = if self.side == Side::Request && !new_closed {
                        " (the object is open, so it is still accepted)"
                    } else {
                        ""
                    };
                    self.push(
                        &rules::property_removed::RULE,
                        breaking,
                        &p,
                        Some(a),
                        None,
                        format!("property `{name}` removed{how}"),
                    );
                }
                (None, None) => {}
            }
        }
        // `required` names that no `properties` entry describes.
        let mut loose: Vec<&String> =
            oreq.iter().chain(nreq.iter()).filter(|r| !op.contains_key(*r) && !np.contains_key(*r)).collect();
        loose.dedup();
        let mut seen = HashSet::new();
        for name in loose {
            if seen.insert(name) {
                let p = join(&props_ptr, name);
                self.required_change(name, oreq.contains(name), nreq.contains(name), &p);
            }
        }
        let (ov, nv) = (o.get("required"), n.get("required"));
        let same_set = oreq.iter().all(|r| nreq.contains(r)) && nreq.iter().all(|r| oreq.contains(r));
        if same_set && ov.is_some() && nv.is_some() && !json_eq(ov.unwrap_or(&Value::Null), nv.unwrap_or(&Value::Null))
        {
            self.emit(
                &rules::order_changed::RULE,
                &join(ptr, "required"),
                ov,
                nv,
                "same required properties, in a different order",
            );
        }
        for kw in ["additionalProperties", "unevaluatedProperties"] {
            self.compare_openness(kw, o.get(kw), n.get(kw), &join(ptr, kw), depth);
        }
    }

    fn required_change(&mut self, name: &str, was: bool, is: bool, p: &str) {
        if !was && is {
            self.emit(&rules::property_made_required::RULE, p, None, None, format!("`{name}` is now required"));
        } else if was && !is {
            self.emit(&rules::property_made_optional::RULE, p, None, None, format!("`{name}` is no longer required"));
        }
    }

    fn compare_openness(&mut self, kw: &str, ov: Option<&Value>, nv: Option<&Value>, p: &str, depth: usize) {
        let (a, b) = (openness(ov), openness(nv));
        if a < b {
            self.emit(
                &rules::additional_properties_opened::RULE,
                p,
                ov,
                nv,
                format!("{kw}: accepts more unknown properties"),
            );
        } else if a > b {
            self.emit(
                &rules::additional_properties_closed::RULE,
                p,
                ov,
                nv,
                format!("{kw}: accepts fewer unknown properties"),
            );
        } else if let (Some(x), Some(y)) = (ov, nv) {
            if x.is_object() && y.is_object() {
                self.compare(x, y, p, depth + 1);
            } else if !json_eq(x, y) {
                self.unclassified(p, ov, nv, kw);
            }
        }
    }

    fn compare_items(&mut self, ov: Option<&Value>, nv: Option<&Value>, p: &str, depth: usize) {
        match (ov, nv) {
            (Some(Value::Array(a)), Some(Value::Array(b))) if a.len() == b.len() => {
                for (i, (x, y)) in a.iter().zip(b).enumerate() {
                    self.compare(x, y, &join(p, &i.to_string()), depth + 1);
                }
            }
            (Some(a), Some(b)) if !a.is_array() && !b.is_array() => self.compare(a, b, p, depth + 1),
            (None, Some(_)) => self.emit(&rules::constraint_added::RULE, p, ov, nv, "the items are now constrained"),
            (Some(_), None) => {
                self.emit(&rules::constraint_removed::RULE, p, ov, nv, "the items are no longer constrained")
            }
            _ => self.unclassified(p, ov, nv, "items"),
        }
    }

    fn compare_bound(&mut self, kw: &str, ov: Option<&Value>, nv: Option<&Value>, p: &str, lower: bool) {
        let num = |v: Option<&Value>| v.map(|v| v.as_f64().ok_or(()));
        let narrowed = match (num(ov), num(nv)) {
            (None, Some(Ok(_))) => true,
            (Some(Ok(_)), None) => false,
            (Some(Ok(a)), Some(Ok(b))) if a != b => (b > a) == lower,
            _ => return self.unclassified(p, ov, nv, kw),
        };
        let show = |v: Option<&Value>| v.map_or("none".to_owned(), |v| json::short(v, 30));
        let msg = format!("{kw} {} -> {}", show(ov), show(nv));
        let rule = if narrowed { &rules::range_narrowed::RULE } else { &rules::range_widened::RULE };
        self.emit(rule, p, ov, nv, msg);
    }

    fn compare_format(&mut self, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        let rank = |v: Option<&Value>| v.and_then(Value::as_str).and_then(format_rank);
        if let (Some((fa, ra)), Some((fb, rb))) = (rank(ov), rank(nv)) {
            if fa == fb && ra != rb {
                let rule = if rb < ra { &rules::range_narrowed::RULE } else { &rules::range_widened::RULE };
                let msg = format!(
                    "format {} -> {}",
                    json::short(ov.unwrap_or(&Value::Null), 20),
                    json::short(nv.unwrap_or(&Value::Null), 20)
                );
                return self.emit(rule, p, ov, nv, msg);
            }
        }
        self.compare_constraint("format", ov, nv, p);
    }

    fn compare_constraint(&mut self, kw: &str, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        // `uniqueItems: false` says nothing.
        let says_something = |v: Option<&Value>| v.is_some_and(|v| !(kw == "uniqueItems" && *v == Value::Bool(false)));
        match (says_something(ov), says_something(nv)) {
            (false, false) => {
                self.emit(&rules::metadata_changed::RULE, p, ov, nv, format!("{kw}: no effect either way"))
            }
            (false, true) => self.emit(&rules::constraint_added::RULE, p, ov, nv, format!("{kw} added")),
            (true, false) => self.emit(&rules::constraint_removed::RULE, p, ov, nv, format!("{kw} removed")),
            (true, true) => self.emit(&rules::constraint_changed::RULE, p, ov, nv, format!("{kw} changed")),
        }
    }

    fn compare_variants(
        &mut self,
        okw: Option<&'static str>,
        ov: &[Value],
        nkw: Option<&'static str>,
        nv: &[Value],
        ptr: &str,
        depth: usize,
    ) {
        let kw = nkw.or(okw).unwrap_or("anyOf");
        if let (Some(a), Some(b)) = (okw, nkw) {
            if a != b {
                self.unclassified(&join(ptr, b), None, None, &format!("{a} became {b}, which"));
            }
        }
        let mut pair: Vec<Option<usize>> = vec![None; ov.len()];
        let mut taken = vec![false; nv.len()];
        // 1. equal variants; 2. the same identity (const, tag, $ref name, title); 3. by position.
        for (i, a) in ov.iter().enumerate() {
            if let Some(j) = (0..nv.len()).find(|&j| !taken[j] && json_eq(a, &nv[j]) && !json::has_ref(a)) {
                pair[i] = Some(j);
                taken[j] = true;
            }
        }
        for (i, a) in ov.iter().enumerate() {
            if pair[i].is_some() {
                continue;
            }
            let Some(ka) = variant_key(self.old_root, a) else { continue };
            if let Some(j) =
                (0..nv.len()).find(|&j| !taken[j] && variant_key(self.new_root, &nv[j]).as_ref() == Some(&ka))
            {
                pair[i] = Some(j);
                taken[j] = true;
            }
        }
        // Variants with an identity that found no partner are new or gone; the rest pair by position.
        let left_old: Vec<usize> =
            (0..ov.len()).filter(|&i| pair[i].is_none() && variant_key(self.old_root, &ov[i]).is_none()).collect();
        let left_new: Vec<usize> =
            (0..nv.len()).filter(|&j| !taken[j] && variant_key(self.new_root, &nv[j]).is_none()).collect();
        if left_old.len() == left_new.len() {
            for (&i, &j) in left_old.iter().zip(&left_new) {
                pair[i] = Some(j);
                taken[j] = true;
            }
        }
        let base = join(ptr, kw);
        let mut last = None;
        let mut reordered = false;
        for (i, a) in ov.iter().enumerate() {
            match pair[i] {
                Some(j) => {
                    reordered |= last.is_some_and(|l| j < l);
                    last = Some(j);
                    self.compare(a, &nv[j], &join(&base, &j.to_string()), depth + 1);
                }
                None => self.emit(
                    &rules::variant_removed::RULE,
                    &join(&base, &i.to_string()),
                    Some(a),
                    None,
                    "a variant was removed",
                ),
            }
        }
        for (j, b) in nv.iter().enumerate() {
            if !taken[j] {
                self.emit(
                    &rules::variant_added::RULE,
                    &join(&base, &j.to_string()),
                    None,
                    Some(b),
                    "a variant was added",
                );
            }
        }
        if reordered {
            self.emit(&rules::order_changed::RULE, &base, None, None, "the same variants, in a different order");
        }
    }

    /// `$defs` entries that no `$ref` on either side points at: compare them as plain JSON.
    fn unused_definitions(&mut self, ptr: &str) {
        let (Some(o), Some(n)) = (self.old_root.as_object(), self.new_root.as_object()) else { return };
        let mut used = HashSet::new();
        collect_refs(self.old_root, &mut used);
        collect_refs(self.new_root, &mut used);
        for kw in ["$defs", "definitions"] {
            let empty = Map::new();
            let od = o.get(kw).and_then(Value::as_object).unwrap_or(&empty);
            let nd = n.get(kw).and_then(Value::as_object).unwrap_or(&empty);
            let mut names: Vec<&String> = od.keys().collect();
            names.extend(nd.keys().filter(|k| !od.contains_key(*k)));
            for name in names {
                let def_ptr = format!("/{kw}/{}", json::token(name));
                if used.contains(&def_ptr) {
                    continue;
                }
                let (a, b) = (od.get(name), nd.get(name));
                if a.zip(b).is_some_and(|(a, b)| json_eq(a, b)) {
                    continue;
                }
                let p = format!("{ptr}{def_ptr}");
                self.emit(
                    &rules::unused_definition_changed::RULE,
                    &p,
                    a,
                    b,
                    format!("definition `{name}` changed, but nothing refers to it"),
                );
            }
        }
    }
}

/// `kw added`, `kw removed` or `kw changed`.
pub(crate) fn what_happened(kw: &str, old: Option<&Value>, new: Option<&Value>) -> String {
    match (old, new) {
        (None, Some(_)) => format!("{kw} added"),
        (Some(_), None) => format!("{kw} removed"),
        _ => format!("{kw} changed"),
    }
}

/// Resolve `$ref`s and split nullability off, repeatedly (a nullable wrapper around a `$ref`
/// to a nullable definition is still one nullable schema).
fn normalize(root: &Value, node: &Value) -> Norm {
    let mut refs: Vec<String> = Vec::new();
    let mut nullable = false;
    let mut cur = node.clone();
    for _ in 0..32 {
        if let Some(r) = cur.get("$ref").and_then(Value::as_str).map(str::to_owned) {
            if refs.contains(&r) {
                break;
            }
            let Some(target) = resolve_ref(root, &r) else { break };
            refs.push(r);
            let mut merged = match target {
                Value::Object(m) => m.clone(),
                Value::Bool(true) => Map::new(),
                other => {
                    cur = other.clone();
                    continue;
                }
            };
            if let Value::Object(siblings) = &cur {
                for (k, v) in siblings {
                    if k != "$ref" {
                        merged.insert(k.clone(), v.clone());
                    }
                }
            }
            cur = Value::Object(merged);
            continue;
        }
        let (n, core, again) = strip_null(cur);
        nullable |= n;
        cur = core;
        if !again {
            break;
        }
    }
    Norm { nullable, core: cur, refs }
}

/// Split the nullable part off one schema. `again` is true when the result must be normalized
/// once more (an `anyOf` of one schema and null became that schema).
fn strip_null(v: Value) -> (bool, Value, bool) {
    let Value::Object(mut m) = v else { return (false, v, false) };
    let mut nullable = false;
    if m.get("nullable") == Some(&Value::Bool(true)) {
        m.remove("nullable");
        nullable = true;
    }
    if let Some(Value::Array(ts)) = m.get("type") {
        if ts.len() > 1 && ts.iter().any(|t| t == "null") {
            let mut rest: Vec<Value> = ts.iter().filter(|t| *t != "null").cloned().collect();
            let t = if rest.len() == 1 { rest.remove(0) } else { Value::Array(rest) };
            m.insert("type".into(), t);
            nullable = true;
        }
    }
    if let Some(Value::Array(vals)) = m.get("enum") {
        if vals.len() > 1 && vals.iter().any(Value::is_null) {
            let rest: Vec<Value> = vals.iter().filter(|v| !v.is_null()).cloned().collect();
            m.insert("enum".into(), Value::Array(rest));
            nullable = true;
        }
    }
    for kw in ["anyOf", "oneOf"] {
        let Some(Value::Array(vs)) = m.get(kw) else { continue };
        let Some(i) = vs.iter().position(is_null_schema) else { continue };
        if vs.len() < 2 {
            continue;
        }
        let mut rest = vs.clone();
        rest.remove(i);
        nullable = true;
        if rest.len() == 1 {
            let only = rest.remove(0);
            m.remove(kw);
            match only {
                Value::Object(mut merged) => {
                    // The outer keywords (the field's description, default) describe the value best.
                    for (k, v) in m {
                        merged.insert(k, v);
                    }
                    return (nullable, Value::Object(merged), true);
                }
                other if m.is_empty() => return (nullable, other, false),
                other => {
                    m.insert(kw.into(), Value::Array(vec![other]));
                }
            }
        } else {
            m.insert(kw.into(), Value::Array(rest));
        }
        break;
    }
    (nullable, Value::Object(m), false)
}

fn is_null_schema(v: &Value) -> bool {
    let Some(m) = v.as_object() else { return false };
    let only_meta = |m: &Map<String, Value>, k: &str| m.keys().all(|x| x == k || x == "description" || x == "title");
    (m.get("type") == Some(&Value::String("null".into())) && only_meta(m, "type"))
        || (m.get("const") == Some(&Value::Null) && only_meta(m, "const"))
        || (m.get("enum").and_then(Value::as_array).is_some_and(|e| e.len() == 1 && e[0].is_null())
            && only_meta(m, "enum"))
}

/// A local `$ref` (`#/$defs/Name`, `#/definitions/Name`, any `#/pointer`), percent-decoded.
fn resolve_ref<'v>(root: &'v Value, r: &str) -> Option<&'v Value> {
    let frag = percent_decode(r.strip_prefix('#')?);
    if frag.is_empty() {
        Some(root)
    } else {
        root.pointer(&frag)
    }
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_owned())
}

/// Every local `$ref` in `v`, as a decoded JSON pointer.
fn collect_refs(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
                out.insert(percent_decode(r));
            }
            m.values().for_each(|x| collect_refs(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| collect_refs(x, out)),
        _ => {}
    }
}

/// `true` is the schema `{}`, `false` is `{"not": {}}`; anything else that is not an object is
/// not a schema we can walk.
fn as_schema_object(v: &Value) -> Option<Map<String, Value>> {
    match v {
        Value::Object(m) => Some(m.clone()),
        Value::Bool(true) => Some(Map::new()),
        Value::Bool(false) => {
            let mut m = Map::new();
            m.insert("not".into(), Value::Object(Map::new()));
            Some(m)
        }
        _ => None,
    }
}

fn union_of(m: &Map<String, Value>) -> Option<&'static str> {
    ["anyOf", "oneOf"].into_iter().find(|k| m.get(*k).is_some_and(Value::is_array))
}

/// A schema as (the keywords beside the union, the union keyword, the variants). A schema that is
/// not a union becomes a union of itself, its descriptive keywords staying outside.
fn split_union(mut m: Map<String, Value>) -> (Map<String, Value>, Option<&'static str>, Vec<Value>) {
    if let Some(kw) = union_of(&m) {
        let Some(Value::Array(vs)) = m.remove(kw) else { unreachable!("union_of checked the array") };
        return (m, Some(kw), vs);
    }
    let mut rest = Map::new();
    for k in UNION_SIBLINGS {
        if let Some(v) = m.remove(*k) {
            rest.insert((*k).into(), v);
        }
    }
    (rest, None, vec![Value::Object(m)])
}

/// What makes a union variant the same variant across versions, when it is not equal.
fn variant_key(root: &Value, v: &Value) -> Option<String> {
    if let Some(r) = v.get("$ref").and_then(Value::as_str) {
        return Some(format!("ref:{}", r.rsplit('/').next().unwrap_or(r)));
    }
    let n = normalize(root, v);
    let m = n.core.as_object()?;
    if let Some(c) = m.get("const") {
        return Some(format!("const:{c}"));
    }
    if let Some(Value::Array(e)) = m.get("enum") {
        if e.len() == 1 {
            return Some(format!("const:{}", e[0]));
        }
    }
    if let Some(Value::Object(props)) = m.get("properties") {
        // An internally tagged enum variant: a property with a const value.
        for (name, p) in props {
            let p = normalize(root, p).core;
            let tag = p
                .get("const")
                .cloned()
                .or_else(|| p.get("enum").and_then(Value::as_array).filter(|e| e.len() == 1).map(|e| e[0].clone()));
            if let Some(t) = tag {
                return Some(format!("tag:{name}={t}"));
            }
        }
        // An externally tagged variant: a single required property.
        let req = required(m);
        if props.len() == 1 && req.len() == 1 && props.contains_key(&req[0]) {
            return Some(format!("ext:{}", req[0]));
        }
    }
    if let Some(Value::String(t)) = m.get("title") {
        return Some(format!("title:{t}"));
    }
    None
}

fn required(m: &Map<String, Value>) -> Vec<String> {
    m.get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Whether an object rejects properties it does not list.
fn closed(m: &Map<String, Value>) -> bool {
    ["additionalProperties", "unevaluatedProperties"].iter().any(|k| openness(m.get(*k)) < 2)
}

/// 2 = any extra property, 1 = extra properties that match a schema, 0 = none.
fn openness(v: Option<&Value>) -> u8 {
    match v {
        None | Some(Value::Bool(true)) => 2,
        Some(Value::Object(m)) if m.is_empty() => 2,
        Some(Value::Bool(false)) => 0,
        Some(_) => 1,
    }
}

/// The JSON types a `type` keyword allows; `None` when there is no `type` (any type).
fn type_set(v: Option<&Value>) -> Result<Option<Vec<String>>, ()> {
    match v {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(vec![s.clone()])),
        Some(Value::Array(a)) => {
            a.iter().map(|t| t.as_str().map(str::to_owned).ok_or(())).collect::<Result<Vec<_>, _>>().map(Some)
        }
        Some(_) => Err(()),
    }
}

/// Whether every value of the types `a` is a value of the types `b` ("integer" is in "number").
fn type_subset(a: &Option<Vec<String>>, b: &Option<Vec<String>>) -> bool {
    let accepts = |t: &str| match b {
        None => true,
        Some(b) => b.iter().any(|x| x == t || (t == "integer" && x == "number")),
    };
    match a {
        None => b.is_none(),
        Some(a) => a.iter().all(|t| accepts(t)),
    }
}

/// The values of an `enum` (without null, which counts as nullability) or a `const`.
fn enum_values(m: &Map<String, Value>) -> Option<Vec<Value>> {
    if let Some(c) = m.get("const") {
        return Some(vec![c.clone()]);
    }
    m.get("enum").and_then(Value::as_array).map(|e| e.iter().filter(|v| !v.is_null()).cloned().collect())
}

/// The width of a numeric `format`, as (family, rank), so that `int32` -> `int64` is a widening.
fn format_rank(f: &str) -> Option<(u8, u8)> {
    Some(match f {
        "int8" => (0, 1),
        "int16" => (0, 2),
        "int32" => (0, 3),
        "int" => (0, 4),
        "int64" => (0, 5),
        "int128" => (0, 6),
        "uint8" => (1, 1),
        "uint16" => (1, 2),
        "uint32" => (1, 3),
        "uint" => (1, 4),
        "uint64" => (1, 5),
        "uint128" => (1, 6),
        "float" => (2, 1),
        "double" => (2, 2),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn diff(side: Side, old: Value, new: Value) -> Vec<(&'static str, bool, String)> {
        SchemaDiff::new("t", side, &old, &new).run("/s").into_iter().map(|c| (c.rule, c.breaking, c.pointer)).collect()
    }

    #[test]
    fn nullable_forms_are_equivalent_and_detected() {
        let plain = json!({"type": "string"});
        let arr = json!({"type": ["string", "null"]});
        let any = json!({"anyOf": [{"type": "string"}, {"type": "null"}]});
        assert_eq!(diff(Side::Response, plain.clone(), arr.clone()), vec![("nullable-added", true, "/s".into())]);
        assert_eq!(diff(Side::Request, plain.clone(), any.clone()), vec![("nullable-added", false, "/s".into())]);
        assert_eq!(diff(Side::Request, any, plain), vec![("nullable-removed", true, "/s".into())]);
        // Same meaning, different form: no classified change but the form itself.
        let d = diff(Side::Request, arr, json!({"anyOf": [{"type": "string"}, {"type": "null"}]}));
        assert!(d.iter().all(|(r, _, _)| *r != "nullable-added" && *r != "nullable-removed"), "{d:?}");
    }

    #[test]
    fn refs_are_followed_on_both_sides() {
        let old = json!({"type": "object", "properties": {"u": {"$ref": "#/$defs/U"}}, "$defs": {"U": {"type": "object", "properties": {"n": {"type": "string"}}}}});
        let new = json!({"type": "object", "properties": {"u": {"$ref": "#/$defs/User"}}, "$defs": {"User": {"type": "object", "properties": {"n": {"type": "integer"}}}}});
        assert_eq!(
            diff(Side::Request, old, new),
            vec![("type-changed", true, "/s/properties/u/properties/n/type".into())]
        );
    }

    #[test]
    fn recursive_definitions_terminate() {
        let old = json!({"$ref": "#/$defs/N", "$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N"}, "v": {"type": "integer"}}}}});
        let new = json!({"$ref": "#/$defs/N", "$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N"}, "v": {"type": "number"}}}}});
        assert_eq!(diff(Side::Request, old, new), vec![("type-widened", false, "/s/properties/v/type".into())]);
        let loop_old = json!({"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}}});
        let loop_new = json!({"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}, "B": {}}});
        assert_eq!(
            diff(Side::Request, loop_old, loop_new),
            vec![("unused-definition-changed", false, "/s/$defs/B".into())]
        );
    }

    #[test]
    fn tagged_variants_are_matched_by_tag() {
        let old = json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}},
            {"type": "object", "properties": {"kind": {"const": "b"}}}]});
        let new = json!({"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "c"}}},
            {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}, "y": {"type": "integer"}}}]});
        let d = diff(Side::Response, old, new);
        assert!(d.contains(&("property-added", false, "/s/oneOf/1/properties/y".into())), "{d:?}");
        assert!(d.contains(&("variant-removed", false, "/s/oneOf/1".into())), "{d:?}");
        assert!(d.contains(&("variant-added", true, "/s/oneOf/0".into())), "{d:?}");
    }

    #[test]
    fn integer_in_number_and_format_widths() {
        assert_eq!(
            diff(Side::Request, json!({"type": "number"}), json!({"type": "integer"})),
            vec![("type-narrowed", true, "/s/type".into())]
        );
        assert_eq!(
            diff(
                Side::Request,
                json!({"type": "integer", "format": "int64"}),
                json!({"type": "integer", "format": "int32"})
            ),
            vec![("range-narrowed", true, "/s/format".into())]
        );
        assert_eq!(
            diff(
                Side::Response,
                json!({"type": "integer", "format": "uint32"}),
                json!({"type": "integer", "format": "int32"})
            ),
            vec![("constraint-changed", true, "/s/format".into())]
        );
    }

    #[test]
    fn percent_encoded_refs_resolve() {
        assert_eq!(percent_decode("/$defs/A%3CB%3E"), "/$defs/A<B>");
        assert_eq!(percent_decode("/a%2"), "/a%2");
    }
}
