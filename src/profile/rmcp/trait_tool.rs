//! A trait tool's entry (`impl ToolBase for T`, listed with `with_sync_tool::<T>()` and the
//! like): what its methods return, when they return something known.

use serde_json::Value;

use super::schemas::{self, Side};
use super::traits::{self, Opt, Override};
use super::{supply_help, type_text, Builder};
use crate::diagnostics::{Code, Diagnostic, Location};
use crate::manifest::{Tool, ToolEntry};
use crate::model::Scope;

impl Builder<'_, '_> {
    /// A trait tool (`impl ToolBase for T`).
    pub(super) fn trait_tool(&mut self, i: usize) -> Option<(String, Tool)> {
        let imp = &self.index.impls[i];
        let written_in = Scope::without_generics(imp.krate, imp.module);
        let loc = self.index.impl_location(i);
        let t = traits::read(imp.imp, self.lowerer.rs, &written_in);
        let type_name = imp.self_name.clone();
        let name = match t.name {
            Opt::Known(n) => n,
            Opt::Absent | Opt::Opaque(_) => {
                self.warn(
                    Code::Opaque,
                    format!("trait tool `{type_name}`: its `name()` is only known at runtime; the tool is not listed"),
                    &loc,
                );
                return None;
            }
        };
        let known = |what: &str, v: Opt<String>, this: &mut Self| match v {
            Opt::Known(s) => Some(s),
            Opt::Absent => None,
            Opt::Opaque(why) => {
                this.warn(Code::Opaque, format!("tool `{name}`: `{what}()`: {why}; left out"), &loc);
                None
            }
        };
        let title = known("title", t.title, self);
        let description = known("description", t.description, self);
        let scope = Scope {
            krate: imp.krate,
            module: imp.module,
            generics: imp.imp.generics.type_params().map(|p| p.ident.to_string()).collect(),
        };
        let input = self.trait_schema(&name, &schemas::INPUT, t.input_schema, t.parameter, &scope, &loc);
        let output = self.trait_schema(&name, &schemas::OUTPUT, t.output_schema, t.output, &scope, &loc);
        let annotations = match t.annotations {
            Opt::Known(m) => Some(m),
            Opt::Absent => None,
            Opt::Opaque(why) => {
                self.warn(Code::Opaque, format!("tool `{name}`: {why}; annotations left out"), &loc);
                None
            }
        };
        if t.icons {
            self.warn(Code::Opaque, format!("tool `{name}`: `icons()` is overridden; icons left out"), &loc);
        }
        if t.meta {
            self.warn(Code::Opaque, format!("tool `{name}`: `meta()` is overridden; _meta left out"), &loc);
        }
        let entry =
            self.finish(ToolEntry { title, description, input, output, annotations, ..ToolEntry::named(&name) });
        Some((name, entry))
    }

    /// One of a trait tool's schemas: the config's, else what its `input_schema()` /
    /// `output_schema()` method gives, by default the schema of its associated type.
    fn trait_schema(
        &mut self,
        name: &str,
        side: &Side,
        method: Override,
        ty: Option<&syn::Type>,
        scope: &Scope,
        loc: &Location,
    ) -> Option<Value> {
        if let Some(given) = self.tool_override(name, side.kind) {
            return Some(given);
        }
        let key = side.kind.key();
        match (method, ty) {
            (Override::Nothing, _) => (side.without_type)(&self.behaviour),
            (Override::Opaque, _) => {
                self.push(
                    Diagnostic::warning(
                        Code::Opaque,
                        format!("tool `{name}`: `{}()` is overridden; {key} left out", side.kind.attribute_key()),
                    )
                    .at(Some(loc.clone()))
                    .with_help(supply_help(name, side.kind)),
                );
                None
            }
            (Override::Default, Some(ty)) => {
                let written = format!("{}<{}>", side.wrapper, type_text(ty));
                let generated = schemas::generate(&mut self.lowerer, &self.behaviour, side.kind, ty, scope, &written);
                self.publish(name, side.kind, generated, loc)
            }
            (Override::Default, None) => {
                self.warn(
                    Code::Opaque,
                    format!("tool `{name}`: no `type {}` in its `ToolBase` impl; {key} left out", side.associated_type),
                    loc,
                );
                None
            }
        }
    }
}
