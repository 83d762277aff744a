//! The `[schemas]` table: JSON Schemas the user gives, by tool (`TOOL.inputSchema`) or by Rust
//! type path, each read from a file of the repository.

use std::ops::Range;
use std::path::Path;

use super::{ConfigFile, Table};
use crate::diagnostics::Diagnostic;
use crate::options::{SchemaOverrides, ValueKind};

/// What a key of `[schemas]` names.
enum SchemaTarget<'k> {
    ToolInput(&'k str),
    ToolOutput(&'k str),
    Type,
    /// One value, given inline (`Type.field.default = 3`, `TOOL.description = "…"`).
    Value(ValueKind),
}

/// `TOOL.inputSchema`, `TOOL.outputSchema` (tool names may hold dots: the suffix is the last
/// one), or a Rust type path; a key that is none of them is an error with a hint.
fn schema_target(key: &str) -> Result<SchemaTarget<'_>, (String, Option<String>)> {
    if let Some(tool) = key.strip_suffix(".inputSchema").filter(|t| !t.is_empty()) {
        return Ok(SchemaTarget::ToolInput(tool));
    }
    if let Some(tool) = key.strip_suffix(".outputSchema").filter(|t| !t.is_empty()) {
        return Ok(SchemaTarget::ToolOutput(tool));
    }
    if key.strip_suffix(".examples").is_some_and(|t| !t.is_empty()) {
        return Ok(SchemaTarget::Value(ValueKind::Examples));
    }
    if key.strip_suffix(".description").is_some_and(|t| !t.is_empty()) {
        return Ok(SchemaTarget::Value(ValueKind::Description));
    }
    if let Some(field) = key.strip_suffix(".default") {
        return match field.split_once('.') {
            Some((ty, f)) if is_type_path(ty) && is_type_path(f) && !f.contains("::") => {
                Ok(SchemaTarget::Value(ValueKind::Default))
            }
            _ => Err((
                format!("`{key}` names no field: a default is given as `Type.field.default`"),
                Some(
                    "write the type and the field as the diagnostic names them: `ArchiveRequest.suffix.default`".into(),
                ),
            )),
        };
    }
    if is_type_path(key) {
        // Types are UpperCamelCase (rustc warns otherwise): `get_weather` is a tool missing its
        // suffix, not a type to give a schema to.
        let last = key.rsplit("::").next().unwrap_or(key);
        if last.starts_with(|c: char| c.is_uppercase()) {
            return Ok(SchemaTarget::Type);
        }
        let message = format!("`{key}` names no type (a type's name starts with a capital) and no tool's schema");
        return Err((message, Some(format!("for the tool, write `{key}.inputSchema` or `{key}.outputSchema`"))));
    }
    let message = format!("`{key}` is neither `TOOL.inputSchema`, `TOOL.outputSchema` nor a Rust type path");
    let hint = key.rsplit_once('.').and_then(|(tool, last)| {
        let last = last.to_lowercase().replace(['_', '-'], "");
        let suffix = match last.as_str() {
            "inputschema" | "input" => "inputSchema",
            "outputschema" | "output" => "outputSchema",
            _ => return None,
        };
        Some(format!("did you mean `{tool}.{suffix}`?"))
    });
    Err((message, hint.or_else(|| Some("a type path is written as in Rust: `kit::model::Blob`".into()))))
}

/// `name` or `a::b::name`: identifiers joined by `::` (no generics).
fn is_type_path(key: &str) -> bool {
    let ident = |s: &str| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
    };
    key.split("::").all(ident)
}

/// `[schemas]`: each file read and parsed, relative to the crate root.
pub(super) fn parse_schemas(file: &ConfigFile, table: Table, root: &Path) -> Result<SchemaOverrides, Diagnostic> {
    let mut overrides = SchemaOverrides::default();
    for (key, value) in table {
        let target = schema_target(key.get_ref()).map_err(|(message, help)| {
            let d = file
                .error(format!("{message} in {}", file.path.display()), key.span())
                .with_label("not a tool's schema nor a type");
            Diagnostic { help, ..d }
        })?;
        let span = value.span();
        if let SchemaTarget::Value(kind) = target {
            let json = match (kind, value.get_ref()) {
                (ValueKind::Description, toml::Value::String(s)) => serde_json::Value::String(s.clone()),
                (ValueKind::Description, _) => {
                    return Err(file.expected(&format!("schemas.\"{}\"", key.get_ref()), "a string", span))
                }
                (ValueKind::Examples, v @ toml::Value::Array(_)) => toml_to_json(v),
                (ValueKind::Examples, _) => {
                    return Err(file.expected(&format!("schemas.\"{}\"", key.get_ref()), "an array", span))
                }
                (ValueKind::Default, v) => toml_to_json(v),
            };
            overrides.values.insert(key.get_ref().clone(), json);
            continue;
        }
        let written = value.get_ref().as_str().ok_or_else(|| {
            file.expected(&format!("schemas.\"{}\"", key.get_ref()), "a path to a JSON Schema file", span.clone())
        })?;
        let objects_only = !matches!(target, SchemaTarget::Type);
        let schema = read_schema_file(file, &root.join(written), written, span, objects_only)?;
        match target {
            SchemaTarget::ToolInput(tool) => {
                overrides.tools.entry(tool.to_owned()).or_default().input_schema = Some(schema)
            }
            SchemaTarget::ToolOutput(tool) => {
                overrides.tools.entry(tool.to_owned()).or_default().output_schema = Some(schema)
            }
            SchemaTarget::Type => {
                overrides.types.insert(key.get_ref().clone(), schema);
            }
            SchemaTarget::Value(_) => unreachable!("read above"),
        }
    }
    Ok(overrides)
}

/// A JSON Schema file named by `[schemas]` (`written` as the configuration spells it): an
/// unreadable file, bad JSON or JSON that is no schema is an error at the entry. A tool's schema
/// must be an object (MCP's `inputSchema`/`outputSchema`); a type's may also be `true`/`false`.
fn read_schema_file(
    file: &ConfigFile,
    path: &Path,
    written: &str,
    span: Range<usize>,
    objects_only: bool,
) -> Result<serde_json::Value, Diagnostic> {
    // Read within the project the configuration belongs to (docs/security.md).
    let dir = file.path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let root = crate::read::Root::project(dir);
    let text = crate::read::read_within(&root, path).map_err(|e| {
        let why = match &e.why {
            crate::read::Why::Io(io) => io.to_string(),
            _ => e.shown_as(Path::new(written)),
        };
        file.error(format!("cannot read the schema file `{written}`: {why}"), span.clone())
            .with_label("this file")
            .with_help(format!("the path is relative to the directory of {}", file.path.display()))
    })?;
    let schema: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        file.error(format!("the schema file `{written}` is not valid JSON: {e}"), span.clone()).with_label("this file")
    })?;
    if !(schema.is_object() || schema.is_boolean() && !objects_only) {
        let expected = if objects_only { "a JSON object" } else { "a JSON object, `true` or `false`" };
        return Err(file
            .error(format!("the schema file `{written}` holds no JSON Schema: {expected} was expected"), span)
            .with_label("this file"));
    }
    Ok(schema)
}

/// A TOML value as the JSON it stands for (a datetime as its text).
fn toml_to_json(v: &toml::Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        toml::Value::String(s) => J::String(s.clone()),
        toml::Value::Integer(i) => J::from(*i),
        toml::Value::Float(f) => serde_json::Number::from_f64(*f).map_or(J::Null, J::Number),
        toml::Value::Boolean(b) => J::Bool(*b),
        toml::Value::Datetime(d) => J::String(d.to_string()),
        toml::Value::Array(a) => J::Array(a.iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => J::Object(t.iter().map(|(k, v)| (k.clone(), toml_to_json(v))).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys of one value: a field's default, a tool's description; a default naming no field
    /// is an error with the form it takes.
    #[test]
    fn value_keys() {
        let kind = |k: &str| match schema_target(k) {
            Ok(SchemaTarget::Value(kind)) => Ok(Some(kind)),
            Ok(_) => Ok(None),
            Err((message, _)) => Err(message),
        };
        assert_eq!(kind("ArchiveRequest.suffix.default"), Ok(Some(ValueKind::Default)));
        assert_eq!(kind("kit::model::Opts.level.default"), Ok(Some(ValueKind::Default)));
        assert_eq!(kind("ping.description"), Ok(Some(ValueKind::Description)));
        assert_eq!(kind("irc.read.description"), Ok(Some(ValueKind::Description)));
        assert_eq!(kind("ArchiveRequest.suffix.examples"), Ok(Some(ValueKind::Examples)));
        assert_eq!(kind("ping.inputSchema"), Ok(None));
        assert!(kind("suffix.default").unwrap_err().contains("`Type.field.default`"));
        assert!(kind("A.b-c.default").is_err());
    }

    #[test]
    fn toml_values_as_json() {
        let v: toml::Value = toml::from_str("x = { a = [1, 2.5, true], b = \"s\" }").unwrap();
        assert_eq!(toml_to_json(&v["x"]), serde_json::json!({"a": [1, 2.5, true], "b": "s"}));
    }
}
