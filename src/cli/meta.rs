//! `mcp-schema completions SHELL` and `mcp-schema man`: the CLI describing itself, from the same
//! clap definition that parses it.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

/// The binary's name, as shells and the man page know it.
const BIN: &str = "mcp-schema";

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
    clap_complete::generate(args.shell, &mut cmd, BIN, &mut out);
    let script = String::from_utf8_lossy(&out);
    let script = if args.shell == Shell::Bash { bash_case_labels_fixed(&script, BIN) } else { script.into_owned() };
    super::print(&script)
}

/// clap_complete's bash script names a subcommand's state twice: `cmd="mcp__schema__subcmd__check"`
/// (the `-` of the binary's name as `__`) and the `case` label `mcp__subcmd__schema__subcmd__check)`
/// (the `-` as `__subcmd__`). They never match, so nothing completes after a subcommand
/// (clap-rs/clap#6421, open for clap_complete 4.6.12). The labels are renamed to the states the script sets;
/// the renaming finds nothing to rename once clap_complete agrees with itself.
fn bash_case_labels_fixed(script: &str, bin: &str) -> String {
    const SEP: &str = "__subcmd__";
    let state = bin.replace('-', "__");
    let label = bin.replace('-', SEP);
    if state == label {
        return script.to_owned();
    }
    script.replace(&format!("{label}{SEP}"), &format!("{state}{SEP}"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bash_case_labels_are_the_states_the_script_sets() {
        let script = "cmd=\"a__b__subcmd__check\"\n        a__subcmd__b__subcmd__check)\n        a__b)\n";
        let fixed = bash_case_labels_fixed(script, "a-b");
        assert_eq!(fixed, "cmd=\"a__b__subcmd__check\"\n        a__b__subcmd__check)\n        a__b)\n");
        assert_eq!(bash_case_labels_fixed(script, "ab"), script);
    }
}
