//! A tool as a profile makes it, before it is kept as text ([`super::Tool`]): its parts typed,
//! written out in the key order of the SDK that lists it (data each profile gives, [`KeyOrder`]).
//! The MCP annotation names, and the spellings SDK attributes and builders give them, are the one
//! table [`HINTS`]: the profiles read attributes with it, `validate`, `list` and `docs` read
//! manifests with it.

use serde_json::{Map, Value};

/// One of MCP's annotation hints (all booleans): its JSON key, how SDK attributes and builders
/// spell it, and how `list` and `docs` name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The key in `annotations` (`readOnlyHint`).
    pub key: &'static str,
    /// The attribute key and struct field (`#[tool(annotations(read_only_hint = true))]`,
    /// `ToolAnnotations { read_only_hint: … }`).
    pub attribute: &'static str,
    /// The builder method (`ToolAnnotations::new().read_only(true)`, tower-mcp's `.read_only()`).
    pub method: &'static str,
    /// Its name in `list` and `docs` (`read-only`).
    pub long: &'static str,
    /// Its flag in `list`'s table (`ro`).
    pub short: &'static str,
}

/// The annotation hints, in the order MCP defines them (and writes them, after `title`).
pub const HINTS: [Hint; 4] = [
    Hint { key: "readOnlyHint", attribute: "read_only_hint", method: "read_only", long: "read-only", short: "ro" },
    Hint {
        key: "destructiveHint",
        attribute: "destructive_hint",
        method: "destructive",
        long: "destructive",
        short: "de",
    },
    Hint { key: "idempotentHint", attribute: "idempotent_hint", method: "idempotent", long: "idempotent", short: "id" },
    Hint { key: "openWorldHint", attribute: "open_world_hint", method: "open_world", long: "open-world", short: "ow" },
];

/// The annotations' one string: its key, which is also its attribute key.
pub const TITLE: &str = "title";

/// The hint of `HINTS` whose JSON key, attribute key or builder method is `name`, by index.
pub fn hint_index(by: impl Fn(&Hint) -> &'static str, name: &str) -> Option<usize> {
    HINTS.iter().position(|h| by(h) == name)
}

/// A tool's `annotations`: its title and each hint of [`HINTS`] (by index) that is set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotations {
    /// `title`.
    pub title: Option<String>,
    /// Each hint of [`HINTS`], in its order.
    pub hints: [Option<bool>; 4],
}

/// How a profile's SDK writes the annotations' keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnnotationOrder {
    /// `title`, then the hints in MCP's order ([`HINTS`]).
    Protocol,
    /// In byte order of their keys (a Rust struct whose fields are written so).
    Sorted,
}

impl Annotations {
    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        self.title.is_none() && self.hints.iter().all(Option::is_none)
    }

    /// The annotations a manifest's tool holds (`tool.annotations`): the title when a string, the
    /// hints that are booleans; whatever else is there is not read.
    pub fn read(tool: &Value) -> Annotations {
        let Some(a) = tool.get("annotations").and_then(Value::as_object) else { return Annotations::default() };
        Annotations {
            title: a.get(TITLE).and_then(Value::as_str).map(str::to_owned),
            hints: HINTS.map(|h| a.get(h.key).and_then(Value::as_bool)),
        }
    }

    /// The hints that are set, with their value, in MCP's order.
    pub fn set_hints(&self) -> impl Iterator<Item = (&'static Hint, bool)> + '_ {
        HINTS.iter().zip(self.hints).filter_map(|(h, v)| v.map(|v| (h, v)))
    }

    /// The JSON object, keys in `order`.
    pub fn to_value(&self, order: AnnotationOrder) -> Value {
        let mut keys: Vec<(&str, Value)> = Vec::new();
        if let Some(t) = &self.title {
            keys.push((TITLE, Value::String(t.clone())));
        }
        keys.extend(self.set_hints().map(|(h, v)| (h.key, Value::Bool(v))));
        if order == AnnotationOrder::Sorted {
            keys.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        }
        Value::Object(keys.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
    }
}

/// A top-level key of a listed tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // each is the key [`Key::json`] names
pub enum Key {
    Name,
    Title,
    Description,
    InputSchema,
    OutputSchema,
    Annotations,
    Execution,
    Icons,
    Meta,
}

impl Key {
    /// As `tools/list` writes it.
    pub const fn json(self) -> &'static str {
        match self {
            Key::Name => "name",
            Key::Title => "title",
            Key::Description => "description",
            Key::InputSchema => "inputSchema",
            Key::OutputSchema => "outputSchema",
            Key::Annotations => "annotations",
            Key::Execution => "execution",
            Key::Icons => "icons",
            Key::Meta => "_meta",
        }
    }
}

/// The keys of a tool's two schemas, `inputSchema` and `outputSchema`.
pub const SCHEMA_KEYS: [&str; 2] = [Key::InputSchema.json(), Key::OutputSchema.json()];

/// The order an SDK writes a tool's keys in: every key the profile may set, once.
#[derive(Debug, Clone, Copy)]
pub struct KeyOrder {
    /// The tool's keys.
    pub tool: &'static [Key],
    /// Those of its `annotations`.
    pub annotations: AnnotationOrder,
}

/// One tool as a profile made it. `None` parts are not listed; an `input` of `None` is a tool the
/// SDK lists without an `inputSchema` (or one left out, with a diagnostic).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolEntry {
    /// `name`.
    pub name: String,
    /// `title`.
    pub title: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `inputSchema`.
    pub input: Option<Value>,
    /// `outputSchema`.
    pub output: Option<Value>,
    /// `annotations`.
    pub annotations: Option<Annotations>,
    /// `{"taskSupport": …}`.
    pub execution: Option<Value>,
    /// The array of icon objects, each as the SDK writes it.
    pub icons: Option<Value>,
    /// `_meta`.
    pub meta: Option<Value>,
}

impl ToolEntry {
    /// A tool named `name`, with nothing else yet.
    pub fn named(name: impl Into<String>) -> ToolEntry {
        ToolEntry { name: name.into(), ..ToolEntry::default() }
    }

    /// The tool object, keys in `order`. A part set whose key `order` does not name is a bug of
    /// the profile (the order is its SDK's whole `Tool` type).
    pub fn to_value(&self, order: &KeyOrder) -> Value {
        let mut out = Map::new();
        for key in order.tool {
            let v = match key {
                Key::Name => Some(Value::String(self.name.clone())),
                Key::Title => self.title.clone().map(Value::String),
                Key::Description => self.description.clone().map(Value::String),
                Key::InputSchema => self.input.clone(),
                Key::OutputSchema => self.output.clone(),
                Key::Annotations => self.annotations.as_ref().map(|a| a.to_value(order.annotations)),
                Key::Execution => self.execution.clone(),
                Key::Icons => self.icons.clone(),
                Key::Meta => self.meta.clone(),
            };
            if let Some(v) = v {
                out.insert(key.json().to_owned(), v);
            }
        }
        debug_assert!(
            self.unlisted_parts(order).is_empty(),
            "tool `{}` sets {:?}, which its key order does not name",
            self.name,
            self.unlisted_parts(order)
        );
        Value::Object(out)
    }

    /// The tool kept as text (see [`super::Tool`]), keys in `order`.
    pub fn into_tool(self, order: &KeyOrder) -> super::Tool {
        super::Tool::from_value(&self.to_value(order))
    }

    fn unlisted_parts(&self, order: &KeyOrder) -> Vec<Key> {
        let set = [
            (Key::Title, self.title.is_some()),
            (Key::Description, self.description.is_some()),
            (Key::InputSchema, self.input.is_some()),
            (Key::OutputSchema, self.output.is_some()),
            (Key::Annotations, self.annotations.is_some()),
            (Key::Execution, self.execution.is_some()),
            (Key::Icons, self.icons.is_some()),
            (Key::Meta, self.meta.is_some()),
        ];
        set.into_iter().filter(|(k, on)| *on && !order.tool.contains(k)).map(|(k, _)| k).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const MCP: KeyOrder = KeyOrder {
        tool: &[Key::Name, Key::Title, Key::Description, Key::InputSchema, Key::Annotations],
        annotations: AnnotationOrder::Protocol,
    };
    const SORTED: KeyOrder = KeyOrder {
        tool: &[Key::Annotations, Key::Description, Key::InputSchema, Key::Name, Key::Title],
        annotations: AnnotationOrder::Sorted,
    };

    fn entry() -> ToolEntry {
        ToolEntry {
            title: Some("T".into()),
            description: Some("D".into()),
            input: Some(json!({"type": "object"})),
            annotations: Some(Annotations { title: None, hints: [Some(true), None, None, Some(false)] }),
            ..ToolEntry::named("t")
        }
    }

    #[test]
    fn keys_come_in_the_order_given() {
        let text = |order: &KeyOrder| serde_json::to_string(&entry().to_value(order)).unwrap();
        assert_eq!(
            text(&MCP),
            r#"{"name":"t","title":"T","description":"D","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"openWorldHint":false}}"#
        );
        assert_eq!(
            text(&SORTED),
            r#"{"annotations":{"openWorldHint":false,"readOnlyHint":true},"description":"D","inputSchema":{"type":"object"},"name":"t","title":"T"}"#
        );
    }

    #[test]
    fn empty_annotations_are_an_empty_object() {
        let e = ToolEntry { annotations: Some(Annotations::default()), ..ToolEntry::named("t") };
        assert_eq!(e.to_value(&MCP), json!({"name": "t", "annotations": {}}));
    }

    #[test]
    fn annotations_read_back_only_what_has_its_type() {
        let tool = json!({"annotations": {"title": 3, "readOnlyHint": true, "destructiveHint": "yes", "x": 1}});
        assert_eq!(Annotations::read(&tool), Annotations { title: None, hints: [Some(true), None, None, None] });
        assert_eq!(hint_index(|h| h.attribute, "open_world_hint"), Some(3));
        assert_eq!(hint_index(|h| h.method, "destructive"), Some(1));
    }
}
