//! `mcp-schema completions SHELL` and `mcp-schema man`: the CLI describing itself, from the same
//! clap definition that parses it.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    shell: Shell,
}

/// Print the completion script of `shell`.
pub fn completions(args: CompletionsArgs) -> u8 {
    let mut cmd = crate::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "mcp-schema", &mut out);
    super::print(&String::from_utf8_lossy(&out))
}

/// Print the man page (roff), e.g. `mcp-schema man > mcp-schema.1`.
pub fn man() -> u8 {
    let mut out = Vec::new();
    match clap_mangen::Man::new(crate::Cli::command()).render(&mut out) {
        Ok(()) => super::print(&String::from_utf8_lossy(&out)),
        Err(e) => {
            eprintln!("error: cannot render the man page: {e}");
            2
        }
    }
}
