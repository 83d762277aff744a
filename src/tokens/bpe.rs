//! OpenAI's byte-pair encodings as tiktoken counts them: the text is split into pieces by the
//! encoding's pattern, and each piece is merged from single bytes, always at the adjacent pair
//! whose merge is the token of lowest rank (the leftmost of equals), until no pair is a token.
//! The count is the number of parts left.
//!
//! The tables are the encodings' tokens in rank order (`ranks/<encoding>.ranks`: each token as
//! one length byte and its bytes, 1.6 MB and 0.7 MB), the same tokens as tiktoken's
//! `<encoding>.tiktoken` files. They are built into the binary and read into a hash map on
//! first use (a few milliseconds): nothing is downloaded, derived or cached on disk.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use regex_automata::meta::Regex;
use regex_automata::{Anchored, Input};

use super::Encoding;

/// o200k_base's tokens in rank order.
pub(crate) const O200K_BASE: &[u8] = include_bytes!("ranks/o200k_base.ranks");
/// cl100k_base's tokens in rank order.
pub(crate) const CL100K_BASE: &[u8] = include_bytes!("ranks/cl100k_base.ranks");

/// The split patterns, as tiktoken's with its negative look-ahead `\s+(?!\S)` written as a
/// second pattern `\s+\s` whose last character is given back (the look-ahead), and a third `\s+`.
const CL100K_SPLIT: &str = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+$";
const O200K_SPLIT: &str = concat!(
    "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    "|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    "|\\p{N}{1,3}",
    "| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*",
    "|\\s*[\\r\\n]+",
    "|\\s+$",
);
/// Whitespace followed by whitespace: the last character is the look-ahead, given back.
const LOOKAHEAD: &str = "\\s+\\s";
const SPACES: &str = "\\s+";

/// One encoding, ready to count.
pub(crate) struct Bpe {
    ranks: HashMap<&'static [u8], u32, BuildHasherDefault<Fx>>,
    split: Regex,
}

impl Bpe {
    /// The encoding's tables, read on first use, once per process.
    pub(crate) fn of(encoding: Encoding) -> &'static Bpe {
        static O200K: OnceLock<Bpe> = OnceLock::new();
        static CL100K: OnceLock<Bpe> = OnceLock::new();
        match encoding {
            Encoding::O200kBase => O200K.get_or_init(|| Bpe::new(O200K_BASE, O200K_SPLIT)),
            Encoding::Cl100kBase => CL100K.get_or_init(|| Bpe::new(CL100K_BASE, CL100K_SPLIT)),
        }
    }

    fn new(table: &'static [u8], pattern: &str) -> Bpe {
        let split = Regex::new_many(&[pattern, LOOKAHEAD, SPACES]).expect("the split patterns are valid");
        Bpe { ranks: ranks(table), split }
    }

    /// The number of tokens of `text` (no special tokens).
    pub(crate) fn count(&self, text: &str) -> usize {
        self.split(text).map(|piece| self.count_piece(piece.as_bytes())).sum()
    }

    /// The pieces the pattern splits `text` into, in order; together they are the whole text.
    pub(crate) fn split<'a>(&'a self, text: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        let mut at = 0;
        std::iter::from_fn(move || {
            let rest = text.get(at..).filter(|r| !r.is_empty())?;
            let found = self.split.find(Input::new(rest).anchored(Anchored::Yes));
            // Every character is matched by `\s+` or the first pattern's `[^\s\p{L}\p{N}]+`,
            // `\p{L}+` or `\p{N}`; should none match, the rest is one piece rather than lost.
            let mut end = found.as_ref().map_or(rest.len(), |m| m.end());
            if found.is_some_and(|m| m.pattern().as_usize() == 1) {
                // `\s+\s` matched at least two characters: give the look-ahead back.
                let last = rest[..end].chars().next_back().map_or(0, char::len_utf8);
                if end - last > 0 {
                    end -= last;
                }
            }
            if end == 0 {
                end = rest.chars().next().map_or(rest.len(), char::len_utf8);
            }
            at += end;
            Some(&rest[..end])
        })
    }

    /// The tokens of one piece: merged from its bytes, lowest rank first (the leftmost of
    /// equals), as tiktoken merges. The pairs wait in a heap, so that a long piece (a run of
    /// letters is one) costs n log n, not n² as a scan for the lowest pair after each merge.
    pub(crate) fn count_piece(&self, piece: &[u8]) -> usize {
        if piece.len() < 2 || self.ranks.contains_key(piece) {
            return piece.len().min(1);
        }
        let n = piece.len();
        let rank = |from: usize, to: usize| self.ranks.get(&piece[from..to]).copied();
        // The parts, by their first byte: the next part's first byte (`n` at the end), and
        // whether the part is still there (a merge removes its right part).
        let mut next: Vec<usize> = (1..=n).collect();
        let mut prev: Vec<usize> = (0..n).map(|i| i.wrapping_sub(1)).collect();
        let mut alive = vec![true; n];
        // (rank, first byte, end) of a pair of neighbouring parts whose merge is a token.
        let mut heap: BinaryHeap<Reverse<(u32, usize, usize)>> =
            (0..n - 1).filter_map(|i| Some(Reverse((rank(i, i + 2)?, i, i + 2)))).collect();
        let mut parts = n;
        while let Some(Reverse((_, i, end))) = heap.pop() {
            // A pair whose parts changed since it was pushed is stale: its new pair was pushed.
            let mid = next[i];
            if !alive[i] || mid >= n || next[mid] != end {
                continue;
            }
            alive[mid] = false;
            next[i] = end;
            if end < n {
                prev[end] = i;
            }
            parts -= 1;
            if let Some(before) = prev.get(i).copied().filter(|&p| p < n) {
                if let Some(r) = rank(before, end) {
                    heap.push(Reverse((r, before, end)));
                }
            }
            if end < n {
                let after = next[end];
                if let Some(r) = rank(i, after) {
                    heap.push(Reverse((r, i, after)));
                }
            }
        }
        parts
    }
}

/// The tokens of a table and their ranks. A table ends at its last whole token.
fn ranks(table: &'static [u8]) -> HashMap<&'static [u8], u32, BuildHasherDefault<Fx>> {
    let mut ranks = HashMap::with_capacity_and_hasher(table.len() / 7, BuildHasherDefault::default());
    let mut at = 0;
    while let Some(&len) = table.get(at) {
        let Some(token) = table.get(at + 1..at + 1 + usize::from(len)) else { break };
        ranks.insert(token, ranks.len() as u32);
        at += 1 + usize::from(len);
    }
    ranks
}

/// A fast hash of short byte strings (the multiply-rotate hash rustc uses): the tokens are
/// fixed data, not chosen by whoever writes the text.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 56));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

    fn hex(data: &[u8]) -> String {
        Sha256::digest(data).iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn the_tables_are_tiktokens() {
        // The SHA-256 of the tokens of o200k_base.tiktoken and cl100k_base.tiktoken, in rank
        // order, each as its length byte and its bytes.
        assert_eq!(hex(O200K_BASE), "bac143fe7fe950090c6e4ed9a2f80de5412a92495758b52becbbe5a7eea25ecb");
        assert_eq!(hex(CL100K_BASE), "6bfd43f7b31b50b645b3228413547e662af1ae4801e9b192b9791680a71d650c");
        assert_eq!(ranks(O200K_BASE).len(), 199_998);
        assert_eq!(ranks(CL100K_BASE).len(), 100_256);
        // The cache of counts is named by the version of the counting: bump it with these.
        assert_eq!(crate::tokens::cache::TOKENIZER_VERSION, "tiktoken-1");
    }

    #[test]
    fn pieces_cover_the_text() {
        let bpe = Bpe::of(Encoding::O200kBase);
        for text in ["", " ", "a  b\n\n  c ", "{\"a\":1}", "日本語 text\u{301}", "\r\n\t x"] {
            assert_eq!(bpe.split(text).collect::<String>(), text);
            assert!(bpe.split(text).all(|p| !p.is_empty()));
        }
    }

    /// tiktoken's merge as written: after each merge, scan for the lowest pair.
    fn count_by_scanning(bpe: &Bpe, piece: &[u8]) -> usize {
        let mut bounds: Vec<usize> = (0..=piece.len()).collect();
        loop {
            let lowest = (0..bounds.len().saturating_sub(2))
                .filter_map(|i| Some((*bpe.ranks.get(&piece[bounds[i]..bounds[i + 2]])?, i)))
                .min();
            let Some((_, i)) = lowest else { return bounds.len() - 1 };
            bounds.remove(i + 1);
        }
    }

    #[test]
    fn the_heap_merges_as_tiktoken_does() {
        let bpe = Bpe::of(Encoding::O200kBase);
        let mut rng = fastrand::Rng::with_seed(3);
        let alphabet = "abcdeéxyz ABC01_\"{}:,é日本\n".as_bytes();
        for _ in 0..2_000 {
            let len = rng.usize(2..40);
            let piece: Vec<u8> = (0..len).map(|_| alphabet[rng.usize(0..alphabet.len())]).collect();
            assert_eq!(bpe.count_piece(&piece), count_by_scanning(bpe, &piece), "{piece:?}");
        }
    }

    #[test]
    fn a_long_piece_is_not_quadratic() {
        // 400 kB of letters is one piece; a scan after each merge would take minutes.
        let text = "Internationalization".repeat(20_000);
        let start = std::time::Instant::now();
        let count = Bpe::of(Encoding::O200kBase).count(&text);
        assert!(count > 20_000 && count < 200_000, "{count}");
        assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    }

    #[test]
    fn a_table_cut_short_ends_at_its_last_whole_token() {
        assert_eq!(ranks(&O200K_BASE[..10]).len(), 5);
        assert_eq!(ranks(&[3, b'a']).len(), 0);
    }
}
