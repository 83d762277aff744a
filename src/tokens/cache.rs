//! A per-user cache of token counts, so that a run on tools that did not change since the last
//! one loads no encoding at all: loading one (tens of milliseconds of deserialising tables) and
//! counting were most of what counts added to `list` and `check`.
//!
//! One file per encoding, `$XDG_CACHE_HOME/mcp-schema/tokens/<encoding>-<versions>.counts`
//! (`~/.cache` without `XDG_CACHE_HOME`, `%LOCALAPPDATA%` on Windows), named by this crate's
//! and the tokenizer crate's versions so that an upgrade starts afresh. Each line is a text's
//! SHA-256 (its first 128 bits, in hex) and its count. The cache is only ever an optimisation:
//! a file that cannot be read or written, or a line that does not parse, is as if it were not
//! there, and nothing is reported. `--no-cache` or `MCP_SCHEMA_NO_CACHE=1` turns it off.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use sha2::{Digest, Sha256};

use super::Encoding;
use crate::choice::Choice;

/// The version of the counting: the tables and the split of `bpe.rs`. A count depends on nothing
/// else, so it changes only when they do (bpe.rs's test of the tables' hash names it).
pub(crate) const TOKENIZER_VERSION: &str = "tiktoken-1";

/// The most counts a file keeps: past it, a save keeps only those of its own run (about 48 bytes
/// a line: 2.4 MB).
const MOST_ENTRIES: usize = 50_000;

static DISABLED: AtomicBool = AtomicBool::new(false);

/// Turn the cache off for this process (`--no-cache`).
pub fn disable() {
    DISABLED.store(true, Ordering::Relaxed);
}

fn enabled() -> bool {
    !DISABLED.load(Ordering::Relaxed)
        && std::env::var_os("MCP_SCHEMA_NO_CACHE").map_or(true, |v| v.is_empty() || v == "0")
}

/// The key of a text: the first 128 bits of its SHA-256, stable across builds and platforms.
pub(crate) fn key(text: &str) -> u128 {
    let digest = Sha256::digest(text.as_bytes());
    u128::from_be_bytes(digest[..16].try_into().expect("SHA-256 has 32 bytes"))
}

/// The counts known for one encoding, and which of them this run used or added.
pub(crate) struct Counts {
    file: Option<PathBuf>,
    known: HashMap<u128, usize>,
    used: Vec<u128>,
    added: bool,
}

impl Counts {
    /// The cache of `encoding`, empty when it is off or its file cannot be read.
    pub(crate) fn open(encoding: Encoding) -> Self {
        let file = enabled().then(|| file_of(encoding)).flatten();
        let known = file.as_ref().and_then(|f| std::fs::read_to_string(f).ok()).map(|t| parse(&t)).unwrap_or_default();
        Counts { file, known, used: Vec::new(), added: false }
    }

    /// Whether counts are read and written at all.
    pub(crate) fn is_on(&self) -> bool {
        self.file.is_some()
    }

    /// Whether the cache holds any count: a hint that this crate may have been counted before.
    pub(crate) fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The count of the text whose key is `key`, if a run counted it before.
    pub(crate) fn get(&mut self, key: u128) -> Option<usize> {
        let found = self.known.get(&key).copied();
        if found.is_some() {
            self.used.push(key);
        }
        found
    }

    /// Remember the count of the text whose key is `key`.
    pub(crate) fn insert(&mut self, key: u128, count: usize) {
        self.known.insert(key, count);
        self.used.push(key);
        self.added = true;
    }

    /// Write the file again when this run added counts: to a temporary file beside it, then
    /// renamed over it, so that a reader never sees half a file. Two runs at once may each lose
    /// the other's additions; a later run counts those again.
    pub(crate) fn save(self) {
        let (Some(file), true) = (self.file, self.added) else { return };
        let keep: Vec<(u128, usize)> = if self.known.len() > MOST_ENTRIES {
            self.used.iter().map(|k| (*k, self.known[k])).collect()
        } else {
            self.known.into_iter().collect()
        };
        let _ = write(&file, &keep);
    }
}

fn write(file: &std::path::Path, counts: &[(u128, usize)]) -> std::io::Result<()> {
    let dir = file.parent().expect("the cache file is in a directory");
    std::fs::create_dir_all(dir)?;
    let mut text = String::with_capacity(counts.len() * 48);
    for (key, count) in counts {
        text.push_str(&format!("{key:032x} {count}\n"));
    }
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.persist(file).map_err(|e| e.error)?;
    Ok(())
}

/// The lines of a cache file that parse; the others are left out.
fn parse(text: &str) -> HashMap<u128, usize> {
    text.lines()
        .filter_map(|line| {
            let (key, count) = line.split_once(' ')?;
            Some((u128::from_str_radix(key, 16).ok()?, count.parse().ok()?))
        })
        .collect()
}

fn file_of(encoding: Encoding) -> Option<PathBuf> {
    let name = format!("{}-mcp-schema-{}-{TOKENIZER_VERSION}.counts", encoding.name(), env!("CARGO_PKG_VERSION"));
    Some(cache_home()?.join("mcp-schema").join("tokens").join(name))
}

/// The user's cache directory: `XDG_CACHE_HOME`, else `~/.cache`, else (Windows) `LOCALAPPDATA`.
fn cache_home() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("XDG_CACHE_HOME").or_else(|| var("HOME").map(|h| h.join(".cache"))).or_else(|| var("LOCALAPPDATA"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_round_trips_and_bad_lines_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("sub/x.counts");
        write(&file, &[(key("a"), 1), (key("bc"), 22)]).unwrap();
        let text = std::fs::read_to_string(&file).unwrap() + "not a line\nzz 3\n";
        let read = parse(&text);
        assert_eq!(read.len(), 2);
        assert_eq!(read[&key("bc")], 22);
    }

    #[test]
    fn keys_are_stable() {
        // SHA-256("") begins e3b0c442 98fc1c14 9afbf4c8 996fb924.
        assert_eq!(key(""), 0xe3b0c44298fc1c149afbf4c8996fb924);
    }
}
