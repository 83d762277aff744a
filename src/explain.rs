//! `mcp-schema explain ID`: the page of a diagnostic code or a drift rule, as `rustc --explain`
//! prints an error's. The pages are the ones docs/diagnostics.md and docs/rules/ are rendered
//! from, so that an installed user, who has no `docs/`, reads the same text.

use crate::check::{docs::rule_page, rules};
use crate::diagnostics::codes::{code_entry, Code};
use crate::diagnostics::lints::{nearest_name, Group, Level, GROUPS};
use crate::validate::kinds;

/// The page of the diagnostic code or drift rule `id`; when there is none, the id nearest to it
/// (a code or a rule), if one is near enough to be a typo of it.
pub fn page(id: &str) -> Result<String, Option<&'static str>> {
    if let Some(code) = Code::from_id(id) {
        // The section's entry, its heading one of a page's own.
        return Ok(code_entry(code).replacen("### ", "# ", 1));
    }
    if let Some(rule) = rules::by_id(id) {
        return Ok(rule_page(rule));
    }
    if let Some(summary) = kinds::summary(id) {
        return Ok(finding_page(id, summary));
    }
    if let Some(group) = Group::by_id(id) {
        return Ok(group_page(group));
    }
    Err(nearest_name(id, ids()))
}

/// The page of a kind of `validate` finding: SARIF's rule help points at it.
fn finding_page(id: &str, summary: &str) -> String {
    format!(
        "# `{id}`\n\nA kind of finding of `mcp-schema validate`, which holds recorded MCP traffic against \
         the manifest.\n\n{summary}\n"
    )
}

/// The page of a lint group: what it is for, how to turn it on, and its codes (each with the
/// first sentence of its summary).
pub fn group_page(group: &Group) -> String {
    let default = match group.default {
        Level::Allow => "Its codes are allowed unless the group or the code is given a level",
        Level::Warn => "Its codes are warnings unless the group or the code is given a level",
        Level::Deny => "Its codes are errors unless the group or the code is given a level",
    };
    let codes: Vec<String> = group
        .codes
        .iter()
        .map(|c| {
            let summary = c.doc().summary.replace('\n', " ");
            let first = summary.split_inclusive(". ").next().unwrap_or(&summary).trim_end().to_owned();
            format!("- `{}`: {first}", c.id())
        })
        .collect();
    format!(
        "# `{id}`\n\n**lint group**. {summary}\n\n{default}: `-W {id}` (or `-D {id}`), or `{id} = \"warn\"` under \
         `[lints]` in the configuration, turns them all on; a code's own level beats the group's.\n\n{codes}\n",
        id = group.id,
        summary = group.summary,
        codes = codes.join("\n"),
    )
}

/// Every id `explain` knows: the diagnostic codes, the drift rules, the kinds of `validate`
/// finding, then the lint groups.
pub fn ids() -> impl Iterator<Item = &'static str> {
    Code::ALL
        .iter()
        .map(|c| c.id())
        .chain(rules::ALL.iter().map(|r| r.id))
        .chain(kinds::ALL.iter().copied())
        .chain(GROUPS.iter().map(|g| g.id))
}

/// What `explain --list` prints: the codes and the rules, one id a line under a heading each.
pub fn listing() -> String {
    let codes: Vec<&str> = Code::ALL.iter().map(|c| c.id()).collect();
    let rules: Vec<&str> = rules::ALL.iter().map(|r| r.id).collect();
    let groups: Vec<&str> = GROUPS.iter().map(|g| g.id).collect();
    format!(
        "Diagnostic codes:\n  {}\n\nDrift rules:\n  {}\n\nKinds of validate finding:\n  {}\n\nLint groups:\n  {}\n",
        codes.join("\n  "),
        rules.join("\n  "),
        kinds::ALL.join("\n  "),
        groups.join("\n  ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_and_rule_has_a_page_naming_it() {
        for id in ids() {
            let page = page(id).unwrap();
            assert!(page.starts_with(&format!("# `{id}`\n\n")), "{id}");
        }
    }

    #[test]
    fn an_unknown_id_gets_the_nearest_code_or_rule() {
        assert_eq!(page("enum-widend"), Err(Some("enum-widened")));
        assert_eq!(page("opaqe"), Err(Some("opaque")));
        assert_eq!(page("zzzzzzzzzz"), Err(None));
    }

    #[test]
    fn a_group_has_a_page_naming_its_codes() {
        let page = page("contract").unwrap();
        assert!(page.starts_with("# `contract`\n\n**lint group**. "), "{page}");
        assert!(page.contains("\n- `undescribed-tool`: A tool has no description.\n"), "{page}");
    }

    #[test]
    fn no_code_is_also_a_rule() {
        let codes: Vec<&str> = Code::ALL.iter().map(|c| c.id()).collect();
        assert!(rules::ALL.iter().all(|r| !codes.contains(&r.id)));
    }
}
