//! What schemars_derive 0.8.22 generates where it differs from 1.x (`schema_exprs.rs`): one
//! schema for both serde sides, `required` as a sorted set, tuple items as an `items` array,
//! fields of tuples and newtypes without their docs, unit variants as one-value `enum`s,
//! internally tagged variants flattened into their tag's schema, and `Name_for_Arg` names.

use std::collections::{BTreeSet, HashSet};

use serde_json::{json, Map, Value};

use super::generator::Gen;
use super::v0_8;
use crate::diagnostics::{Code, Diagnostic};
use crate::model::{Body, Field, FieldDefault, Style, Tag, Ty, TypeDef, Variant};

/// Whether a variant's attributes are all schemars' defaults (`Attrs::is_default`): a doc that
/// gives neither title nor description (`///` alone) counts as none.
fn variant_is_plain(v: &Variant) -> bool {
    v0_8::title_and_description(&v.docs) == (None, None)
        && v.schemars.title.is_none()
        && v.schemars.description.is_none()
        && !v.deprecated
        && v.schemars.examples.is_empty()
        && v.schemars.with.is_none()
        && v.schemars.schema_with.is_none()
}

fn has_with(v: &Variant) -> bool {
    v.schemars.with.is_some() || v.schemars.schema_with.is_some()
}

impl Gen<'_> {
    /// `#[serde(transparent)]`: the first field's type stands for the container in everything.
    /// A chain of such containers that comes back to itself has no end: schemars 0.8 recurses
    /// until the server overflows its stack, which is an error here.
    pub(super) fn forwarded_0_8(&mut self, def: &TypeDef, args: &[Ty]) -> Option<Ty> {
        let ty = self.transparent_target(def, args)?;
        let mut next = ty.clone();
        for _ in 0..64 {
            let Ty::Named(id, next_args) = &next else { break };
            let next_def = self.def(*id);
            if std::ptr::eq(next_def, def) {
                self.report(
                    &Diagnostic::error(
                        Code::RmcpPanic,
                        format!(
                            "`{}` is `#[serde(transparent)]` over itself: schemars 0.8 asks its schema of itself until rmcp overflows its stack",
                            def.rust_name
                        ),
                    )
                    .at(Some(def.location.clone()))
                    .with_label("forwards its schema to itself"),
                );
                return None;
            }
            match self.transparent_target(next_def, next_args) {
                Some(t) => next = t,
                None => break,
            }
        }
        Some(ty)
    }

    fn transparent_target(&mut self, def: &TypeDef, args: &[Ty]) -> Option<Ty> {
        if !def.serde.transparent {
            return None;
        }
        let Body::Struct { fields, .. } = &def.body else { return None };
        let field = fields.first().filter(|f| f.schemars.schema_with.is_none())?;
        Some(self.field_ty(field, args))
    }

    /// The derive's `schema_name`: the (serde or schemars) name, with `_for_A_and_B` for the
    /// type parameters unless the container is renamed.
    pub(super) fn schema_name_0_8(&mut self, def: &TypeDef, args: &[Ty]) -> String {
        let renamed = def.schemars.rename.is_some() || def.serde.de_name != def.rust_name;
        let base = def.schemars.rename.clone().unwrap_or_else(|| def.serde.de_name.clone());
        if def.generics.is_empty() || renamed {
            return base;
        }
        let names: Vec<String> = args.iter().map(|a| self.schema_name(a)).collect();
        format!("{base}_for_{}", names.join("_and_"))
    }

    /// `expr_for_container` for the bodies whose schema differs from 1.x.
    pub(super) fn data_schema_0_8(&mut self, def: &TypeDef, args: &[Ty]) -> Option<Value> {
        Some(match &def.body {
            Body::Struct { style: Style::Newtype, fields } => self.plain_field_0_8(def, &fields[0], args, true),
            Body::Struct { style: Style::Tuple, fields } => self.tuple_0_8(def, fields, args),
            Body::Struct { style: Style::Struct, fields } => {
                let has_default = def.serde.default != FieldDefault::None;
                self.struct_0_8(def, fields, args, has_default, def.serde.deny_unknown_fields)
            }
            Body::Enum { variants } => self.enum_0_8(def, variants, args),
            _ => return None,
        })
    }

    /// `expr_for_field`: the field's schema with its validation keywords, but not its docs.
    fn plain_field_0_8(&mut self, def: &TypeDef, field: &Field, args: &[Ty], allow_ref: bool) -> Value {
        let ty = self.field_ty(field, args);
        let mut schema = if let Some(f) = &field.schemars.schema_with {
            let what = format!("{}.{}", def.rust_name, field.rust_name.clone().unwrap_or_default());
            self.schema_with(f, &what, field.location.clone())
        } else if field.schemars.required {
            self.non_optional_json_schema(&ty)
        } else if allow_ref {
            self.subschema_for(&ty)
        } else {
            self.json_schema(&ty)
        };
        self.apply_validations(&mut schema, &field.schemars.validations);
        schema
    }

    /// `expr_for_tuple_struct`.
    fn tuple_0_8(&mut self, def: &TypeDef, fields: &[Field], args: &[Ty]) -> Value {
        let items: Vec<Value> =
            fields.iter().filter(|f| !f.skip_de).map(|f| self.plain_field_0_8(def, f, args, true)).collect();
        let n = items.len();
        json!({"type": "array", "items": items, "maxItems": n, "minItems": n})
    }

    /// `expr_for_struct`: properties first, then the flattened fields merged in, in order.
    fn struct_0_8(
        &mut self,
        def: &TypeDef,
        fields: &[Field],
        args: &[Ty],
        container_has_default: bool,
        deny_unknown_fields: bool,
    ) -> Value {
        let mut object = Map::new();
        object.insert("type".into(), json!("object"));
        if deny_unknown_fields {
            object.insert("additionalProperties".into(), Value::Bool(false));
        }
        let mut properties = Map::new();
        let mut required = BTreeSet::new();
        let mut flattened = Vec::new();
        let mut container_asked = false;
        for field in fields.iter().filter(|f| !(f.skip_de && f.skip_ser)) {
            let ty = self.field_ty(field, args);
            if field.flatten {
                flattened.push(self.flattened_0_8(def, field, &ty));
                continue;
            }
            // `field_default_expr`: no default when skipped on serialization.
            let has_default = !field.skip_ser && (field.default != FieldDefault::None || container_has_default);
            let default = if has_default { self.field_default(def, field, args, &mut container_asked) } else { None };
            let schema = self.field_schema(def, field, args, false, default);
            if !has_default && (field.schemars.required || !self.field_is_option(field, &ty)) {
                required.insert(field.de_name.clone());
            }
            properties.insert(field.de_name.clone(), schema);
        }
        if !properties.is_empty() {
            object.insert("properties".into(), Value::Object(properties));
        }
        if !required.is_empty() {
            object.insert("required".into(), json!(required));
        }
        flattened.into_iter().fold(Value::Object(object), v0_8::flatten)
    }

    /// `json_schema_for_flatten`: an optional flattened field requires none of its keys.
    fn flattened_0_8(&mut self, def: &TypeDef, field: &Field, ty: &Ty) -> Value {
        let mut schema = match &field.schemars.schema_with {
            Some(f) => {
                let what = format!("{}.{}", def.rust_name, field.rust_name.clone().unwrap_or_default());
                self.schema_with(f, &what, field.location.clone())
            }
            None => self.non_optional_json_schema(ty),
        };
        if self.field_is_option(field, ty) && !field.schemars.required {
            if let Some(o) = schema.as_object_mut() {
                o.remove("required");
            }
        }
        schema
    }

    /// `expr_for_enum`: variants skipped on deserialization are left out, whatever the tagging.
    fn enum_0_8(&mut self, def: &TypeDef, variants: &[Variant], args: &[Ty]) -> Value {
        let deny = def.serde.deny_unknown_fields;
        let variants: Vec<&Variant> = variants.iter().filter(|v| !v.skip_de).collect();
        let unique = variants.iter().map(|v| v.de_name.as_str()).collect::<HashSet<_>>().len() == variants.len();
        let mut schemas = Vec::new();
        match &def.serde.tag {
            Tag::External => {
                let (units, complex): (Vec<&Variant>, Vec<&Variant>) =
                    variants.iter().partition(|v| v.style == Style::Unit && variant_is_plain(v));
                let names: Vec<&str> = units.iter().map(|v| v.de_name.as_str()).collect();
                let unit_schema = json!({"type": "string", "enum": names});
                if complex.is_empty() {
                    return unit_schema;
                }
                if !units.is_empty() {
                    schemas.push(unit_schema);
                }
                for v in complex {
                    let name = v.de_name.clone();
                    let mut s = if v.style == Style::Unit && v.schemars.with.is_none() {
                        json!({"type": "string", "enum": [name]})
                    } else {
                        let content = self.variant_content_0_8(def, v, args, deny);
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
                    let mut s = self.variant_content_0_8(def, v, args, deny);
                    self.variant_mutators(def, v, &mut s);
                    schemas.push(s);
                }
                return json!({"anyOf": schemas});
            }
            Tag::Internal(tag) => {
                for v in variants {
                    let mut s = json!({
                        "type": "object",
                        "properties": { tag.clone(): {"type": "string", "enum": [v.de_name]} },
                        "required": [tag],
                    });
                    if deny {
                        s["additionalProperties"] = Value::Bool(false);
                    }
                    self.variant_mutators(def, v, &mut s);
                    if let Some(content) = self.variant_flattened_0_8(def, v, args, deny) {
                        s = v0_8::flatten(s, content);
                    }
                    schemas.push(s);
                }
            }
            Tag::Adjacent(tag, content_name) => {
                for v in variants {
                    let mut properties = Map::new();
                    properties.insert(tag.clone(), json!({"type": "string", "enum": [v.de_name]}));
                    let mut required = BTreeSet::from([tag.clone()]);
                    if !(v.style == Style::Unit && v.schemars.with.is_none()) {
                        properties.insert(content_name.clone(), self.variant_content_0_8(def, v, args, deny));
                        required.insert(content_name.clone());
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

    /// `expr_for_untagged_enum_variant`.
    fn variant_content_0_8(&mut self, def: &TypeDef, v: &Variant, args: &[Ty], deny: bool) -> Value {
        if has_with(v) {
            return self.untagged_variant(def, v, args, deny, false);
        }
        match v.style {
            Style::Unit => self.subschema_for(&Ty::Unit),
            Style::Newtype => self.plain_field_0_8(def, &v.fields[0], args, true),
            Style::Tuple => self.tuple_0_8(def, &v.fields, args),
            Style::Struct => self.struct_0_8(def, &v.fields, args, false, deny),
        }
    }

    /// `expr_for_untagged_enum_variant_for_flatten`: nothing for a unit variant, the newtype's
    /// own schema (not a reference).
    fn variant_flattened_0_8(&mut self, def: &TypeDef, v: &Variant, args: &[Ty], deny: bool) -> Option<Value> {
        if has_with(v) {
            return Some(self.untagged_variant(def, v, args, deny, false));
        }
        Some(match v.style {
            Style::Unit => return None,
            Style::Newtype => self.plain_field_0_8(def, &v.fields[0], args, false),
            Style::Tuple => self.tuple_0_8(def, &v.fields, args),
            Style::Struct => self.struct_0_8(def, &v.fields, args, false, deny),
        })
    }
}
