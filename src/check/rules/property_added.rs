//! `property-added`: an object schema has a new property.
//!
//! Request: breaking when the new property is required, since clients do not send it; compatible when optional. Response: compatible, clients ignore what they do not read.
//! See docs/rules/property-added.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "property-added",
    summary: "an object schema has a new property",
    breaking_in_request: true,
    breaking_in_response: false,
};

/// The verdict for one added property: only a required one in a request breaks.
pub fn breaking(side: super::Side, required: bool) -> bool {
    side == super::Side::Request && required
}

#[cfg(test)]
mod tests {
    use super::super::Side;

    #[test]
    fn only_required_request_properties_break() {
        assert!(super::breaking(Side::Request, true));
        assert!(!super::breaking(Side::Request, false));
        assert!(!super::breaking(Side::Response, true));
    }
}
