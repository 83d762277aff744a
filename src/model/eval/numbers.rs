//! Numbers and operators: literals typed by their suffix or the type expected, checked integer
//! arithmetic in the type's range, `f32` rounding, `as` casts, comparisons, `T::MAX`-style constants.

use super::*;

/// The integer of `NonZeroU32` and its kin (a `NonZero*` serialises as its integer).
pub(super) fn nonzero_kind(name: &str) -> Option<IntKind> {
    int_kind(&name.strip_prefix("NonZero")?.to_ascii_lowercase())
}

fn is_signed(k: IntKind) -> bool {
    matches!(k, IntKind::I8 | IntKind::I16 | IntKind::I32 | IntKind::I64 | IntKind::I128 | IntKind::Isize)
}

pub(super) fn int_kind(name: &str) -> Option<IntKind> {
    Some(match name {
        "i8" => IntKind::I8,
        "i16" => IntKind::I16,
        "i32" => IntKind::I32,
        "i64" => IntKind::I64,
        "i128" => IntKind::I128,
        "isize" => IntKind::Isize,
        "u8" => IntKind::U8,
        "u16" => IntKind::U16,
        "u32" => IntKind::U32,
        "u64" => IntKind::U64,
        "u128" => IntKind::U128,
        "usize" => IntKind::Usize,
        _ => return None,
    })
}

pub(super) fn float_kind(name: &str) -> Option<FloatKind> {
    match name {
        "f32" => Some(FloatKind::F32),
        "f64" => Some(FloatKind::F64),
        _ => None,
    }
}

/// The range of an integer type (`usize`/`isize` of a 64-bit host). `u128::MAX` does not fit an
/// `i128`: it is refused as out of range.
pub fn int_range(kind: IntKind) -> (i128, i128) {
    use IntKind::*;
    match kind {
        I8 => (i8::MIN.into(), i8::MAX.into()),
        I16 => (i16::MIN.into(), i16::MAX.into()),
        I32 => (i32::MIN.into(), i32::MAX.into()),
        I64 | Isize => (i64::MIN.into(), i64::MAX.into()),
        I128 => (i128::MIN, i128::MAX),
        U8 => (0, u8::MAX.into()),
        U16 => (0, u16::MAX.into()),
        U32 => (0, u32::MAX.into()),
        U64 | Usize => (0, u64::MAX.into()),
        U128 => (0, i128::MAX),
    }
}

pub(super) fn kind_name(kind: IntKind) -> &'static str {
    use IntKind::*;
    match kind {
        I8 => "i8",
        I16 => "i16",
        I32 => "i32",
        I64 => "i64",
        I128 => "i128",
        Isize => "isize",
        U8 => "u8",
        U16 => "u16",
        U32 => "u32",
        U64 => "u64",
        U128 => "u128",
        Usize => "usize",
    }
}

/// `n as kind`: two's-complement truncation.
pub(super) fn wrap(n: i128, kind: IntKind) -> i128 {
    use IntKind::*;
    match kind {
        I8 => n as i8 as i128,
        I16 => n as i16 as i128,
        I32 => n as i32 as i128,
        I64 | Isize => n as i64 as i128,
        I128 | U128 => n,
        U8 => n as u8 as i128,
        U16 => n as u16 as i128,
        U32 => n as u32 as i128,
        U64 | Usize => n as u64 as i128,
    }
}

/// `f as kind`: saturating, NaN is 0.
pub(super) fn float_to_int(f: f64, kind: IntKind) -> i128 {
    let (lo, hi) = int_range(kind);
    if f.is_nan() {
        0
    } else {
        (f.trunc() as i128).clamp(lo, hi)
    }
}

pub(super) fn round(f: f64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 => f as f32 as f64,
        FloatKind::F64 => f,
    }
}

/// `T::MAX`, `T::MIN`, `T::BITS`, `f64::EPSILON`… of a primitive type.
pub(super) fn primitive_const(ty: &str, name: &str) -> Option<Val> {
    if let Some(k) = nonzero_kind(ty) {
        let (_, hi) = int_range(k);
        let lo = if is_signed(k) { int_range(k).0 } else { 1 };
        return match name {
            "MAX" if k != IntKind::U128 => Some(Val::Int(hi, k)),
            "MIN" => Some(Val::Int(lo, k)),
            _ => None,
        };
    }
    if let Some(k) = int_kind(ty) {
        let (lo, hi) = int_range(k);
        let bits = match k {
            IntKind::I8 | IntKind::U8 => 8,
            IntKind::I16 | IntKind::U16 => 16,
            IntKind::I32 | IntKind::U32 => 32,
            IntKind::I64 | IntKind::U64 | IntKind::Isize | IntKind::Usize => 64,
            IntKind::I128 | IntKind::U128 => 128,
        };
        return match name {
            "MAX" if k != IntKind::U128 => Some(Val::Int(hi, k)),
            "MIN" => Some(Val::Int(lo, k)),
            "BITS" => Some(Val::Int(bits, IntKind::U32)),
            _ => None,
        };
    }
    let k = float_kind(ty)?;
    let f = match (k, name) {
        (FloatKind::F32, "MAX") => f32::MAX.into(),
        (FloatKind::F32, "MIN") => f32::MIN.into(),
        (FloatKind::F32, "EPSILON") => f32::EPSILON.into(),
        (FloatKind::F32, "MIN_POSITIVE") => f32::MIN_POSITIVE.into(),
        (FloatKind::F64, "MAX") => f64::MAX,
        (FloatKind::F64, "MIN") => f64::MIN,
        (FloatKind::F64, "EPSILON") => f64::EPSILON,
        (FloatKind::F64, "MIN_POSITIVE") => f64::MIN_POSITIVE,
        (_, "INFINITY") => f64::INFINITY,
        (_, "NEG_INFINITY") => f64::NEG_INFINITY,
        (_, "NAN") => f64::NAN,
        (_, "PI") => std::f64::consts::PI,
        (_, "E") => std::f64::consts::E,
        (_, "TAU") => std::f64::consts::TAU,
        (_, "SQRT_2") => std::f64::consts::SQRT_2,
        (_, "LN_2") => std::f64::consts::LN_2,
        (_, "LN_10") => std::f64::consts::LN_10,
        _ => return None,
    };
    Some(Val::Float(round(f, k), k))
}

pub(super) fn is_number(v: &Val) -> bool {
    matches!(v, Val::Int(..) | Val::Float(..))
}

pub(super) fn compare(l: &Val, r: &Val) -> Option<std::cmp::Ordering> {
    match (l, r) {
        (Val::Int(x, _), Val::Int(y, _)) => Some(x.cmp(y)),
        (Val::Float(x, _), Val::Float(y, _)) => x.partial_cmp(y),
        (Val::Int(x, _), Val::Float(y, _)) => (*x as f64).partial_cmp(y),
        (Val::Float(x, _), Val::Int(y, _)) => x.partial_cmp(&(*y as f64)),
        (Val::Str(x), Val::Str(y)) => Some(x.cmp(y)),
        (Val::Char(x), Val::Char(y)) => Some(x.cmp(y)),
        (Val::Bool(x), Val::Bool(y)) => Some(x.cmp(y)),
        _ => None,
    }
}

impl Evaluator<'_, '_> {
    pub(super) fn literal(&mut self, lit: &Lit, want: Option<&Ty>, f: &Frame) -> Eval {
        match lit {
            Lit::Int(i) => {
                if let Some(k) = float_kind(i.suffix()) {
                    let v = i.base10_parse::<f64>().map_err(|x| self.unsupported(lit, f, x.to_string()))?;
                    return Ok(Val::Float(round(v, k), k));
                }
                let kind = match (int_kind(i.suffix()), want) {
                    (Some(k), _) => k,
                    (None, Some(Ty::Float(k))) => {
                        let v = i.base10_parse::<f64>().map_err(|x| self.unsupported(lit, f, x.to_string()))?;
                        return Ok(Val::Float(round(v, *k), *k));
                    }
                    (None, Some(Ty::Int(k))) => *k,
                    (None, _) => IntKind::I32,
                };
                let n = i.base10_parse::<i128>().map_err(|_| {
                    self.fail(lit, f, Failure::Invalid, format!("`{}` does not fit an i128", i.base10_digits()))
                })?;
                self.in_range(n, kind, lit, f)
            }
            Lit::Float(x) => {
                let v = x.base10_parse::<f64>().map_err(|e| self.unsupported(lit, f, e.to_string()))?;
                let k = match (float_kind(x.suffix()), want) {
                    (Some(k), _) => k,
                    (None, Some(Ty::Float(k))) => *k,
                    _ => FloatKind::F64,
                };
                Ok(Val::Float(round(v, k), k))
            }
            Lit::Str(s) => Ok(Val::Str(s.value())),
            Lit::Bool(b) => Ok(Val::Bool(b.value)),
            Lit::Char(c) => Ok(Val::Char(c.value())),
            Lit::Byte(b) => Ok(Val::Int(b.value().into(), IntKind::U8)),
            _ => Err(self.unsupported(lit, f, "a byte-string or C-string literal")),
        }
    }

    /// An integer of `kind`, or the overflow rustc reports.
    pub(super) fn in_range(&self, n: i128, kind: IntKind, at: &dyn Spanned, f: &Frame) -> Eval {
        let (lo, hi) = int_range(kind);
        if n < lo || n > hi {
            return Err(self.fail(at, f, Failure::Invalid, format!("{n} overflows `{}`", kind_name(kind))));
        }
        Ok(Val::Int(n, kind))
    }

    pub(super) fn unary(&mut self, u: &syn::ExprUnary, want: Option<&Ty>, f: &Frame) -> Eval {
        let v = self.eval(&u.expr, want, f)?;
        match (&u.op, v) {
            (syn::UnOp::Deref(_), v) => Ok(v),
            (syn::UnOp::Not(_), Val::Bool(b)) => Ok(Val::Bool(!b)),
            (syn::UnOp::Not(_), Val::Int(n, k)) => Ok(Val::Int(wrap(!n, k), k)),
            (syn::UnOp::Neg(_), Val::Int(n, k)) if k.is_signed() => self.in_range(-n, k, u, f),
            (syn::UnOp::Neg(_), Val::Float(x, k)) => Ok(Val::Float(-x, k)),
            (_, v) => Err(self.unsupported(u, f, format!("`{}` applied to {}", text_op(&u.op), v.kind_of()))),
        }
    }

    pub(super) fn binary(&mut self, b: &syn::ExprBinary, want: Option<&Ty>, f: &Frame) -> Eval {
        use syn::BinOp::*;
        if let And(_) | Or(_) = b.op {
            let l = self.boolean(&b.left, f)?;
            if matches!(b.op, And(_)) != l {
                return Ok(Val::Bool(l));
            }
            return Ok(Val::Bool(self.boolean(&b.right, f)?));
        }
        let comparison = matches!(b.op, Eq(_) | Ne(_) | Lt(_) | Le(_) | Gt(_) | Ge(_));
        let shift = matches!(b.op, Shl(_) | Shr(_));
        let operand_want = if comparison { None } else { want };
        let mut l = self.eval(&b.left, operand_want, f)?;
        let right_want = match (&l, shift) {
            (_, true) => None,
            (Val::Int(_, k), _) => Some(Ty::Int(*k)),
            (Val::Float(_, k), _) => Some(Ty::Float(*k)),
            _ => operand_want.cloned(),
        };
        let mut r = self.eval(&b.right, right_want.as_ref(), f)?;
        // An unsuffixed literal takes the type of the other operand (i32 is only its fallback).
        if let (Val::Int(x, IntKind::I32), Val::Int(_, k)) = (&l, &r) {
            if !shift && *k != IntKind::I32 {
                l = self.in_range(*x, *k, &b.left, f)?;
            }
        }
        if let (Val::Int(_, k), Val::Int(y, IntKind::I32)) = (&l, &r) {
            if !shift && *k != IntKind::I32 {
                r = self.in_range(*y, *k, &b.right, f)?;
            }
        }
        if matches!(b.op, Eq(_) | Ne(_)) {
            if let Some(same) = self.json_eq(&l, &r) {
                return Ok(Val::Bool(same == matches!(b.op, Eq(_))));
            }
        }
        if comparison {
            return match compare(&l, &r) {
                Some(ord) => Ok(Val::Bool(match b.op {
                    Eq(_) => ord == std::cmp::Ordering::Equal,
                    Ne(_) => ord != std::cmp::Ordering::Equal,
                    Lt(_) => ord.is_lt(),
                    Le(_) => ord.is_le(),
                    Gt(_) => ord.is_gt(),
                    _ => ord.is_ge(),
                })),
                None if matches!(b.op, Eq(_) | Ne(_)) && !is_number(&l) => {
                    Ok(Val::Bool((l == r) == matches!(b.op, Eq(_))))
                }
                None => Err(self.unsupported(b, f, format!("comparing {} with {}", l.kind_of(), r.kind_of()))),
            };
        }
        match (l, r) {
            (Val::Int(x, k), Val::Int(y, ky)) => {
                let invalid = |s: &Self, why: &str| s.fail(b, f, Failure::Invalid, why.to_owned());
                let n = match b.op {
                    Add(_) => x.checked_add(y),
                    Sub(_) => x.checked_sub(y),
                    Mul(_) => x.checked_mul(y),
                    Div(_) | Rem(_) if y == 0 => return Err(invalid(self, "a division by zero")),
                    Div(_) => x.checked_div(y),
                    Rem(_) => x.checked_rem(y),
                    BitAnd(_) => Some(x & y),
                    BitOr(_) => Some(x | y),
                    BitXor(_) => Some(x ^ y),
                    Shl(_) | Shr(_) => {
                        let bits = match primitive_const(kind_name(k), "BITS") {
                            Some(Val::Int(n, _)) => n,
                            _ => 128,
                        };
                        if y < 0 || y >= bits {
                            return Err(invalid(self, "a shift by more than the type's width"));
                        }
                        let _ = ky;
                        return Ok(Val::Int(if matches!(b.op, Shl(_)) { wrap(x << y, k) } else { x >> y }, k));
                    }
                    _ => return Err(self.unsupported(b, f, "a compound assignment")),
                };
                match n {
                    Some(n) => self.in_range(n, k, b, f),
                    None => Err(invalid(self, "an overflow")),
                }
            }
            (Val::Float(x, k), Val::Float(y, _)) => {
                let v = match b.op {
                    Add(_) => x + y,
                    Sub(_) => x - y,
                    Mul(_) => x * y,
                    Div(_) => x / y,
                    Rem(_) => x % y,
                    _ => return Err(self.unsupported(b, f, "a bitwise operator on floats")),
                };
                Ok(Val::Float(round(v, k), k))
            }
            (Val::Bool(x), Val::Bool(y)) => match b.op {
                BitAnd(_) => Ok(Val::Bool(x & y)),
                BitOr(_) => Ok(Val::Bool(x | y)),
                BitXor(_) => Ok(Val::Bool(x ^ y)),
                _ => Err(self.unsupported(b, f, "an arithmetic operator on bools")),
            },
            (Val::Str(x), Val::Str(y)) if matches!(b.op, Add(_)) => {
                self.grown(x.len() + y.len(), b, f)?;
                Ok(Val::Str(x + &y))
            }
            (l, r) => Err(self.unsupported(b, f, format!("an operator between {} and {}", l.kind_of(), r.kind_of()))),
        }
    }

    pub(super) fn cast(&mut self, c: &syn::ExprCast, f: &Frame) -> Eval {
        let target = match &*c.ty {
            syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| i.to_string()).unwrap_or_default(),
            _ => String::new(),
        };
        let v = self.eval(&c.expr, None, f)?;
        if let Some(k) = int_kind(&target) {
            return Ok(Val::Int(
                match v {
                    Val::Int(n, _) => wrap(n, k),
                    Val::Float(x, _) => float_to_int(x, k),
                    Val::Bool(b) => b.into(),
                    Val::Char(ch) => wrap(u32::from(ch).into(), k),
                    other => return Err(self.unsupported(c, f, format!("casting {} to `{target}`", other.kind_of()))),
                },
                k,
            ));
        }
        if let Some(k) = float_kind(&target) {
            return match v {
                Val::Int(n, _) => Ok(Val::Float(round(n as f64, k), k)),
                Val::Float(x, _) => Ok(Val::Float(round(x, k), k)),
                other => Err(self.unsupported(c, f, format!("casting {} to `{target}`", other.kind_of()))),
            };
        }
        match (target.as_str(), v) {
            ("char", Val::Int(n, IntKind::U8)) => Ok(Val::Char(char::from(n as u8))),
            (_, v) => Err(self.unsupported(c, f, format!("casting {} to `{}`", v.kind_of(), text(&*c.ty)))),
        }
    }
}
