//! The `clients` lints (docs/clients.md): each modelled client's refusals and strict-mode
//! fallbacks, at the Rust span behind the part of the tool that causes them. A pass after
//! generation over the manifest, like the `contract` lints; it runs only when one of its codes
//! may show. A finding several clients share (the same tool, cause and place) is one diagnostic
//! naming them all.

use serde_json::Value;

use crate::clients::{Projection, CLIENTS};
use crate::diagnostics::lints::CLIENTS as GROUP;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Lints};
use crate::manifest::Manifest;
use crate::source_map::SourceMap;

/// One finding before it is a diagnostic: the tool, the code, the cause and where it is.
struct Finding {
    tool: String,
    code: Code,
    what: String,
    at: String,
    clients: Vec<&'static str>,
}

/// The lints of the `clients` group for `manifest`, when the run's levels may show one of them.
/// `targets`: the clients to look at (the configuration's `clients`), every one when empty.
pub(crate) fn run(manifest: &Manifest, map: &SourceMap, lints: &Lints, targets: &[&str]) -> Diagnostics {
    if !lints.enables(&GROUP) {
        return Diagnostics::default();
    }
    let tools = manifest.tool_values();
    let mut findings: Vec<Finding> = Vec::new();
    for client in CLIENTS.iter().filter(|c| targets.is_empty() || targets.contains(&c.name)) {
        for projected in Projection::of(client, &tools).tools {
            // A tool taken down with another (`with`): the other's finding says it.
            let refused = projected.refusal.as_ref().filter(|r| r.with.is_none());
            let refusal = refused.map(|r| (Code::ClientRefused, r.reason.clone(), r.at.clone()));
            let not_strict = projected.sent.as_ref().is_some_and(|s| s["strict"] == false);
            let fallback = projected.notes.first().filter(|_| not_strict);
            let fallback = fallback.map(|note| (Code::ClientNotStrict, note.clone(), projected.at.clone()));
            for (code, what, at) in refusal.into_iter().chain(fallback) {
                let at = at.unwrap_or_else(|| "/name".into());
                if !lints.may_show(code) {
                    continue;
                }
                let same =
                    |f: &&mut Finding| f.tool == projected.name && f.code == code && f.what == what && f.at == at;
                match findings.iter_mut().find(same) {
                    Some(f) => f.clients.push(client.name),
                    None => findings.push(Finding {
                        tool: projected.name.clone(),
                        code,
                        what,
                        at,
                        clients: vec![client.name],
                    }),
                }
            }
        }
    }
    let mut out = Diagnostics::default();
    for f in findings {
        let tool: Option<&Value> = tools.iter().find(|t| t.get("name").and_then(Value::as_str) == Some(&f.tool));
        let location = tool.and_then(|t| map.locate(&f.tool, t, &f.at));
        let message = match f.code {
            Code::ClientRefused => format!("tool `{}`: refused by {}: {}", f.tool, f.clients.join(", "), f.what),
            _ => format!("tool `{}`: {}: {}", f.tool, f.clients.join(", "), f.what),
        };
        let label = match f.code {
            Code::ClientRefused => "refused here",
            _ => "strict mode stops here",
        };
        out.push(Diagnostic::warning(f.code, message).for_tool(&f.tool).at(location).with_label(label));
    }
    out
}
