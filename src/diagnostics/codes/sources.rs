//! Reading the crate: its Cargo.toml files, modules, source files, types and cfgs (every profile).

use super::{CodeDoc, Kind, Scope};

pub(super) const BAD_CARGO_TOML: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A Cargo.toml or Cargo.lock of the crate or workspace is not valid TOML (a Cargo.lock with\n\
             merge-conflict markers, say).",
    example:
        "crates/server/Cargo.toml: error[bad-cargo-toml]: crates/server/Cargo.toml is not valid TOML: expected `=`",
    fix: "make the file valid TOML (`cargo metadata` reports the same mistake).",
};

pub(super) const BAD_WORKSPACE_MEMBER: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A `[workspace] members` pattern of Cargo.toml is not a valid glob; its members are\n\
             not read.",
    example: "Cargo.toml: warning[bad-workspace-member]: workspace member pattern `crates/[`: Pattern syntax error near position 7: invalid range pattern",
    fix: "correct the pattern (cargo rejects it too).",
};

pub(super) const MISSING_MODULE: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A `mod name;` has no file; its items are not read.",
    example: "src/lib.rs:3:1: warning[missing-module]: file not found for module `tools`",
    fix: "create the file the help line names, or remove the declaration; if a build script writes it\n\
         in a crate you do not own, allow the code for that crate alone (`[lints.crates.NAME]`).",
};

pub(super) const MISSING_PATH_DEPENDENCY: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A `path` dependency in a Cargo.toml points at a directory without a readable\n\
             Cargo.toml; its crate is not read, so its types are unknown (and any schema that needs them is\n\
             an `unresolved-type` error).",
    example: "Cargo.toml: warning[missing-path-dependency]: path dependency `kit` of `server`: cannot read ../kit/Cargo.toml: No such file or directory; its types are unknown",
    fix: "check the `path`, or check out the whole repository (mcp-schema reads path dependencies from\n\
         disk, never from a registry).",
};

pub(super) const MISSING_REGISTRY_SOURCE: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A tool's type comes from a registry, vendored or git dependency whose locked version's\n\
             sources are not where cargo puts them (`$CARGO_HOME/registry/src`, a source replacement's\n\
             `vendor/`, `$CARGO_HOME/git/checkouts`), or no Cargo.lock names its version. Told once per crate;\n\
             the schemas that need its types are left out (`registry-type`).",
    example: "Cargo.toml: warning[missing-registry-source]: dependency `api-types` of `server`: `api-types 0.3.1` is not on disk; its types are unknown",
    fix: "run `cargo fetch` (it downloads the locked sources and writes Cargo.lock, without compiling\n\
         anything); mcp-schema never downloads and never runs cargo.",
};

pub(super) const MODULE_CYCLE: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A `#[path]` makes a file a module twice; it is read once.",
    example: "src/lib.rs:4:1: warning[module-cycle]: src/a.rs is already a module of this crate; not read again",
    fix: "remove the second declaration.",
};

pub(super) const MODULE_TOO_DEEP: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "Modules nest deeper than the limit (a `#[path]` loop, usually).",
    example: "error[module-too-deep]: modules nest more than 128 levels deep at crate::a::a::a",
    fix: "break the `#[path]` loop.",
};

pub(super) const NO_CRATE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A directory given has neither a Cargo.toml nor `src/lib.rs` / `src/main.rs`.",
    example: "empty: error[no-crate]: empty has no Cargo.toml and no src/lib.rs or src/main.rs",
    fix: "give a crate directory, a workspace root, or a single `.rs` file.",
};

pub(super) const NOT_UTF8: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A source file is not valid UTF-8.",
    example: "latin1.rs: error[not-utf8]: latin1.rs is not valid UTF-8",
    fix: "save the file as UTF-8 (rustc requires it too).",
};

pub(super) const OUTSIDE_ROOT: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A `#[path]` points outside the crate's directory; that file is not read.",
    example: "src/lib.rs:2:1: warning[outside-root]: ../shared/tools.rs is outside the crate root .; not read",
    fix: "move the file into the crate, or include it with `include` in the configuration.",
};

pub(super) const RECURSIVE_ALIAS: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A type alias refers to itself.",
    example: "src/types.rs:1:10: error[recursive-alias]: type alias `List` refers to itself",
    fix: "use a struct or an enum (rustc rejects the alias too).",
};

pub(super) const SERDE_DERIVE_PANIC: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "`#[serde(rename_all = \"camelCase\")]` (or `rename_all_fields`) on a field whose name,\n\
             without its leading underscores, starts with a non-ASCII letter (`über`), or on a variant that\n\
             does: serde's derive panics on it, so the crate does not compile.",
    example: r#"src/lib.rs:4:9: error[serde-derive-panic]: serde's derive panics on `rename_all = "camelCase"` for `über`: the crate does not compile"#,
    fix: r#"give that field or variant its own `#[serde(rename = "…")]`, or another rule."#,
};

pub(super) const SYNTAX_ERROR: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A source file does not parse.",
    example: "broken.rs:3:30: error[syntax-error]: syntax error: expected `:`",
    fix: "fix the syntax (`cargo check` shows the same error).",
};

pub(super) const TYPE_TOO_DEEP: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A type expression nests deeper than the limit.",
    example: "vecs.rs:2:13: error[type-too-deep]: type expression nested more than 256 levels deep",
    fix: "name a part of the type with an alias or a struct.",
};

pub(super) const TYPE_TOO_LARGE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "The types reached from a tool expand to more nodes than the limit.",
    example: "t.rs:2:13: error[type-too-large]: the types reached expand to more than 2000000 nodes",
    fix: "name the repeated parts with structs.",
};

pub(super) const UNREADABLE_CFG: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::ANY,
    summary: "A `#[cfg(...)]` or `#[cfg_attr(...)]` predicate is not in cfg's grammar as the CLI\n\
             reads it (`feature = \"…\"`, `all`, `any`, `not`, names and `key = \"value\"` of a Linux x86_64 dev\n\
             build); its item is kept, as if the predicate held.",
    example: "src/lib.rs:8:1: warning[unreadable-cfg]: this `cfg` predicate cannot be read; taken as on",
    fix: "write the predicate with `feature`, `all`/`any`/`not` and target keys, or `-A unreadable-cfg`\n\
         once the manifest is right.",
};

pub(super) const UNREADABLE_FILE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::ANY,
    summary: "A source file cannot be read.",
    example: "src/tools.rs: error[unreadable-file]: cannot read src/tools.rs: Permission denied (os error 13)",
    fix: "make the file readable.",
};
