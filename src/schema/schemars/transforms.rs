//! `#[schemars(transform = …)]` applied where schemars_derive applies it (a post-mutator, after
//! the `extend` keys): schemars' own transforms are schemars' (a table of their names, each
//! applied by the real `schemars::transform` type with its `Default` settings),
//! `RecursiveTransform(inner)` goes over the subschemas as schemars' own does, and code of the
//! workspace is run by the model's interpreter through [`RunCode`].

use schemars::transform::{self as st, Transform as _};
use schemars::Schema;
use serde_json::Value;

use super::private::as_schema;
use crate::model::transform::{CodeGap, RunCode, Transform};

/// A transform of schemars', made as `Default::default()` makes it.
type Make = fn() -> Box<dyn st::Transform>;

/// schemars' own transforms by name (the names [`crate::model::transform::OWN_TRANSFORMS`] reads).
pub const OWN: &[(&str, Make)] = &[
    ("ReplaceBoolSchemas", || Box::<st::ReplaceBoolSchemas>::default()),
    ("RemoveRefSiblings", || Box::<st::RemoveRefSiblings>::default()),
    ("SetSingleExample", || Box::<st::SetSingleExample>::default()),
    ("ReplaceConstValue", || Box::<st::ReplaceConstValue>::default()),
    ("ReplacePrefixItems", || Box::<st::ReplacePrefixItems>::default()),
    ("ReplaceUnevaluatedProperties", || Box::<st::ReplaceUnevaluatedProperties>::default()),
    ("RestrictFormats", || Box::<st::RestrictFormats>::default()),
    ("AddNullable", || Box::<st::AddNullable>::default()),
];

/// Applies one transform to a schema; the first code that cannot be followed stops it.
pub fn apply(t: &Transform, schema: &mut Value, code: &dyn RunCode) -> Result<(), CodeGap> {
    let schema = as_schema(schema);
    apply_to(t, schema, code)
}

fn apply_to(t: &Transform, schema: &mut Schema, code: &dyn RunCode) -> Result<(), CodeGap> {
    match t {
        Transform::Own(name) => match OWN.iter().find(|(n, _)| n == name) {
            Some((_, make)) => {
                make().transform(schema);
                Ok(())
            }
            None => Err(CodeGap { reason: format!("`{name}` is not one of schemars' transforms"), location: None }),
        },
        Transform::Recursive(inner) => {
            // schemars' own `RecursiveTransform`, over a closure running the inner transform.
            let mut gap = None;
            st::RecursiveTransform(|s: &mut Schema| {
                if gap.is_none() {
                    gap = apply_to(inner, s, code).err();
                }
            })
            .transform(schema);
            gap.map_or(Ok(()), Err)
        }
        Transform::Code(c) => {
            let mut v = std::mem::take(schema).to_value();
            let out = code.run(c, &mut v);
            // A `&mut Schema` stays a schema: anything else is what the code could not write.
            *schema = Schema::try_from(v).unwrap_or_default();
            out
        }
        Transform::Unread { reason, location } => {
            Err(CodeGap { reason: reason.clone(), location: Some(location.clone()) })
        }
    }
}

/// What a transform is called in a message: `RecursiveTransform(f)`, `f`, `RestrictFormats`.
pub fn name(t: &Transform) -> String {
    match t {
        Transform::Own(n) => (*n).to_owned(),
        Transform::Recursive(inner) => format!("RecursiveTransform({})", name(inner)),
        Transform::Code(c) => c.name.trim_matches('`').to_owned(),
        Transform::Unread { .. } => "…".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model reads exactly the names this table applies.
    #[test]
    fn the_table_names_what_the_model_reads() {
        let names: Vec<&str> = OWN.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, crate::model::transform::OWN_TRANSFORMS);
    }
}
