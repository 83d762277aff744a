//! The CLI's side of a run of the core ([`mcp_schema::session`]): what every command prints of
//! it, in one order: the diagnostics of the generation, its notes with `-v`, the findings of the
//! MCP checks, and the error that refused a write.

use mcp_schema::config::{Flags, Server};
use mcp_schema::diagnostics::Diagnostics;
use mcp_schema::session::{self, Checks, Made, Mcp, Plan, Session, Stop};
use mcp_schema::{Manifest, Provenance};

use super::diagnostics::print_diagnostics;

/// What a command given `flags` runs ([`session::plan`]), the terminal set up for what it prints.
/// The process ends after the command: its runs never free the sources they parse.
pub(crate) fn plan(flags: Flags) -> Plan {
    super::setup_miette();
    match session::plan(flags) {
        Plan::One(Ok(session)) => Plan::One(Ok(session.leaking())),
        plan => plan,
    }
}

/// The run of one of several servers, the command line's `flags` over its configuration.
pub(crate) fn of_server(server: &Server, flags: &Flags) -> Session {
    Session::of_server(server, flags).leaking()
}

/// Print what a run said.
pub(crate) fn print(made: &Made) {
    print_diagnostics(&made.diagnostics);
    print_notes(&made.notes);
    print_diagnostics(&made.mcp);
    if let Err(Stop::WouldEmpty(d)) = &made.result {
        print_diagnostics(&Diagnostics(vec![d.clone()]));
    }
}

/// A run's notes, with `-v`.
pub(crate) fn print_notes(notes: &[String]) {
    if super::verbose() {
        for note in notes {
            say!("note: {note}");
        }
    }
}

/// The manifest `session` makes with `checks`, what the run said printed; why there is none
/// otherwise.
pub(crate) fn manifest(session: &Session, checks: Checks) -> Result<(Manifest, Provenance), &'static str> {
    let made = session.make(checks);
    print(&made);
    let manifest = made.result.map_err(|stop| stop.why())?;
    Ok((manifest, made.provenance))
}

/// The manifest of the crate `list`, `docs` and `init` read, what the run said printed; exit
/// status 2 when there is none (said too).
pub(crate) fn read(session: &Session) -> Result<(Manifest, Provenance), u8> {
    manifest(session, Checks::default()).map_err(|why| {
        say!("error: cannot read the tools: {why}");
        2
    })
}

/// The manifest of one of several servers as `list`, `docs` and `init` read it (with the MCP
/// checks' warnings), the command line's `flags` over its configuration; why there is none.
pub(crate) fn read_server(server: &Server, flags: &Flags) -> Result<(Manifest, Provenance), &'static str> {
    manifest(&of_server(server, flags), Checks { mcp: Mcp::Lints, writes: None })
}
