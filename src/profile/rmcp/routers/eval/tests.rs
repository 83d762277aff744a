//! Table tests of the router evaluator: each row is a router expression evaluated in a small crate
//! (the routers `a` … `e` of `S`, one tool `t_a` … `t_e` each, and the items of the row), with the
//! entries it holds and the findings it gives, in order.

use super::super::{Entry, Index, Severity};
use super::{Evaluator, RouterFrame};
use crate::profile::rmcp::version::{Behaviour, Version};
use crate::source::ModuleId;

const CRATE: &str = r#"
    struct S { r: ToolRouter<Self> }
    #[tool_router(router = a)] impl S { #[tool] fn t_a(&self) {} }
    #[tool_router(router = b)] impl S { #[tool] fn t_b(&self) {} }
    #[tool_router(router = c)] impl S { #[tool] fn t_c(&self) {} }
    #[tool_router(router = d)] impl S { #[tool] fn t_d(&self) {} }
    #[tool_router(router = e)] impl S { #[tool] fn t_e(&self) {} }
    impl S {
        #[tool] fn x(&self) {}
        fn ab() -> ToolRouter<Self> { Self::a() + Self::b() }
        fn looping() -> ToolRouter<Self> { Self::looping() + Self::a() }
    }
    struct T;
    impl ToolBase for T {}
    fn with_c(r: ToolRouter<S>) -> ToolRouter<S> { r + S::c() }
"#;

/// One row: the items added to [`CRATE`], the expression evaluated in the crate's root with `Self`
/// = `S`, the entries (tool names, `trait T`, `-name` for a removal) and the findings
/// (`note: …`/`warning: …`, each message containing the text).
type Row = (&'static str, &'static str, &'static [&'static str], &'static [&'static str]);

/// `build(flag, n)`, with `body` as the body of `build`.
fn build(body: &str) -> String {
    format!("fn build(flag: bool, n: u8) -> ToolRouter<S> {{ {body} }}")
}

fn evaluate(items: &str, expr: &str) -> (Vec<String>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("main.rs");
    std::fs::write(&path, format!("{CRATE}\n{items}")).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let index = Index::new(&ws);
    let behaviour = Behaviour::of(Version(3, 11, 0), Version(3, 11, 0));
    let key = index.impls.iter().find(|i| i.self_name == "S").and_then(|i| i.self_key.clone()).expect("S");
    let frame = RouterFrame::new(0, ModuleId(0), key);
    let e: syn::Expr = syn::parse_str(expr).unwrap();
    let mut ev = Evaluator::new(&index, &behaviour);
    let entries = ev.expr(&e, &frame);
    let names = entries
        .iter()
        .map(|e| match e {
            Entry::Fn(t) => t.f.sig.ident.to_string(),
            Entry::Trait(i) => format!("trait {}", index.impls[*i].self_name),
            Entry::Remove(n) => format!("-{n}"),
            Entry::Built(b) => {
                let tool = &*b.tool;
                let imp = index.impls.iter().find(|i| i.self_key.as_ref() == Some(&b.self_key));
                let at = imp.map_or("?", |i| i.self_name.as_str());
                format!("built {} in {at}", quote::quote!(#tool).to_string().replace(' ', ""))
            }
        })
        .collect();
    let findings = ev
        .findings
        .iter()
        .map(|f| {
            let level = if f.severity == Severity::Note { "note" } else { "warning" };
            format!("{level}: {}", f.message)
        })
        .collect();
    (names, findings)
}

fn check(rows: &[Row]) {
    for (items, expr, entries, findings) in rows {
        let (got, said) = evaluate(items, expr);
        assert_eq!(got, *entries, "the entries of `{expr}` with `{items}`; findings {said:#?}");
        assert_eq!(said.len(), findings.len(), "the findings of `{expr}` with `{items}`: {said:#?}");
        for (s, want) in said.iter().zip(*findings) {
            let (level, text) = want.split_once(": ").expect("`level: text`");
            assert!(s.starts_with(level) && s.contains(text), "`{expr}` with `{items}`: `{s}` is not `{want}`");
        }
    }
}

#[test]
fn sums_and_method_chains() {
    check(&[
        ("", "S::a()", &["t_a"], &[]),
        ("", "Self::a() + Self::b() + S::c()", &["t_a", "t_b", "t_c"], &[]),
        ("", "(S::a() + (S::b() + S::c())) + &S::d()", &["t_a", "t_b", "t_c", "t_d"], &[]),
        ("", "S::a().merge(S::b()).clone().into()", &["t_a", "t_b"], &[]),
        ("", "ToolRouter::new().with_route((S::x_tool_attr(), S::x))", &["x"], &[]),
        ("", "ToolRouter::default().add_route(ToolRoute::new(S::x_tool_attr(), S::x))", &["x"], &[]),
        ("", "(S::a() + S::e()).remove_route(\"t_e\")", &["t_a", "t_e", "-t_e"], &[]),
        ("", "S::a().with_async_tool::<T>()", &["t_a", "trait T"], &[]),
        // An unknown method keeps what came before it; an unknown router is left out.
        ("", "S::a().shuffle()", &["t_a"], &["warning: `.shuffle(…)` on a router is not understood"]),
        ("", "S::a() + S::nope()", &["t_a"], &["warning: no `#[tool_router]` block or fn named `nope`"]),
        ("", "S::a() + r", &["t_a"], &["warning: router `r` comes from outside"]),
        ("", "S::a().remove_route(name)", &["t_a"], &["warning: `remove_route(…)` changes the router at runtime"]),
    ]);
}

/// Routes whose tool is a value the code builds: written in the call, or the tail of a route fn
/// of the workspace (inherent, a trait's provided fn, free), `Self` there the fn's type.
#[test]
fn built_routes() {
    const ROUTE_FNS: &str = r#"
        struct Echo;
        impl Echo { fn route<S>(config: u8) -> ToolRoute<S> { ToolRoute::new_dyn(Self::to_tool(), |c| todo!()) } }
        trait Song { fn route<S>() -> ToolRoute<S> { (Self::to_tool(), handler) } }
        struct Play;
        impl Song for Play {}
        fn free_route<S>() -> ToolRoute<S> { { ToolRoute::new(tool(), h) } }
        fn inner<S>() -> ToolRoute<S> { Echo::route(1) }
        fn opaque<S>() -> ToolRoute<S> { let r = make(); r }
    "#;
    check(&[
        ("", "ToolRouter::new().with_route(ToolRoute::new_dyn(tool(), |c| todo!()))", &["built tool() in S"], &[]),
        (
            "",
            "ToolRouter::new().add_route((Tool::new(\"a\", \"b\", s), h))",
            &["built Tool::new(\"a\",\"b\",s) in S"],
            &[],
        ),
        (
            ROUTE_FNS,
            "ToolRouter::new().with_route(Echo::route(config.clone()))",
            &["built Self::to_tool() in Echo"],
            &[],
        ),
        (ROUTE_FNS, "ToolRouter::new().with_route(Play::route())", &["built Self::to_tool() in Play"], &[]),
        (ROUTE_FNS, "ToolRouter::new().with_route(free_route())", &["built tool() in S"], &[]),
        (ROUTE_FNS, "ToolRouter::new().with_route(inner())", &["built Self::to_tool() in Echo"], &[]),
        (
            ROUTE_FNS,
            "S::a().with_route(opaque())",
            &["t_a"],
            &["warning: `with_route(…)` with a route the CLI cannot read"],
        ),
    ]);
}

#[test]
fn a_long_chain_is_not_nesting() {
    let sum = vec!["S::a()"; 300].join(" + ");
    let (entries, findings) = evaluate("", &sum);
    assert_eq!(entries.len(), 300);
    assert!(findings.is_empty(), "{findings:?}");
    let chain = format!("S::a(){}", ".merge(S::b())".repeat(300));
    let (entries, findings) = evaluate("", &chain);
    assert_eq!(entries.len(), 301);
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn statements_build_a_local_router() {
    let rows: Vec<(String, &[&str], &[&str])> = vec![
        (build("let mut r = S::a(); r.merge(S::b()); r"), &["t_a", "t_b"], &[]),
        (build("let mut r = S::a(); r += S::b(); r = r + S::c(); r"), &["t_a", "t_b", "t_c"], &[]),
        (build("let r: ToolRouter<S> = S::a(); let r = r + S::d(); return r;"), &["t_a", "t_d"], &[]),
        (build("let mut r = S::a(); r.remove_route(\"t_a\"); r"), &["t_a", "-t_a"], &[]),
        // A `let` that is not a router shadows the router of the same name.
        (build("let r = S::a(); let r = 5; S::b()"), &["t_b"], &[]),
        // Names bound in a block end with it.
        (build("let r = { let inner = S::a(); inner + S::b() }; r"), &["t_a", "t_b"], &[]),
        (build("let mut r = S::a(); { let r = S::e(); } r"), &["t_a"], &[]),
        // A branch's own `let` of the name is not the outer router: nothing is added to it.
        (build("let mut r = S::a(); if flag { let r = S::b(); } r"), &["t_a"], &[]),
        (
            build("let mut r = S::a(); if flag { let x = 1; r += S::b(); } r"),
            &["t_a", "t_b"],
            &["note: tool `t_b` is served only when `flag`"],
        ),
    ];
    for (items, entries, findings) in &rows {
        check(&[(leak(items), "build(flag, n)", entries, findings)]);
    }
}

#[test]
fn cfg_on_statements_and_in_conditions() {
    let rows: Vec<(String, &[&str], &[&str])> = vec![
        (
            build(
                "let mut r = S::a();\n\
                 #[cfg(test)] r.merge(S::b());\n\
                 #[cfg(not(test))] { r += S::c(); }\n\
                 #[cfg(all(unix, target_pointer_width = \"64\"))] r.merge(S::d());\n\
                 #[cfg(windows)] let r = S::e();\n\
                 r",
            ),
            &["t_a", "t_c", "t_d"],
            &[],
        ),
        (build("let mut r = S::a(); if cfg!(windows) { r.merge(S::b()); } r"), &["t_a"], &[]),
        (build("if cfg!(unix) { S::a() } else { S::b() }"), &["t_a"], &[]),
        (
            build("let mut r = S::a(); #[cfg(feature = 3)] r.merge(S::b()); r"),
            &["t_a", "t_b"],
            &[
                "warning: `#[cfg(…)]` predicate cannot be read",
                "note: `t_b` is served only when its unreadable `#[cfg]`",
            ],
        ),
    ];
    for (items, entries, findings) in &rows {
        check(&[(leak(items), "build(flag, n)", entries, findings)]);
    }
}

#[test]
fn branches_and_loops_add_with_a_note() {
    let rows: Vec<(String, &[&str], &[&str])> = vec![
        (
            build("let mut r = S::a(); if flag { r.merge(S::b()); } r"),
            &["t_a", "t_b"],
            &["note: tool `t_b` is served only when `flag`"],
        ),
        (
            build("let mut r = S::a(); if flag { } else { r.merge(S::b()); } r"),
            &["t_a", "t_b"],
            &["note: tool `t_b` is served only when `flag` is false"],
        ),
        // A removal under a condition may not run: the tool stays listed, with a note.
        (
            build("let mut r = S::a(); if flag { r.remove_route(\"t_a\"); } r"),
            &["t_a"],
            &["note: tool `t_a` is removed only when `flag`; listed"],
        ),
        // `ToolRouter::map` is public: `map.remove` with a key the code spells out is a removal.
        (build("let mut r = S::a() + S::b(); r.map.remove(\"t_a\"); r"), &["t_a", "t_b", "-t_a"], &[]),
        (build("let mut r = S::a(); r.map.remove(&Cow::Borrowed(\"t_a\")); r"), &["t_a", "-t_a"], &[]),
        (build("let mut r = S::a(); r.map.remove(&\"t_a\".to_string()); r"), &["t_a", "-t_a"], &[]),
        (
            build("let mut r = S::a(); if n > 1 { r.map.remove(\"t_a\"); } r"),
            &["t_a"],
            &["note: tool `t_a` is removed only when `n > 1`; listed"],
        ),
        // A key the code computes is the startup-loop reading's (a rename takes routes out by key).
        (build("let mut r = S::a(); let k = key(); r.map.remove(&k); r"), &["t_a"], &[]),
        (
            build("let mut r = S::a(); for _ in 0..n { r.merge(S::b()); } while flag { r += S::c(); } r"),
            &["t_a", "t_b", "t_c"],
            &["note: `t_b` is served only when this loop's body runs", "note: `t_c` is served only when this loop"],
        ),
        (
            build("if flag { S::a() + S::c() } else if n > 2 { S::b() + S::c() } else { S::c() }"),
            &["t_a", "t_c", "t_b"],
            &["note: `t_a` is served only when `flag`", "note: `t_b` is served only when `n > 2`"],
        ),
        (
            build("match n { 0 => S::a(), 1 | 2 => S::b(), _ => S::a() + S::c() }"),
            &["t_a", "t_b", "t_c"],
            &[
                "note: `t_a` is served only in the arm `0` of `match n`",
                "note: `t_b` is served only in the arm `1 | 2`",
                "note: tools `t_a`, `t_c` are served only in the arm `_`",
            ],
        ),
    ];
    for (items, entries, findings) in &rows {
        check(&[(leak(items), "build(flag, n)", entries, findings)]);
    }
}

#[test]
fn helper_fns_and_routers_handed_in() {
    check(&[
        ("", "S::ab()", &["t_a", "t_b"], &[]),
        ("", "with_c(S::a())", &["t_a", "t_c"], &[]),
        ("", "with_c(S::ab())", &["t_a", "t_b", "t_c"], &[]),
        ("fn helper() -> ToolRouter<S> { let r = with_c(S::d()); r }", "helper()", &["t_d", "t_c"], &[]),
        // A fn reached again while it is evaluated adds nothing more.
        ("", "S::looping()", &["t_a"], &[]),
        // `self.r`: what the places that build `S` give the field, all of them.
        (
            "impl S { fn new() -> Self { Self { r: Self::a() } } fn other() -> Self { Self { r: Self::a() + Self::b() } } }",
            "self.r",
            &["t_a", "t_b"],
            &["note: tool `t_b` is given to `r` only here, one of 2 places that build `S`"],
        ),
        // A route one place removes is still given by the other place: each place's removals
        // are its own.
        (
            "impl S { fn new() -> Self { Self { r: Self::a() + Self::b() } } fn other() -> Self { Self { r: (Self::a() + Self::b()).remove_route(\"t_b\") } } }",
            "self.r",
            &["t_a", "t_b"],
            &["note: tool `t_b` is given to `r` only here, one of 2 places that build `S`"],
        ),
        // Changes to the field of a built value (`init(mut self)`, `main`): they may run or not,
        // so what they add is listed and what they remove stays listed, each with a note.
        (
            "impl S { fn new() -> Self { Self { r: Self::a() + Self::b() } }\n\
             fn init(mut self) -> Self { if ready() { self.r.map.remove(\"t_b\"); } self } }",
            "self.r",
            &["t_a", "t_b"],
            &["note: tool `t_b` is removed only when `ready()`; listed"],
        ),
        (
            "impl S { fn new() -> Self { Self { r: Self::a() + Self::b() } }\n\
             fn init(&mut self) { self.r.remove_route(\"t_a\"); self.r.merge(Self::c()); } }",
            "self.r",
            &["t_a", "t_b", "t_c"],
            &[
                "note: tool `t_a` is removed from `r` in `init` after `S` is built; listed, as the CLI does not follow when `init` runs",
                "note: tool `t_c` is added to `r` in `init` after `S` is built",
            ],
        ),
        (
            "impl S { fn new() -> Self { Self { r: Self::a() } } }\n\
             fn main() { let mut s = S::new(); s.r += S::d(); s.r = s.r.clone() + S::e(); }",
            "self.r",
            &["t_a", "t_d", "t_e"],
            &["note: tools `t_d`, `t_e` are added to `r` in `main` after `S` is built"],
        ),
        // A constructor parameter: the routers its callers hand in.
        (
            "impl S { fn new(r: ToolRouter<Self>) -> Self { Self { r } } }\n\
             fn main() { let s = S::new(S::c() + S::d()); }",
            "self.r",
            &["t_c", "t_d"],
            &[],
        ),
        (
            "impl S { fn new(r: ToolRouter<Self>) -> Self { Self { r } } }",
            "self.r",
            &["t_a", "t_b", "t_c", "t_d", "t_e"],
            &["warning: the router is the parameter `r` of `S::new`, and no call of it outside tests was found"],
        ),
    ]);
}

/// A row's items as the `'static` text the table holds.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}

/// Nesting past the interpreter's one depth limit is a warning, never an overflow: parentheses,
/// and fns that each call the next.
#[test]
fn nesting_past_the_budget_is_refused() {
    let depth = crate::model::eval::MAX_DEPTH + 4;
    let parens = format!("{}S::a(){}", "(".repeat(depth), ")".repeat(depth));
    check(&[("", leak(&parens), &[], &["warning: router expression nested too deeply to follow"])]);
    let fns: String = (0..depth).map(|i| format!("fn f{i}() -> ToolRouter<S> {{ f{}() }}\n", i + 1)).collect();
    let fns = format!("{fns}fn f{depth}() -> ToolRouter<S> {{ S::a() }}");
    let (entries, findings) = evaluate(&fns, "f0()");
    assert!(entries.is_empty(), "{entries:?}");
    assert!(findings.iter().any(|f| f.contains("too deep")), "{findings:#?}");
}

/// One case for each name of each row of the router method table
/// ([`super::methods::ROUTER_METHODS`]): the method's name and the row checked.
const METHOD_CASES: &[(&str, Row)] = &[
    ("merge", ("", "S::a().merge(S::b())", &["t_a", "t_b"], &[])),
    ("add", ("", "S::a().add(S::b())", &["t_a", "t_b"], &[])),
    ("clone", ("", "S::a().clone()", &["t_a"], &[])),
    ("into", ("", "S::a().into()", &["t_a"], &[])),
    ("to_owned", ("", "S::a().to_owned()", &["t_a"], &[])),
    ("with_route", ("", "ToolRouter::new().with_route((S::x_tool_attr(), S::x))", &["x"], &[])),
    (
        "add_route",
        ("", "S::a().add_route(make())", &["t_a"], &["warning: `add_route(…)` with a route the CLI cannot read"]),
    ),
    ("with_sync_tool", ("", "S::a().with_sync_tool::<T>()", &["t_a", "trait T"], &[])),
    (
        "with_async_tool",
        (
            "",
            "S::a().with_async_tool::<U>()",
            &["t_a"],
            &["warning: `with_async_tool`: no `impl ToolBase` for this type"],
        ),
    ),
    ("remove_route", ("", "S::a().remove_route(\"t_a\")", &["t_a", "-t_a"], &[])),
    ("disable_route", ("", "S::a().disable_route(\"t_a\")", &["t_a", "-t_a"], &[])),
    (
        "with_disabled",
        ("", "S::a().with_disabled(n)", &["t_a"], &["warning: `with_disabled(…)` changes the router at runtime"]),
    ),
];

#[test]
fn each_router_method_does_what_its_row_says() {
    for row in super::methods::ROUTER_METHODS {
        for name in row.names {
            assert!(METHOD_CASES.iter().any(|(n, _)| n == name), "no case of the router method `.{name}()`");
        }
    }
    let rows: Vec<Row> = METHOD_CASES.iter().map(|(_, row)| *row).collect();
    check(&rows);
}
