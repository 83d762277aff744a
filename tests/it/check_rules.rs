//! One drift fixture per rule: testdata/drift/<rule-id>/{before,after}.json, and the exact list of
//! changes `compare` must find in expected.json ({tool, pointer, rule, breaking}); with a
//! `clients.txt` (client names, one a line), also the changes those clients see
//! (`check::clients::changes`, what `check` adds for the configuration's `clients`).

use std::path::{Path, PathBuf};

use mcp_schema::check::{compare, docs, rules};
use mcp_schema::diagnostics::codes;
use mcp_schema::Manifest;
use serde_json::{json, Value};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn manifest(path: &Path) -> Manifest {
    Manifest::parse(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn found(before: &Manifest, after: &Manifest, clients: &[&str]) -> Value {
    let mut report = compare(before, after);
    report.changes.extend(mcp_schema::check::clients::changes(before, after, clients));
    Value::Array(
        report
            .changes
            .iter()
            .map(|c| json!({"tool": c.tool, "pointer": c.pointer, "rule": c.rule.id, "breaking": c.breaking}))
            .collect(),
    )
}

#[test]
fn every_rule_has_a_fixture_that_triggers_exactly_the_expected_changes() {
    let mut failures = Vec::new();
    for rule in rules::ALL {
        let dir = root().join("testdata/drift").join(rule.id);
        let before = manifest(&dir.join("before.json"));
        let after = manifest(&dir.join("after.json"));
        let expected: Value = serde_json::from_str(&read(&dir.join("expected.json"))).unwrap();
        let clients = std::fs::read_to_string(dir.join("clients.txt")).unwrap_or_default();
        let clients: Vec<&str> = clients.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let got = found(&before, &after, &clients);
        if got != expected {
            failures.push(format!("{}:\n  expected {expected}\n  got      {got}", rule.id));
        }
        let hits = expected.as_array().unwrap().iter().filter(|c| c["rule"] == rule.id).count();
        assert!(hits > 0, "the fixture of {} does not exercise it", rule.id);
        // The fixture pair the other way round is drift too, and never silent.
        assert!(compare(&after, &before).drift(), "{}: reversed fixture shows no drift", rule.id);
        assert!(!compare(&before, &before).drift(), "{}: a manifest drifts from itself", rule.id);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_fixture_directory_is_a_rule() {
    let mut seen = 0;
    for entry in std::fs::read_dir(root().join("testdata/drift")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(rules::by_id(&name).is_some(), "testdata/drift/{name} names no rule");
        seen += 1;
    }
    assert!(seen >= 30, "only {seen} fixture directories in testdata/drift");
}

#[test]
fn every_rule_is_documented() {
    let index = read(&root().join("docs/check.md"));
    for rule in rules::ALL {
        let doc = root().join("docs/rules").join(format!("{}.md", rule.id));
        let text = read(&doc);
        assert!(text.starts_with(&format!("# `{}`", rule.id)), "{} must start with its id as title", doc.display());
        assert!(index.contains(&format!("rules/{}.md", rule.id)), "docs/check.md does not link {}", rule.id);
    }
}

/// Whether to rewrite generated files instead of failing on them.
pub(crate) fn bless() -> bool {
    std::env::var_os("MCP_SCHEMA_BLESS").is_some_and(|v| v == "1")
}

/// Compare a generated file with the one in the repository; rewrite it with MCP_SCHEMA_BLESS=1.
pub(crate) fn generated(path: &Path, want: &str, stale: &mut Vec<String>) {
    let have = std::fs::read_to_string(path).unwrap_or_default();
    if have == want {
        return;
    }
    if bless() {
        std::fs::write(path, want).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    } else {
        stale.push(path.strip_prefix(root()).unwrap_or(path).display().to_string());
    }
}

#[test]
fn rule_docs_are_generated_from_the_rules() {
    let mut stale = Vec::new();
    for rule in rules::ALL {
        let page = root().join("docs/rules").join(format!("{}.md", rule.id));
        generated(&page, &docs::rule_page(rule), &mut stale);
    }
    let check_md = root().join("docs/check.md");
    let with_table = docs::with_rules_table(&read(&check_md)).expect("docs/check.md has the rules table");
    generated(&check_md, &with_table, &mut stale);
    assert!(
        stale.is_empty(),
        "generated from src/check/rules, and out of date: {}\nrun `MCP_SCHEMA_BLESS=1 cargo test --test it check_rules::` to rewrite them",
        stale.join(", ")
    );
    let mut pages = 0;
    for entry in std::fs::read_dir(root().join("docs/rules")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let id = name.strip_suffix(".md").unwrap_or(&name);
        assert!(rules::by_id(id).is_some(), "docs/rules/{name} documents no rule");
        pages += 1;
    }
    assert_eq!(pages, rules::ALL.len(), "one page per rule in docs/rules");
}

/// docs/diagnostics.md lists the codes as the registry has them (`src/diagnostics/codes`); the
/// same mechanism as the rule pages.
#[test]
fn diagnostic_docs_are_generated_from_the_codes() {
    let mut stale = Vec::new();
    let page = root().join("docs/diagnostics.md");
    let want = codes::with_codes_section(&read(&page)).expect("docs/diagnostics.md has its `## Codes` section");
    generated(&page, &want, &mut stale);
    assert!(
        stale.is_empty(),
        "generated from src/diagnostics/codes, and out of date: {}\nrun `MCP_SCHEMA_BLESS=1 cargo test --test it check_rules::` to rewrite it",
        stale.join(", ")
    );
}

#[test]
fn every_rule_file_is_registered() {
    let mut files = 0;
    for entry in std::fs::read_dir(root().join("src/check/rules")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name == "mod.rs" {
            continue;
        }
        let id = name.strip_suffix(".rs").unwrap_or(&name).replace('_', "-");
        assert!(rules::by_id(&id).is_some(), "src/check/rules/{name} is not in rules::ALL");
        files += 1;
    }
    assert!(files >= 30, "only {files} rule files in src/check/rules");
}

#[test]
fn breaking_flags_follow_the_side_of_the_contract() {
    // A required input added breaks callers; the same property added to the output does not.
    let before = Manifest::parse(
        r#"{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{}},"outputSchema":{"type":"object","properties":{}}}]}"#,
    )
    .unwrap();
    let after = Manifest::parse(r#"{"tools":[{"name":"t","inputSchema":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]},"outputSchema":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}]}"#).unwrap();
    let got = found(&before, &after, &[]);
    assert_eq!(
        got,
        json!([
            {"tool": "t", "pointer": "/inputSchema/properties/x", "rule": "property-added", "breaking": true},
            {"tool": "t", "pointer": "/outputSchema/properties/x", "rule": "property-added", "breaking": false}
        ])
    );
    // And the reverse: the output property going away breaks readers, the input one does not
    // break senders of an open object.
    let got = found(&after, &before, &[]);
    assert_eq!(
        got,
        json!([
            {"tool": "t", "pointer": "/inputSchema/properties/x", "rule": "property-removed", "breaking": false},
            {"tool": "t", "pointer": "/outputSchema/properties/x", "rule": "property-removed", "breaking": true}
        ])
    );
}

#[test]
fn a_schemars_style_option_field_change_is_found_through_refs() {
    // A struct field turned from `String` into `Option<Address>` inside a shared definition.
    let before = json!({"tools": [{"name": "create_user", "inputSchema": {
        "type": "object", "properties": {"user": {"$ref": "#/$defs/User"}}, "required": ["user"],
        "$defs": {"User": {"type": "object", "properties": {"name": {"type": "string"}, "address": {"type": "string"}}, "required": ["name", "address"]}}}}]});
    let after = json!({"tools": [{"name": "create_user", "inputSchema": {
        "type": "object", "properties": {"user": {"$ref": "#/$defs/User"}}, "required": ["user"],
        "$defs": {
            "User": {"type": "object", "properties": {"name": {"type": "string"}, "address": {"anyOf": [{"$ref": "#/$defs/Address"}, {"type": "null"}]}}, "required": ["name"]},
            "Address": {"type": "object", "properties": {"street": {"type": "string"}}, "required": ["street"]}}}}]});
    let got = found(&Manifest::from_value(before).unwrap(), &Manifest::from_value(after).unwrap(), &[]);
    assert_eq!(
        got,
        json!([
            {"tool": "create_user", "pointer": "/inputSchema/properties/user/properties/address", "rule": "nullable-added", "breaking": false},
            {"tool": "create_user", "pointer": "/inputSchema/properties/user/properties/address/type", "rule": "type-changed", "breaking": true},
            {"tool": "create_user", "pointer": "/inputSchema/properties/user/properties/address/properties/street", "rule": "property-added", "breaking": true},
            {"tool": "create_user", "pointer": "/inputSchema/properties/user/properties/address", "rule": "property-made-optional", "breaking": false}
        ])
    );
}
