//! The `tools/list` document: `{"tools": [...]}`, its serialisation and its atomic write.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value};

/// A `tools/list` manifest. Tools keep the order the profile gave them; every object keeps its
/// key order (serde_json is built with `preserve_order`).
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    pub tools: Vec<Value>,
}

impl Manifest {
    pub fn to_value(&self) -> Value {
        let mut doc = Map::new();
        doc.insert("tools".into(), Value::Array(self.tools.clone()));
        Value::Object(doc)
    }

    /// 2-space pretty JSON with a final newline: the bytes `generate` prints and writes.
    pub fn to_pretty_string(&self) -> String {
        let mut s = Vec::new();
        self.write_pretty(&mut s).expect("writing to a Vec never fails");
        String::from_utf8(s).expect("serde_json writes UTF-8")
    }

    /// The bytes of [`Manifest::to_pretty_string`], written to `out` as they are made (no copy of
    /// the whole document in memory).
    pub fn write_pretty(&self, out: &mut impl Write) -> io::Result<()> {
        // Serialised from a borrowed view: cloning every schema into one `Value` first would
        // double the memory of a large manifest.
        serde_json::to_writer_pretty(&mut *out, &Document { tools: &self.tools })?;
        out.write_all(b"\n")
    }

    /// Read a manifest back: a JSON object with a `tools` array of objects that have a `name`.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        Manifest::from_value(value)
    }

    pub fn from_value(value: Value) -> Result<Manifest, String> {
        let Value::Object(mut doc) = value else {
            return Err("not a tools/list document: the top level is not an object".into());
        };
        let Some(Value::Array(tools)) = doc.remove("tools") else {
            return Err("not a tools/list document: there is no \"tools\" array".into());
        };
        for (i, tool) in tools.iter().enumerate() {
            match tool.get("name") {
                Some(Value::String(_)) => {}
                _ => return Err(format!("not a tools/list document: tools[{i}] has no string \"name\"")),
            }
        }
        Ok(Manifest { tools })
    }
}

#[derive(serde::Serialize)]
struct Document<'a> {
    tools: &'a [Value],
}

/// Write `content` to `path` unless the file already holds exactly those bytes.
///
/// The write is atomic: a temporary file in the same directory, flushed and then renamed over
/// `path`, so a failed or interrupted run never leaves a half-written manifest. Returns whether
/// the file was (re)written.
pub fn write_if_changed(path: &Path, content: &str) -> io::Result<bool> {
    if let Ok(existing) = std::fs::read(path) {
        if existing == content.as_bytes() {
            return Ok(false);
        }
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new().prefix(".mcp-schema-").suffix(".tmp").tempfile_in(dir)?;
    tmp.write_all(content.as_bytes())?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(true)
}
