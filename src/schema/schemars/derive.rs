//! What `#[derive(JsonSchema)]` generates for a struct or enum of ours (schemars_derive 1.2:
//! `expr_for_container` and friends), read from the IR: naming and identity, full
//! transparency, `with`/`from`/`into`, structs with `required` and defaults per contract,
//! tuple and unit structs, and every enum representation.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::generator::Gen;
use super::private::{self, apply_internal_tag, insert_object_property};
use crate::diagnostics::Location;
use crate::model::{
    substitute, Body, DefId, Field, FieldDefault, FieldDefaultValue, HandSchema, HandWritten, JsonSchemaImpl,
    KeyChange, Opt, Part, SchemaFn, Shown, Style, Tag, Ty, TypeDef, Variant,
};

/// The doc/title/description/… attributes schemars calls "common": when none is given a
/// `transparent`/`with` container forwards everything to the inner type.
pub fn common_is_default(docs: &[String], attrs: &crate::model::SchemarsAttrs, deprecated: bool) -> bool {
    docs.is_empty()
        && attrs.title.is_none()
        && attrs.description.is_none()
        && !deprecated
        && attrs.examples.is_empty()
        && attrs.extend.is_empty()
        && attrs.transforms.is_empty()
        && !attrs.opaque.iter().any(|o| o == "title" || o == "description" || o.starts_with("extend"))
}

/// `with` or `schema_with`: schemars' `WithAttr`, a type standing in for the item's own.
fn has_with(attrs: &crate::model::SchemarsAttrs) -> bool {
    attrs.with.is_some() || attrs.schema_with.is_some()
}

fn field_attrs_default(f: &Field) -> bool {
    common_is_default(&f.docs, &f.schemars, f.deprecated)
        && f.schemars.validations.is_empty()
        && !f.schemars.required
        && f.schemars.with.is_none()
        && f.schemars.schema_with.is_none()
}

fn variant_attrs_default(v: &Variant) -> bool {
    common_is_default(&v.docs, &v.schemars, v.deprecated)
        && v.schemars.with.is_none()
        && v.schemars.schema_with.is_none()
}

/// The field `#[serde(transparent)]` forwards to: the one not skipped when deserializing (else
/// the first). `None` when the definition is not `transparent`.
pub fn serde_transparent_field(def: &TypeDef) -> Option<&Field> {
    if !def.serde.transparent {
        return None;
    }
    match &def.body {
        Body::Struct { fields, .. } => fields.iter().find(|f| !f.skip_de).or_else(|| fields.first()),
        _ => None,
    }
}

fn collect_params(ty: &Ty, out: &mut BTreeSet<usize>) {
    match ty {
        Ty::Param(i) => {
            out.insert(*i);
        }
        Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => collect_params(t, out),
        Ty::Map(k, v) => {
            collect_params(k, out);
            collect_params(v, out);
        }
        Ty::Tuple(ts) | Ty::Named(_, ts) => ts.iter().for_each(|t| collect_params(t, out)),
        _ => {}
    }
}

/// A schema with the keys a hand-written `json_schema` inserts or removes, as schemars'
/// `Schema::insert`/`remove` change it (`insert` makes a boolean schema an object first; `remove`
/// leaves a boolean schema as it is).
fn with_changes(mut schema: Value, changes: &[KeyChange]) -> Value {
    for change in changes {
        match &change.value {
            Some(v) => {
                private::ensure_object(&mut schema).insert(change.key.clone(), v.clone());
            }
            None => {
                if let Value::Object(map) = &mut schema {
                    map.remove(&change.key);
                }
            }
        }
    }
    schema
}

/// The hand-written `impl JsonSchema` of a definition, when it reads as literals.
fn literal_impl(def: &TypeDef) -> Option<&HandWritten> {
    match &def.traits.json_schema {
        JsonSchemaImpl::HandWritten { literal: Ok(h), .. } => Some(h.as_ref()),
        _ => None,
    }
}

impl<'a> Gen<'a> {
    pub fn def(&self, id: DefId) -> &'a TypeDef {
        self.model.def(id)
    }

    /// The type a fully transparent definition forwards everything to (name, identity,
    /// inlining, schema, optionality), if it is one.
    pub fn forwarded(&mut self, id: DefId, args: &[Ty]) -> Option<Ty> {
        let def = self.def(id);
        if matches!(def.traits.json_schema, JsonSchemaImpl::HandWritten { .. }) {
            return None;
        }
        if self.settings.schemars08.is_some() {
            return self.forwarded_0_8(def, args);
        }
        if !common_is_default(&def.docs, &def.schemars, def.deprecated) {
            return None;
        }
        if let Some(with) = &def.schemars.with {
            return Some(substitute(with, args));
        }
        let field = serde_transparent_field(def)?;
        if !field_attrs_default(field) {
            return None;
        }
        Some(substitute(&field.ty, args))
    }

    pub fn named_schema_name(&mut self, id: DefId, args: &[Ty]) -> String {
        if let Some(h) = literal_impl(self.def(id)) {
            return match &h.name {
                Part::Literal(name) => name.clone(),
                Part::Of(other) => self.schema_name(other),
            };
        }
        if let Some(t) = self.forwarded(id, args) {
            return self.schema_name(&t);
        }
        let def = self.def(id);
        if self.settings.schemars08.is_some() {
            return self.schema_name_0_8(def, args);
        }
        let generics = &def.generics;
        match def.schemars.rename.as_ref().filter(|r| r.contains('{')) {
            Some(format) => {
                let mut out = String::new();
                let mut rest = format.as_str();
                while let Some(pos) = rest.find(['{', '}']) {
                    out.push_str(&rest[..pos]);
                    let tail = &rest[pos..];
                    if tail.starts_with("{{") || tail.starts_with("}}") {
                        out.push_str(&tail[..1]);
                        rest = &tail[2..];
                    } else if tail.starts_with('{') {
                        let end = tail.find('}').unwrap_or(tail.len());
                        let param = &tail[1..end];
                        match generics.iter().position(|g| g == param).and_then(|i| args.get(i).cloned()) {
                            Some(arg) => out.push_str(&self.schema_name(&arg)),
                            None => out.push_str(&tail[..end.min(tail.len())]),
                        }
                        rest = tail.get(end + 1..).unwrap_or("");
                    } else {
                        out.push('}');
                        rest = &tail[1..];
                    }
                }
                out.push_str(rest);
                out
            }
            None => def.serde.de_name.clone(),
        }
    }

    pub fn named_schema_id(&mut self, id: DefId, args: &[Ty]) -> String {
        if let Some(h) = literal_impl(self.def(id)) {
            return match &h.id {
                Some(Part::Literal(given)) => given.clone(),
                Some(Part::Of(other)) => self.schema_id(other),
                // schemars' default: `Self::schema_name()`, delegated or not.
                None => self.named_schema_name(id, args),
            };
        }
        if let Some(t) = self.forwarded(id, args) {
            return self.schema_id(&t);
        }
        let def = self.def(id);
        let mut path = def.module_path.clone();
        path.push(def.serde.de_name.clone());
        let base = path.join("::");
        // Only the parameters a non-skipped field (or the rename) uses make a difference.
        let mut relevant = BTreeSet::new();
        let fields: Vec<&Field> = match &def.body {
            Body::Struct { fields, .. } => fields.iter().collect(),
            Body::Enum { variants } => {
                variants.iter().filter(|v| !(v.skip_de && v.skip_ser)).flat_map(|v| v.fields.iter()).collect()
            }
            Body::Unsupported(_) => Vec::new(),
        };
        for f in fields.into_iter().filter(|f| !(f.skip_de && f.skip_ser)) {
            collect_params(&f.ty, &mut relevant);
            if has_with(&f.schemars) {
                relevant.extend(0..def.generics.len());
            }
        }
        if let Some(r) = &def.schemars.rename {
            for (i, g) in def.generics.iter().enumerate() {
                if r.contains(&format!("{{{g}}}")) {
                    relevant.insert(i);
                }
            }
        }
        if relevant.is_empty() {
            return base;
        }
        let ids: Vec<String> =
            relevant.into_iter().filter_map(|i| args.get(i).cloned()).map(|a| self.schema_id(&a)).collect();
        format!("{base}<{}>", ids.join("\u{1}"))
    }

    pub fn named_inline(&mut self, id: DefId, args: &[Ty]) -> bool {
        if let Some(h) = literal_impl(self.def(id)) {
            return match &h.inline {
                Part::Literal(inline) => *inline,
                Part::Of(other) => self.inline_schema(other),
            };
        }
        if let Some(t) = self.forwarded(id, args) {
            return self.inline_schema(&t);
        }
        self.def(id).schemars.inline
    }

    /// The schema of a `schema_with` fn, or `true` and a runtime-only finding at `location` when
    /// its body is not a literal.
    pub fn schema_with(&mut self, f: &SchemaFn, what: &str, location: Location) -> Value {
        match &f.schema {
            Opt::Known(v) => v.clone(),
            Opt::Opaque(why) => {
                let path = &f.path;
                self.opaque_at(format!("`{what}` uses `#[schemars(schema_with = \"{path}\")]`: {why}"), Some(location));
                Value::Bool(true)
            }
            Opt::Absent => Value::Bool(true),
        }
    }

    /// `<T as JsonSchema>::json_schema` of a struct or enum of ours.
    pub fn named_json_schema(&mut self, id: DefId, args: &[Ty]) -> Value {
        if let Some(t) = self.forwarded(id, args) {
            return self.json_schema(&t);
        }
        let def = self.def(id);
        match &def.traits.json_schema {
            JsonSchemaImpl::HandWritten { literal: Ok(h), .. } => {
                return match &h.schema {
                    HandSchema::Literal(schema) => schema.clone(),
                    HandSchema::JsonSchemaOf(other, changes) => {
                        let schema = self.json_schema(other);
                        with_changes(schema, changes)
                    }
                    HandSchema::SubschemaFor(other, changes) => {
                        let schema = self.subschema_for(other);
                        with_changes(schema, changes)
                    }
                }
            }
            JsonSchemaImpl::HandWritten { literal: Err(why), location } => {
                let location = location.clone().or_else(|| Some(def.location.clone()));
                let reason = format!("`{}` has a hand-written `impl JsonSchema`: {why}", def.rust_name);
                self.opaque_at(reason.clone(), location);
                if let Some(o) = self.opaque.iter_mut().find(|o| o.reason == reason) {
                    o.type_path.get_or_insert(def.qualified_path());
                }
                return Value::Bool(true);
            }
            _ => {}
        }
        for o in &def.schemars.opaque {
            self.opaque(format!("`{}`: `#[schemars({o})]` cannot be evaluated", def.rust_name));
        }
        if !def.serde.errors.is_empty() {
            self.opaque(format!("`{}`: serde rejects its attributes: {}", def.rust_name, def.serde.errors.join("; ")));
        }
        let mut schema = if let JsonSchemaImpl::Repr(values) = &def.traits.json_schema {
            self.repr_schema(values)
        } else if let Some(f) = &def.schemars.schema_with {
            self.schema_with(f, &def.rust_name, def.location.clone())
        } else if let Some(with) = &def.schemars.with {
            self.json_schema(&substitute(with, args))
        } else if let Some(field) = serde_transparent_field(def) {
            self.field_schema(def, field, args, false, None)
        } else if self.settings.schemars08.is_some() {
            // schemars 0.8 knows nothing of serde's `from`/`into`.
            self.data_schema(def, args)
        } else {
            let from = def.serde.from.clone().or_else(|| def.serde.try_from.clone()).map(|t| substitute(&t, args));
            let into = def.serde.into.clone().map(|t| substitute(&t, args));
            match (from, into) {
                (Some(from), Some(into)) => {
                    let t = if self.is_serialize() { into } else { from };
                    self.json_schema(&t)
                }
                (Some(from), None) if !self.is_serialize() => self.json_schema(&from),
                (None, Some(into)) if self.is_serialize() => self.json_schema(&into),
                _ => self.data_schema(def, args),
            }
        };
        self.apply_common(&mut schema, &def.docs, &def.schemars, def.deprecated);
        self.apply_post(&mut schema, &def.schemars, &def.rust_name, &def.qualified_path());
        schema
    }

    fn data_schema(&mut self, def: &TypeDef, args: &[Ty]) -> Value {
        if self.settings.schemars08.is_some() {
            if let Some(schema) = self.data_schema_0_8(def, args) {
                return schema;
            }
        }
        match &def.body {
            Body::Struct { style: Style::Unit, .. } => self.subschema_for(&Ty::Unit),
            Body::Struct { style: Style::Newtype, fields } => self.field_schema(def, &fields[0], args, false, None),
            Body::Struct { style: Style::Tuple, fields } => self.tuple_schema(def, fields, args),
            Body::Struct { style: Style::Struct, fields } => {
                self.struct_schema(def, fields, args, def.serde.default.clone(), def.serde.deny_unknown_fields)
            }
            Body::Enum { variants } => self.enum_schema(def, variants, args),
            Body::Unsupported(why) => {
                self.opaque(format!("`{}` has no schema ({why})", def.rust_name));
                Value::Bool(true)
            }
        }
    }

    /// Whether an item with these skips is part of the current contract.
    pub fn in_contract(&self, skip_de: bool, skip_ser: bool) -> bool {
        if self.settings.schemars08.is_some() {
            // schemars 0.8 has one schema for both sides: only a field skipped both ways is left out.
            return !(skip_de && skip_ser);
        }
        match (skip_de, skip_ser) {
            (true, true) => false,
            (true, false) => self.is_serialize(),
            (false, true) => !self.is_serialize(),
            (false, false) => true,
        }
    }

    pub fn name_of(&self, ser: &str, de: &str) -> String {
        if self.is_serialize() && self.settings.schemars08.is_none() {
            ser.to_owned()
        } else {
            de.to_owned()
        }
    }

    /// The type whose schema describes a field: its `with` type, else its own.
    pub fn field_ty(&mut self, field: &Field, args: &[Ty]) -> Ty {
        match &field.schemars.with {
            Some(with) => substitute(with, args),
            None => substitute(&field.ty, args),
        }
    }

    /// `_schemars_private_is_option()` of the type standing for a field: a `schema_with` fn's
    /// stand-in type never is one, whatever the field's own type.
    pub(super) fn field_is_option(&mut self, field: &Field, ty: &Ty) -> bool {
        field.schemars.schema_with.is_none() && self.is_option(ty)
    }

    /// `expr_for_field`: the field's subschema with its metadata, validation and
    /// readOnly/writeOnly; `default` goes in before the `extend` keys.
    pub fn field_schema(
        &mut self,
        def: &TypeDef,
        field: &Field,
        args: &[Ty],
        internal_newtype: bool,
        default: Option<Value>,
    ) -> Value {
        let what = format!("{}.{}", def.rust_name, field.rust_name.clone().unwrap_or_default());
        for o in &field.schemars.opaque {
            self.opaque_at(format!("`{what}`: `{o}` cannot be evaluated"), Some(field.location.clone()));
        }
        let ty = self.field_ty(field, args);
        let mut schema = if let Some(f) = &field.schemars.schema_with {
            // schemars' stand-in type for the fn: inlined, never optional.
            let mut schema = self.schema_with(f, &what, field.location.clone());
            if internal_newtype && !field.schemars.required {
                private::allow_unknown_in_immediate_subschemas(&mut schema);
            }
            schema
        } else if field.schemars.required {
            self.non_optional_json_schema(&ty)
        } else if internal_newtype {
            self.internal_newtype_schema(&ty)
        } else {
            self.subschema_for(&ty)
        };
        self.apply_common(&mut schema, &field.docs, &field.schemars, field.deprecated);
        self.apply_validations(&mut schema, &field.schemars.validations);
        if field.skip_de {
            private::insert(&mut schema, "readOnly", Value::Bool(true));
        }
        if field.skip_ser {
            private::insert(&mut schema, "writeOnly", Value::Bool(true));
        }
        if let Some(d) = default {
            private::insert(&mut schema, "default", d);
        }
        self.apply_post(&mut schema, &field.schemars, &what, &def.qualified_path());
        schema
    }

    /// `json_schema_for_internally_tagged_enum_newtype_variant::<T>`.
    fn internal_newtype_schema(&mut self, ty: &Ty) -> Value {
        let mut schema = self.json_schema(ty);
        let did_modify = private::allow_unknown_in_immediate_subschemas(&mut schema);
        let inline = self.inline_schema(ty)
            || schema.get("type").and_then(Value::as_str) == Some("null")
            || schema.get("additionalProperties").and_then(Value::as_bool) == Some(false)
            || schema.get("unevaluatedProperties").and_then(Value::as_bool) == Some(false)
            || did_modify;
        if inline {
            return schema;
        }
        self.subschema_for(ty)
    }

    /// `expr_for_tuple_struct`.
    fn tuple_schema(&mut self, def: &TypeDef, fields: &[Field], args: &[Ty]) -> Value {
        let mut prefix = Vec::new();
        for f in fields {
            if self.in_contract(f.skip_de, f.skip_ser) {
                prefix.push(self.field_schema(def, f, args, false, None));
            }
        }
        let len = prefix.len();
        let mut out = serde_json::Map::new();
        out.insert("type".into(), "array".into());
        if !prefix.is_empty() {
            out.insert("prefixItems".into(), Value::Array(prefix));
            out.insert("minItems".into(), len.into());
        }
        out.insert("maxItems".into(), len.into());
        Value::Object(out)
    }

    /// `expr_for_struct`.
    fn struct_schema(
        &mut self,
        def: &TypeDef,
        fields: &[Field],
        args: &[Ty],
        container_default: FieldDefault,
        deny_unknown_fields: bool,
    ) -> Value {
        let mut schema = json!({"type": "object"});
        if deny_unknown_fields {
            schema["additionalProperties"] = Value::Bool(false);
        }
        let container_has_default = container_default != FieldDefault::None;
        // The first field that asks for the container's value is told why it has none.
        let mut container_asked = false;
        for field in fields {
            if !self.in_contract(field.skip_de, field.skip_ser) {
                continue;
            }
            let ty = self.field_ty(field, args);
            if field.flatten {
                let non_optional = match &field.schemars.schema_with {
                    Some(f) => {
                        let what = format!("{}.{}", def.rust_name, field.rust_name.clone().unwrap_or_default());
                        self.schema_with(f, &what, field.location.clone())
                    }
                    None => self.non_optional_json_schema(&ty),
                };
                let is_optional = self.field_is_option(field, &ty) && !field.schemars.required;
                let flat = private::flatten_schema(non_optional, is_optional);
                private::flatten(&mut schema, flat);
                continue;
            }
            let default = self.field_default(def, field, args, &mut container_asked);
            let sub = self.field_schema(def, field, args, false, default);
            let name = self.name_of(&field.ser_name, &field.de_name);
            let has_default = container_has_default || field.default != FieldDefault::None;
            let has_skip_if = field.skip_ser_if.is_some();
            let required_attr = field.schemars.required;
            let is_optional = if has_skip_if && has_default {
                true
            } else if !has_skip_if && !has_default && !required_attr {
                !self.is_serialize() && self.field_is_option(field, &ty)
            } else if !self.is_serialize() {
                has_default || (!required_attr && self.field_is_option(field, &ty))
            } else {
                has_skip_if
            };
            insert_object_property(&mut schema, &name, is_optional, sub);
        }
        schema
    }

    pub(super) fn enum_schema(&mut self, def: &TypeDef, variants: &[Variant], args: &[Ty]) -> Value {
        if variants.is_empty() {
            return Value::Bool(false);
        }
        let deny = def.serde.deny_unknown_fields;
        let tag = def.serde.tag.clone();
        let mut schemas: Vec<Value> = Vec::new();
        let mut unique = !matches!(tag, Tag::Untagged);
        if variants.iter().any(|v| v.untagged) {
            unique = false;
        }
        match &tag {
            Tag::External => {
                let (units, complex): (Vec<&Variant>, Vec<&Variant>) =
                    variants.iter().partition(|v| v.style == Style::Unit && variant_attrs_default(v) && !v.untagged);
                let names: Vec<Value> = units
                    .iter()
                    .filter(|v| self.in_contract(v.skip_de, v.skip_ser))
                    .map(|v| Value::String(self.name_of(&v.ser_name, &v.de_name)))
                    .collect();
                let unit_schema = json!({"type": "string", "enum": names});
                if complex.is_empty() {
                    return unit_schema;
                }
                if !units.is_empty() {
                    schemas.push(unit_schema);
                }
                for v in complex {
                    if !self.in_contract(v.skip_de, v.skip_ser) {
                        continue;
                    }
                    if v.untagged {
                        let s = self.untagged_variant(def, v, args, deny, true);
                        schemas.push(s);
                        continue;
                    }
                    let name = self.name_of(&v.ser_name, &v.de_name);
                    let mut s = if v.style == Style::Unit && !has_with(&v.schemars) {
                        json!({"type": "string", "const": name})
                    } else {
                        let content = self.untagged_variant(def, v, args, deny, false);
                        json!({
                            "type": "object",
                            "properties": { name.clone(): content },
                            "required": [name],
                            "additionalProperties": false,
                        })
                    };
                    self.variant_mutators(def, v, &mut s);
                    schemas.push(s);
                }
            }
            Tag::Untagged => {
                for v in variants {
                    if self.in_contract(v.skip_de, v.skip_ser) {
                        let s = self.untagged_variant(def, v, args, deny, true);
                        schemas.push(s);
                    }
                }
            }
            Tag::Internal(tag_name) => {
                for v in variants {
                    if !self.in_contract(v.skip_de, v.skip_ser) {
                        continue;
                    }
                    if v.untagged {
                        let s = self.untagged_variant(def, v, args, deny, true);
                        schemas.push(s);
                        continue;
                    }
                    let mut s = self.internal_variant(def, v, args, deny);
                    let name = self.name_of(&v.ser_name, &v.de_name);
                    apply_internal_tag(&mut s, tag_name, &name, deny);
                    self.variant_mutators(def, v, &mut s);
                    schemas.push(s);
                }
            }
            Tag::Adjacent(tag_name, content_name) => {
                for v in variants {
                    if !self.in_contract(v.skip_de, v.skip_ser) {
                        continue;
                    }
                    if v.untagged {
                        let s = self.untagged_variant(def, v, args, deny, true);
                        schemas.push(s);
                        continue;
                    }
                    let content = if v.style == Style::Unit && !has_with(&v.schemars) {
                        None
                    } else {
                        Some(self.untagged_variant(def, v, args, deny, false))
                    };
                    let name = self.name_of(&v.ser_name, &v.de_name);
                    let mut properties = serde_json::Map::new();
                    properties.insert(tag_name.clone(), json!({"type": "string", "const": name}));
                    let mut required = vec![Value::String(tag_name.clone())];
                    if let Some(c) = content {
                        properties.insert(content_name.clone(), c);
                        required.push(Value::String(content_name.clone()));
                    }
                    let mut s = json!({"type": "object", "properties": properties, "required": required});
                    if deny {
                        s["additionalProperties"] = Value::Bool(false);
                    }
                    self.variant_mutators(def, v, &mut s);
                    schemas.push(s);
                }
            }
        }
        let keyword = if unique { "oneOf" } else { "anyOf" };
        json!({ keyword: schemas })
    }

    pub(super) fn variant_mutators(&mut self, def: &TypeDef, v: &Variant, schema: &mut Value) {
        let what = format!("{}::{}", def.rust_name, v.rust_name);
        for o in &v.schemars.opaque {
            self.opaque_at(format!("`{what}`: `{o}` cannot be evaluated"), Some(v.location.clone()));
        }
        self.apply_common(schema, &v.docs, &v.schemars, v.deprecated);
        self.apply_post(schema, &v.schemars, &what, &def.qualified_path());
    }

    /// `expr_for_untagged_enum_variant`: the variant's content (with the variant's metadata
    /// when it really is untagged).
    pub(super) fn untagged_variant(
        &mut self,
        def: &TypeDef,
        v: &Variant,
        args: &[Ty],
        deny: bool,
        actually_untagged: bool,
    ) -> Value {
        let mut schema = if let Some(f) = &v.schemars.schema_with {
            let what = format!("{}::{}", def.rust_name, v.rust_name);
            self.schema_with(f, &what, v.location.clone())
        } else if let Some(with) = &v.schemars.with {
            self.subschema_for(&substitute(with, args))
        } else {
            match v.style {
                Style::Unit => self.subschema_for(&Ty::Unit),
                Style::Newtype => self.field_schema(def, &v.fields[0], args, false, None),
                Style::Tuple => self.tuple_schema(def, &v.fields, args),
                Style::Struct => self.struct_schema(def, &v.fields, args, FieldDefault::None, deny),
            }
        };
        if actually_untagged {
            self.variant_mutators(def, v, &mut schema);
        }
        schema
    }

    /// `expr_for_internal_tagged_enum_variant`.
    fn internal_variant(&mut self, def: &TypeDef, v: &Variant, args: &[Ty], deny: bool) -> Value {
        if let Some(f) = &v.schemars.schema_with {
            let what = format!("{}::{}", def.rust_name, v.rust_name);
            return self.schema_with(f, &what, v.location.clone());
        }
        if let Some(with) = &v.schemars.with {
            return self.json_schema(&substitute(with, args));
        }
        match v.style {
            Style::Unit => self.subschema_for(&Ty::Unit),
            Style::Newtype => self.field_schema(def, &v.fields[0], args, true, None),
            Style::Tuple => self.tuple_schema(def, &v.fields, args),
            Style::Struct => self.struct_schema(def, &v.fields, args, FieldDefault::None, deny),
        }
    }

    /// `#[derive(JsonSchema_repr)]`: the discriminants as integers.
    fn repr_schema(&mut self, values: &Opt<Vec<i128>>) -> Value {
        match values {
            Opt::Known(values) => {
                let values: Vec<Value> = values
                    .iter()
                    .map(|n| serde_json::Number::from_i128(*n).map(Value::Number).unwrap_or(Value::Null))
                    .collect();
                json!({"type": "integer", "enum": values})
            }
            Opt::Opaque(why) => {
                self.opaque(why.clone());
                Value::Bool(true)
            }
            Opt::Absent => Value::Bool(true),
        }
    }

    /// The serialised default of a field, when schemars shows one (evaluated while lowering, see
    /// [`crate::model::FieldDefaultValue`]): a default only known at runtime makes the schema
    /// opaque at the field, one the CLI cannot evaluate is an error. `container_asked`: whether
    /// a field before this one asked for the container's value.
    pub(super) fn field_default(
        &mut self,
        def: &TypeDef,
        field: &Field,
        args: &[Ty],
        container_asked: &mut bool,
    ) -> Option<Value> {
        match &field.default_value {
            FieldDefaultValue::Own(shown) => self.show(shown, field),
            FieldDefaultValue::FromContainer => {
                let first = !std::mem::replace(container_asked, true);
                let container = def.container_defaults_for(args)?;
                match &container.fields {
                    Err(why) if first => self.show(why, field),
                    Err(_) => None,
                    Ok(values) => {
                        let Body::Struct { fields, .. } = &def.body else { return None };
                        let i = fields.iter().position(|d| std::ptr::eq(d, field))?;
                        self.show(values.get(i)?, field)
                    }
                }
            }
        }
    }

    /// A value evaluated while lowering: known, or the finding it makes at `field`.
    fn show(&mut self, shown: &Shown, field: &Field) -> Option<Value> {
        match shown {
            Shown::Value(Opt::Known(v)) => Some(v.clone()),
            Shown::Value(Opt::Absent) => None,
            Shown::Value(Opt::Opaque(why)) => {
                // At the field whose default it is, not at the tool.
                self.opaque_at(why.clone(), Some(field.location.clone()));
                None
            }
            Shown::Error(d) => {
                self.report(d);
                None
            }
        }
    }
}
