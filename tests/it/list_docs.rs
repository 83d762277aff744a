//! `list` and `docs` as a user meets them, on the rmcp example of the quick start
//! (testdata/forecast) and the python-sdk weather example. Transcripts are snapshots
//! (tests/it/snapshots/it__list_docs__*.snap).

use crate::support;

use support::{run_in, testdata};

#[test]
fn list_rmcp_example() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["list"]).transcript());
}

#[test]
fn list_weather_example() {
    insta::assert_snapshot!(run_in(&testdata("weather"), &["list"]).transcript());
}

#[test]
fn list_json_rmcp_example() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["list", "--format", "json"]).transcript());
}

#[test]
fn list_of_a_crate_that_does_not_parse_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"x\"\nversion = \"0.1.0\"\n").unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "fn broken( {}\n").unwrap();
    let run = run_in(dir.path(), &["list"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    assert_eq!(run.stdout, "");
}

#[test]
fn docs_rmcp_example() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["docs"]).transcript());
}

#[test]
fn docs_weather_example() {
    insta::assert_snapshot!(run_in(&testdata("weather"), &["docs"]).transcript());
}

#[test]
fn docs_are_the_same_on_every_run() {
    let first = run_in(&testdata("forecast"), &["docs"]);
    assert_eq!(first, run_in(&testdata("forecast"), &["docs"]));
}

/// `docs -o FILE` fills the marked section and leaves the rest; `--check` is 0 then, and 1
/// after the section is edited by hand.
#[test]
fn docs_fill_the_marked_section_and_check_it() {
    let dir = tempfile::tempdir().unwrap();
    let readme = dir.path().join("README.md");
    let before =
        "# Forecast\n\nIntro.\n\n## Tools\n\n<!-- mcp-schema:begin -->\n<!-- mcp-schema:end -->\n\n## License\n\nMIT\n";
    std::fs::write(&readme, before).unwrap();
    let crate_dir = testdata("forecast");
    let file = readme.to_str().unwrap();

    let stale = run_in(&crate_dir, &["docs", "--check", "-o", file]);
    assert_eq!(stale.code, Some(1), "{}", stale.transcript());
    assert_eq!(std::fs::read_to_string(&readme).unwrap(), before, "--check writes nothing");

    let write = run_in(&crate_dir, &["docs", "-o", file]);
    assert_eq!(write.code, Some(0), "{}", write.transcript());
    let after = std::fs::read_to_string(&readme).unwrap();
    let stdout = run_in(&crate_dir, &["docs"]).stdout;
    let expected = before.replace("<!-- mcp-schema:begin -->\n", &format!("<!-- mcp-schema:begin -->\n\n{stdout}"));
    assert_eq!(after, expected, "the section is the stdout of `docs`, the rest is kept");

    let fresh = run_in(&crate_dir, &["docs", "--check", "-o", file]);
    assert_eq!(fresh.code, Some(0), "{}", fresh.transcript());

    std::fs::write(&readme, after.replace("Daily forecast", "Weekly forecast")).unwrap();
    let edited = run_in(&crate_dir, &["docs", "--check", "-o", file]);
    assert_eq!(edited.code, Some(1));
    assert!(edited.stderr.contains("out of date"), "{}", edited.stderr);
}

#[test]
fn docs_into_a_file_without_markers_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let readme = dir.path().join("README.md");
    std::fs::write(&readme, "# Forecast\n").unwrap();
    let run = run_in(&testdata("forecast"), &["docs", "-o", readme.to_str().unwrap()]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
    assert!(run.stderr.contains("docs-markers"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&readme).unwrap(), "# Forecast\n", "untouched");
}

#[test]
fn docs_into_a_new_file_write_the_markers_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("TOOLS.md");
    let run = run_in(&testdata("forecast"), &["docs", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("<!-- mcp-schema:begin -->\n") && text.ends_with("<!-- mcp-schema:end -->\n"));
    assert_eq!(run_in(&testdata("forecast"), &["docs", "--check", "-o", out.to_str().unwrap()]).code, Some(0));
}

#[test]
fn docs_check_needs_a_file() {
    let run = run_in(&testdata("forecast"), &["docs", "--check"]);
    assert_eq!(run.code, Some(2), "{}", run.transcript());
}

/// The quick start's `check` on the example: its committed manifest is up to date.
#[test]
fn the_rmcp_example_manifest_is_up_to_date() {
    let run = run_in(&testdata("forecast"), &["check"]);
    assert_eq!(run.code, Some(0), "{}", run.transcript());
}

/// What one client sends its model, as a table, for the quick start's crate.
#[test]
fn list_client_rmcp_example() {
    insta::assert_snapshot!(run_in(&testdata("forecast"), &["list", "--client", "openai-agents-strict"]).transcript());
}

/// Each client's payloads for a manifest already written: a dotted name, a map, a `$ref` with a
/// sibling, an open object (testdata/clients/tools.json).
#[test]
fn list_client_json_of_a_manifest() {
    for client in ["openai-agents", "openai-agents-strict", "gemini", "ai-sdk-google", "ai-sdk-google-3"] {
        let run =
            run_in(&testdata("clients"), &["list", "--client", client, "--manifest", "tools.json", "--format", "json"]);
        insta::assert_snapshot!(format!("list_client_json_of_a_manifest-{client}"), run.transcript());
    }
}

#[test]
fn list_manifest_without_a_client_is_a_usage_error() {
    insta::assert_snapshot!(run_in(&testdata("clients"), &["list", "--manifest", "tools.json"]).transcript());
}

/// The `clients` lints at the Rust line: the name the OpenAI API refuses at its tool, the map that
/// stops strict mode at its field (testdata/clients/server).
#[test]
fn client_lints_point_at_the_rust_line() {
    insta::assert_snapshot!(run_in(&testdata("clients/server"), &["list", "-W", "clients"]).transcript());
}

/// `clients = [...]` in the configuration: the lints look at those clients only (here the
/// default OpenAI Agents SDK, which never converts to strict), and a name that is no client is
/// an error at its key.
#[test]
fn configured_clients_are_the_ones_linted() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = testdata("clients/server");
    for file in ["Cargo.toml", "Cargo.lock", "src/main.rs"] {
        std::fs::create_dir_all(dir.path().join(file).parent().unwrap()).unwrap();
        std::fs::copy(fixture.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::write(dir.path().join("mcp-schema.toml"), "clients = [\"openai-agents\"]\n").unwrap();
    let run = run_in(dir.path(), &["list", "-W", "clients", "--format", "json"]);
    insta::assert_snapshot!("configured_clients_are_the_ones_linted-one", run.stderr);
    std::fs::write(dir.path().join("mcp-schema.toml"), "clients = [\"langchain\"]\n").unwrap();
    insta::assert_snapshot!(
        "configured_clients_are_the_ones_linted-unknown",
        run_in(dir.path(), &["list"]).transcript()
    );
}

/// `check` with `clients = [...]`: a tool the targeted client now refuses is a breaking change
/// at its Rust line (here a tool renamed to a dotted name the OpenAI API refuses; Gemini takes it).
#[test]
fn check_reports_what_a_targeted_client_now_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = testdata("clients/server");
    for file in ["Cargo.toml", "Cargo.lock", "src/main.rs"] {
        std::fs::create_dir_all(dir.path().join(file).parent().unwrap()).unwrap();
        std::fs::copy(fixture.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::write(dir.path().join("mcp-schema.toml"), "clients = [\"openai-agents\", \"gemini\"]\n").unwrap();
    assert_eq!(run_in(dir.path(), &["generate", "-o", "mcp-tools.json"]).code, Some(0));
    // The committed manifest from before the rename.
    let manifest = dir.path().join("mcp-tools.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("\"irc.connect\"", "\"irc_connect\"")).unwrap();
    // stdout alone: stderr's note names the temporary directory.
    let run = run_in(dir.path(), &["check"]);
    insta::assert_snapshot!(format!("exit: {:?}\n{}", run.code, run.stdout));
}
