//! Why a schema could not be made, told apart by whose doing it is (issue "real servers"):
//!
//! * **our failure**: a type named by a path we cannot find in the crate (a typo, a module of
//!   ours without that item, a path dependency that was not read). An error at the type as
//!   written, with what to do about it.
//! * **runtime-only by design**: another crate's type from the registry (its first path segment
//!   is a dependency of Cargo.toml that is not a path dependency, or an extern crate we do not
//!   know), a std type we have no schema for, `schema_with` or a hand-written `impl JsonSchema`
//!   that is not a literal. A warning; the key is left out unless the config supplies it.

use crate::diagnostics::{Code, Diagnostic, Location, Severity};
use crate::model::{Origin, Unknown};
use crate::source::{ModuleId, Namespace, Resolved, Workspace};

/// One reason a schema is left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Gap {
    /// An error (our failure) rather than a warning (runtime-only).
    pub error: bool,
    pub code: Code,
    pub message: String,
    pub location: Option<Location>,
    pub label: &'static str,
    pub help: Option<String>,
}

impl Gap {
    /// The diagnostic that `tool`'s `key` (`inputSchema`) is left out for this reason, at its
    /// place or else `at`, with its help or else `help` (else the code's own): what every profile
    /// reports for a schema it could not make.
    pub fn left_out(self, tool: &str, key: &str, at: Option<&Location>, help: Option<String>) -> Diagnostic {
        let severity = if self.error { Severity::Error } else { Severity::Warning };
        let d = Diagnostic::left_out(severity, self.code, tool, key, &self.message);
        let d = d.at(self.location.or_else(|| at.cloned())).with_label(self.label);
        match self.help.or(help) {
            Some(help) => d.with_help(help),
            None => d,
        }
    }
}

/// What to tell the user for an unknown type.
pub fn classify(ws: &Workspace, u: &Unknown) -> Gap {
    let written = &u.written;
    let runtime = |message: String, help: Option<String>| Gap {
        error: false,
        code: Code::RegistryType,
        message,
        location: u.location.clone(),
        label: "no schema known",
        help,
    };
    let override_help = |path: &str| {
        Some(format!(
            "its schema exists only when the server runs; give it in the config's `schemas` table (`\"{path}\" = \"path/to/schema.json\"`)"
        ))
    };
    let Some(origin) = u.origin.as_ref().filter(|o| !o.segments.is_empty()) else {
        return runtime(format!("type `{written}` has no schema that can be read from the sources"), None);
    };
    match where_it_resolves(ws, origin) {
        Place::Ours(key) => Gap {
            error: true,
            code: Code::UnresolvedType,
            message: format!("type `{written}` cannot be found in the crate"),
            location: u.location.clone(),
            label: "not found",
            help: Some(format!(
                "check the spelling and the `use`; a type of another crate of the workspace is found when mcp-schema runs from the workspace root and that crate is a path dependency; or give its schema in the config's `schemas` table (`\"{key}\" = \"path/to/schema.json\"`)"
            )),
        },
        Place::PathDependency(dep, key) => Gap {
            error: true,
            code: Code::UnresolvedType,
            message: format!("type `{written}` is in the path dependency `{dep}`, which was not read"),
            location: u.location.clone(),
            label: "not read",
            help: Some(format!(
                "run mcp-schema from the workspace root so that `{dep}` is read too, or give the type's schema in the config's `schemas` table (`\"{key}\" = \"path/to/schema.json\"`)"
            )),
        },
        Place::Std(path) => runtime(
            format!("type `{written}` (`{path}`) has no schema mcp-schema knows"),
            override_help(&path),
        ),
        Place::Registry(dep, path) => runtime(
            format!("type `{written}` comes from the crate `{dep}`, whose sources are not read"),
            override_help(&path),
        ),
    }
}

/// Where a path that named no type of ours leads.
enum Place {
    /// Into the crate (or another crate of the workspace): we failed to find it. With the path
    /// a type override would be matched against.
    Ours(String),
    /// Into a path dependency that is not one of the crates read, with the full path.
    PathDependency(String, String),
    /// std, core or alloc, with the full path.
    Std(String),
    /// A registry crate (or an extern crate we cannot place), with the full path.
    Registry(String, String),
}

fn where_it_resolves(ws: &Workspace, origin: &Origin) -> Place {
    let segs = &origin.segments;
    let (krate, module) = (origin.krate, origin.module);
    let resolved = ws.resolve(krate, module, segs, Namespace::Type);
    let Resolved::External(ext) = resolved else { return Place::Ours(segs.join("::")) };
    let ext: Vec<&String> = ext.iter().filter(|s| !s.is_empty()).collect();
    let full = ext.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("::");
    if matches!(segs[0].as_str(), "crate" | "self" | "super") {
        return Place::Ours(full);
    }
    // A name imported by a `use` that goes into the crate or the workspace found nothing there.
    if segs.len() == 1 && imported_from_ours(ws, krate, module, &segs[0]) {
        return Place::Ours(full);
    }
    // The first segment as written: a module or type of ours means the path went through the
    // crate and found nothing.
    if segs.len() > 1 && segs[0].is_empty() {
        // `::name::…`: an extern crate.
    } else if segs.len() > 1
        && matches!(ws.resolve(krate, module, &segs[..1], Namespace::Type), Resolved::Module(..) | Resolved::Item(..))
    {
        return Place::Ours(full);
    }
    let Some(first) = ext.first() else { return Place::Ours(full) };
    if matches!(first.as_str(), "std" | "core" | "alloc") {
        return Place::Std(full);
    }
    match dependency_kind(ws, krate, first) {
        Some(DepKind::Path) => Place::PathDependency(first.to_string(), full),
        Some(DepKind::Registry) => Place::Registry(first.to_string(), full),
        // A single name that nothing declares: a typo, unless an external glob may bring it.
        None if ext.len() == 1 && !has_external_glob(ws, krate, module) => Place::Ours(full),
        None => Place::Registry(first.to_string(), full),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DepKind {
    Path,
    Registry,
}

/// How the crate's Cargo.toml declares the dependency its code calls `name` (dashes read as
/// underscores), as the package loader reads it (`workspace = true` and renames included).
fn dependency_kind(ws: &Workspace, krate: usize, name: &str) -> Option<DepKind> {
    let manifest = ws.crates[krate].manifest.as_ref()?;
    let workspace = manifest.workspace_root();
    let dependency = manifest.dependencies(workspace.as_ref()).into_iter().find(|d| d.key.replace('-', "_") == name)?;
    Some(if dependency.path.is_some() { DepKind::Path } else { DepKind::Registry })
}

/// Whether a module's `use` brings `name` from the crate itself or another crate of the workspace.
fn imported_from_ours(ws: &Workspace, krate: usize, module: ModuleId, name: &str) -> bool {
    ws.crates[krate].module(module).items.iter().any(|item| {
        let syn::Item::Use(u) = item else { return false };
        let mut prefix = Vec::new();
        use_paths_of(&u.tree, name, &mut prefix).into_iter().any(|p| {
            let first = p.first().map(String::as_str).unwrap_or("");
            matches!(first, "crate" | "self" | "super")
                || ws.crate_named(krate, first).is_some()
                || matches!(ws.resolve(krate, module, &p[..1], Namespace::Type), Resolved::Module(..))
        })
    })
}

/// The paths of a `use` tree that import `name` (as itself or renamed), without the name.
fn use_paths_of(tree: &syn::UseTree, name: &str, prefix: &mut Vec<String>) -> Vec<Vec<String>> {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let out = use_paths_of(&p.tree, name, prefix);
            prefix.pop();
            out
        }
        syn::UseTree::Name(n) if n.ident == name => {
            vec![prefix.clone()].into_iter().filter(|p| !p.is_empty()).collect()
        }
        syn::UseTree::Rename(r) if r.rename == name => {
            vec![prefix.clone()].into_iter().filter(|p| !p.is_empty()).collect()
        }
        syn::UseTree::Group(g) => g.items.iter().flat_map(|t| use_paths_of(t, name, prefix)).collect(),
        _ => Vec::new(),
    }
}

/// Whether a module glob-imports from outside the crate (`use other::*;`), which may bring a
/// name we cannot see.
fn has_external_glob(ws: &Workspace, krate: usize, module: ModuleId) -> bool {
    ws.crates[krate].module(module).items.iter().any(|item| {
        let syn::Item::Use(u) = item else { return false };
        let mut prefix = Vec::new();
        glob_prefixes(&u.tree, &mut prefix).into_iter().any(|p| {
            p.first().is_some_and(|f| !matches!(f.as_str(), "crate" | "self" | "super"))
                && matches!(ws.resolve(krate, module, &p, Namespace::Type), Resolved::External(_))
        })
    })
}

fn glob_prefixes(tree: &syn::UseTree, prefix: &mut Vec<String>) -> Vec<Vec<String>> {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let out = glob_prefixes(&p.tree, prefix);
            prefix.pop();
            out
        }
        syn::UseTree::Glob(_) => vec![prefix.clone()],
        syn::UseTree::Group(g) => g.items.iter().flat_map(|t| glob_prefixes(t, prefix)).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostics::Code;
    use crate::{GenerateOptions, ProfileChoice};

    /// The code and severity of the diagnostic for each field of `P`, in field order.
    fn findings(fields: &str, head: &str) -> Vec<String> {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("Cargo.toml"),
            "[package]\nname = \"t\"\nversion = \"0.1.0\"\n\n[workspace]\n\n[workspace.dependencies]\n\
             shared = { path = \"../shared\" }\nfrom-registry = \"1\"\n\n[dependencies]\nrmcp = \"=3.11.0\"\n\
             schemars = \"1\"\nreg-crate = \"1\"\npathy = { path = \"../pathy\" }\nshared = { workspace = true }\n\
             from-registry = { workspace = true }\n\n[dev-dependencies]\ntest-only = \"2\"\n",
        )
        .unwrap();
        let src = format!(
            "{head}\nuse rmcp::{{tool, tool_router}};\n#[derive(Deserialize, JsonSchema)] pub struct P {{ {fields} }}\n\
             #[derive(Clone)] pub struct S;\n#[tool_router(server_handler)]\nimpl S {{ #[tool] fn t(&self, Parameters(p): Parameters<P>) {{}} }}\n"
        );
        std::fs::write(dir.path().join("src/lib.rs"), src).unwrap();
        let opts = GenerateOptions {
            paths: vec![dir.path().to_path_buf()],
            profile: ProfileChoice::Rmcp,
            // Their level is not what is tested here: what is found, and as what.
            lints: crate::diagnostics::Lints {
                levels: [(crate::diagnostics::LintName::from_id("left-out").unwrap(), crate::diagnostics::Level::Warn)]
                    .into(),
                ..Default::default()
            },
            ..Default::default()
        };
        let outcome = crate::generate(&opts);
        outcome
            .diagnostics
            .iter()
            // The fixture's path and registry dependencies do not exist: the loader says so, not
            // our concern here.
            .filter(|d| {
                ![Code::RmcpVersion, Code::MissingPathDependency, Code::MissingRegistrySource].contains(&d.code)
            })
            .map(|d| format!("{} {}", if d.is_error() { "error" } else { "warning" }, d.code))
            .collect()
    }

    #[test]
    fn registry_and_std_types_are_warnings() {
        let w = "warning registry-type";
        assert_eq!(findings("pub a: reg_crate::Thing", ""), [w]);
        assert_eq!(findings("pub a: Thing", "use reg_crate::Thing;"), [w]);
        assert_eq!(findings("pub a: from_registry::Thing", ""), [w]);
        assert_eq!(findings("pub a: test_only::Thing", ""), [w]);
        assert_eq!(findings("pub a: std::fs::File", ""), [w]);
        // An extern crate no dependency names (an `extern crate`, a renamed one): not ours.
        assert_eq!(findings("pub a: elsewhere::Thing", ""), [w]);
        // A single name an external glob may bring.
        assert_eq!(findings("pub a: Thing", "use reg_crate::prelude::*;"), [w]);
    }

    #[test]
    fn types_we_cannot_find_are_errors() {
        let e = "error unresolved-type";
        assert_eq!(findings("pub a: Thnig", ""), [e]);
        assert_eq!(findings("pub a: crate::nowhere::Thing", ""), [e]);
        assert_eq!(findings("pub a: inner::Thing", "mod inner {}"), [e]);
        assert_eq!(findings("pub a: pathy::Thing", ""), [e]);
        assert_eq!(findings("pub a: shared::Thing", ""), [e]);
        assert_eq!(findings("pub a: Thing", "use pathy::Thing;"), [e]);
        assert_eq!(findings("pub a: Thing", "mod inner {}\nuse inner::Thing;"), [e]);
        assert_eq!(findings("pub a: Other", "mod inner {}\nuse crate::inner::{Thing as Other};"), [e]);
    }
}
