//! The rules: one file per rule, each with a stable kebab-case id. A rule says what kind of
//! change it is and whether it breaks clients, which depends on the side of the contract:
//! an `inputSchema` is judged as a request (what a client already sends must still be accepted),
//! an `outputSchema` as a response (what a client reads must still be there).
//! The walker in [`super::schema`] finds the changes; the rules name and classify them.

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

/// Where a change happened, which decides whether it breaks clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The tool itself (its name, title, description, annotations, presence of an outputSchema).
    Tool,
    /// Inside `inputSchema`: a request a client sends.
    Request,
    /// Inside `outputSchema`: a response a client reads.
    Response,
}

/// A kind of change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Stable, kebab-case. Documented in `docs/rules/<id>.md`.
    pub id: &'static str,
    pub summary: &'static str,
    /// Whether the change breaks clients inside an `inputSchema` (and, for tool-level rules,
    /// at the tool level). For the rules whose verdict depends on more than the side, the worst case.
    pub breaking_in_request: bool,
    /// Whether the change breaks clients inside an `outputSchema`.
    pub breaking_in_response: bool,
}

impl Rule {
    /// The verdict for a change on `side`.
    pub fn breaking(&self, side: Side) -> bool {
        match side {
            Side::Tool | Side::Request => self.breaking_in_request,
            Side::Response => self.breaking_in_response,
        }
    }
}

/// Every rule, in the order the docs list them.
pub const ALL: &[Rule] = &[
    tool_added::RULE,
    tool_removed::RULE,
    tool_moved::RULE,
    output_schema_added::RULE,
    output_schema_removed::RULE,
    property_added::RULE,
    property_removed::RULE,
    property_made_required::RULE,
    property_made_optional::RULE,
    type_narrowed::RULE,
    type_widened::RULE,
    type_changed::RULE,
    nullable_added::RULE,
    nullable_removed::RULE,
    enum_narrowed::RULE,
    enum_widened::RULE,
    enum_changed::RULE,
    range_narrowed::RULE,
    range_widened::RULE,
    constraint_added::RULE,
    constraint_removed::RULE,
    constraint_changed::RULE,
    additional_properties_closed::RULE,
    additional_properties_opened::RULE,
    variant_added::RULE,
    variant_removed::RULE,
    description_changed::RULE,
    title_changed::RULE,
    default_changed::RULE,
    metadata_changed::RULE,
    annotation_changed::RULE,
    order_changed::RULE,
    unused_definition_changed::RULE,
    unclassified_change::RULE,
];

/// The rule with this id.
pub fn by_id(id: &str) -> Option<&'static Rule> {
    ALL.iter().find(|r| r.id == id)
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
        assert_eq!(by_id("tool-removed").map(|r| r.breaking(Side::Tool)), Some(true));
        assert_eq!(
            by_id("type-widened").map(|r| (r.breaking(Side::Request), r.breaking(Side::Response))),
            Some((false, true))
        );
    }
}
