//! Which server type's tools to list: `--server`, else the only one; several are never merged.

use super::routers::{self, Index, Server};
use super::Builder;
use crate::diagnostics::{Code, Diagnostic, Diagnostics};

/// The server to list: `--server`, the only one, or an error that lists them.
/// `Some(None)`: no server at all (nothing is listed).
pub(super) fn select_server<'s>(
    servers: &'s [Server],
    wanted: Option<&str>,
    index: &Index,
    diagnostics: &mut Diagnostics,
) -> Option<Option<&'s Server>> {
    let names = || server_names(servers, index).join(", ");
    match wanted {
        Some(w) => {
            let found: Vec<&Server> = servers
                .iter()
                .filter(|s| s.name == w || qualified(s, index) == w || package_qualified(s, index) == w)
                .collect();
            match found.as_slice() {
                [one] => Some(Some(one)),
                [] => {
                    diagnostics.push(
                        Diagnostic::error(Code::UnknownServer, format!("--server `{w}`: no such server type"))
                            .with_help(if servers.is_empty() {
                                "the crate has no `ServerHandler`".to_owned()
                            } else {
                                format!("server types: {}", names())
                            }),
                    );
                    None
                }
                many => {
                    let all: Vec<String> = many.iter().map(|s| package_qualified(s, index)).collect();
                    diagnostics.push(
                        Diagnostic::error(
                            Code::AmbiguousServer,
                            format!("--server `{w}` names several server types: {}", all.join(", ")),
                        )
                        .with_help("give one of these paths (the module path alone when it is unique)"),
                    );
                    None
                }
            }
        }
        None => match servers {
            // The server may sit in a file that failed to parse: the syntax error says enough.
            [] if index.ws.diagnostics.iter().any(|d| d.code == Code::SyntaxError) => Some(None),
            [] => {
                diagnostics.push(
                    Diagnostic::warning(Code::NoServer, "no `ServerHandler` in the crate: no router is served, so no tool is listed")
                        .with_help("an `impl ServerHandler` with `#[tool_handler]` (or `#[tool_router(server_handler)]`) serves a router"),
                );
                Some(None)
            }
            [one] => Some(Some(one)),
            many => {
                let mut d = Diagnostic::error(
                    Code::SeveralServers,
                    format!("the crate defines {} server types, each with its own tool list: {}", many.len(), names()),
                )
                .with_help(
                    "pick one with --server TYPE, or run them all: `mcp-schema init` lists each in `[[servers]]`",
                );
                d.location = Some(index.impl_location(many[1].imp));
                diagnostics.push(d);
                None
            }
        },
    }
}

/// The servers' names as `--server` takes them: two servers of one name (in two packages, or two
/// modules) are named by their paths.
pub(super) fn server_names(servers: &[Server], index: &Index) -> Vec<String> {
    let unique = |s: &Server| servers.iter().filter(|o| o.name == s.name).count() == 1;
    let name = |s: &Server| if unique(s) { s.name.clone() } else { package_qualified(s, index) };
    servers.iter().map(name).collect()
}

/// `package::module::path::Type` of a server: the package (as a crate name) tells apart servers
/// of two packages of a workspace at the same module path, and is the same for every target of
/// the package that reads the module.
fn package_qualified(s: &Server, index: &Index) -> String {
    let krate = &index.ws.crates[index.impls[s.imp].krate];
    let package = krate.manifest.as_ref().and_then(|m| m.package_name.as_deref()).unwrap_or(&krate.name);
    format!("{}::{}", package.replace('-', "_"), qualified(s, index))
}

/// `module::path::Type` of a server.
fn qualified(s: &Server, index: &Index) -> String {
    let imp = &index.impls[s.imp];
    let mut path = index.ws.crates[imp.krate].module(imp.module).path.clone();
    path.push(s.name.clone());
    path.join("::")
}

impl Builder<'_, '_> {
    /// What `--verbose` tells of the server listed: what it serves, and its package's features.
    pub(super) fn note_server(&self, server: &Server, notes: &mut Vec<String>) {
        let how = match &server.served {
            routers::Served::Router(e) => format!("router `{}`", super::expr_text(e)),
            routers::Served::HandWritten => "a hand-written `list_tools`".into(),
            routers::Served::Nothing => "no router".into(),
        };
        notes.push(format!("server `{}` serves {how}", server.name));
        let krate = &self.ws.crates[self.index.impls[server.imp].krate];
        let features: Vec<&str> = krate.features.iter().collect();
        let package = krate.manifest.as_ref().and_then(|m| m.package_name.clone()).unwrap_or(krate.name.clone());
        notes.push(format!(
            "cargo features of `{package}`: {}",
            if features.is_empty() { "none".to_owned() } else { features.join(", ") }
        ));
    }
}
