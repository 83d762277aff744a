"""Writes generated tools as an rmcp server crate: one module tree per tool, one router in main.rs."""

from __future__ import annotations

import random
from pathlib import Path

from gen import TRANSFORMS, Decl, Field, T, Tool, all_fields, skip_if_fn

HERE = Path(__file__).resolve().parent


class ModuleText:
    def __init__(self):
        self.uses = []
        self.items = []


class ToolWriter:
    """Renders one tool's declarations into module texts, with a path style drawn per reference."""

    def __init__(self, tool: Tool):
        self.t = tool
        self.r = random.Random(f"render:{tool.idx}:{len(tool.decls)}")
        self.root = f"t{tool.idx}"
        self.mods = {"": ModuleText(), "m": ModuleText(), "m::n": ModuleText()}
        self.imported = {}  # (module, decl) -> local name
        self.fn_counter = 0

    # ---- paths
    def abs_path(self, d: Decl):
        return "::".join(["crate", self.root] + ([d.module] if d.module else []) + [d.name])

    def path_to(self, d: Decl, cur: str | None):
        """How module `cur` (None: the crate root) names decl `d`."""
        if cur is None:
            return self.abs_path(d)
        if d.module == cur:
            return d.name
        key = (cur, d.name)
        if key in self.imported:
            return self.imported[key]
        style = self.r.choice(["abs", "rel", "use", "use_as"])
        if style == "rel":
            rel = relative(cur, d.module)
            if rel is not None:
                return f"{rel}::{d.name}"
            style = "abs"
        if style == "abs":
            return self.abs_path(d)
        local = d.name if style == "use" else f"{d.name}Renamed"
        target = self.abs_path(d) if self.r.random() < 0.5 or relative(cur, d.module) is None else \
            f"{relative(cur, d.module)}::{d.name}"
        self.mods[cur].uses.append(f"use {target}{'' if style == 'use' else ' as ' + local};")
        self.imported[key] = local
        return local

    # ---- types
    def ty(self, t: T, cur, self_decl: Decl | None = None) -> str:
        k = t.kind
        a = [self.ty(x, cur, self_decl) for x in t.args]
        if k == "prim":
            return t.name
        if k == "opt":
            return f"Option<{a[0]}>"
        if k == "vec":
            return f"Vec<{a[0]}>"
        if k == "deque":
            return f"std::collections::VecDeque<{a[0]}>"
        if k == "box":
            return f"Box<{a[0]}>"
        if k == "arc":
            return f"std::sync::Arc<{a[0]}>"
        if k == "array":
            return f"[{a[0]}; {t.n}]"
        if k == "tuple":
            return f"({', '.join(a)}{',' if len(a) == 1 else ''})"
        if k in ("map", "set"):
            return f"{t.name}<{', '.join(a)}>"
        if k == "param":
            return t.name
        d = self.t.decl(t.decl)
        if k == "self":
            if self_decl is not None and self_decl.name == t.decl and self_decl.kind != "alias":
                return t.self_word if not d.generics else "Self"
            return self.path_to(d, cur)
        path = self.path_to(d, cur)
        return f"{path}<{', '.join(a)}>" if a else path

    # ---- items
    def render(self):
        for d in self.t.decls:
            self.mods[d.module].items.append(self.decl(d))
        return self.mods

    def helper_fn(self, d: Decl, text: str):
        self.mods[d.module].items.append(text.replace("crate::__TOOLMOD__", f"crate::{self.root}"))

    def field_attrs(self, f: Field, d: Decl, out: list, indent: str):
        out.extend(indent + x for x in f.docs)
        serde = []
        for s in f.serde:
            if s == 'default = "__DEFAULT_FN__"':
                self.fn_counter += 1
                name = f"default_{self.fn_counter}"
                ftype = self.ty(f.ty, d.module, None)
                self.helper_fn(d, f"fn {name}() -> {ftype} {{ {f.default_fn} }}")
                path = name if self.r.random() < 0.7 else f"{'crate::' + self.root}{'::' + d.module if d.module else ''}::{name}"
                serde.append(f'default = "{path}"')
            elif s == 'skip_serializing_if = "__SKIP_IF__"':
                serde.append(f'skip_serializing_if = "{skip_if_fn(f.ty, self.t)}"')
            else:
                serde.append(s)
        if serde:
            if self.r.random() < 0.2 and len(serde) > 1:
                out.extend(f"{indent}#[serde({s})]" for s in serde)
            else:
                out.append(f"{indent}#[serde({', '.join(serde)})]")
        for x in f.schemars:
            x = self.transforms(x, d)
            if "__SCHEMA_FN__" in x:
                self.fn_counter += 1
                name = f"schema_{self.fn_counter}"
                self.helper_fn(d, f"fn {name}(_: &mut schemars::SchemaGenerator) -> schemars::Schema {{\n"
                                  f'    schemars::json_schema!({{"type": "string", "format": "custom-{self.fn_counter}"}})\n}}')
                x = x.replace("__SCHEMA_FN__", name)
            out.append(indent + x)

    def transforms(self, attr: str, d: Decl) -> str:
        """An attribute line with its `__XFORM_k__` placeholders replaced by fns of the decl's
        module (`fn xform_N(schema: &mut schemars::Schema)`) and `__XBODY_k__` by the body."""
        for k, body in enumerate(TRANSFORMS):
            while f"__XFORM_{k}__" in attr:
                self.fn_counter += 1
                name = f"xform_{self.fn_counter}"
                self.helper_fn(d, f"fn {name}(schema: &mut schemars::Schema) {{\n    {body}\n}}")
                attr = attr.replace(f"__XFORM_{k}__", name, 1)
            attr = attr.replace(f"__XBODY_{k}__", body)
        return attr

    def decl(self, d: Decl) -> str:
        out = list(d.docs)
        gen = f"<{', '.join(d.generics)}>" if d.generics else ""
        if d.kind == "alias":
            out.append(f"pub type {d.name}{gen} = {self.ty(d.target, d.module, d)};")
            return "\n".join(out)
        derives = ["Serialize", "Deserialize", "JsonSchema"]
        if d.default == "derive":
            derives.append("Default")
        if self.r.random() < 0.15:
            derives = ["schemars::JsonSchema" if x == "JsonSchema" else x for x in derives]
        out.append(f"#[derive({', '.join(derives)})]")
        if d.serde:
            out.append(f"#[serde({', '.join(d.serde)})]")
        out.extend(self.transforms(x, d) for x in d.extra)
        if d.kind == "struct":
            if not d.fields and self.r.random() < 0.5:
                out.append(f"pub struct {d.name}{gen} {{}}")
            else:
                out.append(f"pub struct {d.name}{gen} {{")
                for f in d.fields:
                    self.field_attrs(f, d, out, "    ")
                    out.append(f"    pub {f.name}: {self.ty(f.ty, d.module, d)},")
                out.append("}")
        elif d.kind == "tuple":
            parts = []
            for f in d.fields:
                attrs = []
                self.field_attrs(f, d, attrs, "")
                parts.append("\n    ".join(attrs + [f"pub {self.ty(f.ty, d.module, d)}"]))
            out.append(f"pub struct {d.name}{gen}(\n    " + ",\n    ".join(parts) + "\n);")
        elif d.kind == "enum":
            out.append(f"pub enum {d.name}{gen} {{")
            for v in d.variants:
                out.extend("    " + x for x in v.docs)
                if v.attrs:
                    out.append(f"    #[serde({', '.join(v.attrs)})]")
                out.extend("    " + self.transforms(x, d) for x in v.extra)
                if v.is_default:
                    out.append("    #[default]")
                if v.kind == "unit":
                    out.append(f"    {v.name},")
                elif v.kind in ("newtype", "tuple"):
                    parts = []
                    for f in v.fields:
                        attrs = []
                        self.field_attrs(f, d, attrs, "")
                        parts.append("\n        ".join(attrs + [self.ty(f.ty, d.module, d)]))
                    out.append(f"    {v.name}(\n        " + ",\n        ".join(parts) + "\n    ),")
                else:
                    out.append(f"    {v.name} {{")
                    for f in v.fields:
                        self.field_attrs(f, d, out, "        ")
                        out.append(f"        {f.name}: {self.ty(f.ty, d.module, d)},")
                    out.append("    },")
            out.append("}")
        if d.default == "manual":
            vals = ", ".join(f"{f.name}: {d.manual_default[f.name]}" for f in d.fields)
            out.append(f"impl Default for {d.name} {{\n    fn default() -> Self {{\n        Self {{ {vals} }}\n    }}\n}}"
                       .replace("crate::__TOOLMOD__", f"crate::{self.root}"))
        return "\n".join(out)


def relative(cur: str, target: str):
    """A `self::`/`super::` path from module `cur` to module `target` (both relative to the tool module)."""
    cp = cur.split("::") if cur else []
    tp = target.split("::") if target else []
    common = 0
    while common < min(len(cp), len(tp)) and cp[common] == tp[common]:
        common += 1
    ups = len(cp) - common
    rest = tp[common:]
    if ups == 0:
        return "::".join(["self"] + rest)
    return "::".join(["super"] * ups + rest)


HEADER = """#![allow(warnings)]
use rmcp::schemars::{self, JsonSchema};
use serde::{Deserialize, Serialize};
"""


def write_tool_modules(src: Path, tool: Tool):
    w = ToolWriter(tool)
    mods = w.render()
    base = src / f"t{tool.idx}"
    base.mkdir(parents=True, exist_ok=True)
    nested_dir = tool.idx % 2 == 0  # m/mod.rs or m.rs + m/n.rs
    def text(m: ModuleText, extra=""):
        return HEADER + extra + "\n".join(m.uses) + "\n\n" + "\n\n".join(m.items) + "\n"
    (base / "mod.rs").write_text(text(mods[""], "pub mod m;\n"))
    (base / "m").mkdir(exist_ok=True)
    if nested_dir:
        (base / "m" / "mod.rs").write_text(text(mods["m"], "pub mod n;\n"))
    else:
        (base / "m.rs").write_text(text(mods["m"], "pub mod n;\n"))
    (base / "m" / "n.rs").write_text(text(mods["m::n"]))
    return w


def release(version: str) -> tuple:
    return tuple(int(x) for x in version.split("."))


def tool_box(version: str) -> bool:
    """rmcp 0.1: a `#[tool(tool_box)]` server, parameters as a `#[tool(aggr)]` argument."""
    return release(version) < (0, 2, 0)


def accepted_attrs(tool: Tool, rmcp_version: str) -> list:
    """The tool's attribute keys the release's rmcp-macros accepts: a tool-level `title` came in
    0.6.4, `annotations` in 0.2.0 (the generator's draws stay the same for every release)."""
    if release(rmcp_version) >= (0, 6, 4):
        return tool.attrs
    if release(rmcp_version) < (0, 2, 0):
        return [a for a in tool.attrs if a.startswith(("name = ", "description = "))]
    return [a for a in tool.attrs if not a.startswith("title = ")]


def tool_fn(tool: Tool, w: ToolWriter, rmcp_version: str = "3.11.0") -> str:
    lines = ["    " + x for x in tool.docs]
    attrs = accepted_attrs(tool, rmcp_version)
    lines.append(f"    #[tool({', '.join(attrs)})]" if attrs else "    #[tool]")
    params = ""
    if tool.input is not None and tool_box(rmcp_version):
        params = f", #[tool(aggr)] _p: {w.ty(tool.input, None)}"
    elif tool.input is not None:
        params = f", Parameters(_p): Parameters<{w.ty(tool.input, None)}>"
    if tool.output is None or tool_box(rmcp_version):  # rmcp 0.1 has no `Json`
        ret = "String"
    else:
        ret = f"Json<{w.ty(tool.output, None)}>"
        if tool.result:
            ret = f"Result<{ret}, ErrorData>"
    lines.append(f"    async fn {tool.fn_name}(&self{params}) -> {ret} {{\n        unimplemented!()\n    }}")
    return "\n".join(lines)


MAIN_HEAD = """#![allow(warnings)]
// Generated by tests/differential/rmcp/run.py: do not edit.
__MODS__
__IMPORTS__

#[derive(Clone)]
pub struct Server {
    tool_router: ToolRouter<Server>,
}

impl Server {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router() }
    }
}

#[tool_router]
impl Server {
"""

MAIN_TAIL = """}

#[tool_handler]
impl ServerHandler for Server {}

fn one(name: &str) -> Option<rmcp::model::Tool> {
    match name {
__ONE__
        _ => None,
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    // `<bin> tN`: only that tool (the harness isolates a tool that crashes the process this way).
    if let Some(name) = std::env::args().nth(1) {
        match std::panic::catch_unwind(|| one(&name)) {
            Ok(t) => println!("{}", serde_json::to_string(&t).unwrap()),
            Err(_) => println!("{}", serde_json::json!({"fn": name, "panic": "panicked"})),
        }
        return;
    }
    match std::panic::catch_unwind(|| Server::new().tool_router.list_all()) {
        Ok(tools) => println!("{}", serde_json::to_string(&tools).unwrap()),
        Err(_) => {
            // One tool panicked: list them one by one so the rest still compare. Each is written
            // as text, as `list_all` would write it: `to_value` would sort a `Tool`'s keys.
            let mut out: Vec<String> = Vec::new();
__PER_TOOL__
            println!("[{}]", out.join(","));
        }
    }
}
"""


def imports(rmcp_version: str) -> str:
    """The `use` lines for the release: `Parameters` moved from `tool` to `wrapper` in 0.6.1, `Json`
    reached the crate root in 0.4.0, `Error` became `ErrorData` in 0.3.0, and rmcp-macros up to
    0.6.0 writes a bare `Future`."""
    v = release(rmcp_version)
    params = "wrapper::Parameters" if v >= (0, 6, 1) else "tool::Parameters"
    json = "Json, " if v >= (0, 4, 0) else ""
    error = "ErrorData" if v >= (0, 3, 0) else "Error as ErrorData"  # renamed in 0.3.0
    lines = ["use rmcp::{",
             f"    {error}, {json}ServerHandler,",
             f"    handler::server::{{router::tool::ToolRouter, {params}}},",
             "    tool, tool_handler, tool_router,",
             "};"]
    if v < (0, 4, 0):
        lines.append("use rmcp::handler::server::wrapper::Json;")
    if v <= (0, 6, 0):
        lines.append("use std::future::Future;")
    return "\n".join(lines)


MAIN_HEAD_TOOL_BOX = """#![allow(warnings)]
// Generated by tests/differential/rmcp/run.py: do not edit.
__MODS__
use rmcp::{ServerHandler, tool};

#[derive(Clone)]
pub struct Server;

#[tool(tool_box)]
impl Server {
"""


def tool_box_tail(tail: str) -> str:
    """The tail of an rmcp 0.1 server: the `tool_box` serves `list_tools`."""
    return tail.replace("#[tool_handler]\nimpl ServerHandler", "#[tool(tool_box)]\nimpl ServerHandler").replace(
        "Server::new().tool_router.list_all()", "Server::tool_box().list()")


def package_name(crate: Path) -> str:
    return "diff-" + "".join(c if c.isalnum() else "-" for c in crate.name)


def write_crate(dest: Path, tools: list, rmcp_version: str, preserve_order=False):
    """Write the crate; returns {tool idx: (first line, last line) in main.rs} for error attribution.
    `preserve_order` turns on serde_json's `preserve_order` in the server (keys in insertion order)."""
    src = dest / "src"
    if src.exists():
        import shutil
        shutil.rmtree(src)
    src.mkdir(parents=True)
    # One package name per crate directory, so that every crate's binary stays in the shared
    # target dir (the harness can compare again without building).
    package = package_name(dest)
    toml = (HERE / "template" / "Cargo.toml").read_text().replace("=3.11.0", f"={rmcp_version}")
    if tool_box(rmcp_version):  # no `schemars` feature before 0.2
        toml = toml.replace('"macros", "schemars"]', '"macros"]')
    if preserve_order:
        toml = toml.replace('serde_json = "1"', 'serde_json = { version = "1", features = ["preserve_order"] }')
    (dest / "Cargo.toml").write_text(toml.replace('name = "diffrmcp-server"', f'name = "{package}"'))
    lock = HERE / "template" / "Cargo.lock"
    if rmcp_version == "3.11.0" and lock.exists():
        (dest / "Cargo.lock").write_text(lock.read_text().replace('name = "diffrmcp-server"', f'name = "{package}"'))
    bodies = []
    per_tool = []
    for t in tools:
        w = write_tool_modules(src, t)
        bodies.append((t.idx, tool_fn(t, w, rmcp_version)))
        per_tool.append(
            f"            match std::panic::catch_unwind(|| Server::{t.fn_name}_tool_attr()) {{\n"
            f"                Ok(t) => out.push(serde_json::to_string(&t).unwrap()),\n"
            f"                Err(e) => out.push(serde_json::json!({{\"fn\": \"{t.fn_name}\", \"panic\": e.downcast_ref::<String>().cloned().or(e.downcast_ref::<&str>().map(|s| s.to_string()))}}).to_string()),\n"
            f"            }}")
    head = (MAIN_HEAD_TOOL_BOX if tool_box(rmcp_version) else MAIN_HEAD).replace(
        "__MODS__", "\n".join(f"mod t{t.idx};" for t in tools)).replace("__IMPORTS__", imports(rmcp_version))
    text = head
    spans = {}
    for idx, body in bodies:
        start = text.count("\n") + 1
        text += body + "\n"
        spans[idx] = (start, text.count("\n"))
    one = "\n".join(f'        "{t.fn_name}" => Some(Server::{t.fn_name}_tool_attr()),' for t in tools)
    tail = tool_box_tail(MAIN_TAIL) if tool_box(rmcp_version) else MAIN_TAIL
    text += tail.replace("__PER_TOOL__", "\n".join(per_tool)).replace("__ONE__", one)
    (src / "main.rs").write_text(text)
    return spans
