//! The command `check` suggests after a drift: `generate` with the options that made the
//! manifest it compared.

use super::Flags;

/// The command that rewrites the committed manifest (`shown` as [`shown_path`](super::shown_path) gives it) with the
/// options of `flags`, so that it makes the manifest a `check` with those flags made; `check`
/// suggests it after a drift.
pub fn update_hint(flags: &Flags, shown: &str) -> String {
    let mut words = vec!["mcp-schema".to_owned(), "generate".to_owned()];
    words.extend(flags.paths.iter().map(|p| shell_word(&p.display().to_string())));
    if let Some(p) = flags.profile {
        words.push(format!("--profile {}", p.name()));
    }
    let valued = [
        ("--protocol", &flags.rmcp.protocol),
        ("--rmcp-version", &flags.rmcp.version),
        ("--sdk-version", &flags.sdk_version),
        ("--server", &flags.rmcp.server),
        ("--bin", &flags.features.bin),
    ];
    for (flag, value) in valued {
        if let Some(v) = value {
            words.push(format!("{flag} {}", shell_word(v)));
        }
    }
    // As cargo reads them: `-F "a, b" -F c` is `--features a,b,c`.
    let features = &flags.features;
    if !features.features.is_empty() {
        words.push(format!("--features {}", shell_word(&features.features.join(","))));
    }
    for (flag, on) in
        [("--all-features", features.all_features), ("--no-default-features", features.no_default_features)]
    {
        if on {
            words.push(flag.to_owned());
        }
    }
    words.push(format!("-o {}", shell_word(shown)));
    words.join(" ")
}

/// A word as a POSIX shell reads it back.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,@+%".contains(c));
    if plain {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::shown_path;
    use crate::{FeatureSelection, ProfileChoice, RmcpOptions};
    use std::path::{Path, PathBuf};

    #[test]
    fn the_hint_and_the_shown_path_are_as_the_user_typed_them() {
        assert_eq!(shown_path(Path::new("./mcp-tools.json")), "mcp-tools.json");
        assert_eq!(update_hint(&Flags::default(), "mcp-tools.json"), "mcp-schema generate -o mcp-tools.json");
        let flags = Flags { paths: vec![PathBuf::from("crates/s")], ..Flags::default() };
        assert_eq!(update_hint(&flags, "x.json"), "mcp-schema generate crates/s -o x.json");
    }

    #[test]
    fn the_hint_repeats_every_option_that_changes_the_manifest() {
        let mut features = FeatureSelection {
            all_features: true,
            no_default_features: true,
            bin: Some("serve".into()),
            ..Default::default()
        };
        features.add_list("a, b");
        features.add_list("c");
        let flags = Flags {
            paths: vec![PathBuf::from("my crate")],
            profile: Some(ProfileChoice::Rmcp),
            rmcp: RmcpOptions {
                protocol: Some("2025-06-18".into()),
                server: Some("S".into()),
                version: Some("0.8".into()),
            },
            sdk_version: Some("0.8.2".into()),
            features,
            ..Flags::default()
        };
        assert_eq!(
            update_hint(&flags, "it's.json"),
            "mcp-schema generate 'my crate' --profile rmcp --protocol 2025-06-18 --rmcp-version 0.8 --sdk-version \
             0.8.2 --server S --bin serve --features a,b,c --all-features --no-default-features -o 'it'\\''s.json'"
        );
    }

    #[test]
    fn words_are_quoted_only_when_the_shell_needs_it() {
        assert_eq!(shell_word("crates/server"), "crates/server");
        assert_eq!(shell_word("my dir"), "'my dir'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
