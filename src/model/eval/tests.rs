//! Table tests of the evaluator: each row is an expression evaluated in a small crate, with the
//! value expected (as serde would write it with the type given) or the failure.

use super::*;
use crate::model::Lowerer;

pub(super) const CRATE: &str = r#"
    pub mod units {
        pub const KIB: u64 = 1024;
        pub const MIB: u64 = KIB * KIB;
        pub static NAME: &str = "svc";
        pub const HALF: f32 = 0.5;
        pub const SELF_REF: u32 = SELF_REF + 1;
    }
    use units::KIB;
    pub const DAY: u32 = 60 * 60 * 24;
    pub const TAGS: [&str; 2] = ["a", "b"];
    pub struct Cfg { pub n: u32, pub s: String }
    impl Cfg {
        pub const LIMIT: u32 = DAY / 24;
        pub fn doubled(x: u32) -> u32 { x * 2 }
        pub fn base() -> Self { Cfg { n: 1, s: String::new() } }
    }
    impl Default for Cfg { fn default() -> Self { Self { s: "d".into(), ..Self::base() } } }
    pub enum Mode { A, B(u8) }
    fn helper(a: u64, b: u64) -> u64 { let c = a + b; c * 2 }
    fn now() -> u64 { std::time::SystemTime::now().elapsed().unwrap().as_secs() }
    fn looping() -> u32 { looping() }
    fn from_env() -> u32 { let v = "7".parse::<u32>().unwrap(); v + std::env::var("N").map(|s| s.len() as u32).unwrap_or(0) }
    fn parsed() -> u32 { "7".parse::<u32>().unwrap() }
    fn maybe() -> Option<u8> { Some(4) }
    fn tried() -> Option<u8> { let x = maybe()?; Some(x + 1) }
"#;

/// What the row expects.
enum Want {
    /// The debug text of the value.
    Is(&'static str),
    Fails(Failure),
}
use Want::*;

pub(super) fn eval_in(src: &str, expr: &str, ty: &str) -> Result<Val, Failure> {
    eval_why(src, expr, ty).map_err(|e| e.failure)
}

pub(super) fn eval_why(src: &str, expr: &str, ty: &str) -> Result<Val, EvalError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, src).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let want = (!ty.is_empty()).then(|| {
        let t: syn::Type = syn::parse_str(ty).unwrap();
        lw.lower(&t, &scope)
    });
    let e: Expr = syn::parse_str(expr).unwrap();
    lw.evaluator().eval(&e, want.as_ref(), &Frame::new(scope))
}

fn check(rows: &[(&str, &str, Want)]) {
    for (expr, ty, want) in rows {
        let got = eval_in(CRATE, expr, ty);
        match (want, &got) {
            (Is(text), Ok(v)) => assert_eq!(&format!("{v:?}"), text, "`{expr}`"),
            (Fails(f), Err(g)) => assert_eq!(f, g, "`{expr}`"),
            (_, got) => panic!("`{expr}`: got {got:?}"),
        }
    }
}

#[test]
fn integers_keep_their_type() {
    check(&[
        ("1024 * 1024", "u64", Is("Int(1048576, U64)")),
        ("60 * 60 * 24", "", Is("Int(86400, I32)")),
        ("usize::MAX", "", Is("Int(18446744073709551615, Usize)")),
        ("i64::MIN", "", Is("Int(-9223372036854775808, I64)")),
        ("u8::MAX", "", Is("Int(255, U8)")),
        ("255u8 + 1", "", Fails(Failure::Invalid)),
        ("200 + 100", "u8", Fails(Failure::Invalid)),
        ("1 / 0", "", Fails(Failure::Invalid)),
        ("300u16 as u8", "", Is("Int(44, U8)")),
        ("-1i32 as u32", "", Is("Int(4294967295, U32)")),
        ("2.9f64 as u8", "", Is("Int(2, U8)")),
        ("-5.0 as u32", "", Is("Int(0, U32)")),
        ("1 << 10", "u32", Is("Int(1024, U32)")),
        ("7 % 4", "i8", Is("Int(3, I8)")),
        ("-(3 - 5)", "i16", Is("Int(2, I16)")),
        ("2u64.pow(10)", "", Is("Int(1024, U64)")),
        ("true as u8", "", Is("Int(1, U8)")),
        ("'a' as u32", "", Is("Int(97, U32)")),
    ]);
}

#[test]
fn floats_have_their_precision() {
    check(&[
        ("0.1", "f32", Is("Float(0.10000000149011612, F32)")),
        ("0.1", "", Is("Float(0.1, F64)")),
        ("1", "f64", Is("Float(1.0, F64)")),
        ("1.5 * 2.0", "f64", Is("Float(3.0, F64)")),
        ("units::HALF * 3.0", "", Is("Float(1.5, F32)")),
        ("f64::INFINITY", "", Is("Float(inf, F64)")),
        ("3 as f32", "", Is("Float(3.0, F32)")),
    ]);
}

#[test]
fn consts_statics_and_paths() {
    check(&[
        ("units::MIB", "", Is("Int(1048576, U64)")),
        ("KIB * 4", "", Is("Int(4096, U64)")),
        ("crate::DAY", "", Is("Int(86400, U32)")),
        ("units::NAME", "", Is("Str(\"svc\")")),
        ("TAGS", "", Is("Seq([Str(\"a\"), Str(\"b\")])")),
        ("Cfg::LIMIT", "", Is("Int(3600, U32)")),
        ("units::SELF_REF", "", Fails(Failure::Invalid)),
        ("NOWHERE", "", Fails(Failure::Unsupported)),
    ]);
}

#[test]
fn strings_options_and_collections() {
    check(&[
        ("\"x\".to_string()", "String", Is("Str(\"x\")")),
        ("String::from(\"x\")", "", Is("Str(\"x\")")),
        ("\"x\".into()", "String", Is("Str(\"x\")")),
        ("concat!(\"a\", 1, \"-\", true)", "", Is("Str(\"a1-true\")")),
        // Number literals are pasted as written, as rustc does.
        ("concat!(1.50, \"|\", 'c', 2u8)", "", Is("Str(\"1.50|c2\")")),
        ("Some(3)", "Option<u8>", Is("Opt(Some(Int(3, U8)))")),
        ("None", "Option<u8>", Is("Opt(None)")),
        ("vec![1, 2]", "Vec<u16>", Is("Seq([Int(1, U16), Int(2, U16)])")),
        ("vec![0u8; 3]", "", Is("Seq([Int(0, U8), Int(0, U8), Int(0, U8)])")),
        ("Vec::new()", "Vec<u8>", Is("Seq([])")),
        ("(1, \"a\")", "(u8, String)", Is("Tuple([Int(1, U8), Str(\"a\")])")),
        ("[\"a\", \"b\"].iter().map(|s| s.to_string()).collect()", "Vec<String>", Is("Seq([Str(\"a\"), Str(\"b\")])")),
        ("\"abc\".len()", "", Is("Int(3, Usize)")),
        (
            "std::time::Duration::from_millis(1500)",
            "",
            Is("Json(Object {\"secs\": Number(1), \"nanos\": Number(500000000)})"),
        ),
        ("format!(\"{}\", 1)", "String", Is("Str(\"1\")")),
        ("format!(\"{DAY}s/{}-{0}{{x}}\", units::NAME)", "", Is("Str(\"86400s/svc-svc{x}\")")),
        ("format!(\"{n} {}\", units::HALF, n = 2 + 2)", "", Is("Str(\"4 0.5\")")),
        ("format!(\"{:>4}\", 1)", "", Fails(Failure::Unsupported)),
        ("units::HALF.to_string()", "", Is("Str(\"0.5\")")),
        ("env!(\"HOME\")", "", Fails(Failure::Runtime)),
        ("env!(\"CARGO_CRATE_NAME\")", "", Is("Str(\"lib\")")),
    ]);
}

#[test]
fn blocks_calls_structs_and_variants() {
    check(&[
        ("{ let a = 2; let b: u64 = a * 3; b + 1 }", "", Is("Int(7, U64)")),
        ("if DAY > 1000 { 1 } else { 2 }", "u8", Is("Int(1, U8)")),
        ("helper(1, 2)", "", Is("Int(6, U64)")),
        ("Cfg::doubled(21)", "", Is("Int(42, U32)")),
        ("Cfg::default().n", "", Is("Int(1, U32)")),
        ("Cfg::default().s", "", Is("Str(\"d\")")),
        ("Cfg { n: 5, ..Default::default() }.s", "", Is("Str(\"d\")")),
        ("Cfg { n: 5 }", "", Fails(Failure::Invalid)),
        ("Mode::A", "", Is("Variant { def: DefId(0), args: [], variant: 0, fields: [] }")),
        ("Mode::B(7)", "", Is("Variant { def: DefId(0), args: [], variant: 1, fields: [Some(Int(7, U8))] }")),
        ("now()", "", Fails(Failure::Runtime)),
        ("std::env::var(\"X\")", "", Fails(Failure::Runtime)),
        ("looping()", "", Fails(Failure::Unsupported)),
        ("from_env()", "", Fails(Failure::Runtime)),
        ("parsed()", "", Fails(Failure::Unsupported)),
        ("tried()", "", Is("Opt(Some(Int(5, U8)))")),
        ("x.iter().sum()", "", Fails(Failure::Unsupported)),
    ]);
}

#[test]
fn a_failure_points_at_the_sub_expression() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, "pub const A: u32 = 1;\npub const B: u32 = A + \"x\".char_indices().count() as u32;\n")
        .unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let e: Expr = syn::parse_str("B * 2").unwrap();
    let err = lw.evaluator().eval(&e, None, &Frame::new(scope)).unwrap_err();
    let loc = err.location(&ws);
    assert_eq!(loc.line_col(), (2, 24), "{}", err.reason);
    assert_eq!(&loc.file.text()[loc.start..loc.start + loc.len], "\"x\".char_indices()");
}

#[test]
fn consts_of_another_crate_of_the_workspace() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |rel: &str, text: &str| {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("Cargo.toml", "[workspace]\nmembers = [\"base\", \"app\"]\n");
    write("base/Cargo.toml", "[package]\nname = \"base\"\nversion = \"0.1.0\"\n");
    write("base/src/lib.rs", "pub mod limits { pub const PAGE: u32 = 25; }\n");
    write(
        "app/Cargo.toml",
        "[package]\nname = \"app\"\nversion = \"0.3.0\"\n[dependencies]\nbase = { path = \"../base\" }\n",
    );
    write("app/src/lib.rs", "use base::limits::PAGE;\npub const TWO_PAGES: u32 = PAGE * 2;\n");
    let ws = crate::source::load(&[root.to_path_buf()], &[]).expect("sources load");
    let app = ws.crates.iter().position(|c| c.name == "app").unwrap();
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    let scope = Scope::without_generics(app, ModuleId(0));
    let e: Expr = syn::parse_str("concat!(env!(\"CARGO_PKG_VERSION\"))").unwrap();
    let frame = Frame::new(scope.clone());
    assert_eq!(lw.evaluator().eval(&e, None, &frame).unwrap(), Val::Str("0.3.0".into()));
    let e: Expr = syn::parse_str("TWO_PAGES + base::limits::PAGE").unwrap();
    assert_eq!(lw.evaluator().eval(&e, None, &frame).unwrap(), Val::Int(75, IntKind::U32));
}

#[test]
fn array_lengths_are_evaluated_while_lowering() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lib.rs");
    std::fs::write(&path, CRATE).unwrap();
    let ws = crate::source::load(&[path], &[]).expect("sources load");
    let rs = crate::model::Resolver::new(&ws);
    let mut lw = Lowerer::new(&rs);
    let scope = Scope::without_generics(0, ModuleId(0));
    let lower = |lw: &mut Lowerer, t: &str| lw.lower(&syn::parse_str::<syn::Type>(t).unwrap(), &scope);
    assert_eq!(lower(&mut lw, "[u8; units::KIB as usize / 512]"), Ty::Array(Box::new(Ty::Int(IntKind::U8)), 2));
    // A const generic parameter is not known: a sequence.
    assert_eq!(lower(&mut lw, "[u8; N]"), Ty::Seq(Box::new(Ty::Int(IntKind::U8))));
}

#[test]
fn module_path_names_the_crate_and_modules() {
    let got = eval_in(CRATE, "concat!(module_path!(), \"::x\")", "");
    match got {
        Ok(Val::Str(s)) => assert!(s.ends_with("::x") && s.len() > 3, "{s}"),
        other => panic!("{other:?}"),
    }
}

/// `const` items of a block are visible in all of it (also before they are written), in the
/// plain evaluator and in the statement runner alike.
#[test]
fn consts_of_a_block() {
    check(&[
        ("{ const N: u8 = 3; N * 2 }", "", Is("Int(6, U8)")),
        ("{ let x = N + 1; const N: u16 = 9; x }", "", Is("Int(10, U16)")),
        ("{ const N: usize = 2; let mut v = vec![1u8]; v.push(N as u8); v }", "", Is("Seq([Int(1, U8), Int(2, U8)])")),
    ]);
}

/// `x[a..b]` and its other range forms, on a `Vec`, a JSON array and a string; out of bounds
/// panics as in Rust.
#[test]
fn slices() {
    check(&[
        ("vec![1u8, 2u8, 3u8][1..]", "", Is("Seq([Int(2, U8), Int(3, U8)])")),
        ("vec![1u8, 2u8, 3u8][..=1]", "", Is("Seq([Int(1, U8), Int(2, U8)])")),
        ("vec![1u8, 2u8, 3u8][..]", "", Is("Seq([Int(1, U8), Int(2, U8), Int(3, U8)])")),
        ("serde_json::json!([1, 2, 3])[0..2]", "", Is("Json(Array [Number(1), Number(2)])")),
        ("\"hello\"[1..3]", "", Is("Str(\"el\")")),
        ("vec![1u8][1..3]", "", Fails(Failure::Invalid)),
        ("\"é\"[0..1]", "", Fails(Failure::Invalid)),
    ]);
}

/// Associated consts and fns as the compiler finds them for a concrete type: in an inherent impl,
/// in the type's `impl Trait for Type`, else the trait's default; a method that calls another
/// method of its own impl, or reads its own impl's const, is not recursion; a const or fn that
/// reaches itself is.
#[test]
fn associated_items_through_impls_and_traits() {
    const SRC: &str = r#"
        pub trait Named {
            const NAME: &'static str;
            const GREETING: &'static str = "hello";
            fn label() -> String { format!("{}: {}", Self::NAME, Self::GREETING) }
            fn shout() -> String { Self::label().to_uppercase() }
        }
        pub struct A;
        impl Named for A { const NAME: &'static str = "a"; }
        pub struct B;
        impl Named for B {
            const NAME: &'static str = "b";
            const GREETING: &'static str = "hi";
            fn label() -> String { Self::NAME.repeat(2) }
        }
        pub struct C;
        impl C {
            pub const BASE: u32 = 2;
            pub const TWICE: u32 = Self::BASE * 2;
            pub const LOOP: u32 = Self::LOOP + 1;
            pub fn one() -> u32 { Self::BASE + Self::two() }
            fn two() -> u32 { Self::TWICE }
            pub fn forever() -> u32 { Self::forever() }
        }
    "#;
    let rows: &[(&str, Result<&str, Failure>)] = &[
        ("A::label()", Ok("Str(\"a: hello\")")),
        ("A::shout()", Ok("Str(\"A: HELLO\")")),
        ("B::label()", Ok("Str(\"bb\")")),
        ("B::shout()", Ok("Str(\"BB\")")),
        ("B::GREETING", Ok("Str(\"hi\")")),
        ("A::GREETING", Ok("Str(\"hello\")")),
        ("C::one()", Ok("Int(6, U32)")),
        ("C::LOOP", Err(Failure::Invalid)),
        ("C::forever()", Err(Failure::Unsupported)),
    ];
    for (expr, want) in rows {
        let got = eval_in(SRC, expr, "").map(|v| format!("{v:?}"));
        assert_eq!(got.as_deref().map_err(|f| *f), *want, "`{expr}`");
    }
}
