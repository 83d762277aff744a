//! MCP protocol versions: which exist, which is newest, and what a peer's `--protocol` means.
//! Shared by the profiles (rmcp drops some output for older peers) and by `validate`.

use crate::diagnostics::{Code, Diagnostic};

/// The newest protocol version; older peers are "legacy" for rmcp 3.11.
pub const LATEST_PROTOCOL: &str = "2026-07-28";
pub const KNOWN_PROTOCOLS: &[&str] = &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];

/// The newest protocol with an `initialize` handshake (from 2026-07-28 on, a request carries its
/// protocol in `_meta`, SEP-2567). A client that opens with `initialize`, as nearly every client
/// does, is answered this version even when it asks for a newer one (rmcp 3.11's
/// `LATEST_WITH_INITIALIZE`, tower-mcp's stable set), so its listing is the one a run writes
/// unless `--protocol` asks for another.
pub const LATEST_WITH_INITIALIZE: &str = "2025-11-25";

/// Whether `protocol` is older than the newest protocol (rmcp 3.11's legacy peers). Protocol
/// versions are dates, so they compare as strings.
pub fn is_legacy_protocol(protocol: &str) -> bool {
    protocol < LATEST_PROTOCOL
}

/// The note that says where a stateless 2026-07-28 request's listing differs from the one
/// written (an `initialize` client's): the tools whose non-object outputSchema only it gets.
pub fn other_view_note(tools: &[String]) -> Option<String> {
    let (first, rest) = tools.split_first()?;
    let names = rest.iter().fold(format!("`{first}`"), |all, t| format!("{all}, `{t}`"));
    Some(format!(
        "a stateless {LATEST_PROTOCOL} request also gets the outputSchema of {names} (not an object, so an older peer does not); `--protocol {LATEST_PROTOCOL}` writes that listing"
    ))
}

/// The peer's protocol `--protocol` asks for ([`LATEST_WITH_INITIALIZE`], what an `initialize`
/// client is answered, when not given), with a warning when it is a date no known version has; an
/// error when it is not a date at all.
pub fn peer_protocol(given: Option<&str>) -> Result<(String, Option<Diagnostic>), Diagnostic> {
    let protocol = given.unwrap_or(LATEST_WITH_INITIALIZE).to_owned();
    if KNOWN_PROTOCOLS.contains(&protocol.as_str()) {
        return Ok((protocol, None));
    }
    if !looks_like_date(&protocol) {
        return Err(Diagnostic::error(
            Code::BadProtocol,
            format!("--protocol `{protocol}` is not an MCP protocol version"),
        )
        .with_help(format!("known versions: {}", KNOWN_PROTOCOLS.join(", "))));
    }
    let warning = Diagnostic::warning(
        Code::UnknownProtocol,
        format!("protocol `{protocol}` is not one of {}; compared by date", KNOWN_PROTOCOLS.join(", ")),
    );
    Ok((protocol, Some(warning)))
}

/// `YYYY-MM-DD`, digits and dashes only (not checked as a calendar date).
fn looks_like_date(text: &str) -> bool {
    text.len() == 10
        && text.chars().enumerate().all(|(i, c)| if i == 4 || i == 7 { c == '-' } else { c.is_ascii_digit() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn older_dates_are_legacy() {
        assert!(is_legacy_protocol("2025-11-25"));
        assert!(!is_legacy_protocol("2026-07-28"));
    }

    #[test]
    fn the_other_view_is_named_where_it_differs() {
        assert_eq!(other_view_note(&[]), None);
        let two = other_view_note(&["a".into(), "b".into()]).unwrap();
        assert_eq!(
            two,
            "a stateless 2026-07-28 request also gets the outputSchema of `a`, `b` (not an object, so an older peer does not); `--protocol 2026-07-28` writes that listing"
        );
    }

    #[test]
    fn peer_protocols() {
        let (p, warning) = peer_protocol(None).unwrap();
        assert!(p == LATEST_WITH_INITIALIZE && warning.is_none(), "an `initialize` client's");
        assert!(is_legacy_protocol(LATEST_WITH_INITIALIZE));
        let (p, warning) = peer_protocol(Some(LATEST_PROTOCOL)).unwrap();
        assert!(p == LATEST_PROTOCOL && warning.is_none());
        let (p, warning) = peer_protocol(Some("2030-01-01")).unwrap();
        assert_eq!((p.as_str(), warning.map(|w| w.code)), ("2030-01-01", Some(Code::UnknownProtocol)));
        assert_eq!(peer_protocol(Some("latest")).unwrap_err().code, Code::BadProtocol);
    }
}
