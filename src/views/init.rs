//! The files `mcp-schema init` writes, as text: the configuration, a pre-commit hook and a
//! GitHub Actions workflow. Where they go, and whether they may be written, is the CLI's job.

/// Where the crate sits in its repository, and what it is set up with.
#[derive(Debug, Clone)]
pub struct Setup<'a> {
    /// The profile the crate gets (`rmcp`, `python-sdk`).
    pub profile: &'a str,
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

/// `mcp-schema.toml`: the profile and the manifest path (see docs/config.md).
pub fn config(setup: &Setup) -> String {
    format!(
        "# mcp-schema's settings for this crate (docs/config.md of mcp-schema).\n\
         profile = \"{}\"\n\
         manifest = \"{}\"\n",
        setup.profile, setup.manifest
    )
}

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
         \x20       files: '\\.rs$|Cargo\\.toml$'\n",
        setup.path_arg()
    )
}

/// A whole `.pre-commit-config.yaml` holding [`precommit_entry`].
pub fn precommit_config(setup: &Setup) -> String {
    format!(
        "# https://pre-commit.com: `pre-commit install` once, then every commit checks the manifest.\n\
         repos:\n{}",
        precommit_entry(setup)
    )
}

/// `.github/workflows/mcp-schema.yml`: on a pull request, compare the manifest with the base
/// branch's and fail on breaking changes only.
pub fn workflow(setup: &Setup, repository: &str, version: &str) -> String {
    // From crates.io unless the package names its repository (as the docs install it).
    let install = if repository.is_empty() {
        format!("cargo install --locked mcp-schema --version {version}")
    } else {
        format!("cargo install --locked --git {repository} --tag v{version} mcp-schema")
    };
    format!(
        "# Checks the MCP tools/list manifest on every pull request: breaking changes to the tools
# fail the job, compatible ones are annotations on the pull request.
name: mcp-schema
on:
  pull_request:

jobs:
  manifest:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the base branch, for --baseline
      - uses: dtolnay/rust-toolchain@stable
      - name: Cache the mcp-schema binary
        uses: actions/cache@v4
        with:
          path: ~/.cargo/bin/mcp-schema
          key: mcp-schema-${{{{ runner.os }}}}-v{version}
      - name: Install mcp-schema
        run: |
          command -v mcp-schema || \\
            {install}
      - name: Check the tools/list manifest
        run: mcp-schema check{path} --baseline origin/${{{{ github.base_ref }}}} --fail-on breaking --format github
",
        path = setup.path_arg()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_name_the_crate_when_it_is_below_the_repository_root() {
        let root = Setup { profile: "rmcp", manifest: "mcp-tools.json", crate_dir: "" };
        let member = Setup { crate_dir: "crates/server", ..root.clone() };
        assert!(precommit_entry(&root).contains("entry: mcp-schema check\n"));
        assert!(precommit_entry(&member).contains("entry: mcp-schema check crates/server\n"));
        let w = workflow(&member, "", "0.1.0");
        assert!(
            w.contains("mcp-schema check crates/server --baseline origin/${{ github.base_ref }} --fail-on breaking")
        );
        assert!(w.contains("cargo install --locked mcp-schema --version 0.1.0\n"));
        let from_git = workflow(&member, "https://example.org/mcp-schema", "0.1.0");
        assert!(from_git.contains("--git https://example.org/mcp-schema --tag v0.1.0 mcp-schema\n"));
        assert_eq!(config(&root), "# mcp-schema's settings for this crate (docs/config.md of mcp-schema).\nprofile = \"rmcp\"\nmanifest = \"mcp-tools.json\"\n");
    }
}
