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
pub(crate) fn unmoved<'a, T: PartialEq>(old: &[&'a T], new: &[&'a T]) -> Vec<&'a T> {
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
    #[test]
    fn one_tool_moved_leaves_the_others_in_place() {
        let (a, b, c) = ("a", "b", "c");
        assert_eq!(super::unmoved(&[&a, &b, &c], &[&c, &a, &b]), vec![&a, &b]);
    }
}
