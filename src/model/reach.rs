//! Everything a schema of a root type can reach, lowered and evaluated before any schema is made:
//! each definition's traits (derived or hand-written `JsonSchema`, `Serialize`, `Default`), its
//! hand-written `impl JsonSchema` and `schema_with` fns read as literals, its `example` values,
//! its fields' own defaults, and the container defaults of every instantiation reached. The
//! schema flavours then read the [`super::Model`] alone.
//!
//! Failures are kept in the model (opaque with the reason, or the error diagnostic), not reported
//! here: a schema that uses the value reports them, as if it had evaluated it itself.

use syn::spanned::Spanned;

use super::defaults::{self, shown};
use super::{
    literal, Body, DefId, Field, FieldDefault, FieldDefaultValue, JsonSchemaImpl, Lowerer, Opt, SchemarsAttrs, Scope,
    Shown, Traits, Ty, TypeDef,
};
use crate::diagnostics::{Code, Diagnostic};
use crate::source::impls::TypeKey;
use crate::source::ItemRef;

/// Types nested deeper than this are not followed (the generator stops at half this depth: it
/// counts schemas, this counts every type node).
const MAX_WALK_DEPTH: usize = 256;

/// A generic type instantiated with arguments of more type nodes than this is not followed: its
/// fields instantiate it with ever larger ones (`G<T>` holding `G<(T, T)>`), which rustc refuses.
pub const MAX_INSTANCE_SIZE: usize = 4096;

impl Lowerer<'_, '_> {
    /// Lower a type written in `scope`, and everything its schema can reach (see the module doc).
    pub fn lower_reachable(&mut self, ty: &syn::Type, scope: &Scope) -> Ty {
        let lowered = self.lower(ty, scope);
        self.complete_reachable(&lowered);
        lowered
    }

    /// Complete what a schema of the lowered type `root` reaches.
    pub fn complete_reachable(&mut self, root: &Ty) {
        self.complete_defs();
        self.follow_instances(root, 0);
        // Evaluating container defaults may have lowered more types.
        self.complete_defs();
    }

    /// Every definition lowered since the last call, completed (evaluation may lower more). The
    /// traits of a batch come first: a field's default needs to know whether its type is
    /// `Serialize`, and the types of a definition's fields were lowered with it.
    fn complete_defs(&mut self) {
        while self.reached.done < self.model.defs.len() {
            let batch = self.reached.done..self.model.defs.len();
            self.reached.done = batch.end;
            for id in batch.clone().map(DefId) {
                let traits = self.traits_of(id);
                self.model.def_mut(id).traits = traits;
            }
            for id in batch.map(DefId) {
                self.read_schema_fns(id);
                self.evaluate_examples(id);
                self.own_defaults(id);
            }
        }
    }

    /// The traits of a definition, from its derives and the workspace's impl blocks.
    fn traits_of(&mut self, id: DefId) -> Traits {
        let item = self.model.def(id).item;
        let impls = self.rs.impls();
        let derives = &self.beside[id.0].derives;
        let (derived, repr) = (derives.names("JsonSchema"), derives.names("JsonSchema_repr"));
        let (serialize, default) = (derives.names_plainly("Serialize"), derives.names_plainly("Default"));
        let hand_written = |name: &str| impls.trait_impl(&TypeKey::Item(item), name).map(|i| impls.impls[i].item);
        let json_schema = if derived {
            JsonSchemaImpl::Derived
        } else if repr {
            JsonSchemaImpl::Repr(self.discriminants(id))
        } else {
            match hand_written("JsonSchema") {
                Some(imp) => JsonSchemaImpl::HandWritten {
                    literal: literal::hand_written(self, imp).map(Box::new),
                    location: self.impl_location(imp),
                },
                None => JsonSchemaImpl::None,
            }
        };
        let own_serialize = if serialize { None } else { hand_written("Serialize").map(|imp| self.own_serialize(imp)) };
        let serialize = serialize || own_serialize.is_some();
        let default = default || hand_written("Default").is_some();
        Traits { json_schema, serialize, own_serialize, default }
    }

    /// What the hand-written `impl Serialize` `imp` does: `collect_str` (its `Display`), or other code.
    fn own_serialize(&self, imp: ItemRef) -> super::OwnSerialize {
        let ws = self.ws();
        let syn::Item::Impl(i) = ws.item(imp) else { return super::OwnSerialize::Custom };
        let collects = ws.impl_items(imp.krate, imp.module, i).iter().any(|it| match it {
            syn::ImplItem::Fn(f) if f.sig.ident == "serialize" => {
                ws.block_mentions(imp.krate, imp.module, &f.block, "collect_str")
            }
            _ => false,
        });
        if collects {
            super::OwnSerialize::CollectStr
        } else {
            super::OwnSerialize::Custom
        }
    }

    /// Where an impl's `for Type` is written.
    fn impl_location(&self, imp: ItemRef) -> Option<crate::diagnostics::Location> {
        let syn::Item::Impl(i) = self.ws().item(imp) else { return None };
        Some(self.location(imp.krate, imp.module, i.self_ty.span()))
    }

    /// `#[derive(JsonSchema_repr)]`: the discriminants of the enum's variants, in order.
    fn discriminants(&mut self, id: DefId) -> Opt<Vec<i128>> {
        let def = self.model.def(id);
        let (item, scope, name) = (def.item, def.scope(), def.rust_name.clone());
        let ws = self.ws();
        let syn::Item::Enum(e) = ws.item(item) else { return Opt::Absent };
        let mut values = Vec::new();
        let mut next: i128 = 0;
        for v in &e.variants {
            if let Some((_, expr)) = &v.discriminant {
                match self.evaluator().discriminant(expr, scope.clone()) {
                    Ok(n) => next = n,
                    Err(_) => {
                        return Opt::Opaque(format!(
                            "`{name}::{}` has a discriminant that cannot be evaluated",
                            v.ident
                        ))
                    }
                }
            }
            values.push(next);
            next += 1;
        }
        Opt::Known(values)
    }

    /// The `schema_with` fns of the definition, its fields and variants, read as literals (all
    /// read first, then written: reading one may lower more types).
    fn read_schema_fns(&mut self, id: DefId) {
        let def = self.model.shared(id);
        if !attr_sites(&def).iter().any(|a| a.schema_with.is_some()) {
            return;
        }
        let scope = def.scope();
        let read: Vec<Option<Opt<serde_json::Value>>> =
            attr_sites(&def).iter().map(|a| a.schema_with.as_ref().map(|f| self.schema_fn(&f.path, &scope))).collect();
        drop(def);
        for (attrs, schema) in attr_sites_mut(self.model.def_mut(id)).into_iter().zip(read) {
            if let (Some(f), Some(schema)) = (&mut attrs.schema_with, schema) {
                f.schema = schema;
            }
        }
    }

    /// The schema a `schema_with = "path"` fn written in `scope` returns, read once per path and
    /// module.
    fn schema_fn(&mut self, path: &str, scope: &Scope) -> Opt<serde_json::Value> {
        let key = (path.to_owned(), scope.krate, scope.module.0);
        if let Some(known) = self.reached.schema_fns.get(&key) {
            return known.clone();
        }
        let read = match literal::schema_fn(self, path, scope) {
            Ok(v) => Opt::Known(v),
            Err(why) => Opt::Opaque(why),
        };
        self.reached.schema_fns.insert(key, read.clone());
        read
    }

    /// The `example = expr` values of the definition, its fields and variants (their expressions
    /// were kept beside it when it was lowered; the model holds a placeholder each until now).
    fn evaluate_examples(&mut self, id: DefId) {
        let written = std::mem::take(&mut self.beside[id.0].examples);
        if written.is_empty() {
            return;
        }
        let def = self.model.shared(id);
        let scope = def.scope();
        let sites = site_names(&def);
        drop(def);
        let values: Vec<Vec<Shown>> = written
            .iter()
            .zip(&sites)
            .map(|(exprs, site)| {
                use crate::options::{value_key, value_line, ValueKind};
                if exprs.is_empty() {
                    return Vec::new();
                }
                // The configuration supplies the site's `examples` (`Type.field.examples`).
                if let Some(serde_json::Value::Array(given)) = self.given_value(&value_key(site, ValueKind::Examples)) {
                    return given.into_iter().map(|v| Shown::Value(Opt::Known(v))).collect();
                }
                let what = format!("an `example` value of `{site}`");
                let mut values: Vec<Shown> =
                    exprs.iter().map(|e| shown(defaults::example(self, e, &scope, &what).map(Some))).collect();
                for v in &mut values {
                    if let Shown::Error(d) = v {
                        let line = value_line(site, ValueKind::Examples);
                        d.help = Some(format!(
                            "{line}; or write the value in what the CLI evaluates (`mcp-schema explain default-not-evaluable`)"
                        ));
                    }
                }
                values
            })
            .collect();
        for (attrs, values) in attr_sites_mut(self.model.def_mut(id)).into_iter().zip(values) {
            attrs.examples = values;
        }
    }

    /// The defaults the fields of the definition show from their own type or fn (those from the
    /// container depend on the instantiation: [`Lowerer::container_defaults`]).
    fn own_defaults(&mut self, id: DefId) {
        let def = self.model.shared(id);
        if !has_defaults(&def) {
            return;
        }
        let container = &def.serde.default;
        let mut values: Vec<FieldDefaultValue> = Vec::new();
        match &def.body {
            Body::Struct { fields, .. } => {
                values.extend(fields.iter().map(|f| defaults::field_default_value(self, &def, f, container)));
            }
            Body::Enum { variants } => {
                for v in variants {
                    let none = FieldDefault::None;
                    values.extend(v.fields.iter().map(|f| defaults::field_default_value(self, &def, f, &none)));
                }
            }
            Body::Unsupported(_) => {}
        }
        drop(def);
        let mut values = values.into_iter();
        match &mut self.model.def_mut(id).body {
            Body::Struct { fields, .. } => {
                fields.iter_mut().for_each(|f| f.default_value = values.next().expect("one each"))
            }
            Body::Enum { variants } => variants
                .iter_mut()
                .flat_map(|v| v.fields.iter_mut())
                .for_each(|f| f.default_value = values.next().expect("one each")),
            Body::Unsupported(_) => {}
        }
    }

    /// Follow the instantiations `ty` reaches, evaluating the container defaults of each.
    fn follow_instances(&mut self, ty: &Ty, depth: usize) {
        if depth > MAX_WALK_DEPTH {
            return;
        }
        match ty {
            Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => self.follow_instances(t, depth + 1),
            Ty::Map(k, v) => {
                self.follow_instances(k, depth + 1);
                self.follow_instances(v, depth + 1);
            }
            Ty::Tuple(ts) => ts.iter().for_each(|t| self.follow_instances(t, depth + 1)),
            Ty::Named(id, args) => {
                if ty.size_up_to(MAX_INSTANCE_SIZE) >= MAX_INSTANCE_SIZE {
                    // A generic type whose fields instantiate it with a larger argument
                    // (`G<T>` holding a `G<(T, T)>`) grows without end: rustc refuses it too.
                    return self.instance_too_large(*id);
                }
                let seen = self.reached.instances.entry(*id).or_default();
                if seen.contains(args) {
                    return;
                }
                seen.push(args.clone());
                args.iter().for_each(|t| self.follow_instances(t, depth + 1));
                if self.model.def(*id).serde.default != FieldDefault::None {
                    let computed = defaults::container_defaults(self, *id, args);
                    self.model.def_mut(*id).container_defaults.push(computed);
                }
                for t in types_in(self.model.def(*id), args) {
                    self.follow_instances(&t, depth + 1);
                }
            }
            _ => {}
        }
    }
}

impl Lowerer<'_, '_> {
    /// `def` instantiated with arguments past [`MAX_INSTANCE_SIZE`] nodes: an error at its name, once.
    fn instance_too_large(&mut self, id: DefId) {
        let def = self.model.def(id);
        let message = format!(
            "generic type `{}` is instantiated with ever larger arguments, past {MAX_INSTANCE_SIZE} type nodes",
            def.rust_name
        );
        if self.diagnostics.iter().any(|d| d.message == message) {
            return;
        }
        let d = Diagnostic::error(Code::TypeTooLarge, message).at(Some(def.location.clone())).with_help(
            "a field instantiates the type with a larger argument than its own (`G<T>` holding `G<(T, T)>`); \
             rustc refuses it too (recursion limit while instantiating)",
        );
        self.diagnostics.push(d);
    }
}

/// The types a schema of `def` instantiated with `args` can reach directly.
fn types_in(def: &TypeDef, args: &[Ty]) -> Vec<Ty> {
    let mut out = Vec::new();
    let attrs = |a: &SchemarsAttrs, out: &mut Vec<Ty>| out.extend(a.with.iter().map(|t| super::substitute(t, args)));
    attrs(&def.schemars, &mut out);
    for t in [&def.serde.from, &def.serde.try_from, &def.serde.into].into_iter().flatten() {
        out.push(super::substitute(t, args));
    }
    let field = |f: &Field, out: &mut Vec<Ty>| {
        out.push(super::substitute(&f.ty, args));
        attrs(&f.schemars, out);
    };
    match &def.body {
        Body::Struct { fields, .. } => fields.iter().for_each(|f| field(f, &mut out)),
        Body::Enum { variants } => {
            for v in variants {
                attrs(&v.schemars, &mut out);
                v.fields.iter().for_each(|f| field(f, &mut out));
            }
        }
        Body::Unsupported(_) => {}
    }
    // A hand-written impl that hands its schema to other types (their `$defs` entries, their
    // defaults): never generic, so the types need no substitution.
    if let JsonSchemaImpl::HandWritten { literal: Ok(h), .. } = &def.traits.json_schema {
        out.extend(h.delegates().into_iter().cloned());
    }
    out
}

/// The schemars attributes of a definition, in source order: its own, then each field (a
/// struct), or each variant followed by its fields (an enum).
fn attr_sites(def: &TypeDef) -> Vec<&SchemarsAttrs> {
    let mut out = vec![&def.schemars];
    match &def.body {
        Body::Struct { fields, .. } => out.extend(fields.iter().map(|f| &f.schemars)),
        Body::Enum { variants } => {
            for v in variants {
                out.push(&v.schemars);
                out.extend(v.fields.iter().map(|f| &f.schemars));
            }
        }
        Body::Unsupported(_) => {}
    }
    out
}

/// [`attr_sites`], to fill in.
fn attr_sites_mut(def: &mut TypeDef) -> Vec<&mut SchemarsAttrs> {
    let mut out = vec![&mut def.schemars];
    match &mut def.body {
        Body::Struct { fields, .. } => out.extend(fields.iter_mut().map(|f| &mut f.schemars)),
        Body::Enum { variants } => {
            for v in variants {
                out.push(&mut v.schemars);
                out.extend(v.fields.iter_mut().map(|f| &mut f.schemars));
            }
        }
        Body::Unsupported(_) => {}
    }
    out
}

/// What each of [`attr_sites`] is called in messages: `Type`, `Type.field`, `Type::Variant`.
fn site_names(def: &TypeDef) -> Vec<String> {
    let name = &def.rust_name;
    let field = |f: &Field| format!("{name}.{}", field_name(f));
    let mut out = vec![name.clone()];
    match &def.body {
        Body::Struct { fields, .. } => out.extend(fields.iter().map(field)),
        Body::Enum { variants } => {
            for v in variants {
                out.push(format!("{name}::{}", v.rust_name));
                out.extend(v.fields.iter().map(field));
            }
        }
        Body::Unsupported(_) => {}
    }
    out
}

fn field_name(f: &Field) -> String {
    f.rust_name.clone().unwrap_or_default()
}

/// Whether the definition or a field has a serde `default`.
fn has_defaults(def: &TypeDef) -> bool {
    def.serde.default != FieldDefault::None
        || match &def.body {
            Body::Struct { fields, .. } => fields.iter().any(|f| f.default != FieldDefault::None),
            Body::Enum { variants } => {
                variants.iter().flat_map(|v| v.fields.iter()).any(|f| f.default != FieldDefault::None)
            }
            Body::Unsupported(_) => false,
        }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::model::Part;
    use crate::schema::schemars::{root_schema, Contract, Dialect, Settings};
    use crate::source::ModuleId;

    const SETTINGS: Settings =
        Settings { contract: Contract::Deserialize, dialect: Dialect::Draft2020_12, nullable: false, schemars08: None };

    /// Load `src` as a crate, lower `roots` with everything they reach, and hand the lowerer to `check`.
    fn reached(src: &str, roots: &[&str], check: impl FnOnce(&mut Lowerer, Vec<Ty>)) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, src).expect("write source");
        let ws = crate::source::load(&[path], &[]).expect("sources load");
        let rs = crate::model::Resolver::new(&ws);
        let mut lw = Lowerer::new(&rs);
        let scope = Scope::without_generics(0, ModuleId(0));
        let tys = roots.iter().map(|t| lw.lower_reachable(&syn::parse_str(t).expect("a type"), &scope)).collect();
        check(&mut lw, tys);
    }

    fn def<'m>(lw: &'m Lowerer, name: &str) -> &'m TypeDef {
        lw.model.defs.iter().find(|d| d.rust_name == name).expect("lowered")
    }

    fn fields(def: &TypeDef) -> &[Field] {
        match &def.body {
            Body::Struct { fields, .. } => fields,
            _ => panic!("a struct"),
        }
    }

    #[test]
    fn traits_with_types_and_schema_fns_are_in_the_model() {
        let src = r#"
            fn ints(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "integer"}) }
            fn later(g: &mut SchemaGenerator) -> Schema { g.subschema_for::<u8>() }
            #[derive(Deserialize, Serialize, JsonSchema)]
            pub struct P<T> {
                #[schemars(with = "Vec<T>")] pub a: T,
                #[schemars(schema_with = "ints")] pub b: String,
                #[schemars(schema_with = "later")] pub c: String,
                pub d: Level,
                pub e: Id,
            }
            #[derive(Deserialize, JsonSchema_repr)] #[repr(u8)] pub enum Level { Low = 1, High = 1 + 4 }
            pub struct Id(String);
            impl JsonSchema for Id {
                fn schema_name() -> Cow<'static, str> { "Ident".into() }
                fn json_schema(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "string"}) }
            }
            impl Serialize for Id { fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> { todo!() } }
        "#;
        reached(src, &["P<u8>"], |lw, _| {
            let p = def(lw, "P");
            assert!(matches!(p.traits.json_schema, JsonSchemaImpl::Derived) && p.traits.serialize);
            let f = fields(p);
            assert_eq!(f[0].schemars.with, Some(Ty::Seq(Box::new(Ty::Param(0)))));
            let schema_fn = |i: usize| f[i].schemars.schema_with.clone().expect("a schema fn").schema;
            assert_eq!(schema_fn(1), Opt::Known(json!({"type": "integer"})));
            assert!(matches!(schema_fn(2), Opt::Opaque(why) if why.contains("uses its generator")));
            let level = def(lw, "Level");
            assert!(matches!(&level.traits.json_schema, JsonSchemaImpl::Repr(Opt::Known(v)) if *v == [1, 5]));
            let id = def(lw, "Id");
            assert!(id.traits.serialize);
            // Its own `impl Serialize` writes its values (not `collect_str`): the CLI runs none.
            assert_eq!(id.traits.own_serialize, Some(crate::model::OwnSerialize::Custom));
            assert_eq!(p.traits.own_serialize, None);
            match &id.traits.json_schema {
                JsonSchemaImpl::HandWritten { literal: Ok(h), location } => {
                    assert_eq!((&h.name, &h.id), (&Part::Literal("Ident".into()), &None));
                    assert!(location.is_some());
                }
                other => panic!("{other:?}"),
            }
        });
    }

    #[test]
    fn defaults_and_examples_are_values_or_why_not() {
        let src = r#"
            fn ten() -> u32 { 10 }
            fn opaque() -> u64 { std::process::id() as u64 }
            #[derive(Deserialize, Serialize, JsonSchema)]
            pub struct P {
                #[serde(default = "ten")] #[schemars(example = 2 + 3)] pub a: u32,
                #[serde(default = "opaque")] pub b: u64,
                pub c: Page<String>,
                pub d: Page<u8>,
            }
            #[derive(Default, Deserialize, Serialize, JsonSchema)]
            #[serde(default)]
            pub struct Page<T> { pub items: Vec<T>, pub size: u32 }
        "#;
        reached(src, &["P"], |lw, _| {
            let p = def(lw, "P");
            let f = fields(p);
            assert!(
                matches!(&f[0].default_value, FieldDefaultValue::Own(Shown::Value(Opt::Known(v))) if *v == json!(10))
            );
            assert!(matches!(&f[0].schemars.examples[..], [Shown::Value(Opt::Known(v))] if *v == json!(5)));
            assert!(matches!(&f[1].default_value, FieldDefaultValue::Own(Shown::Value(Opt::Opaque(_)))));
            let page = def(lw, "Page");
            assert!(page.traits.default);
            // A field of a parameter's type shows no default; the other takes the container's.
            assert!(matches!(fields(page)[0].default_value, FieldDefaultValue::Own(Shown::Value(Opt::Absent))));
            assert!(matches!(fields(page)[1].default_value, FieldDefaultValue::FromContainer));
            // One evaluation of the container per instantiation reached.
            assert_eq!(page.container_defaults.len(), 2);
            for c in &page.container_defaults {
                assert!(matches!(&c.fields, Ok(v) if matches!(&v[1], Shown::Value(Opt::Known(n)) if *n == json!(0))));
            }
        });
    }

    /// A default whose type serialises itself (`collect_str`, its `Display`) is an error at the
    /// field (the left-out group), never the derive's shape of the value.
    #[test]
    fn a_default_written_by_its_own_serialize_is_an_error() {
        let src = r#"
            #[derive(Clone, Copy)]
            pub struct Ver { pub major: u64 }
            impl Ver { pub const ONE: Ver = Ver { major: 1 }; }
            impl Serialize for Ver {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> { s.collect_str(self) }
            }
            impl JsonSchema for Ver {
                fn schema_name() -> Cow<'static, str> { "Ver".into() }
                fn json_schema(_: &mut SchemaGenerator) -> Schema { json_schema!({"type": "string"}) }
            }
            fn one() -> Ver { Ver::ONE }
            #[derive(Deserialize, Serialize, JsonSchema)]
            pub struct P { #[serde(default = "one")] pub v: Ver }
        "#;
        reached(src, &["P"], |lw, _| {
            assert_eq!(def(lw, "Ver").traits.own_serialize, Some(crate::model::OwnSerialize::CollectStr));
            match &fields(def(lw, "P"))[0].default_value {
                FieldDefaultValue::Own(Shown::Error(d)) => {
                    assert_eq!(d.code, crate::model::eval::DEFAULT_NOT_EVALUABLE);
                    assert_eq!(
                        d.message,
                        "the default of `P.v` cannot be evaluated: `Ver` is serialised by its own `impl Serialize` (through `serializer.collect_str(self)`, its `Display`), which the CLI does not run"
                    );
                }
                other => panic!("{other:?}"),
            }
        });
    }

    #[test]
    fn a_failure_is_reported_only_where_a_schema_shows_the_value() {
        let src = r#"
            fn broken() -> u32 { unknown_macro!() }
            #[derive(Deserialize, Serialize, JsonSchema)]
            pub struct P { pub a: u32, #[serde(skip_deserializing, default = "broken")] pub b: u32 }
        "#;
        reached(src, &["P"], |lw, tys| {
            assert!(matches!(fields(def(lw, "P"))[1].default_value, FieldDefaultValue::Own(Shown::Error(_))));
            let none = Default::default();
            // Parameters skip `b`: nothing is reported.
            let input = root_schema(&lw.model, &tys[0], &SETTINGS, &none, &lw.code());
            assert!(input.diagnostics.is_empty(), "{:?}", input.diagnostics);
            let output = root_schema(
                &lw.model,
                &tys[0],
                &Settings { contract: Contract::Serialize, ..SETTINGS },
                &none,
                &lw.code(),
            );
            assert_eq!(output.diagnostics.len(), 1);
            assert_eq!(output.diagnostics[0].code, crate::model::eval::DEFAULT_NOT_EVALUABLE);
        });
    }
}
