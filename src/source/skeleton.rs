//! Skeletons: a file's text with the bodies of its functions taken out, so that syn parses only
//! the item structure. Most of a crate's bytes are function bodies, and no profile needs them,
//! except a few small ones it asks for by name (a `default = "path"` fn, a router constructor),
//! which are parsed on demand from the original text (see [`super::ParsedFile::body`]).
//!
//! A body's interior is taken out whole, its lines too: the closing brace and what follows it on
//! its line join the line of the opening brace. A [`Correction`] at every such closing brace
//! says where the skeleton's text continues in the original (line and column), so spans of the
//! skeleton map back to exact positions in the original text. (Keeping the lines instead would
//! keep, in proc-macro2's source map, a byte and an 8-byte line start for every line of every
//! body, most of the memory it takes.)
//!
//! The scan is lexical (comments, strings, raw strings, chars and lifetimes are understood) and
//! tracks item nesting: a `{` is a function body when the item header before it starts with `fn`
//! (after `pub`, `const`, `async`, `unsafe`, `extern "…"`, `default`), a container to descend into
//! when it starts with `impl`, `trait`, `mod` or `extern`, and anything else is copied verbatim.

/// A body that was taken out: the byte offsets of its braces in the original text, and the
/// position of the opening brace (1-based line, 0-based column in chars) for parsing it alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyRange {
    pub open: usize,
    pub close: usize,
    pub line: usize,
    pub column: usize,
}

/// From skeleton position (`line`, `from`) on, the skeleton's text is the original's from
/// (`orig_line`, `orig_from`) on: up to the next correction, a position on the same skeleton line
/// is `orig_from + (column - from)` on `orig_line`, and a later skeleton line is
/// `line + (orig_line - line)` lines down, at the same column. Lines are 1-based, columns
/// 0-based, in chars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Correction {
    pub line: usize,
    pub from: usize,
    pub orig_line: usize,
    pub orig_from: usize,
}

/// The original position of a skeleton position, given the skeleton's corrections (in order).
pub fn original_position(corrections: &[Correction], line: usize, column: usize) -> (usize, usize) {
    let after = corrections.partition_point(|c| (c.line, c.from) <= (line, column));
    match after.checked_sub(1).map(|i| corrections[i]) {
        None => (line, column),
        Some(c) if c.line == line => (c.orig_line, c.orig_from + (column - c.from)),
        Some(c) => (line + (c.orig_line - c.line), column),
    }
}

#[derive(Debug, Default, Clone)]
pub struct Skeleton {
    pub text: String,
    pub bodies: Vec<BodyRange>,
    pub corrections: Vec<Correction>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Header {
    /// Nothing decisive seen yet since the last item boundary.
    Start,
    /// `extern` seen: `extern "C" fn` or `extern "C" { … }` / `extern crate`.
    Extern,
    /// `const` seen: `const fn` or a `const` item.
    Const,
    Fn,
    Container,
    Other,
}

/// Build the skeleton of `src`.
pub fn skeletonize(src: &str) -> Skeleton {
    let b = src.as_bytes();
    let mut out = Skeleton { text: String::with_capacity(src.len() / 3), ..Skeleton::default() };
    // Containers we are inside (file, mod, impl, trait, extern block): one header per level.
    let mut headers: Vec<Header> = vec![Header::Start];
    let mut depth_paren = 0usize;
    let mut copied = 0usize; // src[..copied] has been handled
    let mut line = 1usize;
    let mut line_start = 0usize;
    // The line of the skeleton's end (1-based): behind `line` by the lines of the bodies taken out.
    let mut skel_line = 1usize;
    let mut i = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                line += 1;
                line_start = i + 1;
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => i = skip_line_comment(b, i),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = skip_block_comment(b, i);
                count_lines(b, i, end, &mut line, &mut line_start);
                i = end;
            }
            b'"' => {
                let end = skip_string(b, i + 1);
                count_lines(b, i, end, &mut line, &mut line_start);
                i = end;
            }
            b'\'' => i = skip_quote(src, i),
            b'(' | b'[' => {
                depth_paren += 1;
                i += 1;
            }
            b')' | b']' => {
                depth_paren = depth_paren.saturating_sub(1);
                i += 1;
            }
            b';' if depth_paren == 0 => {
                *headers.last_mut().expect("never empty") = Header::Start;
                i += 1;
            }
            b'{' if depth_paren == 0 => {
                let header = *headers.last().expect("never empty");
                match header {
                    Header::Fn => {
                        let close = matching_brace(src, i);
                        let Some(close) = close else {
                            // Unbalanced: leave the rest to syn, which will say where.
                            break;
                        };
                        if src[i + 1..close].trim().is_empty() {
                            // Nothing to take out.
                            count_lines(b, i, close, &mut line, &mut line_start);
                            i = close + 1;
                            *headers.last_mut().expect("never empty") = Header::Start;
                            continue;
                        }
                        let column = src[line_start..i].chars().count();
                        out.text.push_str(&src[copied..=i]);
                        skel_line += src[copied..=i].bytes().filter(|&x| x == b'\n').count();
                        out.bodies.push(BodyRange { open: i, close, line, column });
                        count_lines(b, i, close, &mut line, &mut line_start);
                        // The closing brace follows the opening one: say where it really is.
                        let orig_from = src[line_start..close].chars().count();
                        let skel_line_start = out.text.rfind('\n').map_or(0, |p| p + 1);
                        let from = out.text[skel_line_start..].chars().count();
                        if (skel_line, from) != (line, orig_from) {
                            out.corrections.push(Correction { line: skel_line, from, orig_line: line, orig_from });
                        }
                        copied = close;
                        i = close + 1;
                        out.text.push('}');
                        copied += 1;
                        *headers.last_mut().expect("never empty") = Header::Start;
                    }
                    Header::Container | Header::Extern => {
                        headers.push(Header::Start);
                        i += 1;
                    }
                    _ => {
                        // A struct body, a macro, a const block: copied as it is.
                        let Some(close) = matching_brace(src, i) else { break };
                        count_lines(b, i, close, &mut line, &mut line_start);
                        i = close + 1;
                        *headers.last_mut().expect("never empty") = Header::Start;
                    }
                }
            }
            b'}' if depth_paren == 0 => {
                if headers.len() > 1 {
                    headers.pop();
                }
                *headers.last_mut().expect("never empty") = Header::Start;
                i += 1;
            }
            c if c == b'_' || c.is_ascii_alphabetic() || c >= 0x80 => {
                let start = i;
                // `r#ident` is an identifier, never a keyword; `r"…"`/`br#"…"#` are raw strings.
                if let Some(end) = raw_string_end(b, i) {
                    count_lines(b, i, end, &mut line, &mut line_start);
                    i = end;
                    continue;
                }
                if (c == b'b' || c == b'c') && b.get(i + 1) == Some(&b'"') {
                    let end = skip_string(b, i + 2);
                    count_lines(b, i, end, &mut line, &mut line_start);
                    i = end;
                    continue;
                }
                if c == b'b' && b.get(i + 1) == Some(&b'\'') {
                    i = skip_quote(src, i + 1);
                    continue;
                }
                let raw = c == b'r' && b.get(i + 1) == Some(&b'#');
                if raw {
                    i += 2;
                }
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric() || b[i] >= 0x80) {
                    i += 1;
                }
                if depth_paren == 0 && !raw {
                    let word = &src[start..i];
                    let h = headers.last_mut().expect("never empty");
                    *h = classify(*h, word);
                } else if depth_paren == 0 {
                    let h = headers.last_mut().expect("never empty");
                    if matches!(*h, Header::Start | Header::Extern | Header::Const) {
                        *h = Header::Other;
                    }
                }
            }
            _ => i += 1,
        }
    }
    out.text.push_str(&src[copied..]);
    out
}

/// The header after one more word at item level.
fn classify(h: Header, word: &str) -> Header {
    match h {
        Header::Start => match word {
            "fn" => Header::Fn,
            "impl" | "trait" | "mod" => Header::Container,
            "extern" => Header::Extern,
            "const" => Header::Const,
            "pub" | "unsafe" | "async" | "default" | "auto" | "crate" | "safe" => Header::Start,
            _ => Header::Other,
        },
        Header::Extern => match word {
            "fn" => Header::Fn,
            "crate" => Header::Other,
            "unsafe" | "safe" | "async" => Header::Extern,
            _ => Header::Other,
        },
        Header::Const => match word {
            "fn" => Header::Fn,
            "unsafe" | "async" | "extern" => Header::Const,
            _ => Header::Other,
        },
        other => other,
    }
}

fn count_lines(b: &[u8], from: usize, to: usize, line: &mut usize, line_start: &mut usize) {
    for (k, &x) in b[from..to.min(b.len())].iter().enumerate() {
        if x == b'\n' {
            *line += 1;
            *line_start = from + k + 1;
        }
    }
}

fn skip_line_comment(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&x| x == b'\n').map_or(b.len(), |p| i + p)
}

/// Block comments nest in Rust.
fn skip_block_comment(b: &[u8], i: usize) -> usize {
    let mut depth = 0usize;
    let mut j = i;
    while j < b.len() {
        if b[j] == b'/' && b.get(j + 1) == Some(&b'*') {
            depth += 1;
            j += 2;
        } else if b[j] == b'*' && b.get(j + 1) == Some(&b'/') {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return j;
            }
        } else {
            j += 1;
        }
    }
    b.len()
}

/// From just after an opening `"` to just after the closing one.
fn skip_string(b: &[u8], mut j: usize) -> usize {
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
    b.len()
}

/// `r"…"`, `r#"…"#`, `br"…"`, `cr#"…"#`: the end of the literal, if one starts at `i`.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if matches!(b.get(j), Some(b'b' | b'c')) {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&x| x == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    j += 1;
    while j < b.len() {
        if b[j] == b'"'
            && b[j + 1..].iter().take(hashes).filter(|&&x| x == b'#').count() == hashes
            && b.len() >= j + 1 + hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(b.len())
}

/// At a `'`: a char literal (`'a'`, `'\n'`, `'\u{1F600}'`) is skipped whole; a lifetime or label
/// only loses its quote.
fn skip_quote(src: &str, i: usize) -> usize {
    let b = src.as_bytes();
    match b.get(i + 1) {
        Some(b'\\') => {
            // Past the backslash and the escaped char (which may itself be a quote).
            let mut j = i + 3;
            while j < b.len() && b[j] != b'\'' && b[j] != b'\n' {
                j += 1;
            }
            (j + 1).min(b.len())
        }
        Some(_) => {
            let next = src[i + 1..].chars().next().map_or(1, char::len_utf8);
            if b.get(i + 1 + next) == Some(&b'\'') {
                i + 2 + next
            } else {
                i + 1
            }
        }
        None => i + 1,
    }
}

/// The offset of the `}` matching the `{` at `open`, skipping comments, strings and chars.
///
/// Most of a crate's bytes pass through here (they are function bodies), so the bytes that cannot
/// start anything (whitespace, digits, most punctuation) are skipped by a table lookup, and an
/// identifier is looked at for a literal prefix (`r"`, `b'`, `br#"`, `c"`…) only when it starts
/// with one of those letters.
fn matching_brace(src: &str, open: usize) -> Option<usize> {
    let b = src.as_bytes();
    let mut depth = 0usize;
    let mut j = open;
    while j < b.len() {
        let c = b[j];
        match BYTE_CLASS[c as usize] {
            PLAIN => {
                j += 1;
                while j < b.len() && BYTE_CLASS[b[j] as usize] == PLAIN {
                    j += 1;
                }
            }
            IDENT => j = skip_ident(b, j),
            _ => match c {
                b'{' => {
                    depth += 1;
                    j += 1;
                }
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                    j += 1;
                }
                b'/' if b.get(j + 1) == Some(&b'/') => j = skip_line_comment(b, j),
                b'/' if b.get(j + 1) == Some(&b'*') => j = skip_block_comment(b, j),
                b'"' => j = skip_string(b, j + 1),
                b'\'' => j = skip_quote(src, j),
                // `b`, `c` or `r`: perhaps a literal's prefix.
                _ if c.is_ascii_alphabetic() => {
                    if let Some(end) = raw_string_end(b, j) {
                        j = end;
                    } else if (c == b'b' || c == b'c') && b.get(j + 1) == Some(&b'"') {
                        j = skip_string(b, j + 2);
                    } else if c == b'b' && b.get(j + 1) == Some(&b'\'') {
                        j = skip_quote(src, j + 1);
                    } else {
                        j = skip_ident(b, j);
                    }
                }
                _ => j += 1,
            },
        }
    }
    None
}

/// [`BYTE_CLASS`]: a byte that starts nothing [`matching_brace`] looks for.
const PLAIN: u8 = 0;
/// [`BYTE_CLASS`]: the first byte of an identifier that is not a literal's prefix.
const IDENT: u8 = 1;
/// [`BYTE_CLASS`]: a brace, `/`, a quote, or `b`, `c`, `r` (which may start a literal).
const SPECIAL: u8 = 2;

/// What each byte is to [`matching_brace`].
static BYTE_CLASS: [u8; 256] = {
    let mut table = [PLAIN; 256];
    let mut c = 0;
    while c < 256 {
        let byte = c as u8;
        table[c] = match byte {
            b'{' | b'}' | b'/' | b'"' | b'\'' | b'b' | b'c' | b'r' => SPECIAL,
            b'_' => IDENT,
            _ if byte.is_ascii_alphabetic() => IDENT,
            _ => PLAIN,
        };
        c += 1;
    }
    table
};

/// The end of the identifier (or keyword, or suffix) starting at `j`.
fn skip_ident(b: &[u8], mut j: usize) -> usize {
    while j < b.len() && IDENT_CONTINUE[b[j] as usize] {
        j += 1;
    }
    j
}

/// The bytes an identifier continues with: `_` and ASCII letters and digits.
static IDENT_CONTINUE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = c as u8 == b'_' || (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_go() {
        let src = "pub struct S { a: u8 }\nimpl S {\n    pub fn f(&self) -> u8 {\n        let x = \"}\";\n        1\n    }\n    const C: u8 = 1;\n}\nfn g() { h() } fn k() {}\n";
        let s = skeletonize(src);
        assert_eq!(s.text.lines().count(), src.lines().count() - 3, "f's three body lines");
        assert!(s.text.contains("pub struct S { a: u8 }"), "struct bodies are kept");
        assert!(!s.text.contains("let x"));
        assert!(s.text.contains("const C: u8 = 1;"));
        assert!(s.text.contains("fn g() {} fn k() {}"), "{}", s.text);
        assert_eq!(s.bodies.len(), 2, "empty bodies stay: {:?}", s.bodies);
        let f = s.bodies[0];
        assert_eq!(&src[f.open..=f.close].lines().next().unwrap(), &"{");
        assert_eq!((f.line, f.column), (3, 26));
        syn::parse_file(&s.text).expect("the skeleton parses");
    }

    #[test]
    fn closing_lines_are_corrected() {
        let src = "fn g() { h() } fn k() {}\n";
        let s = skeletonize(src);
        // `} fn k` sits 5 chars further right in the original.
        assert_eq!(s.corrections, vec![Correction { line: 1, from: 8, orig_line: 1, orig_from: 13 }]);
        assert_eq!(original_position(&s.corrections, 1, 7), (1, 7), "before: as it is");
        assert_eq!(original_position(&s.corrections, 1, 10), (1, 15));
    }

    #[test]
    fn body_lines_are_squeezed_and_mapped_back() {
        let src = "fn a() {\n    x();\n    y();\n} fn b() {\n  z\n}\nstruct S;\n  fn c() {\n\n}\n";
        let s = skeletonize(src);
        assert_eq!(s.text, "fn a() {} fn b() {}\nstruct S;\n  fn c() {\n\n}\n", "c's body is blank: kept");
        let expect_at = |needle: &str, from: usize| {
            let at = s.text[from..].find(needle).unwrap() + from;
            let line = s.text[..at].matches('\n').count() + 1;
            let column = at - s.text[..at].rfind('\n').map_or(0, |p| p + 1);
            let (l, c) = original_position(&s.corrections, line, column);
            let orig = src.lines().nth(l - 1).unwrap();
            assert_eq!(&orig[c..c + needle.len()], needle, "{needle} at {line}:{column} → {l}:{c}");
        };
        for (needle, from) in [("fn a", 0), ("{", 0), ("} fn b", 0), ("{", 12), ("}", 18), ("struct S", 0), ("fn c", 0)]
        {
            expect_at(needle, from);
        }
    }

    #[test]
    fn strings_comments_chars_and_lifetimes_do_not_confuse_it() {
        let src = "fn a<'a>(x: &'a str) -> char { let _ = '{'; let _ = '\\''; let _ = r#\"}\"#; /* } */ // }\n 'x' }\nstruct T<'b>(&'b u8);\nmacro_rules! m { () => { fn inner() { } } }\ntrait Tr { fn d(&self) { } fn e(&self); }\nextern \"C\" { fn ext(); }\nconst fn cf() -> u8 { 1 }\n";
        let s = skeletonize(src);
        assert!(s.text.contains("struct T<'b>(&'b u8);"));
        assert!(s.text.contains("macro_rules! m { () => { fn inner() { } } }"), "macros are copied");
        assert!(s.text.contains("fn e(&self);"));
        assert_eq!(s.bodies.len(), 2, "{:?}", s.bodies);
        syn::parse_file(&s.text).expect("the skeleton parses");
    }
}
