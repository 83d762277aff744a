//! Paths that are not ours, recognised by their last segment: std's and well-known crates'
//! types with a known schema, and the pointer-like wrappers lowering erases.

use super::super::{FloatKind, IntKind, JiffKind, Leaf, Scope, Ty, Unknown};
use super::Lowerer;

impl Lowerer<'_, '_> {
    /// A path that is not ours: recognised by its last segment.
    pub(super) fn known(&mut self, ext: &[String], path: &syn::Path, scope: &Scope) -> Ty {
        let name = ext.last().map(String::as_str).unwrap_or("");
        let args = |this: &mut Self| this.type_args(path, scope);
        let one = |this: &mut Self| -> Ty {
            args(this).into_iter().next().unwrap_or(Ty::Unknown(Unknown {
                written: "_".into(),
                location: None,
                origin: None,
                override_key: None,
            }))
        };
        let int = |k| Ty::Int(k);
        if let Some(leaf) = schemars_feature_leaf(ext).filter(|_| self.schemars_impls) {
            return Ty::Leaf(leaf);
        }
        match name {
            "i8" => int(IntKind::I8),
            "i16" => int(IntKind::I16),
            "i32" => int(IntKind::I32),
            "i64" => int(IntKind::I64),
            "i128" => int(IntKind::I128),
            "isize" => int(IntKind::Isize),
            "u8" => int(IntKind::U8),
            "u16" => int(IntKind::U16),
            "u32" => int(IntKind::U32),
            "u64" => int(IntKind::U64),
            "u128" => int(IntKind::U128),
            "usize" => int(IntKind::Usize),
            "f32" => Ty::Float(FloatKind::F32),
            "f64" => Ty::Float(FloatKind::F64),
            "bool" => Ty::Bool,
            "char" => Ty::Char,
            "String" | "str" | "OsString" | "OsStr" | "SmolStr" | "CompactString" | "ArcStr" => Ty::String,
            "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" => Ty::Seq(Box::new(one(self))),
            // `SmallVec<[T; N]>`: schemars (`smallvec1`) forwards to `Vec<T>`.
            "SmallVec" => match one(self) {
                Ty::Array(item, _) => Ty::Seq(item),
                other => Ty::Seq(Box::new(other)),
            },
            "HashSet" | "BTreeSet" | "IndexSet" => Ty::Set(Box::new(one(self))),
            "HashMap" | "BTreeMap" | "IndexMap" | "Map" => {
                let mut a = args(self).into_iter();
                let k = a.next().unwrap_or(Ty::String);
                let v = a.next().unwrap_or(Ty::JsonValue);
                Ty::Map(Box::new(k), Box::new(v))
            }
            "JsonObject" => Ty::Map(Box::new(Ty::String), Box::new(Ty::JsonValue)),
            "Option" => Ty::Option(Box::new(one(self))),
            "Box" | "Arc" | "Rc" | "Cow" | "Cell" | "RefCell" | "Mutex" | "RwLock" | "Wrapping" | "Reverse" => {
                one(self)
            }
            "Value" if ext.len() == 1 || ext.iter().any(|s| s == "serde_json") => Ty::JsonValue,
            "Number" if ext.iter().any(|s| s == "serde_json") => Ty::JsonNumber,
            "DateTime" => Ty::Leaf(Leaf::DateTime),
            "NaiveDateTime" => Ty::Leaf(Leaf::NaiveDateTime),
            "NaiveDate" => Ty::Leaf(Leaf::NaiveDate),
            "NaiveTime" => Ty::Leaf(Leaf::NaiveTime),
            "Uuid" => Ty::Leaf(Leaf::Uuid),
            "Duration" if !ext.iter().any(|s| s == "chrono") && ext.first().map(String::as_str) != Some("time") => {
                Ty::Leaf(Leaf::Duration)
            }
            "SystemTime" => Ty::Leaf(Leaf::SystemTime),
            "IpAddr" => Ty::Leaf(Leaf::IpAddr),
            "Ipv4Addr" => Ty::Leaf(Leaf::Ipv4Addr),
            "Ipv6Addr" => Ty::Leaf(Leaf::Ipv6Addr),
            "SocketAddr" | "SocketAddrV4" | "SocketAddrV6" => Ty::Leaf(Leaf::SocketAddr),
            "PathBuf" | "Path" => Ty::Leaf(Leaf::PathBuf),
            _ => {
                if let Some(kind) = nonzero_or_atomic(name) {
                    return kind;
                }
                // A type of a crate not read: the next load reads it if it is a registry dependency.
                if let Some(krate) = ext.iter().find(|s| !s.is_empty()) {
                    self.ws().want_registry_crate(krate);
                }
                self.unknown_path(path, scope)
            }
        }
    }
}

/// The types schemars implements `JsonSchema` for behind a feature of its own (`url2`, `bytes1`,
/// `rust_decimal1`, `bigdecimal04`, `semver1`, `jiff02`), known by their crate and name. A server
/// that names one compiles only when the feature is on, so the path alone says it; the crates'
/// own sources are never read ([`crate::source`]'s native packages). (`smol_str02`, `smallvec1`
/// and `indexmap2` forward to `String`, `Vec`, `BTreeMap` and `BTreeSet`: lowered as those.)
fn schemars_feature_leaf(ext: &[String]) -> Option<Leaf> {
    let krate = ext.iter().find(|s| !s.is_empty())?.as_str();
    let name = ext.last()?.as_str();
    Some(match (krate, name) {
        ("url", "Url") => Leaf::Url,
        ("bytes", "Bytes" | "BytesMut") => Leaf::Bytes,
        ("rust_decimal", "Decimal") => Leaf::Decimal,
        ("bigdecimal", "BigDecimal") => Leaf::BigDecimal,
        ("semver", "Version") => Leaf::SemVer,
        ("jiff", "Timestamp") => Leaf::Jiff(JiffKind::Timestamp),
        ("jiff", "Zoned") => Leaf::Jiff(JiffKind::Zoned),
        ("jiff", "Date") => Leaf::Jiff(JiffKind::Date),
        ("jiff", "Time") => Leaf::Jiff(JiffKind::Time),
        ("jiff", "DateTime") => Leaf::Jiff(JiffKind::DateTime),
        ("jiff", "Span") => Leaf::Jiff(JiffKind::Span),
        ("jiff", "SignedDuration") => Leaf::Jiff(JiffKind::SignedDuration),
        _ => return None,
    })
}

fn nonzero_or_atomic(name: &str) -> Option<Ty> {
    let int = |s: &str| -> Option<IntKind> {
        Some(match s {
            "I8" => IntKind::I8,
            "I16" => IntKind::I16,
            "I32" => IntKind::I32,
            "I64" => IntKind::I64,
            "I128" => IntKind::I128,
            "Isize" => IntKind::Isize,
            "U8" => IntKind::U8,
            "U16" => IntKind::U16,
            "U32" => IntKind::U32,
            "U64" => IntKind::U64,
            "U128" => IntKind::U128,
            "Usize" => IntKind::Usize,
            _ => return None,
        })
    };
    if let Some(rest) = name.strip_prefix("NonZero") {
        return int(rest).map(|k| Ty::Leaf(Leaf::NonZero(k)));
    }
    if let Some(rest) = name.strip_prefix("Atomic") {
        if rest == "Bool" {
            return Some(Ty::Bool);
        }
        return int(rest).map(Ty::Int);
    }
    None
}
