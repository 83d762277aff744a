//! Table tests of the tower-mcp tool-list reader: each row is a small crate, the tools it serves
//! (by name, in registration order) and the diagnostics the reader gives (`level: text`, each
//! message containing the text), in order.

use super::served;
use crate::source::impls::ImplIndex;

/// One row: the crate's source, the tools served, the diagnostics.
type Row = (&'static str, &'static [&'static str], &'static [&'static str]);

fn read(src: &str) -> (Vec<String>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("main.rs");
    std::fs::write(&path, src).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let impls = ImplIndex::new(&ws);
    let out = served(&ws, &impls);
    let names = out.tools.iter().map(|t| super::first_string_arg(t.chain).unwrap_or_else(|| "?".into())).collect();
    let said = out
        .diagnostics
        .iter()
        .map(|d| format!("{}: {}", format!("{:?}", d.severity).to_lowercase(), d.message))
        .collect();
    (names, said)
}

fn check(rows: &[Row]) {
    for (src, tools, diagnostics) in rows {
        let (got, said) = read(src);
        assert_eq!(got, *tools, "the tools of\n{src}\ndiagnostics {said:#?}");
        assert_eq!(said.len(), diagnostics.len(), "the diagnostics of\n{src}\n{said:#?}");
        for (s, want) in said.iter().zip(*diagnostics) {
            let (level, text) = want.split_once(": ").expect("`level: text`");
            assert!(s.starts_with(level) && s.contains(text), "in\n{src}\n`{s}` is not `{want}`");
        }
    }
}

#[test]
fn chains_locals_and_lists() {
    check(&[
        // A chain given to the router.
        (r#"fn main() { let r = McpRouter::new().tool(ToolBuilder::new("a").handler(h).build()); }"#, &["a"], &[]),
        // Through a local, and a router rebound by assignment.
        (
            r#"fn main() {
                let a = ToolBuilder::new("a").build();
                let mut r = McpRouter::new();
                r = r.tool(a);
                let _ = r.tool(ToolBuilder::new("b").build());
            }"#,
            &["a", "b"],
            &[],
        ),
        // `vec![…]`, arrays, `push` and `extend` on a local list, then `.tools(v)`.
        (
            r#"fn main() {
                let mut v = vec![ToolBuilder::new("a").build()];
                v.push(ToolBuilder::new("b").build());
                v.extend([ToolBuilder::new("c").build()]);
                McpRouter::new().tools(v);
            }"#,
            &["a", "b", "c"],
            &[],
        ),
        // `Vec::new()` filled later.
        (
            r#"fn main() { let mut v = Vec::new(); v.push(ToolBuilder::new("a").build()); McpRouter::new().tools(v); }"#,
            &["a"],
            &[],
        ),
        // `.with_meta(…)` after `.build()` keeps the tool; `?`, `&`, `.await` are seen through.
        (
            r#"async fn main() { McpRouter::new().tool(ToolBuilder::try_new("a")?.build().with_meta(m)).tool(&(ToolBuilder::new("b").build())); }"#,
            &["a", "b"],
            &[],
        ),
        // A chain passed through without `.tool`: not served.
        (r#"fn main() { let r = McpRouter::new(); let t = ToolBuilder::new("a").build(); }"#, &[], &[]),
    ]);
}

#[test]
fn helper_fns_and_constructors() {
    check(&[
        // A helper fn's tail, and a router handed to a helper.
        (
            r#"fn tools() -> Vec<Tool> { vec![ToolBuilder::new("a").build(), one()] }
               fn one() -> Tool { ToolBuilder::new("b").build() }
               fn add(r: McpRouter) -> McpRouter { r.tool(ToolBuilder::new("c").build()) }
               fn main() { add(McpRouter::new().tools(tools())); }"#,
            &["a", "b", "c"],
            &[],
        ),
        // `Some(…)`, `Arc::new(…)`, `Box::new(…)` wrap what they hold.
        (
            r#"fn main() { McpRouter::new().tool(Arc::new(ToolBuilder::new("a").build())).tools(Some(vec![ToolBuilder::new("b").build()])); }"#,
            &["a", "b"],
            &[],
        ),
        // `add_tool()`, the constructor `#[tool_fn]` writes, with the name of the fn (`_` as `-`)
        // or the attribute's.
        (
            r#"#[tool_fn(description = "d")] async fn add_two(i: I) -> R { todo!() }
               #[tool_fn(name = "sub")] async fn minus(i: I) -> R { todo!() }
               fn main() { McpRouter::new().tool(add_two_tool()).tool(minus_tool()); }"#,
            &["add-two", "sub"],
            &[],
        ),
        // A helper that calls itself ends within the budget (each call a level): no overflow; the
        // innermost call has no value, so neither has any.
        (
            r#"fn tools() -> Vec<Tool> { let mut v = tools(); v.push(ToolBuilder::new("a").build()); v }
               fn main() { McpRouter::new().tools(tools()); }"#,
            &[],
            &["warning: tools registered from `tools()` cannot be followed in the sources"],
        ),
        // A router built in a closure (a service factory) or an async block is served.
        (
            r#"fn main() { let f = || McpRouter::new().tool(ToolBuilder::new("a").build()); let g = async { McpRouter::new().tool(ToolBuilder::new("b").build()) }; }"#,
            &["a", "b"],
            &[],
        ),
    ]);
}

#[test]
fn conditions_and_what_cannot_be_followed() {
    check(&[
        // `tool_if(false, …)` is not served, `tool_if(true, …)` is, a runtime condition is with a
        // note.
        (
            r#"fn main(flag: bool) {
                McpRouter::new()
                    .tool_if(false, ToolBuilder::new("a").build())
                    .tool_if(true, ToolBuilder::new("b").build())
                    .tool_if(!flag, ToolBuilder::new("c").build());
            }"#,
            &["b", "c"],
            // (`expr_text` keeps `quote`'s space after a unary operator.)
            &["note: tool `c` is served only when `! flag`; listed"],
        ),
        // What a branch registers is served under its condition.
        (
            r#"fn main(admin: bool) {
                let mut r = McpRouter::new();
                if admin { r = r.tool(ToolBuilder::new("a").build()); } else { r = r.tool(ToolBuilder::new("b").build()); }
            }"#,
            &["a", "b"],
            &["note: tool `a` is served only when `admin`", "note: tool `b` is served only when `admin`"],
        ),
        // `#[cfg(…)]` on a statement of a feature that is off: not compiled.
        (
            r#"fn main() {
                let mut v = vec![ToolBuilder::new("a").build()];
                #[cfg(feature = "off")]
                v.push(ToolBuilder::new("b").build());
                McpRouter::new().tools(v);
            }"#,
            &["a"],
            &[],
        ),
        // A tool from something the reader cannot follow: a warning, not listed.
        (
            r#"fn main() { McpRouter::new().tool(plugins::load()).tool(ToolBuilder::new("a").build()); }"#,
            &["a"],
            &["warning: tools registered from `plugins::load()` cannot be followed in the sources"],
        ),
        // Without any router, every chain ending in `.build()` is listed (a library of tools).
        (
            r#"pub fn a() -> Tool { ToolBuilder::new("a").build() }
               pub fn b() -> Tool { Tool::builder("b").build() }
               pub fn c() -> ToolBuilder { ToolBuilder::new("c") }"#,
            &["a", "b"],
            &[],
        ),
    ]);
}

/// One case for each row of the reader's `McpRouter` method table ([`super::ROUTER_METHODS`]).
const METHOD_CASES: &[(&str, Row)] = &[
    ("tool", (r#"fn main() { McpRouter::new().tool(ToolBuilder::new("a").build()); }"#, &["a"], &[])),
    ("tools", (r#"fn main() { McpRouter::new().tools([ToolBuilder::new("a").build()]); }"#, &["a"], &[])),
    // `chain` passes a list through: what it holds is served only once given to a router.
    (
        "chain",
        (
            r#"fn main() { let v = McpRouter::new().chain(vec![ToolBuilder::new("a").build()]); McpRouter::new().tools(v); }"#,
            &["a"],
            &[],
        ),
    ),
    ("tool_if", (r#"fn main() { McpRouter::new().tool_if(cfg!(test), ToolBuilder::new("a").build()); }"#, &[], &[])),
    (
        "tools_if",
        (
            r#"fn main(on: bool) { McpRouter::new().tools_if(on, vec![ToolBuilder::new("a").build()]); }"#,
            &["a"],
            &["note: tool `a` is served only when `on`; listed"],
        ),
    ),
];

#[test]
fn each_router_method_does_what_its_row_says() {
    for row in super::ROUTER_METHODS {
        assert!(METHOD_CASES.iter().any(|(n, _)| *n == row.name), "no case of `.{}()`", row.name);
    }
    let rows: Vec<Row> = METHOD_CASES.iter().map(|(_, row)| *row).collect();
    check(&rows);
}
