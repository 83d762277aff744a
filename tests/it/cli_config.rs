//! The configuration surface as a user meets it: lint levels (config `[lints]`, `-A/-W/-D`,
//! `--strict`), the `[schemas]` table, cargo's feature flags, and `--help`. Transcripts are
//! snapshots (tests/it/snapshots/it__cli_config__*.snap).

use crate::support;

use std::path::Path;

use support::{run_in, Run};

use mcp_schema::diagnostics::Code;

const PKG: &str = "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";

/// A python-sdk crate with one tool whose parameter type is unknown: an `unknown-type` warning.
const UNKNOWN_TYPE_TOOL: &str = "/// Fetch a page.\n#[tool]\nfn fetch(url: url::Url) -> i64 { 0 }\n";

/// A crate in a temporary directory: Cargo.toml is `PKG` followed by `metadata`, `src/lib.rs`
/// holds `UNKNOWN_TYPE_TOOL`, and `files` are written beside them.
fn krate(metadata: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("Cargo.toml", &format!("{PKG}{metadata}"));
    write("src/lib.rs", UNKNOWN_TYPE_TOOL);
    for (name, text) in files {
        write(name, text);
    }
    dir
}

fn generate(dir: &Path, flags: &[&str]) -> Run {
    let mut args = vec!["generate"];
    args.extend_from_slice(flags);
    run_in(dir, &args)
}

// ----- lint levels -----------------------------------------------------------------------------

#[test]
fn without_levels_an_unknown_type_warns() {
    let dir = krate("", &[]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn a_lint_allowed_in_the_config_is_dropped() {
    let dir = krate("\n[package.metadata.mcp-schema.lints]\nunknown-type = \"allow\"\n", &[]);
    let run = generate(dir.path(), &[]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stderr, "1 tool listed with profile python-sdk\n", "allowed: only the line naming the profile");
    assert_eq!(run.stdout, generate(krate("", &[]).path(), &[]).stdout, "the manifest is the same");
    // `--strict` denies the warnings left: an allowed one is not one of them (as `-D warnings`).
    let strict = generate(dir.path(), &["--strict"]);
    assert_eq!((strict.code, strict.stderr.as_str()), (Some(0), "1 tool listed with profile python-sdk\n"));
}

#[test]
fn a_lint_denied_in_the_config_is_an_error_and_no_manifest_is_written() {
    let dir = krate("\n[package.metadata.mcp-schema.lints]\nunknown-type = \"deny\"\n", &[]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn flags_beat_the_configured_level() {
    let dir = krate("\n[package.metadata.mcp-schema.lints]\nunknown-type = \"deny\"\n", &[]);
    let warned = generate(dir.path(), &["-W", "unknown-type"]);
    assert_eq!(warned.code, Some(0), "{}", warned.stderr);
    assert!(warned.stderr.contains("mcp_schema::unknown-type"), "{}", warned.stderr);
    let allowed = generate(dir.path(), &["--allow", "unknown-type"]);
    assert_eq!((allowed.code, allowed.stderr.as_str()), (Some(0), "1 tool listed with profile python-sdk\n"));
    // Given two levels on the command line, a code gets the strictest.
    let both = generate(dir.path(), &["-A", "unknown-type", "-D", "unknown-type"]);
    assert_eq!(both.code, Some(2));

    let plain = krate("", &[]);
    let denied = generate(plain.path(), &["-D", "unknown-type"]);
    assert_eq!(denied.code, Some(2));
    assert_eq!(denied.stderr, generate(dir.path(), &[]).stderr, "-D is the configured deny");
}

#[test]
fn strict_in_the_config_or_on_the_command_line() {
    let configured = krate("\n[package.metadata.mcp-schema]\nstrict = true\n", &[]);
    assert_eq!(generate(configured.path(), &[]).code, Some(2));
    let off = krate("\n[package.metadata.mcp-schema]\nstrict = false\n", &[]);
    assert_eq!(generate(off.path(), &[]).code, Some(0));
    assert_eq!(generate(off.path(), &["--strict"]).code, Some(2), "the flag beats the config");
}

#[test]
fn an_unknown_code_in_the_config_is_an_error_with_a_suggestion() {
    let dir = krate("\n[package.metadata.mcp-schema.lints]\nopaque = \"allow\"\nunknown_typ = \"deny\"\n", &[]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn an_error_code_cannot_be_allowed() {
    let dir = krate("", &[("mcp-schema.toml", "[lints]\nsyntax-error = \"allow\"\n")]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn a_level_is_allow_warn_or_deny() {
    let dir = krate("", &[("mcp-schema.toml", "lints = { unknown-type = \"ignore\" }\n")]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn an_unknown_code_on_the_command_line_is_a_usage_error() {
    let dir = krate("", &[]);
    insta::assert_snapshot!(generate(dir.path(), &["-A", "unknown_type"]).transcript());
    let warnings = generate(dir.path(), &["-D", "warnings"]);
    assert_eq!(warnings.code, Some(2));
    assert!(warnings.stderr.contains("use --strict"), "{}", warnings.stderr);
}

// ----- [schemas] -------------------------------------------------------------------------------

const SCHEMA: &str = "{\"type\": \"object\", \"properties\": {\"url\": {\"type\": \"string\"}}}\n";

#[test]
fn schema_files_are_read_relative_to_the_config() {
    let dir = krate(
        "\n[package.metadata.mcp-schema.schemas]\n\"fetch.inputSchema\" = \"schemas/fetch.json\"\n\"irc.read.set.outputSchema\" = \"schemas/fetch.json\"\n\"url::Url\" = \"schemas/url.json\"\n",
        &[("schemas/fetch.json", SCHEMA), ("schemas/url.json", "{\"type\": \"string\", \"format\": \"uri\"}")],
    );
    // Run from elsewhere: the paths are the config's, not the current directory's.
    let run = run_in(dir.path().parent().unwrap(), &["generate", dir.path().to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn a_missing_schema_file_is_an_error_at_its_entry() {
    let dir = krate("\n[package.metadata.mcp-schema.schemas]\n\"fetch.inputSchema\" = \"schemas/fetch.json\"\n", &[]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn a_schema_file_that_is_not_json_is_an_error_at_its_entry() {
    let dir = krate(
        "\n[package.metadata.mcp-schema.schemas]\n\"fetch.inputSchema\" = \"schemas/fetch.json\"\n",
        &[("schemas/fetch.json", "{\"type\": \"object\",\n}\n")],
    );
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn a_tool_schema_must_be_an_object() {
    let dir = krate(
        "\n[package.metadata.mcp-schema.schemas]\n\"fetch.outputSchema\" = \"schemas/fetch.json\"\n",
        &[("schemas/fetch.json", "true\n")],
    );
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

#[test]
fn a_schemas_key_names_a_tool_side_or_a_type() {
    let dir = krate(
        "\n[package.metadata.mcp-schema.schemas]\n\"fetch.input_schema\" = \"schemas/fetch.json\"\n",
        &[("schemas/fetch.json", SCHEMA)],
    );
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
    let generic = krate(
        "\n[package.metadata.mcp-schema.schemas]\n\"Vec<u8>\" = \"schemas/fetch.json\"\n",
        &[("schemas/fetch.json", SCHEMA)],
    );
    let run = generate(generic.path(), &[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("`Vec<u8>` is neither"), "{}", run.stderr);
}

// ----- features --------------------------------------------------------------------------------

#[test]
fn cargo_feature_flags_are_accepted_as_cargo_spells_them() {
    let dir = krate(
        "\n[features]\na = []\nb = []\nc = []\n\n[package.metadata.mcp-schema]\nfeatures = [\"a\"]\nno-default-features = true\n",
        &[],
    );
    let plain = generate(dir.path(), &[]);
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    for flags in [
        &["--features", "a,b c"][..],
        &["-F", "a", "-F", "b"],
        &["--features=a"],
        &["--all-features"],
        &["--no-default-features"],
    ] {
        let run = generate(dir.path(), flags);
        assert_eq!(run, plain, "{flags:?}");
    }
    // Features are checked against the package, as cargo checks them.
    let unknown = generate(dir.path(), &["--features", "nope"]);
    assert_eq!(unknown.code, Some(2), "{}", unknown.stderr);
    assert!(unknown.stderr.contains("unknown-feature"), "{}", unknown.stderr);
}

#[test]
fn a_config_value_of_the_wrong_type_is_an_error_at_the_value() {
    let dir = krate("\n[package.metadata.mcp-schema]\nall-features = \"yes\"\n", &[]);
    insta::assert_snapshot!(generate(dir.path(), &[]).transcript());
}

// ----- help ------------------------------------------------------------------------------------

#[test]
fn help() {
    let dir = tempfile::tempdir().unwrap();
    insta::assert_snapshot!("generate_help", run_in(dir.path(), &["generate", "--help"]).transcript());
    insta::assert_snapshot!("check_help", run_in(dir.path(), &["check", "--help"]).transcript());
}

// ----- the library -----------------------------------------------------------------------------

/// The library sets up the stack it needs: a caller on a small stack (a test thread has 2 MB)
/// gets the `type-too-deep` error, not an overflow.
#[test]
fn the_library_needs_no_big_stack_from_its_caller() {
    let dir = tempfile::tempdir().unwrap();
    let depth = 5000;
    let vecs = format!("{}i64{}", "Vec<".repeat(depth), ">".repeat(depth));
    let file = dir.path().join("vecs.rs");
    std::fs::write(&file, format!("#[tool]\nfn deep(x: {vecs}) {{}}\n")).unwrap();
    let small = std::thread::Builder::new().stack_size(256 * 1024);
    let outcome = small
        .spawn(move || mcp_schema::generate(&mcp_schema::GenerateOptions { paths: vec![file], ..Default::default() }))
        .unwrap()
        .join()
        .unwrap();
    assert!(outcome.failed());
    assert!(outcome.diagnostics.iter().any(|d| d.code == Code::TypeTooDeep));
}

/// A copy of testdata/crates/generated-dep (a server and its path dependency `gen-kit`, whose
/// build script writes a module file a clean checkout lacks) in a temporary directory.
fn generated_dep_copy() -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    copy(&support::testdata("crates/generated-dep"), dir.path());
    dir
}

#[test]
fn a_crate_level_allows_a_warning_about_that_crate_alone() {
    let dir = generated_dep_copy();
    let app = dir.path().join("app");
    let by_default = generate(&app, &["."]);
    assert_eq!(by_default.code, Some(0), "{}", by_default.stderr);
    assert!(by_default.stderr.contains("module `generated`"), "{}", by_default.stderr);
    let unwrapped: String = by_default.stderr.split_whitespace().collect();
    assert!(unwrapped.contains("[lints.crates.gen_kit]"), "the help says how: {}", by_default.stderr);
    assert!(by_default.stderr.contains("module `notes`"), "{}", by_default.stderr);

    let config = "[lints]\nopaque = \"warn\"\n\n[lints.crates.gen-kit]\nmissing-module = \"allow\"\n";
    std::fs::write(app.join("mcp-schema.toml"), config).unwrap();
    let allowed = generate(&app, &["."]);
    assert_eq!(allowed.code, Some(0), "{}", allowed.stderr);
    assert!(!allowed.stderr.contains("module `generated`"), "allowed for gen-kit: {}", allowed.stderr);
    assert!(allowed.stderr.contains("module `notes`"), "still a warning in app: {}", allowed.stderr);
}

#[test]
fn a_crate_level_for_an_unknown_code_is_an_error_at_the_table() {
    let dir = generated_dep_copy();
    let app = dir.path().join("app");
    std::fs::write(app.join("mcp-schema.toml"), "[lints]\n[lints.crates.gen-kit]\nmising-module = \"allow\"\n")
        .unwrap();
    let run = generate(&app, &["."]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("unknown diagnostic code `mising-module`"), "{}", run.stderr);
    assert!(run.stderr.contains("did you mean `missing-module`?"), "{}", run.stderr);
    assert!(run.stderr.contains("mcp-schema.toml:2:"), "at the table: {}", run.stderr);
}

/// `[lints.crates.NAME]` creates its tables, as TOML says: no `[lints]` header is needed.
#[test]
fn a_crate_table_needs_no_lints_header() {
    let dir = generated_dep_copy();
    let app = dir.path().join("app");
    std::fs::write(app.join("mcp-schema.toml"), "[lints.crates.gen-kit]\nmissing-module = \"allow\"\n").unwrap();
    let run = generate(&app, &["."]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(!run.stderr.contains("module `generated`"), "the crate's level applies: {}", run.stderr);
    assert!(run.stderr.contains("module `notes`"), "still a warning in app: {}", run.stderr);
}
