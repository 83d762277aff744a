#!/usr/bin/env python3
"""Differential test of the client projections (`mcp-schema list --client NAME`) against the
client libraries themselves, installed pinned from PyPI in a venv and from npm in a node
environment this script makes (both cached).

Every tool goes through both: mcp-schema's projection of a manifest (`list --client NAME
--manifest FILE --format json`) and the library's own conversion (convert.py in the venv,
convert.mjs in the node environment). The
payload each sends its model must be the same bytes (keys in order), and a tool the library
refuses must be refused by both. The tools: every recorded `tools/list` of the shared real
servers (`--realworld DIR`), every `tools.json` under testdata/, and `--random N` random tools
from `--seed S`.

    python3 tests/differential/clients/run.py --seed 1 --random 2000 [--realworld ../shared/conformance/realworld]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
# What the venv holds: the library and the packages its conversion runs through.
PINS = ["openai-agents==0.24.0", "openai==3.60.0", "mcp==2.3.0", "pydantic==2.14.4"]
# The npm packages, each under the name convert.mjs imports it by (the AI SDK's older major
# beside the newer one, by alias).
NODE_PINS = ["@google/genai@3.3.0", "ai@7.0.173", "@ai-sdk/google@4.0.121", "@ai-sdk/mcp@2.0.99", "zod@4.6.7",
             "ai6@npm:ai@6.0.333", "google3@npm:@ai-sdk/google@3.0.141", "mcp1@npm:@ai-sdk/mcp@1.0.102"]
# Each client, the runtime its library runs in, and the releases it is read from.
CLIENTS = {
    "openai-agents": ("python", "openai-agents 0.24.0"),
    "openai-agents-strict": ("python", "openai-agents 0.24.0"),
    "gemini": ("node", "@google/genai 3.3.0"),
    "ai-sdk-google": ("node", "ai 7.0.173, @ai-sdk/mcp 2.0.99, @ai-sdk/google 4.0.121"),
    "ai-sdk-google-3": ("node", "ai 6.0.333, @ai-sdk/mcp 1.0.102, @ai-sdk/google 3.0.141"),
}


def venv_dir() -> Path:
    if os.environ.get("MCP_SCHEMA_CLIENTS_VENV"):
        return Path(os.environ["MCP_SCHEMA_CLIENTS_VENV"])
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "mcp-schema" / "clients-venv-openai-agents-0.24.0"


def ensure_venv() -> Path:
    venv = venv_dir()
    python = venv / "bin" / "python"
    stamp = venv / (".pins-" + "-".join(p.replace("==", "") for p in PINS))
    if not stamp.exists():
        print(f"making the venv {venv} ({', '.join(PINS)})", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PINS], check=True)
        stamp.touch()
    return python


def node_env_dir() -> Path:
    if os.environ.get("MCP_SCHEMA_CLIENTS_NODE_ENV"):
        return Path(os.environ["MCP_SCHEMA_CLIENTS_NODE_ENV"])
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "mcp-schema" / "clients-node-genai-3.3.0-ai-sdk-google-4.0.121"


def ensure_node_env() -> Path:
    """The node environment with NODE_PINS installed, and convert.mjs copied beside its
    node_modules (so its imports resolve there); the script's path."""
    env = node_env_dir()
    stamp = env / (".pins-" + "-".join(p.replace("@", "").replace("/", "_").replace(":", "_") for p in NODE_PINS))
    if not stamp.exists():
        print(f"making the node environment {env} ({', '.join(NODE_PINS)})", file=sys.stderr)
        env.mkdir(parents=True, exist_ok=True)
        (env / "package.json").write_text('{"private": true}\n')
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(env), *NODE_PINS],
                       check=True)
        stamp.touch()
    script = env / "convert.mjs"
    shutil.copyfile(HERE / "convert.mjs", script)
    return script


# ------------------------------------------------------------------------------------------
# Random tools: JSON Schemas with the keywords the conversions treat specially.
# ------------------------------------------------------------------------------------------

NAMES = ["get", "list_items", "irc.connect", "a-b", "x" * 64, "x" * 65, "café", "do it", "", "1st", "ns:get",
         "_x", "x" * 128, "x" * 129]
SCALARS = [{"type": "string"}, {"type": "integer", "format": "int64"}, {"type": "number"}, {"type": "boolean"},
           {"type": "null"}, {"type": ["string", "null"]}, {"enum": ["a", "b"]}, {"const": 1}, {},
           {"type": "string", "default": None}, {"type": "integer", "default": 3, "minimum": 0},
           # What the Gemini conversions treat specially: formats, typed and mixed enums, type
           # arrays, tuple items, numbers a double rounds.
           {"type": "string", "format": "date-time", "minLength": 1}, {"enum": [1, 2.5]}, {"enum": ["a", 1]},
           {"enum": [None]}, {"type": ["integer", "null"], "enum": [1, None]}, {"const": None},
           {"type": ["string", "integer"]}, {"type": ["string", "integer", "null"]}, {"type": "number", "minimum": 5.0},
           {"type": "array", "items": [{"type": "string"}, None]}, {"enum": [True, False]},
           {"type": "integer", "enum": [1.5]}, {"type": "integer", "maximum": 9007199254740993},
           {"type": "number", "enum": [1e21, 0.000001, 1.5e-7]}]


def schema(rng: random.Random, depth: int, defs: dict) -> object:
    roll = rng.random()
    if depth <= 0 or roll < 0.3:
        s = dict(rng.choice(SCALARS))
        if rng.random() < 0.2:
            s["description"] = "d"
        if rng.random() < 0.05:
            return rng.choice([True, False, []])
        return s
    if roll < 0.5:
        return obj(rng, depth - 1, defs)
    if roll < 0.6:
        return {"type": "array", "items": schema(rng, depth - 1, defs)}
    if roll < 0.7:
        key = rng.choice(["anyOf", "oneOf", "allOf"])
        n = rng.choice([1, 1, 2, 3])
        s = {key: [schema(rng, depth - 1, defs) for _ in range(n)]}
        if rng.random() < 0.4:
            s["description"] = "u"
        if rng.random() < 0.2:
            s["type"] = "object"
        if rng.random() < 0.1:
            s["anyOf" if key != "anyOf" else "oneOf"] = [schema(rng, depth - 1, defs)]
        return s
    if roll < 0.9:
        # `%zz` and `%+1` are no escapes: Python's unquote keeps them, decodeURIComponent throws.
        name = rng.choice(["A", "B", "C", "a/b", "a~b", "a b", "p%zz", "q%+1"])
        if name not in defs:
            defs[name] = None
            defs[name] = schema(rng, depth - 1, defs)
        escaped = name.replace("~", "~0").replace("/", "~1").replace(" ", rng.choice([" ", "%20"]))
        ref = rng.choice(["#/$defs/", "#/$defs/", "#/definitions/", "#/nowhere/", "other.json#/"]) + escaped
        s = {"$ref": ref}
        extra = rng.random()
        if extra < 0.3:
            s["description"] = "r"
        elif extra < 0.4:
            s["type"] = "object"
        elif extra < 0.45:
            s["$id"] = "x"
        if rng.random() < 0.2:
            return {"allOf": [s], **({"description": "w"} if rng.random() < 0.5 else {})}
        return s
    return {"type": "object", "additionalProperties": rng.choice([True, False, {}, {"type": "string"}])}


def obj(rng: random.Random, depth: int, defs: dict) -> dict:
    props = {f"p{i}": schema(rng, depth, defs) for i in range(rng.choice([0, 1, 2, 3]))}
    s: dict = {}
    order = ["type", "properties", "required", "additionalProperties", "title"]
    rng.shuffle(order)
    for key in order:
        if key == "type" and rng.random() < 0.8:
            s["type"] = rng.choice(["object", "object", ["object", "null"], ["object"]])
        elif key == "properties" and (props or rng.random() < 0.5):
            s["properties"] = props
        elif key == "required" and props and rng.random() < 0.5:
            s["required"] = list(props)[: rng.randint(0, len(props))]
        elif key == "additionalProperties" and rng.random() < 0.3:
            s["additionalProperties"] = rng.choice([False, True, {}])
        elif key == "title" and rng.random() < 0.2:
            s["title"] = "T"
    return s


def random_tool(rng: random.Random, index: int) -> dict:
    defs: dict = {}
    roll = rng.random()
    if roll < 0.05:
        input_schema: object = {}
    elif roll < 0.08:
        deep: object = {"type": "string"}
        for _ in range(rng.randint(45, 55)):
            deep = {"type": "object", "properties": {"x": deep}}
        input_schema = deep
    else:
        input_schema = obj(rng, rng.randint(1, 4), defs)
    if defs and isinstance(input_schema, dict):
        key = rng.choice(["$defs", "$defs", "definitions"])
        input_schema[key] = {k: (v if v is not None else {"type": "string"}) for k, v in defs.items()}
    tool = {"name": rng.choice(NAMES) + str(index % 3 or "")}
    if rng.random() < 0.7:
        tool["description"] = rng.choice(["does a thing", ""])
    if rng.random() < 0.3:
        tool["title"] = rng.choice(["Title", ""])
    if rng.random() < 0.2:
        tool["annotations"] = {"title": rng.choice(["Annotated", ""]), "readOnlyHint": True}
    tool["inputSchema"] = input_schema
    if rng.random() < 0.2:
        tool["outputSchema"] = obj(rng, 1, {})
    return tool


# ------------------------------------------------------------------------------------------


def corpus(args) -> list[tuple[str, list]]:
    sets: list[tuple[str, list]] = []
    if args.realworld:
        for path in sorted(Path(args.realworld).glob("*.json")):
            doc = json.loads(path.read_text())
            # The listing the server is scored by (`expected` names it when not `tools`).
            tools = doc.get(doc.get("expected") or "tools")
            if isinstance(tools, list) and tools:
                sets.append((path.name, tools))
    for path in sorted((REPO / "testdata").rglob("tools.json")):
        try:
            tools = json.loads(path.read_text()).get("tools")
        except (ValueError, AttributeError):
            continue
        if isinstance(tools, list) and tools and all(isinstance(t, dict) and isinstance(t.get("inputSchema"), dict) for t in tools):
            sets.append((str(path.relative_to(REPO)), tools))
    if args.random:
        rng = random.Random(args.seed)
        tools = [random_tool(rng, i) for i in range(args.random)]
        for start in range(0, len(tools), 100):
            sets.append((f"random seed {args.seed} #{start}", tools[start : start + 100]))
    return sets


def ours(binary: str, client: str, tools: list) -> list:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"tools": tools}, f, ensure_ascii=False)
        name = f.name
    try:
        out = subprocess.run([binary, "list", "--client", client, "--manifest", name, "--format", "json"],
                             capture_output=True, text=True)
    finally:
        os.unlink(name)
    if out.returncode != 0:
        raise SystemExit(f"mcp-schema list --client {client} failed:\n{out.stderr}")
    return json.loads(out.stdout)["tools"]


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def kind_of(theirs_one: dict, tool: dict) -> str:
    """How the library treated a tool, for the summary line."""
    if "refused" in theirs_one:
        return "refused"
    sent = theirs_one["sent"]
    if "strict" in sent:
        kind = "strict" if sent["strict"] else "non-strict"
    else:
        kind = "converted" if "parameters" in sent else (
            "as JSON Schema" if "parametersJsonSchema" in sent else "no parameters")
    parameters = sent.get("parameters", sent.get("parametersJsonSchema"))
    if compact(parameters) == compact(tool.get("inputSchema")):
        kind += " unchanged"
    return kind


def converter(runtime: str) -> subprocess.Popen:
    if runtime == "python":
        command = [str(ensure_venv()), str(HERE / "convert.py")]
    else:
        script = ensure_node_env()
        command = ["node", str(script)]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(REPO / "target/release/mcp-schema"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random", type=int, default=0, help="random tools to add")
    parser.add_argument("--realworld", help="the shared real-server listings")
    parser.add_argument("--client", action="append", choices=list(CLIENTS), help="only these clients")
    args = parser.parse_args()
    sets = corpus(args)
    converters: dict[str, subprocess.Popen] = {}
    failures = 0
    for client in args.client or list(CLIENTS):
        runtime, releases = CLIENTS[client]
        if runtime not in converters:
            converters[runtime] = converter(runtime)
        convert = converters[runtime]
        equal = total = 0
        classes: dict[str, int] = {}
        for label, tools in sets:
            convert.stdin.write(json.dumps({"client": client, "tools": tools}) + "\n")
            convert.stdin.flush()
            theirs = json.loads(convert.stdout.readline())
            mine = ours(args.bin, client, tools)
            for tool, ours_one, theirs_one in zip(tools, mine, theirs):
                total += 1
                kind = kind_of(theirs_one, tool)
                classes[kind] = classes.get(kind, 0) + 1
                if "refused" in theirs_one:
                    # Refused by the library: ours sends nothing, or (refused by the provider
                    # behind it) the library's is not what the harness can see.
                    same = ours_one["sent"] is None
                    shown = (theirs_one["refused"], ours_one.get("refusal"))
                else:
                    same = ours_one["sent"] is not None and compact(ours_one["sent"]) == compact(theirs_one["sent"])
                    shown = (compact(theirs_one["sent"]), compact(ours_one["sent"]))
                equal += same
                if not same:
                    failures += 1
                    if failures <= 10:
                        print(f"{client} {label} {tool.get('name')!r}:\n  tool     {compact(tool)[:1500]}\n"
                              f"  library  {shown[0]}\n  ours     {shown[1]}")
        spread = ", ".join(f"{n} {k}" for k, n in sorted(classes.items()))
        print(f"clients {client} ({releases}): {equal}/{total} tools sent equal ({spread})")
    for convert in converters.values():
        convert.stdin.close()
        convert.wait()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
