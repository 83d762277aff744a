//! The MCP rule for tool names: 1 to 128 characters among `A-Z a-z 0-9 _ - .`. The profiles
//! warn where a tool is written (`tool-name`); `validate` checks a manifest (`mcp-tool-name`).

/// How the length limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// In bytes, as rmcp's check does (`str::len`).
    Bytes,
    /// In characters, as the specification says.
    Chars,
}

/// Why `name` breaks the rule, if it does: the first rule broken, in the order empty, too long,
/// other characters.
pub fn problem(name: &str, count: Count) -> Option<&'static str> {
    let length = match count {
        Count::Bytes => name.len(),
        Count::Chars => name.chars().count(),
    };
    if name.is_empty() {
        Some("the name is empty")
    } else if length > 128 {
        Some("the name is longer than 128 characters")
    } else if !name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) {
        Some("the name has characters other than A-Z, a-z, 0-9, `_`, `-` and `.`")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_in_order() {
        assert_eq!(problem("get_weather.v2-x", Count::Chars), None);
        assert_eq!(problem("", Count::Bytes), Some("the name is empty"));
        assert!(problem(&"a".repeat(129), Count::Chars).unwrap().contains("longer"));
        assert!(problem("a b", Count::Chars).unwrap().contains("characters other"));
        // 100 two-byte characters: too long in bytes, not in characters.
        let wide = "é".repeat(100);
        assert!(problem(&wide, Count::Bytes).unwrap().contains("longer"));
        assert!(problem(&wide, Count::Chars).unwrap().contains("characters other"));
    }
}
