//! Calls: `Some`, std constructors and conversions, `Duration::from_*`, fns of the workspace
//! (arguments bound), tuple constructors, and the methods the evaluator knows.

use super::*;

/// A fn of the workspace ready to be called: where it is written, its body, its parameters
/// (with their types when known), the frame its body runs in, its return type, its signature.
pub(super) struct FnParts<'w> {
    pub item: ItemRef,
    pub body: &'w syn::Block,
    pub params: Vec<(String, Option<Ty>)>,
    pub frame: Frame,
    pub ret: Option<Ty>,
    pub sig: &'w syn::Signature,
}

impl<'w> Evaluator<'_, 'w> {
    pub(super) fn call(&mut self, c: &syn::ExprCall, want: Option<&Ty>, f: &Frame) -> Eval {
        let Expr::Path(p) = &*c.func else {
            return Err(self.unsupported(&*c.func, f, "a call of a computed fn"));
        };
        let segs = path_segments(&p.path);
        let last = segs.last().cloned().unwrap_or_default();
        let head = if segs.len() >= 2 { segs[segs.len() - 2].as_str() } else { "" };
        let args: Vec<&Expr> = c.args.iter().collect();
        if let [a] = args.as_slice() {
            // `Ok(x)`, and a wrapper the caller names: the value is the argument's.
            if (matches!(head, "" | "Result") && last == "Ok") || self.wrapping_fns.contains(&last.as_str()) {
                return self.eval(a, want, f);
            }
        }
        if let Some(two) = super::last_two(&segs) {
            if let Some((_, run)) = self.given_fns.iter().find(|(p, _)| *p == two) {
                let run = *run;
                let values = args.iter().map(|a| self.eval(a, None, f)).collect::<Result<Vec<_>, _>>()?;
                return run(values).ok_or_else(|| self.unsupported(c, f, format!("`{two}` of these arguments")));
            }
        }
        let call = super::std_fns::Call { head, last: &last, args: &args, want, f, at: c };
        if let Some(row) = super::std_fns::find(super::std_fns::STD_FNS, head, &last, args.len()) {
            return (row.run)(self, &call);
        }
        // A fn of the workspace, free or associated.
        if let Some(found) = self.fn_parts(&segs, want, f) {
            // A body run statement by statement may recurse (a walk over a schema), within the
            // step budget.
            let active = Active::member(found.item, found.body);
            if self.budget.is_active(&active) && !super::exec::needs_run(found.body) {
                return Err(self.fail(c, f, Failure::Unsupported, "a recursive fn"));
            }
            let mut frame = found.frame;
            super::exec::bind_type_args(&mut frame, found.sig, &p.path, f);
            self.budget.push(active);
            self.ran.push(found.item);
            let out = self.apply(c, found.body, &found.params, &args, frame, found.ret.as_ref().or(want), f);
            self.budget.pop();
            return out;
        }
        if let Some(out) = self.schema_fn_call(c, f) {
            return out;
        }
        if let Some(out) = self.generator_call(head, &last, &args, f) {
            return out;
        }
        if let Some(row) = super::std_fns::find(super::std_fns::AFTER_WORKSPACE, head, &last, args.len()) {
            return (row.run)(self, &call);
        }
        if let Resolved::External(full) = self.ws().resolve(f.scope.krate, f.scope.module, &segs, Namespace::Value) {
            if let Some(out) = self.env_call(c, &full, &args, f) {
                return out;
            }
            if let Some(out) = self.serde_to_value_call(c, &full, f) {
                return out;
            }
            if let Some(v) = self.json_value_variant(&full, &args, f)? {
                return Ok(v);
            }
            if is_runtime_api(&full) {
                return Err(self.fail(
                    c,
                    f,
                    Failure::Runtime,
                    format!("`{}()` is only known at runtime", full.join("::")),
                ));
            }
        }
        if last == "default" && args.is_empty() {
            let t = self.type_of_path(&segs[..segs.len() - 1], f).or_else(|| want.cloned());
            if let Some(t) = t {
                return self.type_default(&t, c, f);
            }
        }
        // A tuple struct or tuple variant constructor.
        match self.type_target(&segs, want, f) {
            Some((def, targs, variant)) => {
                // Kept by `Rc`: evaluating the arguments may lower more types.
                let shared = self.types.model().shared(def);
                let fields = super::items::declared(&shared, variant).unwrap_or(&[]);
                if fields.len() != args.len() {
                    return Err(self.unsupported(c, f, "a constructor with the wrong number of fields"));
                }
                let mut values = Vec::new();
                for (field, a) in fields.iter().zip(&args) {
                    let ty = crate::model::substitute(&field.ty, &targs);
                    values.push(if field.value_skip { None } else { Some(self.eval(a, Some(&ty), f)?) });
                }
                Ok(match variant {
                    Some(variant) => Val::Variant { def, args: targs, variant, fields: values },
                    None => Val::Struct { def, args: targs, fields: values },
                })
            }
            None => Err(self.unsupported(
                c,
                f,
                format!("`{}` is not a fn of the workspace, nor one the CLI knows", segs.join("::")),
            )),
        }
    }

    /// Call the fn of the workspace named by `segs` with values for its parameters; `None` when no
    /// such fn can be seen. `at` is where the call is written (for failures of the call itself).
    pub fn call_values(
        &mut self,
        segs: &[String],
        values: Vec<Val>,
        want: Option<&Ty>,
        at: &dyn Spanned,
        f: &Frame,
    ) -> Option<Eval> {
        let FnParts { item, body, params, mut frame, ret, .. } = self.fn_parts(segs, want, f)?;
        if params.len() != values.len() {
            return Some(Err(self.unsupported(at, f, "a fn with another number of parameters")));
        }
        let active = Active::member(item, body);
        if self.budget.is_active(&active) {
            return Some(Err(self.unsupported(at, f, "a recursive fn")));
        }
        for ((name, _), v) in params.into_iter().zip(values) {
            frame.locals.bind(name, v);
        }
        self.budget.push(active);
        self.ran.push(item);
        let out = self.fn_body(body, ret.as_ref().or(want), &frame);
        self.budget.pop();
        Some(out)
    }

    /// A fn body's value. When it is outside the grammar but calls an API of the running program
    /// (it reads the environment, a file, the clock…), its value is only known at runtime: the
    /// failure is that call's, not the evaluator's.
    pub(super) fn fn_body(&mut self, body: &syn::Block, ret: Option<&Ty>, frame: &Frame) -> Eval {
        match self.block(body, ret, frame) {
            Err(e) if e.failure == Failure::Unsupported => match self.runtime_call_in(body, frame) {
                Some((span, path)) => Err(EvalError {
                    failure: Failure::Runtime,
                    reason: format!("it calls `{path}`, only known at runtime"),
                    span,
                    krate: frame.scope.krate,
                    module: frame.scope.module,
                }),
                None => Err(e),
            },
            other => other,
        }
    }

    /// The first call in a body of an API of the running program, with its span.
    fn runtime_call_in(&self, body: &syn::Block, frame: &Frame) -> Option<(Span, String)> {
        use syn::visit::Visit;
        struct Finder<'a, 'w> {
            ws: &'w crate::source::Workspace,
            scope: &'a Scope,
            found: Option<(Span, String)>,
        }
        impl<'ast> Visit<'ast> for Finder<'_, '_> {
            fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
                if let (None, Expr::Path(p)) = (&self.found, &*c.func) {
                    let segs = path_segments(&p.path);
                    if let Resolved::External(full) =
                        self.ws.resolve(self.scope.krate, self.scope.module, &segs, Namespace::Value)
                    {
                        if is_runtime_api(&full) {
                            self.found = Some((c.span(), full.join("::")));
                        }
                    }
                }
                syn::visit::visit_expr_call(self, c);
            }
        }
        let mut finder = Finder { ws: self.ws(), scope: &frame.scope, found: None };
        finder.visit_block(body);
        finder.found
    }

    /// Call a fn body with its parameters bound to the arguments' values.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply(
        &mut self,
        at: &dyn Spanned,
        body: &syn::Block,
        params: &[(String, Option<Ty>)],
        args: &[&Expr],
        mut frame: Frame,
        ret: Option<&Ty>,
        f: &Frame,
    ) -> Eval {
        if params.len() != args.len() {
            return Err(self.unsupported(at, f, "a call with the wrong number of arguments"));
        }
        for ((name, ty), a) in params.iter().zip(args) {
            let v = self.eval(a, ty.as_ref(), f)?;
            frame.locals.bind(name.clone(), v);
        }
        self.fn_body(body, ret, &frame)
    }

    /// The body, parameters, frame and return type of a fn of the workspace named by `segs`: a
    /// free fn, or an associated fn of a struct or enum of ours (`Type::f`, `Self::f`): inherent,
    /// of a trait impl, or a trait's provided fn.
    pub(super) fn fn_parts(&mut self, segs: &[String], want: Option<&Ty>, f: &Frame) -> Option<FnParts<'w>> {
        let self_key = match &f.self_ty {
            Some(Ty::Named(id, _)) => Some(TypeKey::Item(self.types.model().def(*id).item)),
            _ => None,
        };
        let impls = self.rs.impls();
        let found = impls.fn_by_path(segs, f.scope.krate, f.scope.module, self_key.as_ref())?;
        let scope = Scope::without_generics(found.item.krate, found.item.module);
        let Some(i) = found.imp else {
            let params = self.params(found.sig, &scope, None)?;
            let ret = self.ret(found.sig, &scope, None).or_else(|| want.cloned());
            let frame = Frame::new(scope);
            return Some(FnParts { item: found.item, body: found.body, params, frame, ret, sig: found.sig });
        };
        // `Type::f` on a struct or enum of ours: its inherent fn, else the fn its `impl Trait for
        // Type` writes, else the trait's provided fn (as the compiler picks for a concrete type).
        let imp = &impls.impls[i];
        let Some(TypeKey::Item(owner)) = &imp.self_key else { return None };
        if !matches!(self.ws().item(*owner), syn::Item::Struct(_) | syn::Item::Enum(_)) {
            return None;
        }
        let id = self.types.def_for(*owner);
        let args = match want {
            Some(Ty::Named(w, a)) if *w == id => a.clone(),
            _ => Vec::new(),
        };
        let self_ty = Ty::Named(id, args);
        let params = self.params(found.sig, &scope, Some(&self_ty))?;
        let ret = self.ret(found.sig, &scope, Some(&self_ty)).or_else(|| want.cloned());
        let frame = Frame::new(scope).with_self(Some(self_ty));
        Some(FnParts { item: found.item, body: found.body, params, frame, ret, sig: found.sig })
    }

    /// Named parameters with their types, the receiver of a method as `self` (of type
    /// `self_ty`, its impl's type); `None` for a pattern parameter, or a receiver outside an impl.
    pub(super) fn params(
        &mut self,
        sig: &syn::Signature,
        scope: &Scope,
        self_ty: Option<&Ty>,
    ) -> Option<Vec<(String, Option<Ty>)>> {
        let mut out = Vec::new();
        for input in &sig.inputs {
            let pt = match input {
                syn::FnArg::Receiver(_) => {
                    // `serde(skip_serializing_if = "Type::is_default")` calls a method with the value.
                    out.push(("self".to_owned(), Some(self_ty?.clone())));
                    continue;
                }
                syn::FnArg::Typed(pt) => pt,
            };
            let syn::Pat::Ident(pi) = &*pt.pat else { return None };
            let ty = self.types.lower(&pt.ty, scope);
            out.push((pi.ident.to_string(), (!matches!(ty, Ty::Unknown(_) | Ty::Param(_))).then_some(ty)));
        }
        Some(out)
    }

    pub(super) fn ret(&mut self, sig: &syn::Signature, scope: &Scope, self_ty: Option<&Ty>) -> Option<Ty> {
        let syn::ReturnType::Type(_, t) = &sig.output else { return None };
        if let (syn::Type::Path(p), Some(s)) = (&**t, self_ty) {
            if p.path.is_ident("Self") {
                return Some(s.clone());
            }
        }
        let ty = self.types.lower(t, scope);
        (!matches!(ty, Ty::Unknown(_) | Ty::Param(_))).then_some(ty)
    }

    pub(super) fn type_of_path(&mut self, segs: &[String], f: &Frame) -> Option<Ty> {
        if segs == ["Self"] {
            return f.self_ty.clone();
        }
        let path: syn::Path = syn::parse_str(&segs.join("::")).ok()?;
        let t = syn::Type::Path(syn::TypePath { qself: None, path });
        let lowered = self.types.lower(&t, &f.scope);
        (!matches!(lowered, Ty::Unknown(_))).then_some(lowered)
    }

    /// A map from a sequence of `(key, value)` pairs (`HashMap::from([...])`, `.collect()`).
    pub(super) fn map_of_entries(&mut self, entries: Val, at: &dyn Spanned, f: &Frame) -> Eval {
        match entries {
            Val::Seq(items) => items
                .into_iter()
                .map(|kv| match kv {
                    Val::Tuple(mut t) if t.len() == 2 => {
                        let v = t.pop().expect("two");
                        Ok((t.pop().expect("two"), v))
                    }
                    other => Err(self.unsupported(at, f, format!("{} as a map entry", other.kind_of()))),
                })
                .collect::<Result<_, _>>()
                .map(Val::Map),
            Val::Map(m) => Ok(Val::Map(m)),
            other => Err(self.unsupported(at, f, format!("a map from {}", other.kind_of()))),
        }
    }

    pub(super) fn method(&mut self, m: &syn::ExprMethodCall, want: Option<&Ty>, f: &Frame) -> Eval {
        let name = m.method.to_string();
        let args: Vec<&Expr> = m.args.iter().collect();
        if args.is_empty() {
            if let Some((_, v)) = self.given_methods.iter().find(|(n, _)| *n == name) {
                return Ok(v.clone());
            }
        }
        if self.receiver_methods.contains(&name.as_str()) {
            return self.eval(&m.receiver, want, f);
        }
        if let (Some(&(_, field)), [arg]) = (self.setter_methods.iter().find(|(n, _)| *n == name), args.as_slice()) {
            let serde_json::Value::Object(mut o) = (match self.eval(&m.receiver, want, f)? {
                Val::Json(j) => j,
                other => return Err(self.unsupported(m, f, format!("the method `.{name}()` on {}", other.kind_of()))),
            }) else {
                return Err(self.unsupported(
                    m,
                    f,
                    format!("the method `.{name}()` on a JSON value that is no object"),
                ));
            };
            let v = self.eval(arg, None, f)?;
            let j = self.types.serialize(&v).map_err(|why| self.unsupported(*arg, f, why))?;
            o.insert(field.to_owned(), j);
            return Ok(Val::Json(serde_json::Value::Object(o)));
        }
        // A memo cell (`OnceLock`, `OnceCell`, `Lazy`): its value is what its init fn gives (a
        // cell filled once holds what that call computes).
        if matches!(name.as_str(), "get_or_init" | "get_or_try_init") && args.len() == 1 {
            return super::methods_std::call_init(self, args[0], want, f);
        }
        // `.collect()` into a map: the pairs become its entries (the type says what is built).
        if name == "collect" && args.is_empty() {
            if let Some(Ty::Map(k, v)) = want {
                let pairs = Ty::Seq(Box::new(Ty::Tuple(vec![(**k).clone(), (**v).clone()])));
                let entries = self.eval(&m.receiver, Some(&pairs), f)?;
                return self.map_of_entries(entries, m, f);
            }
        }
        if name == "collect" && args.is_empty() {
            if let Some(out) = self.collect(m, want, f) {
                return out;
            }
        }
        if super::methods::IDENTITY.contains(&name.as_str()) && args.is_empty() {
            let v = self.eval(&m.receiver, want, f)?;
            // `Value::as_str` gives an `Option<&str>`, unlike `String::as_str`.
            if let (Val::Json(j), "as_str") = (&v, name.as_str()) {
                let j = j.clone();
                return self.json_read_method(&name, &j, &args, f).expect("as_str is a JSON method");
            }
            if name == "to_string" {
                if let Some(s) = v.display() {
                    return Ok(Val::Str(s));
                }
            }
            return Ok(v);
        }
        let v = self.eval(&m.receiver, None, f)?;
        if let Val::Schemars(g) = v {
            return self.generator_method(m, g, f);
        }
        let call = super::methods::Call { name: &name, args: &args, want, f, at: m };
        if let Some(row) = super::methods::find(&name, &v, args.len()) {
            return (row.run)(self, v, &call);
        }
        if !matches!(v, Val::Opt(_) | Val::Err(_) | Val::Json(_)) {
            if let Some(out) = super::methods_std::ok_method(self, v.clone(), &call) {
                return out;
            }
        }
        match v {
            Val::Json(j) => match self.json_read_method(&name, &j, &args, f) {
                Some(out) => out,
                None => Err(self.unsupported(m, f, format!("the method `.{name}()` on a JSON value"))),
            },
            v => Err(self.unsupported(m, f, format!("the method `.{name}()` on {}", v.kind_of()))),
        }
    }

    /// `.collect()` into a `String` (the pieces joined), a `Vec` or set (a JSON array's items),
    /// as the type wanted or the turbofish says; `None` for the identity.
    fn collect(&mut self, m: &syn::ExprMethodCall, want: Option<&Ty>, f: &Frame) -> Option<Eval> {
        let named = m.turbofish.as_ref().and_then(|t| t.args.first()).and_then(|a| match a {
            syn::GenericArgument::Type(syn::Type::Path(p)) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        });
        let into_string = matches!(want, Some(Ty::String)) || named.as_deref() == Some("String");
        let into_seq = matches!(want, Some(Ty::Seq(_) | Ty::Set(_)))
            || matches!(named.as_deref(), Some("Vec" | "HashSet" | "BTreeSet" | "VecDeque"));
        if !into_string && !into_seq {
            return None;
        }
        let item = if into_string { None } else { element_type(want).map(|t| Ty::Seq(Box::new(t))) };
        let v = match self.eval(&m.receiver, item.as_ref(), f) {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        let items = match v {
            v @ (Val::Seq(_) | Val::Json(serde_json::Value::Array(_))) => super::methods_std::items_of(v),
            Val::Opt(o) => o.into_iter().map(|b| *b).collect(),
            Val::Str(s) if into_string => return Some(Ok(Val::Str(s))),
            other => return Some(Err(self.unsupported(m, f, format!("collecting {}", other.kind_of())))),
        };
        if !into_string {
            return Some(Ok(Val::Seq(items)));
        }
        let mut out = String::new();
        for x in items {
            match (&x, x.display()) {
                (Val::Str(_) | Val::Char(_) | Val::Json(serde_json::Value::String(_)), Some(s)) => out.push_str(&s),
                _ => return Some(Err(self.unsupported(m, f, format!("collecting {} into a string", x.kind_of())))),
            }
        }
        Some(Ok(Val::Str(out)))
    }

    /// `std::env::var(name)` / `var_os(name)` in startup code: the value given for the server's
    /// environment, else as unset (`Err(NotPresent)`, `None`), which is recorded for a note.
    fn env_call(&mut self, c: &syn::ExprCall, full: &[String], args: &[&Expr], f: &Frame) -> Option<Eval> {
        let [std, env, var] = full else { return None };
        if std != "std" || env != "env" || !matches!(var.as_str(), "var" | "var_os") || self.env.is_none() {
            return None;
        }
        let [name] = args else { return None };
        let name = match self.eval(name, None, f) {
            Ok(Val::Str(n)) => n,
            Ok(other) => {
                return Some(Err(self.unsupported(*name, f, format!("{} as a variable name", other.kind_of()))))
            }
            Err(e) => return Some(Err(e)),
        };
        let given = self.env.as_ref().and_then(|vars| vars.iter().find(|(n, _)| *n == name)).map(|(_, v)| v.clone());
        Some(Ok(match (given, var.as_str()) {
            (Some(v), "var") => Val::Str(v),
            (Some(v), _) => Val::Opt(Some(Box::new(Val::Str(v)))),
            (None, var) => {
                self.env_unset.push(self.fail(c, f, Failure::Runtime, name));
                if var == "var" {
                    Val::Err(Box::new(Val::Str("environment variable not found".to_owned())))
                } else {
                    Val::Opt(None)
                }
            }
        }))
    }

    /// A closure `|x| body` or a path used as a fn value applied to a value: a conversion
    /// (`String::from`, `ToString::to_string`), `Some`/`Ok`/`Err`, a fn of the workspace, or a
    /// method by its path (`Value::as_str`, `Option::is_some`, `str::trim`).
    pub(super) fn apply_fn(&mut self, func: &Expr, x: Val, want: Option<&Ty>, f: &Frame) -> Eval {
        self.apply_fn_n(func, vec![x], want, f)
    }

    /// [`Self::apply_fn`] with any number of arguments (`fold(init, |acc, x| …)`, `retain(|k, v| …)`).
    pub(super) fn apply_fn_n(&mut self, func: &Expr, xs: Vec<Val>, want: Option<&Ty>, f: &Frame) -> Eval {
        match func {
            Expr::Paren(p) => self.apply_fn_n(&p.expr, xs, want, f),
            Expr::Closure(c) if c.inputs.len() == xs.len() => {
                let mut frame = f.clone();
                for (p, x) in c.inputs.iter().zip(xs) {
                    if !self.bind_pattern(p, x, &mut frame)? {
                        return Err(self.unsupported(p, f, "a closure parameter pattern that does not match"));
                    }
                }
                self.eval(&c.body, want, &frame)
            }
            Expr::Closure(c) => Err(self.unsupported(c, f, "a closure with another number of parameters")),
            Expr::Path(p) => {
                let segs = path_segments(&p.path);
                let last = segs.last().map(String::as_str).unwrap_or("");
                if let [x] = xs.as_slice() {
                    if matches!(last, "from" | "to_owned" | "into" | "clone" | "new") && segs.len() >= 2 {
                        return Ok(x.clone());
                    }
                    match segs.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                        ["Some"] | ["Option", "Some"] => return Ok(Val::Opt(Some(Box::new(x.clone())))),
                        ["Ok"] | ["Result", "Ok"] => return Ok(x.clone()),
                        ["Err"] | ["Result", "Err"] => return Ok(Val::Err(Box::new(x.clone()))),
                        _ => {}
                    }
                }
                if let Some(out) = self.call_values(&segs, xs.clone(), want, func, f) {
                    return out;
                }
                // A method by its path: the first value is the receiver.
                if segs.len() >= 2 && !xs.is_empty() {
                    let names: Vec<String> = (0..xs.len()).map(|i| format!("__fn_arg{i}")).collect();
                    let mut frame = f.clone();
                    for (n, x) in names.iter().zip(xs) {
                        frame.locals.bind(n.clone(), x);
                    }
                    let method = syn::Ident::new(last, proc_macro2::Span::call_site());
                    let recv = syn::Ident::new(&names[0], proc_macro2::Span::call_site());
                    let rest = names[1..].iter().map(|n| syn::Ident::new(n, proc_macro2::Span::call_site()));
                    let call: syn::ExprMethodCall = syn::parse_quote!(#recv.#method(#(#rest),*));
                    return self.method_at(&call, func, want, &frame);
                }
                Err(self.unsupported(func, f, format!("`{}` applied as a fn", segs.join("::"))))
            }
            other => Err(self.unsupported(other, f, "a computed fn applied as a fn")),
        }
    }

    /// A method call made up for a path used as a fn value: its failures are at the path.
    fn method_at(&mut self, call: &syn::ExprMethodCall, at: &Expr, want: Option<&Ty>, f: &Frame) -> Eval {
        self.method(call, want, f).map_err(|mut e| {
            e.span = at.span();
            e
        })
    }
}

impl Evaluator<'_, '_> {
    /// `serde_json::Value::Bool(…)`, `::String(…)` and `::Number(….into())`: the JSON they hold.
    fn json_value_variant(&mut self, full: &[String], args: &[&Expr], f: &Frame) -> Result<Option<Val>, EvalError> {
        let [krate, value, variant] = full else { return Ok(None) };
        if krate != "serde_json" || value != "Value" {
            return Ok(None);
        }
        let [a] = args else { return Ok(None) };
        let want = match variant.as_str() {
            "Bool" => Ty::Bool,
            "String" => Ty::String,
            "Number" => Ty::JsonNumber,
            "Object" | "Array" => {
                let v = self.eval(a, None, f)?;
                let json = self.json_of(v, *a, f)?;
                let fits = if variant == "Object" { json.is_object() } else { json.is_array() };
                if !fits {
                    return Err(self.unsupported(
                        *a,
                        f,
                        format!("another JSON value in a `serde_json::Value::{variant}`"),
                    ));
                }
                return Ok(Some(Val::Json(json)));
            }
            _ => return Ok(None),
        };
        let json = match self.eval(a, Some(&want), f)? {
            Val::Bool(b) => serde_json::Value::Bool(b),
            Val::Str(s) => serde_json::Value::String(s),
            Val::Int(n, _) => match (i64::try_from(n), u64::try_from(n)) {
                (Ok(n), _) => n.into(),
                (_, Ok(n)) => n.into(),
                _ => return Err(self.unsupported(*a, f, "an integer past the range of a JSON number")),
            },
            Val::Float(x, _) => match serde_json::Number::from_f64(x) {
                Some(n) => serde_json::Value::Number(n),
                None => return Err(self.unsupported(*a, f, "a float JSON cannot hold")),
            },
            Val::Json(v) => v,
            other => {
                return Err(self.unsupported(*a, f, format!("{} in a `serde_json::Value::{variant}`", other.kind_of())))
            }
        };
        Ok(Some(Val::Json(json)))
    }
}
