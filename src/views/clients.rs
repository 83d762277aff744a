//! `mcp-schema list --client NAME`: what one client sends its model for each tool, as data
//! ([`ClientListing`]) and as text.

use serde::Serialize;
use serde_json::Value;

use crate::choice::Choice;
use crate::clients::{Delivery, Projected, Projection, Scope, Side};
use crate::escape;
use crate::tokens::{thousands, Encoding};

/// The data of `list --client NAME --format json`: the projection, with what each payload
/// costs the client's model.
#[derive(Debug, Serialize)]
pub struct ClientListing {
    /// The client's name.
    pub client: &'static str,
    /// The library and release the rules are from.
    pub library: &'static str,
    /// Its release.
    pub release: &'static str,
    /// The encoding `tokens` counts in.
    pub encoding: &'static str,
    /// What every payload costs, summed.
    pub total_tokens: usize,
    /// Every tool, in the server's order.
    pub tools: Vec<ClientTool>,
}

/// One tool through the client, and its cost.
#[derive(Debug, Serialize)]
pub struct ClientTool {
    /// What the client does with it.
    #[serde(flatten)]
    pub projected: Projected,
    /// The payload's tokens (its compact JSON, as the client sends it); `None` when the library
    /// refuses before building one.
    pub tokens: Option<usize>,
}

impl ClientListing {
    /// `projection`, its payloads counted in `encoding`.
    pub fn new(projection: Projection, encoding: Encoding) -> ClientListing {
        let sent: Vec<Value> = projection.tools.iter().filter_map(|t| t.sent.clone()).collect();
        let mut counts = encoding.count_tools(&sent).into_iter();
        let tools: Vec<ClientTool> = projection
            .tools
            .into_iter()
            .map(|projected| {
                let tokens = projected.sent.as_ref().and_then(|_| counts.next());
                ClientTool { projected, tokens }
            })
            .collect();
        ClientListing {
            client: projection.client,
            library: projection.library,
            release: projection.release,
            encoding: encoding.name(),
            total_tokens: tools.iter().filter_map(|t| t.tokens).sum(),
            tools,
        }
    }

    /// One line per tool (`name  delivered|rewritten|refused  tokens`), the reasons and notes
    /// indented under it, and a summary line; crate text escaped for a terminal.
    pub fn render(&self) -> String {
        let names: Vec<String> = self.tools.iter().map(|t| escape::terminal(&t.projected.name)).collect();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(4);
        let mut out = format!("{}: {} {}\n", self.client, self.library, self.release);
        out.push_str(&format!("{:<width$}  {:<9}  {:>6}\n", "TOOL", "DELIVERY", "TOKENS"));
        for (row, name) in self.tools.iter().zip(&names) {
            let tool = &row.projected;
            let count = row.tokens.map_or_else(|| "-".to_owned(), thousands);
            out.push_str(&format!("{name:<width$}  {:<9}  {count:>6}\n", delivery_word(&tool.delivery)));
            if let Some(r) = &tool.refusal {
                let by = match r.by {
                    Side::Library => "the library",
                    Side::Provider => "the provider's API",
                };
                let scope = match r.scope {
                    Scope::Tool => "this tool",
                    Scope::Request => "the whole request",
                    Scope::Server => "every tool of the server",
                };
                match &r.with {
                    Some(culprit) => {
                        out.push_str(&format!("  refused by {by}, {scope}, with `{}`\n", escape::terminal(culprit)))
                    }
                    None => out.push_str(&format!("  refused by {by}, {scope}: {}\n", escape::terminal(&r.reason))),
                }
            }
            for note in &tool.notes {
                out.push_str(&format!("  note: {}\n", escape::terminal(note)));
            }
        }
        let count = |d: Delivery| self.tools.iter().filter(|t| t.projected.delivery == d).count();
        out.push_str(&format!(
            "{} delivered, {} rewritten, {} refused; {} tokens ({})\n",
            count(Delivery::Delivered),
            count(Delivery::Rewritten),
            count(Delivery::Refused),
            thousands(self.total_tokens),
            self.encoding
        ));
        out
    }
}

fn delivery_word(d: &Delivery) -> &'static str {
    match d {
        Delivery::Delivered => "delivered",
        Delivery::Rewritten => "rewritten",
        Delivery::Refused => "refused",
    }
}
