//! The shape of `src/` that docs/architecture.md promises: the top-level modules of the library
//! depend on each other one way (no cycle), no source file is over 900 lines, and only the
//! profile registry matches on the profile kind. Read as text: test code (`#[cfg(test)]` items,
//! `tests.rs` files) and the CLI (`main.rs`, `cli/`) are left out, since the library's layering is
//! what a new SDK, rule or release is added to.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use mcp_schema::ProfileChoice;

use crate::ir_boundary::rust_files;

const MAX_LINES: usize = 900;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn all_sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    assert!(files.len() >= 100, "only {} sources under src/", files.len());
    files.into_iter().map(|f| (f.clone(), std::fs::read_to_string(&f).expect("a readable source"))).collect()
}

/// The top-level module a library file belongs to (`src/check/walk.rs` → `check`), or `None` for
/// the crate root, the CLI and test files.
fn top_module(file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src()).ok()?;
    let parts: Vec<&str> = rel.iter().filter_map(|p| p.to_str()).collect();
    let first = parts.first()?.trim_end_matches(".rs");
    let is_test_file = parts.last().is_some_and(|f| *f == "tests.rs");
    match first {
        "lib" | "main" | "cli" => None,
        _ if is_test_file => None,
        name => Some(name.to_owned()),
    }
}

/// `text` without comments and without the items under `#[cfg(test)]` (up to their closing
/// brace, or their `;`).
fn without_tests_and_comments(text: &str) -> String {
    let code: String = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut out = String::with_capacity(code.len());
    let mut rest = code.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = item_end(rest);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Where the item starting at `text` ends: after the brace that closes its first `{`, or after
/// its `;` when that comes first.
fn item_end(text: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            ';' if depth == 0 => return i + 1,
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The top-level modules `code` names through `crate::<module>`.
fn named_modules(code: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    code.match_indices("crate::")
        .filter_map(|(i, _)| {
            let name: String = code[i + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            modules.contains(&name).then_some(name)
        })
        .collect()
}

fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let sources = all_sources();
    let modules: BTreeSet<String> = sources.iter().filter_map(|(f, _)| top_module(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in &sources {
        let Some(from) = top_module(file) else { continue };
        let to = named_modules(&without_tests_and_comments(text), &modules);
        graph.entry(from.clone()).or_default().extend(to.into_iter().filter(|m| *m != from));
    }
    graph
}

/// A cycle of `graph`, as the path that closes it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|start| visit(start, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_top_level_modules_depend_on_each_other_one_way() {
    let graph = module_graph();
    assert!(graph.len() > 8, "the scan found too few modules to mean anything: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("an import cycle among src/'s modules: {} (docs/architecture.md)", cycle.join(" -> "));
    }
}

#[test]
fn no_source_file_is_over_the_limit() {
    let long: Vec<String> = all_sources()
        .iter()
        .map(|(f, text)| (f, text.lines().count()))
        .filter(|(_, lines)| *lines > MAX_LINES)
        .map(|(f, lines)| format!("{}: {lines} lines", f.display()))
        .collect();
    assert!(long.is_empty(), "split these by responsibility (at most {MAX_LINES} lines):\n{}", long.join("\n"));
}

#[test]
fn only_the_registry_matches_on_the_profile_kind() {
    let arms: Vec<String> = all_sources()
        .iter()
        .filter(|(f, _)| !f.ends_with("profile/registry.rs"))
        .flat_map(|(f, text)| {
            let code = without_tests_and_comments(text);
            let found: Vec<String> = code
                .lines()
                .filter(|l| l.contains("ProfileChoice::") && l.contains("=>"))
                .map(|l| format!("{}: {}", f.display(), l.trim()))
                .collect();
            found
        })
        .collect();
    assert!(arms.is_empty(), "a match on ProfileChoice outside src/profile/registry.rs:\n{}", arms.join("\n"));
}

/// Lines within this many of each other that name several profiles make a list of them.
const LIST_WINDOW: usize = 8;

/// The profiles a stretch of code names: `ProfileChoice::Rmcp`, or `"rmcp"` as a literal.
fn profiles_named(code: &str) -> BTreeSet<&'static str> {
    ProfileChoice::all()
        .into_iter()
        .filter(|p| *p != ProfileChoice::Auto)
        .filter(|p| {
            let literal = [format!("\"{}\"", p.name()), format!("\\\"{}\\\"", p.name())];
            code.contains(&format!("ProfileChoice::{p:?}")) || literal.iter().any(|l| code.contains(l.as_str()))
        })
        .map(ProfileChoice::name)
        .collect()
}

/// Every list of the profiles is the registry's (`--profile`'s names and help, the configuration's
/// errors, `auto`, the capabilities the lints ask): a second list is where a new SDK gets
/// forgotten, as the configuration's error once forgot tower-mcp.
#[test]
fn only_the_registry_lists_the_profiles() {
    let mut lists = Vec::new();
    // A code's scope names the profiles that raise it, checked against the registry below.
    let own = |f: &Path| f.ends_with("profile/registry.rs") || f.starts_with(src().join("diagnostics/codes"));
    for (f, text) in all_sources().iter().filter(|(f, _)| !own(f)) {
        let code = without_tests_and_comments(text);
        let lines: Vec<&str> = code.lines().collect();
        for (i, window) in lines.windows(LIST_WINDOW.min(lines.len())).enumerate() {
            let named = profiles_named(&window.join("\n"));
            if named.len() > 1 {
                lists.push(format!("{}:{}: {}", f.display(), i + 1, named.into_iter().collect::<Vec<_>>().join(", ")));
                break;
            }
        }
    }
    assert!(
        lists.is_empty(),
        "lists of profiles outside src/profile/registry.rs (derive them from it):\n{}",
        lists.join("\n")
    );
}

/// The profile a library file belongs to, when it is one profile's own (`src/profile/rmcp.rs`,
/// `src/profile/rmcp/…` → `rmcp`); `None` for what every profile shares.
fn profile_of(file: &Path) -> Option<&'static str> {
    let rel = file.strip_prefix(src().join("profile")).ok()?;
    let first = rel.iter().next()?.to_str()?.trim_end_matches(".rs").replace('_', "-");
    ProfileChoice::from_name(&first).filter(|p| *p != ProfileChoice::Auto).map(ProfileChoice::name)
}

/// A code whose scope names profiles is raised by those profiles: one a profile's own module
/// raises lists that profile (nine codes tower-mcp raised once said "rmcp"), and every name is
/// a profile of the registry.
#[test]
fn code_scopes_name_the_profiles_that_raise_them() {
    use mcp_schema::diagnostics::Code;
    let mut wrong = Vec::new();
    for code in Code::ALL {
        for name in code.doc().scope.profiles {
            if ProfileChoice::from_name(name).is_none_or(|p| p == ProfileChoice::Auto) {
                wrong.push(format!("`{}`'s scope names `{name}`, no profile", code.id()));
            }
        }
    }
    let mut raised_in_profiles = 0;
    for (f, text) in all_sources() {
        let Some(profile) = profile_of(&f) else { continue };
        let code = without_tests_and_comments(&text);
        for c in Code::ALL {
            let mention = format!("Code::{c:?}");
            let raised = code.split(mention.as_str()).skip(1).any(|after| !after.starts_with(char::is_alphanumeric));
            if !raised {
                continue;
            }
            raised_in_profiles += 1;
            let scope = c.doc().scope.profiles;
            if !scope.is_empty() && !scope.contains(&profile) {
                wrong.push(format!("{}: raises `{}`, whose scope is {scope:?}", f.display(), c.id()));
            }
        }
    }
    assert!(raised_in_profiles > 20, "the scan found too few codes in the profiles to mean anything");
    assert!(wrong.is_empty(), "code scopes (src/diagnostics/codes/):\n{}", wrong.join("\n"));
}

#[test]
fn the_checks_see_what_they_forbid() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_owned(), ["b".to_owned()].into()),
        ("b".to_owned(), ["c".to_owned()].into()),
        ("c".to_owned(), ["a".to_owned()].into()),
    ]
    .into();
    assert_eq!(find_cycle(&graph).map(|c| c.join(" -> ")), Some("a -> b -> c -> a".to_owned()));
    assert_eq!(
        profiles_named("[ProfileChoice::Rmcp,\n \"python-sdk\", \"one of \\\"tower-mcp\\\"\"]")
            .into_iter()
            .collect::<Vec<_>>(),
        ["python-sdk", "rmcp", "tower-mcp"]
    );
    let modules: BTreeSet<String> = ["model".to_owned(), "schema".to_owned()].into();
    let code = without_tests_and_comments(
        "use crate::model::Ty; // crate::schema\n#[cfg(test)]\nmod tests { use crate::schema::x; }\nfn f() {}",
    );
    assert_eq!(named_modules(&code, &modules), ["model".to_owned()].into());
    assert_eq!(item_end("#[cfg(test)] use crate::x; fn g() {}"), "#[cfg(test)] use crate::x;".len());
}

/// Where a file may be read other than through `read` (docs/security.md), and why.
const DIRECT_READS: &[(&str, &str)] = &[
    ("read.rs", "the boundary itself"),
    ("cli/", "the recordings and standard input the user names on the command line, streamed"),
    ("tokens/cache.rs", "the user's own cache of token counts, under their cache directory"),
];

/// Every file a crate or a configuration names is read through the one boundary,
/// `read`, which refuses what is outside its root, `.git/`, devices, FIFOs and files over
/// the size cap: a direct read anywhere else in the library would bypass it.
#[test]
fn files_are_read_only_through_the_boundary() {
    let sources = all_sources();
    let mut direct = Vec::new();
    for (file, text) in &sources {
        let rel = file.strip_prefix(src()).unwrap().to_string_lossy().replace('\\', "/");
        if rel.ends_with("tests.rs") || DIRECT_READS.iter().any(|(allowed, _)| rel.starts_with(allowed)) {
            continue;
        }
        // A file's test module is at its end (its braces in strings may fool `item_end`).
        let code = without_tests_and_comments(text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text));
        for pattern in ["fs::read(", "fs::read_to_string(", "File::open(", ".read(true)"] {
            if code.contains(pattern) {
                direct.push(format!("{rel}: `{pattern}`"));
            }
        }
    }
    assert!(sources.len() >= 100, "only {} sources", sources.len());
    assert!(direct.is_empty(), "read these through `read` (docs/security.md):\n{}", direct.join("\n"));
}
