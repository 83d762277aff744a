//! The one way crate text (tool names, descriptions, paths, messages that quote them) reaches a
//! terminal, a CI log, a pull-request comment or a SARIF log: escaped for its [`Sink`]. The crate
//! is written by whoever opened the pull request, so nothing it says may move a terminal's cursor,
//! become a GitHub workflow command, or add a heading, a mention or an image to a comment.
//!
//! - control characters (C0 but the line break and the tab of our own text, DEL, C1, and the
//!   bidirectional overrides of "trojan source") are always written as Rust escapes (`\u{1b}`);
//! - a line of stdout or stderr that the GitHub runner would read as a workflow command (`::` at
//!   its start after blanks, `##[` anywhere) gets a `\` in front of the command ([`log_lines`]);
//! - in Markdown, crate text is a code span, or prose with every character CommonMark or GitHub
//!   reads as syntax escaped ([`markdown_text`]);
//! - in workflow-command data, `%`, CR and LF are escaped as the runner wants them.

use std::fmt::Write as _;

/// Where crate text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sink {
    /// A terminal, or a log that a program reads by lines (stdout, stderr): one line.
    Terminal,
    /// The data of a GitHub workflow command (`::error …::DATA`).
    GithubLog,
    /// The prose of a Markdown comment (a pull-request comment, a docs section).
    Markdown,
    /// A SARIF message's text.
    Sarif,
}

impl Sink {
    /// `text`, crate text, escaped for this sink.
    pub fn text(self, text: &str) -> String {
        match self {
            Sink::Terminal => terminal(text),
            Sink::GithubLog => github_data(text),
            Sink::Markdown => markdown_text(text),
            Sink::Sarif => sarif(text),
        }
    }
}

/// Whether `c` must never reach a sink as itself: a control character, a line or paragraph
/// separator, or a bidirectional formatting character.
fn is_hostile(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}')
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` with the characters `escape` says escaped as Rust writes them (`\n`, `\u{1b}`).
fn escaped(text: &str, escape: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !escape(c) {
            out.push(c);
            continue;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            _ => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    out
}

/// Crate text on one line of a terminal: every control character escaped, line breaks too.
pub fn terminal(text: &str) -> String {
    escaped(text, is_hostile)
}

/// A message of several lines (ours, quoting crate text) for a terminal: its line breaks and tabs
/// kept, every other control character escaped, and within its code spans (`` `name` ``, as our
/// messages quote crate text) the line breaks too. What it prints still goes through
/// [`log_lines`].
pub fn terminal_block(text: &str) -> String {
    let block = |s: &str| escaped(s, |c| is_hostile(c) && c != '\n' && c != '\t');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let run = rest[open..].bytes().take_while(|&b| b == b'`').count();
        let after = &rest[open + run..];
        let Some(close) = closing_run_in(after, run) else { break };
        out.push_str(&block(&rest[..open + run]));
        out.push_str(&terminal(&after[..close]));
        out.push_str(&rest[open + run + close..open + run + close + run]);
        rest = &after[close + run..];
    }
    out.push_str(&block(rest));
    out
}

/// Where the backtick run of exactly `len` in `text` starts.
fn closing_run_in(text: &str, len: usize) -> Option<usize> {
    let chars: Vec<char> = text.chars().collect();
    let at = closing_run(&chars, 0, len)?;
    Some(chars[..at].iter().map(|c| c.len_utf8()).sum())
}

/// Output we rendered (our colours and line breaks) that quotes crate text we could not escape
/// piece by piece, as miette's snippet of a source line: every control character escaped but the
/// line break, the tab, a CR before a line break, and the ESC that opens a colour (SGR,
/// `ESC [ digits m`); then [`log_lines`].
pub fn rendered(text: &str) -> String {
    if !text.chars().any(|c| is_hostile(c) && c != '\n' && c != '\t') {
        return log_lines(text);
    }
    let bytes = text.as_bytes();
    let sgr = |i: usize| {
        let rest = &bytes[i + 1..];
        rest.first() == Some(&b'[') && {
            let n = rest[1..].iter().take_while(|b| b.is_ascii_digit() || **b == b';').count();
            rest.get(1 + n) == Some(&b'm')
        }
    };
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let kept = match c {
            '\n' | '\t' => true,
            '\r' => bytes.get(i + 1) == Some(&b'\n'),
            '\x1b' => sgr(i),
            c => !is_hostile(c),
        };
        if kept {
            out.push(c);
        } else {
            out.push_str(&terminal(c.encode_utf8(&mut [0; 4])));
        }
    }
    log_lines(&out)
}

/// What goes to stdout or stderr, made safe for a CI log read by the GitHub runner: a line that
/// starts (after blanks) with `::` gets a `\` before it, and `##[` (the runner's older command
/// form) is written `#\#[`. The runner ends a line at CR as well as LF. Text without either is
/// returned as it is.
pub fn log_lines(text: &str) -> String {
    if !text.contains("::") && !text.contains("##[") {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(['\n', '\r']).map_or(rest.len(), |i| i + 1);
        let (line, next) = rest.split_at(end);
        let body = line.trim_start();
        let blanks = &line[..line.len() - body.len()];
        out.push_str(blanks);
        if body.starts_with("::") {
            out.push('\\');
        }
        out.push_str(&body.replace("##[", "#\\#["));
        rest = next;
    }
    out
}

/// A JSON document for stdout or stderr, made safe for a CI log: no line of pretty JSON starts with
/// `::`, and `##[`, which can only be inside a string, is written `#\u0023[` (the same string).
pub fn json_lines(text: &str) -> String {
    text.replace("##[", "#\\u0023[")
}

/// Workflow-command data: control characters escaped, then `%`, CR and LF as the runner reads
/// them (`%25`, `%0D`, `%0A`): our own line breaks show as line breaks in the annotation, and
/// nothing can start a line of the log.
pub fn github_data(text: &str) -> String {
    terminal_block(text).replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Workflow-command property values (`file=`, `title=`): also `:` and `,`.
pub fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// A SARIF message's text: JSON escapes the rest, but a viewer shows what is decoded, so control
/// characters are escaped; line breaks are kept.
pub fn sarif(text: &str) -> String {
    terminal_block(text)
}

/// Crate text as an inline code span, safe in a table cell: on one line (control characters
/// escaped), `|` escaped, fenced by a backtick run longer than any inside. Nothing in a code span
/// is Markdown, HTML, a mention or a link.
pub fn markdown_code(text: &str) -> String {
    let s = terminal(text).replace('|', "\\|");
    let ticks = "`".repeat(longest_backtick_run(&s) + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') { " " } else { "" };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

fn longest_backtick_run(s: &str) -> usize {
    s.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// Text in HTML (a `<summary>`, a `<code>`): `&`, `<`, `>` as entities, on one line.
pub fn html(text: &str) -> String {
    terminal(text).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Prose in Markdown (ours, quoting crate text) on one line: line breaks are spaces, control
/// characters escaped, and outside its code spans every character CommonMark or GitHub could read
/// as syntax backslash-escaped (block markers, emphasis, links, images, HTML, entities, tables), an
/// `@` written as a code span so that it notifies no one. Its code spans (`` `x` ``, as our
/// messages quote names) are kept as they are: nothing in them is read.
pub fn markdown_text(text: &str) -> String {
    let s = terminal_block(text).replace('\n', " ").replace('\t', "\\t");
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '`' {
            let run = chars[i..].iter().take_while(|&&c| c == '`').count();
            if let Some(close) = closing_run(&chars, i + run, run) {
                let span: String = chars[i..close + run].iter().collect();
                out.push_str(&span.replace('|', "\\|"));
                i = close + run;
            } else {
                (0..run).for_each(|_| out.push_str("\\`"));
                i += run;
            }
            continue;
        }
        match c {
            '@' => out.push_str("`@`"),
            '\\' | '*' | '_' | '[' | ']' | '<' | '>' | '!' | '|' | '#' | '~' | '&' | '+' | '-' | '='
                if needs_escape(&chars, i) =>
            {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// Whether the punctuation at `i` is escaped: always, except the few that are syntax only at the
/// start of a line (`-`, `+`, `=`, `>`: a list item, a setext heading, a quote) or before a link (`!`).
fn needs_escape(chars: &[char], i: usize) -> bool {
    match chars[i] {
        // A list item (`- `), a quote, or a thematic break or heading underline (`---`, `===`).
        '-' | '+' | '=' | '>' if chars[..i].iter().all(|c| c.is_whitespace()) => {
            chars[i] == '>'
                || chars.get(i + 1).map_or(true, |c| c.is_whitespace())
                || chars[i..].iter().all(|&c| c == chars[i] || c.is_whitespace())
        }
        '-' | '+' | '=' | '>' => false,
        '!' => chars.get(i + 1) == Some(&'['),
        _ => true,
    }
}

/// Where the backtick run of exactly `len` after `from` starts (the end of a code span).
fn closing_run(chars: &[char], from: usize, len: usize) -> Option<usize> {
    let mut j = from;
    while j < chars.len() {
        if chars[j] == '`' {
            let run = chars[j..].iter().take_while(|&&c| c == '`').count();
            if run == len {
                return Some(j);
            }
            j += run;
        } else {
            j += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strings a hostile crate puts in a tool name or description.
    const HOSTILE: &[&str] = &[
        "a\n::error file=x.rs,line=1::forged",
        "::stop-commands::tok",
        "\x1b[2Jcleared",
        "over\rwritten",
        "col|umn",
        "# heading",
        "hi @user",
        "![x](http://evil.example/x.png)",
        "<img src=x onerror=alert(1)>",
        "bidi \u{202E}txt",
        "c1 \u{9b}31m",
    ];

    #[test]
    fn terminal_text_has_no_control_character() {
        let shown: Vec<String> = HOSTILE.iter().map(|s| terminal(s)).collect();
        for s in &shown {
            assert!(!s.chars().any(is_hostile), "{s:?}");
        }
        assert_eq!(
            shown,
            [
                "a\\n::error file=x.rs,line=1::forged",
                "::stop-commands::tok",
                "\\u{1b}[2Jcleared",
                "over\\rwritten",
                "col|umn",
                "# heading",
                "hi @user",
                "![x](http://evil.example/x.png)",
                "<img src=x onerror=alert(1)>",
                "bidi \\u{202e}txt",
                "c1 \\u{9b}31m",
            ]
        );
        assert_eq!(terminal_block("line\n\there\x1b[2J"), "line\n\there\\u{1b}[2J");
        assert_eq!(terminal_block("tool `a\n::error::x`: bad\nhelp `b`"), "tool `a\\n::error::x`: bad\nhelp `b`");
        assert_eq!(terminal_block("it's `one\nand"), "it's `one\nand");
    }

    #[test]
    fn rendered_output_keeps_our_colours_only() {
        let ours = "\x1b[31merror\x1b[0m: bad\r\n  | let s = \"\x1b[2J\r\u{9b}\";\n::error::x\n";
        assert_eq!(
            rendered(ours),
            "\x1b[31merror\x1b[0m: bad\r\n  | let s = \"\\u{1b}[2J\\r\\u{9b}\";\n\\::error::x\n"
        );
    }

    #[test]
    fn log_lines_start_no_workflow_command() {
        let text = "ok\n::error file=x::forged\n  ::stop-commands::tok\r::warning::cr\nsee ##[error]x\nfine :: here\n";
        assert_eq!(
            log_lines(text),
            "ok\n\\::error file=x::forged\n  \\::stop-commands::tok\r\\::warning::cr\nsee #\\#[error]x\nfine :: here\n"
        );
        assert_eq!(log_lines("no commands: a::b\n"), "no commands: a::b\n");
    }

    #[test]
    fn json_lines_stay_the_same_json() {
        let doc = serde_json::json!({"name": "##[error]x", "d": "::stop-commands::t\n::error::x"});
        let text = serde_json::to_string_pretty(&doc).unwrap();
        let safe = json_lines(&text);
        assert!(!safe.contains("##[") && safe.lines().all(|l| !l.trim_start().starts_with("::")));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), doc);
    }

    #[test]
    fn github_data_starts_no_line() {
        let shown: Vec<String> = HOSTILE.iter().map(|s| github_data(s)).collect();
        assert!(shown.iter().all(|s| !s.contains(['\n', '\r', '\x1b'])), "{shown:?}");
        assert_eq!(shown[0], "a%0A::error file=x.rs,line=1::forged");
        assert_eq!(shown[2], "\\u{1b}[2Jcleared");
        assert_eq!(shown[3], "over\\rwritten");
        assert_eq!(github_data("ours\r\nand `a\nb`"), "ours\\r%0Aand `a\\nb`");
        assert_eq!(github_property("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
    }

    #[test]
    fn markdown_text_is_inert() {
        let shown: Vec<String> = HOSTILE.iter().map(|s| markdown_text(s)).collect();
        assert_eq!(
            shown,
            [
                "a ::error file=x.rs,line=1::forged",
                "::stop-commands::tok",
                "\\\\u{1b}\\[2Jcleared",
                "over\\\\rwritten",
                "col\\|umn",
                "\\# heading",
                "hi `@`user",
                "\\!\\[x\\](http://evil.example/x.png)",
                "\\<img src=x onerror=alert(1)>",
                "bidi \\\\u{202e}txt",
                "c1 \\\\u{9b}31m",
            ]
        );
        // Our own code spans stay code spans; a lone backtick is text.
        assert_eq!(markdown_text("the field `a|b` of `T`"), "the field `a\\|b` of `T`");
        assert_eq!(markdown_text("it's `x"), "it's \\`x");
        assert_eq!(markdown_text("- item\n# h"), "\\- item \\# h");
        assert_eq!(markdown_text("--flag is -x"), "--flag is -x");
        assert_eq!(markdown_text("---"), "\\---");
        assert_eq!(markdown_text("> quote"), "\\> quote");
    }

    #[test]
    fn markdown_code_and_html_stay_on_one_line() {
        assert_eq!(markdown_code("a\n# b|c"), "`a\\n# b\\|c`");
        assert_eq!(markdown_code("`x`"), "`` `x` ``");
        assert_eq!(html("<img>\n&"), "&lt;img&gt;\\n&amp;");
    }

    #[test]
    fn sinks_pick_their_function() {
        let s = "a\n::error::x";
        assert_eq!(Sink::Terminal.text(s), terminal(s));
        assert_eq!(Sink::GithubLog.text(s), github_data(s));
        assert_eq!(Sink::Markdown.text(s), markdown_text(s));
        assert_eq!(Sink::Sarif.text(s), sarif(s));
    }
}
