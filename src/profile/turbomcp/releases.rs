//! turbomcp's releases and what each changes in `tools/list`, as data: read from the sources
//! of turbomcp-macros, turbomcp-types, turbomcp-protocol and turbomcp-server 3.0.0–3.6.0 (the
//! family moves together: each facade release requires its own release of the others with `^`)
//! and checked by the catalogue in `testdata/turbomcp/`.

use crate::profile::release::Version;

/// Every turbomcp release on crates.io, oldest first (pre-releases left out, none yanked).
pub const RELEASES: &[Version] = &[
    Version(1, 0, 0),
    Version(1, 0, 1),
    Version(1, 0, 2),
    Version(1, 0, 3),
    Version(1, 0, 4),
    Version(1, 0, 5),
    Version(1, 0, 6),
    Version(1, 0, 7),
    Version(1, 0, 8),
    Version(1, 0, 9),
    Version(1, 0, 10),
    Version(1, 0, 11),
    Version(1, 0, 12),
    Version(1, 0, 13),
    Version(1, 1, 0),
    Version(1, 1, 2),
    Version(2, 0, 0),
    Version(2, 0, 1),
    Version(2, 0, 2),
    Version(2, 0, 3),
    Version(2, 0, 4),
    Version(2, 0, 5),
    Version(2, 1, 0),
    Version(2, 1, 1),
    Version(2, 1, 2),
    Version(2, 1, 3),
    Version(2, 2, 0),
    Version(2, 2, 1),
    Version(2, 2, 2),
    Version(2, 2, 3),
    Version(2, 3, 0),
    Version(2, 3, 1),
    Version(2, 3, 2),
    Version(2, 3, 3),
    Version(2, 3, 4),
    Version(2, 3, 5),
    Version(2, 3, 6),
    Version(2, 3, 7),
    Version(3, 0, 0),
    Version(3, 0, 1),
    Version(3, 0, 2),
    Version(3, 0, 3),
    Version(3, 0, 4),
    Version(3, 0, 5),
    Version(3, 0, 6),
    Version(3, 0, 7),
    Version(3, 0, 8),
    Version(3, 0, 9),
    Version(3, 0, 10),
    Version(3, 0, 11),
    Version(3, 0, 12),
    Version(3, 0, 13),
    Version(3, 0, 14),
    Version(3, 1, 0),
    Version(3, 1, 1),
    Version(3, 1, 2),
    Version(3, 1, 3),
    Version(3, 1, 4),
    Version(3, 1, 5),
    Version(3, 2, 0),
    Version(3, 3, 0),
    Version(3, 4, 0),
    Version(3, 5, 0),
    Version(3, 6, 0),
];

/// The releases the profile reproduces: 3.x. (1.x and 2.x write schemas at compile time by
/// another macro; 4.0 is a pre-release.)
pub const REPRODUCED: (Version, Version) = (Version(3, 0, 0), Version(3, 6, 0));

/// `#[server]` strips `#[description]` from parameters (before, rustc rejects the attribute).
const DESCRIPTION_ATTRIBUTE_SINCE: Version = Version(3, 0, 7);
/// The server's transports filter each response through the negotiated protocol's adapter.
const PROTOCOL_ADAPTER_SINCE: Version = Version(3, 0, 9);
/// A tool without a description has no `description` key (before, `""`).
const EMPTY_DESCRIPTION_OMITTED_SINCE: Version = Version(3, 1, 2);
/// `title`, `icons`, the four annotation hints and `output_schema = T` in `#[tool]`; the root
/// `$schema` of every input schema.
const TOOL_METADATA_SINCE: Version = Version(3, 1, 3);
/// One draft 2020-12 generator per tool: each parameter its type's own schema, the definitions
/// in the root's `$defs` (before, each property is `schema_for!` of its type, a root schema).
const SHARED_GENERATOR_SINCE: Version = Version(3, 3, 0);
/// The strict grammar (an unknown `#[tool]` key is a compile error, before it is ignored),
/// `task_support`, the output type inferred from `Json<T>` and published only when it is an
/// object, raw identifiers without `r#`, and the 2025-06-18 adapter keeping `outputSchema`.
const STRICT_SINCE: Version = Version(3, 5, 0);

/// What a release does, as far as `tools/list` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Behaviour {
    pub description_attribute: bool,
    pub protocol_adapter: bool,
    pub empty_description_omitted: bool,
    pub tool_metadata: bool,
    pub shared_generator: bool,
    pub strict: bool,
    /// schemars 1.2.3 and later put an internally tagged variant's tag first (the lock's
    /// schemars, not the SDK's release).
    pub schemars_tag_first: bool,
}

pub fn behaviour(v: Version) -> Behaviour {
    Behaviour {
        description_attribute: v >= DESCRIPTION_ATTRIBUTE_SINCE,
        protocol_adapter: v >= PROTOCOL_ADAPTER_SINCE,
        empty_description_omitted: v >= EMPTY_DESCRIPTION_OMITTED_SINCE,
        tool_metadata: v >= TOOL_METADATA_SINCE,
        shared_generator: v >= SHARED_GENERATOR_SINCE,
        strict: v >= STRICT_SINCE,
        schemars_tag_first: true,
    }
}

impl Behaviour {
    /// The keys a 2025-06-18 session loses from each tool, in the order the adapter removes
    /// them (`Map::remove`, which is `swap_remove` with `preserve_order`).
    pub fn stripped_for_2025_06_18(&self) -> &'static [&'static str] {
        match (self.protocol_adapter, self.strict) {
            (false, _) => &[],
            (true, false) => &["icons", "execution", "outputSchema"],
            (true, true) => &["icons", "execution"],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_are_sorted_and_include_every_3x() {
        assert!(RELEASES.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(RELEASES.len(), 64);
        assert_eq!(RELEASES.iter().filter(|v| v.0 == 3).count(), 26);
        assert!(RELEASES.contains(&REPRODUCED.0) && RELEASES.contains(&REPRODUCED.1));
    }

    #[test]
    fn eras() {
        let at = |a, b, c| behaviour(Version(a, b, c));
        assert!(!at(3, 0, 6).description_attribute && at(3, 0, 7).description_attribute);
        assert!(!at(3, 1, 1).empty_description_omitted && at(3, 1, 2).empty_description_omitted);
        assert!(!at(3, 1, 2).tool_metadata && at(3, 1, 3).tool_metadata);
        assert!(!at(3, 2, 0).shared_generator && at(3, 3, 0).shared_generator);
        assert!(!at(3, 4, 0).strict && at(3, 5, 0).strict && at(3, 6, 0).strict);
        assert_eq!(at(3, 0, 8).stripped_for_2025_06_18(), &[] as &[&str]);
        assert_eq!(at(3, 2, 0).stripped_for_2025_06_18(), &["icons", "execution", "outputSchema"]);
        assert_eq!(at(3, 6, 0).stripped_for_2025_06_18(), &["icons", "execution"]);
    }
}
