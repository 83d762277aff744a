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

/// The clients a new configuration targets: the common agent SDK of each of the two big
/// providers, as configured by default (OpenAI's Agents SDK, Google's Gen AI SDK). Both refuse
/// names the other takes, and a refusal fails every request: the first thing a server author
/// wants to hear of in a pull request.
pub const DEFAULT_CLIENTS: [&str; 2] = ["openai-agents", "gemini"];

/// The `clients = [...]` line, with a comment on what it does.
fn clients_lines() -> String {
    let chosen: Vec<String> = DEFAULT_CLIENTS.iter().map(|c| format!("\"{c}\"")).collect();
    format!(
        "# The MCP clients served (`mcp-schema list --client` names them all): `check` reports a tool\n\
         # they now refuse or rewrite (docs/clients.md of mcp-schema).\n\
         clients = [{}]\n",
        chosen.join(", ")
    )
}

/// `mcp-schema.toml`: the profile and the manifest path (see docs/config.md), the clients it
/// targets, and the `contract` lints on: a new project starts with what a model reads of it
/// described.
pub fn config(setup: &Setup) -> String {
    format!(
        "# mcp-schema's settings for this crate (docs/config.md of mcp-schema).\n\
         profile = \"{}\"\n\
         manifest = \"{}\"\n\
         {}\
         \n\
         [lints]\n\
         # What a model reads: tools, parameters and enum values described (`mcp-schema explain contract`).\n\
         contract = \"warn\"\n",
        setup.profile.name(),
        setup.manifest,
        clients_lines()
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
    out.push_str(&clients_lines());
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
/// cargo (`Cargo.lock` decides the rmcp release the manifest reproduces), the configuration and
/// the tool manifest itself (`mcp-tools.json`, `mcp-tools.NAME.json`: an edit by hand is drift too).
/// The same pattern as the shipped hooks of `.pre-commit-hooks.yaml`.
pub const PRECOMMIT_FILES: &str =
    r"'\.rs$|(^|/)Cargo\.(toml|lock)$|(^|/)mcp-schema\.toml$|(^|/)mcp-tools(\.[^/]*)?\.json$'";

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
        "# .pre-commit-config.yaml: `pre-commit install` once, then every commit checks the manifest.\n\
         # The hook runs the installed mcp-schema: {}\nrepos:\n{}",
        RELEASE.install_command(),
        precommit_entry(setup)
    )
}

/// The package that installs mcp-schema (`cargo install`, `cargo binstall`): its binaries are
/// `mcp-schema` and `cargo-mcp-schema` (`cargo mcp-schema`).
pub const PACKAGE: &str = env!("CARGO_PKG_NAME");

/// mcp-schema's repository (Cargo.toml's `repository`, the one place naming it): the GitHub
/// Action of its root `action.yml`, and where it installs from before its release is published.
pub const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// Whether this release of [`PACKAGE`] is on crates.io: set in the commit that publishes it.
/// Until then, the workflow builds mcp-schema from its repository's `main` branch, and says so.
pub const PUBLISHED: bool = false;

/// How mcp-schema is installed, and how a workflow runs its action.
#[derive(Debug, Clone, Copy)]
pub struct Release<'a> {
    /// `0.1.0`.
    pub version: &'a str,
    /// Its repository's URL (`https://github.com/owner/name`).
    pub repository: &'a str,
    /// Whether it is on crates.io.
    pub published: bool,
}

/// This release.
pub const RELEASE: Release<'static> =
    Release { version: env!("CARGO_PKG_VERSION"), repository: REPOSITORY, published: PUBLISHED };

impl Release<'_> {
    /// The command that installs it: from crates.io once published, else from its repository.
    pub fn install_command(&self) -> String {
        if self.published {
            format!("cargo install --locked {PACKAGE} --version {}", self.version)
        } else {
            format!("cargo install --locked --git {} {PACKAGE}", self.repository)
        }
    }

    /// `owner/name@ref` of the action: the release's tag once published, else `main`.
    fn action(&self) -> String {
        let slug = self.repository.trim_start_matches("https://github.com/").trim_end_matches('/');
        if self.published {
            format!("{slug}@v{}", self.version)
        } else {
            format!("{slug}@main")
        }
    }

    /// The comment above the workflow's first use of the action, saying where mcp-schema comes
    /// from and, until the release is published, what to change once it is.
    fn action_comment(&self) -> String {
        let v = self.version;
        if self.published {
            format!("      # The action installs {PACKAGE} {v} from crates.io (cached between runs).\n")
        } else {
            format!(
                "      # {PACKAGE} {v} is not on crates.io yet: the action builds mcp-schema from its\n\
                 \x20     # repository's main branch (minutes the first time, then cached). Once it is\n\
                 \x20     # published, pin the release: `uses: {}` with `version: {v}`.\n",
                Release { published: true, ..*self }.action()
            )
        }
    }

    /// The `with:` lines of a step using the action, for mcp-schema's arguments `args`.
    fn action_with(&self, args: &str) -> String {
        let version = if self.published { format!("          version: {}\n", self.version) } else { String::new() };
        format!("        with:\n{version}          args: {args}\n")
    }
}

/// `.github/workflows/mcp-schema.yml` (docs/ci.md shows it for a crate at the repository root):
/// on a pull request, the breaking changes against the base branch, a Markdown report as one
/// comment, and the committed manifest up to date; on a push to `main`, the manifest up to date.
/// The first mcp-schema step of each job is mcp-schema's action (`action.yml`), which installs
/// it; the steps after it run the installed binary.
pub fn workflow(setup: &Setup) -> String {
    workflow_of(setup, &RELEASE)
}

fn workflow_of(setup: &Setup, release: &Release) -> String {
    let path = setup.path_arg();
    let check = format!("mcp-schema check{path}");
    let action = release.action();
    let comment = release.action_comment();
    let breaking = release.action_with(&format!(
        "check{path} --baseline origin/${{{{ github.base_ref }}}} --fail-on breaking --format github"
    ));
    let up_to_date = release.action_with(&format!("check{path} --format github"));
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
{comment}      - name: Breaking changes against the base branch
        uses: {action}
{breaking}      - name: Write the drift report
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
{comment}      - name: The committed manifest is up to date
        uses: {action}
{up_to_date}"
    )
}

/// The next step `init` adds until this release is published: where the workflow gets
/// mcp-schema from, and what to change once it is on crates.io.
fn unpublished_step(release: &Release) -> Option<String> {
    (!release.published).then(|| {
        format!(
            "until {PACKAGE} {} is on crates.io, the workflow builds mcp-schema from {}; \
             once it is, pin the release where the workflow's comment says",
            release.version, release.repository
        )
    })
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
    steps.extend(unpublished_step(&RELEASE));
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
    steps.extend(unpublished_step(&RELEASE));
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
        let w = workflow_of(&member, &RELEASE);
        assert!(w.contains("args: check crates/server --baseline origin/${{ github.base_ref }} --fail-on breaking"));
        assert!(
            w.contains("run: mcp-schema check crates/server --baseline origin/${{ github.base_ref }} --fail-on none")
        );
        assert_eq!(w.matches("run: mcp-schema check crates/server --format github\n").count(), 1, "{w}");
        assert_eq!(w.matches("args: check crates/server --format github\n").count(), 1, "{w}");
        assert_eq!(
            config(&root),
            "# mcp-schema's settings for this crate (docs/config.md of mcp-schema).\nprofile = \"rmcp\"\n\
             manifest = \"mcp-tools.json\"\n# The MCP clients served (`mcp-schema list --client` names them all): `check` reports a tool\n\
             # they now refuse or rewrite (docs/clients.md of mcp-schema).\nclients = [\"openai-agents\", \"gemini\"]\n\n[lints]\n# What a model reads: tools, parameters and enum values \
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
             # The MCP clients served (`mcp-schema list --client` names them all): `check` reports a tool\n\
             # they now refuse or rewrite (docs/clients.md of mcp-schema).\nclients = [\"openai-agents\", \"gemini\"]\n\
             \n[[servers]]\npath = \"a\"\nprofile = \"rmcp\"\nmanifest = \"a/mcp-tools.json\"\n\
             \n[[servers]]\npath = \"crates/b\"\nprofile = \"python-sdk\"\nmanifest = \"crates/b/mcp-tools.json\"\n\
             \n[[servers]]\nname = \"back\"\npath = \"d\"\nserver = \"Back\"\nprofile = \"rmcp\"\nmanifest = \"d/mcp-tools.back.json\"\n"
        );
    }

    const UNPUBLISHED: Release =
        Release { version: "0.1.0", repository: "https://github.com/o/mcp-schema", published: false };

    #[test]
    fn mcp_schema_installs_from_its_repository_until_the_release_is_published() {
        let published = Release { published: true, ..UNPUBLISHED };
        assert_eq!(
            UNPUBLISHED.install_command(),
            "cargo install --locked --git https://github.com/o/mcp-schema cargo-mcp-schema"
        );
        assert_eq!(published.install_command(), "cargo install --locked cargo-mcp-schema --version 0.1.0");
        assert_eq!(
            (UNPUBLISHED.action(), published.action()),
            ("o/mcp-schema@main".into(), "o/mcp-schema@v0.1.0".into())
        );
    }

    /// Until the release is published, the workflow says so above each use of the action and
    /// names the release to pin; once it is, it pins it.
    #[test]
    fn the_workflow_says_where_mcp_schema_comes_from() {
        let root = Setup { profile: crate::profile::ProfileChoice::Rmcp, manifest: "mcp-tools.json", crate_dir: "" };
        let before = workflow_of(&root, &UNPUBLISHED);
        assert_eq!(
            before.matches("uses: o/mcp-schema@main\n        with:\n          args: check").count(),
            2,
            "{before}"
        );
        assert_eq!(before.matches("cargo-mcp-schema 0.1.0 is not on crates.io yet").count(), 2, "{before}");
        assert!(before.contains("pin the release: `uses: o/mcp-schema@v0.1.0` with `version: 0.1.0`"), "{before}");
        let after = workflow_of(&root, &Release { published: true, ..UNPUBLISHED });
        assert_eq!(after.matches("uses: o/mcp-schema@v0.1.0\n        with:\n          version: 0.1.0\n").count(), 2);
        assert!(!after.contains("not on crates.io"), "{after}");
        assert!(unpublished_step(&Release { published: true, ..UNPUBLISHED }).is_none());
    }
}
