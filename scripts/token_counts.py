#!/usr/bin/env python3
"""Write tests/data/token_counts.json: each tool's token count by the reference tiktoken.

For every JSON file under testdata/ and ../shared/conformance/ (when it is there), every array
under a "tools" key whose items are all objects is a list of tools; each tool is counted as
mcp-schema counts it: compact JSON (no whitespace, keys in their order, non-ASCII unescaped), in
o200k_base and cl100k_base. `tests/it/tokens.rs` compares mcp-schema's counts with these, so the
test needs neither Python nor the network.

    pip install tiktoken
    python3 scripts/token_counts.py [--vocab DIR]

tiktoken downloads its vocabularies on first use; where that is not possible, --vocab names a
folder holding o200k_base.tiktoken and cl100k_base.tiktoken (the tiktoken-rs crate ships them in
its assets/), which are put in tiktoken's cache under the names it looks for; tiktoken checks
their SHA-256 against the one it expects.
"""

import argparse
import hashlib
import json
import os
import pathlib
import shutil
import sys
import tempfile

ENCODINGS = ["o200k_base", "cl100k_base"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "token_counts.json"
URL = "https://openaipublic.blob.core.windows.net/encodings/{}.tiktoken"


def use_local_vocab(folder):
    cache = tempfile.mkdtemp(prefix="tiktoken-cache-")
    for name in ENCODINGS:
        key = hashlib.sha1(URL.format(name).encode()).hexdigest()
        shutil.copy(pathlib.Path(folder) / f"{name}.tiktoken", pathlib.Path(cache) / key)
    os.environ["TIKTOKEN_CACHE_DIR"] = cache


def tool_lists(value, pointer=""):
    """(JSON pointer of the array, its tools) for every list of tools in `value`."""
    if isinstance(value, dict):
        for key, item in value.items():
            at = f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}"
            if key == "tools" and isinstance(item, list) and all(isinstance(t, dict) for t in item):
                yield at, item
            else:
                yield from tool_lists(item, at)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from tool_lists(item, f"{pointer}/{i}")


def compact(tool):
    return json.dumps(tool, separators=(",", ":"), ensure_ascii=False)


def counts_of(path, encoders):
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    lists = {}
    for pointer, tools in tool_lists(document):
        if tools:
            lists[pointer] = [[len(e.encode(compact(t), disallowed_special=())) for e in encoders] for t in tools]
    return lists


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vocab", help="a folder with o200k_base.tiktoken and cl100k_base.tiktoken")
    parser.add_argument("--shared", default=str(ROOT.parent / "shared"), help="the shared folder")
    args = parser.parse_args()
    if args.vocab:
        use_local_vocab(args.vocab)
    import tiktoken

    encoders = [tiktoken.get_encoding(name) for name in ENCODINGS]
    roots = [("testdata", ROOT / "testdata"), ("shared/conformance", pathlib.Path(args.shared) / "conformance")]
    files = {}
    for label, root in roots:
        if not root.is_dir():
            print(f"{root} is not there: its manifests are left out", file=sys.stderr)
            continue
        for path in sorted(root.rglob("*.json")):
            lists = counts_of(path, encoders)
            if lists:
                files[f"{label}/{path.relative_to(root).as_posix()}"] = lists
    data = {"tiktoken": tiktoken.__version__, "encodings": ENCODINGS, "files": files}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # One file a line: a diff of the data says which manifests changed.
    lines = [f"  {json.dumps(name)}: {json.dumps(lists, separators=(',', ':'))}" for name, lists in files.items()]
    head = {k: v for k, v in data.items() if k != "files"}
    text = json.dumps(head)[:-1] + ', "files": {\n' + ",\n".join(lines) + "\n}}\n"
    json.loads(text)
    OUT.write_text(text, encoding="utf-8")
    tools = sum(len(v) for lists in files.values() for v in lists.values())
    print(f"{len(files)} files, {tools} tools -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
