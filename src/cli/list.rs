//! `mcp-schema list [PATH]`: a table of the tools (one per server, named, where a configuration
//! lists `[[servers]]`).

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use mcp_schema::clients::{Client, Projection};
use mcp_schema::session::{Plan, Servers};
use mcp_schema::tokens::Encoding;
use mcp_schema::views::clients::ClientListing;
use mcp_schema::views::list::{render_table, Listing, TableStyle};
use mcp_schema::Manifest;

use super::args::SourceArgs;
use super::diagnostics::set_server;

pub const EXAMPLES: &str = "\
Examples:
  mcp-schema list                     the tools of the crate here
  mcp-schema list crates/server       of another crate
  mcp-schema list --format json | jq '.tools[].name'
  mcp-schema list --client openai-agents-strict   what that client sends its model
  mcp-schema list --client openai-agents --manifest tools.json   for a manifest already written

Exit status: 0 listed, 2 an error was reported";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// a table: as wide as the terminal, never cut when piped
    Table,
    /// the same data as JSON
    Json,
}

#[derive(Args)]
pub struct ListArgs {
    /// Crate directory, workspace root or single .rs file [default: the crate around the current
    /// directory]
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
    /// How to print the tools
    #[arg(long, value_enum, default_value = "table")]
    format: ListFormat,
    /// The encoding the TOKENS column counts in
    #[arg(long, value_name = "ENCODING", default_value = "o200k_base", value_parser = super::choice::<Encoding>())]
    encoding: Encoding,
    /// Show what CLIENT sends its model for each tool (delivered, rewritten or refused, and
    /// the payload with `--format json`) instead of the tools
    #[arg(long, value_name = "CLIENT", value_parser = super::choice::<Client>())]
    client: Option<Client>,
    /// With `--client`: read the tools from FILE, a manifest `generate` wrote (or a `tools/list`
    /// result), instead of the sources
    #[arg(long, value_name = "FILE", requires = "client", conflicts_with = "path")]
    manifest: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
}

pub fn run(args: ListArgs) -> u8 {
    // Loaded while the manifest is made: the counts do not wait for it.
    args.encoding.preload();
    if let (Some(client), Some(file)) = (args.client, &args.manifest) {
        return match Manifest::read(file) {
            Ok(manifest) => print_client(&client, &manifest, args.format, args.encoding),
            Err(d) => super::diagnostics::fail(d),
        };
    }
    let session = match super::session::plan(args.source.flags(args.path.into_iter().collect())) {
        Plan::One(Ok(session)) => session,
        Plan::Servers(Ok(servers)) => {
            return mcp_schema::sharing_sources(|| {
                run_servers(&args.source, args.format, args.encoding, args.client, &servers)
            })
        }
        Plan::One(Err(d)) | Plan::Servers(Err(d)) => return super::diagnostics::fail(d),
    };
    let (manifest, provenance) = match super::session::read(&session) {
        Ok(made) => made,
        Err(code) => return code,
    };
    if let Some(client) = args.client {
        return print_client(&client, &manifest, args.format, args.encoding);
    }
    let listing = Listing::new(&manifest, &provenance, args.encoding);
    let text = match args.format {
        ListFormat::Json => json_text(&listing),
        ListFormat::Table => return super::print(&table(&listing)),
    };
    super::print_json(&text)
}

/// What `client` sends its model for each tool of `manifest`.
fn print_client(client: &Client, manifest: &Manifest, format: ListFormat, encoding: Encoding) -> u8 {
    let listing = client_listing(client, manifest, encoding);
    match format {
        ListFormat::Json => super::print_json(&json_text(&listing)),
        ListFormat::Table => super::print(&listing.render()),
    }
}

fn client_listing(client: &Client, manifest: &Manifest, encoding: Encoding) -> ClientListing {
    ClientListing::new(Projection::of(client, &manifest.tool_values()), encoding)
}

/// `list` over every server: a table (or JSON document) per server, named.
fn run_servers(
    source: &SourceArgs,
    format: ListFormat,
    encoding: Encoding,
    client: Option<Client>,
    servers: &Servers,
) -> u8 {
    let mut status = 0;
    let mut tables = Vec::new();
    let mut docs = Vec::new();
    for server in &servers.servers {
        set_server(Some(server.label()));
        match super::session::read_server(server, &source.flags(Vec::new())) {
            Ok((manifest, provenance)) => {
                // One server's part: the same data as the one-crate run, as JSON or as a table.
                let part = match &client {
                    Some(client) => {
                        Part::of(format, &client_listing(client, &manifest, encoding), ClientListing::render)
                    }
                    None => Part::of(format, &Listing::new(&manifest, &provenance, encoding), table),
                };
                match part {
                    Part::Doc(doc) => docs.push(server.tagged(doc)),
                    Part::Text(text) => {
                        tables.push(format!("server {}:\n{text}", mcp_schema::escape::terminal(&server.label())))
                    }
                }
            }
            Err(why) => {
                say!("error: {}: cannot read the tools: {why}", server.name);
                status = 2;
            }
        }
    }
    let printed = match format {
        ListFormat::Json => super::print_json(&json_text(&serde_json::json!({ "servers": docs }))),
        ListFormat::Table => super::print(&tables.join("\n")),
    };
    status.max(printed)
}

/// One server's listing, in the format asked for.
enum Part {
    Doc(serde_json::Value),
    Text(String),
}

impl Part {
    fn of<T: serde::Serialize>(format: ListFormat, listing: &T, render: impl FnOnce(&T) -> String) -> Part {
        match format {
            ListFormat::Json => Part::Doc(serde_json::to_value(listing).expect("a listing is plain data")),
            ListFormat::Table => Part::Text(render(listing)),
        }
    }
}

/// A JSON document, pretty, with a final newline.
fn json_text(doc: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(doc).expect("a listing is plain data");
    text.push('\n');
    text
}

/// The table of `listing`, fitted to the terminal.
fn table(listing: &Listing) -> String {
    render_table(listing, TableStyle { width: terminal_width(), color: super::stdout_color() })
}

/// The width to fit: the terminal's when stdout is one (`COLUMNS` first, as `ls` takes it),
/// none when piped, so that nothing is cut for `grep` or a file.
fn terminal_width() -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let from_env = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()).filter(|&c: &usize| c > 0);
    from_env.or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0))).or(Some(80))
}
