//! `order-changed`: an array whose order carries no meaning was reordered: type, enum, required.
//!
//! Same set of values, different order. The manifest differs, validation does not.
//! See docs/rules/order-changed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "order-changed",
    summary: "an array whose order carries no meaning was reordered: type, enum, required",
    breaking_in_request: false,
    breaking_in_response: false,
};
