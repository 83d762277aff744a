//! Levels per diagnostic code, as clippy has them for lints: `allow` drops a warning, `warn`
//! leaves it, `deny` makes it an error; `--strict` denies every warning left. An error is never
//! lowered: it means the manifest would be wrong.
//!
//! The codes, and whether each is an error or a warning, are the ones docs/diagnostics.md
//! documents (read at build time): a test checks that it names every code the sources emit.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::{Diagnostics, Severity};

/// What to do with the warnings of one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Drop them.
    Allow,
    /// Show them (the default).
    Warn,
    /// Make them errors: no manifest is written.
    Deny,
}

impl Level {
    /// The level named `allow`, `warn` or `deny`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "allow" => Some(Level::Allow),
            "warn" => Some(Level::Warn),
            "deny" => Some(Level::Deny),
            _ => None,
        }
    }
}

/// The levels of a run: by code, then `strict` for every warning left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lints {
    /// Levels by diagnostic code (`opaque`, `unknown-type`…).
    pub levels: BTreeMap<String, Level>,
    /// Deny every warning that is not allowed (`--strict`).
    pub strict: bool,
}

/// Whether a code is emitted as an error, a warning, either (depending on the case), or a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Error,
    Warning,
    ErrorOrWarning,
    Note,
}

/// One documented diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Code {
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
}

/// The documentation of every code; headings `### \`code\`` followed by a paragraph that starts
/// with `**error**`, `**warning**`, `**error or warning**` or `**note**`.
const DOC: &str = include_str!("../../docs/diagnostics.md");

/// Every diagnostic code, in the order docs/diagnostics.md lists them.
pub(crate) fn codes() -> &'static [Code] {
    static CODES: OnceLock<Vec<Code>> = OnceLock::new();
    CODES.get_or_init(|| parse_codes(DOC))
}

fn parse_codes(doc: &'static str) -> Vec<Code> {
    let mut codes = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("### `").and_then(|l| l.strip_suffix('`')) else { continue };
        let first = lines.by_ref().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
        let kind = if first.starts_with("**error or warning**") {
            Kind::ErrorOrWarning
        } else if first.starts_with("**warning**") {
            Kind::Warning
        } else if first.starts_with("**note**") {
            Kind::Note
        } else {
            Kind::Error
        };
        codes.push(Code { name, kind });
    }
    codes
}

/// Why a level cannot be given to a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelError {
    /// Why, in a sentence.
    pub message: String,
    /// What is wrong with the code, in a few words (under the caret).
    pub label: &'static str,
    /// What to do instead, if anything.
    pub help: Option<String>,
}

impl std::fmt::Display for LevelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        match &self.help {
            Some(help) => write!(f, ": {help}"),
            None => Ok(()),
        }
    }
}

/// Check that `code` may be given `level`: it must be a known code (else the error names the
/// nearest one), and only a code that can be a warning can be allowed or warned.
pub fn check_level(code: &str, level: Level) -> Result<&'static str, LevelError> {
    let Some(known) = codes().iter().find(|c| c.name == code) else {
        return Err(unknown_code(code));
    };
    if known.kind == Kind::Error && level != Level::Deny {
        return Err(LevelError {
            message: format!("`{code}` is always an error"),
            label: "not a warning",
            help: Some("only the codes of warnings can be set to \"allow\" or \"warn\"".into()),
        });
    }
    Ok(known.name)
}

/// The error for a code that does not exist, with the nearest one when there is one.
fn unknown_code(code: &str) -> LevelError {
    let help = if code == "warnings" {
        "to deny every warning, use --strict (or `strict = true`)".to_owned()
    } else {
        match nearest_code(code) {
            Some(near) => format!("did you mean `{near}`?"),
            None => "docs/diagnostics.md lists the codes".to_owned(),
        }
    };
    LevelError { message: format!("unknown diagnostic code `{code}`"), label: "unknown code", help: Some(help) }
}

/// The code nearest to `code` by edit distance, if near enough to be a typo of it.
fn nearest_code(code: &str) -> Option<&'static str> {
    let wanted = code.to_lowercase().replace('_', "-");
    codes()
        .iter()
        .map(|c| (edit_distance(&wanted, c.name), c.name))
        .filter(|&(d, name)| {
            d <= (name.len() / 3).max(1) || (wanted.len() > 3 && (name.contains(&*wanted) || wanted.contains(name)))
        })
        .min()
        .map(|(_, name)| name)
}

/// Levenshtein distance, in chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

impl Diagnostics {
    /// Apply the levels: allowed warnings and notes are dropped, denied ones become errors, and
    /// with `strict` so does every warning left (notes stay notes). Errors stay errors.
    pub fn apply_lints(&mut self, lints: &Lints) {
        self.0.retain_mut(|d| {
            if d.severity == Severity::Note {
                // Notes never fail a run unless asked by code; `strict` leaves them alone.
                match lints.levels.get(d.code) {
                    Some(Level::Allow) => return false,
                    Some(Level::Deny) => d.severity = Severity::Error,
                    Some(Level::Warn) => d.severity = Severity::Warning,
                    None => {}
                }
                return true;
            }
            if d.severity != Severity::Warning {
                return true;
            }
            match lints.levels.get(d.code) {
                Some(Level::Allow) => return false,
                Some(Level::Deny) => d.severity = Severity::Error,
                Some(Level::Warn) | None if lints.strict => d.severity = Severity::Error,
                Some(Level::Warn) | None => {}
            }
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Diagnostic;

    fn run(lints: &Lints) -> Vec<String> {
        let mut ds = Diagnostics(vec![
            Diagnostic::warning("opaque", "a"),
            Diagnostic::warning("unknown-type", "b"),
            Diagnostic::error("syntax-error", "c"),
        ]);
        ds.apply_lints(lints);
        ds.iter().map(|d| format!("{d}")).collect()
    }

    fn levels(entries: &[(&str, Level)]) -> BTreeMap<String, Level> {
        entries.iter().map(|(c, l)| (c.to_string(), *l)).collect()
    }

    #[test]
    fn notes_survive_strict_and_follow_their_own_level() {
        let notes = || Diagnostics(vec![crate::diagnostics::Diagnostic::note("runtime-condition", "n")]);
        let severity = |lints: &Lints| {
            let mut ds = notes();
            ds.apply_lints(lints);
            ds.iter().map(|d| d.severity).collect::<Vec<_>>()
        };
        assert_eq!(severity(&Lints { strict: true, ..Lints::default() }), [Severity::Note]);
        let with = |level| Lints { levels: levels(&[("runtime-condition", level)]), strict: false };
        assert_eq!(severity(&with(Level::Allow)), []);
        assert_eq!(severity(&with(Level::Deny)), [Severity::Error]);
        assert_eq!(severity(&with(Level::Warn)), [Severity::Warning]);
    }

    #[test]
    fn allow_drops_deny_promotes_and_strict_denies_the_rest() {
        assert_eq!(
            run(&Lints::default()),
            ["warning[opaque]: a", "warning[unknown-type]: b", "error[syntax-error]: c"]
        );
        let lints = Lints { levels: levels(&[("opaque", Level::Allow), ("unknown-type", Level::Deny)]), strict: false };
        assert_eq!(run(&lints), ["error[unknown-type]: b", "error[syntax-error]: c"]);
        let lints = Lints { levels: levels(&[("opaque", Level::Allow)]), strict: true };
        assert_eq!(
            run(&lints),
            ["error[unknown-type]: b", "error[syntax-error]: c"],
            "an allowed warning stays allowed"
        );
        let lints = Lints { levels: levels(&[("syntax-error", Level::Allow)]), strict: false };
        assert_eq!(run(&lints).len(), 3, "an error is never dropped");
    }

    #[test]
    fn codes_are_checked_with_a_suggestion() {
        assert_eq!(check_level("opaque", Level::Allow), Ok("opaque"));
        assert_eq!(check_level("syntax-error", Level::Deny), Ok("syntax-error"));
        let err = |code, level| check_level(code, level).unwrap_err().to_string();
        assert!(err("syntax-error", Level::Allow).contains("always an error"));
        assert_eq!(err("opaqe", Level::Allow), "unknown diagnostic code `opaqe`: did you mean `opaque`?");
        assert!(err("unknown_type", Level::Deny).contains("did you mean `unknown-type`?"));
        assert!(err("opaque-schema", Level::Deny).contains("did you mean `opaque`?"));
        assert!(err("zzz", Level::Deny).contains("docs/diagnostics.md"));
        assert!(err("warnings", Level::Deny).contains("--strict"));
    }

    #[test]
    fn the_documented_codes_are_read() {
        let names: Vec<_> = codes().iter().map(|c| c.name).collect();
        assert!(names.contains(&"opaque") && names.contains(&"syntax-error"), "{names:?}");
        assert_eq!(codes().iter().find(|c| c.name == "opaque").unwrap().kind, Kind::Warning);
    }
}

/// docs/diagnostics.md against the sources: every code a diagnostic is made with is documented,
/// as an error, a warning or either, and nothing else is.
#[cfg(test)]
mod documented {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use syn::visit::Visit;

    use super::{codes, Kind};

    /// Severity as a fn's name tells it (`warning`, `warn` / `error`), if it does.
    fn kind_of_name(name: &str) -> Option<Kind> {
        if name.contains("warn") {
            Some(Kind::Warning)
        } else if name.contains("err") {
            Some(Kind::Error)
        } else {
            None
        }
    }

    fn is_test_only(attrs: &[syn::Attribute]) -> bool {
        attrs.iter().any(|a| {
            a.path().is_ident("test")
                || a.path().is_ident("cfg") && a.meta.require_list().is_ok_and(|l| l.tokens.to_string() == "test")
        })
    }

    /// The fns that take a diagnostic code: a parameter `code: &'static str`, and where it is;
    /// and the string consts of the sources (`DEFAULT_NOT_EVALUABLE`), which may name codes.
    #[derive(Default)]
    struct CodeTakers(BTreeMap<String, usize>, BTreeMap<String, String>);

    impl CodeTakers {
        fn note(&mut self, sig: &syn::Signature) {
            let typed = sig.inputs.iter().filter_map(|a| match a {
                syn::FnArg::Typed(t) => Some(t),
                syn::FnArg::Receiver(_) => None,
            });
            for (i, arg) in typed.enumerate() {
                let named_code = matches!(&*arg.pat, syn::Pat::Ident(p) if p.ident == "code");
                let static_str = quote::quote!(#arg).to_string().replace(' ', "") == "code:&'staticstr";
                if named_code && static_str {
                    self.0.insert(sig.ident.to_string(), i);
                }
            }
        }
    }

    impl<'a> Visit<'a> for CodeTakers {
        fn visit_item_const(&mut self, c: &'a syn::ItemConst) {
            if let Some(code) = code_literal(&c.expr) {
                self.1.insert(c.ident.to_string(), code);
            }
        }
        fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
            if !is_test_only(&f.attrs) {
                self.note(&f.sig);
                syn::visit::visit_item_fn(self, f);
            }
        }
        fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
            if !is_test_only(&f.attrs) {
                self.note(&f.sig);
                syn::visit::visit_impl_item_fn(self, f);
            }
        }
        fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
            if !is_test_only(&m.attrs) {
                syn::visit::visit_item_mod(self, m);
            }
        }
    }

    /// The codes diagnostics are made with: string literals (or consts holding them) given as the
    /// `code` of a code taker, or as the `code` field of a struct literal.
    struct Uses<'t> {
        takers: &'t CodeTakers,
        found: BTreeMap<String, BTreeSet<Option<Kind>>>,
    }

    impl Uses<'_> {
        fn argument(&mut self, name: &str, args: &syn::punctuated::Punctuated<syn::Expr, syn::Token![,]>) {
            let Some(&at) = self.takers.0.get(name) else { return };
            if let Some(code) = args.iter().nth(at).and_then(|e| self.code_of(e)) {
                self.found.entry(code).or_default().insert(kind_of_name(name));
            }
        }

        /// A code written as a literal, or as a const of the sources holding one.
        fn code_of(&self, e: &syn::Expr) -> Option<String> {
            match e {
                syn::Expr::Path(p) => {
                    p.path.segments.last().and_then(|l| self.takers.1.get(&l.ident.to_string())).cloned()
                }
                _ => code_literal(e),
            }
        }
    }

    fn code_literal(e: &syn::Expr) -> Option<String> {
        let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = e else { return None };
        let code = s.value();
        let kebab = code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        (kebab && !code.is_empty()).then_some(code)
    }

    impl<'a> Visit<'a> for Uses<'_> {
        fn visit_expr_call(&mut self, call: &'a syn::ExprCall) {
            if let syn::Expr::Path(p) = &*call.func {
                if let Some(last) = p.path.segments.last() {
                    self.argument(&last.ident.to_string(), &call.args);
                }
            }
            syn::visit::visit_expr_call(self, call);
        }
        fn visit_expr_method_call(&mut self, call: &'a syn::ExprMethodCall) {
            self.argument(&call.method.to_string(), &call.args);
            syn::visit::visit_expr_method_call(self, call);
        }
        /// `Diagnostic { code: "…", .. }`, and any other struct that carries a code to one (a
        /// router finding, a schema gap): its `code` field.
        fn visit_expr_struct(&mut self, s: &'a syn::ExprStruct) {
            for field in &s.fields {
                let is_code = matches!(&field.member, syn::Member::Named(n) if n == "code");
                if let Some(code) = self.code_of(&field.expr).filter(|_| is_code) {
                    self.found.entry(code).or_default().insert(None);
                }
            }
            syn::visit::visit_expr_struct(self, s);
        }
        /// `vec![..]`, `matches!(..)`…: their arguments, when they are expressions.
        fn visit_macro(&mut self, m: &'a syn::Macro) {
            use syn::parse::Parser;
            let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
            if let Ok(args) = parser.parse2(m.tokens.clone()) {
                args.iter().for_each(|e| self.visit_expr(e));
            }
        }
        fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
            if !is_test_only(&f.attrs) {
                syn::visit::visit_item_fn(self, f);
            }
        }
        fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
            if !is_test_only(&f.attrs) {
                syn::visit::visit_impl_item_fn(self, f);
            }
        }
        fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
            if !is_test_only(&m.attrs) {
                syn::visit::visit_item_mod(self, m);
            }
        }
    }

    fn sources() -> Vec<syn::File> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        walkdir::WalkDir::new(src)
            .into_iter()
            .map(|e| e.unwrap().into_path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| syn::parse_file(&std::fs::read_to_string(&p).unwrap()).unwrap_or_else(|e| panic!("{p:?}: {e}")))
            .collect()
    }

    /// Every code the sources make a diagnostic with, and the severities seen (`None`: unknown).
    pub(super) fn codes_in_sources() -> BTreeMap<String, BTreeSet<Option<Kind>>> {
        let files = sources();
        let mut takers = CodeTakers::default();
        files.iter().for_each(|f| takers.visit_file(f));
        let mut uses = Uses { takers: &takers, found: BTreeMap::new() };
        files.iter().for_each(|f| uses.visit_file(f));
        uses.found
    }

    #[test]
    fn every_code_in_the_sources_is_documented_and_nothing_else() {
        let in_sources = codes_in_sources();
        let documented: BTreeMap<&str, Kind> = codes().iter().map(|c| (c.name, c.kind)).collect();
        let undocumented: Vec<&String> = in_sources.keys().filter(|c| !documented.contains_key(c.as_str())).collect();
        assert!(undocumented.is_empty(), "codes missing from docs/diagnostics.md: {undocumented:?}");
        let unused: Vec<&&str> = documented.keys().filter(|c| !in_sources.contains_key(**c)).collect();
        assert!(unused.is_empty(), "documented codes that no source makes: {unused:?}");
        assert_eq!(documented.len(), codes().len(), "a code documented twice");
        for (code, kinds) in &in_sources {
            let error = kinds.contains(&Some(Kind::Error));
            let warning = kinds.contains(&Some(Kind::Warning));
            let expected = match (error, warning) {
                (true, true) => Kind::ErrorOrWarning,
                (true, false) => Kind::Error,
                (false, true) => Kind::Warning,
                (false, false) => continue,
            };
            let said = documented[code.as_str()];
            let fits = said == expected || kinds.contains(&None) && said == Kind::ErrorOrWarning;
            assert!(fits, "`{code}` is documented as {said:?} but made as {expected:?}");
        }
    }

    #[test]
    fn the_scan_finds_codes_however_they_are_made() {
        let found = codes_in_sources();
        assert!(found["opaque"].contains(&Some(Kind::Warning)), "through a helper method (`self.warn`)");
        assert!(found["syntax-error"].contains(&Some(Kind::Error)), "Diagnostic::error");
        assert!(!found.contains_key("a"), "test code is left out");
    }
}
