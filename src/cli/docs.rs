//! `mcp-schema docs [PATH] [-o FILE] [--check]`: the Markdown reference of the tools, on stdout
//! or between the markers of a file, as terraform-docs and cargo-rdme keep a README section; a
//! section per server where a configuration lists `[[servers]]`.

use std::path::{Path, PathBuf};

use clap::Args;
use mcp_schema::diagnostics::{Code, Diagnostic};
use mcp_schema::session::{Plan, Servers};
use mcp_schema::tokens::{Costs, Encoding};
use mcp_schema::views::docs;
use mcp_schema::Manifest;

use super::args::SourceArgs;
use super::diagnostics::set_server;

pub const EXAMPLES: &str = "\
Examples:
  mcp-schema docs > TOOLS.md            the reference on stdout
  mcp-schema docs -o README.md          between README.md's markers:
                                          <!-- mcp-schema:begin -->
                                          <!-- mcp-schema:end -->
  mcp-schema docs --check -o README.md  in CI or pre-commit: is the section up to date?

Exit status: 0 written (or up to date), 1 `--check`: out of date, 2 an error was reported";

#[derive(Args)]
pub struct DocsArgs {
    /// Crate directory, workspace root or single .rs file [default: the crate around the current
    /// directory]
    #[arg(value_name = "PATH")]
    path: Option<PathBuf>,
    /// Put the reference between the markers of FILE (a new FILE is created with them)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Write nothing; exit 1 when FILE's section is not what `docs` would write
    #[arg(long, requires = "output")]
    check: bool,
    /// Say what each tool costs a model: the tokens of its JSON
    #[arg(long)]
    tokens: bool,
    /// The encoding `--tokens` counts in
    #[arg(long, value_name = "ENCODING", default_value = "o200k_base", value_parser = super::choice::<Encoding>(), requires = "tokens")]
    encoding: Encoding,
    #[command(flatten)]
    pub(crate) source: SourceArgs,
}

pub fn run(args: DocsArgs) -> u8 {
    if args.tokens {
        args.encoding.preload();
    }
    let counted = args.tokens.then_some(args.encoding);
    let made = match super::session::plan(args.source.flags(args.path.iter().cloned().collect())) {
        Plan::One(Ok(session)) => {
            super::session::read(&session).map(|(manifest, made)| page(&manifest, counted, &made.other_view))
        }
        Plan::Servers(Ok(servers)) => mcp_schema::sharing_sources(|| servers_section(&args.source, counted, &servers)),
        Plan::One(Err(d)) | Plan::Servers(Err(d)) => Err(super::diagnostics::fail(d)),
    };
    let section = match made {
        Ok(section) => section,
        Err(code) => return code,
    };
    let Some(file) = args.output else { return super::print(&section) };
    let update = match docs::update_file(&file, &section) {
        Ok(update) => update,
        Err(d) => return super::diagnostics::fail(d),
    };
    let up_to_date = update.up_to_date();
    if args.check {
        return check_result(&file, up_to_date, args.path.as_deref());
    }
    if up_to_date {
        if !super::quiet() {
            say!("{} is up to date", file.display());
        }
        return 0;
    }
    match mcp_schema::manifest::write_if_changed(&file, &update.wanted) {
        Ok(_) => {
            if !super::quiet() {
                say!("wrote the tool docs into {}", file.display());
            }
            0
        }
        Err(e) => super::diagnostics::fail(
            Diagnostic::error(Code::WriteFailed, format!("cannot write {}: {e}", file.display())).in_file(&file),
        ),
    }
}

/// The reference of `manifest`, with what each tool costs in the `counted` encoding, and the
/// tools a stateless 2026-07-28 request also gets an outputSchema for (`other_view`).
fn page(manifest: &Manifest, counted: Option<Encoding>, other_view: &[String]) -> String {
    let costs = counted.map(|encoding| Costs::of(encoding, &manifest.tool_values()));
    docs::render(manifest, costs.as_ref(), other_view)
}

/// The Markdown reference of every server: a `## Server `NAME`` section each, holding what
/// `docs` writes for one crate. The exit status when a server's tools cannot be read.
fn servers_section(source: &SourceArgs, counted: Option<Encoding>, servers: &Servers) -> Result<String, u8> {
    let mut sections = Vec::new();
    let mut failed = false;
    for server in &servers.servers {
        set_server(Some(server.label()));
        match super::session::read_server(server, &source.flags(Vec::new())) {
            Ok((manifest, made)) => sections.push(format!(
                "## Server {}\n\n{}",
                mcp_schema::escape::markdown_code(&server.name),
                page(&manifest, counted, &made.other_view)
            )),
            Err(why) => {
                say!("error: {}: cannot read the tools: {why}", server.name);
                failed = true;
            }
        }
    }
    set_server(None);
    if failed {
        return Err(2);
    }
    Ok(sections.join("\n"))
}

/// `--check`: 0 when the section is what `docs` writes, 1 (and the command that updates it) when not.
fn check_result(file: &Path, up_to_date: bool, path: Option<&Path>) -> u8 {
    if up_to_date {
        if !super::quiet() {
            say!("{}: the tool docs are up to date", file.display());
        }
        return 0;
    }
    say!("{}: the tool docs are out of date; update them with `{}`", file.display(), docs::update_hint(path, file));
    1
}
