//! Drift as each targeted client sees it: both manifests through the client's projection
//! (docs/clients.md), and a tool that fares worse now is a change of `refused-by-client` or
//! `rewritten-by-client`, at the part of the tool that causes it (the source map then finds its
//! Rust line like any change's).

use std::collections::HashMap;

use serde_json::Value;

use super::{rules, Change, Context};
use crate::clients::{client, Delivery, Projected, Projection, Scope};
use crate::manifest::Manifest;

/// How a tool fares with a client, from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Fate {
    Delivered,
    Rewritten,
    /// Rewritten, and the client gave up a conversion on the way (a note says which).
    GaveUp,
    Refused,
}

/// How a report shows a fate, as the change's old and new value.
fn label(fate: Fate) -> &'static str {
    match fate {
        Fate::Delivered => "delivered",
        Fate::Rewritten => "rewritten",
        Fate::GaveUp => "rewritten, a conversion given up",
        Fate::Refused => "refused",
    }
}

fn fate(p: &Projected) -> Fate {
    match p.delivery {
        Delivery::Refused => Fate::Refused,
        _ if !p.notes.is_empty() => Fate::GaveUp,
        Delivery::Rewritten => Fate::Rewritten,
        Delivery::Delivered => Fate::Delivered,
    }
}

/// The changes of `targets` (client names; none when the configuration names none) from `old`
/// to `new`.
pub fn changes(old: &Manifest, new: &Manifest, targets: &[&str]) -> Vec<Change> {
    if targets.is_empty() {
        return Vec::new();
    }
    let (old_tools, new_tools) = (old.tool_values(), new.tool_values());
    let mut out = Vec::new();
    for c in targets.iter().filter_map(|name| client(name)) {
        let before: HashMap<String, Projected> =
            Projection::of(c, &old_tools).tools.into_iter().map(|p| (p.name.clone(), p)).collect();
        for now in Projection::of(c, &new_tools).tools {
            // A tool taken down with another: the other's change says so.
            if now.refusal.as_ref().is_some_and(|r| r.with.is_some()) {
                continue;
            }
            let was = before.get(&now.name);
            if was.is_some_and(|w| fate(w) >= fate(&now)) {
                continue;
            }
            if let Some(change) = change_of(c.name, was, &now) {
                out.push(change);
            }
        }
    }
    out
}

fn change_of(client_name: &str, was: Option<&Projected>, now: &Projected) -> Option<Change> {
    let shown = |p: &Projected| Value::from(label(fate(p)));
    let (rule, breaking, pointer, message) = match fate(now) {
        Fate::Refused => {
            let refusal = now.refusal.as_ref()?;
            let wide = refusal.scope != Scope::Tool;
            let reach = match refusal.scope {
                Scope::Tool => "the tool does not reach its model",
                Scope::Request => "every request with it fails, so every tool is lost",
                Scope::Server => "it lists no tool of this server",
            };
            let message = format!("{client_name} refuses the tool ({reach}): {}", refusal.reason);
            (&rules::refused_by_client::RULE, was.is_some() || wide, refusal.at.clone().unwrap_or_default(), message)
        }
        Fate::GaveUp => {
            let note = now.notes.first()?;
            (
                &rules::rewritten_by_client::RULE,
                true,
                now.at.clone().unwrap_or_default(),
                format!("{client_name}: {note}"),
            )
        }
        Fate::Rewritten => {
            // A new tool a client rewrites is no change of what a model saw.
            was?;
            let message = format!("{client_name} now sends its model another schema than the server lists");
            (&rules::rewritten_by_client::RULE, true, "/inputSchema".to_owned(), message)
        }
        Fate::Delivered => return None,
    };
    Some(Change {
        tool: now.name.clone(),
        pointer,
        rule,
        breaking,
        old: was.map(shown),
        new: Some(shown(now)),
        message,
        context: Context::default(),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn manifest(tools: Value) -> Manifest {
        Manifest::from_value(json!({ "tools": tools })).unwrap()
    }

    fn summary(changes: &[Change]) -> Vec<(String, &'static str, bool, String)> {
        changes.iter().map(|c| (c.tool.clone(), c.rule.id, c.breaking, c.pointer.clone())).collect()
    }

    #[test]
    fn a_renamed_tool_a_client_refuses_breaks_the_request() {
        let schema = json!({"type": "object", "properties": {}});
        let old =
            manifest(json!([{"name": "irc_connect", "inputSchema": schema}, {"name": "b", "inputSchema": schema}]));
        let new =
            manifest(json!([{"name": "irc.connect", "inputSchema": schema}, {"name": "b", "inputSchema": schema}]));
        let found = changes(&old, &new, &["openai-agents", "gemini"]);
        // Gemini takes dotted names; the OpenAI API does not, and `b` goes down with it (one change).
        assert_eq!(summary(&found), [("irc.connect".into(), "refused-by-client", true, "/name".into())]);
        assert!(changes(&old, &new, &[]).is_empty(), "no targets, no client changes");
    }

    #[test]
    fn strict_mode_lost_is_a_rewrite() {
        let tool = |labels: Value| {
            json!([{"name": "t", "inputSchema": {"type": "object",
            "properties": {"labels": labels}, "required": ["labels"]}}])
        };
        let old = manifest(tool(json!({"type": "array", "items": {"type": "string"}})));
        let new = manifest(tool(json!({"type": "object", "additionalProperties": {"type": "string"}})));
        let found = changes(&old, &new, &["openai-agents-strict"]);
        assert_eq!(
            summary(&found),
            [("t".into(), "rewritten-by-client", true, "/inputSchema/properties/labels".into())]
        );
        assert_eq!(
            (found[0].old.clone(), found[0].new.clone()),
            (Some(json!("rewritten")), Some(json!("rewritten, a conversion given up")))
        );
        // The other way is better, not a change.
        assert!(changes(&new, &old, &["openai-agents-strict"]).is_empty());
    }

    #[test]
    fn a_new_tool_that_fails_every_request_is_breaking() {
        let old = manifest(json!([]));
        let new = manifest(
            json!([{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"enum": ["x", 1]}}}}]),
        );
        let found = changes(&old, &new, &["ai-sdk-google-3"]);
        // The conversion throws for the whole request: breaking even for a new tool.
        assert_eq!(summary(&found), [("t".into(), "refused-by-client", true, "/inputSchema".into())]);
    }
}
