//! The `tools/list` document: `{"tools": [...]}`, its serialisation and its atomic write.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value};

use crate::diagnostics::{Code, Diagnostic};

mod entry;
mod temp;

pub use entry::{hint_index, AnnotationOrder, Annotations, Hint, Key, KeyOrder, ToolEntry, HINTS, SCHEMA_KEYS, TITLE};

/// One tool of a manifest, held as its compact JSON text, keys in the order they were given
/// (serde_json is built with `preserve_order`).
///
/// A profile turns each tool into a `Tool` as soon as the tool is final: as a `serde_json::Value`
/// a schema takes about eight times the bytes of its compact text (every string, map and vector
/// its own allocation), and a run holds every tool until the end, alongside the syntax trees.
/// [`Tool::to_value`] parses it back for those that need to look inside (`check`, tests).
///
/// Two tools are equal when their texts are: the same keys in the same order. (`check` compares
/// values, key order ignored.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tool {
    /// Compact JSON as serde_json writes it.
    json: Box<str>,
}

/// A tool serializes as the value its text holds, streamed from the text by serde-transcode: the
/// pretty manifest is written by serde_json's own `PrettyFormatter` without the tools ever
/// becoming `Value`s again. Numbers come back exactly (serde_json's `float_roundtrip`).
impl serde::Serialize for Tool {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut de = serde_json::Deserializer::from_str(&self.json);
        serde_transcode::transcode(&mut de, serializer)
    }
}

impl Tool {
    /// The tool object `value`, kept as its compact JSON text.
    pub fn from_value(value: &Value) -> Tool {
        let json = serde_json::to_string(value).expect("a Value always serialises");
        Tool { json: json.into_boxed_str() }
    }

    /// The compact JSON text of the tool.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// The tool parsed back into a value.
    pub fn to_value(&self) -> Value {
        serde_json::from_str(&self.json).expect("a tool's text is JSON written by serde_json")
    }
}

impl From<&Value> for Tool {
    fn from(value: &Value) -> Tool {
        Tool::from_value(value)
    }
}

/// A `tools/list` manifest. Tools keep the order the profile gave them; every object keeps its
/// key order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Manifest {
    tools: Vec<Tool>,
}

impl Manifest {
    /// A manifest of `tools`, in that order.
    pub fn new(tools: Vec<Tool>) -> Manifest {
        Manifest { tools }
    }

    /// The tools, in their compact form.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// The tools parsed back into values (each one is parsed on every call).
    pub fn tool_values(&self) -> Vec<Value> {
        self.tools.iter().map(Tool::to_value).collect()
    }

    /// How many tools it lists.
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// Whether it lists no tool.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// The whole document, `{"tools": [...]}`, as a value.
    pub fn to_value(&self) -> Value {
        let mut doc = Map::new();
        doc.insert("tools".into(), Value::Array(self.tool_values()));
        Value::Object(doc)
    }

    /// 2-space pretty JSON with a final newline: the bytes `generate` prints and writes.
    pub fn to_pretty_string(&self) -> String {
        let mut s = Vec::new();
        self.write_pretty(&mut s).expect("writing to a Vec never fails");
        String::from_utf8(s).expect("the tools are UTF-8 and so is the indentation")
    }

    /// The bytes of [`Manifest::to_pretty_string`], written to `out` as they are made (no copy of
    /// the whole document in memory): exactly what `serde_json::to_writer_pretty` writes for
    /// `{"tools": [...]}`, plus a final newline.
    pub fn write_pretty(&self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, &Document { tools: &self.tools })?;
        out.write_all(b"\n")
    }

    /// Read a committed manifest; a missing, unreadable or malformed one is an error (with a hint
    /// to create it when it is missing).
    #[allow(clippy::result_large_err)] // `Diagnostic` is the crate's error type
    pub fn read(path: &Path) -> Result<Manifest, Diagnostic> {
        read_file(path, "the committed manifest", |path| {
            format!(
                "create it with `mcp-schema generate -o {}` and commit it, or point --manifest at it",
                path.display()
            )
        })
    }

    /// Read a manifest file given to compare (`diff OLD NEW`): an error as for [`Manifest::read`],
    /// whose hint for a missing file names what `diff` takes, not an option it does not have.
    #[allow(clippy::result_large_err)]
    pub fn read_compared(path: &Path) -> Result<Manifest, Diagnostic> {
        read_file(path, "the manifest", |_| {
            "give the path of a manifest file, or `-` to read one from standard input (as `git show` \
             prints a committed one)"
                .to_owned()
        })
    }

    /// [`Manifest::parse`] for a text read from `name` (a file, `REV:path`, `<stdin>`), with a
    /// diagnostic that names it (and says so when the text has merge-conflict markers).
    #[allow(clippy::result_large_err)]
    pub fn parse_named(text: &str, name: &str) -> Result<Manifest, Diagnostic> {
        parse_named(text, name)
    }

    /// Read a manifest back: a JSON object with a `tools` array of objects that have a `name`.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        Manifest::from_value(value)
    }

    /// The manifest a `tools/list` document holds; the error says why `value` is not one.
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
        Ok(Manifest { tools: tools.iter().map(Tool::from_value).collect() })
    }
}

/// Read the manifest at `path`, called `what` in the error; `missing_help` says what to do when
/// the file does not exist.
#[allow(clippy::result_large_err)]
fn read_file(path: &Path, what: &str, missing_help: impl Fn(&Path) -> String) -> Result<Manifest, Diagnostic> {
    let text = crate::read::read_given(path).map_err(|e| {
        let why = match &e.why {
            crate::read::Why::Io(io) => io.to_string(),
            crate::read::Why::NotUtf8 => "stream did not contain valid UTF-8".to_owned(),
            _ => e.shown_as(path),
        };
        let d = Diagnostic::error(Code::ManifestUnreadable, format!("cannot read {what} {}: {why}", path.display()))
            .in_file(path);
        if e.is_not_found() {
            d.with_help(missing_help(path))
        } else {
            d
        }
    })?;
    parse_named(&text, &path.display().to_string()).map_err(|d| d.in_file(path))
}

/// Parse a manifest read from `name` (a file, `REV:path`, standard input): a malformed one is a
/// `bad-manifest` error, which says so when the text holds merge-conflict markers.
#[allow(clippy::result_large_err)]
pub(crate) fn parse_named(text: &str, name: &str) -> Result<Manifest, Diagnostic> {
    Manifest::parse(text).map_err(|e| match conflict_marker(text) {
        Some(at) => {
            let file =
                std::sync::Arc::new(crate::diagnostics::SourceFile::new(name.into(), std::sync::Arc::from(text)));
            Diagnostic::error(Code::BadManifest, format!("{name} has merge-conflict markers"))
                .at(Some(crate::diagnostics::Location { file, start: at, len: 7 }))
                .with_label("conflict starts here")
                .with_help("resolve the conflict by regenerating the manifest: `mcp-schema generate -o <manifest>`")
        }
        None => Diagnostic::error(Code::BadManifest, format!("{name} is {e}")).with_help(
            "the manifest must be a tools/list result: {\"tools\": [{\"name\": ..., \"inputSchema\": ...}]}",
        ),
    })
}

/// The byte offset of the first line that opens a merge conflict (`<<<<<<< `), if the other
/// markers follow it.
fn conflict_marker(text: &str) -> Option<usize> {
    let mut offset = 0;
    let mut start = None;
    for line in text.split_inclusive('\n') {
        let l = line.trim_end_matches(['\r', '\n']);
        if start.is_none() && (l == "<<<<<<<" || l.starts_with("<<<<<<< ")) {
            start = Some(offset);
        } else if start.is_some() && (l == ">>>>>>>" || l.starts_with(">>>>>>> ")) {
            return start;
        }
        offset += line.len();
    }
    None
}

#[derive(serde::Serialize)]
struct Document<'a> {
    tools: &'a [Tool],
}

/// Write `content` to `path` unless the file already holds exactly those bytes.
///
/// The write is atomic: a temporary file in the same directory, flushed and then renamed over
/// `path`, so a failed or interrupted run never leaves a half-written manifest. Returns whether
/// the file was (re)written.
pub fn write_if_changed(path: &Path, content: &str) -> io::Result<bool> {
    write_if_changed_with(path, |out| out.write_all(content.as_bytes()))
}

/// [`write_if_changed`] for content made by `write` (called once or twice), never held whole in
/// memory: it is first compared with the file as it is made, then written to the temporary file
/// only when it differs. [`Manifest::write_pretty`] makes a manifest this way.
pub fn write_if_changed_with(path: &Path, write: impl Fn(&mut dyn Write) -> io::Result<()>) -> io::Result<bool> {
    // Only a regular file is replaced: a device node would become a file, and opening a FIFO
    // (`-o /dev/stdout` in a pipe) to compare would wait for a writer ([`write_error`] says so).
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(io::Error::from(io::ErrorKind::InvalidInput));
    }
    // Compared only with a regular file (the read boundary opens nothing else).
    if let Ok(file) = crate::read::reopen(path) {
        let mut same = SameAs { file: io::BufReader::with_capacity(1 << 16, file), same: true, scratch: Vec::new() };
        write(&mut same)?;
        if same.same && same.at_end() {
            return Ok(false);
        }
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mcp-schema-").suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(new_file_mode());
    let mut tmp = builder.tempfile_in(dir)?;
    // Removed by a signal that ends the process while it exists (tempfile removes it otherwise).
    let _guard = temp::Guard::new(tmp.path());
    // An existing file keeps its mode.
    if let Ok(meta) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    {
        let mut out = io::BufWriter::with_capacity(1 << 16, FirstError { file: tmp.as_file_mut(), error: None });
        // serde_json reports a failed write inside a value as invalid data: the file's own error
        // (a full disk) is the one to tell.
        let written = write(&mut out).and_then(|_| out.flush());
        written.map_err(|e| out.get_mut().error.take().unwrap_or(e))?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(true)
}

/// What any new file gets (0666 minus the umask, so 0644 under the usual umask), never the
/// temporary file's private 0600: the mode is asked at creation, and the umask trims it.
#[cfg(unix)]
fn new_file_mode() -> std::fs::Permissions {
    use std::os::unix::fs::PermissionsExt;
    std::fs::Permissions::from_mode(0o666)
}

/// Why the manifest could not be written to `path`, in words that name `path` (never the
/// temporary file the write went through).
pub fn write_error(path: &Path, e: &io::Error) -> Diagnostic {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let why = if !dir.is_dir() {
        format!("the directory {} does not exist", dir.display())
    } else if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        "it is not a regular file (a directory, a device, a FIFO or a socket); `-o` writes a file, `-o -` \
         writes to standard output"
            .to_owned()
    } else {
        match e.kind() {
            io::ErrorKind::StorageFull => "no space left on device".to_owned(),
            io::ErrorKind::QuotaExceeded => "disk quota exceeded".to_owned(),
            // The kind alone: the error's own text may name the temporary file.
            kind => io::Error::from(kind).to_string(),
        }
    };
    Diagnostic::error(Code::ManifestUnwritable, format!("cannot write {}: {why}", path.display()))
}

/// Why writing `new` to `path` must not happen: the run found no SDK and no tool (a `no-sdk`
/// warning among `diagnostics`), `new` is empty, and `path` holds a manifest that lists tools.
/// An empty Cargo.toml or the wrong directory would otherwise replace the committed manifest
/// with `{"tools": []}` and exit status 0. The error is the warning made one, its place and
/// help kept, naming the file that is left as it is.
pub fn refuse_to_empty(path: &Path, new: &Manifest, diagnostics: &crate::Diagnostics) -> Option<Diagnostic> {
    if !new.is_empty() {
        return None;
    }
    let warning = diagnostics.iter().find(|d| d.code == Code::NoSdk)?;
    let listed = Manifest::read(path).ok()?.len();
    if listed == 0 {
        return None;
    }
    let mut error = warning.clone();
    error.severity = crate::diagnostics::Severity::Error;
    let tools = if listed == 1 { "tool" } else { "tools" };
    error.message = format!("{}; {} lists {listed} {tools} and is left as it is", warning.message, path.display());
    Some(error)
}

/// The line `generate` ends with when the run left schemas out (with a warning each, which the
/// lint levels kept): which tools lack which schema. A schema left out never goes by as one
/// warning among others; `--strict` or `-D CODE` make the warnings errors.
pub fn left_out_line(diagnostics: &crate::Diagnostics) -> Option<String> {
    let mut tools: Vec<(&str, Vec<&str>)> = Vec::new();
    for d in diagnostics.iter().filter(|d| !d.is_error()) {
        let (Some(tool), Some((key, _))) = (d.tool.as_deref(), d.left_out_key()) else { continue };
        match tools.iter_mut().find(|(t, _)| *t == tool) {
            Some((_, keys)) if !keys.contains(&key) => keys.push(key),
            Some(_) => {}
            None => tools.push((tool, vec![key])),
        }
    }
    if tools.is_empty() {
        return None;
    }
    let named: Vec<String> = tools.iter().map(|(t, keys)| format!("`{t}` ({})", keys.join(", "))).collect();
    let (n, s) = (tools.len(), if tools.len() == 1 { "" } else { "s" });
    Some(format!(
        "warning: {n} tool{s} published without a schema the server has: {}; the warnings above say why \
         (`--strict` makes them errors)",
        named.join(", ")
    ))
}

/// A file that keeps the first error a write to it met (its own kind and OS code).
struct FirstError<'f> {
    file: &'f mut std::fs::File,
    error: Option<io::Error>,
}

impl Write for FirstError<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf).inspect_err(|e| self.keep(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush().inspect_err(|e| self.keep(e))
    }
}

impl FirstError<'_> {
    fn keep(&mut self, e: &io::Error) {
        if self.error.is_none() {
            self.error = Some(e.raw_os_error().map_or_else(|| io::Error::from(e.kind()), io::Error::from_raw_os_error));
        }
    }
}

/// A writer that compares what it is given with what a file holds, byte for byte.
struct SameAs<R> {
    file: R,
    /// No difference so far.
    same: bool,
    scratch: Vec<u8>,
}

impl<R: io::Read> SameAs<R> {
    /// Whether the file has nothing after what was compared.
    fn at_end(&mut self) -> bool {
        matches!(self.file.read(&mut [0u8]), Ok(0))
    }
}

impl<R: io::Read> Write for SameAs<R> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.same {
            self.scratch.resize(buf.len(), 0);
            // A file that ends first (`UnexpectedEof`) or cannot be read differs: it is replaced.
            self.same = self.file.read_exact(&mut self.scratch).is_ok() && self.scratch == buf;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::{write_if_changed_with, Manifest, Tool};

    #[test]
    fn the_left_out_line_names_each_tool_once_with_its_keys() {
        use crate::diagnostics::{Code, Diagnostic, Severity};
        let gap = |tool, key| Diagnostic::left_out(Severity::Warning, Code::Opaque, tool, key, "why");
        let run = crate::Diagnostics(vec![
            gap("fetch", "inputSchema"),
            gap("fetch", "inputSchema"),
            Diagnostic::warning(Code::Opaque, "tool `x`: `meta()`: not known; left out").for_tool("x"),
            gap("locate", "outputSchema"),
            gap("fetch", "outputSchema"),
        ]);
        assert_eq!(
            super::left_out_line(&run).as_deref(),
            Some(
                "warning: 2 tools published without a schema the server has: `fetch` (inputSchema, outputSchema), \
                 `locate` (outputSchema); the warnings above say why (`--strict` makes them errors)"
            )
        );
        assert_eq!(super::left_out_line(&crate::Diagnostics::default()), None);
    }

    /// A manifest as serde_json writes it from values.
    fn serde_pretty(tools: &[Value]) -> String {
        let mut s = serde_json::to_string_pretty(&json!({ "tools": tools })).unwrap();
        s.push('\n');
        s
    }

    fn manifest(tools: &[Value]) -> Manifest {
        Manifest::new(tools.iter().map(Tool::from_value).collect())
    }

    #[test]
    fn pretty_output_is_serde_json_pretty() {
        let deep = (0..40).fold(json!({"leaf": [1, {"x": null}]}), |v, i| json!({ format!("k{i}"): [v] }));
        let tools = [
            json!({"name": "a", "inputSchema": {}, "outputSchema": {"type": "object", "properties": {}}}),
            json!({
                "name": "tricky \"quoted\" {braces} [brackets], commas: colons\\",
                "description": "line\nnext\ttab \u{1} \u{7f} é ✓ 😀 \\\" ]}",
                "enum": [[], {}, [[]], [{}], [1, -2.5, 3e100, true, false, null], ""],
                "nested": {"a": {"b": {"c": []}}, "{": "}", "[": "]", ":": ",", "\\": "\""},
            }),
            json!({"name": "deep", "inputSchema": deep}),
            json!({"name": "empty-string-key", "": {"": ""}}),
            // Numbers come back as they were written: the shortest text of the same f64.
            json!({"name": "numbers", "n": [0.1, 0.30000000000000004, 1e-7, 5e-324, 1.7976931348623157e308,
                -0.0, 123456789012345678u64, -9223372036854775808i64, 18446744073709551615u64]}),
        ];
        for n in 0..=tools.len() {
            let m = manifest(&tools[..n]);
            assert_eq!(m.to_pretty_string(), serde_pretty(&tools[..n]), "first {n} tools");
        }
        assert_eq!(manifest(&[]).to_pretty_string(), "{\n  \"tools\": []\n}\n");
    }

    #[test]
    fn tools_keep_their_key_order_and_parse_back() {
        let tool = json!({"name": "t", "z": 1, "a": {"y": 2, "b": 3}});
        let m = manifest(std::slice::from_ref(&tool));
        assert_eq!(m.tools()[0].json(), r#"{"name":"t","z":1,"a":{"y":2,"b":3}}"#);
        assert_eq!(m.tool_values(), std::slice::from_ref(&tool));
        assert_eq!(m.to_value(), json!({ "tools": [tool] }));
        let text = m.to_pretty_string();
        assert_eq!(Manifest::parse(&text).unwrap(), m);
    }

    /// A full disk is said as such: serde_json reports a failed write inside a value as invalid
    /// data, and the file's own error is the one kept.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_is_no_space_left_on_device() {
        use std::io::Write as _;
        let mut full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let manifest =
            Manifest::from_value(json!({"tools": [{"name": "t", "description": "x".repeat(1 << 17)}]})).unwrap();
        let mut out = std::io::BufWriter::new(super::FirstError { file: &mut full, error: None });
        let e = manifest.write_pretty(&mut out).and_then(|_| out.flush()).unwrap_err();
        let kept = out.get_mut().error.take().unwrap();
        assert_eq!((e.kind(), kept.kind()), (std::io::ErrorKind::InvalidData, std::io::ErrorKind::StorageFull));
        let d = super::write_error(std::path::Path::new("m.json"), &kept);
        assert_eq!(d.message, "cannot write m.json: no space left on device");
    }

    #[test]
    fn a_file_is_rewritten_only_when_its_bytes_differ() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        let m = manifest(&[json!({"name": "a", "inputSchema": {"type": "object"}})]);
        let text = m.to_pretty_string();
        let write = |path: &std::path::Path| write_if_changed_with(path, |out| m.write_pretty(out)).unwrap();
        assert!(write(&path), "a new file");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        assert!(!write(&path), "the same bytes");
        let longer = format!("{text} ");
        let different = text.replace('a', "b");
        for old in [&text[..text.len() - 1], longer.as_str(), different.as_str(), ""] {
            std::fs::write(&path, old).unwrap();
            assert!(write(&path), "{old:?}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
        // Only the manifest is left in the directory: no temporary file.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
