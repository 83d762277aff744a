//! The rules, ruff-style: one file per rule, each holding the rule's documentation ([`Rule`]: its
//! id, summary, verdicts, why, example) and its check (the function the walker asks). [`ALL`]
//! lists them, in the order the docs list them; `docs/rules/<id>.md` and the table of
//! `docs/check.md` are rendered from them by [`super::docs`] (a test keeps them in step).
//!
//! Whether a change breaks clients depends on where it is judged: an `inputSchema` as a request
//! (what a client already sends must still be accepted), an `outputSchema` as a response (what a
//! client reads must still be there), the tool's own fields as the tool.

pub mod additional_properties_closed;
pub mod additional_properties_opened;
pub mod annotation_changed;
pub mod constraint_added;
pub mod constraint_changed;
pub mod constraint_removed;
pub mod default_changed;
pub mod description_changed;
pub mod enum_changed;
pub mod enum_narrowed;
pub mod enum_widened;
pub mod input_schema_added;
pub mod input_schema_removed;
pub mod metadata_changed;
pub mod nullable_added;
pub mod nullable_removed;
pub mod order_changed;
pub mod output_schema_added;
pub mod output_schema_removed;
pub mod property_added;
pub mod property_made_optional;
pub mod property_made_required;
pub mod property_removed;
pub mod range_narrowed;
pub mod range_widened;
pub mod refused_by_client;
pub mod rewritten_by_client;
pub mod title_changed;
pub mod tool_added;
pub mod tool_moved;
pub mod tool_removed;
pub mod type_changed;
pub mod type_narrowed;
pub mod type_widened;
pub mod unclassified_change;
pub mod unused_definition_changed;
pub mod variant_added;
pub mod variant_removed;

use serde_json::Value;

/// Where a change is judged, which decides whether it breaks clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JudgedAs {
    /// The tool itself (its name, title, description, annotations, presence of an outputSchema).
    Tool,
    /// Inside `inputSchema`: a request a client sends.
    Request,
    /// Inside `outputSchema`: a response a client reads.
    Response,
}

/// A kind of change, documented.
#[derive(Debug)]
pub struct Rule {
    /// Stable, kebab-case; the file is `src/check/rules/<id with _>.rs`, the page `docs/rules/<id>.md`.
    pub id: &'static str,
    /// One line, lower case, no final period.
    pub summary: &'static str,
    /// Where the rule applies and its verdict there.
    pub applies_to: AppliesTo,
    /// Why the change breaks clients or does not.
    pub why: &'static str,
    /// A change the rule names, as its documentation shows it.
    pub example: Example,
}

/// Rules are equal when their ids are (ids are unique).
impl PartialEq for Rule {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

/// Where a rule applies.
#[derive(Debug, Clone, Copy)]
pub enum AppliesTo {
    /// The tool as a whole (its presence, its place, its outputSchema, its annotations).
    Tool(Verdict),
    /// Inside the schemas.
    Schemas {
        /// The verdict in an `inputSchema` (what clients send).
        request: Verdict,
        /// The verdict in an `outputSchema` (what clients read).
        response: Verdict,
        /// The rule also names changes to the tool's own fields, judged as in a request.
        also_tool: bool,
    },
}

/// Whether a change breaks clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Clients break.
    Breaking,
    /// Clients keep working.
    Compatible,
    /// Breaking when `condition` holds (the rule's check decides), else compatible. `short` is the
    /// condition in the table of `docs/check.md`.
    BreakingWhen {
        /// When the change breaks clients, in a sentence.
        condition: &'static str,
        /// The condition in a few words, for the table of `docs/check.md`.
        short: &'static str,
    },
}

impl Verdict {
    /// The verdict where a rule's check does not decide it: a conditional one counts as breaking.
    pub fn worst_case(self) -> bool {
        !matches!(self, Verdict::Compatible)
    }
}

/// A change that triggers the rule, as the docs show it.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// The relevant part of the committed manifest, on one line.
    pub before: &'static str,
    /// The same part, regenerated.
    pub after: &'static str,
    /// What change in the sources leads there, and any nuance.
    pub note: &'static str,
}

impl Rule {
    /// The verdict for a change judged as `judged` (the worst case for a conditional verdict;
    /// rules with one call their own check instead).
    pub fn breaking(&self, judged: JudgedAs) -> bool {
        match (self.applies_to, judged) {
            (AppliesTo::Tool(v), _) => v.worst_case(),
            (AppliesTo::Schemas { request, .. }, JudgedAs::Tool | JudgedAs::Request) => request.worst_case(),
            (AppliesTo::Schemas { response, .. }, JudgedAs::Response) => response.worst_case(),
        }
    }
}

/// Every rule, in the order the docs list them.
pub static ALL: &[&Rule] = &[
    &tool_added::RULE,
    &tool_removed::RULE,
    &tool_moved::RULE,
    &input_schema_added::RULE,
    &input_schema_removed::RULE,
    &output_schema_added::RULE,
    &output_schema_removed::RULE,
    &property_added::RULE,
    &property_removed::RULE,
    &property_made_required::RULE,
    &property_made_optional::RULE,
    &type_narrowed::RULE,
    &type_widened::RULE,
    &type_changed::RULE,
    &nullable_added::RULE,
    &nullable_removed::RULE,
    &enum_narrowed::RULE,
    &enum_widened::RULE,
    &enum_changed::RULE,
    &range_narrowed::RULE,
    &range_widened::RULE,
    &constraint_added::RULE,
    &constraint_removed::RULE,
    &constraint_changed::RULE,
    &additional_properties_closed::RULE,
    &additional_properties_opened::RULE,
    &variant_added::RULE,
    &variant_removed::RULE,
    &description_changed::RULE,
    &title_changed::RULE,
    &default_changed::RULE,
    &metadata_changed::RULE,
    &annotation_changed::RULE,
    &order_changed::RULE,
    &refused_by_client::RULE,
    &rewritten_by_client::RULE,
    &unused_definition_changed::RULE,
    &unclassified_change::RULE,
];

/// The rule with this id.
pub fn by_id(id: &str) -> Option<&'static Rule> {
    ALL.iter().copied().find(|r| r.id == id)
}

/// What a rule with a conditional verdict found: the verdict and the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    pub breaking: bool,
    pub message: String,
}

/// The first rule of a family whose check fired (the checks of a family exclude each other).
pub(crate) fn first_match(
    candidates: impl IntoIterator<Item = (&'static Rule, Option<String>)>,
) -> Option<(&'static Rule, String)> {
    candidates.into_iter().find_map(|(rule, message)| Some((rule, message?)))
}

/// `kw added`, `kw removed` or `kw changed`.
pub(crate) fn added_removed_or_changed(kw: &str, old: Option<&Value>, new: Option<&Value>) -> String {
    match (old, new) {
        (None, Some(_)) => format!("{kw} added"),
        (Some(_), None) => format!("{kw} removed"),
        _ => format!("{kw} changed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case_and_match_their_file() {
        let mut seen = std::collections::HashSet::new();
        for r in ALL {
            assert!(seen.insert(r.id), "duplicate rule id {}", r.id);
            assert!(r.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{} is not kebab-case", r.id);
            let file = format!("{}/src/check/rules/{}.rs", env!("CARGO_MANIFEST_DIR"), r.id.replace('-', "_"));
            assert!(std::path::Path::new(&file).is_file(), "rule {} has no file {file}", r.id);
        }
        assert_eq!(by_id("tool-removed").map(|r| r.breaking(JudgedAs::Tool)), Some(true));
        assert_eq!(
            by_id("type-widened").map(|r| (r.breaking(JudgedAs::Request), r.breaking(JudgedAs::Response))),
            Some((false, true))
        );
    }
}
