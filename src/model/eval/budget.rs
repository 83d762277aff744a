//! The one budget every walker of the interpreter runs under: the value evaluator (plain and
//! statement by statement), the rmcp router evaluator and the tower-mcp tool-list reader.
//!
//! - **Depth** ([`MAX_DEPTH`]): nested evaluations (a sub-expression, a block, a call). The
//!   sources are hostile input: a limit keeps the native stack from overflowing on code nested or
//!   recursing without end, and reaching it is a refusal, never a crash.
//! - **Steps** ([`MAX_STEPS`]): statements and loop rounds one run may take, recursion and loops
//!   over big schemas included; past it the run is refused rather than slow.
//! - **Recursion guard**: the items (consts, fns, router fns, fields) being evaluated, so that a
//!   walker can tell reaching one again. What a walker does then is its domain's rule: the value
//!   evaluator refuses it unless the body runs statement by statement (a walk over a schema),
//!   the router evaluator takes it as adding nothing.

/// Nested evaluations (sub-expressions, blocks, calls, consts) deeper than this are refused.
pub const MAX_DEPTH: usize = 96;

/// Statements and loop rounds one evaluation may run: past it, the evaluation is refused rather
/// than slow.
pub const MAX_STEPS: usize = 200_000;

/// Depth, steps and the items being evaluated, for one run of a walker.
#[derive(Debug, Clone)]
pub struct Budget<K> {
    depth: usize,
    steps: usize,
    active: Vec<K>,
}

impl<K> Default for Budget<K> {
    fn default() -> Self {
        Budget { depth: 0, steps: 0, active: Vec::new() }
    }
}

impl<K: PartialEq> Budget<K> {
    /// One level deeper: `false` (and no change) when [`MAX_DEPTH`] levels are already entered.
    /// Every `true` is paired with a [`Budget::leave`].
    #[must_use]
    pub fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            return false;
        }
        self.depth += 1;
        true
    }

    /// Back one level from a successful [`Budget::enter`].
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// One statement or loop round more: `false` once [`MAX_STEPS`] are spent.
    #[must_use]
    pub fn step(&mut self) -> bool {
        self.steps += 1;
        self.steps <= MAX_STEPS
    }

    /// Whether `item` is being evaluated (reaching it again is recursion).
    pub fn is_active(&self, item: &K) -> bool {
        self.active.contains(item)
    }

    /// `item` is being evaluated until the matching [`Budget::pop`].
    pub fn push(&mut self, item: K) {
        self.active.push(item);
    }

    pub fn pop(&mut self) {
        self.active.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_refused_past_the_limit_and_given_back() {
        let mut b: Budget<()> = Budget::default();
        for _ in 0..MAX_DEPTH {
            assert!(b.enter());
        }
        assert!(!b.enter(), "one level past the limit");
        b.leave();
        assert!(b.enter(), "a level given back can be entered again");
    }

    #[test]
    fn steps_run_out() {
        let mut b: Budget<()> = Budget::default();
        assert!((0..MAX_STEPS).all(|_| b.step()));
        assert!(!b.step());
    }

    #[test]
    fn the_guard_sees_what_is_being_evaluated() {
        let mut b = Budget::default();
        b.push("f");
        assert!(b.is_active(&"f") && !b.is_active(&"g"));
        b.pop();
        assert!(!b.is_active(&"f"));
    }
}
