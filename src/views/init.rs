//! The files `mcp-schema init` writes, as text: the configuration, a pre-commit hook and a
//! GitHub Actions workflow. docs/ci.md and docs/pre-commit.md show them as written here (a test
//! compares). Where they go, and whether they may be written, is the CLI's job.

/// Where the crate sits in its repository, and what it is set up with.
#[derive(Debug, Clone)]
pub struct Setup<'a> {
    /// The profile the crate gets.
    pub profile: crate::profile::ProfileChoice,
    /// The manifest, relative to the crate root.
    pub manifest: &'a str,
    /// The crate root relative to the repository root, `/`-separated; empty when they are one.
    pub crate_dir: &'a str,
}

impl Setup<'_> {
    /// ` crates/server` for a crate below the repository root, else nothing: the PATH that
    /// commands run from the repository root need.
    fn path_arg(&self) -> String {
        if self.crate_dir.is_empty() {
            String::new()
        } else {
            format!(" {}", self.crate_dir)
        }
    }
}

/// `mcp-schema.toml`: the profile and the manifest path (see docs/config.md), and the `contract`
/// lints on: a new project starts with what a model reads of it described.
pub fn config(setup: &Setup) -> String {
    format!(
        "# mcp-schema's settings for this crate (docs/config.md of mcp-schema).\n\
         profile = \"{}\"\n\
         manifest = \"{}\"\n\
         \n\
         [lints]\n\
         # What a model reads: tools, parameters and enum values described (`mcp-schema explain contract`).\n\
         contract = \"warn\"\n",
        setup.profile.name(),
        setup.manifest
    )
}

/// A server `init` found in a workspace: its `[[servers]]` entry.
#[derive(Debug, Clone)]
pub struct ServerEntry {
    /// Its name, when the default (the type, or the directory) would not do.
    pub name: Option<String>,
    /// The crate directory relative to the configuration's, `/`-separated.
    pub path: String,
    /// The server type, for a crate with several.
    pub server: Option<String>,
    /// The profile it gets.
    pub profile: crate::profile::ProfileChoice,
    /// Its manifest, relative to the configuration's directory.
    pub manifest: String,
}

/// `mcp-schema.toml` for a workspace of several server crates: a `[[servers]]` entry each (see
/// docs/config.md).
pub fn servers_config(servers: &[ServerEntry]) -> String {
    let mut out = String::from(
        "# mcp-schema's settings: every MCP server of this repository, each with its own manifest\n\
         # (docs/config.md of mcp-schema). Top-level keys apply to every server.\n",
    );
    for s in servers {
        out.push_str("\n[[servers]]\n");
        if let Some(name) = &s.name {
            out.push_str(&format!("name = \"{name}\"\n"));
        }
        out.push_str(&format!("path = \"{}\"\n", s.path));
        if let Some(server) = &s.server {
            out.push_str(&format!("server = \"{server}\"\n"));
        }
        out.push_str(&format!("profile = \"{}\"\nmanifest = \"{}\"\n", s.profile.name(), s.manifest));
    }
    out
}

/// The files a commit must touch for the pre-commit hooks to run: the sources, the manifests of
/// cargo (`Cargo.lock` decides the rmcp release the manifest reproduces) and the configuration.
/// The same pattern as the shipped hooks of `.pre-commit-hooks.yaml`.
pub const PRECOMMIT_FILES: &str = r"'\.rs$|(^|/)Cargo\.(toml|lock)$|(^|/)mcp-schema\.toml$'";

/// The hook entry of `.pre-commit-config.yaml`: a local hook running the installed binary.
pub fn precommit_entry(setup: &Setup) -> String {
    format!(
        "  - repo: local\n\
         \x20   hooks:\n\
         \x20     - id: mcp-schema-check\n\
         \x20       name: mcp-schema check\n\
         \x20       entry: mcp-schema check{}\n\
         \x20       language: system\n\
         \x20       pass_filenames: false\n\
         \x20       files: {PRECOMMIT_FILES}\n",
        setup.path_arg()
    )
}

/// A whole `.pre-commit-config.yaml` holding [`precommit_entry`] (docs/pre-commit.md shows it
/// for a crate at the repository root).
pub fn precommit_config(setup: &Setup) -> String {
    format!(
        "# .pre-commit-config.yaml: `pre-commit install` once, then every commit checks the manifest.\nrepos:\n{}",
        precommit_entry(setup)
    )
}

/// The command that installs this release of mcp-schema: from its repository when the package
/// names one, else from crates.io.
fn install_command() -> String {
    install_command_of(env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_VERSION"))
}

fn install_command_of(repository: &str, version: &str) -> String {
    if repository.is_empty() {
        format!("cargo install --locked mcp-schema --version {version}")
    } else {
        format!("cargo install --locked --git {repository} --tag v{version} mcp-schema")
    }
}

/// `.github/workflows/mcp-schema.yml` (docs/ci.md shows it for a crate at the repository root):
/// on a pull request, the breaking changes against the base branch, a Markdown report as one
/// comment, and the committed manifest up to date; on a push to `main`, the manifest up to date.
pub fn workflow(setup: &Setup) -> String {
    workflow_installing(setup, &install_command(), env!("CARGO_PKG_VERSION"))
}

fn workflow_installing(setup: &Setup, install: &str, version: &str) -> String {
    let check = format!("mcp-schema check{}", setup.path_arg());
    // Both jobs install the same way; the cache keeps the binary of one release between runs.
    let install_steps = format!(
        "      - uses: dtolnay/rust-toolchain@stable
      - name: Cache the mcp-schema binary
        uses: actions/cache@v4
        with:
          path: ~/.cargo/bin/mcp-schema
          key: mcp-schema-${{{{ runner.os }}}}-{version}
      - name: Install mcp-schema
        run: command -v mcp-schema || {install}
"
    );
    format!(
        "name: mcp-schema
on:
  pull_request:
  push:
    branches: [main]

jobs:
  pull-request:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write
    steps:
      - uses: actions/checkout@v4
        with:
          # The base branch's history: --baseline reads its manifest with git.
          fetch-depth: 0
{install_steps}      - name: Breaking changes against the base branch
        run: {check} --baseline origin/${{{{ github.base_ref }}}} --fail-on breaking --format github
      - name: Write the drift report
        if: always()
        run: {check} --baseline origin/${{{{ github.base_ref }}}} --fail-on none --format markdown > drift.md
      - name: Comment on the pull request (one comment, updated in place)
        if: always() && github.event.pull_request.head.repo.full_name == github.repository
        env:
          GH_TOKEN: ${{{{ github.token }}}}
          PR: ${{{{ github.event.pull_request.number }}}}
        run: |
          id=$(gh api \"repos/$GITHUB_REPOSITORY/issues/$PR/comments\" --paginate \\
            --jq '.[] | select(.body | startswith(\"<!-- mcp-schema drift report -->\")) | .id' | head -n 1)
          if [ -n \"$id\" ]; then
            gh api --method PATCH \"repos/$GITHUB_REPOSITORY/issues/comments/$id\" -F body=@drift.md
          else
            gh pr comment \"$PR\" --body-file drift.md
          fi
      - name: The committed manifest is up to date
        if: always()
        run: {check} --format github

  push:
    if: github.event_name == 'push'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
{install_steps}      - name: The committed manifest is up to date
        run: {check} --format github
"
    )
}

/// One line for a manifest `init` would write, in place of its text: `mcp-tools.json: 11 tools,
/// 38 KB` ([`tools_and_size`]). The text itself is what `generate` prints.
pub fn manifest_summary(path: &str, tools_and_size: &str) -> String {
    format!("{path}: {tools_and_size}")
}

/// `11 tools, 38 KB`.
pub fn tools_and_size(tools: usize, bytes: usize) -> String {
    let s = if tools == 1 { "" } else { "s" };
    format!("{tools} tool{s}, {}", size(bytes))
}

/// A size as people read it: bytes below a kilobyte, else kilobytes (rounded) or megabytes.
fn size(bytes: usize) -> String {
    const KB: usize = 1024;
    match bytes {
        b if b < KB => format!("{b} bytes"),
        b if b < KB * KB => format!("{} KB", (b + KB / 2) / KB),
        b => format!("{:.1} MB", b as f64 / (KB * KB) as f64),
    }
}

/// What `init` ends with: the next steps. `files` are the files it set up (with `dry_run`, would
/// write), `crate_arg` the crate's PATH as commands run from here take it (empty for the current
/// directory) and `manifest` the manifest's path from here.
pub fn next_steps(files: &[String], crate_arg: &str, manifest: &str, dry_run: bool) -> String {
    let path = if crate_arg.is_empty() { String::new() } else { format!(" {crate_arg}") };
    let mut steps = Vec::new();
    if dry_run {
        steps.push(format!("write them: mcp-schema init{path}"));
    }
    steps.push(format!("commit them: git add {} && git commit", files.join(" ")));
    steps.push(format!(
        "after changing a tool: mcp-schema check{path} (exit 1 when {manifest} is stale; \
         the pre-commit hook and the workflow run it too)"
    ));
    steps.push(format!("when it is stale: mcp-schema generate{path} -o {manifest}, and commit it"));
    numbered(&steps)
}

/// What `init` ends with for several servers: as [`next_steps`], with `generate` writing every
/// server's manifest.
pub fn servers_next_steps(files: &[String], root_arg: &str, dry_run: bool) -> String {
    let path = if root_arg.is_empty() { String::new() } else { format!(" {root_arg}") };
    let mut steps = Vec::new();
    if dry_run {
        steps.push(format!("write them: mcp-schema init{path}"));
    }
    steps.push(format!("commit them: git add {} && git commit", files.join(" ")));
    steps.push(format!(
        "after changing a tool: mcp-schema check{path} (every server; exit 1 when a manifest is stale; \
         the pre-commit hook and the workflow run it too)"
    ));
    steps.push(format!("when one is stale: mcp-schema generate{path} (writes every server's manifest), and commit it"));
    numbered(&steps)
}

/// `next steps:` and the steps, numbered.
fn numbered(steps: &[String]) -> String {
    let mut out = String::from("next steps:\n");
    for (n, step) in steps.iter().enumerate() {
        out.push_str(&format!("  {}. {step}\n", n + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_is_summarised_in_tools_and_size() {
        let summary = tools_and_size(11, 38 * 1024 + 100);
        assert_eq!(manifest_summary("mcp-tools.json", &summary), "mcp-tools.json: 11 tools, 38 KB");
        assert_eq!(tools_and_size(1, 300), "1 tool, 300 bytes");
        assert_eq!(tools_and_size(0, 3 << 20), "0 tools, 3.0 MB");
    }

    #[test]
    fn next_steps_name_the_files_and_the_crate() {
        let files = ["a.toml".to_owned(), "b.json".to_owned()];
        let steps = next_steps(&files, "crates/server", "crates/server/b.json", true);
        assert!(steps.starts_with("next steps:\n  1. write them: mcp-schema init crates/server\n"), "{steps}");
        assert!(steps.contains("git add a.toml b.json && git commit"), "{steps}");
        assert!(steps.contains("mcp-schema check crates/server ("), "{steps}");
        assert!(steps.contains("mcp-schema generate crates/server -o crates/server/b.json"), "{steps}");
        assert!(!next_steps(&files, "", "b.json", false).contains("init"));
    }

    #[test]
    fn commands_name_the_crate_when_it_is_below_the_repository_root() {
        let root = Setup { profile: crate::profile::ProfileChoice::Rmcp, manifest: "mcp-tools.json", crate_dir: "" };
        let member = Setup { crate_dir: "crates/server", ..root.clone() };
        assert!(precommit_entry(&root).contains("entry: mcp-schema check\n"));
        assert!(precommit_entry(&member).contains("entry: mcp-schema check crates/server\n"));
        let w = workflow_installing(&member, "cargo install x", "0.1.0");
        assert!(
            w.contains("mcp-schema check crates/server --baseline origin/${{ github.base_ref }} --fail-on breaking")
        );
        assert_eq!(w.matches("run: mcp-schema check crates/server --format github\n").count(), 2, "{w}");
        assert_eq!(w.matches("run: command -v mcp-schema || cargo install x\n").count(), 2, "{w}");
        assert_eq!(
            config(&root),
            "# mcp-schema's settings for this crate (docs/config.md of mcp-schema).\nprofile = \"rmcp\"\n\
             manifest = \"mcp-tools.json\"\n\n[lints]\n# What a model reads: tools, parameters and enum values \
             described (`mcp-schema explain contract`).\ncontract = \"warn\"\n"
        );
    }

    #[test]
    fn a_workspace_gets_an_entry_per_server() {
        let entry = |path: &str, profile: &str| ServerEntry {
            name: None,
            path: path.into(),
            server: None,
            profile: crate::profile::ProfileChoice::from_name(profile).expect("a profile's name"),
            manifest: format!("{path}/mcp-tools.json"),
        };
        let typed = ServerEntry {
            name: Some("back".into()),
            server: Some("Back".into()),
            manifest: "d/mcp-tools.back.json".into(),
            ..entry("d", "rmcp")
        };
        assert_eq!(
            servers_config(&[entry("a", "rmcp"), entry("crates/b", "python-sdk"), typed]),
            "# mcp-schema's settings: every MCP server of this repository, each with its own manifest\n\
             # (docs/config.md of mcp-schema). Top-level keys apply to every server.\n\
             \n[[servers]]\npath = \"a\"\nprofile = \"rmcp\"\nmanifest = \"a/mcp-tools.json\"\n\
             \n[[servers]]\npath = \"crates/b\"\nprofile = \"python-sdk\"\nmanifest = \"crates/b/mcp-tools.json\"\n\
             \n[[servers]]\nname = \"back\"\npath = \"d\"\nserver = \"Back\"\nprofile = \"rmcp\"\nmanifest = \"d/mcp-tools.back.json\"\n"
        );
    }

    #[test]
    fn mcp_schema_installs_from_its_repository_when_the_package_names_one() {
        assert_eq!(install_command_of("", "0.1.0"), "cargo install --locked mcp-schema --version 0.1.0");
        assert_eq!(
            install_command_of("https://example.org/mcp-schema", "0.1.0"),
            "cargo install --locked --git https://example.org/mcp-schema --tag v0.1.0 mcp-schema"
        );
    }
}
