//! `mcp-schema explain ID`: print the page of a diagnostic code or a drift rule.

use clap::Args;

pub const EXAMPLES: &str = "\
Examples:
  mcp-schema explain opaque          a diagnostic code: what it means, an example, the fix
  mcp-schema explain enum-narrowed   a drift rule: its verdicts, why, before and after
  mcp-schema explain unknown-tool    a kind of `validate` finding
  mcp-schema explain --list          every code, rule and kind of finding

Exit status: 0 printed, 2 an error was reported (no code or rule of that id)";

#[derive(Args)]
pub struct ExplainArgs {
    /// A diagnostic code (`opaque`, as in `warning[opaque]`), a drift rule id (`enum-narrowed`) or a
    /// kind of `validate` finding (`unknown-tool`)
    #[arg(value_name = "ID", required_unless_present = "list")]
    id: Option<String>,
    /// List the ids of every diagnostic code and drift rule
    #[arg(long, conflicts_with = "id")]
    list: bool,
}

pub fn run(args: ExplainArgs) -> u8 {
    let Some(id) = args.id.filter(|_| !args.list) else {
        return super::print(&mcp_schema::explain::listing());
    };
    match mcp_schema::explain::page(&id) {
        Ok(page) => super::print(&page),
        Err(near) => {
            say!("error: no diagnostic code, drift rule or kind of finding is named `{id}`");
            match near {
                Some(near) => say!("help: did you mean `{near}`?"),
                None => say!("help: `mcp-schema explain --list` lists them"),
            }
            2
        }
    }
}
