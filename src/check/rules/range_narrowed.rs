//! `range-narrowed`: a bound (minimum, maximum, the exclusive bounds, minLength/maxLength, minItems/maxItems, minProperties/maxProperties, an integer format's width) got tighter or was added.
//!
//! Request: values outside the new bound are rejected. Response: compatible.
//! See docs/rules/range-narrowed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "range-narrowed",
    summary: "a bound (minimum, maximum, the exclusive bounds, minLength/maxLength, minItems/maxItems, minProperties/maxProperties, an integer format's width) got tighter or was added",
    breaking_in_request: true,
    breaking_in_response: false,
};
