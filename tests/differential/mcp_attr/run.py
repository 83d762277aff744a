#!/usr/bin/env python3
"""Differential test of `mcp-schema generate --profile mcp-attr` against the real mcp-attr.

    python3 tests/differential/mcp_attr/run.py --seed 1 --tools 60 [--mcp-attr 0.0.7] [--preserve-order]

Draws one server of random tools: each a `#[tool]` or `#[tool("name")]` method of a
`#[mcp_server] impl McpServer`, with a random doc comment (several lines, blank lines, indents)
and zero to four parameters, each with a random type (primitives, `Option`, `Vec`, arrays,
tuples, maps, `serde_json::Value`, structs and enums drawn here with doc comments, serde renames,
`rename_all`, `default`, `deny_unknown_fields`, nested and recursive types, tagged, untagged and
unit enums), a random doc comment, `#[arg("…")]`, a `_` prefix, and a `&RequestContext` now and
then. The crate is built against the given mcp-attr release (0.0.7 with the catalogue's lock),
run, and asked over stdio for `tools/list`; mcp-schema reads the same sources, and the two are
compared tool by tool, values and key order. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]

TOML = """[package]
name = "mcp_attr_diff"
version = "0.1.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
mcp-attr = "=__VERSION__"
schemars = "0.8.22"
serde = { version = "1", features = ["derive"] }
serde_json = __SERDE_JSON__
tokio = { version = "1", features = ["rt-multi-thread", "macros"] }
"""

PRIMITIVES = ["String", "bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "usize", "isize",
              "f32", "f64", "char"]
WORDS = ["alpha", "beta", "gamma", "delta", "count", "limit", "path", "name", "query", "mode", "depth",
         "items", "flag", "target", "source", "zeta", "kind", "label", "note", "size"]


class Gen:
    def __init__(self, r: random.Random):
        self.r = r
        self.decls: list[str] = []
        self.structs: list[str] = []
        # Structs whose fields are all written: the only ones a field may name by value (a
        # struct holding itself, or one being written, has no size).
        self.done: list[str] = []
        self.enums: list[str] = []
        self.n = 0

    def ident(self) -> str:
        self.n += 1
        return f"{self.r.choice(WORDS)}_{self.n}"

    def doc(self, indent: str, allow_empty=True) -> list[str]:
        r = self.r
        if allow_empty and r.random() < 0.3:
            return []
        # A leading blank line now and then (the macro writes a line break only after text).
        lines = [f"{indent}///"] if r.random() < 0.15 else []
        for _ in range(r.randint(1, 3)):
            if lines and r.random() < 0.3:
                lines.append(f"{indent}///")
            pad = " " * r.choice([0, 0, 0, 2, 4])
            lines.append(f"{indent}/// {pad}{r.choice(WORDS).capitalize()} {r.choice(WORDS)} {r.choice(WORDS)}.")
        return lines

    def ty(self, depth=0) -> str:
        r = self.r
        roll = r.random()
        if depth > 2 or roll < 0.45:
            return r.choice(PRIMITIVES)
        if roll < 0.55:
            return f"Option<{self.ty(depth + 1)}>"
        if roll < 0.65:
            return f"Vec<{self.ty(depth + 1)}>"
        if roll < 0.68:
            return f"[{r.choice(['u8', 'bool', 'String'])}; {r.randint(1, 3)}]"
        if roll < 0.71:
            return f"({self.ty(depth + 1)}, {r.choice(PRIMITIVES)})"
        if roll < 0.76:
            return f"{r.choice(['HashMap', 'BTreeMap'])}<String, {self.ty(depth + 1)}>"
        if roll < 0.79:
            return "serde_json::Value"
        if roll < 0.92 or not self.enums:
            return self.struct(depth + 1)
        return r.choice(self.enums)

    def struct(self, depth) -> str:
        r = self.r
        if self.done and r.random() < 0.3:
            return r.choice(self.done)
        name = f"S{len(self.structs) + len(self.enums)}"
        self.structs.append(name)
        attrs = []
        if r.random() < 0.3:
            attrs.append(f'#[serde(rename_all = "{r.choice(["camelCase", "snake_case", "SCREAMING_SNAKE_CASE", "kebab-case"])}")]')
        if r.random() < 0.15:
            attrs.append("#[serde(deny_unknown_fields)]")
        fields = []
        for _ in range(r.randint(1, 4)):
            f = self.ident()
            lines = self.doc("    ")
            if r.random() < 0.2:
                lines.append(f'    #[serde(rename = "{f.upper()}")]')
            ty = self.ty(depth + 1)
            if r.random() < 0.15 and ty in ("bool", "String", "u32"):
                lines.append("    #[serde(default)]")
            if r.random() < 0.1 and ty in ("u8", "u32", "i32"):
                lines.append("    #[schemars(range(min = 1, max = 9))]")
            lines.append(f"    {f}: {ty},")
            fields.append("\n".join(lines))
        if depth <= 2 and r.random() < 0.08:
            fields.append(f"    children: Vec<{name}>,")
        body = "\n".join(self.doc("") + ["#[derive(Debug, Deserialize, JsonSchema)]"] + attrs + [f"struct {name} {{"] + fields + ["}"])
        self.decls.append(body)
        self.done.append(name)
        if r.random() < 0.4:
            self.enum()
        return name

    def enum(self):
        r = self.r
        name = f"E{len(self.structs) + len(self.enums)}"
        self.enums.append(name)
        form = r.choice(["unit", "unit", "tagged", "untagged"])
        attrs = []
        variants = []
        for i in range(r.randint(1, 4)):
            doc = self.doc("    ")
            v = f"V{i}{r.choice(WORDS).capitalize()}"
            if form == "unit":
                variants.append("\n".join(doc + [f"    {v},"]))
            elif form == "tagged":
                variants.append("\n".join(doc + [f"    {v} {{ {self.ident()}: {r.choice(PRIMITIVES)} }},"]))
            else:
                variants.append("\n".join(doc + [f"    {v}({r.choice(['String', 'u32', 'bool', 'Vec<String>'])}),"]))
        if form == "tagged":
            attrs.append('#[serde(tag = "kind")]')
        if form == "untagged":
            attrs.append("#[serde(untagged)]")
        if form == "unit" and r.random() < 0.3:
            attrs.append('#[serde(rename_all = "lowercase")]')
        self.decls.append("\n".join(self.doc("") + ["#[derive(Debug, Deserialize, JsonSchema)]"] + attrs + [f"enum {name} {{"] + variants + ["}"]))

    def tool(self, i: int) -> str:
        r = self.r
        lines = self.doc("    ")
        # A raw identifier now and then: the macro names the tool `r#…`, as `to_string()` does.
        fn = f"r#tool_{i}" if r.random() < 0.05 else f"tool_{i}_{r.choice(WORDS)}"
        lines.append(f'    #[tool("{r.choice(WORDS)}_{i}")]' if r.random() < 0.25 else "    #[tool]")
        params = ["&self"]
        used = set()
        for _ in range(r.randint(0, 4)):
            p = self.ident()
            if r.random() < 0.1:
                params.append(f"cx_{p}: &RequestContext")
                continue
            parts = [x.strip() for x in self.doc("")]
            attr = ""
            wire = p
            if r.random() < 0.15:
                wire = f"wire_{p}"
                attr = f'#[arg("{wire}")] '
            name = p
            if not attr and r.random() < 0.15:
                name = f"_{p}"
            elif not attr and r.random() < 0.05:
                name, wire = "r#type", "r#type"
            if wire in used:
                continue
            used.add(wire)
            ty = self.ty(0)
            params.append("\n".join([f"        {x}" for x in parts] + [f"        {attr}{name}: {ty}"]))
        lines.append(f"    async fn {fn}(")
        lines.append(",\n".join(p if p.startswith(" ") else f"        {p}" for p in params))
        lines.append("    ) -> Result<String> {")
        lines.append("        Ok(String::new())")
        lines.append("    }")
        return "\n".join(lines)


def source(seed: int, count: int) -> str:
    g = Gen(random.Random(seed))
    tools = [g.tool(i) for i in range(count)]
    return "\n".join([
        "// Generated by tests/differential/mcp_attr/run.py: do not edit.",
        "#![allow(warnings)]",
        "use std::collections::{BTreeMap, HashMap};",
        "use mcp_attr::Result;",
        "use mcp_attr::server::{McpServer, RequestContext, mcp_server, serve_stdio};",
        "use schemars::JsonSchema;",
        "use serde::Deserialize;",
        "",
        *g.decls,
        "",
        "struct Server;",
        "",
        "#[mcp_server]",
        "impl McpServer for Server {",
        *tools,
        "}",
        "",
        "#[tokio::main]",
        "async fn main() -> Result<()> {",
        "    serve_stdio(Server).await?;",
        "    Ok(())",
        "}",
        "",
    ])


def served(exe: Path) -> list:
    """The `tools/list` result the compiled server sends, keys as sent."""
    p = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def send(msg, expect=True):
        p.stdin.write(json.dumps(msg, separators=(",", ":")) + "\n")
        p.stdin.flush()
        return p.stdout.readline() if expect else None

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"protocolVersion": "2024-11-05", "capabilities": {}, "clientInfo": {"name": "diff", "version": "0"}}})
    send({"jsonrpc": "2.0", "method": "notifications/initialized"}, expect=False)
    raw = send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    p.stdin.close()
    p.wait(timeout=30)
    msg = json.loads(raw)
    if "result" not in msg:
        sys.exit(f"the server answered tools/list with {raw[:300]}")
    return msg["result"]["tools"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tools", type=int, default=60)
    ap.add_argument("--mcp-attr", default="0.0.7")
    ap.add_argument("--preserve-order", action="store_true", help="turn on serde_json's preserve_order")
    ap.add_argument("--bin", default=str(REPO / "target" / "release" / "mcp-schema"))
    ap.add_argument("--target-dir", default=os.environ.get("MCP_SCHEMA_DIFF_TARGET", str(REPO.parent / "difftarget")))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()

    crate = Path(args.target_dir) / "mcp-attr-crates" / f"seed{args.seed}"
    shutil.rmtree(crate, ignore_errors=True)
    (crate / "src").mkdir(parents=True)
    serde_json = '{ version = "1", features = ["preserve_order"] }' if args.preserve_order else '"1"'
    (crate / "Cargo.toml").write_text(TOML.replace("__VERSION__", args.mcp_attr).replace("__SERDE_JSON__", serde_json))
    (crate / "src" / "main.rs").write_text(source(args.seed, args.tools))
    lock = REPO / "testdata" / "mcp-attr" / ("catalogue-preserve-order" if args.preserve_order else "catalogue") / "Cargo.lock"
    if args.mcp_attr == "0.0.7":
        text = lock.read_text().replace('name = "catalogue"', 'name = "mcp_attr_diff"')
        (crate / "Cargo.lock").write_text(text)
    env = dict(os.environ, CARGO_TARGET_DIR=str(Path(args.target_dir) / "mcp-attr-target"))
    build = subprocess.run(["cargo", "build", "--quiet", f"-j{args.jobs}"], cwd=crate, env=env,
                           capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stderr[-4000:], file=sys.stderr)
        sys.exit(f"the generated crate does not build ({crate})")
    expected = served(Path(env["CARGO_TARGET_DIR"]) / "debug" / "mcp_attr_diff")
    run = subprocess.run([str(Path(args.bin).resolve()), "generate", "-q", "-A", "mcp-unresolved-ref", "--sdk-version", args.mcp_attr],
                         cwd=crate, capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr[-4000:], file=sys.stderr)
        sys.exit("mcp-schema failed")
    got = json.loads(run.stdout)["tools"]
    compact = lambda t: json.dumps(t, separators=(",", ":"), ensure_ascii=False)
    equal = 0
    problems = []
    if [t["name"] for t in got] != [t["name"] for t in expected]:
        problems.append(f"names {[t['name'] for t in got]} != {[t['name'] for t in expected]}")
    for e, g in zip(expected, got):
        if compact(e) == compact(g):
            equal += 1
        else:
            kind = "key order" if e == g else "values"
            problems.append(f"{e['name']} ({kind}):\n  expected {compact(e)}\n  got      {compact(g)}")
    print(f"mcp-attr {args.mcp_attr}{' preserve_order' if args.preserve_order else ''}, seed {args.seed}: "
          f"{equal}/{len(expected)} tools equal (values and key order)")
    for p in problems[:10]:
        print(p)
    return 0 if not problems and equal == len(expected) else 1


if __name__ == "__main__":
    sys.exit(main())
