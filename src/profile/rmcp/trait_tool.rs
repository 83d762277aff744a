//! A trait tool's entry (`impl ToolBase for T`, listed with `with_sync_tool::<T>()` and the
//! like): what its methods return, when they return something known.

use super::schemas::{self, SchemaKind};
use super::traits::{self, Opt, Override};
use super::{supply_help, type_text, Builder};
use crate::diagnostics::{Code, Diagnostic};
use crate::manifest::Tool;
use crate::model::Scope;

impl Builder<'_, '_> {
    /// A trait tool (`impl ToolBase for T`).
    pub(super) fn trait_tool(&mut self, i: usize) -> Option<(String, Tool)> {
        let imp = &self.index.impls[i];
        let written_in = Scope::without_generics(imp.krate, imp.module);
        let loc = self.index.impl_location(i);
        let t = traits::read(imp.imp, self.ws, &written_in);
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
        let input = match (self.tool_override(&name, SchemaKind::Input), t.input_schema) {
            (Some(given), _) => Some(given),
            (None, Override::Nothing) => Some(schemas::empty_input(&self.behaviour)),
            (None, Override::Opaque) => {
                self.push(
                    Diagnostic::warning(
                        Code::Opaque,
                        format!("tool `{name}`: `input_schema()` is overridden; inputSchema left out"),
                    )
                    .at(Some(loc.clone()))
                    .with_help(supply_help(&name, SchemaKind::Input)),
                );
                None
            }
            (None, Override::Default) => match t.parameter {
                Some(ty) => {
                    let written = format!("Parameters<{}>", type_text(ty));
                    let generated =
                        schemas::generate(&mut self.lowerer, &self.behaviour, SchemaKind::Input, ty, &scope, &written);
                    self.publish(&name, SchemaKind::Input, generated, &loc)
                }
                None => {
                    self.warn(
                        Code::Opaque,
                        format!("tool `{name}`: no `type Parameter` in its `ToolBase` impl; inputSchema left out"),
                        &loc,
                    );
                    None
                }
            },
        };
        let output = match (self.tool_override(&name, SchemaKind::Output), t.output_schema) {
            (Some(given), _) => Some(given),
            (None, Override::Nothing) => None,
            (None, Override::Opaque) => {
                self.push(
                    Diagnostic::warning(
                        Code::Opaque,
                        format!("tool `{name}`: `output_schema()` is overridden; outputSchema left out"),
                    )
                    .at(Some(loc.clone()))
                    .with_help(supply_help(&name, SchemaKind::Output)),
                );
                None
            }
            (None, Override::Default) => match t.output {
                Some(ty) => {
                    let written = format!("Json<{}>", type_text(ty));
                    let generated =
                        schemas::generate(&mut self.lowerer, &self.behaviour, SchemaKind::Output, ty, &scope, &written);
                    self.publish(&name, SchemaKind::Output, generated, &loc)
                }
                None => {
                    self.warn(
                        Code::Opaque,
                        format!("tool `{name}`: no `type Output` in its `ToolBase` impl; outputSchema left out"),
                        &loc,
                    );
                    None
                }
            },
        };
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
        let entry = self.assemble(&name, title, description, input, output, annotations, None, None, None);
        Some((name, entry))
    }
}
