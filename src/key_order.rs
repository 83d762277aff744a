//! The key order of the server's serde_json: sorted (`Map` is a `BTreeMap`) or, with its
//! `preserve_order` feature, as inserted. One flag per thread, set by the profile for the run
//! ([`with_serde_json_order`]) and read by the schema flavours (how keys are written) and the
//! interpreter (how the server's code iterates them); at the bottom of the module graph, so both
//! read the same flag.

use serde_json::{Map, Value};

thread_local! {
    /// Set while a profile runs for a server whose serde_json keeps insertion order
    /// (`preserve_order`): the SDK's maps then keep keys as inserted, so
    /// [`crate::schema::order::sort_all_keys`] leaves them, and
    /// [`crate::schema::order::schemars_root_order`] writes them as schemars serializes a schema.
    static INSERTION_ORDER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A JSON object's keys in the order the server's code iterates them (`keys()`, `iter()`,
/// `iter_mut()`, `for (k, v) in …`): serde_json's `Map` is a `BTreeMap` without
/// `preserve_order`, so sorted; with it, as inserted. The interpreter's values keep insertion
/// order (this crate's serde_json has the feature), so code that joins or numbers the keys would
/// see another order than the server's without this.
pub fn keys_as_iterated(m: &Map<String, Value>) -> Vec<&String> {
    let mut keys: Vec<&String> = m.keys().collect();
    if !INSERTION_ORDER.get() {
        keys.sort();
    }
    keys
}

/// Run `work` with the server's serde_json key order: sorted, or (`insertion`) as inserted.
pub fn with_serde_json_order<T>(insertion: bool, work: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            INSERTION_ORDER.set(self.0);
        }
    }
    let _restore = Restore(INSERTION_ORDER.replace(insertion));
    work()
}

/// Whether the server's serde_json keeps insertion order (`preserve_order`).
pub fn insertion_order() -> bool {
    INSERTION_ORDER.get()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_iterated_sorted_unless_the_server_keeps_insertion_order() {
        let v = json!({"b": 1, "_c": 2, "a": 3, "B": 4});
        let m = v.as_object().unwrap();
        let keys = || keys_as_iterated(m).into_iter().map(String::as_str).collect::<Vec<_>>().join(" ");
        assert_eq!(keys(), "B _c a b", "a BTreeMap's order: bytewise");
        assert_eq!(with_serde_json_order(true, keys), "b _c a B", "preserve_order: as inserted");
    }
}
