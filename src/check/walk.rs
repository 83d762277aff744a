//! The schema walker: descends an old and a new JSON Schema side by side, following `$ref` into
//! `$defs` on both sides (through [`normalize`]), and at each keyword asks the rules of
//! [`super::rules`] what changed. Every finding becomes a [`Change`].
//!
//! Pointers follow `$ref`: a change inside a shared definition is reported at each place that
//! uses it (`/inputSchema/properties/user/properties/name`), which says which argument is hit.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::json::{equivalent, has_ref, join};
use super::keywords::{self, BoundEnd, Openness, Properties, Types, CONSTRAINTS, LOWER_BOUNDS, UPPER_BOUNDS};
use super::normalize::{as_schema_object, as_union, normalize, union_keyword};
use super::rules::{self, first_match, Finding, JudgedAs, Rule};
use super::Change;

/// How deep the walker goes before it stops following structure (a backstop against cycles that
/// the ref-pair guard does not catch).
const MAX_DEPTH: usize = 64;

/// Walks the two versions of one schema (an `inputSchema` or an `outputSchema`).
pub(crate) struct SchemaWalk<'a> {
    tool: &'a str,
    judged: JudgedAs,
    old_root: &'a Value,
    new_root: &'a Value,
    /// The `$ref` pairs being compared right now, to stop on recursive types.
    stack: Vec<(Vec<String>, Vec<String>)>,
    /// The definitions entered through `$ref` on the way here, each with the length of the
    /// pointer where it was entered: a change's place inside its definition is the rest.
    definitions: Vec<(String, usize)>,
    changes: Vec<Change>,
}

impl<'a> SchemaWalk<'a> {
    pub fn new(tool: &'a str, judged: JudgedAs, old_root: &'a Value, new_root: &'a Value) -> Self {
        SchemaWalk { tool, judged, old_root, new_root, stack: Vec::new(), definitions: Vec::new(), changes: Vec::new() }
    }

    /// Compare the two roots; `ptr` is where the schema sits in the tool (`/inputSchema`).
    pub fn run(mut self, ptr: &str) -> Vec<Change> {
        let (old, new) = (self.old_root, self.new_root);
        self.compare(old, new, ptr, 0);
        for d in rules::unused_definition_changed::check(old, new) {
            let p = format!("{ptr}{}", d.pointer);
            self.emit(&rules::unused_definition_changed::RULE, &p, d.old, d.new, d.message);
        }
        self.changes
    }

    fn push(
        &mut self,
        rule: &'static Rule,
        breaking: bool,
        ptr: &str,
        old: Option<&Value>,
        new: Option<&Value>,
        message: String,
    ) {
        self.changes.push(Change {
            tool: self.tool.to_owned(),
            pointer: ptr.to_owned(),
            rule,
            breaking,
            old: old.cloned(),
            new: new.cloned(),
            message,
            context: super::Context { definition: self.definition_of(ptr), ..Default::default() },
        });
    }

    /// `#/$defs/Name/rest` when `ptr` is inside a definition entered through `$ref`.
    fn definition_of(&self, ptr: &str) -> Option<String> {
        let (name, len) = self.definitions.last()?;
        Some(format!("{name}{}", ptr.get(*len..)?))
    }

    /// A change whose verdict depends only on the rule and where it is judged.
    fn emit(
        &mut self,
        rule: &'static Rule,
        ptr: &str,
        old: Option<&Value>,
        new: Option<&Value>,
        message: impl Into<String>,
    ) {
        let breaking = rule.breaking(self.judged);
        self.push(rule, breaking, ptr, old, new, message.into());
    }

    /// Report the first rule of a family whose check fired (their checks exclude each other);
    /// `false` when none did.
    fn emit_first(
        &mut self,
        candidates: impl IntoIterator<Item = (&'static Rule, Option<String>)>,
        ptr: &str,
        old: Option<&Value>,
        new: Option<&Value>,
    ) -> bool {
        let Some((rule, message)) = first_match(candidates) else { return false };
        self.emit(rule, ptr, old, new, message);
        true
    }

    fn emit_finding(&mut self, rule: &'static Rule, f: Finding, ptr: &str, old: Option<&Value>, new: Option<&Value>) {
        self.push(rule, f.breaking, ptr, old, new, f.message);
    }

    fn unclassified(&mut self, ptr: &str, old: Option<&Value>, new: Option<&Value>, what: &str) {
        self.emit(&rules::unclassified_change::RULE, ptr, old, new, rules::unclassified_change::message(what));
    }

    fn compare(&mut self, old: &Value, new: &Value, ptr: &str, depth: usize) {
        if equivalent(old, new) && !has_ref(old) {
            return;
        }
        if depth > MAX_DEPTH {
            if !equivalent(old, new) {
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
        let nullability = [
            (&rules::nullable_added::RULE, rules::nullable_added::check(o.nullable, n.nullable)),
            (&rules::nullable_removed::RULE, rules::nullable_removed::check(o.nullable, n.nullable)),
        ];
        self.emit_first(nullability.map(|(r, m)| (r, m.map(String::from))), ptr, Some(old), Some(new));
        if guarded {
            // Nullability belongs to the place of use; what follows is the definition's own. The
            // new side names it (the old one when the new has no `$ref`).
            let name = n.refs.last().or(o.refs.last()).cloned().unwrap_or_default();
            self.definitions.push((name, ptr.len()));
        }
        self.compare_core(&o.core, &n.core, ptr, depth);
        if guarded {
            self.stack.pop();
            self.definitions.pop();
        }
    }

    fn compare_core(&mut self, old: &Value, new: &Value, ptr: &str, depth: usize) {
        let (Some(o), Some(n)) = (as_schema_object(old), as_schema_object(new)) else {
            if !equivalent(old, new) {
                self.unclassified(ptr, Some(old), Some(new), "a schema that is not an object");
            }
            return;
        };
        let (o, n) = if union_keyword(&o).is_some() || union_keyword(&n).is_some() {
            let (ou, nu) = (as_union(o), as_union(n));
            self.compare_variants(ou.keyword, &ou.variants, nu.keyword, &nu.variants, ptr, depth);
            (ou.rest, nu.rest)
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
                (Some(a), Some(b)) => equivalent(a, b) && !has_ref(a),
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
                    self.emit(&rules::description_changed::RULE, &p, ov, nv, rules::description_changed::check(ov, nv))
                }
                "title" => self.emit(&rules::title_changed::RULE, &p, ov, nv, rules::title_changed::check(ov, nv)),
                "default" => {
                    self.emit(&rules::default_changed::RULE, &p, ov, nv, rules::default_changed::check(ov, nv))
                }
                "format" => self.compare_format(ov, nv, &p),
                k if rules::metadata_changed::covers(k) => {
                    self.emit(&rules::metadata_changed::RULE, &p, ov, nv, rules::metadata_changed::check(k, ov, nv))
                }
                k if LOWER_BOUNDS.contains(&k) => self.compare_bound(k, BoundEnd::Lower, ov, nv, &p),
                k if UPPER_BOUNDS.contains(&k) => self.compare_bound(k, BoundEnd::Upper, ov, nv, &p),
                k if CONSTRAINTS.contains(&k) => self.compare_constraint(k, ov, nv, &p),
                k => self.unclassified(&p, ov, nv, k),
            }
        }
    }

    fn compare_type(&mut self, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        let (Some(a), Some(b)) = (Types::read(ov), Types::read(nv)) else {
            return self.unclassified(p, ov, nv, "type");
        };
        let family = [
            (&rules::order_changed::RULE, rules::order_changed::same_types(&a, &b)),
            (&rules::type_widened::RULE, rules::type_widened::check(&a, &b)),
            (&rules::type_narrowed::RULE, rules::type_narrowed::check(&a, &b)),
            (&rules::type_changed::RULE, rules::type_changed::check(&a, &b)),
        ];
        self.emit_first(family, p, ov, nv);
    }

    fn compare_enum(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        let (a, b) = (keywords::enum_values(o), keywords::enum_values(n));
        let kw = if n.contains_key("enum") || (!n.contains_key("const") && o.contains_key("enum")) {
            "enum"
        } else {
            "const"
        };
        let raw = |m: &Map<String, Value>| m.get("enum").or_else(|| m.get("const")).cloned();
        let (ov, nv) = (raw(o), raw(n));
        if ov.as_ref().zip(nv.as_ref()).is_some_and(|(x, y)| equivalent(x, y))
            && o.contains_key("const") == n.contains_key("const")
        {
            return;
        }
        let (a, b) = (a.as_deref(), b.as_deref());
        let family = [
            (&rules::order_changed::RULE, rules::order_changed::same_enum_values(a, b)),
            (&rules::enum_narrowed::RULE, rules::enum_narrowed::check(a, b)),
            (&rules::enum_widened::RULE, rules::enum_widened::check(a, b)),
            (&rules::enum_changed::RULE, rules::enum_changed::check(a, b)),
        ];
        // The values shown are those of the sides that have an enum.
        let shown_old = ov.as_ref().filter(|_| a.is_some());
        let shown_new = nv.as_ref().filter(|_| b.is_some());
        self.emit_first(family, &join(ptr, kw), shown_old, shown_new);
    }

    fn compare_object(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str, depth: usize) {
        let empty = Map::new();
        let (op, np) = match (Properties::read(o), Properties::read(n)) {
            (Properties::Malformed, _) | (_, Properties::Malformed) => {
                let p = join(ptr, "properties");
                self.unclassified(&p, o.get("properties"), n.get("properties"), "properties");
                (&empty, &empty)
            }
            (a, b) => (a.listed().unwrap_or(&empty), b.listed().unwrap_or(&empty)),
        };
        let (oreq, nreq) = (keywords::required(o), keywords::required(n));
        let new_closed = keywords::rejects_unknown_properties(n);
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
                    let f = rules::property_added::check(name, rn, self.judged);
                    self.emit_finding(&rules::property_added::RULE, f, &p, None, Some(b));
                }
                (Some(a), None) => {
                    let f = rules::property_removed::check(name, new_closed, self.judged);
                    self.emit_finding(&rules::property_removed::RULE, f, &p, Some(a), None);
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
        if let Some(m) = rules::order_changed::same_required(&oreq, &nreq, ov, nv) {
            self.emit(&rules::order_changed::RULE, &join(ptr, "required"), ov, nv, m);
        }
        for kw in ["additionalProperties", "unevaluatedProperties"] {
            self.compare_openness(kw, o.get(kw), n.get(kw), &join(ptr, kw), depth);
        }
    }

    fn required_change(&mut self, name: &str, was: bool, is: bool, p: &str) {
        let family = [
            (&rules::property_made_required::RULE, rules::property_made_required::check(name, was, is)),
            (&rules::property_made_optional::RULE, rules::property_made_optional::check(name, was, is)),
        ];
        self.emit_first(family, p, None, None);
    }

    fn compare_openness(&mut self, kw: &str, ov: Option<&Value>, nv: Option<&Value>, p: &str, depth: usize) {
        let (a, b) = (Openness::read(ov), Openness::read(nv));
        let family = [
            (&rules::additional_properties_opened::RULE, rules::additional_properties_opened::check(kw, a, b)),
            (&rules::additional_properties_closed::RULE, rules::additional_properties_closed::check(kw, a, b)),
        ];
        if self.emit_first(family, p, ov, nv) {
            return;
        }
        // As open as before: two schemas for the extra properties are compared as schemas.
        if let (Some(x), Some(y)) = (ov, nv) {
            if x.is_object() && y.is_object() {
                self.compare(x, y, p, depth + 1);
            } else if !equivalent(x, y) {
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
            _ => {
                let family = [
                    (&rules::constraint_added::RULE, rules::constraint_added::check_items(ov, nv).map(String::from)),
                    (
                        &rules::constraint_removed::RULE,
                        rules::constraint_removed::check_items(ov, nv).map(String::from),
                    ),
                ];
                if !self.emit_first(family, p, ov, nv) {
                    self.unclassified(p, ov, nv, "items");
                }
            }
        }
    }

    fn compare_bound(&mut self, kw: &str, end: BoundEnd, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        let family = [
            (&rules::range_narrowed::RULE, rules::range_narrowed::check_bound(kw, end, ov, nv)),
            (&rules::range_widened::RULE, rules::range_widened::check_bound(kw, end, ov, nv)),
        ];
        if !self.emit_first(family, p, ov, nv) {
            self.unclassified(p, ov, nv, kw);
        }
    }

    fn compare_format(&mut self, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        let widths = [
            (&rules::range_narrowed::RULE, rules::range_narrowed::check_format(ov, nv)),
            (&rules::range_widened::RULE, rules::range_widened::check_format(ov, nv)),
        ];
        if !self.emit_first(widths, p, ov, nv) {
            self.compare_constraint("format", ov, nv, p);
        }
    }

    fn compare_constraint(&mut self, kw: &str, ov: Option<&Value>, nv: Option<&Value>, p: &str) {
        let family = [
            (&rules::metadata_changed::RULE, rules::metadata_changed::check_inert_constraint(kw, ov, nv)),
            (&rules::constraint_added::RULE, rules::constraint_added::check(kw, ov, nv)),
            (&rules::constraint_removed::RULE, rules::constraint_removed::check(kw, ov, nv)),
            (&rules::constraint_changed::RULE, rules::constraint_changed::check(kw, ov, nv)),
        ];
        self.emit_first(family, p, ov, nv);
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
        let partners = self.pair_variants(ov, nv);
        let base = join(ptr, kw);
        for (i, a) in ov.iter().enumerate() {
            match partners[i] {
                Some(j) => self.compare(a, &nv[j], &join(&base, &j.to_string()), depth + 1),
                None => self.emit(
                    &rules::variant_removed::RULE,
                    &join(&base, &i.to_string()),
                    Some(a),
                    None,
                    rules::variant_removed::MESSAGE,
                ),
            }
        }
        for (j, b) in nv.iter().enumerate() {
            if !partners.contains(&Some(j)) {
                self.emit(
                    &rules::variant_added::RULE,
                    &join(&base, &j.to_string()),
                    None,
                    Some(b),
                    rules::variant_added::MESSAGE,
                );
            }
        }
        if let Some(m) = rules::order_changed::variants_reordered(&partners) {
            self.emit(&rules::order_changed::RULE, &base, None, None, m);
        }
    }

    /// For each old variant, the index of the new variant it pairs with: 1. an equal variant;
    /// 2. the same identity (const, tag, `$ref` name, title); 3. by position, among the variants
    /// without an identity, when as many are left on both sides. A variant with an identity that
    /// found no partner is new or gone.
    fn pair_variants(&self, ov: &[Value], nv: &[Value]) -> Vec<Option<usize>> {
        let mut partners: Vec<Option<usize>> = vec![None; ov.len()];
        let mut taken = vec![false; nv.len()];
        for (i, a) in ov.iter().enumerate() {
            if let Some(j) = (0..nv.len()).find(|&j| !taken[j] && equivalent(a, &nv[j]) && !has_ref(a)) {
                partners[i] = Some(j);
                taken[j] = true;
            }
        }
        for (i, a) in ov.iter().enumerate() {
            if partners[i].is_some() {
                continue;
            }
            let Some(ka) = variant_identity(self.old_root, a) else { continue };
            if let Some(j) =
                (0..nv.len()).find(|&j| !taken[j] && variant_identity(self.new_root, &nv[j]).as_ref() == Some(&ka))
            {
                partners[i] = Some(j);
                taken[j] = true;
            }
        }
        let left_old: Vec<usize> = (0..ov.len())
            .filter(|&i| partners[i].is_none() && variant_identity(self.old_root, &ov[i]).is_none())
            .collect();
        let left_new: Vec<usize> =
            (0..nv.len()).filter(|&j| !taken[j] && variant_identity(self.new_root, &nv[j]).is_none()).collect();
        if left_old.len() == left_new.len() {
            for (&i, &j) in left_old.iter().zip(&left_new) {
                partners[i] = Some(j);
            }
        }
        partners
    }
}

/// What makes a union variant the same variant across versions, when it is not equal.
fn variant_identity(root: &Value, v: &Value) -> Option<String> {
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
        let req = keywords::required(m);
        if props.len() == 1 && req.len() == 1 && props.contains_key(&req[0]) {
            return Some(format!("ext:{}", req[0]));
        }
    }
    if let Some(Value::String(t)) = m.get("title") {
        return Some(format!("title:{t}"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn diff(judged: JudgedAs, old: Value, new: Value) -> Vec<(&'static str, bool, String)> {
        SchemaWalk::new("t", judged, &old, &new)
            .run("/s")
            .into_iter()
            .map(|c| (c.rule.id, c.breaking, c.pointer))
            .collect()
    }

    #[test]
    fn nullable_forms_are_equivalent_and_detected() {
        let plain = json!({"type": "string"});
        let arr = json!({"type": ["string", "null"]});
        let any = json!({"anyOf": [{"type": "string"}, {"type": "null"}]});
        assert_eq!(diff(JudgedAs::Response, plain.clone(), arr.clone()), vec![("nullable-added", true, "/s".into())]);
        assert_eq!(diff(JudgedAs::Request, plain.clone(), any.clone()), vec![("nullable-added", false, "/s".into())]);
        assert_eq!(diff(JudgedAs::Request, any, plain), vec![("nullable-removed", true, "/s".into())]);
        // Same meaning, different form: no classified change but the form itself.
        let d = diff(JudgedAs::Request, arr, json!({"anyOf": [{"type": "string"}, {"type": "null"}]}));
        assert!(d.iter().all(|(r, _, _)| *r != "nullable-added" && *r != "nullable-removed"), "{d:?}");
    }

    #[test]
    fn refs_are_followed_on_both_sides() {
        let old = json!({"type": "object", "properties": {"u": {"$ref": "#/$defs/U"}}, "$defs": {"U": {"type": "object", "properties": {"n": {"type": "string"}}}}});
        let new = json!({"type": "object", "properties": {"u": {"$ref": "#/$defs/User"}}, "$defs": {"User": {"type": "object", "properties": {"n": {"type": "integer"}}}}});
        assert_eq!(
            diff(JudgedAs::Request, old, new),
            vec![("type-changed", true, "/s/properties/u/properties/n/type".into())]
        );
    }

    #[test]
    fn recursive_definitions_terminate() {
        let old = json!({"$ref": "#/$defs/N", "$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N"}, "v": {"type": "integer"}}}}});
        let new = json!({"$ref": "#/$defs/N", "$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N"}, "v": {"type": "number"}}}}});
        assert_eq!(diff(JudgedAs::Request, old, new), vec![("type-widened", false, "/s/properties/v/type".into())]);
        let loop_old = json!({"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}}});
        let loop_new = json!({"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}, "B": {}}});
        assert_eq!(
            diff(JudgedAs::Request, loop_old, loop_new),
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
        let d = diff(JudgedAs::Response, old, new);
        assert!(d.contains(&("property-added", false, "/s/oneOf/1/properties/y".into())), "{d:?}");
        assert!(d.contains(&("variant-removed", false, "/s/oneOf/1".into())), "{d:?}");
        assert!(d.contains(&("variant-added", true, "/s/oneOf/0".into())), "{d:?}");
    }

    #[test]
    fn integer_in_number_and_format_widths() {
        assert_eq!(
            diff(JudgedAs::Request, json!({"type": "number"}), json!({"type": "integer"})),
            vec![("type-narrowed", true, "/s/type".into())]
        );
        assert_eq!(
            diff(
                JudgedAs::Request,
                json!({"type": "integer", "format": "int64"}),
                json!({"type": "integer", "format": "int32"})
            ),
            vec![("range-narrowed", true, "/s/format".into())]
        );
        assert_eq!(
            diff(
                JudgedAs::Response,
                json!({"type": "integer", "format": "uint32"}),
                json!({"type": "integer", "format": "int32"})
            ),
            vec![("constraint-changed", true, "/s/format".into())]
        );
    }
}
