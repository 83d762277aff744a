//! Text rules borrowed from Python: `str.title()` for property titles, `inspect.cleandoc` for
//! docstrings.

/// pydantic's property title: `key.title()`, `_` → space, trimmed.
pub fn python_title(key: &str) -> String {
    py_str_title(key).replace('_', " ").trim().to_owned()
}

/// Python's `str.title()`: a cased character after a cased one is lower-cased, any other is
/// title-cased.
pub fn py_str_title(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for (i, &c) in chars.iter().enumerate() {
        if prev_cased && c == 'Σ' {
            out.push(if is_final_sigma(&chars, i) { 'ς' } else { 'σ' });
        } else if prev_cased {
            out.extend(c.to_lowercase());
        } else {
            push_titlecase(c, &mut out);
        }
        prev_cased = is_cased(c);
    }
    out
}

/// Unicode's Final_Sigma context, as CPython lower-cases `Σ`: a cased letter before it and none
/// after it, skipping case-ignorable characters both ways.
fn is_final_sigma(chars: &[char], i: usize) -> bool {
    let before = chars[..i].iter().rev().find(|c| !is_case_ignorable(**c));
    let after = chars[i + 1..].iter().find(|c| !is_case_ignorable(**c));
    before.is_some_and(|c| is_cased(*c)) && !after.is_some_and(|c| is_cased(*c))
}

/// Unicode Case_Ignorable, for the characters property keys hold: the word-internal punctuation
/// (MidLetter, MidNumLet, Single_Quote), modifier symbols and letters, format characters and
/// combining marks.
fn is_case_ignorable(c: char) -> bool {
    matches!(
        c,
        '\'' | '.' | ':' | '^' | '`' | '\u{A8}' | '\u{AD}' | '\u{AF}' | '\u{B4}' | '\u{B7}' | '\u{B8}'
            | '\u{2B0}'..='\u{36F}' | '\u{374}' | '\u{375}' | '\u{37A}' | '\u{384}' | '\u{385}' | '\u{387}'
            | '\u{483}'..='\u{489}' | '\u{591}'..='\u{5BD}' | '\u{5F4}' | '\u{1AB0}'..='\u{1AFF}'
            | '\u{1D2C}'..='\u{1D6A}' | '\u{1DC0}'..='\u{1DFF}' | '\u{200B}'..='\u{200F}' | '\u{2018}' | '\u{2019}'
            | '\u{2024}' | '\u{2027}' | '\u{2060}'..='\u{2064}' | '\u{20D0}'..='\u{20FF}' | '\u{FE00}'..='\u{FE0F}'
            | '\u{FE13}' | '\u{FE20}'..='\u{FE2F}' | '\u{FE52}' | '\u{FE55}' | '\u{FEFF}' | '\u{FF07}' | '\u{FF0E}'
            | '\u{FF1A}' | '\u{FF3E}' | '\u{FF40}'
    )
}

/// Unicode "cased": Lowercase, Uppercase or Titlecase (Lt).
fn is_cased(c: char) -> bool {
    c.is_lowercase() || c.is_uppercase() || is_titlecase_letter(c)
}

fn is_titlecase_letter(c: char) -> bool {
    matches!(c, '\u{01C5}' | '\u{01C8}' | '\u{01CB}' | '\u{01F2}' | '\u{1F88}'..='\u{1F8F}' | '\u{1F98}'..='\u{1F9F}' | '\u{1FA8}'..='\u{1FAF}' | '\u{1FBC}' | '\u{1FCC}' | '\u{1FFC}')
}

/// Title case is upper case except for the characters of [`TITLE_NOT_UPPER`].
fn push_titlecase(c: char, out: &mut String) {
    match TITLE_NOT_UPPER.binary_search_by_key(&c, |(k, _)| *k) {
        Ok(i) => out.push_str(TITLE_NOT_UPPER[i].1),
        Err(_) => out.extend(c.to_uppercase()),
    }
}

/// Every character whose title case (`str.title()` in CPython 3.11, Unicode 14) is not its upper
/// case, sorted: `ß` → `Ss`, the `ǅ` digraphs, ligatures, Georgian (which title-cases to itself),
/// Greek with iota subscript, Armenian ligatures.
const TITLE_NOT_UPPER: &[(char, &str)] = &[
    ('\u{DF}', "\u{53}\u{73}"),
    ('\u{1C4}', "\u{1C5}"),
    ('\u{1C5}', "\u{1C5}"),
    ('\u{1C6}', "\u{1C5}"),
    ('\u{1C7}', "\u{1C8}"),
    ('\u{1C8}', "\u{1C8}"),
    ('\u{1C9}', "\u{1C8}"),
    ('\u{1CA}', "\u{1CB}"),
    ('\u{1CB}', "\u{1CB}"),
    ('\u{1CC}', "\u{1CB}"),
    ('\u{1F1}', "\u{1F2}"),
    ('\u{1F2}', "\u{1F2}"),
    ('\u{1F3}', "\u{1F2}"),
    ('\u{587}', "\u{535}\u{582}"),
    ('\u{10D0}', "\u{10D0}"),
    ('\u{10D1}', "\u{10D1}"),
    ('\u{10D2}', "\u{10D2}"),
    ('\u{10D3}', "\u{10D3}"),
    ('\u{10D4}', "\u{10D4}"),
    ('\u{10D5}', "\u{10D5}"),
    ('\u{10D6}', "\u{10D6}"),
    ('\u{10D7}', "\u{10D7}"),
    ('\u{10D8}', "\u{10D8}"),
    ('\u{10D9}', "\u{10D9}"),
    ('\u{10DA}', "\u{10DA}"),
    ('\u{10DB}', "\u{10DB}"),
    ('\u{10DC}', "\u{10DC}"),
    ('\u{10DD}', "\u{10DD}"),
    ('\u{10DE}', "\u{10DE}"),
    ('\u{10DF}', "\u{10DF}"),
    ('\u{10E0}', "\u{10E0}"),
    ('\u{10E1}', "\u{10E1}"),
    ('\u{10E2}', "\u{10E2}"),
    ('\u{10E3}', "\u{10E3}"),
    ('\u{10E4}', "\u{10E4}"),
    ('\u{10E5}', "\u{10E5}"),
    ('\u{10E6}', "\u{10E6}"),
    ('\u{10E7}', "\u{10E7}"),
    ('\u{10E8}', "\u{10E8}"),
    ('\u{10E9}', "\u{10E9}"),
    ('\u{10EA}', "\u{10EA}"),
    ('\u{10EB}', "\u{10EB}"),
    ('\u{10EC}', "\u{10EC}"),
    ('\u{10ED}', "\u{10ED}"),
    ('\u{10EE}', "\u{10EE}"),
    ('\u{10EF}', "\u{10EF}"),
    ('\u{10F0}', "\u{10F0}"),
    ('\u{10F1}', "\u{10F1}"),
    ('\u{10F2}', "\u{10F2}"),
    ('\u{10F3}', "\u{10F3}"),
    ('\u{10F4}', "\u{10F4}"),
    ('\u{10F5}', "\u{10F5}"),
    ('\u{10F6}', "\u{10F6}"),
    ('\u{10F7}', "\u{10F7}"),
    ('\u{10F8}', "\u{10F8}"),
    ('\u{10F9}', "\u{10F9}"),
    ('\u{10FA}', "\u{10FA}"),
    ('\u{10FD}', "\u{10FD}"),
    ('\u{10FE}', "\u{10FE}"),
    ('\u{10FF}', "\u{10FF}"),
    ('\u{1F80}', "\u{1F88}"),
    ('\u{1F81}', "\u{1F89}"),
    ('\u{1F82}', "\u{1F8A}"),
    ('\u{1F83}', "\u{1F8B}"),
    ('\u{1F84}', "\u{1F8C}"),
    ('\u{1F85}', "\u{1F8D}"),
    ('\u{1F86}', "\u{1F8E}"),
    ('\u{1F87}', "\u{1F8F}"),
    ('\u{1F88}', "\u{1F88}"),
    ('\u{1F89}', "\u{1F89}"),
    ('\u{1F8A}', "\u{1F8A}"),
    ('\u{1F8B}', "\u{1F8B}"),
    ('\u{1F8C}', "\u{1F8C}"),
    ('\u{1F8D}', "\u{1F8D}"),
    ('\u{1F8E}', "\u{1F8E}"),
    ('\u{1F8F}', "\u{1F8F}"),
    ('\u{1F90}', "\u{1F98}"),
    ('\u{1F91}', "\u{1F99}"),
    ('\u{1F92}', "\u{1F9A}"),
    ('\u{1F93}', "\u{1F9B}"),
    ('\u{1F94}', "\u{1F9C}"),
    ('\u{1F95}', "\u{1F9D}"),
    ('\u{1F96}', "\u{1F9E}"),
    ('\u{1F97}', "\u{1F9F}"),
    ('\u{1F98}', "\u{1F98}"),
    ('\u{1F99}', "\u{1F99}"),
    ('\u{1F9A}', "\u{1F9A}"),
    ('\u{1F9B}', "\u{1F9B}"),
    ('\u{1F9C}', "\u{1F9C}"),
    ('\u{1F9D}', "\u{1F9D}"),
    ('\u{1F9E}', "\u{1F9E}"),
    ('\u{1F9F}', "\u{1F9F}"),
    ('\u{1FA0}', "\u{1FA8}"),
    ('\u{1FA1}', "\u{1FA9}"),
    ('\u{1FA2}', "\u{1FAA}"),
    ('\u{1FA3}', "\u{1FAB}"),
    ('\u{1FA4}', "\u{1FAC}"),
    ('\u{1FA5}', "\u{1FAD}"),
    ('\u{1FA6}', "\u{1FAE}"),
    ('\u{1FA7}', "\u{1FAF}"),
    ('\u{1FA8}', "\u{1FA8}"),
    ('\u{1FA9}', "\u{1FA9}"),
    ('\u{1FAA}', "\u{1FAA}"),
    ('\u{1FAB}', "\u{1FAB}"),
    ('\u{1FAC}', "\u{1FAC}"),
    ('\u{1FAD}', "\u{1FAD}"),
    ('\u{1FAE}', "\u{1FAE}"),
    ('\u{1FAF}', "\u{1FAF}"),
    ('\u{1FB2}', "\u{1FBA}\u{345}"),
    ('\u{1FB3}', "\u{1FBC}"),
    ('\u{1FB4}', "\u{386}\u{345}"),
    ('\u{1FB7}', "\u{391}\u{342}\u{345}"),
    ('\u{1FBC}', "\u{1FBC}"),
    ('\u{1FC2}', "\u{1FCA}\u{345}"),
    ('\u{1FC3}', "\u{1FCC}"),
    ('\u{1FC4}', "\u{389}\u{345}"),
    ('\u{1FC7}', "\u{397}\u{342}\u{345}"),
    ('\u{1FCC}', "\u{1FCC}"),
    ('\u{1FF2}', "\u{1FFA}\u{345}"),
    ('\u{1FF3}', "\u{1FFC}"),
    ('\u{1FF4}', "\u{38F}\u{345}"),
    ('\u{1FF7}', "\u{3A9}\u{342}\u{345}"),
    ('\u{1FFC}', "\u{1FFC}"),
    ('\u{FB00}', "\u{46}\u{66}"),
    ('\u{FB01}', "\u{46}\u{69}"),
    ('\u{FB02}', "\u{46}\u{6C}"),
    ('\u{FB03}', "\u{46}\u{66}\u{69}"),
    ('\u{FB04}', "\u{46}\u{66}\u{6C}"),
    ('\u{FB05}', "\u{53}\u{74}"),
    ('\u{FB06}', "\u{53}\u{74}"),
    ('\u{FB13}', "\u{544}\u{576}"),
    ('\u{FB14}', "\u{544}\u{565}"),
    ('\u{FB15}', "\u{544}\u{56B}"),
    ('\u{FB16}', "\u{54E}\u{576}"),
    ('\u{FB17}', "\u{544}\u{56D}"),
];

/// The `description` pydantic gives a field with this doc: `Field(description=cleandoc(doc))`,
/// present as soon as the field has a doc, even one that cleans to `""`.
pub fn field_description(lines: &[String]) -> Option<String> {
    (!lines.is_empty()).then(|| cleandoc(&lines.join("\n")))
}

/// The `description` pydantic gives a model or an enum: its docstring cleaned, when the docstring
/// is not empty (pydantic tests `if docstring:`), so a doc of blank lines gives `""`.
pub fn class_description(lines: &[String]) -> Option<String> {
    let raw = lines.join("\n");
    (!raw.is_empty()).then(|| cleandoc(&raw))
}

/// Python's `inspect.cleandoc`.
pub fn cleandoc(raw: &str) -> String {
    let expanded: Vec<String> = raw.split('\n').map(expand_tabs).collect();
    let indent = |l: &str| l.chars().count() - l.trim_start().chars().count();
    let margin = expanded.iter().skip(1).filter(|l| !l.trim_start().is_empty()).map(|l| indent(l)).min().unwrap_or(0);
    let mut out: Vec<String> = Vec::with_capacity(expanded.len());
    for (i, line) in expanded.iter().enumerate() {
        if i == 0 {
            out.push(line.trim_start().to_owned());
        } else {
            out.push(line.chars().skip(margin).collect());
        }
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    while out.first().is_some_and(|l| l.is_empty()) {
        out.remove(0);
    }
    out.join("\n")
}

fn expand_tabs(line: &str) -> String {
    let mut out = String::new();
    let mut col = 0;
    for c in line.chars() {
        if c == '\t' {
            let n = 8 - col % 8;
            out.extend(std::iter::repeat(' ').take(n));
            col += n;
        } else {
            out.push(c);
            col = if c == '\n' || c == '\r' { 0 } else { col + 1 };
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_follow_python() {
        for (key, want) in [
            ("my_param_name", "My Param Name"),
            ("camelCase", "Camelcase"),
            ("x2y", "X2Y"),
            ("ABC", "Abc"),
            ("a_b_", "A B"),
            ("snake_2_case", "Snake 2 Case"),
            ("über", "Über"),
            ("lastLoginAt", "Lastloginat"),
            ("result", "Result"),
            ("straße", "Straße"),
            ("ßa", "Ssa"),
            ("ΟΔΟΣ", "Οδος"),
            ("ΣΑΣ_ΣΑΣ", "Σας Σας"),
            ("ΟΔΟΣx", "Οδοσx"),
            ("ΟΔΟΣ'", "Οδος'"),
            ("ΟΔΟΣ'A", "Οδοσ'A"),
            ("Σ", "Σ"),
            ("aΣ", "Aς"),
            ("ᾳ_x", "ᾼ X"),
            ("ﬁle", "File"),
            ("ǆemal", "ǅemal"),
            ("ŉx", "ʼNx"),
            ("ანა", "ანა"),
            ("İx", "İx"),
        ] {
            assert_eq!(python_title(key), want, "{key}");
        }
    }

    #[test]
    fn the_title_exceptions_are_sorted() {
        assert!(TITLE_NOT_UPPER.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn cleandoc_dedents_and_trims() {
        let lines: Vec<String> = ["Summary line.", "", "Longer description", "    with indentation."]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(field_description(&lines).unwrap(), "Summary line.\n\nLonger description\n    with indentation.");
        let lines: Vec<String> = ["", "    Indented.", "      More.", "   "].iter().map(|s| s.to_string()).collect();
        assert_eq!(field_description(&lines).unwrap(), "Indented.\n  More.");
        let lines: Vec<String> = ["A.", "      b", "    "].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            field_description(&lines).unwrap(),
            "A.\nb",
            "a whitespace-only last line shorter than the margin goes"
        );
        assert_eq!(
            field_description(&[String::new()]).as_deref(),
            Some(""),
            "a field doc that cleans to nothing is `\"\"`"
        );
        assert_eq!(field_description(&[]), None);
        assert_eq!(class_description(&[String::new()]), None, "an empty docstring is falsy");
        assert_eq!(class_description(&[" ".into()]).as_deref(), Some(""), "a blank one is not");
    }
}
