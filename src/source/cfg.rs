//! `#[cfg(...)]` predicates, evaluated the way a plain `cargo build` on the usual CI host would:
//! the crate's enabled cargo features, a dev build (`debug_assertions` on), not a test build,
//! and a 64-bit x86 Linux GNU target. Names nobody sets (`cfg(tokio_unstable)`, `cfg(docsrs)`)
//! are off, as rustc has them without `--cfg`.
//!
//! A predicate we cannot read (not a `cfg` grammar) is reported as `None`, so a caller can tell
//! "off" from "unknown" and say so rather than guess.

use std::collections::BTreeSet;

use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, Lit, Meta, Token};

/// The features enabled for one crate, after defaults, `--features` and what its dependents ask.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnabledFeatures {
    names: BTreeSet<String>,
}

impl EnabledFeatures {
    pub fn new(names: impl IntoIterator<Item = String>) -> Self {
        EnabledFeatures { names: names.into_iter().collect() }
    }

    pub fn contains(&self, feature: &str) -> bool {
        self.names.contains(feature)
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }
}

/// The host the predicates are evaluated for (see the module docs).
const TARGET: &[(&str, &str)] = &[
    ("target_os", "linux"),
    ("target_family", "unix"),
    ("target_arch", "x86_64"),
    ("target_env", "gnu"),
    ("target_vendor", "unknown"),
    ("target_endian", "little"),
    ("target_pointer_width", "64"),
    ("panic", "unwind"),
];

/// Names that are set on that host, in a dev build that is not a test build.
const SET: &[&str] = &["unix", "debug_assertions"];

/// Whether every `#[cfg(...)]` among `attrs` holds. `None` when one of them cannot be read.
pub fn attrs_active(attrs: &[Attribute], features: &EnabledFeatures) -> Option<bool> {
    let mut active = true;
    for attr in attrs.iter().filter(|a| a.path().is_ident("cfg")) {
        let Meta::List(list) = &attr.meta else { return None };
        let predicate: Meta = list.parse_args().ok()?;
        active &= eval(&predicate, features)?;
    }
    Some(active)
}

/// Whether one predicate (`feature = "x"`, `all(...)`, `any(...)`, `not(...)`, a name) holds.
pub fn eval(predicate: &Meta, features: &EnabledFeatures) -> Option<bool> {
    match predicate {
        Meta::Path(path) => {
            let name = path.get_ident()?.to_string();
            Some(SET.contains(&name.as_str()))
        }
        Meta::NameValue(nv) => {
            let key = nv.path.get_ident()?.to_string();
            let Expr::Lit(lit) = &nv.value else { return None };
            let Lit::Str(value) = &lit.lit else { return None };
            let value = value.value();
            Some(match key.as_str() {
                "feature" => features.contains(&value),
                _ => TARGET.iter().any(|(k, v)| *k == key && *v == value),
            })
        }
        Meta::List(list) => {
            let name = list.path.get_ident()?.to_string();
            let args = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok()?;
            let mut values = args.iter().map(|m| eval(m, features));
            match name.as_str() {
                "all" => values.try_fold(true, |acc, v| Some(acc & v?)),
                "any" => values.try_fold(false, |acc, v| Some(acc | v?)),
                "not" if args.len() == 1 => values.next()?.map(|v| !v),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn active(attr: &str, features: &[&str]) -> Option<bool> {
        let file: syn::File = syn::parse_str(&format!("{attr} struct S;")).unwrap();
        let syn::Item::Struct(s) = &file.items[0] else { unreachable!() };
        attrs_active(&s.attrs, &EnabledFeatures::new(features.iter().map(|f| f.to_string())))
    }

    #[test]
    fn features_and_combinators() {
        assert_eq!(active(r#"#[cfg(feature = "x")]"#, &["x"]), Some(true));
        assert_eq!(active(r#"#[cfg(feature = "x")]"#, &[]), Some(false));
        assert_eq!(active(r#"#[cfg(all(feature = "x", not(feature = "y")))]"#, &["x"]), Some(true));
        assert_eq!(active(r#"#[cfg(all(feature = "x", not(feature = "y")))]"#, &["x", "y"]), Some(false));
        assert_eq!(active(r#"#[cfg(any(feature = "x", feature = "y"))]"#, &["y"]), Some(true));
        assert_eq!(active(r#"#[cfg(any())]"#, &[]), Some(false));
        assert_eq!(active(r#"#[cfg(all())]"#, &[]), Some(true));
    }

    #[test]
    fn host_names_and_several_attributes() {
        assert_eq!(active("#[cfg(test)]", &[]), Some(false));
        assert_eq!(active("#[cfg(not(test))]", &[]), Some(true));
        assert_eq!(active("#[cfg(unix)]", &[]), Some(true));
        assert_eq!(active("#[cfg(windows)]", &[]), Some(false));
        assert_eq!(active(r#"#[cfg(target_os = "linux")]"#, &[]), Some(true));
        assert_eq!(active("#[cfg(docsrs)]", &[]), Some(false));
        assert_eq!(active(r#"#[cfg(unix)] #[cfg(feature = "x")]"#, &[]), Some(false));
        assert_eq!(active("#[derive(Debug)]", &[]), Some(true), "no cfg: active");
    }

    #[test]
    fn unreadable_predicates_are_unknown() {
        assert_eq!(active("#[cfg(frobnicate(x))]", &[]), None);
        assert_eq!(active("#[cfg(not(a, b))]", &[]), None);
        assert_eq!(active("#[cfg(feature = 1)]", &[]), None);
    }
}
