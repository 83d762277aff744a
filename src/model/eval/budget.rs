//! The one budget every walker of the interpreter runs under: the value evaluator (plain and
//! statement by statement), the rmcp router evaluator and the tower-mcp tool-list reader.
//!
//! - **Depth** ([`MAX_DEPTH`]): nested evaluations (a sub-expression, a block, a call). The
//!   sources are hostile input: a limit keeps the native stack from overflowing on code nested or
//!   recursing without end, and reaching it is a refusal, never a crash.
//! - **Steps** ([`MAX_STEPS`]): statements and loop rounds one run may take, recursion and loops
//!   over big schemas included; past it the run is refused rather than slow.
//! - **Size** ([`MAX_BYTES`]): what one run makes of strings and JSON values (`format!`, `+`,
//!   `json!`, `vec![x; n]`, `push`, `insert`, `extend`), counted as it is made: a string doubled
//!   32 times or a `json!` tree doubled in a loop is refused at the expression that passes the
//!   limit, long before it could exhaust memory.
//! - **Recursion guard**: the items (consts, fns, router fns, fields) being evaluated, so that a
//!   walker can tell reaching one again. What a walker does then is its domain's rule: the value
//!   evaluator refuses it unless the body runs statement by statement (a walk over a schema),
//!   the router evaluator takes it as adding nothing.

/// Nested evaluations (sub-expressions, blocks, calls, consts) deeper than this are refused.
pub const MAX_DEPTH: usize = 96;

/// Statements and loop rounds one evaluation may run: past it, the evaluation is refused rather
/// than slow.
pub const MAX_STEPS: usize = 200_000;

/// Bytes of strings and JSON values one evaluation may make (16 MiB): real defaults, examples
/// and schemas are a few kilobytes.
pub const MAX_BYTES: usize = 16 << 20;

/// Depth, steps, the bytes made and the items being evaluated, for one run of a walker.
#[derive(Debug, Clone)]
pub struct Budget<K> {
    depth: usize,
    steps: usize,
    bytes: usize,
    active: Vec<K>,
}

impl<K> Default for Budget<K> {
    fn default() -> Self {
        Budget { depth: 0, steps: 0, bytes: 0, active: Vec::new() }
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

    /// `bytes` more made (a string, a JSON value): `false` once [`MAX_BYTES`] are passed.
    #[must_use]
    pub fn grow(&mut self, bytes: usize) -> bool {
        self.bytes = self.bytes.saturating_add(bytes);
        self.bytes <= MAX_BYTES
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

/// About how many bytes `v` holds: its strings and a word per node, walked without recursion
/// (a value may nest deeper than the stack allows) and no further than past [`MAX_BYTES`].
pub fn json_size(v: &serde_json::Value) -> usize {
    use serde_json::Value;
    let mut size = 0usize;
    let mut todo = vec![v];
    while let Some(v) = todo.pop() {
        size += 16;
        match v {
            Value::String(s) => size += s.len(),
            Value::Array(items) => todo.extend(items),
            Value::Object(m) => {
                for (k, v) in m {
                    size += k.len();
                    todo.push(v);
                }
            }
            _ => {}
        }
        if size > MAX_BYTES {
            break;
        }
    }
    size
}

/// About how many bytes `v` holds, as [`json_size`] counts.
pub fn size_of(v: &super::Val) -> usize {
    use super::Val;
    let mut size = 0usize;
    let mut todo = vec![v];
    while let Some(v) = todo.pop() {
        size += 16;
        match v {
            Val::Str(s) => size += s.len(),
            Val::Json(j) => size = size.saturating_add(json_size(j)),
            Val::Opt(Some(x)) => todo.push(x),
            Val::Seq(items) | Val::Tuple(items) => todo.extend(items),
            Val::Map(pairs) => pairs.iter().for_each(|(k, v)| todo.extend([k, v])),
            Val::Struct { fields, .. } | Val::Variant { fields, .. } => todo.extend(fields.iter().flatten()),
            _ => {}
        }
        if size > MAX_BYTES {
            break;
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_runs_out() {
        let mut b: Budget<()> = Budget::default();
        assert!(b.grow(MAX_BYTES));
        assert!(!b.grow(1));
        let deep = (0..100_000).fold(serde_json::json!("x"), |v, _| serde_json::Value::Array(vec![v]));
        assert_eq!(json_size(&deep), 100_001 * 16 + 1, "a deep value is walked without recursion");
        std::mem::forget(deep); // its drop would recurse
    }

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
