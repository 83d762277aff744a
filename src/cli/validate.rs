//! `mcp-schema validate`: recordings against the manifest (exit 1 on a violation), or, with no
//! recording, the manifest against MCP.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use mcp_schema::config::{self, Flags};
use mcp_schema::diagnostics::{Code, Diagnostic, Diagnostics};
use mcp_schema::session::Session;
use mcp_schema::validate::report::Format;
use mcp_schema::validate::{mcp, report, Counts, Level, Validation, Violation};
use mcp_schema::Manifest;

use super::diagnostics::fail;

pub(crate) const EXAMPLES: &str = "\
Examples:
  mcp-schema validate                          the committed manifest against MCP
  mcp-schema validate traffic.jsonl            recorded traffic against the manifest
  mcp-schema validate --format github traffic.jsonl
                                               each violation an annotation, in GitHub Actions

Exit status: 0 no violation, 1 a violation (or, with no recording, a finding), 2 an error was
reported";

#[derive(Args)]
pub(crate) struct ValidateArgs {
    /// Recordings of MCP traffic: JSON Lines of JSON-RPC messages, a JSON array of them, or
    /// messages wrapped as {"direction": ..., "message": ...} (`-` reads stdin). With none, the
    /// manifest itself is checked against MCP
    #[arg(value_name = "RECORDING")]
    recordings: Vec<PathBuf>,
    /// The manifest [default: the configured one, else mcp-tools.json in the crate root]
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,
    /// How to report
    #[arg(long, value_parser = super::choice::<Format>(), default_value = "human")]
    format: Format,
    /// The MCP protocol version of the peer, for the manifest's own checks [default: 2025-11-25,
    /// what a client that opens with `initialize` is answered]
    #[arg(long, value_name = "VERSION")]
    protocol: Option<String>,
}

pub(crate) fn run(args: ValidateArgs) -> u8 {
    super::setup_miette();
    // Refused as `generate` refuses it, before any file is read.
    let protocol = match mcp::peer_protocol(args.protocol.as_deref()) {
        Ok((protocol, warning)) => {
            super::diagnostics::print_diagnostics(&Diagnostics(warning.into_iter().collect()));
            protocol
        }
        Err(d) => return fail(d),
    };
    let manifest_path = match Session::discover(Flags::default()) {
        Ok(session) => session.config().manifest_path(args.manifest.as_deref()),
        Err(d) => return fail(d),
    };
    let manifest = match Manifest::read(&manifest_path) {
        Ok(m) => m,
        Err(d) => return fail(d),
    };
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let Ok(writer) = report::Writer::new(out, args.format) else { return 2 };
    if args.recordings.is_empty() {
        let shown = config::shown_path(&manifest_path);
        return check_manifest(&manifest, &shown, Some(&protocol), writer);
    }
    validate_recordings(&manifest, &args.recordings, writer)
}

/// The MCP checks of the manifest alone: exit 1 on any finding.
fn check_manifest<W: Write>(
    manifest: &Manifest,
    shown: &str,
    protocol: Option<&str>,
    mut writer: report::Writer<W>,
) -> u8 {
    let findings = mcp::check(manifest, mcp::Checks { protocol, meta_schema: true });
    for f in &findings {
        let v = Violation {
            line: 0,
            kind: f.code.id(),
            level: Level::Violation,
            tool: Some(f.tool.clone()),
            pointer: f.pointer.clone(),
            keyword: None,
            expected: None,
            actual: None,
            message: f.message.clone(),
        };
        if mcp_schema::validate::Sink::finding(&mut writer, shown, &v).is_err() {
            return 2;
        }
    }
    let counts = Counts { violations: findings.len() as u64, ..Counts::default() };
    if writer.finish_manifest(&counts, manifest.len()).is_err() {
        return 2;
    }
    u8::from(!findings.is_empty())
}

fn validate_recordings<W: Write>(manifest: &Manifest, recordings: &[PathBuf], mut writer: report::Writer<W>) -> u8 {
    let mut validation = Validation::new(manifest);
    for path in recordings {
        let shown = if path == Path::new("-") { "<stdin>".to_owned() } else { config::shown_path(path) };
        let result = if path == Path::new("-") {
            validation.recording(&shown, std::io::stdin().lock(), &mut writer)
        } else {
            match std::fs::File::open(path) {
                Ok(file) => validation.recording(&shown, BufReader::with_capacity(1 << 16, file), &mut writer),
                Err(e) => {
                    let _ = writer.stopped(&validation.counts, recordings.len());
                    return fail(
                        Diagnostic::error(Code::BadRecording, format!("cannot read the recording {shown}: {e}"))
                            .in_file(path),
                    );
                }
            }
        };
        if let Err(e) = result {
            // What was found so far is reported, then why the run stops.
            let _ = writer.stopped(&validation.counts, recordings.len());
            let column = e.column.map(|c| format!(", column {c}")).unwrap_or_default();
            let at = if e.line == 0 { String::new() } else { format!(", line {}{column}", e.line) };
            return fail(
                Diagnostic::error(Code::BadRecording, format!("{shown}{at}: {}", e.message))
                    .with_help("`mcp-schema explain bad-recording` says which recordings validate reads"),
            );
        }
    }
    if writer.finish(&validation.counts, recordings.len()).is_err() {
        return 2;
    }
    u8::from(validation.counts.violations > 0)
}
