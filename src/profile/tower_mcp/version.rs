//! tower-mcp releases and what differs between them, as far as `tools/list` shows it. Read from
//! each release's sources (`tool.rs`, `router.rs`) and checked by the catalogue
//! (`testdata/tower-mcp/catalogue`, `releases/`).

use crate::profile::release::Version;

/// Every tower-mcp release from the first the profile reproduces (0.8.0: `ensure_object_schema`,
/// the sorted list, `read_only_safe`) to the newest known, oldest first.
pub const RELEASES: &[Version] = &[
    Version(0, 8, 0),
    Version(0, 8, 1),
    Version(0, 8, 2),
    Version(0, 8, 3),
    Version(0, 8, 4),
    Version(0, 8, 5),
    Version(0, 8, 6),
    Version(0, 8, 7),
    Version(0, 8, 8),
    Version(0, 9, 0),
    Version(0, 9, 1),
    Version(0, 9, 2),
    Version(0, 10, 0),
    Version(0, 10, 1),
    Version(0, 11, 0),
    Version(0, 12, 0),
    Version(0, 12, 1),
    Version(0, 12, 2),
    Version(0, 12, 3),
    Version(0, 13, 0),
    Version(0, 13, 1),
    Version(0, 14, 0),
    Version(0, 15, 0),
    Version(0, 16, 0),
    Version(0, 16, 1),
    Version(0, 17, 0),
    Version(0, 17, 1),
    Version(0, 17, 2),
    Version(0, 18, 0),
    Version(0, 18, 1),
    Version(0, 18, 2),
    Version(0, 19, 0),
    Version(0, 20, 0),
    Version(0, 20, 1),
    Version(0, 21, 0),
    Version(0, 21, 1),
    Version(0, 22, 0),
    Version(0, 22, 1),
    Version(0, 22, 2),
    Version(0, 23, 0),
    Version(0, 23, 1),
    Version(0, 23, 2),
    Version(0, 24, 0),
    Version(0, 25, 0),
];

/// The first release that turns on serde_json's `preserve_order` itself.
pub const PRESERVES_ORDER_SINCE: Version = Version(0, 20, 0);

/// What a release does differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Behaviour {
    /// `output_schema_for::<T>()` describes how `T` serializes (0.25: `for_serialize()`), rather
    /// than `schema_for!(T)`'s deserialize contract (0.23, 0.24).
    pub output_for_serialize: bool,
    /// A peer before the final protocol does not get an `outputSchema` whose root `type` is not
    /// `"object"` (0.24, #1558).
    pub legacy_drops_non_object_output: bool,
    /// tower-mcp turns on serde_json's `preserve_order` (0.20): objects keep insertion order.
    /// Before, every object of the listing is in key order, unless another crate of the build
    /// turns the feature on (features are unified).
    pub preserve_order: bool,
    /// The locked schemars puts an internally tagged variant's tag property first (1.2.3).
    pub schemars_tag_first: bool,
}

/// The behaviour of `v`.
pub fn behaviour(v: Version) -> Behaviour {
    Behaviour {
        output_for_serialize: v >= Version(0, 25, 0),
        legacy_drops_non_object_output: v >= Version(0, 24, 0),
        preserve_order: v >= PRESERVES_ORDER_SINCE,
        schemars_tag_first: true,
    }
}
