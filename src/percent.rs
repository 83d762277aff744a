//! Percent-decoding of `$ref` fragments (`#/$defs/A%3CB%3E`), as the strict readers of them do
//! it: JavaScript's `decodeURIComponent` (the Gemini conversion) and a URI fragment as RFC 3986
//! writes it (`validate`). The lenient readers (Python's `urllib.parse.unquote`, the drift
//! comparison) call `percent_encoding` themselves: an escape that is not one stays as written.

use std::borrow::Cow;

/// `text` with every `%XX` decoded and the bytes read as UTF-8; `None` when a `%` is not
/// followed by two hex digits (`%zz`, `%4`, `%+1`, a `%` at the end) or the bytes are not UTF-8,
/// where `decodeURIComponent` throws a `URIError`.
pub(crate) fn decode_strict(text: &str) -> Option<String> {
    let escapes_are_whole = text
        .split('%')
        .skip(1)
        .all(|after| after.as_bytes().get(..2).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)));
    if !escapes_are_whole {
        return None;
    }
    percent_encoding::percent_decode_str(text).decode_utf8().ok().map(Cow::into_owned)
}

#[cfg(test)]
mod tests {
    use super::decode_strict;

    #[test]
    fn every_escape_must_be_two_hex_digits_and_the_bytes_utf8() {
        let cases: &[(&str, Option<&str>)] = &[
            ("a%20b", Some("a b")),
            ("%C3%A9", Some("é")),
            ("%c3%a9", Some("é")),
            ("/$defs/A%3CB%3E", Some("/$defs/A<B>")),
            ("%25", Some("%")),
            ("%2541", Some("%41")),
            ("plain", Some("plain")),
            ("", Some("")),
            ("%zz", None),
            ("%4", None),
            ("%+1", None),
            ("%-1", None),
            ("% 1", None),
            ("100%", None),
            ("%C3", None),
            ("%C3%28", None),
            ("%ED%A0%80", None),
            ("%C0%AF", None),
        ];
        for (text, decoded) in cases {
            assert_eq!(decode_strict(text).as_deref(), *decoded, "{text:?}");
        }
    }
}
