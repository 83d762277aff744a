//! The diagnostic codes: one registry, the way ruff and cargo-semver-checks keep their lints.
//! [`Code`] names every code a diagnostic can have; [`Code::doc`] gives what docs/diagnostics.md
//! says of it (its kind, where it comes from, what it means, an example and the fix). The page's
//! "Codes" section is rendered from here by [`with_codes_section`], and `tests/it/check_rules.rs`
//! fails when the page differs (`MCP_SCHEMA_BLESS=1` rewrites it), as for the drift rules.
//!
//! A new code: a line in the table below (in the order of the page) and its [`CodeDoc`] in the
//! module of the profile or stage that raises it.

use std::fmt;

mod clients;
mod commands;
mod contract;
mod mcp;
mod python_sdk;
mod rmcp;
mod rust_mcp_sdk;
mod sources;
mod tokens;
mod tower_mcp;

/// Whether a code is raised as an error, a warning, either (depending on the case), or a note.
/// Levels ([`super::Lints`]) may be given to every kind but [`Kind::Error`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Always an error: the manifest would be wrong.
    Error,
    /// Always a warning.
    Warning,
    /// An error in some cases, a warning in others (levels apply to its warnings).
    ErrorOrWarning,
    /// A note: never wrong, worth knowing.
    Note,
}

impl Kind {
    /// Whether a diagnostic of this kind can be made with `severity`.
    pub fn allows(self, severity: super::Severity) -> bool {
        use super::Severity;
        matches!(
            (self, severity),
            (Kind::Error, Severity::Error)
                | (Kind::Warning, Severity::Warning)
                | (Kind::ErrorOrWarning, Severity::Error | Severity::Warning)
                | (Kind::Note, Severity::Note)
        )
    }

    /// The kind as the page names it (in bold, before the summary).
    fn name(self) -> &'static str {
        match self {
            Kind::Error => "error",
            Kind::Warning => "warning",
            Kind::ErrorOrWarning => "error or warning",
            Kind::Note => "note",
        }
    }
}

/// What docs/diagnostics.md says of one code. The texts keep the page's line breaks, so that the
/// page renders the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeDoc {
    /// Whether it is raised as an error, a warning, either, or a note.
    pub kind: Kind,
    /// Which runs raise it: profiles, commands, a condition.
    pub scope: Scope,
    /// What the code means, in a sentence or a few.
    pub summary: &'static str,
    /// The one-line form of a diagnostic of the code (a line for each kind it can be).
    pub example: &'static str,
    /// How to fix it (after "Fix: ").
    pub fix: &'static str,
}

/// Which runs raise a code. A code with profiles is raised only in those profiles' runs
/// (`tests/it/structure.rs` holds the list against the profile modules that raise it, and the
/// names against the profile registry); with commands, only by those commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    /// The profiles, as `--profile` names them; empty: any profile's run.
    pub profiles: &'static [&'static str],
    /// The commands (with a flag when only that form raises it: `check --baseline`); empty:
    /// every command that reads the sources.
    pub commands: &'static [&'static str],
    /// When it is raised at all, if that is not always (`off by default; …`).
    pub when: Option<&'static str>,
}

impl Scope {
    /// Any run can raise it.
    pub const ANY: Scope = Scope { profiles: &[], commands: &[], when: None };

    /// Raised only in the runs of `profiles`.
    pub const fn profiles(profiles: &'static [&'static str]) -> Scope {
        Scope { profiles, commands: &[], when: None }
    }

    /// Raised only by `commands`.
    pub const fn commands(commands: &'static [&'static str]) -> Scope {
        Scope { profiles: &[], commands, when: None }
    }

    /// Raised only `when` this holds.
    pub const fn when(when: &'static str) -> Scope {
        Scope { profiles: &[], commands: &[], when: Some(when) }
    }

    /// The scope as the page says it, after the kind: `rmcp, tower-mcp`, `` `check`, `diff` ``,
    /// then the condition; `None` for [`Scope::ANY`].
    pub fn words(&self) -> Option<String> {
        let commands = self.commands.iter().map(|c| format!("`{c}`"));
        let raisers: Vec<String> = self.profiles.iter().map(|p| (*p).to_owned()).chain(commands).collect();
        match (raisers.is_empty(), self.when) {
            (true, None) => None,
            (true, Some(when)) => Some(when.to_owned()),
            (false, None) => Some(raisers.join(", ")),
            (false, Some(when)) => Some(format!("{}; {when}", raisers.join(", "))),
        }
    }
}

/// The enum of the codes, their ids and their docs, from one table.
macro_rules! codes {
    ($($variant:ident: $id:literal => $doc:path,)*) => {
        /// A diagnostic code: stable, shown as `mcp_schema::ID`, documented in docs/diagnostics.md.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $(#[doc = concat!("`", $id, "`")] $variant,)*
        }

        impl Code {
            /// Every code, in the order docs/diagnostics.md lists them.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code as the diagnostic shows it and levels name it: kebab-case, such as `opaque`.
            pub fn id(self) -> &'static str {
                match self {
                    $(Code::$variant => $id,)*
                }
            }

            /// What docs/diagnostics.md says of the code.
            pub fn doc(self) -> &'static CodeDoc {
                match self {
                    $(Code::$variant => &$doc,)*
                }
            }
        }
    };
}

codes! {
    AmbiguousServer: "ambiguous-server" => rmcp::AMBIGUOUS_SERVER,
    BadCargoToml: "bad-cargo-toml" => sources::BAD_CARGO_TOML,
    BadConfig: "bad-config" => commands::BAD_CONFIG,
    BadManifest: "bad-manifest" => commands::BAD_MANIFEST,
    BadPath: "bad-path" => commands::BAD_PATH,
    BadProtocol: "bad-protocol" => rmcp::BAD_PROTOCOL,
    BadRecording: "bad-recording" => commands::BAD_RECORDING,
    BaselineUnreadable: "baseline-unreadable" => commands::BASELINE_UNREADABLE,
    BadWorkspaceMember: "bad-workspace-member" => sources::BAD_WORKSPACE_MEMBER,
    ClientNotStrict: "client-not-strict" => clients::CLIENT_NOT_STRICT,
    ClientRefused: "client-refused" => clients::CLIENT_REFUSED,
    ConfigConflict: "config-conflict" => commands::CONFIG_CONFLICT,
    DefaultNotEvaluable: "default-not-evaluable" => rmcp::DEFAULT_NOT_EVALUABLE,
    DescriptionExpression: "description-expression" => rmcp::DESCRIPTION_EXPRESSION,
    DescriptionOverBudget: "description-over-budget" => tokens::DESCRIPTION_OVER_BUDGET,
    DocsMarkers: "docs-markers" => commands::DOCS_MARKERS,
    DuplicateTool: "duplicate-tool" => python_sdk::DUPLICATE_TOOL,
    EmptyRouter: "empty-router" => rmcp::EMPTY_ROUTER,
    HandWrittenListTools: "hand-written-list-tools" => rmcp::HAND_WRITTEN_LIST_TOOLS,
    LongDescription: "long-description" => contract::LONG_DESCRIPTION,
    MacroRouter: "macro-router" => rmcp::MACRO_ROUTER,
    ManifestUnreadable: "manifest-unreadable" => commands::MANIFEST_UNREADABLE,
    ManifestUnwritable: "manifest-unwritable" => commands::MANIFEST_UNWRITABLE,
    McpAnnotations: "mcp-annotations" => mcp::MCP_ANNOTATIONS,
    McpDuplicateTool: "mcp-duplicate-tool" => mcp::MCP_DUPLICATE_TOOL,
    McpInputSchema: "mcp-input-schema" => mcp::MCP_INPUT_SCHEMA,
    McpInvalidSchema: "mcp-invalid-schema" => mcp::MCP_INVALID_SCHEMA,
    McpOutputSchema: "mcp-output-schema" => mcp::MCP_OUTPUT_SCHEMA,
    McpToolName: "mcp-tool-name" => mcp::MCP_TOOL_NAME,
    McpUnresolvedRef: "mcp-unresolved-ref" => mcp::MCP_UNRESOLVED_REF,
    MissingModule: "missing-module" => sources::MISSING_MODULE,
    MissingPathDependency: "missing-path-dependency" => sources::MISSING_PATH_DEPENDENCY,
    MissingRegistrySource: "missing-registry-source" => sources::MISSING_REGISTRY_SOURCE,
    ModuleCycle: "module-cycle" => sources::MODULE_CYCLE,
    ModuleTooDeep: "module-too-deep" => sources::MODULE_TOO_DEEP,
    NoCrate: "no-crate" => sources::NO_CRATE,
    NoOutputSchema: "no-output-schema" => python_sdk::NO_OUTPUT_SCHEMA,
    NoSdk: "no-sdk" => commands::NO_SDK,
    NoServer: "no-server" => rmcp::NO_SERVER,
    NoToolBox: "no-tool-box" => rust_mcp_sdk::NO_TOOL_BOX,
    NotUtf8: "not-utf8" => sources::NOT_UTF8,
    Opaque: "opaque" => rmcp::OPAQUE,
    OutsideRoot: "outside-root" => sources::OUTSIDE_ROOT,
    ProfileAmbiguous: "profile-ambiguous" => commands::PROFILE_AMBIGUOUS,
    RecordCommand: "record-command" => commands::RECORD_COMMAND,
    RecordOutput: "record-output" => commands::RECORD_OUTPUT,
    RecursiveAlias: "recursive-alias" => sources::RECURSIVE_ALIAS,
    RecursiveFlatten: "recursive-flatten" => python_sdk::RECURSIVE_FLATTEN,
    RegistryType: "registry-type" => rmcp::REGISTRY_TYPE,
    RepeatedDescription: "repeated-description" => contract::REPEATED_DESCRIPTION,
    RepeatedSubschema: "repeated-subschema" => tokens::REPEATED_SUBSCHEMA,
    RmcpPanic: "rmcp-panic" => rmcp::RMCP_PANIC,
    RmcpToolBox: "rmcp-tool-box" => rmcp::RMCP_TOOL_BOX,
    RmcpVersion: "rmcp-version" => rmcp::RMCP_VERSION,
    RuntimeCondition: "runtime-condition" => rmcp::RUNTIME_CONDITION,
    RuntimeRouter: "runtime-router" => rmcp::RUNTIME_ROUTER,
    RewriteNotServed: "rewrite-not-served" => rmcp::REWRITE_NOT_SERVED,
    SchemaTooLarge: "schema-too-large" => python_sdk::SCHEMA_TOO_LARGE,
    SchemarsVersion: "schemars-version" => rmcp::SCHEMARS_VERSION,
    SdkRecursive: "sdk-recursive" => rust_mcp_sdk::SDK_RECURSIVE,
    SdkRejected: "sdk-rejected" => rust_mcp_sdk::SDK_REJECTED,
    SdkVersion: "sdk-version" => rust_mcp_sdk::SDK_VERSION,
    SerdeDerivePanic: "serde-derive-panic" => sources::SERDE_DERIVE_PANIC,
    SeveralServers: "several-servers" => rmcp::SEVERAL_SERVERS,
    StartupRewrite: "startup-rewrite" => rmcp::STARTUP_REWRITE,
    SyntaxError: "syntax-error" => sources::SYNTAX_ERROR,
    ToolAttribute: "tool-attribute" => rmcp::TOOL_ATTRIBUTE,
    ToolName: "tool-name" => rmcp::TOOL_NAME,
    TowerMcpPanic: "tower-mcp-panic" => tower_mcp::TOWER_MCP_PANIC,
    ToolOverBudget: "tool-over-budget" => tokens::TOOL_OVER_BUDGET,
    ToolsNotListed: "tools-not-listed" => commands::TOOLS_NOT_LISTED,
    TotalOverBudget: "total-over-budget" => tokens::TOTAL_OVER_BUDGET,
    TypeTooDeep: "type-too-deep" => sources::TYPE_TOO_DEEP,
    TypeTooLarge: "type-too-large" => sources::TYPE_TOO_LARGE,
    UnderscoreParameter: "underscore-parameter" => python_sdk::UNDERSCORE_PARAMETER,
    UndescribedParameter: "undescribed-parameter" => contract::UNDESCRIBED_PARAMETER,
    UndescribedTool: "undescribed-tool" => contract::UNDESCRIBED_TOOL,
    UndescribedVariants: "undescribed-variants" => contract::UNDESCRIBED_VARIANTS,
    UnknownBin: "unknown-bin" => commands::UNKNOWN_BIN,
    UnknownFeature: "unknown-feature" => commands::UNKNOWN_FEATURE,
    UnknownProtocol: "unknown-protocol" => rmcp::UNKNOWN_PROTOCOL,
    UnknownRevision: "unknown-revision" => commands::UNKNOWN_REVISION,
    UnknownSdk: "unknown-sdk" => commands::UNKNOWN_SDK,
    UnknownServer: "unknown-server" => rmcp::UNKNOWN_SERVER,
    UnknownType: "unknown-type" => python_sdk::UNKNOWN_TYPE,
    UnreadableAttribute: "unreadable-attribute" => python_sdk::UNREADABLE_ATTRIBUTE,
    UnreadableCfg: "unreadable-cfg" => sources::UNREADABLE_CFG,
    UnreadableFile: "unreadable-file" => sources::UNREADABLE_FILE,
    UnresolvedType: "unresolved-type" => rmcp::UNRESOLVED_TYPE,
    UnsupportedParameter: "unsupported-parameter" => python_sdk::UNSUPPORTED_PARAMETER,
    UnusedAccept: "unused-accept" => commands::UNUSED_ACCEPT,
    UnusedSchemaOverride: "unused-schema-override" => commands::UNUSED_SCHEMA_OVERRIDE,
    ValueNotEvaluable: "value-not-evaluable" => rmcp::VALUE_NOT_EVALUABLE,
    WriteFailed: "write-failed" => commands::WRITE_FAILED,
}

impl Code {
    /// The code with this id.
    pub fn from_id(id: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.id() == id)
    }

    /// Whether a diagnostic is raised as an error, a warning, either, or a note.
    pub fn kind(self) -> Kind {
        self.doc().kind
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A code is written as its id (in `check --format json` and the like).
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

/// The heading that opens the section of docs/diagnostics.md rendered from the codes; the
/// section runs from the first code's heading after it to the end of the page.
pub const SECTION_HEADING: &str = "## Codes\n";

/// The "Codes" section of docs/diagnostics.md: a heading, the kind, summary, example and fix of
/// every code, in [`Code::ALL`] order.
pub fn codes_section() -> String {
    Code::ALL.iter().map(|&c| code_entry(c)).collect::<Vec<_>>().join("\n")
}

/// The entry of one code in the "Codes" section: what `mcp-schema explain CODE` prints.
pub fn code_entry(code: Code) -> String {
    let doc = code.doc();
    let scope = doc.scope.words().map(|s| format!(" ({s})")).unwrap_or_default();
    format!(
        "### `{id}`\n\n**{kind}**{scope}. {summary}\n\n```text\n{example}\n```\n\nFix: {fix}\n",
        id = code.id(),
        kind = doc.kind.name(),
        summary = doc.summary,
        example = doc.example,
        fix = doc.fix,
    )
}

/// docs/diagnostics.md with its codes replaced by [`codes_section`]: what precedes the first
/// code's heading under [`SECTION_HEADING`] is kept. `None` when the page has no such section.
pub fn with_codes_section(page: &str) -> Option<String> {
    let heading = page.find(&format!("\n{SECTION_HEADING}"))?;
    let first_code = heading + page[heading..].find("\n### ")? + 1;
    Some(format!("{}{}", &page[..first_code], codes_section()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case_and_name_their_variant() {
        let mut ids: Vec<&str> = Code::ALL.iter().map(|c| c.id()).collect();
        for (code, id) in Code::ALL.iter().zip(&ids) {
            let camel: String = id.split('-').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
            assert_eq!(format!("{code:?}"), camel, "the variant of `{id}`");
            assert!(id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{id}");
            assert_eq!(Code::from_id(id), Some(*code));
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Code::ALL.len(), "an id given twice");
        assert_eq!(Code::from_id("nope"), None);
    }

    /// The page's words for each form a scope takes.
    #[test]
    fn scopes_in_words() {
        let words = |s: Scope| s.words();
        assert_eq!(words(Scope::ANY), None);
        assert_eq!(words(Scope::profiles(&["rmcp", "tower-mcp"])).as_deref(), Some("rmcp, tower-mcp"));
        assert_eq!(words(Scope::commands(&["check", "diff"])).as_deref(), Some("`check`, `diff`"));
        assert_eq!(words(Scope::when("off by default")).as_deref(), Some("off by default"));
        let all = Scope { profiles: &["rmcp"], commands: &["validate"], when: Some("when asked") };
        assert_eq!(words(all).as_deref(), Some("rmcp, `validate`; when asked"));
    }

    #[test]
    fn kinds_allow_their_severities() {
        use crate::diagnostics::Severity;
        assert!(Kind::ErrorOrWarning.allows(Severity::Error) && Kind::ErrorOrWarning.allows(Severity::Warning));
        assert!(!Kind::Error.allows(Severity::Warning) && !Kind::Warning.allows(Severity::Note));
        assert!(Kind::Note.allows(Severity::Note));
    }

    #[test]
    fn the_section_replaces_the_codes_and_keeps_the_rest() {
        let page = "# Diagnostics\n\nintro\n\n## Codes\n\nExamples…\n\n### `old`\n\nstale\n";
        let out = with_codes_section(page).unwrap();
        assert!(
            out.starts_with("# Diagnostics\n\nintro\n\n## Codes\n\nExamples…\n\n### `ambiguous-server`\n"),
            "{out}"
        );
        assert!(!out.contains("stale") && out.ends_with("\n"));
        assert_eq!(with_codes_section("# no codes\n"), None);
    }

    /// A code no source raises is a code the page should not list. (The type system sees to the
    /// converse: a diagnostic can only be made with a code of the table.)
    #[test]
    fn every_code_is_raised_somewhere() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut unused: std::collections::BTreeSet<String> = Code::ALL.iter().map(|c| format!("Code::{c:?}")).collect();
        for entry in walkdir::WalkDir::new(&src).into_iter().filter_map(Result::ok) {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rs") && !path.starts_with(src.join("diagnostics")) {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                unused.retain(|c| {
                    !text.split(c.as_str()).skip(1).any(|after| !after.starts_with(|ch: char| ch.is_alphanumeric()))
                });
            }
        }
        assert!(unused.is_empty(), "codes no source raises: {unused:?}");
    }
}
