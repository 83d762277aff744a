//! `tool-moved`: the rule's documentation (its page in `docs/rules/` is rendered from it by
//! [`crate::check::docs`]) and its check.

use super::{AppliesTo, Example, Rule, Verdict};

/// The `tool-moved` rule: its id, verdicts and documentation.
pub static RULE: Rule = Rule {
    id: "tool-moved",
    summary: "a tool kept its definition but changed its place in the list",
    applies_to: AppliesTo::Tool(Verdict::Compatible),
    why: "The order of `tools` changed. Clients look tools up by name, so nothing breaks; the manifest still differs.",
    example: Example {
        before: "[a, b, search]",
        after: "[search, a, b]",
        note: "Tools reordered in the source. Only the moved tools are reported (the longest unchanged run stays put).",
    },
};

/// The tools that did not move: the longest common subsequence of the two orders (of the tools
/// both manifests have). Every other tool of both is reported as moved.
pub(crate) fn unmoved<'a, T: Eq + std::hash::Hash>(old: &[&'a T], new: &[&'a T]) -> Vec<&'a T> {
    // The tools in place at the start are unmoved (the table below takes them first too).
    let same = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let (head, old, new) = (&old[..same], &old[same..], &new[same..]);
    let mut out: Vec<&'a T> = head.to_vec();
    if old.len().saturating_mul(new.len()) > TABLE_CELLS {
        out.extend(longest_increasing(old, new));
    } else {
        out.extend(table(old, new));
    }
    out
}

/// The most cells the quadratic table may take (4 million: 2,000 tools reordered); past it, the
/// keys (each once in each list) are matched in n log n.
const TABLE_CELLS: usize = 4_000_000;

/// The longest common subsequence of two lists of the same distinct keys: the longest increasing
/// run of the new positions, in the old order (patience sorting).
fn longest_increasing<'a, T: Eq + std::hash::Hash>(old: &[&'a T], new: &[&'a T]) -> Vec<&'a T> {
    let at: std::collections::HashMap<&T, usize> = new.iter().enumerate().map(|(j, k)| (*k, j)).collect();
    let seq: Vec<(usize, &'a T)> = old.iter().filter_map(|k| at.get(k).map(|&j| (j, *k))).collect();
    // tails[l]: the index in `seq` ending the best run of length l + 1; prev: each one's link.
    let (mut tails, mut prev): (Vec<usize>, Vec<Option<usize>>) = (Vec::new(), vec![None; seq.len()]);
    for (i, &(j, _)) in seq.iter().enumerate() {
        let l = tails.partition_point(|&t| seq[t].0 < j);
        prev[i] = l.checked_sub(1).map(|p| tails[p]);
        if l == tails.len() {
            tails.push(i);
        } else {
            tails[l] = i;
        }
    }
    let mut out = Vec::with_capacity(tails.len());
    let mut at = tails.last().copied();
    while let Some(i) = at {
        out.push(seq[i].1);
        at = prev[i];
    }
    out.reverse();
    out
}

fn table<'a, T: PartialEq>(old: &[&'a T], new: &[&'a T]) -> Vec<&'a T> {
    let (n, m) = (old.len(), new.len());
    let mut t = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            t[i][j] = if old[i] == new[j] { t[i + 1][j + 1] + 1 } else { t[i + 1][j].max(t[i][j + 1]) };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < n && j < m {
        if old[i] == new[j] {
            out.push(old[i]);
            i += 1;
            j += 1;
        } else if t[i + 1][j] >= t[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

pub(crate) fn message(from: usize, to: usize) -> String {
    format!("moved from position {from} to {to}")
}

#[cfg(test)]
mod tests {
    use super::{longest_increasing, table, unmoved};

    #[test]
    fn the_fast_match_keeps_as_many_in_place_as_the_table() {
        // Every order of 6 keys: both ways of matching keep the same number of tools in place.
        let keys: Vec<u32> = (0..6).collect();
        let mut order = keys.clone();
        let old: Vec<&u32> = keys.iter().collect();
        for _ in 0..720 {
            let new: Vec<&u32> = order.iter().collect();
            let (a, b) = (table(&old, &new), longest_increasing(&old, &new));
            assert_eq!(a.len(), b.len(), "{order:?}");
            assert!(b.windows(2).all(|w| new.iter().position(|k| k == &w[0]) < new.iter().position(|k| k == &w[1])));
            next_permutation(&mut order);
        }
    }

    fn next_permutation(v: &mut [u32]) {
        let Some(i) = (0..v.len().saturating_sub(1)).rev().find(|&i| v[i] < v[i + 1]) else {
            v.reverse();
            return;
        };
        let j = (i + 1..v.len()).rev().find(|&j| v[j] > v[i]).unwrap();
        v.swap(i, j);
        v[i + 1..].reverse();
    }

    #[test]
    fn two_hundred_thousand_tools_are_matched_without_the_table() {
        // The table would take 4·10^10 cells; the match counts every key once.
        let n = 200_000u32;
        let old: Vec<u32> = (0..n).collect();
        let mut new = old.clone();
        new.swap(10, 150_000);
        let (o, nw): (Vec<&u32>, Vec<&u32>) = (old.iter().collect(), new.iter().collect());
        assert_eq!(unmoved(&o, &nw).len(), n as usize - 2, "the two swapped ones moved");
    }

    #[test]
    fn one_tool_moved_leaves_the_others_in_place() {
        let (a, b, c) = ("a", "b", "c");
        assert_eq!(super::unmoved(&[&a, &b, &c], &[&c, &a, &b]), vec![&a, &b]);
    }
}
