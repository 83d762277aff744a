//! The registry of profiles: the one place that knows them all. It gives `--profile`'s names and
//! help, the attributes loading keeps, and `auto`'s choice; [`run`] runs the chosen profile.

use std::sync::OnceLock;

use super::{Capabilities, Detection, Profile, ProfileRun};
use crate::diagnostics::{Code, Diagnostic};
use crate::options::GenerateOptions;
use crate::source::{KeptAttributes, Workspace};

/// The registry's rows, each `Variant => unit struct of a profile`: the one list of profiles. It
/// makes [`ProfileChoice`] (`auto` first, then a variant per row), [`CHOICES`] and `PROFILES`,
/// in the order `--profile` lists them; `auto` asks the profiles in this order for their
/// dependency.
macro_rules! registry {
    ($($variant:ident => $profile:path),+ $(,)?) => {
        /// Which SDK's output to reproduce. Also the values of the CLI's `--profile`; their names
        /// and help lines come from each profile's [`super::ProfileInfo`] ([`ProfileChoice::name`],
        /// [`ProfileChoice::summary`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub enum ProfileChoice {
            /// The profile whose SDK the crate depends on, else the fallback (see
            /// [`ProfileChoice::summary`]).
            #[default]
            Auto,
            $(
                #[doc = concat!("The profile `", stringify!($profile), "` (its name and summary: [`ProfileChoice::name`], [`ProfileChoice::summary`]).")]
                $variant,
            )+
        }

        /// Every choice, `auto` first, in the order `--profile` lists them.
        pub const CHOICES: &[ProfileChoice] = &[ProfileChoice::Auto, $(ProfileChoice::$variant),+];

        /// Every profile with the public id it answers to.
        const PROFILES: &[(ProfileChoice, &dyn Profile)] = &[$((ProfileChoice::$variant, &$profile)),+];
    };
}

registry! {
    McpAttr => super::mcp_attr::McpAttr,
    PythonSdk => super::python_sdk::PythonSdk,
    Rmcp => super::rmcp::Rmcp,
    RustMcpSdk => super::rust_mcp_sdk::RustMcpSdk,
    TowerMcp => super::tower_mcp::TowerMcp,
    Turbomcp => super::turbomcp::Turbomcp,
}

// The profiles' names and help, for `--profile` and the configuration's `profile`.
impl crate::choice::Choice for ProfileChoice {
    const ALL: &'static [ProfileChoice] = CHOICES;

    fn name(self) -> &'static str {
        name_of(self)
    }

    fn help(self) -> &'static str {
        summary_of(self)
    }
}

crate::choice::from_str_by_choice!(ProfileChoice);

impl ProfileChoice {
    /// The name `--profile` takes for this profile.
    pub fn name(self) -> &'static str {
        name_of(self)
    }

    /// The choice a `--profile` name stands for, spelt exactly so.
    pub fn from_name(name: &str) -> Option<ProfileChoice> {
        parse_name(name)
    }

    /// What `--help` says of this choice, in a line.
    pub fn summary(self) -> &'static str {
        summary_of(self)
    }

    /// Every choice, `auto` first, in the order `--profile` lists them.
    pub fn all() -> Vec<ProfileChoice> {
        all()
    }
}

/// What `--profile` calls the choice among the profiles.
const AUTO: &str = "auto";

/// Every choice, `auto` first, in the order `--profile` lists them.
pub fn all() -> Vec<ProfileChoice> {
    CHOICES.to_vec()
}

/// What `--help` says of `choice`; for `auto`, which profile it picks when.
pub fn summary_of(choice: ProfileChoice) -> &'static str {
    if let Some(p) = profile(choice) {
        return p.info().summary;
    }
    static AUTO_SUMMARY: OnceLock<String> = OnceLock::new();
    AUTO_SUMMARY.get_or_init(|| {
        let (mut by_dependency, mut otherwise) = (Vec::new(), Vec::new());
        for (_, p) in PROFILES {
            match p.info().detection {
                Detection::DependsOn(_) => by_dependency.push(format!("`{}`", p.info().name)),
                Detection::Otherwise => otherwise.push(format!("`{}`", p.info().name)),
            }
        }
        format!("{} when the crate depends on that SDK, {} otherwise", one_of(&by_dependency), otherwise.join(""))
    })
}

/// The profile `choice` names; `None` for `auto`.
fn profile(choice: ProfileChoice) -> Option<&'static dyn Profile> {
    PROFILES.iter().find(|(id, _)| *id == choice).map(|(_, p)| *p)
}

/// What the profile `choice` can publish ([`Capabilities`]); `None` for `auto`.
pub fn capabilities(choice: ProfileChoice) -> Option<Capabilities> {
    profile(choice).map(|p| p.info().capabilities)
}

/// The name `--profile` takes for `choice`.
pub fn name_of(choice: ProfileChoice) -> &'static str {
    profile(choice).map_or(AUTO, |p| p.info().name)
}

/// The choice a `--profile` name stands for (exactly as spelt there).
pub fn parse_name(name: &str) -> Option<ProfileChoice> {
    if name == AUTO {
        return Some(ProfileChoice::Auto);
    }
    PROFILES.iter().find(|(_, p)| p.info().name == name).map(|(id, _)| *id)
}

/// The attributes the profile `choice` scans every item for, which loading keeps parsed (`auto`:
/// those of every profile it may choose).
pub fn kept_attributes(choice: ProfileChoice) -> KeptAttributes {
    if let Some(p) = profile(choice) {
        return p.info().kept_attributes;
    }
    static ALL: OnceLock<Vec<&'static str>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let mut all: Vec<&'static str> = Vec::new();
        for name in PROFILES.iter().flat_map(|(_, p)| p.info().kept_attributes.0) {
            if !all.contains(name) {
                all.push(name);
            }
        }
        all
    });
    KeptAttributes(all)
}

/// Build the manifest with the profile the options ask for (`auto`: the SDK the crate depends
/// on, else the fallback; a crate depending on two SDKs must say which).
pub fn run(ws: &Workspace, opts: &GenerateOptions) -> ProfileRun {
    let (id, chosen, auto_why) = match PROFILES.iter().find(|(id, _)| *id == opts.profile) {
        Some(&(id, p)) => (id, p, None),
        None => {
            let names: Vec<&str> = PROFILES.iter().map(|(_, p)| p.info().name).collect();
            if let Some(d) = super::unknown_sdk::refuse(ws, &names) {
                return ProfileRun::failed(d);
            }
            match choose(ws) {
                Ok((&(id, p), why)) => (id, p, Some(why)),
                Err(d) => return ProfileRun::failed(d),
            }
        }
    };
    let mut out = super::template::run(chosen, ws, &opts.profile_options);
    let listed_none = out.manifest.as_ref().is_some_and(|m| m.is_empty()) && !out.diagnostics.has_errors();
    let unlisted =
        if listed_none { super::unlisted::diagnostic(ws, chosen.info().name, &out.diagnostics.0) } else { None };
    let declared = unlisted.is_some();
    if let Some(d) = unlisted {
        out.diagnostics.push(d);
    }
    if let Some(why) = auto_why.as_deref().filter(|_| chosen.info().detection == Detection::Otherwise && !declared) {
        if let Some(d) = nothing_found(ws, chosen, why, &out) {
            out.diagnostics.push(d);
        }
    }
    let auto_note = auto_why.map(|why| format!("profile: {} (auto: {why})", chosen.info().name));
    out.notes.splice(0..0, auto_note);
    out.provenance.profile = Some(id);
    out
}

/// `auto` fell back (no SDK among the dependencies) and the fallback found no tool: a warning
/// that says so, on the crate's Cargo.toml. Silent, such a run would write an empty manifest
/// with exit status 0 (an empty Cargo.toml, the wrong directory); `generate -o` makes it an
/// error rather than replace a manifest that lists tools ([`crate::manifest::refuse_to_empty`]).
fn nothing_found(ws: &Workspace, fallback: &dyn Profile, why: &str, run: &ProfileRun) -> Option<Diagnostic> {
    let found_none = run.manifest.as_ref().is_some_and(|m| m.is_empty());
    if !found_none || run.diagnostics.has_errors() {
        return None;
    }
    let d = Diagnostic::warning(
        Code::NoSdk,
        format!("no MCP SDK and no tool found: `--profile auto` fell back to {} because {why}", fallback.info().name),
    );
    // On the crate's Cargo.toml, where the dependencies are: the package run (at the root), not a
    // member the workspace lists first (an empty one declares no package; a lone `.rs` file has
    // none).
    let at_root = ws.root.join("Cargo.toml");
    let same = |p: &std::path::Path| {
        p == at_root || std::fs::canonicalize(p).ok().is_some_and(|c| std::fs::canonicalize(&at_root).ok() == Some(c))
    };
    let cargo_toml = ws
        .packages
        .iter()
        .find(|m| same(&m.path))
        .or_else(|| ws.packages.first())
        .map(|m| m.path.clone())
        .or_else(|| at_root.is_file().then_some(at_root.clone()));
    Some(match cargo_toml {
        Some(path) => d.in_file(&path),
        None => d,
    })
}

/// `auto`: the profile whose dependency the crate has, and why in words; an error when it has
/// several.
fn choose(ws: &Workspace) -> Result<(&'static (ProfileChoice, &'static dyn Profile), String), Diagnostic> {
    let by_dependency: Vec<(&(ProfileChoice, &dyn Profile), &str)> = PROFILES
        .iter()
        .filter_map(|entry| match entry.1.info().detection {
            Detection::DependsOn(package) => Some((entry, package)),
            Detection::Otherwise => None,
        })
        .collect();
    let packages: Vec<&str> = by_dependency.iter().map(|(_, package)| *package).collect();
    let found = depends_on(&ws.packages, &packages);
    let matched: Vec<_> = by_dependency.iter().zip(found).filter(|(_, found)| *found).map(|(m, _)| *m).collect();
    match matched.as_slice() {
        [(entry, package)] => Ok((entry, format!("the crate depends on {package}"))),
        [] => {
            let fallback = PROFILES
                .iter()
                .find(|(_, p)| p.info().detection == Detection::Otherwise)
                .expect("the registry has a profile for crates depending on no SDK");
            Ok((fallback, format!("the crate depends on {}", neither_nor(&packages))))
        }
        several => {
            let packages: Vec<&str> = several.iter().map(|(_, package)| *package).collect();
            let flags: Vec<String> =
                several.iter().map(|((_, p), _)| format!("`--profile {}`", p.info().name)).collect();
            Err(Diagnostic::error(
                Code::ProfileAmbiguous,
                format!("the crate depends on {}: which SDK serves the tools cannot be guessed", all_of(&packages)),
            )
            .with_help(format!("choose with {} (or `profile` in the configuration)", flags.join(" or "))))
        }
    }
}

/// `a or b`, `a, b or c`.
fn one_of(words: &[String]) -> String {
    match words {
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => words.join(""),
    }
}

/// `both a and b`, `all of a, b and c`.
fn all_of(words: &[&str]) -> String {
    match words {
        [a, b] => format!("both {a} and {b}"),
        [init @ .., last] if !init.is_empty() => format!("all of {} and {last}", init.join(", ")),
        _ => words.join(""),
    }
}

/// `neither a nor b`, `neither a, b nor c`; `no a` for one.
fn neither_nor(words: &[&str]) -> String {
    match words {
        [init @ .., last] if !init.is_empty() => format!("neither {} nor {last}", init.join(", ")),
        _ => format!("no {}", words.join("")),
    }
}

/// Whether a package of the run depends on each of `packages`, in its Cargo.toml or its
/// Cargo.lock (each lock read once).
pub(super) fn depends_on(manifests: &[std::sync::Arc<crate::source::CargoManifest>], packages: &[&str]) -> Vec<bool> {
    let mut found = vec![false; packages.len()];
    for m in manifests {
        for (i, p) in packages.iter().enumerate() {
            found[i] |= m.dependency_requirement(p).is_some();
        }
        if found.iter().all(|f| *f) {
            break;
        }
        let Some((_, pkgs)) = crate::source::find_lock(&m.dir) else { continue };
        let own = m.package_name.as_deref();
        for p in pkgs.iter().filter(|p| Some(p.name.as_str()) == own) {
            for dep in &p.dependencies {
                let name = dep.split(' ').next();
                for (i, wanted) in packages.iter().enumerate() {
                    found[i] |= name == Some(*wanted);
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        let names: Vec<&str> = all().into_iter().map(name_of).collect();
        assert_eq!(names, ["auto", "mcp-attr", "python-sdk", "rmcp", "rust-mcp-sdk", "tower-mcp", "turbomcp"]);
        for name in names {
            assert_eq!(parse_name(name).map(name_of), Some(name));
        }
        assert_eq!(parse_name("RMCP"), None);
    }

    /// The lines `--profile`'s help shows.
    #[test]
    fn summaries() {
        let lines: Vec<String> = all().into_iter().map(|c| format!("{}: {}", name_of(c), summary_of(c))).collect();
        assert_eq!(
            lines,
            [
                "auto: `mcp-attr`, `rmcp`, `rust-mcp-sdk`, `tower-mcp` or `turbomcp` when the crate depends on that SDK, `python-sdk` otherwise",
                "mcp-attr: the Rust SDK mcp-attr (`#[mcp_server]` impls with `#[tool]` fns), at the release in Cargo.lock",
                "python-sdk: the MCP Python SDK (mcp 2.x), for the equivalent Python signature",
                "rmcp: the Rust SDK rmcp at runtime, at the release in Cargo.lock",
                "rust-mcp-sdk: the Rust SDK rust-mcp-sdk (rust-mcp-stack), at the release in Cargo.lock",
                "tower-mcp: the Rust SDK tower-mcp at runtime (ToolBuilder chains), at the release in Cargo.lock",
                "turbomcp: the Rust SDK turbomcp (`#[server]` impls with `#[tool]` methods), at the release in Cargo.lock",
            ]
        );
    }

    #[test]
    fn exactly_one_fallback_and_auto_keeps_every_profiles_attributes() {
        let fallbacks = PROFILES.iter().filter(|(_, p)| p.info().detection == Detection::Otherwise).count();
        assert_eq!(fallbacks, 1);
        assert_eq!(kept_attributes(ProfileChoice::Auto).0, ["tool"]);
        assert!(kept_attributes(ProfileChoice::RustMcpSdk).0.is_empty());
    }

    /// A profile written for an SDK of the unknown table takes its row out.
    #[test]
    fn no_unknown_sdk_is_a_profiles_dependency() {
        for (_, p) in PROFILES {
            if let Detection::DependsOn(package) = p.info().detection {
                assert!(!super::super::unknown_sdk::UNKNOWN_SDKS.iter().any(|s| s.package == package), "{package}");
            }
        }
    }

    #[test]
    fn word_lists() {
        assert_eq!(all_of(&["rmcp", "rust-mcp-sdk"]), "both rmcp and rust-mcp-sdk");
        assert_eq!(neither_nor(&["rmcp", "rust-mcp-sdk"]), "neither rmcp nor rust-mcp-sdk");
        assert_eq!(neither_nor(&["a", "b", "c"]), "neither a, b nor c");
    }
}
