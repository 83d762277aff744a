//! Macros: `vec!`, `concat!`, `format!`, `stringify!`, `include_str!`, `json!`, and
//! `env!("CARGO_PKG_…")` read from the package manifest.

use super::*;

/// `[workspace.package].<key>` of the workspace a package at `dir` belongs to: the nearest
/// `Cargo.toml` above it with a `[workspace]` table, as cargo finds it.
pub(super) fn workspace_package_field(dir: &std::path::Path, key: &str) -> Option<toml::Value> {
    for ancestor in dir.ancestors().skip(1).take(8) {
        let Ok(m) = crate::source::read_manifest(&ancestor.join("Cargo.toml")) else { continue };
        if let Some(ws) = m.raw.get("workspace") {
            return ws.get("package")?.get(key).cloned();
        }
    }
    None
}

/// `[x; n]` in `vec![x; n]`.
pub(super) struct RepeatBody(Expr, Expr);

impl syn::parse::Parse for RepeatBody {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let x: Expr = input.parse()?;
        input.parse::<syn::Token![;]>()?;
        let n: Expr = input.parse()?;
        Ok(RepeatBody(x, n))
    }
}

/// A macro call as a handler sees it: the name it was called by, the macro, the type the
/// context wants, the frame.
pub(super) struct MacroCall<'c> {
    pub name: &'c str,
    pub mac: &'c syn::Macro,
    pub want: Option<&'c Ty>,
    pub f: &'c Frame,
}

/// One macro the evaluator knows.
pub(super) struct Macro {
    pub names: &'static [&'static str],
    pub run: fn(&mut Evaluator<'_, '_>, &MacroCall<'_>) -> Eval,
}

/// The macro's arguments, split at commas.
fn macro_args(ev: &Evaluator, c: &MacroCall) -> Result<syn::punctuated::Punctuated<Expr, syn::Token![,]>, EvalError> {
    c.mac
        .parse_body_with(syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated)
        .map_err(|x| ev.unsupported(c.mac, c.f, x.to_string()))
}

/// The macros the evaluator knows, as data: adding one is one row here and a case in the table
/// test (`macros_tests.rs`).
pub(super) const MACROS: &[Macro] = &[
    Macro {
        names: &["vec"],
        run: |ev, c| {
            if let Ok(r) = c.mac.parse_body::<RepeatBody>() {
                let item = element_type(c.want);
                let x = ev.eval(&r.0, item.as_ref(), c.f)?;
                let n = ev.count(&r.1, c.f)?;
                return Ok(Val::Seq(vec![x; n]));
            }
            let elems = macro_args(ev, c)?;
            let item = element_type(c.want);
            let items = elems.iter().map(|x| ev.eval(x, item.as_ref(), c.f)).collect::<Result<_, _>>()?;
            Ok(Val::Seq(items))
        },
    },
    Macro {
        names: &["concat"],
        run: |ev, c| {
            let mut out = String::new();
            for part in &macro_args(ev, c)? {
                // A number literal is pasted as written (`1.50` stays `1.50`).
                if let Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) = part {
                    out.push_str(i.base10_digits());
                    continue;
                }
                if let Expr::Lit(syn::ExprLit { lit: Lit::Float(x), .. }) = part {
                    out.push_str(x.base10_digits());
                    continue;
                }
                let v = ev.eval(part, None, c.f)?;
                match v.display() {
                    Some(s) => out.push_str(&s),
                    None => return Err(ev.unsupported(part, c.f, format!("{} in `concat!`", v.kind_of()))),
                }
            }
            Ok(Val::Str(out))
        },
    },
    Macro { names: &["stringify"], run: |_, c| Ok(Val::Str(c.mac.tokens.to_string())) },
    Macro { names: &["module_path"], run: |ev, c| Ok(Val::Str(ev.module_path(c.f))) },
    Macro { names: &["matches"], run: |ev, c| ev.matches_macro(c.mac, c.f) },
    Macro {
        names: &["format"],
        run: |ev, c| {
            let parts = macro_args(ev, c)?;
            let Some(Expr::Lit(syn::ExprLit { lit: Lit::Str(template), .. })) = parts.first() else {
                return Err(ev.unsupported(c.mac, c.f, "`format!` without a literal format string"));
            };
            ev.format(template, &parts.iter().skip(1).collect::<Vec<_>>(), c.f)
        },
    },
    Macro {
        names: &["include_str"],
        run: |ev, c| {
            let arg: Expr = c.mac.parse_body().map_err(|x| ev.unsupported(c.mac, c.f, x.to_string()))?;
            let Val::Str(rel) = ev.eval(&arg, None, c.f)? else {
                return Err(ev.unsupported(&arg, c.f, "a path that is not a string"));
            };
            let krate = &ev.ws().crates[c.f.scope.krate];
            let file = krate.file_of(c.f.scope.module).source.path.clone();
            let path = file.parent().map(|d| d.join(&rel)).unwrap_or_else(|| rel.clone().into());
            // Read within the crate's project only (docs/security.md): a refusal is opaque.
            crate::read::read_within(&krate.read_root, &path).map(Val::Str).map_err(|x| {
                let why = match x.why {
                    crate::read::Why::Io(e) => e.to_string(),
                    _ => x.to_string(),
                };
                ev.unsupported(c.mac, c.f, format!("`{}` cannot be read: {why}", path.display()))
            })
        },
    },
    Macro {
        names: &["json"],
        run: |ev, c| match json::literal(c.mac) {
            Some(v) => Ok(Val::Json(v)),
            None => ev.json_macro(c.mac, c.f),
        },
    },
    Macro { names: &["schema_for"], run: |ev, c| ev.schema_for_macro(c.mac, c.f) },
    // Logging and printing: `()`, and nothing the tool list depends on.
    Macro {
        names: &["trace", "debug", "info", "warn", "error", "println", "eprintln", "print", "eprint", "event"],
        run: |_, _| Ok(Val::Unit),
    },
    Macro {
        names: &["env", "option_env"],
        run: |ev, c| {
            let name = c.name;
            let var = match c.mac.parse_body::<Expr>() {
                Ok(Expr::Lit(syn::ExprLit { lit: Lit::Str(s), .. })) => s.value(),
                _ => return Err(ev.unsupported(c.mac, c.f, format!("`{name}!` of anything but a string literal"))),
            };
            match (ev.cargo_env(&var, c.f), name) {
                (Some(v), "env") => Ok(Val::Str(v)),
                (Some(v), _) => Ok(Val::Opt(Some(Box::new(Val::Str(v))))),
                (None, _) => Err(ev.fail(
                    c.mac,
                    c.f,
                    Failure::Runtime,
                    format!("`{name}!(\"{var}\")` is set by the build environment"),
                )),
            }
        },
    },
];

impl Evaluator<'_, '_> {
    /// A macro call: its row of [`MACROS`], by the last segment of its path.
    pub(super) fn mac(&mut self, mac: &syn::Macro, want: Option<&Ty>, f: &Frame) -> Eval {
        let name = mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        match MACROS.iter().find(|m| m.names.contains(&name.as_str())) {
            Some(row) => (row.run)(self, &MacroCall { name: &name, mac, want, f }),
            None => Err(self.unsupported(mac, f, format!("the macro `{name}!`"))),
        }
    }

    /// `format!` with `{}`, `{0}`, `{name}` placeholders (no format specs) of `Display` values.
    pub(super) fn format(&mut self, template: &syn::LitStr, args: &[&Expr], f: &Frame) -> Eval {
        let text = template.value();
        let mut named: Vec<(String, &Expr)> = Vec::new();
        let mut positional: Vec<&Expr> = Vec::new();
        for a in args {
            match a {
                Expr::Assign(x) => match &*x.left {
                    Expr::Path(p) if p.path.get_ident().is_some() => {
                        named.push((p.path.get_ident().expect("ident").to_string(), &x.right))
                    }
                    _ => return Err(self.unsupported(*a, f, "a `format!` argument")),
                },
                _ => positional.push(a),
            }
        }
        let mut out = String::new();
        let mut next = 0;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    out.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    out.push('}');
                }
                '{' => {
                    let spec: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    if spec.contains(':') {
                        return Err(self.unsupported(template, f, format!("the format spec `{{{spec}}}`")));
                    }
                    let v = if spec.is_empty() {
                        next += 1;
                        let Some(e) = positional.get(next - 1) else {
                            return Err(self.fail(template, f, Failure::Invalid, "a `format!` argument is missing"));
                        };
                        self.eval(e, None, f)?
                    } else if let Ok(i) = spec.parse::<usize>() {
                        let Some(e) = positional.get(i) else {
                            return Err(self.fail(template, f, Failure::Invalid, "a `format!` argument is missing"));
                        };
                        self.eval(e, None, f)?
                    } else if let Some((_, e)) = named.iter().find(|(n, _)| *n == spec) {
                        self.eval(e, None, f)?
                    } else {
                        // An inline name: a local, const or static in scope.
                        let path: Expr = syn::parse_str(&spec)
                            .map_err(|_| self.unsupported(template, f, format!("the placeholder `{{{spec}}}`")))?;
                        self.eval(&path, None, f).map_err(|mut e| {
                            e.span = template.span();
                            e
                        })?
                    };
                    match v.display() {
                        Some(s) => {
                            self.grown(s.len(), template, f)?;
                            out.push_str(&s)
                        }
                        None => return Err(self.unsupported(template, f, format!("{} in `format!`", v.kind_of()))),
                    }
                }
                c => out.push(c),
            }
        }
        Ok(Val::Str(out))
    }

    /// What cargo sets for `env!("CARGO_PKG_…")` from the package manifest (a `workspace = true`
    /// field read from the workspace's `[workspace.package]`); `None` for anything else.
    /// `module_path!()` where `f` is: the crate name and the modules down to it.
    fn module_path(&self, f: &Frame) -> String {
        let krate = &self.ws().crates[f.scope.krate];
        let mut path = vec![krate.name.clone()];
        path.extend(krate.module(f.scope.module).path.iter().cloned());
        path.join("::")
    }

    pub(super) fn cargo_env(&self, var: &str, f: &Frame) -> Option<String> {
        let krate = &self.ws().crates[f.scope.krate];
        if var == "CARGO_CRATE_NAME" {
            return Some(krate.name.clone());
        }
        let manifest = krate.manifest.as_ref()?;
        let field = |key: &str| -> Opt<toml::Value> {
            let Some(v) = manifest.raw.get("package").and_then(|p| p.get(key)) else { return Opt::Absent };
            if v.get("workspace").and_then(toml::Value::as_bool) != Some(true) {
                return Opt::Known(v.clone());
            }
            match workspace_package_field(&manifest.dir, key) {
                Some(v) => Opt::Known(v),
                None => Opt::Opaque(format!("`{key}` is inherited from a workspace the CLI cannot find")),
            }
        };
        let known = |key: &str| match field(key) {
            Opt::Known(v) => Some(v.as_str().map(str::to_owned)),
            Opt::Absent => Some(None),
            Opt::Opaque(_) => None,
        };
        let text = |key: &str| known(key).map(Option::unwrap_or_default);
        // cargo's default version, for a package that gives none.
        let version = || known("version").map(|v| v.unwrap_or_else(|| "0.0.0".to_owned()));
        let part = |i: usize| version().and_then(|v| v.split(['.', '-', '+']).nth(i).map(str::to_owned));
        match var {
            "CARGO_PKG_NAME" => manifest.package_name.clone(),
            "CARGO_PKG_VERSION" => version(),
            "CARGO_PKG_VERSION_MAJOR" => part(0),
            "CARGO_PKG_VERSION_MINOR" => part(1),
            "CARGO_PKG_VERSION_PATCH" => part(2),
            "CARGO_PKG_DESCRIPTION" => text("description"),
            "CARGO_PKG_HOMEPAGE" => text("homepage"),
            "CARGO_PKG_REPOSITORY" => text("repository"),
            "CARGO_PKG_LICENSE" => text("license"),
            "CARGO_PKG_AUTHORS" => match field("authors") {
                Opt::Known(v) => Some(
                    v.as_array()
                        .map(|a| a.iter().filter_map(toml::Value::as_str).collect::<Vec<_>>().join(":"))
                        .unwrap_or_default(),
                ),
                Opt::Absent => Some(String::new()),
                Opt::Opaque(_) => None,
            },
            _ => None,
        }
    }
}

/// The arguments of `matches!(value, pattern [if guard])`.
struct MatchesBody(Expr, syn::Pat, Option<Expr>);

impl syn::parse::Parse for MatchesBody {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let value: Expr = input.parse()?;
        input.parse::<syn::Token![,]>()?;
        let pat = syn::Pat::parse_multi_with_leading_vert(input)?;
        let guard = if input.peek(syn::Token![if]) {
            input.parse::<syn::Token![if]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        input.parse::<Option<syn::Token![,]>>()?;
        Ok(MatchesBody(value, pat, guard))
    }
}

impl Evaluator<'_, '_> {
    /// `matches!(value, pattern)`: patterns of literals, unit values and variants (`Self::A`,
    /// `Kind::B(..)`, `Some(_)`, `None`), `|`, `_`; a guard only when the pattern binds nothing.
    fn matches_macro(&mut self, mac: &syn::Macro, f: &Frame) -> Eval {
        let MatchesBody(value, pat, guard) =
            mac.parse_body::<MatchesBody>().map_err(|x| self.unsupported(mac, f, x.to_string()))?;
        let v = self.eval(&value, None, f)?;
        let mut matched = self.pattern_matches(&pat, &v, f)?;
        if let (true, Some(g)) = (matched, &guard) {
            matched = self.boolean(g, f)?;
        }
        Ok(Val::Bool(matched))
    }

    fn pattern_matches(&mut self, pat: &syn::Pat, v: &Val, f: &Frame) -> Result<bool, EvalError> {
        use syn::Pat;
        match pat {
            Pat::Wild(_) | Pat::Rest(_) => Ok(true),
            Pat::Paren(p) => self.pattern_matches(&p.pat, v, f),
            Pat::Reference(r) => self.pattern_matches(&r.pat, v, f),
            Pat::Or(o) => {
                for case in &o.cases {
                    if self.pattern_matches(case, v, f)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Pat::Lit(l) => Ok(self.eval(&Expr::Lit(l.clone()), None, f)? == *v),
            Pat::Ident(i) if i.subpat.is_none() && i.ident == "None" => Ok(matches!(v, Val::Opt(None))),
            // A capitalised name is a unit variant brought into scope; anything else would bind.
            Pat::Ident(i) if i.subpat.is_none() && i.ident.to_string().starts_with(char::is_uppercase) => {
                Ok(self.variant_name(v).is_some_and(|n| i.ident == n))
            }
            Pat::Path(p) => {
                let unit = self.eval(&Expr::Path(p.clone()), None, f)?;
                Ok(match (&unit, v) {
                    (Val::Variant { def: a, variant: x, .. }, Val::Variant { def: b, variant: y, .. }) => {
                        a == b && x == y
                    }
                    _ => unit == *v,
                })
            }
            Pat::TupleStruct(ts) => {
                let name = ts.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
                if name == "Some" {
                    return match (v, ts.elems.first()) {
                        (Val::Opt(Some(inner)), Some(sub)) if ts.elems.len() == 1 => {
                            self.pattern_matches(sub, inner, f)
                        }
                        (Val::Opt(_), _) => Ok(false),
                        _ => Err(self.unsupported(pat, f, "a `Some(..)` pattern on something else")),
                    };
                }
                if !ts.elems.iter().all(|p| matches!(p, Pat::Wild(_) | Pat::Rest(_))) {
                    return Err(self.unsupported(pat, f, "a pattern on the fields of a variant"));
                }
                Ok(self.variant_name(v).is_some_and(|n| n == name))
            }
            Pat::Struct(ps) if ps.fields.is_empty() => {
                let name = ps.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
                Ok(self.variant_name(v).is_some_and(|n| n == name))
            }
            _ => Err(self.unsupported(pat, f, "a pattern the CLI does not match")),
        }
    }

    /// The Rust name of the variant an enum value is.
    fn variant_name(&self, v: &Val) -> Option<String> {
        let Val::Variant { def, variant, .. } = v else { return None };
        match &self.types.model().def(*def).body {
            Body::Enum { variants } => variants.get(*variant).map(|x| x.rust_name.clone()),
            _ => None,
        }
    }
}
