//! What `#[derive(JsonSchema)]` generates for a struct or enum of ours (schemars_derive 1.2:
//! `expr_for_container` and friends), read from the IR: naming and identity, full
//! transparency, `with`/`from`/`into`, structs with `required` and defaults per contract,
//! tuple and unit structs, and every enum representation.

use std::collections::{BTreeSet, HashMap};

use serde_json::{json, Value};

use super::defaults;
use super::generator::Gen;
use super::literal::HandWritten;
use super::private::{self, apply_internal_tag, insert_object_property};
use crate::model::DefId;
use crate::model::{substitute, Body, Field, FieldDefault, Scope, Style, Tag, Ty, TypeDef, Variant};
use crate::source::impls::TypeKey;
use crate::source::ItemRef;

/// Facts about the crate's items looked up once per document.
#[derive(Default)]
pub struct Caches {
    /// Hand-written `impl JsonSchema`s read as literals (or why they cannot be).
    hand_written: HashMap<DefId, Option<Result<HandWritten, String>>>,
    /// `schema_with` fns by path and the module the path is written in.
    schema_fns: HashMap<(String, usize, usize), Result<Value, String>>,
}

/// The derives named on an item (last path segments), `cfg_attr` ones included.
pub fn derives(attrs: &[syn::Attribute]) -> Vec<String> {
    let mut out = Vec::new();
    for attr in attrs {
        collect_derives(&attr.meta, &mut out);
    }
    out
}

fn collect_derives(meta: &syn::Meta, out: &mut Vec<String>) {
    use syn::punctuated::Punctuated;
    let syn::Meta::List(list) = meta else { return };
    let name = list.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
    if name == "derive" {
        if let Ok(paths) = list.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated) {
            out.extend(paths.iter().filter_map(|p| p.segments.last().map(|s| s.ident.to_string())));
        }
    } else if name == "cfg_attr" {
        if let Ok(metas) = list.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated) {
            for m in metas.iter().skip(1) {
                collect_derives(m, out);
            }
        }
    }
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        _ => &[],
    }
}

/// The doc/title/description/… attributes schemars calls "common": when none is given a
/// `transparent`/`with` container forwards everything to the inner type.
pub fn common_is_default(docs: &[String], attrs: &crate::model::SchemarsAttrs, deprecated: bool) -> bool {
    docs.is_empty()
        && attrs.title.is_none()
        && attrs.description.is_none()
        && !deprecated
        && attrs.examples.is_empty()
        && attrs.extend.is_empty()
        && !attrs.transform
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

impl Gen<'_, '_> {
    pub fn def(&self, id: DefId) -> &TypeDef {
        self.lw.model.def(id)
    }

    /// Lower a type written in an attribute (`with = "T"`) where the definition is written.
    pub fn lower_in(&mut self, ty: &syn::Type, scope: &Scope, args: &[Ty]) -> Ty {
        let lowered = self.lw.lower(ty, scope);
        substitute(&lowered, args)
    }

    /// The type a fully transparent definition forwards everything to (name, identity,
    /// inlining, schema, optionality), if it is one.
    pub fn forwarded(&mut self, id: DefId, args: &[Ty]) -> Option<Ty> {
        if self.hand_written_of(id).is_some() {
            return None;
        }
        let def = self.def(id);
        if !common_is_default(&def.docs, &def.schemars, def.deprecated) {
            return None;
        }
        if let Some(with) = def.schemars.with.clone() {
            let scope = def.scope();
            return Some(self.lower_in(&with, &scope, args));
        }
        let field = serde_transparent_field(def)?;
        if !field_attrs_default(field) {
            return None;
        }
        Some(substitute(&field.ty, args))
    }

    pub fn named_schema_name(&mut self, id: DefId, args: &[Ty]) -> String {
        if let Some(Ok(h)) = self.hand_written_of(id) {
            return h.name;
        }
        if let Some(t) = self.forwarded(id, args) {
            return self.schema_name(&t);
        }
        let def = self.def(id);
        let generics = def.generics.clone();
        match def.schemars.rename.clone().filter(|r| r.contains('{')) {
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
        if let Some(Ok(h)) = self.hand_written_of(id) {
            return h.id;
        }
        if let Some(t) = self.forwarded(id, args) {
            return self.schema_id(&t);
        }
        let def = self.def(id);
        let krate = &self.lw.ws.crates[def.item.krate];
        let module = &krate.modules[def.item.module.0];
        let mut path = vec![krate.name.clone()];
        path.extend(module.path.iter().cloned());
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
        if let Some(Ok(h)) = self.hand_written_of(id) {
            return h.inline;
        }
        if let Some(t) = self.forwarded(id, args) {
            return self.inline_schema(&t);
        }
        self.def(id).schemars.inline
    }

    /// The hand-written `impl Trait for <def>` item, if any.
    pub fn impl_of(&mut self, id: DefId, trait_name: &str) -> Option<ItemRef> {
        let item = self.def(id).item;
        let impls = self.lw.impls();
        impls.trait_impl(&TypeKey::Item(item), trait_name).map(|i| impls.impls[i].item)
    }

    /// The hand-written `impl JsonSchema` of a type that does not derive it, read as literals
    /// (`Err`: why it is runtime-only); `None` when the type has none.
    pub fn hand_written_of(&mut self, id: DefId) -> Option<Result<HandWritten, String>> {
        if let Some(cached) = self.caches.hand_written.get(&id) {
            return cached.clone();
        }
        let item = self.def(id).item;
        let derived =
            derives(item_attrs(self.lw.ws.item(item))).iter().any(|d| d == "JsonSchema" || d == "JsonSchema_repr");
        let found = match self.impl_of(id, "JsonSchema") {
            Some(imp) if !derived => Some(self.hand_written(imp)),
            _ => None,
        };
        self.caches.hand_written.insert(id, found.clone());
        found
    }

    /// Where a type's `impl JsonSchema` is written (its `for Type`).
    fn impl_location(&mut self, id: DefId) -> Option<crate::diagnostics::Location> {
        let imp = self.impl_of(id, "JsonSchema")?;
        let syn::Item::Impl(i) = self.lw.ws.item(imp) else { return None };
        let span = syn::spanned::Spanned::span(&*i.self_ty);
        Some(self.lw.location(imp.krate, imp.module, span))
    }

    /// The schema of a `schema_with = "path"` fn written where `scope` is, or `true` and a
    /// runtime-only finding at `location` when its body is not a literal.
    pub fn schema_with(
        &mut self,
        path: &str,
        scope: &Scope,
        what: &str,
        location: crate::diagnostics::Location,
    ) -> Value {
        let key = (path.to_owned(), scope.krate, scope.module.0);
        let result = match self.caches.schema_fns.get(&key) {
            Some(r) => r.clone(),
            None => {
                let r = self.schema_with_value(path, scope);
                self.caches.schema_fns.insert(key, r.clone());
                r
            }
        };
        match result {
            Ok(v) => v,
            Err(why) => {
                self.opaque_at(format!("`{what}` uses `#[schemars(schema_with = \"{path}\")]`: {why}"), Some(location));
                Value::Bool(true)
            }
        }
    }

    /// `<T as JsonSchema>::json_schema` of a struct or enum of ours.
    pub fn named_json_schema(&mut self, id: DefId, args: &[Ty]) -> Value {
        if let Some(t) = self.forwarded(id, args) {
            return self.json_schema(&t);
        }
        let def = self.def(id).clone();
        let item_derives = derives(item_attrs(self.lw.ws.item(def.item)));
        match self.hand_written_of(id) {
            Some(Ok(h)) => return h.schema,
            Some(Err(why)) => {
                let location = self.impl_location(id).or_else(|| Some(def.location.clone()));
                let reason = format!("`{}` has a hand-written `impl JsonSchema`: {why}", def.rust_name);
                self.opaque_at(reason.clone(), location);
                let krate = &self.lw.ws.crates[def.item.krate];
                let mut path = vec![krate.name.clone()];
                path.extend(krate.module(def.item.module).path.iter().cloned());
                path.push(def.rust_name.clone());
                if let Some(o) = self.opaque.iter_mut().find(|o| o.reason == reason) {
                    o.type_path.get_or_insert(path.join("::"));
                }
                return Value::Bool(true);
            }
            None => {}
        }
        let scope = def.scope();
        for o in &def.schemars.opaque {
            self.opaque(format!("`{}`: `#[schemars({o})]` cannot be evaluated", def.rust_name));
        }
        if !def.serde.errors.is_empty() {
            self.opaque(format!("`{}`: serde rejects its attributes: {}", def.rust_name, def.serde.errors.join("; ")));
        }
        let mut schema =
            if item_derives.iter().any(|d| d == "JsonSchema_repr") && !item_derives.iter().any(|d| d == "JsonSchema") {
                self.repr_schema(&def)
            } else if let Some(path) = &def.schemars.schema_with {
                self.schema_with(path, &scope, &def.rust_name, def.location.clone())
            } else if let Some(with) = &def.schemars.with {
                let t = self.lower_in(with, &scope, args);
                self.json_schema(&t)
            } else if let Some(field) = serde_transparent_field(&def) {
                self.field_schema(&def, field, args, false, None)
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
                    _ => self.data_schema(&def, args),
                }
            };
        self.apply_common(&mut schema, &def.docs, &def.schemars, def.deprecated, &scope, &def.rust_name);
        self.apply_post(&mut schema, &def.schemars, &def.rust_name);
        schema
    }

    fn data_schema(&mut self, def: &TypeDef, args: &[Ty]) -> Value {
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
        match (skip_de, skip_ser) {
            (true, true) => false,
            (true, false) => self.is_serialize(),
            (false, true) => !self.is_serialize(),
            (false, false) => true,
        }
    }

    pub fn name_of(&self, ser: &str, de: &str) -> String {
        if self.is_serialize() {
            ser.to_owned()
        } else {
            de.to_owned()
        }
    }

    /// The type whose schema describes a field: its `with` type, else its own.
    pub fn field_ty(&mut self, def: &TypeDef, field: &Field, args: &[Ty]) -> Ty {
        match &field.schemars.with {
            Some(with) => {
                let scope = def.scope();
                self.lower_in(with, &scope, args)
            }
            None => substitute(&field.ty, args),
        }
    }

    /// `_schemars_private_is_option()` of the type standing for a field: a `schema_with` fn's
    /// stand-in type never is one, whatever the field's own type.
    fn field_is_option(&mut self, field: &Field, ty: &Ty) -> bool {
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
        let ty = self.field_ty(def, field, args);
        let mut schema = if let Some(path) = &field.schemars.schema_with {
            // schemars' stand-in type for the fn: inlined, never optional.
            let mut schema = self.schema_with(path, &def.scope(), &what, field.location.clone());
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
        let scope = def.scope();
        self.apply_common(&mut schema, &field.docs, &field.schemars, field.deprecated, &scope, &what);
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
        self.apply_post(&mut schema, &field.schemars, &what);
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
        let mut container_value = defaults::ContainerValue::default();
        for field in fields {
            if !self.in_contract(field.skip_de, field.skip_ser) {
                continue;
            }
            let ty = self.field_ty(def, field, args);
            if field.flatten {
                let non_optional = match &field.schemars.schema_with {
                    Some(path) => {
                        let what = format!("{}.{}", def.rust_name, field.rust_name.clone().unwrap_or_default());
                        self.schema_with(path, &def.scope(), &what, field.location.clone())
                    }
                    None => self.non_optional_json_schema(&ty),
                };
                let is_optional = self.field_is_option(field, &ty) && !field.schemars.required;
                let flat = private::flatten_schema(non_optional, is_optional);
                private::flatten(&mut schema, flat);
                continue;
            }
            let default = self.field_default(def, field, args, &container_default, &mut container_value);
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

    fn enum_schema(&mut self, def: &TypeDef, variants: &[Variant], args: &[Ty]) -> Value {
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

    fn variant_mutators(&mut self, def: &TypeDef, v: &Variant, schema: &mut Value) {
        let what = format!("{}::{}", def.rust_name, v.rust_name);
        for o in &v.schemars.opaque {
            self.opaque_at(format!("`{what}`: `{o}` cannot be evaluated"), Some(v.location.clone()));
        }
        let scope = def.scope();
        self.apply_common(schema, &v.docs, &v.schemars, v.deprecated, &scope, &what);
        self.apply_post(schema, &v.schemars, &what);
    }

    /// `expr_for_untagged_enum_variant`: the variant's content (with the variant's metadata
    /// when it really is untagged).
    fn untagged_variant(
        &mut self,
        def: &TypeDef,
        v: &Variant,
        args: &[Ty],
        deny: bool,
        actually_untagged: bool,
    ) -> Value {
        let mut schema = if let Some(path) = &v.schemars.schema_with {
            let what = format!("{}::{}", def.rust_name, v.rust_name);
            self.schema_with(path, &def.scope(), &what, v.location.clone())
        } else if let Some(with) = &v.schemars.with {
            let scope = def.scope();
            let t = self.lower_in(with, &scope, args);
            self.subschema_for(&t)
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
        if let Some(path) = &v.schemars.schema_with {
            let what = format!("{}::{}", def.rust_name, v.rust_name);
            return self.schema_with(path, &def.scope(), &what, v.location.clone());
        }
        if let Some(with) = &v.schemars.with {
            let scope = def.scope();
            let t = self.lower_in(with, &scope, args);
            return self.json_schema(&t);
        }
        match v.style {
            Style::Unit => self.subschema_for(&Ty::Unit),
            Style::Newtype => self.field_schema(def, &v.fields[0], args, true, None),
            Style::Tuple => self.tuple_schema(def, &v.fields, args),
            Style::Struct => self.struct_schema(def, &v.fields, args, FieldDefault::None, deny),
        }
    }

    /// `#[derive(JsonSchema_repr)]`: the discriminants as integers.
    fn repr_schema(&mut self, def: &TypeDef) -> Value {
        let syn::Item::Enum(e) = self.lw.ws.item(def.item) else { return Value::Bool(true) };
        let mut values = Vec::new();
        let mut next: i128 = 0;
        for v in &e.variants {
            if let Some((_, expr)) = &v.discriminant {
                match crate::model::eval::discriminant(self.lw, expr, def.scope()) {
                    Ok(n) => next = n,
                    Err(_) => {
                        self.opaque(format!(
                            "`{}::{}` has a discriminant that cannot be evaluated",
                            def.rust_name, v.ident
                        ));
                        return Value::Bool(true);
                    }
                }
            }
            values.push(serde_json::Number::from_i128(next).map(Value::Number).unwrap_or(Value::Null));
            next += 1;
        }
        json!({"type": "integer", "enum": values})
    }

    /// The serialised default of a field, when schemars shows one (see [`super::defaults`]): a
    /// default only known at runtime makes the schema opaque, one the CLI cannot evaluate is an
    /// error.
    fn field_default(
        &mut self,
        def: &TypeDef,
        field: &Field,
        args: &[Ty],
        container_default: &FieldDefault,
        container_value: &mut defaults::ContainerValue,
    ) -> Option<Value> {
        match defaults::field_default(self.lw, def, field, args, container_default, container_value) {
            Ok(v) => v,
            Err(defaults::NoDefault::Opaque(why)) => {
                // At the field whose default it is, not at the tool.
                self.opaque_at(why, Some(field.location.clone()));
                None
            }
            Err(defaults::NoDefault::Error(d)) => {
                defaults::report(self.lw, d);
                None
            }
        }
    }
}
