#!/usr/bin/env bash
# Test the pre-commit hooks of this repository for real (not part of `cargo test`: it installs
# pre-commit from PyPI and builds mcp-schema in release mode through pre-commit's `language: rust`).
#
#   scripts/precommit-test.sh [REPO]
#
# REPO defaults to this checkout; its committed HEAD is what pre-commit installs (the `rev` of
# the demo repo's config), so commit .pre-commit-hooks.yaml and the sources first. Environment:
#   CARGO_TARGET_DIR           where pre-commit's `cargo install` builds (default: REPO/target/precommit,
#                              kept between runs, so that only mcp-schema itself is recompiled)
#   PYTHON                     the interpreter for the venv (default: python3)
#   KEEP=1                     keep the temp dir for inspection
#
# It makes a temp git repo with a small crate whose tool fns carry #[tool] and a
# .pre-commit-config.yaml naming both hooks of REPO at HEAD, as a user's repository would, then
# runs `pre-commit run` with each hook: they must pass on a clean tree and fail after a schema
# change. pre-commit installs the hooks once and reuses them (`try-repo` would build mcp-schema
# again on every call). Exit status 0 when every expectation holds.
set -euo pipefail

REPO="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
REF="$(git -C "$REPO" rev-parse HEAD)"
PYTHON="${PYTHON:-python3}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/mcp-schema-precommit.XXXXXX")"
cleanup() { if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
export PRE_COMMIT_HOME="$WORK/pre-commit-home"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target/precommit}"
# Never let a developer's global hooks or colour settings change the outcome.
export NO_COLOR=1 PRE_COMMIT_COLOR=never GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL="$WORK/gitconfig"
git config --global user.name "mcp-schema test"
git config --global user.email "test@example.invalid"
git config --global init.defaultBranch main
git config --global protocol.file.allow always

failures=0
pass() { echo "ok:   $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if ! git -C "$REPO" cat-file -e "$REF:.pre-commit-hooks.yaml" 2>/dev/null; then
    echo "error: .pre-commit-hooks.yaml is not committed at $REF in $REPO" >&2
    exit 2
fi

echo "== installing pre-commit from PyPI into $WORK/venv"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check pre-commit
PRE_COMMIT="$WORK/venv/bin/pre-commit"
"$PRE_COMMIT" --version

echo "== making a small crate in $WORK/demo"
DEMO="$WORK/demo"
mkdir -p "$DEMO/src"
cd "$DEMO"
git init --quiet
cat > Cargo.toml <<'TOML'
[package]
name = "demo-server"
version = "0.1.0"
edition = "2021"

[package.metadata.mcp-schema]
profile = "python-sdk"
TOML
cat > src/lib.rs <<'RS'
//! A tiny MCP server: two tools.

/// Search the index for documents.
#[tool]
pub fn search(query: String, limit: Option<u32>) -> String {
    format!("{query} {limit:?}")
}

/// Look up a user by id.
#[tool]
pub fn get_user(id: u64) -> String {
    id.to_string()
}
RS
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $REPO
    rev: $REF
    hooks:
      - id: mcp-schema-check
      - id: mcp-schema-generate
YAML
git add Cargo.toml src/lib.rs .pre-commit-config.yaml
git commit --quiet -m "demo crate"

# try_hook HOOK: run one hook of REPO at REF over the whole demo repo; the output is in $WORK/out.
try_hook() {
    set +e
    "$PRE_COMMIT" run "$1" --all-files --verbose >"$WORK/out" 2>&1
    local status=$?
    set -e
    return $status
}
show() { sed 's/^/    | /' "$WORK/out"; }

echo "== bootstrapping the manifest with mcp-schema-generate (builds mcp-schema, may take minutes)"
try_hook mcp-schema-generate || true
if [ -s mcp-tools.json ] && grep -q '"name": "search"' mcp-tools.json && grep -q '"name": "get_user"' mcp-tools.json; then
    pass "generate hook wrote mcp-tools.json with both tools"
else
    fail "generate hook did not write a manifest with the tools search and get_user"; show
    [ -f mcp-tools.json ] && sed 's/^/    > /' mcp-tools.json
    exit 1
fi
git add mcp-tools.json
git commit --quiet -m "manifest"

echo "== clean tree: both hooks must pass"
if try_hook mcp-schema-check; then pass "check passes on a clean tree"; else fail "check failed on a clean tree"; show; fi
if try_hook mcp-schema-generate; then pass "generate passes on a clean tree"; else fail "generate failed on a clean tree"; show; fi
if git diff --quiet -- mcp-tools.json; then pass "generate left the manifest alone"; else fail "generate rewrote an up-to-date manifest"; fi

echo "== schema change: limit: Option<u32> -> u32, both hooks must fail"
sed -i.bak 's/limit: Option<u32>/limit: u32/' src/lib.rs && rm -f src/lib.rs.bak
grep -q 'limit: u32' src/lib.rs || { fail "could not edit src/lib.rs"; exit 1; }
git add src/lib.rs
if try_hook mcp-schema-check; then
    fail "check passed after a schema change"; show
else
    if grep -q 'property-made-required' "$WORK/out" && grep -q '/inputSchema/properties/limit' "$WORK/out"; then
        pass "check fails and names the breaking change"
    else
        fail "check failed without naming property-made-required at /inputSchema/properties/limit"; show
    fi
fi
if try_hook mcp-schema-generate; then
    fail "generate passed after a schema change"; show
else
    if git diff --quiet -- mcp-tools.json; then
        fail "generate failed but did not update the manifest"; show
    else
        pass "generate fails and updates the manifest"
    fi
fi

echo "== after accepting the new manifest, check passes again"
git add mcp-tools.json
if try_hook mcp-schema-check; then pass "check passes once the manifest is committed"; else fail "check still fails after regenerating"; show; fi

if [ "$failures" -ne 0 ]; then
    echo "$failures expectation(s) failed"
    exit 1
fi
echo "all pre-commit expectations hold"
