"""Random rmcp tools: a seeded generator of type declarations and tool signatures.

A tool is a small world of its own: its declarations live in a module tree `tN`, `tN::m`, `tN::m::n`,
so a compile error in one tool can be pinned to its files and that tool dropped. The model is
structural (not text), so that the shrinker can take it apart and the renderer can write it again.
`sanitize` drops whatever the current types no longer allow (a `default` on a type without
`Default`, `flatten` on a scalar, ...): the generator draws freely and sanitize keeps it compilable.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

# name -> (rust type, implements Default)
PRIMS = {
    "bool": True, "i8": True, "i16": True, "i32": True, "i64": True, "i128": True, "isize": True,
    "u8": True, "u16": True, "u32": True, "u64": True, "u128": True, "usize": True,
    "f32": True, "f64": True, "char": True, "String": True, "()": True,
    "std::path::PathBuf": True, "std::num::NonZeroU32": False, "std::time::Duration": True,
    "std::net::IpAddr": False, "std::net::Ipv4Addr": False, "std::borrow::Cow<'static, str>": True,
    "serde_json::Value": True, "serde_json::Map<String, serde_json::Value>": True,
    "rmcp::model::JsonObject": True,
    "chrono::DateTime<chrono::Utc>": False, "chrono::NaiveDate": False, "chrono::NaiveDateTime": False,
    "chrono::NaiveTime": False, "uuid::Uuid": False,
}
COMMON_PRIMS = ["bool", "i32", "i64", "u8", "u32", "u64", "f32", "f64", "String", "String", "String", "usize"]
KEYS = ["String", "String", "i32", "u64", "char", "bool", "i8", "uuid::Uuid"]
INTS = {"i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize"}
FLOATS = {"f32", "f64"}
CASES = ["lowercase", "UPPERCASE", "PascalCase", "camelCase", "snake_case", "SCREAMING_SNAKE_CASE",
         "kebab-case", "SCREAMING-KEBAB-CASE"]
WORDS = ["alpha", "beta", "gamma", "delta", "item", "user_id", "max_count", "the_value", "url", "kind",
         "HTTPServer", "x", "a1", "value2", "nested_list", "default", "type", "properties", "r#type", "r#ref"]


# ---------------------------------------------------------------- types
@dataclass
class T:
    """A type expression. kind: prim | opt | vec | deque | box | arc | array | tuple | map | set |
    ref | self | param | alias_ref."""
    kind: str
    name: str = ""          # prim name, map/set flavour, param name
    args: list = field(default_factory=list)
    n: int = 0              # array length
    decl: str = ""          # referenced decl name (ref, alias_ref)
    self_word: str = "Self"  # how a self reference is written (Self or the type's name)


@dataclass
class Field:
    name: str
    ty: T
    serde: list = field(default_factory=list)     # items inside #[serde(...)]
    schemars: list = field(default_factory=list)  # whole attribute lines (schemars/validate/garde/doc-less)
    docs: list = field(default_factory=list)      # doc attribute lines
    default_fn: str = ""                          # body expression of a `default = "path"` fn


@dataclass
class Variant:
    name: str
    kind: str               # unit | newtype | tuple | struct
    fields: list = field(default_factory=list)
    attrs: list = field(default_factory=list)     # serde items
    extra: list = field(default_factory=list)     # whole attribute lines
    docs: list = field(default_factory=list)
    is_default: bool = False


@dataclass
class Decl:
    name: str
    kind: str               # struct | tuple | unit | enum | alias
    module: str = ""        # "", "m", "m::n"
    generics: list = field(default_factory=list)
    fields: list = field(default_factory=list)
    variants: list = field(default_factory=list)
    serde: list = field(default_factory=list)
    extra: list = field(default_factory=list)     # container attribute lines (schemars, deprecated)
    docs: list = field(default_factory=list)
    default: str = ""       # "" | derive | manual
    manual_default: dict = field(default_factory=dict)  # field name -> expr
    target: T | None = None  # alias target
    repr: str = "external"  # enum representation


@dataclass
class Tool:
    idx: int
    fn_name: str
    decls: list             # [Decl]
    input: T | None         # a ref to a struct (or alias/generic instance), or None (no params)
    output: T | None        # Json<output> or None (String)
    attrs: list = field(default_factory=list)     # items inside #[tool(...)]
    docs: list = field(default_factory=list)
    result: bool = False    # Result<Json<T>, ErrorData>

    def decl(self, name):
        for d in self.decls:
            if d.name == name:
                return d
        return None


# ---------------------------------------------------------------- properties
def has_default(t: T, tool: Tool, seen=()) -> bool:
    k = t.kind
    if k == "prim":
        return PRIMS[t.name]
    if k in ("opt", "vec", "deque", "map", "set"):
        return True
    if k in ("box", "arc"):
        # A derived Default through a Box of a type that may recurse would recurse without end.
        return t.args[0].kind == "prim" and PRIMS[t.args[0].name]
    if k == "array":
        return t.n == 0 or has_default(t.args[0], tool, seen)
    if k == "tuple":
        return all(has_default(a, tool, seen) for a in t.args)
    if k in ("ref", "alias_ref"):
        d = tool.decl(t.decl)
        if d is None or d.name in seen:
            return False
        if d.kind == "alias":
            return has_default(d.target, tool, seen + (d.name,))
        return bool(d.default) and all(has_default(a, tool, seen) for a in t.args)
    return False


def is_object_decl(t: T, tool: Tool, seen=()) -> bool:
    """A type whose schema is an object with properties (what flatten and a tool input need)."""
    if t.kind in ("ref", "alias_ref"):
        d = tool.decl(t.decl)
        if d is None or d.name in seen:
            return False
        if d.kind == "alias":
            return is_object_decl(d.target, tool, seen + (d.name,))
        return d.kind == "struct" and not any(s == "transparent" for s in d.serde)
    return False


def is_option(t: T):
    return t.kind == "opt"


def strip_alias(t: T, tool: Tool, depth=0) -> T:
    if t.kind == "alias_ref" and depth < 8:
        d = tool.decl(t.decl)
        if d is not None and d.kind == "alias":
            return strip_alias(d.target, tool, depth + 1)
    return t


def stringish(t: T, tool):
    t = strip_alias(t, tool)
    return t.kind == "prim" and t.name in ("String", "std::borrow::Cow<'static, str>")


def numeric(t: T, tool):
    t = strip_alias(t, tool)
    return t.kind == "prim" and (t.name in INTS or t.name in FLOATS)


def arrayish(t: T, tool):
    t = strip_alias(t, tool)
    return t.kind in ("vec", "deque", "set")


# ---------------------------------------------------------------- values (for default fns)
def value_expr(t: T, tool: Tool, r: random.Random, depth=0):
    """A Rust expression of type `t`, or None when none is easy to write."""
    if depth > 4:
        return None
    k = t.kind
    if k == "prim":
        n = t.name
        if n == "bool":
            return r.choice(["true", "false"])
        if n in INTS:
            lims = [f"{n}::MAX", f"{n}::MIN", "0", "7", "42"]
            if n.startswith("i"):
                lims.append("-3")
            return r.choice(lims)
        if n in FLOATS:
            return r.choice(["1.5", "0.0", "-2.25", f"{n}::MAX", f"{n}::MIN_POSITIVE", "1e10", f"{n}::NAN", "3.0"])
        if n == "char":
            return r.choice(["'x'", "'\\u{1F600}'", "'\\''", "'\"'"])
        if n == "String":
            return r.choice(['String::new()', '"plain".to_string()', 'String::from("quote \\" and \\\\ slash")',
                             '"ünï".into()', 'String::from("a\\nb")'])
        if n == "()":
            return "()"
        if n == "std::path::PathBuf":
            return 'std::path::PathBuf::from("/tmp/x")'
        if n == "std::time::Duration":
            return "std::time::Duration::from_millis(1500)"
        if n == "std::borrow::Cow<'static, str>":
            return 'std::borrow::Cow::Borrowed("cow")'
        if n == "serde_json::Value":
            return r.choice(["serde_json::Value::Null", 'serde_json::json!({"k": [1, 2.5, null]})', "serde_json::json!(3)"])
        if n in ("serde_json::Map<String, serde_json::Value>", "rmcp::model::JsonObject"):
            return "serde_json::Map::new()"
        if n == "std::num::NonZeroU32":
            return "std::num::NonZeroU32::new(5).unwrap()"
        return None
    if k == "opt":
        if r.random() < 0.3:
            return "None"
        inner = value_expr(t.args[0], tool, r, depth + 1)
        return None if inner is None else f"Some({inner})"
    if k in ("vec", "deque"):
        n = r.choice([0, 1, 2])
        items = [value_expr(t.args[0], tool, r, depth + 1) for _ in range(n)]
        if any(i is None for i in items):
            return None
        v = f"vec![{', '.join(items)}]"
        return v if k == "vec" else f"std::collections::VecDeque::from({v})"
    if k in ("box", "arc"):
        inner = value_expr(t.args[0], tool, r, depth + 1)
        if inner is None:
            return None
        return f"Box::new({inner})" if k == "box" else f"std::sync::Arc::new({inner})"
    if k == "array":
        items = [value_expr(t.args[0], tool, r, depth + 1) for _ in range(t.n)]
        if any(i is None for i in items):
            return None
        return f"[{', '.join(items)}]"
    if k == "tuple":
        items = [value_expr(a, tool, r, depth + 1) for a in t.args]
        if any(i is None for i in items):
            return None
        return f"({', '.join(items)}{',' if len(items) == 1 else ''})"
    if k in ("map", "set"):
        if r.random() < 0.5:
            return "Default::default()"
        if k == "map":
            kv = value_expr(t.args[0], tool, r, depth + 1)
            vv = value_expr(t.args[1], tool, r, depth + 1)
            if kv is None or vv is None:
                return None
            return f"[({kv}, {vv})].into_iter().collect()"
        kv = value_expr(t.args[0], tool, r, depth + 1)
        return None if kv is None else f"[{kv}].into_iter().collect()"
    if k in ("ref", "alias_ref"):
        d = tool.decl(t.decl)
        if d is None:
            return None
        if d.kind == "alias":
            return value_expr(d.target, tool, r, depth + 1)
        if d.kind == "enum":
            units = [v for v in d.variants if v.kind == "unit"]
            if units and not d.generics:
                return f"{path_from_root(d)}::{r.choice(units).name}"
        if has_default(t, tool):
            return "Default::default()"
        return None
    return None


def path_from_root(d: Decl) -> str:
    return "::".join(["crate", "__TOOLMOD__"] + ([d.module] if d.module else []) + [d.name])


# ---------------------------------------------------------------- generation
class Gen:
    def __init__(self, seed: int, idx: int):
        self.r = random.Random(f"{seed}:{idx}")
        # Transforms draw from a stream of their own, so that adding them left every other draw
        # of a seed as it was (the tools of earlier runs are the same tools).
        self.xr = random.Random(f"{seed}:{idx}:transform")
        self.idx = idx
        self.counter = 0
        self.tool = Tool(idx=idx, fn_name=f"t{idx}", decls=[], input=None, output=None)

    def fresh(self, stem):
        self.counter += 1
        return f"{stem}{self.counter}"

    def chance(self, p):
        return self.r.random() < p

    # ---- docs
    def docs(self, p=0.5):
        r = self.r
        if not self.chance(p):
            return []
        shape = r.randrange(9)
        if shape == 0:
            return ["/// One line of docs."]
        if shape == 1:
            return ["/// First line.", "///", "/// Second paragraph with `code` and **bold**."]
        if shape == 2:
            return ["/**", " * Block doc", " * with stars.", " */"]
        if shape == 3:
            return ['#[doc = "An attribute doc."]']
        if shape == 4:
            return ["///   indented line", "///no space", "///    more indent"]
        if shape == 5:
            return ['/// Quotes " and \\ backslash and unicode é ✓.']
        if shape == 6:
            return ["///"]
        if shape == 7:
            return ["/// Trailing spaces   ", "/// - a list", "///   - nested item"]
        return ['#[doc = "first"]', '#[doc = ""]', '#[doc = "  second"]']

    # ---- types
    def prim(self):
        if self.chance(0.75):
            return T("prim", self.r.choice(COMMON_PRIMS))
        return T("prim", self.r.choice(list(PRIMS)))

    def key(self):
        return T("prim", self.r.choice(KEYS))

    def ty(self, depth, stack, indirect=False, params=()):
        """stack: names of decls being defined (recursion targets, allowed under indirection)."""
        r = self.r
        if depth <= 0:
            return self.prim()
        w = [("prim", 30), ("opt", 10), ("vec", 8), ("deque", 3), ("box", 3), ("arc", 2), ("array", 3),
             ("tuple", 4), ("map", 5), ("set", 3), ("new", 14), ("existing", 5), ("self", 6 if stack else 0),
             ("param", 8 if params else 0)]
        kind = r.choices([k for k, _ in w], [x for _, x in w])[0]
        d1 = depth - 1
        if kind == "prim":
            return self.prim()
        if kind == "opt":
            return T("opt", args=[self.ty(d1, stack, indirect, params)])
        if kind in ("vec", "deque"):
            return T(kind, args=[self.ty(d1, stack, True, params)])
        if kind in ("box", "arc"):
            return T(kind, args=[self.ty(d1, stack, kind == "box" or indirect, params)])
        if kind == "array":
            return T("array", args=[self.ty(d1, stack, indirect, params)], n=r.choice([0, 0, 1, 2, 3]))
        if kind == "tuple":
            return T("tuple", args=[self.ty(d1, stack, indirect, params) for _ in range(r.choice([1, 2, 2, 3]))])
        if kind == "map":
            return T("map", name=r.choice(["std::collections::HashMap", "std::collections::BTreeMap"]),
                     args=[self.key(), self.ty(d1, stack, True, params)])
        if kind == "set":
            return T("set", name=r.choice(["std::collections::HashSet", "std::collections::BTreeSet"]),
                     args=[T("prim", r.choice(["String", "i32", "u8", "char"]))])
        if kind == "param":
            return T("param", name=r.choice(params))
        if kind == "self":
            if not indirect:
                return T("box" if self.chance(0.5) else "vec", args=[self.self_ref(stack)])
            return self.self_ref(stack)
        if kind == "existing":
            done = [d for d in self.tool.decls if d.name not in stack]
            if done:
                d = r.choice(done)
                return self.ref_to(d, d1, stack, indirect, params)
        return self.new_decl_ref(d1, stack, indirect, params)

    def self_ref(self, stack):
        name = self.r.choice(stack)
        if name == stack[-1]:
            d = self.pending[name]
            if d.generics:  # Self keeps the generic arguments; spelling the name would need them
                return T("self", decl=name, self_word="Self")
            return T("self", decl=name, self_word=self.r.choice(["Self", name]))
        if self.pending[name].generics or self.pending[name].kind == "alias":
            return self.prim()
        return T("ref", decl=name)  # mutual recursion through an enclosing type

    def ref_to(self, d, depth, stack, indirect, params):
        args = [self.ty(max(depth - 1, 0), stack, indirect, params) for _ in d.generics]
        return T("alias_ref" if d.kind == "alias" else "ref", decl=d.name, args=args)

    def new_decl_ref(self, depth, stack, indirect, params):
        r = self.r
        kind = r.choices(["struct", "enum", "alias", "tuple", "generic"], [40, 30, 10, 10, 10])[0]
        if kind == "alias":
            name = self.fresh("Alias")
            d = Decl(name=name, kind="alias", module=self.module())
            self.pending[name] = d
            d.target = self.ty(depth, stack + [name] if self.chance(0.2) else stack, indirect, params)
            self.tool.decls.append(d)
            return T("alias_ref", decl=name)
        if kind == "enum":
            d = self.enum_decl(depth, stack)
        elif kind == "tuple":
            d = self.tuple_decl(depth, stack)
        else:
            d = self.struct_decl(depth, stack, generic=(kind == "generic"))
        args = [self.ty(max(depth - 1, 0), stack, indirect, params) for _ in d.generics]
        return T("ref", decl=d.name, args=args)

    def module(self):
        return self.r.choice(["", "", "m", "m::n"])

    def field_name(self, used):
        r = self.r
        for _ in range(20):
            base = r.choice(WORDS)
            name = base if self.chance(0.5) else f"{base.replace('r#', '')}_{r.randrange(9)}"
            if name in ("type", "ref", "match", "fn"):
                name = "r#" + name
            if name not in used:
                used.add(name)
                return name
        name = self.fresh("f")
        used.add(name)
        return name

    def struct_decl(self, depth, stack, generic=False, name=None):
        r = self.r
        name = name or self.fresh(r.choice(["Args", "Item", "Node", "Config", "Entry", "Opts"]))
        d = Decl(name=name, kind="struct", module=self.module())
        if generic:
            d.generics = ["T"] if self.chance(0.7) else ["T", "U"]
        self.pending[name] = d
        used = set()
        for _ in range(r.choice([0, 1, 2, 2, 3, 3, 4, 5])):
            d.fields.append(self.field(depth, stack + [name], used, d.generics))
        self.container_attrs(d)
        self.finish_decl(d)
        return d

    def tuple_decl(self, depth, stack):
        name = self.fresh(self.r.choice(["Id", "Pair", "Wrapper"]))
        d = Decl(name=name, kind="tuple", module=self.module())
        self.pending[name] = d
        for i in range(self.r.choice([1, 1, 1, 2])):
            f = Field(name=str(i), ty=self.ty(depth, stack + [name], False, ()))
            f.docs = self.docs(0.2)
            d.fields.append(f)
        if len(d.fields) == 1 and self.chance(0.3):
            d.serde.append("transparent")
        d.docs = self.docs(0.4)
        self.finish_decl(d)
        return d

    def finish_decl(self, d):
        d.docs = d.docs or self.docs(0.5)
        if self.chance(0.6):
            d.default = "derive"
        elif self.chance(0.3) and d.kind == "struct" and not d.generics:
            d.default = "manual"
        self.tool.decls.append(d)

    def field(self, depth, stack, used, params):
        r = self.r
        f = Field(name=self.field_name(used), ty=self.ty(depth, stack, False, tuple(params)))
        f.docs = self.docs(0.5)
        s = f.serde
        if self.chance(0.12):
            s.append(f'rename = "{r.choice(["renamed", "x-id", "Other Name", "$ref", "ünï"])}{r.randrange(99)}"')
        if self.chance(0.08):
            s.append(f'alias = "{f.name}_old"')
        roll = r.random()
        if roll < 0.15:
            s.append("default")
        elif roll < 0.30:
            s.append("default = \"__DEFAULT_FN__\"")
        elif roll < 0.34:
            s.append("skip")
        elif roll < 0.37:
            s.append("skip_deserializing")
        elif roll < 0.43:
            s.append("flatten")
        if self.chance(0.15):
            s.append('skip_serializing_if = "__SKIP_IF__"')
        # schemars / validation
        x = f.schemars
        opts = [
            lambda: f'#[schemars(description = "Described {r.randrange(9)}.")]',
            lambda: f'#[schemars(title = "Title {r.randrange(9)}")]',
            lambda: f"#[schemars(range(min = {r.choice(['0', '1', '-5', '0.5'])}, max = {r.choice(['10', '100', '255', '1e3'])}))]",
            lambda: f"#[schemars(range(min = {r.choice(['1', '0'])}))]",
            lambda: f"#[schemars(length(min = {r.choice(['1', '0'])}, max = {r.choice(['5', '64'])}))]",
            lambda: f"#[validate(length(equal = {r.choice(['2', '3'])}))]",
            lambda: '#[schemars(regex(pattern = r"^[a-z]+$"))]',
            lambda: '#[schemars(pattern(r#"^\\d{3}-[A-Z]*$"#))]',
            lambda: '#[schemars(pattern("^a.b$"))]',
            lambda: '#[validate(regex(path = *R, code = "x"))]',
            lambda: '#[schemars(contains("ab.c"))]',
            lambda: f'#[schemars({r.choice(["email", "url", "ip", "ipv4", "ipv6"])})]',
            lambda: "#[schemars(required)]",
            lambda: "#[schemars(example = " + r.choice(EXAMPLES) + ")]",
            lambda: f"#[schemars(extend({r.choice(EXTENDS)}))]",
            lambda: "#[deprecated]",
            lambda: f'#[schemars(with = "{r.choice(["String", "i64", "Vec<u8>", "Option<bool>", "serde_json::Value"])}")]',
            lambda: '#[schemars(schema_with = "__SCHEMA_FN__")]',
            lambda: "#[schemars(inner(length(min = 1)))]",
            lambda: '#[garde(length(min = 2))]',
            lambda: '#[schemars(rename = "sch_renamed")]',
            lambda: '#[schemars(skip)]',
        ]
        for _ in range(r.choice([0, 0, 0, 1, 1, 2])):
            x.append(r.choice(opts)())
        self.transforms(x, 0.12)
        return f

    def transforms(self, attrs, p):
        """`#[schemars(transform = …)]` lines (each a code of `TRANSFORMS`, a closure, or one of
        schemars' own), appended to `attrs` with chance `p`, sometimes two in a row (schemars
        applies them in order)."""
        xr = self.xr
        if xr.random() >= p:
            return
        for _ in range(xr.choice([1, 1, 1, 2])):
            attrs.append(f"#[schemars(transform = {transform_expr(xr)})]")

    def container_attrs(self, d):
        r = self.r
        if self.chance(0.25):
            d.serde.append(f'rename_all = "{r.choice(CASES)}"')
        elif self.chance(0.06):
            a, b = r.choice(CASES), r.choice(CASES)
            d.serde.append(r.choice([f'rename_all(serialize = "{a}", deserialize = "{b}")',
                                     f'rename_all(serialize = "{a}")', f'rename_all(deserialize = "{b}")']))
        if self.chance(0.1):
            d.serde.append("deny_unknown_fields")
        if self.chance(0.08):
            d.serde.append(f'rename = "Renamed{d.name}"')
        if self.chance(0.1) and len(d.fields) == 1:
            d.serde.append("transparent")
        if self.chance(0.1):
            d.serde.append("default")
        x = d.extra
        for _ in range(r.choice([0, 0, 0, 1, 2])):
            x.append(r.choice([
                f'#[schemars(title = "Container {r.randrange(9)}")]',
                '#[schemars(description = "Container description.")]',
                "#[schemars(inline)]",
                f"#[schemars(extend({r.choice(EXTENDS)}))]",
                '#[schemars(crate = "rmcp::schemars")]',
                "#[schemars(example = serde_json::json!({}))]",
                "#[deprecated]",
                '#[schemars(rename = "SchemaName")]',
            ]))
        self.transforms(x, 0.15)
        if d.generics and self.chance(0.2):
            x.append('#[schemars(bound = "T: schemars::JsonSchema")]')
            if "T" in d.generics and len(d.generics) == 1:
                pass

    def enum_decl(self, depth, stack):
        r = self.r
        name = self.fresh(r.choice(["Mode", "Shape", "Event", "Choice", "Op"]))
        d = Decl(name=name, kind="enum", module=self.module())
        self.pending[name] = d
        d.repr = r.choices(["external", "internal", "adjacent", "untagged"], [40, 25, 15, 20])[0]
        if d.repr == "internal":
            d.serde.append(f'tag = "{r.choice(["type", "kind", "op"])}"')
        elif d.repr == "adjacent":
            d.serde.append(f'tag = "{r.choice(["t", "type"])}", content = "{r.choice(["c", "data"])}"')
        elif d.repr == "untagged":
            d.serde.append("untagged")
        unit_only = self.chance(0.4)
        used = set()
        for i in range(r.choice([1, 2, 2, 3, 4])):
            vname = r.choice(["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "HttpGet", "Zeta"]) + str(i)
            kinds = ["unit"] if unit_only else ["unit", "newtype", "tuple", "struct"]
            if d.repr == "internal":
                kinds = [k for k in kinds if k != "tuple"]
            v = Variant(name=vname, kind=r.choice(kinds))
            if v.kind == "newtype":
                if d.repr == "internal":
                    v.fields = [Field("0", self.new_decl_ref(depth - 1, stack + [name], False, ()))]
                else:
                    v.fields = [Field("0", self.ty(depth - 1, stack + [name], False, ()))]
            elif v.kind == "tuple":
                v.fields = [Field(str(j), self.ty(depth - 1, stack + [name], False, ())) for j in range(2)]
            elif v.kind == "struct":
                fu = set()
                v.fields = [self.field(depth - 1, stack + [name], fu, ()) for _ in range(r.choice([0, 1, 2]))]
            v.docs = self.docs(0.4)
            if self.chance(0.12):
                v.attrs.append(f'rename = "{vname.lower()}-renamed"')
            if self.chance(0.06):
                v.attrs.append("skip")
            if self.chance(0.05):
                v.attrs.append(f'alias = "{vname}_alias"')
            if self.chance(0.08):
                v.extra.append(r.choice([f"#[schemars(extend({r.choice(EXTENDS)}))]",
                                         '#[schemars(description = "Variant description.")]',
                                         '#[schemars(title = "Variant title")]', "#[deprecated]"]))
            self.transforms(v.extra, 0.08)
            if v.kind == "struct" and self.chance(0.1):
                v.attrs.append(f'rename_all = "{r.choice(CASES)}"')
            d.variants.append(v)
        if self.chance(0.3):
            d.serde.append(f'rename_all = "{r.choice(CASES)}"')
        if self.chance(0.08) and d.repr != "untagged":
            d.serde.append(f'rename_all_fields = "{r.choice(CASES)}"')
        if self.chance(0.06):
            d.serde.append("deny_unknown_fields")
        if d.repr in ("internal", "adjacent") and self.chance(0.1):
            units = [v for v in d.variants if v.kind == "unit" and "skip" not in v.attrs]
            if units:
                units[-1].attrs.append("other")
        for _ in range(r.choice([0, 0, 1])):
            d.extra.append(r.choice(['#[schemars(description = "Enum description.")]', "#[schemars(inline)]",
                                     f"#[schemars(extend({r.choice(EXTENDS)}))]", '#[schemars(title = "Enum")]']))
        self.transforms(d.extra, 0.12)
        d.docs = self.docs(0.5)
        units = [v for v in d.variants if v.kind == "unit"]
        if units and self.chance(0.5):
            d.default = "derive"
            r.choice(units).is_default = True
        self.tool.decls.append(d)
        return d

    # ---- tool
    def make(self) -> Tool:
        r = self.r
        self.pending = {}
        t = self.tool
        depth = r.choice([1, 2, 2, 3, 3, 4])
        if self.chance(0.92):
            if self.chance(0.12):
                gd = self.struct_decl(depth, [], generic=True, name=self.fresh("Params"))
                t.input = T("ref", decl=gd.name, args=[self.ty(1, [], False, ()) for _ in gd.generics])
            else:
                sd = self.struct_decl(depth, [], name=self.fresh("Input"))
                t.input = T("ref", decl=sd.name)
                if self.chance(0.08):
                    al = Decl(name=self.fresh("InputAlias"), kind="alias", module=self.module(), target=t.input)
                    t.decls.append(al)
                    t.input = T("alias_ref", decl=al.name)
        if self.chance(0.5):
            t.output = self.ty(depth, [], False, ())
            t.result = self.chance(0.3)
        t.docs = self.docs(0.6)
        a = t.attrs
        if self.chance(0.2):
            a.append(f'name = "{r.choice(["renamed", "do-thing", "ns.op", "Tool"])}_{self.idx}"')
        if self.chance(0.15):
            a.append(f'title = "Tool title {self.idx}"')
        if self.chance(0.2):
            a.append('description = "' + r.choice(TOOL_DESCRIPTIONS) + '"')
        if self.chance(0.2):
            hints = []
            for h in ["read_only_hint", "destructive_hint", "idempotent_hint", "open_world_hint"]:
                if self.chance(0.5):
                    hints.append(f"{h} = {r.choice(['true', 'false'])}")
            if self.chance(0.3):
                hints.append('title = "Annotated"')
            a.append(f"annotations({', '.join(hints)})")
        sanitize(t, r)
        return t


# The bodies of `fn f(schema: &mut schemars::Schema)` transforms: the std programs real schema
# code writes (format keep-lists, type arrays collapsed with `retain`, `default: null` dropped,
# keys counted, renamed or removed in loops), each run by the interpreter where the server runs it.
TRANSFORMS = [
    # Unsigned and sized integer formats dropped (what a Gemini-bound server strips).
    'if schema.get("format").and_then(serde_json::Value::as_str).is_some_and(|f| f.starts_with("uint") || f.starts_with("int")) {\n'
    '        schema.remove("format");\n    }',
    'schema.insert("description".to_owned(), serde_json::json!("Transformed."));',
    # Type arrays collapsed: `null` out, a single type written as a string.
    'if let Some(serde_json::Value::Array(ts)) = schema.get_mut("type") {\n'
    '        ts.retain(|t| t != "null");\n'
    '        if ts.len() == 1 {\n            let t = ts.remove(0);\n            schema.insert("type".into(), t);\n        }\n    }',
    'if schema.get("default").is_some_and(serde_json::Value::is_null) {\n        schema.remove("default");\n    }',
    'if schema.get("type").and_then(|t| t.as_str()) == Some("object") {\n'
    '        schema.insert("additionalProperties".into(), false.into());\n    }',
    'if let Some(t) = schema.get("title").and_then(serde_json::Value::as_str).map(str::to_uppercase) {\n'
    '        schema.insert("title".into(), t.into());\n    }',
    'let n = schema.get("properties").and_then(serde_json::Value::as_object).map_or(0, |p| p.len());\n'
    '    schema.insert("x-count".into(), n.into());',
    'if let Some(props) = schema.get_mut("properties").and_then(serde_json::Value::as_object_mut) {\n'
    '        for (k, v) in props.iter_mut() {\n'
    '            if let Some(o) = v.as_object_mut() {\n'
    '                o.insert("x-name".into(), serde_json::Value::String(k.to_uppercase()));\n'
    '            }\n        }\n    }',
    'const KEEP: &[&str] = &["date-time", "uuid", "email"];\n'
    '    if let Some(f) = schema.get("format").and_then(serde_json::Value::as_str) {\n'
    '        if !KEEP.contains(&f) {\n            schema.remove("format");\n        }\n    }',
    'let keys: Vec<String> = schema\n'
    '        .as_object()\n'
    '        .map(|o| o.keys().filter(|k| k.starts_with("x-") || k.as_str() == "title").cloned().collect())\n'
    '        .unwrap_or_default();\n'
    '    for k in keys {\n        schema.remove(&k);\n    }',
    'match schema.get("type").and_then(serde_json::Value::as_str) {\n'
    '        Some("string") => {\n            schema.insert("maxLength".into(), 256.into());\n        }\n'
    '        Some(t) if t.starts_with("int") => {}\n        _ => {}\n    }',
    'let mut s = schema.get("description").and_then(serde_json::Value::as_str).unwrap_or("").to_owned();\n'
    '    let mut cut = 0;\n    while s.chars().count() > 8 {\n        s.pop();\n        cut += 1;\n    }\n'
    '    schema.insert("x-cut".into(), cut.into());',
    'if let Some(serde_json::Value::Object(props)) = schema.get_mut("properties") {\n'
    '        props.retain(|k, _| !k.starts_with(\'_\'));\n'
    '        let names: Vec<&str> = props.keys().map(String::as_str).collect();\n'
    '        let joined = names.join(",");\n'
    '        schema.insert("x-props".into(), joined.into());\n    }',
    'if let Some(serde_json::Value::String(d)) = schema.get_mut("description") {\n'
    '        d.retain(|c| !c.is_ascii_punctuation());\n        d.push_str(" [v2]");\n        d.insert(0, \'>\');\n    }',
    'let mut keys: Vec<String> = schema.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();\n'
    '    keys.sort();\n    keys.reverse();\n    keys.truncate(3);\n'
    '    if let Some(last) = keys.pop() {\n        schema.insert("x-last".into(), last.into());\n    }\n'
    '    schema.insert("x-keys".into(), keys.join("|").into());',
]
# schemars' own transforms, made as their `Default` makes them.
OWN_TRANSFORMS = ["ReplaceBoolSchemas", "RemoveRefSiblings", "SetSingleExample", "ReplaceConstValue",
                  "ReplacePrefixItems", "ReplaceUnevaluatedProperties", "RestrictFormats", "AddNullable"]


def transform_expr(r: random.Random) -> str:
    """One `transform = …` value: a fn of the tool's module (`__XFORM_k__`, written by the
    renderer), `RecursiveTransform(fn)`, a closure over the same body, or schemars' own."""
    k = r.randrange(len(TRANSFORMS))
    form = r.choices(["fn", "recursive", "closure", "own", "own-recursive"], [40, 25, 10, 20, 5])[0]
    if form == "fn":
        return f"__XFORM_{k}__"
    if form == "recursive":
        return f"schemars::transform::RecursiveTransform(__XFORM_{k}__)"
    if form == "closure":
        return f"|schema: &mut schemars::Schema| {{ __XBODY_{k}__ }}"
    own = f"schemars::transform::{r.choice(OWN_TRANSFORMS)}::default()"
    return own if form == "own" else f"schemars::transform::RecursiveTransform({own})"


EXAMPLES = ['5', '&"text"', 'true', '1.5', 'serde_json::json!({"a": [1, null]})']
TOOL_DESCRIPTIONS = ["Explicit description.", "Multi\\nline", 'Quote \\" here']
EXTENDS = ['"x-num" = 1', '"x-str" = "s"', '"x-obj" = {"k": null, "n": 1.5}', '"x-arr" = [1, "two", true]',
           '"x-nested" = {"a": {"b": [1, {"c": false}]}}', '"x-neg" = -3', '"x-a" = 1, "x-b" = [null]']


# ---------------------------------------------------------------- sanitize
def sanitize(t: Tool, r: random.Random | None = None):
    """Drop what the current types no longer allow, so that the crate compiles.

    Which types have a `Default` is settled before the per-declaration pass, but that pass can still
    take a default away (a manual impl with a field it cannot write, an enum left without a default
    variant), after other types relied on it. Then the pass runs again from the start with those
    types' defaults dropped up front. A tool whose first pass is consistent is left exactly as the
    first pass made it (same random draws), so only the tools that did not compile change."""
    r = r or random.Random(0)
    drawn, state = copy.deepcopy(t), r.getstate()
    no_default = set()
    while True:
        lost = sanitize_once(t, r, no_default)
        if not default_violations(t) or lost <= no_default:
            return
        no_default |= lost
        t.__dict__.update(copy.deepcopy(drawn).__dict__)
        r.setstate(state)


def sanitize_once(t: Tool, r: random.Random, no_default: set) -> set:
    """One pass of sanitize; returns the names of the types that lost their default after the
    defaults were settled. `no_default`: types whose default is dropped before they are settled."""
    names = {d.name for d in t.decls}

    def fix_type(ty: T):
        if ty.kind in ("ref", "alias_ref", "self") and ty.decl not in names:
            ty.kind, ty.name, ty.args = "prim", "i32", []
        for a in ty.args:
            fix_type(a)

    for d in t.decls:
        if d.target is not None:
            fix_type(d.target)
        for f in all_fields(d):
            fix_type(f.ty)
    if t.input is not None:
        fix_type(t.input)
        if not is_object_decl(t.input, t, ()):
            t.input = None
    if t.output is not None:
        fix_type(t.output)
    break_alias_cycles(t)
    generic_aliases(t)
    drop_unused_generics(t)
    generic_aliases(t)  # dropping a struct's parameter can take it out of an alias too
    for d in t.decls:
        fix_bound(d)
    for d in t.decls:
        if in_cycle(d, t):
            # schemars inlines without end (a stack overflow of the server, not a real server).
            d.extra = [a for a in d.extra if "inline" not in a]
    for d in t.decls:
        if d.name in no_default:
            drop_default(d)
    # Which types derive Default depends on the others: settle that first (a fixpoint).
    changed = True
    while changed:
        changed = False
        for d in t.decls:
            if d.kind in ("struct", "tuple") and d.default == "derive" and not all(
                    derive_default_ok(f.ty, t) for f in d.fields):
                d.default = ""
                changed = True
    settled = {d.name for d in t.decls if d.default}
    for d in t.decls:
        d.extra = dedupe_attrs(d.extra)
        if d.kind == "alias":
            continue
        if d.kind == "enum":
            fix_enum(d, t)
        # Container default.
        if d.kind in ("struct", "tuple"):
            if "transparent" in d.serde and (len(d.fields) != 1 or any(
                    x for x in d.fields[0].serde if not x.startswith("rename") and not x.startswith("alias"))):
                d.serde.remove("transparent")
            if "transparent" in d.serde:
                d.serde = [x for x in d.serde if x == "transparent" or x.startswith("rename =")]
            if d.default == "manual" and d.generics:
                d.default = ""
            if d.default == "manual":
                vals = {}
                for f in d.fields:
                    v = value_expr(f.ty, t, r)
                    if v is None:
                        d.default = ""
                        break
                    vals[f.name] = v
                d.manual_default = vals if d.default else {}
            if "default" in d.serde and (not d.default or d.generics):
                d.serde.remove("default")
            if d.kind == "tuple":
                d.serde = [x for x in d.serde if x in ("transparent", "default")]
        for f in all_fields(d):
            fix_field(f, d, t, r)
        if d.kind == "enum":
            fix_tag_conflicts(d)
        if "deny_unknown_fields" in d.serde and any("flatten" in f.serde for f in all_fields(d)):
            d.serde.remove("deny_unknown_fields")
    # Defaults need defaults all the way in (a default of a generic instance needs the args' defaults).
    for d in t.decls:
        if d.kind == "enum" and d.default == "derive" and not any(v.is_default for v in d.variants):
            d.default = ""
    return {d.name for d in t.decls if d.name in settled and not d.default}


def drop_default(d: Decl):
    d.default = ""
    for v in d.variants:
        v.is_default = False  # `#[default]` without the derive does not compile


def derive_default_ok(ty: T, t: Tool) -> bool:
    """Whether `#[derive(Default)]` accepts a field of this type. A generic parameter gets a
    `Default` bound from the derive, but the rest of the type still needs its own."""
    return has_default(ty, t) or field_generic(ty) and maybe_default(ty, t)


def maybe_default(ty: T, t: Tool, seen=()) -> bool:
    """False only when some part of `ty` surely has no Default (unlike has_default, which says
    False when unsure, e.g. through a Box)."""
    k = ty.kind
    if k in ("param", "self", "opt", "vec", "deque", "map", "set"):
        return True
    if k == "prim":
        return PRIMS[ty.name]
    if k == "array" and ty.n == 0:
        return True
    if k in ("ref", "alias_ref"):
        d = t.decl(ty.decl)
        if d is None or d.name in seen:
            return True
        if d.kind == "alias":
            return maybe_default(d.target, t, seen + (d.name,))
        if not d.default:
            return False
    return all(maybe_default(a, t, seen) for a in ty.args)


def default_violations(t: Tool) -> list:
    """What still asks for a Default that its type does not have (after sanitize_once)."""
    out = []
    for d in t.decls:
        if d.kind in ("struct", "tuple") and d.default == "derive":
            out += [f"{d.name}.{f.name}" for f in d.fields if not derive_default_ok(f.ty, t)]
        if "default" in d.serde and not d.default:
            out.append(d.name)
        for f in all_fields(d):
            if any(x in ("default", "skip", "skip_deserializing") for x in f.serde) and not has_default(f.ty, t):
                out.append(f"{d.name}.{f.name}")
    return out


def params_in(ty: T, out: set):
    if ty.kind == "param":
        out.add(ty.name)
    for a in ty.args:
        params_in(a, out)
    return out


def drop_unused_generics(t: Tool):
    """A generic parameter that no field names does not compile; drop it and its arguments."""
    keep = {}
    for d in t.decls:
        if d.generics:
            used = set()
            for f in all_fields(d):
                params_in(f.ty, used)
            keep[d.name] = [i for i, g in enumerate(d.generics) if g in used]
            d.generics = [g for g in d.generics if g in used]

    def walk(ty: T):
        if ty.kind == "ref" and ty.decl in keep:
            ty.args = [a for i, a in enumerate(ty.args) if i in keep[ty.decl]]
        for a in ty.args:
            walk(a)

    for d in t.decls:
        if d.target is not None:
            walk(d.target)
        for f in all_fields(d):
            walk(f.ty)
    for ty in (t.input, t.output):
        if ty is not None:
            walk(ty)


def type_nodes(ty: T):
    """`ty` and all the types inside it (not through declarations)."""
    yield ty
    for a in ty.args:
        yield from type_nodes(a)


def alias_nodes(ty: T, t: Tool, seen=()):
    """The types an alias target is made of, through further aliases (a cycle among aliases has
    no declaration that could stop it)."""
    for x in type_nodes(ty):
        yield x
        d = t.decl(x.decl) if x.kind in ("alias_ref", "self") else None
        if d is not None and d.kind == "alias" and d.name not in seen:
            yield from alias_nodes(d.target, t, seen + (d.name,))


def break_alias_cycles(t: Tool):
    """A recursive type alias does not compile (`type A = Box<A>`): the recursion is drawn from
    inside the alias, where the generator means the type being defined. The reference goes to the
    first declaration that uses the alias instead, so the recursion passes through a struct (or
    to a plain type when no declaration uses it)."""
    for a in t.decls:
        if a.kind != "alias":
            continue
        for x in alias_nodes(a.target, t):
            if x.kind in ("alias_ref", "self") and x.decl == a.name:
                user = first_user(a, t)
                if user is None:
                    x.kind, x.name, x.decl, x.args = "prim", "i32", "", []
                else:
                    x.kind, x.decl = "ref", user.name
                    x.args = [T("param", name=g) for g in user.generics]


def first_user(a: Decl, t: Tool):
    """The first non-alias declaration with a field whose type names alias `a` (through aliases)."""
    for d in t.decls:
        if d.kind != "alias" and any(x.decl == a.name for f in all_fields(d) for x in alias_nodes(f.ty, t)):
            return d
    return None


def generic_aliases(t: Tool):
    """An alias drawn inside a generic struct may name the struct's parameters, directly or as a
    reference to the struct itself (`Self` there). An alias sees no parameters but its own, so it
    declares the ones it names, and every reference to it passes them: the same parameter where
    the referring declaration has it, else a plain type."""
    aliases = [d for d in t.decls if d.kind == "alias"]
    for a in aliases:
        for x in type_nodes(a.target):
            d = t.decl(x.decl) if x.kind == "self" else None
            if d is not None and d.generics:
                x.kind, x.args = "ref", [T("param", name=g) for g in d.generics]
    changed = True
    while changed:  # an alias naming a generic alias needs its parameters too
        changed = False
        for a in aliases:
            pass_alias_args(a.target, t, None)
            names = ordered_params(a.target)
            if names != a.generics:
                a.generics, changed = names, True
    for d in t.decls:
        for f in all_fields(d):
            pass_alias_args(f.ty, t, d.generics)
    for ty in (t.input, t.output):
        if ty is not None:
            pass_alias_args(ty, t, [])


def pass_alias_args(ty: T, t: Tool, scope):
    """Give each reference to an alias in `ty` the alias's arguments; `scope`: the parameters the
    referring declaration has (None: an alias, which takes whichever it needs)."""
    for x in type_nodes(ty):
        d = t.decl(x.decl) if x.kind == "alias_ref" else None
        if d is not None and d.kind == "alias":
            x.args = [T("param", name=g) if scope is None or g in scope else T("prim", "i32") for g in d.generics]


def ordered_params(ty: T) -> list:
    out = []
    for x in type_nodes(ty):
        if x.kind == "param" and x.name not in out:
            out.append(x.name)
    return out


def fix_bound(d: Decl):
    """The drawn `bound` names `T`; the container's parameters may be `U` alone or `T, U` (the
    bound replaces the derived ones, so each needs it). Without parameters schemars ignores it."""
    if d.generics:
        bound = ", ".join(f"{g}: schemars::JsonSchema" for g in d.generics)
        d.extra = [f'#[schemars(bound = "{bound}")]' if "bound =" in a else a for a in d.extra]


def in_cycle(d: Decl, t: Tool):
    todo, seen = [d.name], set()
    while todo:
        cur = t.decl(todo.pop())
        if cur is None:
            continue
        tys = ([cur.target] if cur.target is not None else []) + [f.ty for f in all_fields(cur)]
        while tys:
            ty = tys.pop()
            tys.extend(ty.args)
            if ty.kind in ("ref", "alias_ref", "self"):
                if ty.decl == d.name:
                    return True
                if ty.decl not in seen:
                    seen.add(ty.decl)
                    todo.append(ty.decl)
    return False


def dedupe_attrs(attrs):
    """One attribute item of each kind (schemars rejects a second `crate`, `title`, ...)."""
    seen, out = set(), []
    for a in attrs:
        key = a.split("(", 1)[-1].split("=")[0].split("(")[0].strip()
        if key in seen and key != "transform":  # transforms repeat, applied in order
            continue
        seen.add(key)
        out.append(a)
    return out


def field_generic(ty: T):
    return ty.kind == "param" or any(field_generic(a) for a in ty.args)


def all_fields(d: Decl):
    out = list(d.fields)
    for v in d.variants:
        out.extend(v.fields)
    return out


def fix_enum(d: Decl, t: Tool):
    if not d.variants:
        d.variants.append(Variant(name="Only", kind="unit"))
    for v in d.variants:
        if v.kind == "newtype" and len(v.fields) != 1:
            v.kind = "unit" if not v.fields else "tuple"
        if v.kind == "tuple" and not v.fields:
            v.kind = "unit"
        if v.kind == "unit":
            v.fields = []
        if d.repr == "internal":
            if v.kind == "tuple":
                v.kind = "struct"
                for i, f in enumerate(v.fields):
                    f.name = f"f{i}"
            if v.kind == "newtype" and not is_object_decl(v.fields[0].ty, t):
                v.kind = "struct"
                v.fields[0].name = "value"
        if v.kind != "unit":
            v.is_default = False
            if "other" in v.attrs:
                v.attrs.remove("other")
        if "other" in v.attrs and d.repr not in ("internal", "adjacent"):
            v.attrs.remove("other")
        if v.kind not in ("struct",):
            v.attrs = [a for a in v.attrs if not a.startswith("rename_all")]
    for v in d.variants[:-1]:
        if "other" in v.attrs:
            v.attrs.remove("other")
    others = [v for v in d.variants if "other" in v.attrs]
    for v in others[1:]:
        v.attrs.remove("other")
    for v in d.variants:
        if "other" in v.attrs and "skip" in v.attrs:
            v.attrs.remove("other")
    if d.repr == "untagged" or d.repr == "external":
        d.serde = [x for x in d.serde if not x.startswith("rename_all_fields") or d.repr != "untagged"]
    defaults = [v for v in d.variants if v.is_default]
    for v in defaults[1:]:
        v.is_default = False
    if not any(v.is_default for v in d.variants):
        d.default = ""
    # Variant names must be unique.
    seen = set()
    for v in d.variants:
        while v.name in seen:
            v.name += "X"
        seen.add(v.name)


def fix_tag_conflicts(d: Decl):
    """serde and schemars reject an internally tagged enum whose struct variant has a field that
    goes by the tag's name (`tag = "type"` and a field `r#type`): that field gets another name."""
    tag = serde_value(d.serde, "tag")
    if d.repr != "internal" or tag is None:
        return
    for v in d.variants:
        if v.kind != "struct" or "skip" in v.attrs:
            continue
        case = serde_value(v.attrs, "rename_all") or serde_value(d.serde, "rename_all_fields")
        for f in v.fields:
            if "skip" not in f.serde and wire_name(f, case) == tag:
                f.name = f"{f.name.replace('r#', '')}_field"


def serde_value(items, key):
    """The string of a `key = "..."` serde item, or None."""
    for x in items:
        if x.startswith(f"{key} = "):
            return x.split('"')[1]
    return None


def wire_name(f: Field, case) -> str:
    """A field's serialized name as serde writes it (snake_case identifiers)."""
    renamed = serde_value(f.serde, "rename")
    if renamed is not None:
        return renamed
    name = f.name.replace("r#", "")
    words = name.split("_")
    pascal = "".join(w[:1].upper() + w[1:] for w in words)
    return {
        "UPPERCASE": name.upper(), "PascalCase": pascal, "camelCase": pascal[:1].lower() + pascal[1:],
        "SCREAMING_SNAKE_CASE": name.upper(), "kebab-case": name.replace("_", "-"),
        "SCREAMING-KEBAB-CASE": name.upper().replace("_", "-"),
    }.get(case, name)


def fix_field(f: Field, d: Decl, t: Tool, r):
    s = f.serde
    ty = f.ty
    base = strip_alias(ty, t)
    generic = field_generic(ty)
    if "flatten" in s:
        ok = is_object_decl(ty, t) or (base.kind == "opt" and is_object_decl(base.args[0], t)) or (
            base.kind == "map" and base.args[0].kind == "prim" and base.args[0].name == "String")
        if not ok or d.kind == "tuple" or d.kind == "enum" and False:
            s.remove("flatten")
        else:
            for x in list(s):
                if x.startswith("rename") or x.startswith("alias") or x.startswith("skip_serializing_if"):
                    s.remove(x)
    needs_default = [x for x in s if x in ("default", "skip", "skip_deserializing")]
    if needs_default and (generic or not has_default(ty, t)):
        for x in needs_default:
            s.remove(x)
    if sum(1 for x in s if x.startswith("default") or x in ("skip", "skip_deserializing")) > 1:
        keep = next(x for x in s if x.startswith("default") or x in ("skip", "skip_deserializing"))
        f.serde = s = [x for x in s if not (x.startswith("default") or x in ("skip", "skip_deserializing")) or x is keep]
    if "default = \"__DEFAULT_FN__\"" in s:
        if generic:
            s.remove("default = \"__DEFAULT_FN__\"")
            f.default_fn = ""
        else:
            if not f.default_fn or "Default::default()" in f.default_fn or "__TOOLMOD__" in f.default_fn:
                f.default_fn = value_expr(ty, t, r) or ""
            if not f.default_fn:
                s.remove("default = \"__DEFAULT_FN__\"")
    else:
        f.default_fn = ""
    if "skip" in s:
        f.serde = s = [x for x in s if x in ("skip",)]
    if 'skip_serializing_if = "__SKIP_IF__"' in s and skip_if_fn(ty, t) is None:
        s.remove('skip_serializing_if = "__SKIP_IF__"')
    if d.kind == "tuple" or f.name.isdigit():
        f.serde = s = [x for x in s if not x.startswith("rename") and not x.startswith("alias") and x != "flatten"]
    # schemars attribute constraints.
    keep = []
    for a in f.schemars:
        if any(k in a for k in ("range(",)) and not numeric(ty, t):
            continue
        if any(k in a for k in ("length(",)) and "inner(" not in a and not (stringish(ty, t) or arrayish(ty, t)):
            continue
        if any(k in a for k in ("regex(", "pattern(", "contains(", "email", "url)", "(ip", "garde")) and not stringish(ty, t):
            continue
        if "inner(" in a and not (arrayish(ty, t) and stringish(strip_alias(ty, t).args[0], t)):
            continue
        if "required" in a and base.kind != "opt":
            continue
        if ("with = " in a or "schema_with" in a) and ("flatten" in s or generic):
            continue
        if "regex(path" in a:
            continue
        if "schemars(skip)" in a and not has_default(ty, t):
            continue
        if "schemars(skip)" in a and "skip" in s:
            continue
        keep.append(a)
    # `with` and `schema_with` are exclusive; validation keys come once each.
    seen = set()
    out = []
    for a in keep:
        key = a.split("(", 2)[1].split("(")[0].split(" ")[0].split("=")[0] if "(" in a else a
        key = key.rstrip(")]")  # `#[schemars(url)]` has no arguments: its key is `url`
        if "with" in key or "schema_with" in key:
            key = "with"
        if key in ("regex", "pattern", "contains"):
            key = "regex"
        if key in ("email", "url", "ip", "ipv4", "ipv6"):
            key = "format"  # schemars takes one format per field
        if key in seen and not key.startswith("extend"):
            continue
        seen.add(key)
        out.append(a)
    # two extend attributes must not repeat a key
    ext = [a for a in out if "extend(" in a]
    if len(ext) > 1:
        out = [a for a in out if "extend(" not in a] + ext[:1]
    f.schemars = out
    if d.kind == "tuple" or f.name.isdigit():
        f.schemars = [a for a in f.schemars if "schemars(rename" not in a]


def skip_if_fn(ty: T, t: Tool):
    b = strip_alias(ty, t)
    if b.kind == "opt":
        return "Option::is_none"
    if b.kind == "vec":
        return "Vec::is_empty"
    if b.kind == "prim" and b.name == "String":
        return "String::is_empty"
    if b.kind == "map" and "HashMap" in b.name:
        return "std::collections::HashMap::is_empty"
    return None


def generate(seed: int, count: int) -> list:
    return [Gen(seed, i).make() for i in range(count)]


def clone(t: Tool) -> Tool:
    return copy.deepcopy(t)
