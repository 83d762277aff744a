#!/usr/bin/env python3
"""Check a pattern fixture against the real rmcp: build a copy of it (with the harness's locked
dependency set) whose main prints `list_all()`, and compare with `mcp-schema generate`.

    python3 tests/differential/rmcp/truth.py testdata/rmcp/patterns/<name> [--bin ...] [--target-dir ...]

The fixture's own Cargo.lock is a trimmed one (for the version the CLI reads); the copy gets the
template's full lock. Prints what rmcp lists and the first difference, exit 1 when they differ.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("fixture")
ap.add_argument("--bin", default=str(run.REPO / "target" / "release" / "mcp-schema"))
ap.add_argument("--target-dir", default=os.environ.get("MCP_SCHEMA_DIFF_TARGET", str(run.REPO.parent / "difftarget")))
args = ap.parse_args()
args.bin = str(Path(args.bin).resolve())
fixture = Path(args.fixture).resolve()
with tempfile.TemporaryDirectory() as tmp:
    copy = Path(tmp) / fixture.name
    shutil.copytree(fixture, copy)
    shutil.copy(HERE / "template" / "Cargo.lock", copy / "Cargo.lock")
    env = dict(os.environ, CARGO_TARGET_DIR=str(Path(args.target_dir)))
    subprocess.run(["cargo", "build", "--quiet"], cwd=copy, env=env, check=True)
    meta = json.loads(subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"], cwd=copy,
                                     capture_output=True, text=True, check=True).stdout)
    exe = Path(args.target_dir) / "debug" / meta["packages"][0]["targets"][0]["name"]
    expected = json.loads(subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout,
                          object_pairs_hook=run.list_pairs)
p = subprocess.run([args.bin, "generate", "--profile", "rmcp", "."], cwd=fixture, capture_output=True, text=True)
print(json.dumps(run.plain(expected), indent=2))
if p.returncode != 0:
    print(p.stderr)
    sys.exit(1)
got = dict(json.loads(p.stdout, object_pairs_hook=run.list_pairs))["tools"]
res = run.compare(expected, got, p.stderr)
bad = {k: v for k, v in res.items() if v is not None}
for k, v in bad.items():
    print(f"{k}: {v[0]}\n  {v[1]}")
print("equal (values and key order)" if not bad else f"{len(bad)} tool(s) differ")
sys.exit(1 if bad else 0)
