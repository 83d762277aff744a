//! `property-removed`: an object schema lost a property.
//!
//! Request: breaking when the object is closed (`additionalProperties` not `true`), since what clients still send is now rejected; compatible on an open object. Response: breaking, clients read it.
//! See docs/rules/property-removed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "property-removed",
    summary: "an object schema lost a property",
    breaking_in_request: true,
    breaking_in_response: true,
};

/// The verdict for one removed property: always breaking in a response; in a request, only when
/// the new object is closed (its `additionalProperties` or `unevaluatedProperties` is not `true`),
/// so that what clients still send is now rejected.
pub fn breaking(side: super::Side, closed: bool) -> bool {
    match side {
        super::Side::Response => true,
        super::Side::Request | super::Side::Tool => closed,
    }
}

#[cfg(test)]
mod tests {
    use super::super::Side;

    #[test]
    fn removal_breaks_responses_and_closed_requests() {
        assert!(super::breaking(Side::Response, false));
        assert!(super::breaking(Side::Request, true));
        assert!(!super::breaking(Side::Request, false));
    }
}
