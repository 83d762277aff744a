//! mcp-schema: the `tools/list` manifest of an MCP server, read from its Rust sources.
//!
//! The pipeline, one module per stage:
//! `source` finds and parses the files and resolves names, `model` is our own type IR,
//! `schema` turns the IR into JSON Schema, `profile` decides which fns are tools and how
//! their schemas are wrapped, [`manifest`] writes the document, [`check`] compares two of them,
//! [`validate`] holds recorded traffic against one, and one against MCP.
//! [`config`] reads the configuration and puts the command line's flags over it.
//! Nothing here prints or exits: results and [`diagnostics::Diagnostic`]s are data.
//!
//! The entry points: [`generate`], [`check::compare`] and [`validate::Validation`], each with an
//! example. The command line's crates (clap, the completions, the man page, the terminal) are
//! behind the default `cli` feature, which only the binary needs: with `default-features =
//! false` the library builds without them.

// Diagnostics are the error type: rare, and richer than a Box would make them pleasant to use.
#![allow(clippy::result_large_err)]
#![warn(missing_docs)]
// The core returns data; printing is the CLI's (src/main.rs).
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod check;
pub mod choice;
pub mod clients;
pub mod config;
pub mod diagnostics;
pub mod drift;
pub mod escape;
pub mod explain;
pub(crate) mod key_order;
pub(crate) mod lints_clients;
pub(crate) mod lints_contract;
pub mod manifest;
pub(crate) mod model;
pub mod options;
pub(crate) mod percent;
pub(crate) mod profile;
pub mod provenance;
pub mod read;
pub(crate) mod schema;
pub mod session;
mod shared;
pub(crate) mod source;
pub mod source_map;
pub mod tokens;
pub mod validate;
pub mod views;

#[cfg(test)]
mod schemars08_pipeline_tests;
#[cfg(test)]
mod schemars_delegation_tests;
#[cfg(test)]
mod schemars_pipeline_tests;
#[cfg(test)]
mod schemars_transform_tests;

use diagnostics::Diagnostics;
pub use manifest::Manifest;
pub use options::{
    FeatureSelection, GenerateOptions, ProfileOptions, RmcpOptions, SchemaOverrides, ToolSchemaOverride,
};
pub use profile::rmcp::version::check_flag as check_rmcp_version;
pub use profile::unknown_sdk::{UnknownSdk, UNKNOWN_SDKS};
pub use profile::ProfileChoice;
pub use provenance::{Provenance, SdkRelease};
pub use source::ParseMode;

/// The result of a run: the manifest when one could be made, and every diagnostic.
#[derive(Debug)]
pub struct Outcome {
    /// The manifest; `None` when an error left none to trust.
    pub manifest: Option<Manifest>,
    /// Every error, warning and note of the run, with the lints applied.
    pub diagnostics: Diagnostics,
    /// Facts worth telling with `--verbose` (which profile, which rmcp version and from where).
    pub notes: Vec<String>,
    /// Where each tool's parts come from in the sources (not part of the manifest).
    pub source_map: source_map::SourceMap,
    /// Which profile made the manifest, and which SDK release it reproduces: told without `-v`.
    pub provenance: Provenance,
    /// The server types the crate defines, as `--server` takes them, when the profile tells them
    /// apart (rmcp): `init` gives each of several its own `[[servers]]` entry.
    pub server_types: Vec<String>,
}

impl Outcome {
    /// Whether the run failed: no manifest, or an error among the diagnostics.
    pub fn failed(&self) -> bool {
        self.manifest.is_none() || self.diagnostics.has_errors()
    }
}

/// Read the sources and build the manifest. Never panics on bad input; errors are diagnostics.
///
/// Runs on a thread of its own with a deep stack (512 MB reserved, touched only as deep as a run
/// goes), so callers need not.
///
/// # Example
///
/// The manifest of the rmcp server in `testdata/forecast` is the one committed beside it:
///
/// ```
/// use std::path::Path;
///
/// use mcp_schema::{generate, GenerateOptions, Manifest, ProfileChoice};
///
/// let server = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/forecast");
/// let outcome = generate(&GenerateOptions { paths: vec![server.clone()], ..GenerateOptions::default() });
/// assert!(!outcome.failed(), "{:?}", outcome.diagnostics);
/// assert_eq!(outcome.provenance.profile, Some(ProfileChoice::Rmcp));
/// let committed = Manifest::read(&server.join("mcp-tools.json")).unwrap();
/// assert_eq!(outcome.manifest, Some(committed));
/// ```
pub fn generate(opts: &GenerateOptions) -> Outcome {
    on_deep_stack(|| generate_on_this_thread(opts).0)
}

/// [`generate`] for a process about to exit: the parsed sources are never freed (dropping a large
/// syntax tree is a measurable part of a short run, and the OS frees it faster).
pub fn generate_leaking_sources(opts: &GenerateOptions) -> Outcome {
    on_deep_stack(|| {
        let (outcome, sources) = generate_on_this_thread(opts);
        std::mem::forget(sources);
        outcome
    })
}

/// Run `work`, a process's runs over several servers or crates, so that each crate is read,
/// parsed and resolved once ([`shared::Loaded`]): the generations `work` makes on this thread
/// (the servers of one crate, each server type of a crate) share the sources of those that read
/// the same paths with the same features and profile, and never free them (a process about to
/// exit). Runs on the deep stack [`generate`] runs on, where the sources' spans are valid.
pub fn sharing_sources<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    on_deep_stack(|| shared::sharing(work))
}

/// syn and our lowering recurse over nested code; a generous stack turns pathological nesting
/// into a diagnostic (`type-too-deep`, `module-too-deep`) instead of an overflow. Only the pages
/// a run touches are ever mapped.
const STACK_SIZE: usize = 512 * 1024 * 1024;

thread_local! {
    /// Whether this thread is one [`on_deep_stack`] made.
    static ON_DEEP_STACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Run `work` on a new thread with a [`STACK_SIZE`] stack, or on this one if it is such a thread
/// already or no thread can be made. A panic in `work` goes on unwinding in the caller.
fn on_deep_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    if ON_DEEP_STACK.get() {
        return work();
    }
    let work = std::sync::Mutex::new(Some(work));
    // Whichever thread runs first takes the work; `None` means it already ran.
    let run = || work.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take().map(|work| work());
    let deep = || {
        ON_DEEP_STACK.set(true);
        run()
    };
    let done = std::thread::scope(|scope| {
        match std::thread::Builder::new().stack_size(STACK_SIZE).spawn_scoped(scope, deep) {
            Ok(worker) => worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => run(),
        }
    });
    done.expect("the work was taken by exactly one thread")
}

/// How many times a run loads again to read registry crates that the types of the previous
/// load reached (a chain of crates each naming the next one's types).
const REGISTRY_ROUNDS: usize = 8;

fn generate_on_this_thread(opts: &GenerateOptions) -> (Outcome, Option<shared::Loaded>) {
    let mut wanted = std::collections::BTreeSet::new();
    // Worked out from every manifest of the build, which a round does not change: once.
    let mut serde_json_order = None;
    // The round before's load: the packages it read alike are taken from it, not read again.
    let mut previous = None;
    for round in 1.. {
        let (outcome, workspace) = generate_wanting(opts, &wanted, serde_json_order.take(), previous.take());
        serde_json_order = workspace.as_deref().and_then(source::Workspace::serde_json_order_known);
        let more = workspace.as_deref().map(source::Workspace::wanted_registry_crates).unwrap_or_default();
        if !missed_a_type(&outcome) || more.is_subset(&wanted) || round == REGISTRY_ROUNDS {
            return (outcome, workspace);
        }
        // The run reached types of registry crates not read: read them and run again.
        previous = workspace.and_then(shared::Loaded::into_owned);
        wanted.extend(more);
    }
    unreachable!("the last round returns")
}

/// Whether a run's outcome shows a type or value it could not know: only then can reading the
/// registry crates its types and values reached change the manifest. A type lowered for no schema
/// (a skipped field, a value the evaluator built) is no reason to read its crate, nor to ask for
/// it to be fetched.
fn missed_a_type(outcome: &Outcome) -> bool {
    use diagnostics::Code;
    outcome.diagnostics.iter().any(|d| {
        d.is_error()
            || matches!(
                d.code,
                Code::RegistryType
                    | Code::UnknownType
                    | Code::UnresolvedType
                    | Code::DefaultNotEvaluable
                    | Code::ValueNotEvaluable
            )
            || d.left_out_key().is_some()
    })
}

/// One run that reads the registry crates `wanted` names besides the workspace's own (taking
/// from `previous`, the round before's load, what it read alike).
fn generate_wanting(
    opts: &GenerateOptions,
    wanted: &std::collections::BTreeSet<String>,
    serde_json_order: Option<source::SerdeJsonOrder>,
    previous: Option<source::Workspace>,
) -> (Outcome, Option<shared::Loaded>) {
    let mut diagnostics = Diagnostics::default();
    let mut notes = Vec::new();
    let workspace = match shared::load(opts, wanted, previous) {
        Ok(ws) => ws,
        Err(d) => {
            diagnostics.push(d);
            return (
                Outcome {
                    manifest: None,
                    diagnostics,
                    notes,
                    source_map: Default::default(),
                    provenance: Provenance::default(),
                    server_types: Vec::new(),
                },
                None,
            );
        }
    };
    diagnostics.extend(workspace.diagnostics.clone());
    if let Some(order) = serde_json_order {
        workspace.know_serde_json_order(order);
    }
    let profile::ProfileRun { manifest, diagnostics: found, notes: told, source_map, provenance, server_types } =
        profile::run(&workspace, opts);
    diagnostics.extend(found);
    // The bodies the profile parsed on demand that do not parse: read as empty, so said.
    for d in workspace.crates.iter().flat_map(|k| &k.files).flat_map(source::ParsedFile::body_errors) {
        diagnostics.push(d);
    }
    notes.extend(told);
    let capabilities = provenance.profile.and_then(profile::capabilities);
    if let Some(manifest) = &manifest {
        let variant_docs = capabilities.is_some_and(|c| c.variant_docs);
        diagnostics.extend(lints_contract::run(manifest, &source_map, &opts.lints, variant_docs));
        diagnostics.extend(lints_clients::run(manifest, &source_map, &opts.lints, &opts.clients));
    }
    if let Some(manifest) = manifest.as_ref().filter(|_| !diagnostics.has_errors()) {
        diagnostics.extend(tokens::contract_costs(
            manifest,
            &|t, v, p| source_map.locate(t, v, p),
            &opts.budget,
            &opts.lints,
            capabilities.is_some_and(|c| c.shares_defs),
        ));
    }
    diagnostics.apply_lints(&opts.lints);
    // Code that did not parse never gives a manifest (which could replace one with more tools).
    let unparsed = diagnostics.iter().any(|d| d.code == diagnostics::Code::SyntaxError);
    let manifest = if diagnostics.has_errors() || unparsed { None } else { manifest };
    (Outcome { manifest, diagnostics, notes, source_map, provenance, server_types }, Some(workspace))
}
