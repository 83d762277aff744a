//! The types schemars itself knows (primitives, std net/time/num types, chrono, uuid, serde_json
//! values): their schema name, id, inlining and schema are asked of schemars at run time, with a
//! generator of the same settings, rather than written down here.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::Value;

use super::{Contract, Dialect};
use crate::model::{FloatKind, IntKind, JiffKind, Leaf, Ty};

/// What schemars says about one of its own types.
#[derive(Debug, Clone)]
pub struct LeafInfo {
    pub name: String,
    pub id: String,
    pub inline: bool,
    /// `T::json_schema(generator)`: the schema written in place (for a named type, the body of
    /// its `$defs` entry).
    pub schema: Value,
}

fn info<T: JsonSchema + ?Sized>((dialect, contract): (Dialect, Contract)) -> LeafInfo {
    let settings = match dialect {
        Dialect::Draft2020_12 => SchemaSettings::draft2020_12(),
        Dialect::Draft07 => SchemaSettings::draft07(),
    };
    // Some of schemars' own impls (bytes, decimals) differ between the two contracts.
    let settings = match contract {
        Contract::Deserialize => settings.for_deserialize(),
        Contract::Serialize => settings.for_serialize(),
    };
    let mut generator = SchemaGenerator::new(settings);
    LeafInfo {
        name: T::schema_name().into_owned(),
        id: T::schema_id().into_owned(),
        inline: T::inline_schema(),
        schema: T::json_schema(&mut generator).to_value(),
    }
}

/// The schemars facts of a leaf type, `None` for the composite and user-defined ones.
pub fn leaf_info(ty: &Ty, dialect: Dialect, contract: Contract) -> Option<LeafInfo> {
    use std::num::*;
    let d = (dialect, contract);
    Some(match ty {
        Ty::Int(k) => match k {
            IntKind::I8 => info::<i8>(d),
            IntKind::I16 => info::<i16>(d),
            IntKind::I32 => info::<i32>(d),
            IntKind::I64 => info::<i64>(d),
            IntKind::I128 => info::<i128>(d),
            IntKind::Isize => info::<isize>(d),
            IntKind::U8 => info::<u8>(d),
            IntKind::U16 => info::<u16>(d),
            IntKind::U32 => info::<u32>(d),
            IntKind::U64 => info::<u64>(d),
            IntKind::U128 => info::<u128>(d),
            IntKind::Usize => info::<usize>(d),
        },
        Ty::Float(FloatKind::F32) => info::<f32>(d),
        Ty::Float(FloatKind::F64) => info::<f64>(d),
        Ty::Bool => info::<bool>(d),
        Ty::Char => info::<char>(d),
        Ty::String => info::<String>(d),
        Ty::Unit => info::<()>(d),
        Ty::JsonValue => info::<serde_json::Value>(d),
        Ty::JsonNumber => info::<serde_json::Number>(d),
        Ty::Leaf(leaf) => match leaf {
            Leaf::DateTime => info::<chrono::DateTime<chrono::Utc>>(d),
            Leaf::NaiveDateTime => info::<chrono::NaiveDateTime>(d),
            Leaf::NaiveDate => info::<chrono::NaiveDate>(d),
            Leaf::NaiveTime => info::<chrono::NaiveTime>(d),
            Leaf::Uuid => info::<uuid::Uuid>(d),
            Leaf::Duration => info::<std::time::Duration>(d),
            Leaf::SystemTime => info::<std::time::SystemTime>(d),
            Leaf::IpAddr => info::<std::net::IpAddr>(d),
            Leaf::Ipv4Addr => info::<std::net::Ipv4Addr>(d),
            Leaf::Ipv6Addr => info::<std::net::Ipv6Addr>(d),
            Leaf::SocketAddr => info::<std::net::SocketAddr>(d),
            Leaf::PathBuf => info::<std::path::PathBuf>(d),
            Leaf::NonZero(k) => match k {
                IntKind::I8 => info::<NonZeroI8>(d),
                IntKind::I16 => info::<NonZeroI16>(d),
                IntKind::I32 => info::<NonZeroI32>(d),
                IntKind::I64 => info::<NonZeroI64>(d),
                IntKind::I128 => info::<NonZeroI128>(d),
                IntKind::Isize => info::<NonZeroIsize>(d),
                IntKind::U8 => info::<NonZeroU8>(d),
                IntKind::U16 => info::<NonZeroU16>(d),
                IntKind::U32 => info::<NonZeroU32>(d),
                IntKind::U64 => info::<NonZeroU64>(d),
                IntKind::U128 => info::<NonZeroU128>(d),
                IntKind::Usize => info::<NonZeroUsize>(d),
            },
            Leaf::Url => info::<url::Url>(d),
            Leaf::Bytes => info::<bytes::Bytes>(d),
            Leaf::Decimal => info::<rust_decimal::Decimal>(d),
            Leaf::BigDecimal => info::<bigdecimal::BigDecimal>(d),
            Leaf::SemVer => info::<semver::Version>(d),
            Leaf::Jiff(kind) => match kind {
                JiffKind::Timestamp => info::<jiff::Timestamp>(d),
                JiffKind::Zoned => info::<jiff::Zoned>(d),
                JiffKind::Date => info::<jiff::civil::Date>(d),
                JiffKind::Time => info::<jiff::civil::Time>(d),
                JiffKind::DateTime => info::<jiff::civil::DateTime>(d),
                JiffKind::Span => info::<jiff::Span>(d),
                JiffKind::SignedDuration => info::<jiff::SignedDuration>(d),
            },
        },
        _ => return None,
    })
}

/// The `$schema` URI of a dialect, as schemars' settings give it.
pub fn meta_schema(dialect: Dialect) -> String {
    let settings = match dialect {
        Dialect::Draft2020_12 => SchemaSettings::draft2020_12(),
        Dialect::Draft07 => SchemaSettings::draft07(),
    };
    settings.meta_schema.map(|s| s.into_owned()).unwrap_or_default()
}

/// The pointer under which definitions live (`/$defs`, `/definitions`).
pub fn definitions_path(dialect: Dialect) -> String {
    let settings = match dialect {
        Dialect::Draft2020_12 => SchemaSettings::draft2020_12(),
        Dialect::Draft07 => SchemaSettings::draft07(),
    };
    let path = settings.definitions_path.into_owned();
    let path = path.strip_prefix('#').unwrap_or(&path).to_owned();
    path.strip_suffix('/').map(str::to_owned).unwrap_or(path)
}
