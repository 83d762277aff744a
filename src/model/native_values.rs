//! Consts of the registry crates whose sources are never read (the native packages of
//! [`crate::source`]: their types are leaves with a known schema), as the JSON their own
//! `Serialize` impl makes of them: `semver::VersionReq::STAR` serialises through `collect_str`
//! (its `Display`), `*`. A table, a test per row; a const of these crates not in it stays
//! unevaluable (its default left out, with the configuration line that supplies it).
//!
//! Every other registry crate's consts, statics and `Default` impls are evaluated from its own
//! sources: a path to a value of a crate not read asks for it (`Workspace::want_registry_crate`),
//! and the next load reads it. A value whose type has a hand-written `impl Serialize` is left out
//! at its span (`defaults::SerializeError::own_serialize`): that code is not run.

use serde_json::Value;

/// One const: its path, and the JSON its crate's `Serialize` impl writes for it.
struct NativeConst {
    path: &'static [&'static str],
    json: &'static str,
}

/// The consts, by the path the resolver spells out.
const CONSTS: &[NativeConst] = &[
    // `impl Serialize for VersionReq`: `serializer.collect_str(self)`; `STAR` displays as `*`.
    NativeConst { path: &["semver", "VersionReq", "STAR"], json: "\"*\"" },
    // `impl Serialize for Uuid`: the hyphenated form, lower case, in human-readable formats.
    NativeConst { path: &["uuid", "Uuid", "NAMESPACE_DNS"], json: "\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\"" },
    NativeConst { path: &["uuid", "Uuid", "NAMESPACE_URL"], json: "\"6ba7b811-9dad-11d1-80b4-00c04fd430c8\"" },
    NativeConst { path: &["uuid", "Uuid", "NAMESPACE_OID"], json: "\"6ba7b812-9dad-11d1-80b4-00c04fd430c8\"" },
    NativeConst { path: &["uuid", "Uuid", "NAMESPACE_X500"], json: "\"6ba7b814-9dad-11d1-80b4-00c04fd430c8\"" },
];

/// The serialised value of the native const `full` (empty segments, as `::semver` gives, are
/// skipped), if the table has it.
pub fn native_const(full: &[String]) -> Option<Value> {
    let segs: Vec<&str> = full.iter().map(String::as_str).filter(|s| !s.is_empty()).collect();
    let row = CONSTS.iter().find(|c| c.path == segs.as_slice())?;
    Some(serde_json::from_str(row.json).expect("the table's JSON parses"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(path: &str) -> Option<Value> {
        native_const(&path.split("::").map(str::to_owned).collect::<Vec<_>>())
    }

    /// `semver::VersionReq::STAR.to_string()` is `*` (semver 1.0.28's `Display` of no comparators).
    #[test]
    fn semver_version_req_star() {
        assert_eq!(of("semver::VersionReq::STAR"), Some(Value::from("*")));
        assert_eq!(of("::semver::VersionReq::STAR"), Some(Value::from("*")));
    }

    /// RFC 4122's namespace ids, as uuid's `Serialize` writes them (hyphenated, lower case).
    #[test]
    fn uuid_namespace_dns() {
        assert_eq!(of("uuid::Uuid::NAMESPACE_DNS"), Some(Value::from("6ba7b810-9dad-11d1-80b4-00c04fd430c8")));
    }

    #[test]
    fn uuid_namespace_url() {
        assert_eq!(of("uuid::Uuid::NAMESPACE_URL"), Some(Value::from("6ba7b811-9dad-11d1-80b4-00c04fd430c8")));
    }

    #[test]
    fn uuid_namespace_oid() {
        assert_eq!(of("uuid::Uuid::NAMESPACE_OID"), Some(Value::from("6ba7b812-9dad-11d1-80b4-00c04fd430c8")));
    }

    #[test]
    fn uuid_namespace_x500() {
        assert_eq!(of("uuid::Uuid::NAMESPACE_X500"), Some(Value::from("6ba7b814-9dad-11d1-80b4-00c04fd430c8")));
    }

    /// The table's rows are what semver's and uuid's own `Serialize` write (both crates are
    /// dependencies of ours).
    #[test]
    fn rows_are_what_the_crates_serialize() {
        assert_eq!(of("semver::VersionReq::STAR"), Some(serde_json::to_value(semver::VersionReq::STAR).unwrap()));
        let uuids = [
            ("NAMESPACE_DNS", uuid::Uuid::NAMESPACE_DNS),
            ("NAMESPACE_URL", uuid::Uuid::NAMESPACE_URL),
            ("NAMESPACE_OID", uuid::Uuid::NAMESPACE_OID),
            ("NAMESPACE_X500", uuid::Uuid::NAMESPACE_X500),
        ];
        for (name, value) in uuids {
            // uuid's `Serialize` (human-readable formats) writes `hyphenated()`, lower case; its
            // `serde` feature is off in this build, so the text it writes is asked of `hyphenated`.
            assert_eq!(of(&format!("uuid::Uuid::{name}")), Some(Value::from(value.hyphenated().to_string())), "{name}");
        }
    }

    #[test]
    fn every_row_is_tested_and_others_are_none() {
        assert_eq!(CONSTS.len(), 5, "a row added needs its test above");
        assert_eq!(of("semver::Version::STAR"), None);
    }
}
