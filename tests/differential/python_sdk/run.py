#!/usr/bin/env python3
"""Differential test of the python-sdk profile against the real MCP Python SDK.

A seeded generator draws random tools: a Rust file (read by `mcp-schema generate --profile
python-sdk`) and its Python equivalent, written by the Rust -> Python mapping of the profile
(docs/testing.md, "python-sdk differential harness"). The Python module is registered with the
real SDK (mcp, pinned below, in a venv this script makes) and both `tools/list` entries are
compared tool by tool: values first, then key order. Mismatches are grouped by class, with the
smallest example of each; `--shrink` reduces that example further.

    python3 tests/differential/python_sdk/run.py --seed 1 --tools 200 [--shrink] [--keep DIR]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import copy
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MCP_VERSION = "2.3.0"
HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]

# --------------------------------------------------------------------------------------------
# The venv with the real SDK
# --------------------------------------------------------------------------------------------


def venv_dir() -> Path:
    if os.environ.get("MCP_SCHEMA_DIFF_VENV"):
        return Path(os.environ["MCP_SCHEMA_DIFF_VENV"])
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "mcp-schema" / f"python-sdk-venv-mcp{MCP_VERSION}"


def ensure_venv() -> Path:
    """The venv's python, made and filled with mcp==MCP_VERSION on first use."""
    venv = venv_dir()
    python = venv / "bin" / "python"
    stamp = venv / f".mcp-{MCP_VERSION}"
    if not stamp.exists():
        print(f"making the venv {venv} (mcp=={MCP_VERSION})", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", f"mcp=={MCP_VERSION}"], check=True)
        stamp.touch()
    return python


# --------------------------------------------------------------------------------------------
# The grammar. A type is a tuple: (kind, spelling, *children). A tool is a dict; its declared
# types live in tool["decls"] (name -> decl). Everything is plain data so the shrinker can edit it.
# --------------------------------------------------------------------------------------------

INTS = ["i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize"]
STRS = ["String", "std::string::String", "&'static str", "Box<str>", "Arc<str>", "Rc<str>", "Cow<'static, str>", "char"]
LISTS = ["Vec", "VecDeque", "LinkedList", "Box<[]>", "&'static []", "std::vec::Vec"]
SETS = ["HashSet", "BTreeSet"]
MAPS = ["HashMap", "BTreeMap", "IndexMap", "std::collections::HashMap"]
BOXES = ["Box", "Rc", "Arc", "&'static"]
TIMES = {
    "DateTime<Utc>": "datetime",
    "chrono::DateTime<chrono::Utc>": "datetime",
    "NaiveDateTime": "datetime",
    "NaiveDate": "date",
    "chrono::NaiveTime": "time",
    "Uuid": "UUID",
    "uuid::Uuid": "UUID",
}
OPTIONS = ["Option", "Option", "Option", "std::option::Option"]

FIELD_NAMES = [
    "name", "count", "value", "items", "id", "label", "tags", "note", "x", "y2", "page_size", "is_ok",
    "a_b_", "snake_2_case", "über", "straße", "größe", "default", "properties", "required", "title",
    "r#type", "format", "description", "enum_", "additional_properties", "r#const", "all_of", "any_of",
    "min_items", "_private", "_x", "__dunder", "ΟΔΟΣ", "σοφός", "ΣΑΣ", "lastLoginAt",
    "kind", "r#match", "ref_", "pattern", "examples",
]
PARAM_NAMES = ["query", "page", "limit", "city", "days", "flag", "value", "default", "properties", "über",
               "r#type", "title", "items", "x", "y_z", "ΟΔΟΣ", "n2"]
RENAMES = ["renamed", "Renamed Key", "kebab-key", "ΟΔΟΣ test", "ﬁle", "ŉx", "ǆ", "İstanbul", "", "default",
           "properties", "type", "$ref", "a.b", "_under", "x y", "ΣΑΣ ΣΑΣ", "42", "ß", "ǈungla", "ᾳ"]
RENAME_ALLS = ["lowercase", "UPPERCASE", "PascalCase", "camelCase", "snake_case", "SCREAMING_SNAKE_CASE",
               "kebab-case", "SCREAMING-KEBAB-CASE"]
TYPE_WORDS = ["Item", "Node", "Report", "Entry", "Config", "Tree", "Point", "Color", "Level", "Status", "Id",
              "Wrapper", "Größe", "Über", "Data", "Tag", "Kind"]
VARIANTS = ["Red", "Green", "Blue", "LowPriority", "HTTPServer", "A", "B2", "XmlHttp", "Ünïcode", "On", "Off"]
TOOL_NAMES = ["", "renamed_tool", "bad name!", "ünï", "tool.v2"]
TEXTS = ["A title", "", "Ünïcödé ✓", "quote \" and \\ backslash", "two\nlines"]

DOC_LINES = [
    " Summary line.", " A thing.", "", " ", "  ", "    indented four", "\tTabbed", "  two spaces",
    " trailing spaces   ", "no leading space", " Ünïcödé — text ✓", ' "quoted" and \\ backslash',
    "     ", " An enumeration.", " Args:", "     x: the x.", " `code` and *markdown*", "        deep",
]


def camel_safe(field: str) -> bool:
    """serde_derive's camelCase slices the first byte of the PascalCase name: it must be ASCII."""
    pascal = unraw(field).lstrip("_")
    return bool(pascal) and pascal[0].isascii()


def doc(rng: random.Random, p: float = 0.5):
    """A doc: None, or the raw `#[doc]` attribute strings (one per `///` line)."""
    if rng.random() >= p:
        return None
    n = rng.choice([1, 1, 1, 2, 3, 4])
    return [rng.choice(DOC_LINES) for _ in range(n)]


class Gen:
    def __init__(self, rng: random.Random, tag: str):
        self.rng = rng
        self.tag = tag
        self.decls: dict = {}
        self.building: list = []  # structs whose fields are being drawn (recursion targets)
        self.scope: list = []  # the declarations being drawn, innermost last: `Self` names the last

    def fresh_name(self) -> str:
        while True:
            name = self.rng.choice(TYPE_WORDS) + self.rng.choice(["", "", "Info", "List", "2"])
            if name not in self.decls:
                return name

    # ---- types ----
    def ty(self, depth: int) -> tuple:
        r = self.rng
        if depth <= 0:
            return self.leaf()
        k = r.choices(
            ["leaf", "option", "list", "array", "set", "tuple", "map", "jsonmap", "value", "box", "time",
             "struct", "enum", "newtype", "recur", "empty"],
            weights=[22, 14, 8, 3, 3, 3, 7, 2, 3, 3, 4, 9, 5, 6, 5, 1],
        )[0]
        if k == "leaf":
            return self.leaf()
        if k == "option":
            return ("option", r.choice(OPTIONS), self.ty(depth - 1))
        if k == "list":
            return ("list", r.choice(LISTS), self.ty(depth - 1))
        if k == "array":
            return ("array", str(r.choice([0, 1, 2, 3])), self.ty(depth - 1))
        if k == "set":
            return ("set", r.choice(SETS), self.ty(depth - 1))
        if k == "tuple":
            return ("tuple", "", *[self.ty(depth - 1) for _ in range(r.choice([1, 2, 2, 3]))])
        if k == "map":
            return ("map", r.choice(MAPS), self.map_key(), self.ty(depth - 1))
        if k == "jsonmap":
            return ("jsonmap", r.choice(["serde_json::Map<String, Value>", "Map<String, serde_json::Value>"]))
        if k == "value":
            return ("value", r.choice(["Value", "serde_json::Value"]))
        if k == "box":
            return ("box", r.choice(BOXES), self.ty(depth - 1))
        if k == "time":
            return ("time", r.choice(list(TIMES)))
        if k == "struct":
            return ("named", self.struct(depth - 1))
        if k == "enum":
            return ("named", self.enum())
        if k == "newtype":
            return ("named", self.newtype(depth - 1))
        if k == "empty":
            name = self.fresh_name()
            self.decls[name] = {"kind": "struct", "doc": doc(r, 0.3), "rename_all": None, "fields": []}
            return ("named", name)
        # recur: refer to a struct being built (through a container, as Rust needs)
        if self.building:
            target = r.choice(self.building)
            spelling = "Self" if self.scope and target == self.scope[-1] and r.random() < 0.4 else target
            inner = ("named", target, spelling)
            wrap = r.choice(["option", "list", "box", "map", "optbox"])
            if wrap == "option":
                return ("option", "Option", inner)
            if wrap == "list":
                return ("list", "Vec", inner)
            if wrap == "map":
                return ("map", "HashMap", ("str", "String"), inner)
            if wrap == "optbox":
                return ("option", "Option", ("box", "Box", inner))
            return ("box", "Box", inner)
        return self.leaf()

    def leaf(self) -> tuple:
        r = self.rng
        k = r.choices(["int", "float", "bool", "str", "unit"], weights=[10, 4, 4, 10, 1])[0]
        if k == "int":
            return ("int", r.choice(INTS))
        if k == "float":
            return ("float", r.choice(["f32", "f64"]))
        if k == "bool":
            return ("bool", "bool")
        if k == "unit":
            return ("unit", "()")
        return ("str", r.choice(STRS))

    def map_key(self) -> tuple:
        r = self.rng
        k = r.choices(["str", "int", "enum", "newtype"], weights=[10, 3, 2, 1])[0]
        if k == "int":
            return ("int", r.choice(INTS))
        if k == "enum":
            return ("named", self.enum())
        if k == "newtype":
            name = self.fresh_name()
            self.decls[name] = {"kind": "newtype", "doc": doc(r, 0.2), "ty": ("str", "String")}
            return ("named", name)
        return ("str", r.choice(["String", "&'static str", "Box<str>", "char", "Cow<'static, str>"]))

    # ---- declarations ----
    def struct(self, depth: int) -> str:
        r = self.rng
        name = self.fresh_name()
        decl = {"kind": "struct", "doc": doc(r), "rename_all": r.choice(RENAME_ALLS) if r.random() < 0.2 else None,
                "fields": []}
        self.decls[name] = decl
        self.building.append(name)
        self.scope.append(name)
        used = set()
        for _ in range(r.choice([0, 1, 2, 2, 3, 3, 4, 5])):
            fname = r.choice(FIELD_NAMES)
            if fname in used:
                continue
            used.add(fname)
            fty = self.ty(depth)
            fdoc = doc(r, 0.35)
            target = fty
            while target[0] in ("option", "box"):
                target = target[2]
            if target[0] == "named" and self.decls[target[1]].get("doc") and r.random() < 0.4:
                fdoc = list(self.decls[target[1]]["doc"])  # documented exactly as its type
            field = {"name": fname, "ty": fty, "doc": fdoc,
                     "rename": r.choice(RENAMES) if r.random() < 0.12 else None,
                     "default": r.random() < 0.25 and py_default(fty, self.decls) is not None,
                     "skip": r.random() < 0.05}
            decl["fields"].append(field)
        self.building.pop()
        self.scope.pop()
        if decl["rename_all"] == "camelCase" and any(not camel_safe(f["name"]) for f in decl["fields"]):
            decl["rename_all"] = None  # serde_derive itself panics on these: the crate would not compile
        return name

    def enum(self) -> str:
        r = self.rng
        name = self.fresh_name()
        variants = []
        for v in r.sample(VARIANTS, r.choice([1, 2, 3, 4])):
            variants.append({"name": v, "rename": r.choice(RENAMES) if r.random() < 0.1 else None,
                             "doc": doc(r, 0.2)})
        rename_all = r.choice(RENAME_ALLS) if r.random() < 0.3 else None
        if rename_all == "camelCase" and any(not v["name"][0].isascii() for v in variants):
            rename_all = None  # serde_derive itself panics on these: the crate would not compile
        self.decls[name] = {"kind": "enum", "doc": doc(r, 0.4), "rename_all": rename_all, "variants": variants}
        return name

    def newtype(self, depth: int) -> str:
        name = self.fresh_name()
        self.decls[name] = {"kind": "newtype", "doc": doc(self.rng, 0.2), "ty": None}
        self.scope.append(name)
        self.decls[name]["ty"] = self.ty(depth)
        self.scope.pop()
        return name

    # ---- the tool ----
    def tool(self, index: int) -> dict:
        r = self.rng
        fn = f"tool_{self.tag}_{index}"
        params = []
        used = set()
        for _ in range(r.choice([0, 1, 1, 2, 2, 3, 4])):
            pname = r.choice(PARAM_NAMES)
            if pname in used:
                continue
            used.add(pname)
            params.append({"name": pname, "ty": self.ty(r.choice([1, 2, 3]))})
        if r.random() < 0.15:
            params.insert(r.randrange(len(params) + 1), {"name": "ctx", "ty": ("context", "")})
        if r.random() < 0.02:
            params.append({"name": "_unused", "ty": ("int", "i64")})
        ret_kind = r.choices(["none", "ty", "struct", "map", "unit_struct", "result"], weights=[2, 10, 6, 2, 1, 2])[0]
        if ret_kind == "none":
            ret = None
        elif ret_kind == "struct":
            ret = ("named", self.struct(2))
        elif ret_kind == "map":
            ret = ("map", r.choice(MAPS), self.map_key(), self.ty(2))
        elif ret_kind == "unit_struct":
            name = self.fresh_name()
            self.decls[name] = {"kind": "unit", "doc": doc(r, 0.3)}
            ret = ("named", name)
        elif ret_kind == "result":
            ret = ("result", "Result", self.ty(2))
        else:
            ret = self.ty(r.choice([1, 2, 3]))
        attrs = {}
        if r.random() < 0.1:
            attrs["name"] = r.choice(TOOL_NAMES)
        if r.random() < 0.1:
            attrs["title"] = r.choice(TEXTS)
        if r.random() < 0.15:
            attrs["description"] = r.choice(TEXTS)
        if r.random() < 0.15:
            attrs["structured_output"] = r.random() < 0.5
        if r.random() < 0.1:
            keys = r.sample(["title", "read_only_hint", "destructive_hint", "idempotent_hint", "open_world_hint"],
                            r.choice([1, 2, 3]))
            attrs["annotations"] = {k: (r.choice(TEXTS) if k == "title" else r.random() < 0.5) for k in keys}
        return {"fn": fn, "doc": doc(r, 0.6), "params": params, "ret": ret, "attrs": attrs,
                "is_async": r.random() < 0.3, "method": r.random() < 0.3, "decls": self.decls}


# --------------------------------------------------------------------------------------------
# Rust rendering
# --------------------------------------------------------------------------------------------

RUST_PRELUDE = """use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, LinkedList, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use indexmap::IndexMap;
use rmcp::service::RequestContext;
use rmcp::{tool, RoleServer};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use uuid::Uuid;
"""


def rust_str(s: str) -> str:
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20:
            out.append(f"\\u{{{ord(c):x}}}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def rust_ty(t: tuple) -> str:
    k = t[0]
    if k in ("int", "float", "bool", "str", "unit", "jsonmap", "value", "time"):
        return t[1]
    if k == "option":
        return f"{t[1]}<{rust_ty(t[2])}>"
    if k == "list":
        if t[1] == "Box<[]>":
            return f"Box<[{rust_ty(t[2])}]>"
        if t[1] == "&'static []":
            return f"&'static [{rust_ty(t[2])}]"
        return f"{t[1]}<{rust_ty(t[2])}>"
    if k == "array":
        return f"[{rust_ty(t[2])}; {t[1]}]"
    if k == "set":
        return f"{t[1]}<{rust_ty(t[2])}>"
    if k == "tuple":
        items = [rust_ty(x) for x in t[2:]]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if k == "map":
        return f"{t[1]}<{rust_ty(t[2])}, {rust_ty(t[3])}>"
    if k == "box":
        if t[1] == "&'static":
            return f"&'static {rust_ty(t[2])}"
        return f"{t[1]}<{rust_ty(t[2])}>"
    if k == "named":
        return t[2] if len(t) > 2 else t[1]
    if k == "result":
        return f"Result<{rust_ty(t[2])}, String>"
    if k == "context":
        return "RequestContext<RoleServer>"
    raise ValueError(t)


def rust_doc(lines, indent: str) -> str:
    if lines is None:
        return ""
    out = []
    for line in lines:
        if line.startswith("/") or line.startswith("!") or "\r" in line:
            out.append(f"{indent}#[doc = {rust_str(line)}]\n")
        else:
            out.append(f"{indent}///{line}\n")
    return "".join(out)


def rust_ident(name: str) -> str:
    return name


def render_rust(tool: dict) -> str:
    out = [RUST_PRELUDE, "\n"]
    for name, d in tool["decls"].items():
        out.append(rust_doc(d["doc"], ""))
        if d["kind"] == "struct":
            out.append("#[derive(Debug, Serialize, Deserialize, JsonSchema)]\n")
            if d["rename_all"]:
                out.append(f"#[serde(rename_all = {rust_str(d['rename_all'])})]\n")
            out.append(f"pub struct {name} {{\n")
            for f in d["fields"]:
                out.append(rust_doc(f["doc"], "    "))
                serde = []
                if f["rename"] is not None:
                    serde.append(f"rename = {rust_str(f['rename'])}")
                if f["default"]:
                    serde.append("default")
                if f["skip"]:
                    serde.append("skip")
                if serde:
                    out.append(f"    #[serde({', '.join(serde)})]\n")
                out.append(f"    pub {rust_ident(f['name'])}: {rust_ty(f['ty'])},\n")
            out.append("}\n\n")
        elif d["kind"] == "enum":
            out.append("#[derive(Debug, Serialize, Deserialize, JsonSchema)]\n")
            if d["rename_all"]:
                out.append(f"#[serde(rename_all = {rust_str(d['rename_all'])})]\n")
            out.append(f"pub enum {name} {{\n")
            for v in d["variants"]:
                out.append(rust_doc(v["doc"], "    "))
                if v["rename"] is not None:
                    out.append(f"    #[serde(rename = {rust_str(v['rename'])})]\n")
                out.append(f"    {v['name']},\n")
            out.append("}\n\n")
        elif d["kind"] == "newtype":
            out.append("#[derive(Debug, Serialize, Deserialize, JsonSchema)]\n")
            out.append(f"pub struct {name}(pub {rust_ty(d['ty'])});\n\n")
        elif d["kind"] == "unit":
            out.append(f"#[derive(Debug, Serialize)]\npub struct {name};\n\n")
    args = []
    for key in ("name", "title", "description"):
        if key in tool["attrs"]:
            args.append(f"{key} = {rust_str(tool['attrs'][key])}")
    if "structured_output" in tool["attrs"]:
        args.append(f"structured_output = {str(tool['attrs']['structured_output']).lower()}")
    if "annotations" in tool["attrs"]:
        ann = []
        for k, v in tool["attrs"]["annotations"].items():
            ann.append(f"{k} = {rust_str(v) if isinstance(v, str) else str(v).lower()}")
        args.append(f"annotations({', '.join(ann)})")
    indent = "    " if tool["method"] else ""
    params = (["&self"] if tool["method"] else []) + [f"{p['name']}: {rust_ty(p['ty'])}" for p in tool["params"]]
    ret = "" if tool["ret"] is None else f" -> {rust_ty(tool['ret'])}"
    fn = [rust_doc(tool["doc"], indent), f"{indent}#[tool{'(' + ', '.join(args) + ')' if args else ''}]\n",
          f"{indent}{'async ' if tool['is_async'] else ''}fn {tool['fn']}({', '.join(params)}){ret} {{\n",
          f"{indent}    todo!()\n{indent}}}\n"]
    if tool["method"]:
        out.append("pub struct Server;\n\nimpl Server {\n" + "".join(fn) + "}\n")
    else:
        out.extend(fn)
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Python rendering: the profile's mapping
# --------------------------------------------------------------------------------------------

PY_PRELUDE = """from __future__ import annotations

import inspect
from datetime import date, datetime, time
from enum import Enum
from typing import Annotated, Any, NewType, Optional
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field
from mcp.server.mcpserver import Context
from mcp.types import ToolAnnotations
"""


def unraw(name: str) -> str:
    return name[2:] if name.startswith("r#") else name


def py_ty(t: tuple) -> str:
    k = t[0]
    if k == "int":
        return "int"
    if k == "float":
        return "float"
    if k == "bool":
        return "bool"
    if k == "str":
        return "str"
    if k == "unit":
        return "None"
    if k == "option":
        return f"Optional[{py_ty(t[2])}]"
    if k == "list":
        return f"list[{py_ty(t[2])}]"
    if k == "array":
        return f"Annotated[list[{py_ty(t[2])}], Field(min_length={t[1]}, max_length={t[1]})]"
    if k == "set":
        return f"set[{py_ty(t[2])}]"
    if k == "tuple":
        return f"tuple[{', '.join(py_ty(x) for x in t[2:])}]"
    if k == "map":
        return f"dict[{py_ty(t[2])}, {py_ty(t[3])}]"
    if k == "jsonmap":
        return "dict[str, Any]"
    if k == "value":
        return "Any"
    if k == "time":
        return TIMES[t[1]]
    if k in ("box", "result"):
        return py_ty(t[2])
    if k == "named":
        return t[1]
    if k == "context":
        return "Context"
    raise ValueError(t)


def py_default(t: tuple, decls: dict):
    """The Python literal of the Rust `Default` of a type the profile lists, or None."""
    k = t[0]
    if k == "int":
        return "0"
    if k == "float":
        return "0.0"
    if k == "bool":
        return "False"
    if k == "str":
        return "'\\x00'" if t[1] == "char" else "''"
    if k in ("unit", "option", "value"):
        return "None"
    if k in ("list",):
        return "[]"
    if k == "set":
        return "set()"
    if k in ("map", "jsonmap"):
        return "{}"
    if k == "array":
        inner = py_default(t[2], decls)
        return None if inner is None else "[" + ", ".join([inner] * int(t[1])) + "]"
    if k == "tuple":
        items = [py_default(x, decls) for x in t[2:]]
        return None if None in items else "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if k == "box":
        return py_default(t[2], decls)
    if k == "named" and decls.get(t[1], {}).get("kind") == "newtype":
        inner = decls[t[1]]["ty"]
        return None if inner[0] == "named" and inner[1] == t[1] else py_default(inner, decls)
    return None


def is_option(t: tuple) -> bool:
    """`Option<T>`, also behind `Box`/`Rc`/`Arc`/`&` (which are `T` itself in Python)."""
    while t[0] == "box":
        t = t[2]
    return t[0] == "option"


def raw_doc(lines) -> str | None:
    """The Python docstring: each `#[doc]` string minus one leading space, joined with newlines."""
    if lines is None:
        return None
    return "\n".join(line[1:] if line.startswith(" ") else line for line in lines)


def serde_field_case(rule: str, field: str) -> str:
    if rule in ("lowercase", "snake_case"):
        return field
    if rule in ("UPPERCASE", "SCREAMING_SNAKE_CASE"):
        return field.upper() if field.isascii() else "".join(c.upper() if c.isascii() else c for c in field)
    if rule in ("PascalCase", "camelCase"):
        out, cap = [], True
        for c in field:
            if c == "_":
                cap = True
            elif cap:
                out.append(c.upper() if c.isascii() else c)
                cap = False
            else:
                out.append(c)
        s = "".join(out)
        if rule == "camelCase" and s:
            s = (s[0].lower() if s[0].isascii() else s[0]) + s[1:]
        return s
    if rule == "kebab-case":
        return field.replace("_", "-")
    if rule == "SCREAMING-KEBAB-CASE":
        return serde_field_case("SCREAMING_SNAKE_CASE", field).replace("_", "-")
    raise ValueError(rule)


def serde_variant_case(rule: str, v: str) -> str:
    def ascii_lower(c):
        return c.lower() if c.isascii() else c

    if rule == "PascalCase":
        return v
    if rule == "lowercase":
        return "".join(ascii_lower(c) for c in v)
    if rule == "UPPERCASE":
        return "".join(c.upper() if c.isascii() else c for c in v)
    if rule == "camelCase":
        return ascii_lower(v[0]) + v[1:]
    if rule == "snake_case":
        return "".join(("_" if i > 0 and c.isupper() else "") + ascii_lower(c) for i, c in enumerate(v))
    if rule == "SCREAMING_SNAKE_CASE":
        return "".join(c.upper() if c.isascii() else c for c in serde_variant_case("snake_case", v))
    if rule == "kebab-case":
        return serde_variant_case("snake_case", v).replace("_", "-")
    if rule == "SCREAMING-KEBAB-CASE":
        return serde_variant_case("SCREAMING_SNAKE_CASE", v).replace("_", "-")
    raise ValueError(rule)


def newtype_order(decls: dict) -> list:
    """Newtypes in an order where each one's inner newtypes come first."""
    done, out = set(), []

    def visit(name, seen):
        if name in done or name in seen:
            return
        seen = seen | {name}
        for ref in named_in(decls[name]["ty"]):
            if decls.get(ref, {}).get("kind") == "newtype":
                visit(ref, seen)
        done.add(name)
        out.append(name)

    for name, d in decls.items():
        if d["kind"] == "newtype":
            visit(name, set())
    return out


def named_in(t: tuple):
    if t[0] == "named":
        yield t[1]
    for c in t[2:]:
        if isinstance(c, tuple):
            yield from named_in(c)


def render_python(tool: dict) -> str:
    decls = tool["decls"]
    out = [PY_PRELUDE, "\n"]
    for name, d in decls.items():
        if d["kind"] == "enum":
            out.append(f"class {name}(Enum):\n")
            if d["doc"] is not None:
                out.append(f"    {raw_doc(d['doc'])!r}\n")
            for i, v in enumerate(d["variants"]):
                value = v["rename"] if v["rename"] is not None else (
                    serde_variant_case(d["rename_all"], v["name"]) if d["rename_all"] else v["name"])
                out.append(f"    M{i} = {value!r}\n")
            out.append("\n")
        elif d["kind"] == "unit":
            out.append(f"class {name}:\n    pass\n\n")
    models = []
    for name, d in decls.items():
        if d["kind"] != "struct":
            continue
        models.append(name)
        out.append(f"class {name}(BaseModel):\n")
        if d["doc"] is not None:
            out.append(f"    {raw_doc(d['doc'])!r}\n")
        body = []
        for f in d["fields"]:
            if f["skip"]:
                continue
            pname = unraw(f["name"])
            alias = f["rename"] if f["rename"] is not None else (
                serde_field_case(d["rename_all"], pname) if d["rename_all"] else None)
            extras = []
            if alias is not None and alias != pname:
                extras.append(f"alias={alias!r}")
            if f["doc"] is not None:
                extras.append(f"description=inspect.cleandoc({raw_doc(f['doc'])!r})")
            default = None
            if is_option(f["ty"]):
                default = "None"
            elif f["default"]:
                default = py_default(f["ty"], decls)
            if default is not None:
                extras.insert(0, f"default={default}")
            ann = py_ty(f["ty"])
            if pname.startswith("_"):
                # A private attribute in pydantic: it takes no Field(), and is never in the schema.
                body.append(f"    {pname}: {ann}\n")
            elif extras:
                body.append(f"    {pname}: {ann} = Field({', '.join(extras)})\n")
            else:
                body.append(f"    {pname}: {ann}\n")
        out.extend(body or ["    pass\n"])
        out.append("\n")
    for name in newtype_order(decls):
        out.append(f"{name} = NewType({name!r}, {py_ty(decls[name]['ty'])})\n")
    for name in models:
        out.append(f"{name}.model_rebuild()\n")
    params = []
    for p in tool["params"]:
        ann = py_ty(p["ty"])
        if is_option(p["ty"]):
            params.append(f"{unraw(p['name'])}: {ann} = None")
        else:
            params.append(f"{unraw(p['name'])}: {ann}")
    ret = "None" if tool["ret"] is None else py_ty(tool["ret"])
    out.append(f"\n\n{'async ' if tool['is_async'] else ''}def {tool['fn']}({'*, ' if params else ''}"
               f"{', '.join(params)}) -> {ret}:\n")
    if tool["doc"] is not None:
        out.append(f"    {raw_doc(tool['doc'])!r}\n")
    out.append("    raise NotImplementedError\n\n\n")
    out.append(f"TOOL = {tool['fn']}\n\n\ndef register():\n    kw = {{}}\n")
    for key in ("name", "title", "description", "structured_output"):
        if key in tool["attrs"]:
            out.append(f"    kw[{key!r}] = {tool['attrs'][key]!r}\n")
    if "annotations" in tool["attrs"]:
        out.append(f"    kw['annotations'] = ToolAnnotations(**{tool['attrs']['annotations']!r})\n")
    out.append("    return kw\n")
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Running both sides
# --------------------------------------------------------------------------------------------


def run_ours(binary: Path, path: Path) -> dict:
    p = subprocess.run([str(binary), "generate", "--profile", "python-sdk", path.name], cwd=path.parent,
                       capture_output=True, text=True)
    if p.returncode == 0:
        tools = json.loads(p.stdout)["tools"]
        if len(tools) != 1:
            return {"error": f"ours: {len(tools)} tools"}
        return {"tool": tools[0]}
    if p.returncode == 2:
        first = next((line for line in p.stderr.splitlines() if line.strip()), "")
        return {"error": f"exit 2: {first.strip()[:200]}"}
    return {"crash": f"exit {p.returncode}: {p.stderr.strip()[-300:]}"}


def run_batch(tools: list, binary: Path, python: Path, workdir: Path, prefix: str) -> list:
    """(ours, sdk) for each tool."""
    workdir.mkdir(parents=True, exist_ok=True)
    names = []
    for i, tool in enumerate(tools):
        name = f"{prefix}_{i}"
        names.append(name)
        (workdir / f"{name}.rs").write_text(render_rust(tool))
        (workdir / f"{name}.py").write_text(render_python(tool))
    sdk = {}
    chunk = 400
    for start in range(0, len(names), chunk):
        p = subprocess.run([str(python), str(HERE / "sdk_list.py"), str(workdir), *names[start:start + chunk]],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"the SDK runner failed:\n{p.stderr[-2000:]}")
        sdk.update(json.loads(p.stdout))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        ours = list(pool.map(lambda n: run_ours(binary, workdir / f"{n}.rs"), names))
    return [(o, sdk[n]) for o, n in zip(ours, names)]


# --------------------------------------------------------------------------------------------
# Comparison and classes
# --------------------------------------------------------------------------------------------


def generalise(path: list) -> str:
    out = []
    for i, seg in enumerate(path):
        parent = path[i - 1] if i else None
        if parent in ("properties", "$defs"):
            out.append("*")
        elif isinstance(seg, int):
            out.append("#")
        else:
            out.append(str(seg))
    return "/" + "/".join(out)


def value_diff(a, b, path):
    """The first difference as (generalised class, concrete pointer), or None. JSON types count."""
    if type(a) is not type(b):
        return f"{generalise(path)}: {type(b).__name__} in SDK, {type(a).__name__} in ours", path
    if isinstance(a, dict):
        for k in b:
            if k not in a:
                return f"{generalise(path + [k])}: missing in ours", path + [k]
        for k in a:
            if k not in b:
                return f"{generalise(path + [k])}: extra in ours", path + [k]
        for k in b:
            d = value_diff(a[k], b[k], path + [k])
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{generalise(path)}: length {len(b)} in SDK, {len(a)} in ours", path
        for i, (x, y) in enumerate(zip(a, b)):
            d = value_diff(x, y, path + [i])
            if d:
                return d
        return None
    if a != b:
        return f"{generalise(path)}: value differs", path
    return None


def order_diff(a, b, path):
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{generalise(path)}: key order", path
        for k in b:
            d = order_diff(a[k], b[k], path + [k])
            if d:
                return d
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = order_diff(x, y, path + [i])
            if d:
                return d
    return None


def error_class(msg: str) -> str:
    return re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\d+", "_", msg)[:90]


def classify(ours: dict, sdk: dict):
    """None when equal (values and key order), else (class, detail)."""
    if "crash" in ours:
        return "ours crashed", ours["crash"]
    if "error" in sdk and "error" in ours:
        return None
    if "error" in sdk:
        return f"SDK refuses, ours publishes: {error_class(sdk['error'])}", sdk["error"]
    if "error" in ours:
        return f"ours refuses, SDK publishes: {error_class(ours['error'])}", ours["error"]
    d = value_diff(ours["tool"], sdk["tool"], [])
    if d:
        return "value " + d[0], "/".join(map(str, d[1]))
    d = order_diff(ours["tool"], sdk["tool"], [])
    if d:
        return "order " + d[0], "/".join(map(str, d[1]))
    return None


# --------------------------------------------------------------------------------------------
# Shrinking
# --------------------------------------------------------------------------------------------


def type_paths(t: tuple, path=()):
    yield path, t
    for i, c in enumerate(t[2:], start=2):
        if isinstance(c, tuple):
            yield from type_paths(c, path + (i,))


def replace_at(t: tuple, path: tuple, new: tuple) -> tuple:
    if not path:
        return new
    i = path[0]
    return t[:i] + (replace_at(t[i], path[1:], new),) + t[i + 1:]


def simpler_types(t: tuple):
    for c in t[2:]:
        if isinstance(c, tuple):
            yield c
    if t != ("int", "i64"):
        yield ("int", "i64")


def gc_decls(tool: dict) -> dict:
    reach, todo = set(), []
    for p in tool["params"]:
        todo.extend(named_in(p["ty"]))
    if tool["ret"] is not None:
        todo.extend(named_in(tool["ret"]))
    while todo:
        n = todo.pop()
        if n in reach or n not in tool["decls"]:
            continue
        reach.add(n)
        d = tool["decls"][n]
        if d["kind"] == "struct":
            for f in d["fields"]:
                todo.extend(named_in(f["ty"]))
        elif d["kind"] == "newtype":
            todo.extend(named_in(d["ty"]))
    tool["decls"] = {k: v for k, v in tool["decls"].items() if k in reach}
    return tool


def candidates(tool: dict):
    """Every tool one step simpler than `tool`."""

    def variant(edit):
        t = copy.deepcopy(tool)
        edit(t)
        return gc_decls(t)

    for i in range(len(tool["params"])):
        yield variant(lambda t, i=i: t["params"].pop(i))
    if tool["ret"] is not None:
        yield variant(lambda t: t.__setitem__("ret", None))
    for key in list(tool["attrs"]):
        yield variant(lambda t, key=key: t["attrs"].pop(key))
    for key in ("doc",):
        if tool[key] is not None:
            yield variant(lambda t: t.__setitem__("doc", None))
    for flag in ("is_async", "method"):
        if tool[flag]:
            yield variant(lambda t, flag=flag: t.__setitem__(flag, False))
    for name, d in tool["decls"].items():
        if d.get("doc") is not None:
            yield variant(lambda t, name=name: t["decls"][name].__setitem__("doc", None))
        if d.get("rename_all"):
            yield variant(lambda t, name=name: t["decls"][name].__setitem__("rename_all", None))
        if d["kind"] == "struct":
            for i, f in enumerate(d["fields"]):
                yield variant(lambda t, name=name, i=i: t["decls"][name]["fields"].pop(i))
                for key in ("doc", "rename"):
                    if f[key] is not None:
                        yield variant(lambda t, name=name, i=i, key=key: t["decls"][name]["fields"][i].__setitem__(key, None))
                for key in ("default", "skip"):
                    if f[key]:
                        yield variant(lambda t, name=name, i=i, key=key: t["decls"][name]["fields"][i].__setitem__(key, False))
                for path, sub in type_paths(f["ty"]):
                    for new in simpler_types(sub):
                        def edit(t, name=name, i=i, path=path, new=new):
                            fld = t["decls"][name]["fields"][i]
                            fld["ty"] = replace_at(fld["ty"], path, new)
                        yield variant(edit)
        if d["kind"] == "enum" and len(d["variants"]) > 1:
            for i in range(len(d["variants"])):
                yield variant(lambda t, name=name, i=i: t["decls"][name]["variants"].pop(i))
        if d["kind"] == "newtype":
            for path, sub in type_paths(d["ty"]):
                for new in simpler_types(sub):
                    yield variant(lambda t, name=name, path=path, new=new:
                                  t["decls"][name].__setitem__("ty", replace_at(t["decls"][name]["ty"], path, new)))
    for i, p in enumerate(tool["params"]):
        for path, sub in type_paths(p["ty"]):
            for new in simpler_types(sub):
                yield variant(lambda t, i=i, path=path, new=new:
                              t["params"][i].__setitem__("ty", replace_at(t["params"][i]["ty"], path, new)))
    if tool["ret"] is not None:
        for path, sub in type_paths(tool["ret"]):
            for new in simpler_types(sub):
                yield variant(lambda t, path=path, new=new: t.__setitem__("ret", replace_at(t["ret"], path, new)))


def shrink(tool: dict, cls: str, binary: Path, python: Path, workdir: Path) -> dict:
    rounds = 0
    while True:
        cands = list(candidates(tool))
        if not cands:
            return tool
        rounds += 1
        results = run_batch(cands, binary, python, workdir / f"shrink{rounds}", f"s{rounds}")
        for cand, (ours, sdk) in zip(cands, results):
            c = classify(ours, sdk)
            if c and c[0] == cls:
                tool = cand
                break
        else:
            return tool


def size(tool: dict) -> int:
    return len(render_rust(tool))


# --------------------------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tools", type=int, default=200)
    ap.add_argument("--bin", type=Path, default=REPO / "target" / "release" / "mcp-schema")
    ap.add_argument("--shrink", action="store_true", help="shrink the example of each class")
    ap.add_argument("--keep", type=Path, help="write the generated files (and the examples) here")
    ap.add_argument("--json", type=Path, help="write the figures and classes as JSON here")
    ap.add_argument("--summary", action="store_true", help="print the classes without their examples")
    ap.add_argument("--fail-under", type=float, default=None, help="exit 1 when fewer than this %% are equal")
    args = ap.parse_args()

    python = ensure_venv()
    binary = args.bin.resolve()
    if not binary.exists():
        raise SystemExit(f"{binary} does not exist: run `cargo build --release --locked` first")
    started = time.time()
    rng = random.Random(args.seed)
    tools = [Gen(rng, f"s{args.seed}").tool(i) for i in range(args.tools)]
    work = args.keep or Path(tempfile.mkdtemp(prefix="mcp-schema-diffpy-"))
    try:
        results = run_batch(tools, binary, python, work / "tools", f"t{args.seed}")
        classes: dict = {}
        equal = both_refuse = 0
        for tool, (ours, sdk) in zip(tools, results):
            c = classify(ours, sdk)
            if c is None:
                equal += 1
                both_refuse += "error" in sdk
                continue
            entry = classes.setdefault(c[0], {"count": 0, "tool": None, "detail": None})
            entry["count"] += 1
            if entry["tool"] is None or size(tool) < size(entry["tool"]):
                entry["tool"], entry["detail"] = tool, c[1]
        total = len(tools)
        print(f"seed {args.seed}: {equal}/{total} tools equal ({100 * equal / total:.1f}%), values and key order"
              f" ({both_refuse} refused by both); {len(classes)} mismatch classes; {time.time() - started:.1f}s")
        for i, (cls, entry) in enumerate(sorted(classes.items(), key=lambda kv: -kv[1]["count"])):
            if args.summary:
                print(f"  [{entry['count']}] {cls}  (e.g. {entry['detail']})")
                continue
            tool = entry["tool"]
            if args.shrink:
                tool = shrink(tool, cls, binary, python, work / f"class{i}")
            ours, sdk = run_batch([tool], binary, python, work / f"class{i}" / "final", "ex")[0]
            print(f"\n== [{entry['count']}] {cls}\n   at {classify(ours, sdk)[1] if classify(ours, sdk) else '?'}")
            print("   --- rust ---")
            print("   " + render_rust(tool).split("use uuid::Uuid;\n", 1)[1].strip().replace("\n", "\n   "))
            print("   --- sdk ---\n   " + json.dumps(sdk, ensure_ascii=False)[:1500])
            print("   --- ours ---\n   " + json.dumps(ours, ensure_ascii=False)[:1500])
        if args.json:
            args.json.write_text(json.dumps({"seed": args.seed, "tools": total, "equal": equal,
                                             "classes": {k: v["count"] for k, v in classes.items()}}, indent=2))
        if args.fail_under is not None and 100 * equal / total < args.fail_under:
            return 1
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
