#!/usr/bin/env python3
"""Record what the real tower-mcp lists for the hand-written catalogue, per release.

    python3 tests/differential/tower_mcp/catalogue.py [--release 0.25.0 ...] [--check] [--bin ...]

Copies testdata/tower-mcp/catalogue to a scratch directory, pins `tower-mcp = "=X"`, builds it
(its `main` lists the router's tools in-process through tower-mcp's `TestClient`) and writes what
it prints: `tools.json` for the release the catalogue's Cargo.lock names, else
`releases/X.json`. A release the catalogue does not compile against is reported and skipped
(the catalogue gates tools that need newer builder methods behind its `v0_N` features, which
are turned off for older releases and written into the file). `--check` compares with
`mcp-schema generate --profile tower-mcp --sdk-version X` instead of writing (values and key
order). Build output goes to `--target-dir` (default `$MCP_SCHEMA_DIFF_TARGET`, else
`../difftarget` beside the repository), one build at a time (`-j1` unless `--jobs`).
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
CATALOGUE = REPO / "testdata" / "tower-mcp" / "catalogue"


def locked_release() -> str:
    text = (CATALOGUE / "Cargo.lock").read_text()
    m = re.search(r'name = "tower-mcp"\nversion = "([^"]+)"', text)
    return m.group(1)


# The catalogue's `v0_N` features: tools written with builder methods tower-mcp has from 0.N.
# `helpers`: schema helper fns, recorded from 0.20 (where tower-mcp keeps insertion order).
GATES = [("v0_9", (0, 9, 0)), ("v0_15", (0, 15, 0)), ("helpers", (0, 20, 0)), ("v0_22", (0, 22, 0)), ("v0_23", (0, 23, 0))]


def features_for(release: str) -> list[str] | None:
    """The catalogue's features for `release`; None when every default one applies."""
    v = tuple(int(x) for x in release.split("."))
    gated = [f for f, since in GATES if v < since]
    if not gated:
        return None
    return ["extra"] + [f for f, since in GATES if v >= since]


def feature_flags(release: str) -> list[str]:
    features = features_for(release)
    return [] if features is None else ["--no-default-features", "--features", ",".join(features)]


def build_and_list(release: str, target: Path, jobs: int) -> tuple[str | None, str]:
    """What the catalogue's binary prints against `release`, or None and the compiler's errors."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "catalogue"
        shutil.copytree(CATALOGUE, copy)
        toml = (copy / "Cargo.toml").read_text()
        toml = re.sub(r'tower-mcp = \{ version = "[^"]+"', f'tower-mcp = {{ version = "={release}"', toml)
        if features_for(release) is not None and "v0_9" not in features_for(release):
            # Before 0.9 tower-mcp has no `macros` feature, and cargo refuses a feature naming it.
            toml = toml.replace('v0_9 = ["tower-mcp/macros"]', "v0_9 = []")
        (copy / "Cargo.toml").write_text(toml)
        if release != locked_release():
            (copy / "Cargo.lock").unlink()
        env = dict(os.environ, CARGO_TARGET_DIR=str(target))
        p = subprocess.run(["cargo", "build", "--quiet", f"-j{jobs}", *feature_flags(release)], cwd=copy, env=env, capture_output=True, text=True)
        if p.returncode != 0:
            errors = [l for l in p.stderr.splitlines() if l.startswith("error")]
            return None, "\n".join(errors[:8]) or p.stderr[-2000:]
        exe = target / "debug" / "tower-mcp-catalogue"
        out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
        return out, ""


def ours(release: str, binary: str) -> str:
    p = subprocess.run([binary, "generate", "--profile", "tower-mcp", "--sdk-version", release, "-q",
                        *feature_flags(release), str(CATALOGUE)],
                       capture_output=True, text=True)
    return p.stdout


def compare(expected: str, got: str) -> list[str]:
    """Tool-by-tool differences: values, then key order (the texts of the entries)."""
    try:
        e = {t["name"]: t for t in json.loads(expected)["tools"]}
        g = {t["name"]: t for t in json.loads(got)["tools"]}
    except (ValueError, KeyError):
        return ["unreadable output"]
    problems = []
    for name in sorted(set(e) | set(g)):
        if name not in g:
            problems.append(f"{name}: not listed by mcp-schema")
        elif name not in e:
            problems.append(f"{name}: not listed by tower-mcp")
        elif e[name] != g[name]:
            problems.append(f"{name}: values differ\n  tower-mcp  {json.dumps(e[name])}\n  mcp-schema {json.dumps(g[name])}")
        elif json.dumps(e[name]) != json.dumps(g[name]):
            problems.append(f"{name}: key order differs\n  tower-mcp  {json.dumps(e[name])}\n  mcp-schema {json.dumps(g[name])}")
    if [t for t in e] != [t for t in g] and not problems:
        problems.append("tool order differs")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--release", action="append", help="tower-mcp release (repeatable; default: the locked one)")
    ap.add_argument("--check", action="store_true", help="compare with mcp-schema instead of writing")
    ap.add_argument("--bin", default=str(REPO / "target" / "release" / "mcp-schema"))
    ap.add_argument("--target-dir", default=os.environ.get("MCP_SCHEMA_DIFF_TARGET", str(REPO.parent / "difftarget")))
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    releases = args.release or [locked_release()]
    status = 0
    for release in releases:
        listed, errors = build_and_list(release, Path(args.target_dir), args.jobs)
        if listed is None:
            print(f"tower-mcp {release}: the catalogue does not compile against it; skipped\n{errors}")
            status = 1
            continue
        if args.check:
            problems = compare(listed, ours(release, args.bin))
            total = len(json.loads(listed)["tools"])
            print(f"tower-mcp {release}: {total - len({p.split(':')[0] for p in problems})}/{total} tools equal")
            for p in problems:
                print("  " + p)
            status |= 1 if problems else 0
            continue
        out = CATALOGUE / "tools.json" if release == locked_release() else CATALOGUE / "releases" / f"{release}.json"
        out.parent.mkdir(exist_ok=True)
        doc = json.loads(listed)
        if features_for(release) is not None:
            # Recorded with these catalogue features: the test gives mcp-schema the same ones.
            doc = {"features": features_for(release), **doc}
        out.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        print(f"tower-mcp {release}: {len(json.loads(listed)['tools'])} tools written to {out.relative_to(REPO)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
