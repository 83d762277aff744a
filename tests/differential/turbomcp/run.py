#!/usr/bin/env python3
"""Differential test of `mcp-schema generate --profile turbomcp` against the real turbomcp.

    python3 tests/differential/turbomcp/run.py --seed 1 --tools 60 [--turbomcp 3.6.0] [--protocol 2025-06-18]

Draws one server of random tools: each a `#[tool]` method of a `#[server] impl`, with a random
doc comment or `#[tool("…")]`/`description = "…"`, random `title`, annotation hints, `tags`,
`version`, `icons` and `task_support`, zero to four parameters (`#[description("…")]`, raw
identifiers, a `&RequestContext` now and then) whose types are drawn as the mcp-attr harness
draws them (primitives, `Option`, `Vec`, arrays, tuples, maps, `serde_json::Value`, structs and
enums with docs, serde renames, `rename_all`, `default`, `deny_unknown_fields`, nested and
recursive types, tagged, untagged and unit enums), and a return type of `String`, `Json<T>`,
`McpResult<Json<T>>`, `Result<Json<T>, String>` or `output_schema = T`. The crate is built
against the given turbomcp release with the catalogue's lock (pinned with `cargo update
--precise` for another release), run, and asked over stdio for `tools/list`; mcp-schema reads
the same sources, and the two are compared tool by tool, values and key order, but for the
groups turbomcp keeps in a std `HashMap` (the keywords of a schema after its fixed fields,
`_meta`'s keys), compared as sets. Standard library only.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
CATALOGUE = REPO / "testdata" / "turbomcp" / "catalogue"

# The type generator is the mcp-attr harness's: one place draws Rust types for every harness.
_spec = importlib.util.spec_from_file_location("mcp_attr_run", HERE.parent / "mcp_attr" / "run.py")
_attr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_attr)
WORDS = _attr.WORDS

FAMILY = ["turbomcp", "turbomcp-macros", "turbomcp-types", "turbomcp-core", "turbomcp-protocol",
          "turbomcp-server", "turbomcp-transport", "turbomcp-transport-traits", "turbomcp-stdio"]


def version_tuple(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


class Gen(_attr.Gen):
    # What the release's macro takes (set by `source`): raw identifiers from 3.5.0,
    # `#[description]` on a parameter from 3.0.7, the metadata keys from 3.1.3, `task_support` from 3.5.0.
    raw = True
    described = True
    # Before 3.5.0 an unknown key is ignored: the macro's strict parse fails and its token
    # fallback reads the keys again, without `output_schema`.
    lenient = False

    def tool(self, i: int) -> str:
        r = self.r
        lines = self.doc("    ")
        fn = "r#type" if self.raw and i == 0 and r.random() < 0.3 else f"tool_{i}_{r.choice(WORDS)}"
        keys = []
        roll = r.random()
        if roll < 0.15:
            lines.append(f'    #[tool("{r.choice(WORDS)} {i}")]')
        else:
            if roll < 0.3:
                keys.append(f'description = "{r.choice(WORDS)} {r.choice(WORDS)}"')
            if r.random() < 0.2:
                keys.append(f'title = "{r.choice(WORDS).capitalize()} {i}"')
            for hint in ["read_only", "destructive", "idempotent", "open_world"]:
                if r.random() < 0.12:
                    keys.append(f"{hint} = {r.choice(['true', 'false'])}")
            if r.random() < 0.15:
                keys.append("tags = [" + ", ".join(f'"{w}"' for w in r.sample(WORDS, r.randint(1, 3))) + "]")
            if r.random() < 0.1:
                keys.append(f'version = "{r.randint(0, 3)}.{r.randint(0, 9)}"')
            if r.random() < 0.1:
                keys.append(f'icons = ["https://example.com/{r.choice(WORDS)}.png"]')
            if r.random() < 0.1:
                keys.append(f'task_support = "{r.choice(["forbidden", "optional", "required"])}"')
            if self.lenient and r.random() < 0.15:
                keys.append(r.choice(['descriptio = "typo"', "read_only = 1", 'unknown_key = "x"']))
        if roll < 0.15:
            # The shorthand takes no keys: an `output_schema = T` drawn is dropped.
            ret, body = self.returns([])
            if ret == "String":
                body = "String::new()"
        else:
            ret, body = self.returns(keys)
            lines.append(f"    #[tool({', '.join(keys)})]" if keys else "    #[tool]")
        params = ["&self"]
        used = set()
        for _ in range(r.randint(0, 4)):
            p = self.ident()
            if r.random() < 0.1:
                params.append(f"ctx_{p}: &RequestContext")
                continue
            name = "r#match" if self.raw and r.random() < 0.05 else p
            if name in used:
                continue
            used.add(name)
            attr = f'#[description("{r.choice(WORDS).capitalize()} {r.choice(WORDS)}")] ' if self.described and r.random() < 0.3 else ""
            params.append(f"        {attr}{name}: {self.ty(0)}")
        lines.append(f"    async fn {fn}(")
        lines.append(",\n".join(p if p.startswith(" ") else f"        {p}" for p in params))
        lines.append(f"    ) -> {ret} {{")
        lines.append(f"        {body}")
        lines.append("    }")
        return "\n".join(lines)

    def returns(self, keys: list[str]) -> tuple[str, str]:
        r = self.r
        roll = r.random()
        if roll < 0.4:
            return "String", "String::new()"
        out = self.struct(1) if r.random() < 0.8 or not self.enums else r.choice(self.enums)
        if roll < 0.6:
            return f"Json<{out}>", "unimplemented!()"
        if roll < 0.75:
            return f"McpResult<Json<{out}>>", "unimplemented!()"
        if roll < 0.85:
            return f"Result<Json<{out}>, String>", "unimplemented!()"
        keys.append(f"output_schema = {out}")
        return "String", "String::new()"


def source(seed: int, count: int, version: str = "3.6.0") -> str:
    g = Gen(random.Random(seed))
    g.raw = version_tuple(version) >= (3, 5, 0)
    g.described = version_tuple(version) >= (3, 0, 7)
    g.lenient = version_tuple(version) < (3, 5, 0)
    tools = [g.tool(i) for i in range(count)]
    derive = "#[derive(Debug, Deserialize, JsonSchema)]"
    decls = [d.replace(derive, "#[derive(Debug, Serialize, Deserialize, JsonSchema)]") for d in g.decls]
    return "\n".join([
        "// Generated by tests/differential/turbomcp/run.py: do not edit.",
        "#![allow(warnings)]",
        "use std::collections::{BTreeMap, HashMap};",
        "use schemars::JsonSchema;",
        "use serde::{Deserialize, Serialize};",
        "use turbomcp::prelude::*;",
        "",
        *decls,
        "",
        "#[derive(Clone)]",
        "struct Server;",
        "",
        '#[server(name = "diff", version = "1.0.0")]',
        "impl Server {",
        *tools,
        "}",
        "",
        "#[tokio::main]",
        "async fn main() -> Result<(), Box<dyn std::error::Error>> {",
        "    Server.run_stdio().await?;",
        "    Ok(())",
        "}",
        "",
    ])


def served(exe: Path, protocol: str) -> list:
    """The `tools/list` result the compiled server sends, keys as sent (every page)."""
    p = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def send(msg):
        p.stdin.write(json.dumps(msg, separators=(",", ":")) + "\n")
        p.stdin.flush()
        if "id" not in msg:
            return None
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("the server closed stdout")
            answer = json.loads(line)
            if answer.get("id") == msg["id"]:
                return answer

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"protocolVersion": protocol, "capabilities": {}, "clientInfo": {"name": "diff", "version": "0"}}})
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    tools, cursor, n = [], None, 2
    while True:
        req = {"jsonrpc": "2.0", "id": n, "method": "tools/list"}
        if cursor:
            req["params"] = {"cursor": cursor}
        msg = send(req)
        n += 1
        if "result" not in msg:
            sys.exit(f"the server answered tools/list with {json.dumps(msg)[:300]}")
        tools += msg["result"]["tools"]
        cursor = msg["result"].get("nextCursor")
        if not cursor:
            break
    p.stdin.close()
    p.wait(timeout=30)
    return tools


def locked_family(crate: Path) -> dict[str, str]:
    """The turbomcp crates of the lock and their versions."""
    out, name = {}, None
    for line in (crate / "Cargo.lock").read_text().splitlines():
        if line.startswith("name = "):
            name = line.split('"')[1]
        elif line.startswith("version = ") and name and name.startswith("turbomcp") and name != "turbomcp_diff":
            out[name] = line.split('"')[1]
    return out


def pin(crate: Path, env: dict, version: str) -> None:
    """The requirement relaxed to `version`, then every turbomcp crate of the lock moved to it with
    `cargo update --precise`, in passes: a crate whose move is refused while a sibling still
    requires the newer release is tried again after the others."""
    toml = crate / "Cargo.toml"
    toml.write_text(toml.read_text().replace('turbomcp = { version = "3.6.0"', f'turbomcp = {{ version = "{version}"'))
    for _ in range(10):
        todo = [n for n, v in locked_family(crate).items() if v != version]
        if not todo:
            return
        for n in ["turbomcp", *todo]:
            subprocess.run(["cargo", "update", "--quiet", "-p", n, "--precise", version], cwd=crate, env=env,
                           capture_output=True, text=True)
    sys.exit(f"cannot pin the turbomcp crates to {version}: {locked_family(crate)}")


def sort_after(obj: dict, fixed: list[str]) -> dict:
    head = [(k, obj[k]) for k in fixed if k in obj]
    tail = sorted((k, v) for k, v in obj.items() if k not in fixed)
    return dict(head + tail)


def normalized(tool: dict) -> dict:
    """The tool with the groups turbomcp keeps in a `HashMap` in one order."""
    tool = dict(tool)
    for key in ["inputSchema", "outputSchema"]:
        if isinstance(tool.get(key), dict):
            tool[key] = sort_after(tool[key], ["type", "properties", "required", "additionalProperties"])
    if isinstance(tool.get("_meta"), dict):
        tool["_meta"] = sort_after(tool["_meta"], [])
    return tool


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tools", type=int, default=60)
    ap.add_argument("--turbomcp", default="3.6.0")
    ap.add_argument("--protocol", default="2025-11-25")
    ap.add_argument("--bin", default=str(REPO / "target" / "release" / "mcp-schema"))
    ap.add_argument("--target-dir", default=os.environ.get("MCP_SCHEMA_DIFF_TARGET", str(REPO.parent / "difftarget")))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()

    crate = Path(args.target_dir) / "turbomcp-crates" / f"seed{args.seed}-{args.turbomcp}"
    shutil.rmtree(crate, ignore_errors=True)
    (crate / "src").mkdir(parents=True)
    toml = (CATALOGUE / "Cargo.toml").read_text().replace('name = "turbomcp-catalogue"', 'name = "turbomcp_diff"')
    (crate / "Cargo.toml").write_text(toml)
    lock = (CATALOGUE / "Cargo.lock").read_text().replace('name = "turbomcp-catalogue"', 'name = "turbomcp_diff"')
    (crate / "Cargo.lock").write_text(lock)
    (crate / "src" / "main.rs").write_text(source(args.seed, args.tools, args.turbomcp))
    env = dict(os.environ, CARGO_TARGET_DIR=str(Path(args.target_dir) / "turbomcp-target"))
    if args.turbomcp != "3.6.0":
        pin(crate, env, args.turbomcp)
    build = subprocess.run(["cargo", "build", "--quiet", f"-j{args.jobs}"], cwd=crate, env=env,
                           capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stderr[-4000:], file=sys.stderr)
        sys.exit(f"the generated crate does not build ({crate})")
    expected = served(Path(env["CARGO_TARGET_DIR"]) / "debug" / "turbomcp_diff", args.protocol)
    run = subprocess.run([str(Path(args.bin).resolve()), "generate", "-q", "-A", "mcp-unresolved-ref",
                          "--protocol", args.protocol], cwd=crate, capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr[-4000:], file=sys.stderr)
        sys.exit("mcp-schema failed")
    got = json.loads(run.stdout)["tools"]
    compact = lambda t: json.dumps(normalized(t), separators=(",", ":"), ensure_ascii=False)
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
    print(f"turbomcp {args.turbomcp}, protocol {args.protocol}, seed {args.seed}: "
          f"{equal}/{len(expected)} tools equal (values and key order)")
    for p in problems[:10]:
        print(p)
    return 0 if not problems and equal == len(expected) else 1


if __name__ == "__main__":
    sys.exit(main())
