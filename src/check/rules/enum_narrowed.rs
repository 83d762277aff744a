//! `enum-narrowed`: an enum (or const) accepts fewer values, or an enum was added.
//!
//! Request: clients that send a dropped value are rejected. Response: compatible.
//! See docs/rules/enum-narrowed.md.

use super::Rule;

pub const RULE: Rule = Rule {
    id: "enum-narrowed",
    summary: "an enum (or const) accepts fewer values, or an enum was added",
    breaking_in_request: true,
    breaking_in_response: false,
};
