//! One change, one entry: the walker reports every fact it sees, and this pass folds the facts
//! that follow from another into it.
//!
//! - A type change (`type-changed`) takes with it the facts about keywords that only make sense
//!   for one of the two types, at the same schema: `format`, bounds and constraints. `u64` ->
//!   `String` is one breaking change, not three. (Nullability is a fact of its own: `String` ->
//!   `Option<Address>` also starts accepting null, which a client may want to know.) A type that
//!   widened or narrowed (`type-widened`, `type-narrowed`) takes them the same way: `i32` ->
//!   `f64` is one change, its `format` `int32` -> `double` a fact of it.
//! - A property made required (`property-made-required`) takes with it the null and the default
//!   it no longer needs, at the same property: `Option<u32>` with `#[serde(default)]` -> `u32` is
//!   one breaking change, not a `nullable-removed` and a `default-changed` besides.
//! - A change inside a definition reached through `$ref` is the same change wherever the
//!   definition is used: it is reported once, at its first place, with the other places (tools
//!   and pointers) listed.

use super::keywords::{CONSTRAINTS, LOWER_BOUNDS, UPPER_BOUNDS};
use super::{rules, Change, Place};

/// Both passes, in order: dependent facts first, so folded type changes of a shared definition
/// merge too.
pub(super) fn fold(changes: Vec<Change>) -> Vec<Change> {
    merge_shared_definitions(fold_into_made_required(fold_into_type_changes(changes)))
}

/// Whether `fact` is the null or the default a property made required at `property` lost.
fn follows_from_made_required(fact: &Change, property: &str) -> bool {
    let lost_null = *fact.rule == rules::nullable_removed::RULE && fact.pointer == property;
    let lost_default = *fact.rule == rules::default_changed::RULE
        && fact.new.is_none()
        && fact.pointer.strip_prefix(property) == Some("/default");
    lost_null || lost_default
}

fn fold_into_made_required(changes: Vec<Change>) -> Vec<Change> {
    let mains: Vec<(String, String)> = changes
        .iter()
        .filter(|c| *c.rule == rules::property_made_required::RULE)
        .map(|c| (c.tool.clone(), c.pointer.clone()))
        .collect();
    if mains.is_empty() {
        return changes;
    }
    let mut kept: Vec<Change> = Vec::with_capacity(changes.len());
    let mut folded: Vec<Change> = Vec::new();
    for c in changes {
        if mains.iter().any(|(tool, property)| *tool == c.tool && follows_from_made_required(&c, property)) {
            folded.push(c);
        } else {
            kept.push(c);
        }
    }
    for fact in folded {
        let main = kept.iter_mut().find(|c| {
            *c.rule == rules::property_made_required::RULE
                && c.tool == fact.tool
                && follows_from_made_required(&fact, &c.pointer)
        });
        if let Some(main) = main {
            main.breaking |= fact.breaking;
            main.context.folded.push(format!("{} ({})", fact.message, fact.rule.id));
        }
    }
    kept
}

/// The rules whose facts a type change at the same schema makes moot.
fn is_dependent_fact(c: &Change) -> bool {
    [
        &rules::range_narrowed::RULE,
        &rules::range_widened::RULE,
        &rules::constraint_added::RULE,
        &rules::constraint_removed::RULE,
        &rules::constraint_changed::RULE,
    ]
    .contains(&c.rule)
}

/// Whether `fact` sits at one of the value keywords of `schema`.
fn belongs_to(fact: &Change, schema: &str) -> bool {
    let Some(kw) = fact.pointer.strip_prefix(schema).and_then(|rest| rest.strip_prefix('/')) else { return false };
    kw == "format" || LOWER_BOUNDS.contains(&kw) || UPPER_BOUNDS.contains(&kw) || CONSTRAINTS.contains(&kw)
}

/// Whether `c` is a change of a schema's `type`, which takes the facts of its keywords.
fn is_type_change(c: &Change) -> bool {
    [&rules::type_changed::RULE, &rules::type_widened::RULE, &rules::type_narrowed::RULE].contains(&c.rule)
}

fn fold_into_type_changes(changes: Vec<Change>) -> Vec<Change> {
    let mains: Vec<(String, String)> = changes
        .iter()
        .filter(|c| is_type_change(c))
        .filter_map(|c| Some((c.tool.clone(), c.pointer.strip_suffix("/type")?.to_owned())))
        .collect();
    if mains.is_empty() {
        return changes;
    }
    let mut kept: Vec<Change> = Vec::with_capacity(changes.len());
    let mut folded: Vec<(usize, Change)> = Vec::new();
    for c in changes {
        let main =
            mains.iter().position(|(tool, schema)| *tool == c.tool && is_dependent_fact(&c) && belongs_to(&c, schema));
        match main {
            Some(m) => folded.push((m, c)),
            None => kept.push(c),
        }
    }
    for (m, fact) in folded {
        let (tool, schema) = &mains[m];
        let type_ptr = format!("{schema}/type");
        if let Some(main) = kept.iter_mut().find(|c| c.tool == *tool && c.pointer == type_ptr && is_type_change(c)) {
            main.breaking |= fact.breaking;
            main.context.folded.push(format!("{} ({})", fact.message, fact.rule.id));
        }
    }
    kept
}

fn merge_shared_definitions(changes: Vec<Change>) -> Vec<Change> {
    let mut out: Vec<Change> = Vec::with_capacity(changes.len());
    for c in changes {
        let first = c.context.definition.as_ref().and_then(|_| out.iter_mut().find(|o| same_definition_change(o, &c)));
        match first {
            Some(first) => first.context.also.push(Place { tool: c.tool, pointer: c.pointer }),
            None => out.push(c),
        }
    }
    out
}

/// The same fact about the same place of a definition (the definition's name is the same in
/// every tool that has a copy of it).
fn same_definition_change(a: &Change, b: &Change) -> bool {
    a.context.definition.is_some()
        && a.context.definition == b.context.definition
        && a.rule == b.rule
        && a.breaking == b.breaking
        && a.old == b.old
        && a.new == b.new
        && a.message == b.message
        && a.context.folded == b.context.folded
        && judged_alike(&a.pointer, &b.pointer)
}

/// Both in an `inputSchema`, or both in an `outputSchema`: the same change can be judged
/// differently in a request and a response.
fn judged_alike(a: &str, b: &str) -> bool {
    let root = |p: &str| p.split('/').nth(1).map(str::to_owned);
    root(a) == root(b)
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::check::compare;
    use crate::manifest::Manifest;

    fn tool(name: &str, input: Value) -> Value {
        json!({"name": name, "inputSchema": input})
    }

    fn ids(r: &crate::check::Report) -> Vec<(&str, &str, &str, bool)> {
        r.changes.iter().map(|c| (c.tool.as_str(), c.pointer.as_str(), c.rule.id, c.breaking)).collect()
    }

    #[test]
    fn u64_to_string_is_one_breaking_type_change() {
        let old =
            json!({"type": "object", "properties": {"id": {"type": "integer", "format": "uint64", "minimum": 0}}});
        let new = json!({"type": "object", "properties": {"id": {"type": "string"}}});
        let r = compare(
            &Manifest::from_value(json!({"tools": [tool("t", old)]})).unwrap(),
            &Manifest::from_value(json!({"tools": [tool("t", new)]})).unwrap(),
        );
        assert_eq!(ids(&r), [("t", "/inputSchema/properties/id/type", "type-changed", true)]);
        assert_eq!(r.changes[0].context.folded.len(), 2, "{:?}", r.changes[0].context.folded);
    }

    /// `i32` -> `f64` on an input field: one compatible change, the type widened with its
    /// format (a BREAKING `constraint-changed` of the format beside it was wrong); on an output
    /// field, one breaking change.
    #[test]
    fn i32_to_f64_is_one_widening() {
        let old = json!({"type": "object", "properties": {"n": {"type": "integer", "format": "int32"}}});
        let new = json!({"type": "object", "properties": {"n": {"type": "number", "format": "double"}}});
        let out = |schema: &Value| json!({"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema});
        let r = compare(
            &Manifest::from_value(json!({"tools": [tool("t", old.clone())]})).unwrap(),
            &Manifest::from_value(json!({"tools": [tool("t", new.clone())]})).unwrap(),
        );
        assert_eq!(ids(&r), [("t", "/inputSchema/properties/n/type", "type-widened", false)]);
        assert_eq!(r.changes[0].context.folded, [r#"format "int32" -> "double" (range-widened)"#]);
        let r = compare(
            &Manifest::from_value(json!({"tools": [out(&old)]})).unwrap(),
            &Manifest::from_value(json!({"tools": [out(&new)]})).unwrap(),
        );
        assert_eq!(ids(&r), [("t", "/outputSchema/properties/n/type", "type-widened", true)]);
        // And back: `f64` -> `i32` narrows, breaking for a request.
        let r = compare(
            &Manifest::from_value(json!({"tools": [tool("t", new)]})).unwrap(),
            &Manifest::from_value(json!({"tools": [tool("t", old)]})).unwrap(),
        );
        assert_eq!(ids(&r), [("t", "/inputSchema/properties/n/type", "type-narrowed", true)]);
    }

    #[test]
    fn option_with_default_to_required_is_one_made_required_change() {
        let old = json!({"type": "object", "properties": {
            "days": {"type": ["integer", "null"], "format": "uint32", "minimum": 0, "default": null}}});
        let new = json!({"type": "object", "properties": {"days": {"type": "integer", "format": "uint32", "minimum": 0}},
            "required": ["days"]});
        let r = compare(
            &Manifest::from_value(json!({"tools": [tool("t", old)]})).unwrap(),
            &Manifest::from_value(json!({"tools": [tool("t", new)]})).unwrap(),
        );
        assert_eq!(ids(&r), [("t", "/inputSchema/properties/days", "property-made-required", true)]);
        assert_eq!(
            r.changes[0].context.folded,
            ["no longer accepts null (nullable-removed)", "default removed (default-changed)"]
        );
    }

    #[test]
    fn a_default_that_changes_value_stays_its_own_change() {
        let old = json!({"type": "object", "properties": {"n": {"type": "integer", "default": 1}}});
        let new = json!({"type": "object", "properties": {"n": {"type": "integer", "default": 2}}, "required": ["n"]});
        let r = compare(
            &Manifest::from_value(json!({"tools": [tool("t", old)]})).unwrap(),
            &Manifest::from_value(json!({"tools": [tool("t", new)]})).unwrap(),
        );
        assert_eq!(r.changes.len(), 2, "{:?}", ids(&r));
    }

    #[test]
    fn a_field_of_a_shared_definition_is_reported_once_with_every_place() {
        let schema = |ty: &str| {
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/User"}, "b": {"$ref": "#/$defs/User"}},
                   "$defs": {"User": {"type": "object", "properties": {"age": {"type": ty}}}}})
        };
        let r = compare(
            &Manifest::from_value(json!({"tools": [tool("one", schema("integer")), tool("two", schema("integer"))]}))
                .unwrap(),
            &Manifest::from_value(json!({"tools": [tool("one", schema("string")), tool("two", schema("string"))]}))
                .unwrap(),
        );
        assert_eq!(ids(&r), [("one", "/inputSchema/properties/a/properties/age/type", "type-changed", true)]);
        let c = &r.changes[0];
        assert_eq!(c.context.definition.as_deref(), Some("#/$defs/User/properties/age/type"));
        let also: Vec<_> = c.context.also.iter().map(|p| (p.tool.as_str(), p.pointer.as_str())).collect();
        assert_eq!(
            also,
            [
                ("one", "/inputSchema/properties/b/properties/age/type"),
                ("two", "/inputSchema/properties/a/properties/age/type"),
                ("two", "/inputSchema/properties/b/properties/age/type"),
            ]
        );
    }
}
