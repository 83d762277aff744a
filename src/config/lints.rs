//! The `[lints]` table: levels by diagnostic code, and per-crate levels under `crates`.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::{Spanned, Value};

use super::{ConfigFile, Table};
use crate::diagnostics::{self, Diagnostic, Level, LintName};

/// `[lints]`: levels by code with their spans, and `crates`, per-crate levels. The toml crate
/// cannot read a table a header opens (`[lints.crates.NAME]`) as a spanned value, so `crates`
/// is read as plain tables, with the span of its key.
#[derive(Default)]
pub(super) struct LintsSection {
    levels: Table,
    crates: Option<(Range<usize>, CrateTables)>,
}

/// `[lints.crates]` as written: crate name, then code, then level.
type CrateTables = BTreeMap<String, BTreeMap<String, Value>>;

impl<'de> Deserialize<'de> for LintsSection {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = LintsSection;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table of diagnostic codes and levels")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<LintsSection, A::Error> {
                let mut out = LintsSection::default();
                while let Some(key) = map.next_key::<Spanned<String>>()? {
                    if key.get_ref() == "crates" {
                        out.crates = Some((key.span(), map.next_value()?));
                    } else {
                        out.levels.insert(key, map.next_value()?);
                    }
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// Levels by crate name, then by code (`[lints.crates.NAME]`).
type CrateLevels = BTreeMap<String, BTreeMap<LintName, Level>>;

/// `[lints]`: `code = "allow" | "warn" | "deny"`, for known codes only; and `[lints.crates.NAME]`,
/// the same for one crate's sources.
pub(super) fn parse_lints(
    file: &ConfigFile,
    section: LintsSection,
) -> Result<(BTreeMap<LintName, Level>, CrateLevels), Diagnostic> {
    let mut levels = BTreeMap::new();
    let crates = match &section.crates {
        Some((span, tables)) => parse_crate_lints(file, tables, span)?,
        None => CrateLevels::new(),
    };
    for (code, level) in section.levels {
        let key = format!("lints.{}", code.get_ref());
        let level_span = level.span();
        let level = level
            .get_ref()
            .as_str()
            .and_then(Level::parse)
            .ok_or_else(|| file.expected(&key, "one of \"allow\", \"warn\", \"deny\"", level_span.clone()))?;
        let name = diagnostics::check_level(code.get_ref(), level).map_err(|e| {
            let mut d =
                file.error(format!("{} in {}", e.message, file.path.display()), code.span()).with_label(e.label);
            d.help = e.help;
            d
        })?;
        levels.insert(name, level);
    }
    Ok((levels, crates))
}

/// `[lints.crates]`: a table per crate name of `code = level`. No span is kept inside it (see
/// [`LintsSection`]), so an error is at its `crates` key.
fn parse_crate_lints(file: &ConfigFile, table: &CrateTables, span: &Range<usize>) -> Result<CrateLevels, Diagnostic> {
    let mut out = CrateLevels::new();
    for (krate, codes) in table {
        let key = format!("lints.crates.{krate}");
        let mut levels = BTreeMap::new();
        for (code, level) in codes {
            let level = level.as_str().and_then(Level::parse).ok_or_else(|| {
                file.expected(&format!("{key}.{code}"), "one of \"allow\", \"warn\", \"deny\"", span.clone())
            })?;
            let name = diagnostics::check_level(code, level).map_err(|e| {
                let mut d = file
                    .error(format!("{} in {} (`{key}`)", e.message, file.path.display()), span.clone())
                    .with_label(e.label);
                d.help = e.help;
                d
            })?;
            levels.insert(name, level);
        }
        out.insert(diagnostics::lints::crate_key(krate), levels);
    }
    Ok(out)
}
