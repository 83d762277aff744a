//! How deep a Rust text nests, found in one pass over its bytes before syn reads it: syn's parser,
//! and every walker of its tree (the `cfg` pass, lowering, dropping the tree), recurse once per
//! level, so a file nested deeper than [`MAX_NESTING`] levels (100,000 generic arguments, a million
//! blocks) is refused here, at the place it passes the limit, instead of overflowing the stack.
//!
//! A level is a delimiter (`(`, `[`, `{`) or an open generic argument list (`<` not closed by a
//! `>` in the same group and statement: a comparison `a < b` counts until the `;` or the group's
//! end, which real code never repeats thousands of times). Comments, strings, raw strings and
//! character literals are skipped.

/// Levels of nesting a file may have; real code nests a few dozen. syn's parser takes about 54 KB
/// of stack a level of generic arguments in a debug build (a tenth of that in release): 6,000
/// levels fit the run's 512 MiB stack (`lib.rs`) with room to spare.
pub const MAX_NESTING: usize = 6_000;

/// The byte offset where `text` nests deeper than [`MAX_NESTING`], if it does.
pub fn too_deep(text: &str) -> Option<usize> {
    too_deep_past(text, MAX_NESTING)
}

fn too_deep_past(text: &str, limit: usize) -> Option<usize> {
    let b = text.as_bytes();
    // The open generic argument lists of each open group, innermost last; their sum, and the
    // number of groups, make the depth.
    let mut angles: Vec<usize> = vec![0];
    let mut open_angles = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(b, i);
                continue;
            }
            b'"' => {
                i = string_end(b, i + 1);
                continue;
            }
            b'r' if !ident_before(b, i) && raw_string_start(b, i + 1).is_some() => {
                let (hashes, quote) = raw_string_start(b, i + 1).expect("checked");
                i = raw_string_end(b, quote + 1, hashes);
                continue;
            }
            b'\'' => {
                i = char_end(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => {
                angles.push(0);
                if angles.len() - 1 + open_angles > limit {
                    return Some(i);
                }
            }
            b')' | b']' | b'}' => {
                if angles.len() > 1 {
                    open_angles -= angles.pop().unwrap_or(0);
                } else {
                    open_angles -= std::mem::take(&mut angles[0]);
                }
            }
            b';' => {
                let last = angles.last_mut().expect("one group at least");
                open_angles -= std::mem::take(last);
            }
            b'<' if !matches!(b.get(i + 1), Some(b'=' | b'-')) => {
                *angles.last_mut().expect("one group at least") += 1;
                open_angles += 1;
                if angles.len() - 1 + open_angles > limit {
                    return Some(i);
                }
            }
            b'>' if i > 0 && !matches!(b[i - 1], b'-' | b'=') && b.get(i + 1) != Some(&b'=') => {
                let last = angles.last_mut().expect("one group at least");
                if *last > 0 {
                    *last -= 1;
                    open_angles -= 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
        // `br"…"`, `cr"…"`: the prefix letter is part of the literal.
        && !(matches!(b[i - 1], b'b' | b'c') && (i < 2 || !(b[i - 2].is_ascii_alphanumeric() || b[i - 2] == b'_')))
}

/// After the `r` of a raw string: its `#`s and the offset of its opening quote.
fn raw_string_start(b: &[u8], from: usize) -> Option<(usize, usize)> {
    let hashes = b[from..].iter().take_while(|&&c| c == b'#').count();
    (b.get(from + hashes) == Some(&b'"')).then_some((hashes, from + hashes))
}

fn raw_string_end(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"' && b[i + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

/// After the opening quote of a string: the offset after its closing quote.
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// At a `'`: past a character literal (`'a'`, `'\''`, `'\u{1F600}'`, `'é'`), or past the quote
/// of a lifetime or label (`'a`).
fn char_end(b: &[u8], i: usize) -> usize {
    if b.get(i + 1) == Some(&b'\\') {
        // An escape: up to the closing quote, within a few bytes.
        let rest = &b[i + 2..b.len().min(i + 16)];
        return rest.iter().position(|&c| c == b'\'').map_or(i + 1, |n| i + 3 + n);
    }
    // One character (1 to 4 bytes), then the closing quote.
    let len = match b.get(i + 1) {
        Some(&c) if c < 0x80 => 1,
        Some(&c) if c >= 0xF0 => 4,
        Some(&c) if c >= 0xE0 => 3,
        Some(_) => 2,
        None => return i + 1,
    };
    if b.get(i + 1 + len) == Some(&b'\'') {
        i + 2 + len
    } else {
        i + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_delimiters_and_generic_arguments() {
        assert_eq!(too_deep_past("fn f() { { { } } }", 3), None);
        assert_eq!(too_deep_past("fn f() { { { { } } } }", 3), Some(13));
        assert_eq!(too_deep_past("type A = Vec<Vec<Vec<u8>>>;", 3), None);
        assert_eq!(too_deep_past("type A = Vec<Vec<Vec<Vec<u8>>>>;", 3), Some(24));
        assert_eq!(too_deep_past("struct S { v: Vec<Vec<u8>> }", 2), Some(21));
    }

    #[test]
    fn comparisons_arrows_and_shifts_close_at_the_statement() {
        let code = "fn f() -> u8 { let a = 1 < 2; let b = 3 < 4; x.map(|y| y >= 1 && y <= 2); a >> 1 }";
        assert_eq!(too_deep_past(code, 3), None);
        let many: String = (0..50).map(|_| "let a = b < c;\n").collect();
        assert_eq!(too_deep_past(&format!("fn f() {{ {many} }}"), 3), None);
    }

    #[test]
    fn strings_comments_and_chars_are_not_code() {
        let code = r####"fn f() { let s = "{{{{<<<<"; let r = r#"(((("#; let c = '{'; let d = '\''; // [[[[
        /* {{{{ /* (((( */ <<<< */ let l: &'static str = b"[[[["; }"####;
        assert_eq!(too_deep_past(code, 2), None);
        assert_eq!(too_deep_past("fn f<'a>(x: &'a u8) { 'outer: loop { break 'outer; } }", 3), None);
    }

    #[test]
    fn a_huge_depth_is_found_in_one_pass() {
        let n = 1_000_000;
        let blocks = format!("fn f() {{ {}{} }}", "{".repeat(n), "}".repeat(n));
        // `fn f() { ` opens the first level; the 6,000th brace of the run opens level 6,001.
        assert_eq!(too_deep(&blocks), Some(9 + MAX_NESTING - 1));
        let generics = format!("type A = {}u8{};", "Option<".repeat(100_000), ">".repeat(100_000));
        assert!(too_deep(&generics).is_some());
        let fine = format!("type A = {}u8{};", "Option<".repeat(MAX_NESTING), ">".repeat(MAX_NESTING));
        assert_eq!(too_deep(&fine), None);
    }
}
