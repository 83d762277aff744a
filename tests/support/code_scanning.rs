//! What GitHub code scanning accepts of a SARIF log, beyond the SARIF 2.1.0 schema: the rules of
//! GitHub's "SARIF support for code scanning" page (the properties it requires, the limits on
//! what it ingests), each checked here. `run_in` checks every log a test makes with
//! `--format sarif`, so no test can print a log that code scanning would refuse.

use serde_json::Value;
use std::collections::BTreeSet;

/// The most runs GitHub ingests of one file.
const MAX_RUNS: usize = 20;
/// The most results, and rules, of one run.
const MAX_RESULTS: usize = 25_000;
/// The most locations of one result, and tags of one rule.
const MAX_LOCATIONS: usize = 1_000;
const MAX_TAGS: usize = 20;
const LEVELS: [&str; 4] = ["none", "note", "warning", "error"];

/// Whether `args` ask for a SARIF log.
pub fn asks_for_sarif(args: &[&str]) -> bool {
    args.windows(2).any(|w| w[0] == "--format" && w[1] == "sarif") || args.contains(&"--format=sarif")
}

/// What code scanning would refuse in `log` (empty: it is accepted).
pub fn refusals(log: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut no = |what: String| out.push(what);
    if log["version"] != "2.1.0" {
        no(format!("version is {}, not 2.1.0", log["version"]));
    }
    let Some(runs) = log["runs"].as_array() else {
        no("no runs".into());
        return out;
    };
    if runs.len() > MAX_RUNS {
        no(format!("{} runs, over {MAX_RUNS}", runs.len()));
    }
    // Several runs of one tool: each needs its own category, or the upload is refused.
    let categories: BTreeSet<String> = runs.iter().map(|r| r["automationDetails"]["id"].to_string()).collect();
    if runs.len() > 1 && categories.len() < runs.len() {
        no(format!("{} runs of mcp-schema share a category (automationDetails.id)", runs.len()));
    }
    for (r, run) in runs.iter().enumerate() {
        let at = format!("runs[{r}]");
        if run["tool"]["driver"]["name"].as_str().map_or(true, str::is_empty) {
            no(format!("{at}: tool.driver.name is required"));
        }
        let rules = run["tool"]["driver"]["rules"].as_array().cloned().unwrap_or_default();
        let results = run["results"].as_array().cloned().unwrap_or_default();
        if rules.len() > MAX_RESULTS || results.len() > MAX_RESULTS {
            no(format!("{at}: {} rules, {} results: over {MAX_RESULTS}", rules.len(), results.len()));
        }
        let mut ids = BTreeSet::new();
        for (i, rule) in rules.iter().enumerate() {
            let at = format!("{at}.tool.driver.rules[{i}]");
            let id = rule["id"].as_str().unwrap_or("");
            if id.is_empty() || !ids.insert(id.to_owned()) {
                no(format!("{at}: id `{id}` missing or repeated"));
            }
            for key in ["shortDescription", "fullDescription", "help"] {
                if rule[key]["text"].as_str().map_or(true, str::is_empty) {
                    no(format!("{at} ({id}): {key}.text is required"));
                }
            }
            if let Some(level) = rule["defaultConfiguration"]["level"].as_str() {
                if !LEVELS.contains(&level) {
                    no(format!("{at}: level {level}"));
                }
            }
            if rule["properties"]["tags"].as_array().is_some_and(|t| t.len() > MAX_TAGS) {
                no(format!("{at}: over {MAX_TAGS} tags"));
            }
        }
        for (i, result) in results.iter().enumerate() {
            let at = format!("{at}.results[{i}] ({})", result["ruleId"]);
            let rule_id = result["ruleId"].as_str().unwrap_or("");
            if rule_id.is_empty() {
                no(format!("{at}: ruleId is required"));
            }
            if let Some(index) = result["ruleIndex"].as_u64() {
                if rules.get(index as usize).map(|r| &r["id"]) != Some(&Value::from(rule_id)) {
                    no(format!("{at}: ruleIndex {index} is not rule `{rule_id}`"));
                }
            }
            if result["message"]["text"].as_str().map_or(true, str::is_empty) {
                no(format!("{at}: message.text is required"));
            }
            if let Some(level) = result["level"].as_str() {
                if !LEVELS.contains(&level) {
                    no(format!("{at}: level {level}"));
                }
            }
            let locations = result["locations"].as_array().cloned().unwrap_or_default();
            if locations.is_empty() || locations.len() > MAX_LOCATIONS {
                no(format!(
                    "{at}: {} locations: code scanning needs one (and takes at most {MAX_LOCATIONS})",
                    locations.len()
                ));
            }
            for location in &locations {
                let place = &location["physicalLocation"];
                let uri = place["artifactLocation"]["uri"].as_str().unwrap_or("");
                if let Some(why) = uri_refusal(uri) {
                    no(format!("{at}: uri `{uri}`: {why}"));
                }
                if place["artifactLocation"].get("uriBaseId").is_some() {
                    no(format!("{at}: uriBaseId without originalUriBaseIds"));
                }
                if place["region"]["startLine"].as_u64().map_or(true, |l| l < 1) {
                    no(format!("{at}: region.startLine (1 or more) is required"));
                }
                if place["region"].get("startColumn").is_some_and(|c| c.as_u64().map_or(true, |c| c < 1)) {
                    no(format!("{at}: region.startColumn is below 1"));
                }
            }
        }
    }
    out
}

/// Why code scanning could not match `uri` with a file of the checkout: it must be a
/// relative reference (no scheme, no leading `/`, no `..`), percent-encoded.
fn uri_refusal(uri: &str) -> Option<String> {
    if uri.is_empty() {
        return Some("artifactLocation.uri is required".into());
    }
    if uri.contains(':') || uri.starts_with('/') {
        return Some("not relative to the repository root".into());
    }
    if uri.split('/').any(|s| s == ".." || s == "." || s.is_empty()) {
        return Some("not a plain path from the repository root".into());
    }
    if let Some(c) = uri.chars().find(|c| !(c.is_ascii_alphanumeric() || "-._~/%".contains(*c))) {
        return Some(format!("`{c}` is not percent-encoded"));
    }
    // A file that is not there (an unreadable manifest) is accepted, shown without its lines.
    None
}

/// Panic with every refusal of the log `stdout`.
pub fn assert_accepted(stdout: &str) {
    let log: Value = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not a SARIF log ({e}):\n{stdout}"));
    let refused = refusals(&log);
    assert!(refused.is_empty(), "GitHub code scanning would refuse this log:\n{}\n{stdout}", refused.join("\n"));
}
