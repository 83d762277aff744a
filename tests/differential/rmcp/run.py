#!/usr/bin/env python3
"""Differential test of `mcp-schema generate --profile rmcp` against the real rmcp.

    python3 tests/differential/rmcp/run.py --seed 1 --tools 300 [--rmcp 3.11.0] [--shrink]

Generates a random rmcp server crate (see gen.py), builds it against the pinned rmcp release in a
shared target dir, runs it (its main prints `ToolRouter::list_all()` as JSON), runs mcp-schema on
the same sources, and compares tool by tool: values first, then key order. Mismatches are grouped
into classes, each with its smallest example; `--shrink` reduces that example to a minimal tool.
Standard library only (Python 3.11).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen  # noqa: E402
import render  # noqa: E402

REPO = HERE.parents[2]
# Set by --preserve-order: the generated servers enable serde_json's `preserve_order`.
PRESERVE_ORDER = False
SCHEMA_NAMES = ("properties", "$defs", "definitions", "patternProperties")


def log(*a):
    print(*a, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- build and run
def cargo_build(crate: Path, target: Path, locked: bool):
    cmd = ["cargo", "build", "--quiet", "--message-format=json"]
    if locked:
        cmd.append("--locked")
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    p = subprocess.run(cmd, cwd=crate, env=env, capture_output=True, text=True)
    errors = []
    for line in p.stdout.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("reason") == "compiler-message" and msg["message"]["level"] == "error":
            errors.append(msg["message"])
    return p.returncode, errors, p.stderr


def tools_at_fault(errors, spans):
    """Which tools the compile errors point at: by module file, or by line in main.rs."""
    bad, unknown = set(), []
    for e in errors:
        hit = False
        for s in e.get("spans", []):
            parts = Path(s["file_name"]).parts
            if "src" in parts:
                rest = parts[parts.index("src") + 1:]
                if rest and rest[0].startswith("t") and rest[0][1:].isdigit():
                    bad.add(int(rest[0][1:]))
                    hit = True
                elif rest == ("main.rs",):
                    for idx, (a, b) in spans.items():
                        if a <= s["line_start"] <= b:
                            bad.add(idx)
                            hit = True
        if not hit:
            unknown.append(e.get("rendered") or e.get("message"))
    return bad, unknown


def build_crate(crate: Path, tools: list, target: Path, rmcp: str, quiet=False):
    """Write and build; drop tools that do not compile (a generator gap, reported) and retry."""
    dropped = []
    for attempt in range(12):
        spans = render.write_crate(crate, tools, rmcp, PRESERVE_ORDER)
        code, errors, stderr = cargo_build(crate, target, locked=False)
        if code == 0:
            return tools, dropped, spans
        bad, unknown = tools_at_fault(errors, spans)
        if not bad:
            raise SystemExit(f"build failed in {crate}:\n" + "\n".join(unknown[:5]) + stderr[-3000:])
        if not quiet:
            first = errors[0].get("rendered", "") if errors else ""
            log(f"  compile errors in {len(bad)} tool(s), dropped: {sorted(bad)[:20]}\n{first[:1500]}")
        dropped.extend(sorted(bad))
        tools = [t for t in tools if t.idx not in bad]
    raise SystemExit("build kept failing")


def truth(crate: Path, target: Path, tools: list):
    """What rmcp lists. When the process dies (a stack overflow cannot be caught), each tool is
    asked for on its own, and the ones that kill it are recorded as such."""
    exe = target / "debug" / render.package_name(crate)
    p = subprocess.run([str(exe)], cwd=crate, capture_output=True, text=True, timeout=300)
    if p.returncode == 0:
        return json.loads(p.stdout, object_pairs_hook=list_pairs)
    out = []
    for t in tools:
        q = subprocess.run([str(exe), t.fn_name], cwd=crate, capture_output=True, text=True, timeout=60)
        if q.returncode == 0:
            out.append(json.loads(q.stdout, object_pairs_hook=list_pairs))
        else:
            out.append(Pairs([("fn", tool_name(t)), ("panic", f"process died: {q.stderr.strip()[-200:]}")]))
    return out


def run_ours(crate: Path, binary: Path):
    t0 = time.time()
    # The truth is `ToolRouter::list_all()`, the router's own list: what a stateless 2026-07-28
    # request is served. mcp-schema's default is the listing an `initialize` client gets, which
    # leaves out the outputSchema of non-object outputs on releases that tell the two apart.
    p = subprocess.run([str(binary), "generate", "--profile", "rmcp", "--protocol", "2026-07-28", "."],
                       cwd=crate, capture_output=True,
                       text=True, timeout=600, env=dict(os.environ, NO_COLOR="1"))
    return p, time.time() - t0


CODE_LINE = re.compile(r"^\s*(mcp_schema::[\w-]+)\s*$")
TOOL_IN_MESSAGE = re.compile(r"tool `([^`]+)`")
LOCATION = re.compile(r"\[\./src/(t\d+)/|\[\./src/main\.rs:(\d+):")


def tool_errors(stderr, tools, spans):
    """{tool name: class} for the errors (exit 2), by the tool they name or the file they point at."""
    by_fn = {t.fn_name: tool_name(t) for t in tools}
    by_idx = {t.idx: tool_name(t) for t in tools}
    out = {}
    blocks, cur = [], None
    for line in stderr.splitlines():
        m = CODE_LINE.match(line)
        if m:
            cur = [m.group(1), []]
            blocks.append(cur)
        elif cur is not None:
            cur[1].append(line)
    for code, lines in blocks:
        body = [l for l in lines if l.strip()]
        if not body or not body[0].lstrip().startswith(("x", "×")):
            continue  # a warning
        message = body[0].lstrip()[1:].strip()
        name = None
        m = TOOL_IN_MESSAGE.search(message)
        if m:
            name = m.group(1)
        else:
            for l in body:
                loc = LOCATION.search(l)
                if loc and loc.group(1):
                    name = by_fn.get(loc.group(1))
                elif loc:
                    line_no = int(loc.group(2))
                    for idx, (a, b) in spans.items():
                        if a <= line_no <= b:
                            name = by_idx.get(idx)
                if name:
                    break
        if name is None:
            continue
        # The message is cut where miette wraps it; names are replaced, so that one class gathers
        # every tool with the same error.
        what = re.sub(r"`[^`]*`", "`_`", TOOL_IN_MESSAGE.sub("tool", message))[:48]
        out.setdefault(name, (f"error {code}: {what}", "\n".join(lines[:14])))
    return out


def ours(crate: Path, binary: Path, tools: list, spans: dict, rmcp: str):
    """mcp-schema's tools. A run that fails (exit 2) writes nothing: the tools its errors name are
    recorded as failures and the run is repeated on a copy of the sources without them."""
    errors = {}
    took = 0.0
    here = crate
    for _ in range(20):
        p, t = run_ours(here, binary)
        took += t
        if p.returncode == 0 and p.stdout.strip():
            return dict(json.loads(p.stdout, object_pairs_hook=list_pairs))["tools"], p.stderr, errors, took
        found = tool_errors(p.stderr, tools, spans)
        if not found:
            return None, p.stderr, errors, took
        errors.update(found)
        tools = [t for t in tools if tool_name(t) not in found]
        here = crate.parent / (crate.name + "-ours")
        here.mkdir(exist_ok=True)
        for f in ("Cargo.toml", "Cargo.lock"):
            (here / f).write_text((crate / f).read_text())
        spans = render.write_crate(here, tools, rmcp, PRESERVE_ORDER)
    return None, p.stderr, errors, took


# ---------------------------------------------------------------- comparison
class Pairs(list):
    """A JSON object as its key/value pairs in order (keeps key order for the second comparison)."""


def list_pairs(pairs):
    return Pairs(pairs)


def plain(v):
    if isinstance(v, Pairs):
        return {k: plain(x) for k, x in v}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v


def num_eq(a, b):
    return type(a) is type(b) or not (isinstance(a, bool) or isinstance(b, bool))


def first_diff(a, b, path=()):
    """The first difference of two plain JSON values: (path, what), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k not in b:
                return path, f"missing key {k}"
        for k in b:
            if k not in a:
                return path, f"extra key {k}"
        for k in a:
            d = first_diff(a[k], b[k], path + (k,))
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return path, "array length"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_diff(x, y, path + (i,))
            if d:
                return d
        return None
    if a == b and (type(a) is type(b) or (isinstance(a, (int, float)) and isinstance(b, (int, float))
                                          and not isinstance(a, bool) and not isinstance(b, bool)
                                          and type(a) is type(b))):
        return None
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b:
        return path, f"number written as {type(b).__name__} (rmcp: {type(a).__name__})"
    return path, "value differs"


def order_diff(a, b, path=()):
    if isinstance(a, Pairs) and isinstance(b, Pairs):
        ka, kb = [k for k, _ in a], [k for k, _ in b]
        if ka != kb:
            return path, "key order"
        for (k, x), (_, y) in zip(a, b):
            d = order_diff(x, y, path + (k,))
            if d:
                return d
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = order_diff(x, y, path + (i,))
            if d:
                return d
    return None


def general_path(path):
    """The path with names (property and definition names, indexes) replaced, so that one class
    gathers every tool with the same kind of miss."""
    out = []
    prev = None
    for p in path:
        if isinstance(p, int):
            out.append("[i]")
        elif prev in SCHEMA_NAMES:
            out.append("*")
        else:
            out.append(p)
        prev = p
    # Collapse runs of structure so that depth does not split a class.
    text = "/".join(out)
    for _ in range(6):
        text = text.replace("properties/*/properties/*", "properties/*").replace("$defs/*/properties/*", "$defs/*")
    return text


def tool_key(t):
    return t.get("name") if isinstance(t, dict) else None


RMCP_PANICS = "rmcp panics (tool not listed)"
REFUSED_BY_BOTH = "refused by both"


def agrees(r):
    """Equal, or refused by both sides."""
    return r is None or r[0] == REFUSED_BY_BOTH


def compare(expected, got, stderr):
    """Per tool: None when equal in value and key order, else (class, detail)."""
    got_by = {}
    for t in got or []:
        got_by[dict(t).get("name")] = t
    out = {}
    for t in expected:
        pt = plain(t)
        if "panic" in pt:
            out[pt["fn"]] = (RMCP_PANICS, pt["panic"])
            got_by.pop(pt["fn"], None)
            continue
        name = pt["name"]
        g = got_by.pop(name, None)
        if g is None:
            out[name] = ("tool missing from mcp-schema output", "")
            continue
        pg = plain(g)
        d = first_diff(pt, pg)
        if d:
            path, what = d
            dropped = [k for k in ("inputSchema", "outputSchema") if k in pt and k not in pg]
            if dropped:
                out[name] = (f"{dropped[0]} dropped", diag_for(stderr, name))
            else:
                out[name] = (f"{general_path(path)}: {what}", show(pt, pg, path))
            continue
        o = order_diff(t, g)
        if o:
            out[name] = (f"key order at {general_path(o[0])}", show_order(t, g, o[0]))
            continue
        out[name] = None
    for name in got_by:
        out[name] = ("extra tool in mcp-schema output", "")
    return out


def dig(v, path):
    for p in path:
        try:
            v = v[p]
        except (KeyError, IndexError, TypeError):
            return None
    return v


def show(a, b, path):
    return f"at {'/'.join(map(str, path))}:\n    rmcp:        {json.dumps(dig(a, path))[:400]}\n" \
           f"    mcp-schema:  {json.dumps(dig(b, path))[:400]}"


def show_order(a, b, path):
    def keys(v, path):
        for p in path:
            v = dict(v)[p] if isinstance(v, Pairs) else v[p]
        return [k for k, _ in v]
    return f"at {'/'.join(map(str, path))}: rmcp {keys(a, path)} vs mcp-schema {keys(b, path)}"


def diag_for(stderr, name):
    lines = [l for l in stderr.splitlines() if l.strip()]
    for i, l in enumerate(lines):
        if name in l:
            return "\n".join(lines[max(0, i - 2):i + 6])
    return "\n".join(lines[:8])


# ---------------------------------------------------------------- one run
def tool_name(t: gen.Tool):
    for a in t.attrs:
        if a.startswith("name = "):
            return a.split('"')[1]
    return t.fn_name


def source_size(t: gen.Tool):
    return len(str(t))


def run_once(tools, crate: Path, target: Path, binary: Path, rmcp: str, quiet=False, reuse=False):
    state = crate / "harness-state.json"
    exe = target / "debug" / render.package_name(crate)
    if reuse and state.exists() and exe.exists():
        # The crate of this seed is built already (same generator): compare again without building.
        dropped = json.loads(state.read_text())["dropped"]
        tools = [t for t in tools if t.idx not in dropped]
        spans = render.write_crate(crate, tools, rmcp, PRESERVE_ORDER)
    else:
        tools, dropped, spans = build_crate(crate, tools, target, rmcp, quiet)
        state.write_text(json.dumps({"dropped": dropped}))
    exp = truth(crate, target, tools)
    names = {t.fn_name: tool_name(t) for t in tools}
    for e in exp:
        if isinstance(e, Pairs) and dict(e).get("panic") is not None:
            e[:] = [("fn", names.get(dict(e)["fn"], dict(e)["fn"])), ("panic", dict(e)["panic"])]
    got, stderr, errors, took = ours(crate, binary, tools, spans, rmcp)
    if got is None:
        return tools, dropped, {tool_name(t): ("mcp-schema failed", stderr[-1500:]) for t in tools}, took
    res = compare(exp, got, stderr)
    for name, err in errors.items():
        # rmcp dies listing the tool (a default that calls itself overflows the stack) and
        # mcp-schema refuses it with an error: both refuse, which is agreement.
        both = res.get(name) is not None and res[name][0] == RMCP_PANICS
        res[name] = (REFUSED_BY_BOTH, err[0]) if both else err
    return tools, dropped, res, took


def report(results, tools_by_name, crate):
    classes = defaultdict(list)
    for name, r in results.items():
        if not agrees(r):
            classes[r[0]].append((name, r[1]))
    total = len(results)
    equal = sum(1 for r in results.values() if agrees(r))
    refused = sum(1 for r in results.values() if r is not None and r[0] == REFUSED_BY_BOTH)
    print(f"\n{equal}/{total} tools equal ({100.0 * equal / max(total, 1):.2f}%, {refused} refused by both)")
    for cls, items in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        items.sort(key=lambda it: source_size(tools_by_name[it[0]]) if it[0] in tools_by_name else 1 << 30)
        name, detail = items[0]
        t = tools_by_name.get(name)
        where = f" (fn {t.fn_name}, {crate}/src/{t.fn_name}/)" if t else ""
        print(f"\n[{len(items)}] {cls}\n  smallest: {name}{where}\n  {detail}")
    return equal, total, classes


# ---------------------------------------------------------------- shrink
def shrink_candidates(t: gen.Tool):
    """Tools one step smaller than t."""
    out = []

    def variant(fn):
        c = gen.clone(t)
        try:
            if fn(c) is False:
                return
        except (IndexError, KeyError, AttributeError):
            return
        gen.sanitize(c)
        out.append(c)

    for i in range(len(t.decls)):
        d = t.decls[i]
        fields = gen.all_fields(d)
        for j in range(len(d.fields)):
            variant(lambda c, i=i, j=j: c.decls[i].fields.pop(j))
        for j in range(len(d.variants)):
            if len(d.variants) > 1:
                variant(lambda c, i=i, j=j: c.decls[i].variants.pop(j))
        for j in range(len(d.serde)):
            variant(lambda c, i=i, j=j: c.decls[i].serde.pop(j))
        for j in range(len(d.extra)):
            variant(lambda c, i=i, j=j: c.decls[i].extra.pop(j))
        if d.docs:
            variant(lambda c, i=i: setattr(c.decls[i], "docs", []))
        if d.default:
            variant(lambda c, i=i: setattr(c.decls[i], "default", ""))
        for j, f in enumerate(fields):
            def ff(c, i=i, j=j):
                return gen.all_fields(c.decls[i])[j]
            for k in range(len(f.serde)):
                variant(lambda c, ff=ff, k=k: ff(c).serde.pop(k))
            for k in range(len(f.schemars)):
                variant(lambda c, ff=ff, k=k: ff(c).schemars.pop(k))
            if f.docs:
                variant(lambda c, ff=ff: setattr(ff(c), "docs", []))
            # Replace the type by one of its parts, or by i32.
            if f.ty.kind != "prim" or f.ty.name != "i32":
                variant(lambda c, ff=ff: setattr(ff(c), "ty", gen.T("prim", "i32")))
            for k in range(len(f.ty.args)):
                variant(lambda c, ff=ff, k=k: setattr(ff(c), "ty", ff(c).ty.args[k]))
        for v_i, v in enumerate(d.variants):
            if v.attrs:
                variant(lambda c, i=i, v_i=v_i: setattr(c.decls[i].variants[v_i], "attrs", []))
            if v.docs or v.extra:
                variant(lambda c, i=i, v_i=v_i: (setattr(c.decls[i].variants[v_i], "docs", []),
                                                  setattr(c.decls[i].variants[v_i], "extra", [])))
            if v.kind != "unit":
                variant(lambda c, i=i, v_i=v_i: setattr(c.decls[i].variants[v_i], "kind", "unit"))
    if t.output is not None:
        variant(lambda c: setattr(c, "output", None))
        for k in range(len(t.output.args)):
            variant(lambda c, k=k: setattr(c, "output", c.output.args[k]))
    if t.input is not None:
        variant(lambda c: setattr(c, "input", None))
    for j in range(len(t.attrs)):
        variant(lambda c, j=j: c.attrs.pop(j))
    if t.docs:
        variant(lambda c: setattr(c, "docs", []))
    # Drop declarations nobody names any more.
    variant(prune_unreferenced)
    return out


def referenced(t: gen.Tool):
    names = set()

    def walk(ty):
        if ty is None:
            return
        if ty.kind in ("ref", "alias_ref", "self"):
            if ty.decl not in names:
                names.add(ty.decl)
                d = t.decl(ty.decl)
                if d is not None:
                    if d.target is not None:
                        walk(d.target)
                    for f in gen.all_fields(d):
                        walk(f.ty)
        for a in ty.args:
            walk(a)

    walk(t.input)
    walk(t.output)
    return names


def prune_unreferenced(c: gen.Tool):
    keep = referenced(c)
    if len(keep) == len(c.decls):
        return False
    c.decls = [d for d in c.decls if d.name in keep]


def renumber(t: gen.Tool, idx: int):
    c = gen.clone(t)
    c.idx = idx
    c.fn_name = f"t{idx}"
    c.attrs = [a for a in c.attrs if not a.startswith("name = ")] + \
        [f'name = "{tool_name(t)}__{idx}"'] if any(a.startswith("name = ") for a in t.attrs) else c.attrs
    return c


def shrink(tool: gen.Tool, cls: str, work: Path, target: Path, binary: Path, rmcp: str, rounds=40):
    """Greedy: each round builds every one-step-smaller candidate in one crate and keeps the smallest
    that still shows the same class."""
    best = gen.clone(tool)
    prune_unreferenced(best)
    for rnd in range(rounds):
        cands = shrink_candidates(best)
        if not cands:
            break
        numbered = [renumber(c, k) for k, c in enumerate(cands)]
        by_name = {tool_name(c): c for c in numbered}
        try:
            kept, _, res, _ = run_once(numbered, work, target, binary, rmcp, quiet=True)
        except SystemExit as e:
            log(f"  shrink round {rnd}: {str(e)[:300]}")
            break
        failing = [by_name[n] for n, r in res.items() if r is not None and r[0] == cls and n in by_name]
        if not failing:
            break
        failing.sort(key=source_size)
        if source_size(failing[0]) >= source_size(best):
            break
        best = failing[0]
        log(f"  shrink round {rnd}: {len(cands)} candidates, size {source_size(best)}")
    best = renumber(best, 0)
    render.write_crate(work, [best], rmcp, PRESERVE_ORDER)
    return best


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--seeds", type=int, default=1, help="how many seeds (one crate each) from --seed on")
    ap.add_argument("--tools", type=int, default=300, help="tools per crate")
    ap.add_argument("--rmcp", default="3.11.0", help="rmcp release (3.11.0 is built --locked)")
    ap.add_argument("--bin", default=str(REPO / "target" / "release" / "mcp-schema"))
    ap.add_argument("--target-dir", default=os.environ.get("MCP_SCHEMA_DIFF_TARGET", str(REPO.parent / "difftarget")))
    ap.add_argument("--shrink", action="store_true", help="shrink the smallest example of each class")
    ap.add_argument("--json", help="write per-tool results here")
    ap.add_argument("--reuse", action="store_true",
                    help="do not build: compare again on the crates last built for these seeds (after a change of mcp-schema)")
    ap.add_argument("--preserve-order", action="store_true",
                    help="enable serde_json's preserve_order in the servers (keys in insertion order); own crate dirs")
    args = ap.parse_args()
    global PRESERVE_ORDER
    PRESERVE_ORDER = args.preserve_order

    target = Path(args.target_dir).resolve()
    binary = Path(args.bin).resolve()
    if not binary.exists():
        raise SystemExit(f"{binary} is missing: cargo build --release --locked")
    all_results = {}
    tools_by_name = {}
    t_build = t_ours = 0.0
    crate = None
    for seed in range(args.seed, args.seed + args.seeds):
        crate = target / "crates" / f"rmcp-{args.rmcp}-seed-{seed}{'-po' if args.preserve_order else ''}"
        crate.mkdir(parents=True, exist_ok=True)
        tools = gen.generate(seed, args.tools)
        t0 = time.time()
        tools, dropped, res, took = run_once(tools, crate, target, binary, args.rmcp, reuse=args.reuse)
        t_build += time.time() - t0 - took
        t_ours += took
        if dropped:
            log(f"seed {seed}: {len(dropped)} tool(s) did not compile and were left out (generator gap)")
        for t in tools:
            tools_by_name[f"{seed}:{tool_name(t)}"] = t
        for name, r in res.items():
            all_results[f"{seed}:{name}"] = r
        eq = sum(1 for r in res.values() if agrees(r))
        log(f"seed {seed}: {eq}/{len(res)} equal; build+run {t_build:.0f}s, mcp-schema {took:.2f}s")
    if args.seeds > 1:
        crate = target / "crates"
    equal, total, classes = report(all_results, tools_by_name, crate)
    if args.json:
        Path(args.json).write_text(json.dumps({k: v for k, v in all_results.items()}, indent=1))
    if args.shrink:
        work = target / "crates" / "shrink"
        for cls, items in sorted(classes.items(), key=lambda kv: -len(kv[1])):
            items.sort(key=lambda it: source_size(tools_by_name[it[0]]) if it[0] in tools_by_name else 1 << 30)
            t = tools_by_name.get(items[0][0])
            if t is None:
                continue
            dest = work / f"class-{len(list(work.glob('class-*'))) if work.exists() else 0}"
            dest.mkdir(parents=True, exist_ok=True)
            log(f"shrinking {items[0][0]} ({cls})")
            best = shrink(t, cls, dest, target, binary, args.rmcp)
            print(f"\n--- minimal tool for: {cls}\n    crate: {dest}")
            for f in sorted((dest / "src" / "t0").rglob("*.rs")):
                body = f.read_text().replace(render.HEADER, "").strip()
                if body and body != "pub mod m;" and body != "pub mod n;":
                    print(f"// {f.relative_to(dest)}\n{body}")
            main_rs = (dest / "src" / "main.rs").read_text()
            print("// src/main.rs (tool)\n" + main_rs.split("impl Server {\n", 2)[-1].split("\n}\n")[0])
    print(f"\nsummary: {equal}/{total} equal ({100.0 * equal / max(total, 1):.2f}%), "
          f"build+run {t_build:.0f}s, mcp-schema {t_ours:.2f}s")
    return 0 if equal == total else 1


if __name__ == "__main__":
    sys.exit(main())
