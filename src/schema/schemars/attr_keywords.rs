//! Metadata schemars attaches to a schema (`CommonAttrs::add_mutators`, `ValidationAttrs`):
//! title/description from docs or attributes, `deprecated`, `examples`, validation keywords,
//! and the `extend` keys that go in last.

use serde_json::Value;

use super::generator::Gen;
use super::private::{self, has_type, insert_validation, title_and_description};
use crate::model::{Opt, SchemarsAttrs, Shown, Validations};

impl Gen<'_> {
    /// title, description, deprecated, examples.
    pub fn apply_common(&mut self, schema: &mut Value, docs: &[String], attrs: &SchemarsAttrs, deprecated: bool) {
        let mut title = attrs.title.clone();
        let mut description = attrs.description.clone();
        if self.settings.schemars08.is_some() {
            let (t, d) = super::v0_8::title_and_description(docs);
            title = title.or(t);
            description = description.or(d);
        } else if !docs.is_empty() {
            let (t, d) = title_and_description(&docs.join("\n"));
            title.get_or_insert(t);
            description.get_or_insert(d);
        }
        if let Some(t) = title.filter(|t| !t.is_empty()) {
            private::insert(schema, "title", Value::String(t));
        }
        if let Some(d) = description.filter(|d| !d.is_empty()) {
            private::insert(schema, "description", Value::String(d));
        }
        if deprecated {
            private::insert(schema, "deprecated", Value::Bool(true));
        }
        if !attrs.examples.is_empty() {
            let mut values = Vec::new();
            let mut missing = false;
            for e in &attrs.examples {
                match e {
                    Shown::Value(Opt::Known(v)) => values.push(v.clone()),
                    Shown::Value(Opt::Opaque(why)) => self.opaque(why.clone()),
                    Shown::Value(Opt::Absent) => {}
                    Shown::Error(d) => {
                        // The one value left out is the `examples` key (a warning when allowed).
                        self.report(d);
                        missing = true;
                    }
                }
            }
            if !missing {
                private::insert(schema, "examples", Value::Array(values));
            }
        }
    }

    /// The post-mutators: `extend` keys (overriding anything), then the `transform`s in order
    /// (code the interpreter cannot follow makes the schema opaque there; `type_path`: the
    /// type whose schema the config's `schemas` table may give instead).
    pub fn apply_post(&mut self, schema: &mut Value, attrs: &SchemarsAttrs, what: &str, type_path: &str) {
        for (k, v) in &attrs.extend {
            private::insert(schema, k, v.clone());
        }
        for t in &attrs.transforms {
            if let Err(gap) = super::transforms::apply(t, schema, self.code) {
                let reason = format!(
                    "`{what}`: the CLI cannot follow `#[schemars(transform = {})]` ({})",
                    super::transforms::name(t),
                    gap.reason
                );
                self.opaque_at(reason.clone(), gap.location);
                if let Some(o) = self.opaque.iter_mut().find(|o| o.reason == reason) {
                    o.type_path.get_or_insert(type_path.to_owned());
                }
                return;
            }
        }
    }

    /// length, range, pattern/regex/contains, format, inner — in that order, each only where the
    /// schema's type admits it.
    pub fn apply_validations(&mut self, schema: &mut Value, v: &Validations) {
        if self.settings.schemars08.is_some() {
            // schemars 0.8 keeps `minimum`/`maximum` as `f64`.
            let mut v = v.clone();
            v.minimum = v.minimum.and_then(|n| n.as_f64()).and_then(serde_json::Number::from_f64);
            v.maximum = v.maximum.and_then(|n| n.as_f64()).and_then(serde_json::Number::from_f64);
            apply_validations(schema, &v);
            return;
        }
        apply_validations(schema, v);
    }
}

pub fn apply_validations(schema: &mut Value, v: &Validations) {
    let num = |n: u64| Value::from(n);
    if let Some(n) = v.min_length {
        insert_validation(schema, "string", "minLength", num(n));
    }
    if let Some(n) = v.max_length {
        insert_validation(schema, "string", "maxLength", num(n));
    }
    if let Some(n) = v.min_length {
        insert_validation(schema, "array", "minItems", num(n));
    }
    if let Some(n) = v.max_length {
        insert_validation(schema, "array", "maxItems", num(n));
    }
    if let Some(n) = &v.minimum {
        insert_validation(schema, "number", "minimum", Value::Number(n.clone()));
    }
    if let Some(n) = &v.maximum {
        insert_validation(schema, "number", "maximum", Value::Number(n.clone()));
    }
    if let Some(p) = &v.pattern {
        insert_validation(schema, "string", "pattern", Value::String(p.clone()));
    }
    if let Some(f) = &v.format {
        private::insert(schema, "format", Value::String(f.clone()));
    }
    if let Some(inner) = &v.inner {
        if let Some(items) = schema.get_mut("items").filter(|i| i.is_object() || i.is_boolean()) {
            apply_validations(items, inner);
        }
    }
    let _ = has_type;
}
