//! `mcp-schema completions SHELL` and `mcp-schema man`: the CLI describing itself, from the same
//! clap definition that parses it.

use clap::Args;
use clap_complete::Shell;

/// The binary's name, as shells and the man page know it.
const BIN: &str = "mcp-schema";

pub const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  mcp-schema completions bash > ~/.local/share/bash-completion/completions/mcp-schema
  mcp-schema completions zsh > ~/.zfunc/_mcp-schema      with fpath+=~/.zfunc in ~/.zshrc
  mcp-schema completions fish > ~/.config/fish/completions/mcp-schema.fish

Exit status: 0 printed, 2 an error was reported (a shell it has no script for)";

pub const MAN_EXAMPLES: &str = "\
Examples:
  mcp-schema man > mcp-schema.1 && man ./mcp-schema.1
  mcp-schema man > ~/.local/share/man/man1/mcp-schema.1   then `man mcp-schema`

Exit status: 0 printed, 2 an error was reported";

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    shell: Shell,
}

/// Print the completion script of `shell` for the command line `cmd`.
pub fn completions(args: CompletionsArgs, mut cmd: clap::Command) -> u8 {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, BIN, &mut out);
    let script = String::from_utf8_lossy(&out);
    let script = if args.shell == Shell::Bash { bash_case_labels_fixed(&script, BIN) } else { script.into_owned() };
    super::print(&script)
}

/// clap_complete's bash script names a subcommand's state twice: `cmd="mcp__schema__subcmd__check"`
/// (the `-` of the binary's name as `__`) and the `case` label `mcp__subcmd__schema__subcmd__check)`
/// (the `-` as `__subcmd__`). They never match, so nothing completes after a subcommand
/// (clap-rs/clap#6421, open for clap_complete 4.6.12). The labels are renamed to the states the
/// script sets; the renaming finds nothing to rename once clap_complete agrees with itself.
fn bash_case_labels_fixed(script: &str, bin: &str) -> String {
    const SEP: &str = "__subcmd__";
    let state = bin.replace('-', "__");
    let label = bin.replace('-', SEP);
    if state == label {
        return script.to_owned();
    }
    script.replace(&format!("{label}{SEP}"), &format!("{state}{SEP}"))
}

/// Print the man page (roff) of the command line `cmd`, e.g. `mcp-schema man > mcp-schema.1`: one
/// page, every command in it.
pub fn man(cmd: clap::Command) -> u8 {
    match man_page(cmd) {
        Ok(page) => super::print(&page),
        Err(e) => {
            say!("error: cannot render the man page: {e}");
            2
        }
    }
}

/// What roff output starts with (the `roff` crate writes it before every part rendered alone).
const ROFF_PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";

/// One page: the command's own sections as clap_mangen renders them, then a section for each
/// subcommand (its synopsis, description, options, examples and exit status as subsections).
/// clap_mangen's page lists the subcommands as pages of their own (`mcp-schema-generate(1)`),
/// which `man` would have to write as files; one page installs as one file.
fn man_page(cmd: clap::Command) -> std::io::Result<String> {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let top = clap_mangen::Man::new(cmd.clone());
    let mut page = Vec::new();
    top.render_title(&mut page)?;
    top.render_name_section(&mut page)?;
    top.render_synopsis_section(&mut page)?;
    top.render_description_section(&mut page)?;
    top.render_options_section(&mut page)?;
    top.render_extra_section(&mut page)?;
    let mut text = String::from_utf8_lossy(&page).into_owned();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        text.push_str(&command_section(sub)?);
    }
    let mut version = Vec::new();
    top.render_version_section(&mut version)?;
    text.push_str(&String::from_utf8_lossy(&version));
    Ok(format!("{ROFF_PREAMBLE}{}", renamed_headings(&text.replace(ROFF_PREAMBLE, ""))))
}

/// A subcommand's section: headed by its command line, with its parts one level down.
fn command_section(sub: &clap::Command) -> std::io::Result<String> {
    let man = clap_mangen::Man::new(sub.clone());
    let mut parts = Vec::new();
    man.render_synopsis_section(&mut parts)?;
    man.render_description_section(&mut parts)?;
    if sub.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut parts)?;
    }
    if sub.get_after_help().is_some() {
        man.render_extra_section(&mut parts)?;
    }
    let name = sub.get_bin_name().unwrap_or(sub.get_name()).replace('-', "\\-");
    let body: String = String::from_utf8_lossy(&parts)
        .replace(ROFF_PREAMBLE, "")
        .lines()
        .map(|line| match line.strip_prefix(".SH ") {
            Some(heading) => format!(".SS {heading}\n"),
            None => format!("{line}\n"),
        })
        .collect();
    Ok(format!(".SH \"{name}\"\n{body}"))
}

/// clap_mangen heads the `after_help` text "EXTRA"; here it is always the examples and the exit
/// status (a test holds every command to that).
fn renamed_headings(page: &str) -> String {
    page.replace(".SH EXTRA\n", ".SH \"EXAMPLES AND EXIT STATUS\"\n")
        .replace(".SS EXTRA\n", ".SS \"EXAMPLES AND EXIT STATUS\"\n")
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
