//! The python-sdk profile.

use super::{CodeDoc, Kind, Scope};

pub(super) const DUPLICATE_TOOL: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "Two tools have the same name; the first is kept.",
    example: "t.rs:3:1: warning[duplicate-tool]: tool name `a` is already taken; this tool is dropped",
    fix: r#"rename one of the tools (`#[tool(name = "...")]`)."#,
};

pub(super) const NO_OUTPUT_SCHEMA: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "`#[tool(structured_output = true)]` on a fn whose return type has no\n\
             output schema.",
    example: "t.rs:3:14: error[no-output-schema]: tool `mode`: structured_output = true, but its return type has no output schema: an enum is not an object",
    fix: "return a struct, or drop `structured_output = true`.",
};

pub(super) const RECURSIVE_FLATTEN: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "A `#[serde(flatten)]` field flattens a struct into itself, directly\n\
             (`#[serde(flatten)] more: Option<Box<Self>>`) or through other flattened structs: the model's\n\
             properties would never end. The tool is not published.",
    example: "src/lib.rs:6:5: error[recursive-flatten]: tool `t`: `#[serde(flatten)]` flattens `A` into itself, so its properties never end",
    fix: "make that field a plain field, so that the nesting is a property (a `$ref`) of the schema.",
};

pub(super) const SCHEMA_TOO_LARGE: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "A tool's schema would exceed the size limit (a generic repeated at every\n\
             level).",
    example: "t.rs:5:1: error[schema-too-large]: tool `big`: its schema would have more than 200000 nodes",
    fix: "name the repeated part with a struct.",
};

pub(super) const UNDERSCORE_PARAMETER: CodeDoc = CodeDoc {
    kind: Kind::Error,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "A parameter name starts with `_`, which the Python SDK refuses to\n\
             register.",
    example: "u.rs:2:19: error[underscore-parameter]: tool `add`: parameter `_b` starts with `_`, which the Python SDK refuses to register",
    fix: "rename the parameter (an `#[allow(unused)]` keeps the compiler quiet).",
};

pub(super) const UNKNOWN_TYPE: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "A type is neither defined in the crate nor known; its schema is `{}`\n\
             (any value).",
    example: "t.rs:2:15: warning[unknown-type]: tool `fetch`: type `url::Url` is not defined in the crate and has no known schema; using `{}` (any value)",
    fix: "define the type in the crate, or `-D unknown-type` (or `--strict`) to refuse such manifests.",
};

pub(super) const UNREADABLE_ATTRIBUTE: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "A `#[tool(...)]` argument that should be a literal is not; it is\n\
             ignored.",
    example: "t.rs:1:1: warning[unreadable-attribute]: tool `add`: `description` is not a literal; ignored",
    fix: "write the value as a literal.",
};

pub(super) const UNSUPPORTED_PARAMETER: CodeDoc = CodeDoc {
    kind: Kind::Warning,
    scope: Scope::profiles(&["python-sdk"]),
    summary: "A parameter is a pattern (`(a, b): (i64, i64)`) rather than a name; it\n\
             is left out.",
    example: "t.rs:2:8: warning[unsupported-parameter]: tool `add`: a parameter pattern other than a name cannot be published; left out",
    fix: "give the parameter a name and destructure it in the body.",
};
