//! Sources read once for several runs ([`crate::sharing_sources`]): a `[[servers]]` run, or
//! `init` at a workspace root, generates one manifest per server, and servers of the same crate
//! read the same files with the same features. Inside [`sharing`], a load is kept (never freed:
//! the process is about to exit) and handed to every later run that asks for the same load.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::diagnostics::Diagnostic;
use crate::options::{FeatureSelection, GenerateOptions};
use crate::source::{self, ParseMode, Workspace};

/// What a load reads: two runs that ask for the same load get the same workspace.
#[derive(PartialEq)]
struct Key {
    paths: Vec<PathBuf>,
    exclude: Vec<PathBuf>,
    parse_mode: ParseMode,
    features: FeatureSelection,
    kept: &'static [&'static str],
    wanted: BTreeSet<String>,
}

thread_local! {
    /// Set inside [`sharing`].
    static SHARING: Cell<bool> = const { Cell::new(false) };
    /// The loads kept so far, on the thread that parsed them (their spans are this thread's).
    static KEPT: RefCell<Vec<(Key, &'static Workspace)>> = const { RefCell::new(Vec::new()) };
}

/// The sources of one run: its own, or those shared with the runs before it.
pub(crate) enum Loaded {
    Owned(Workspace),
    Shared(&'static Workspace),
}

impl Loaded {
    /// The workspace, if this run owns it (a shared one stays kept for the runs after).
    pub(crate) fn into_owned(self) -> Option<Workspace> {
        match self {
            Loaded::Owned(ws) => Some(ws),
            Loaded::Shared(_) => None,
        }
    }
}

impl std::ops::Deref for Loaded {
    type Target = Workspace;

    fn deref(&self) -> &Workspace {
        match self {
            Loaded::Owned(ws) => ws,
            Loaded::Shared(ws) => ws,
        }
    }
}

/// Run `work` with loads shared (on this thread).
pub(crate) fn sharing<T>(work: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            SHARING.set(self.0);
        }
    }
    let _restore = Restore(SHARING.replace(true));
    work()
}

/// The sources `opts` read, with the registry crates `wanted` names: loaded (taking what
/// `previous`, the same run's load before, read alike), or the load of an earlier run of
/// [`sharing`] that read the same.
pub(crate) fn load(
    opts: &GenerateOptions,
    wanted: &BTreeSet<String>,
    previous: Option<Workspace>,
) -> Result<Loaded, Diagnostic> {
    let kept = crate::profile::kept_attributes(opts.profile);
    let fresh =
        || source::load_wanting(&opts.paths, &opts.exclude, opts.parse_mode, &opts.features, kept, wanted, previous);
    if !SHARING.get() {
        return fresh().map(Loaded::Owned);
    }
    let key = Key {
        paths: opts.paths.clone(),
        exclude: opts.exclude.clone(),
        parse_mode: opts.parse_mode,
        features: opts.features.clone(),
        kept: kept.0,
        wanted: wanted.clone(),
    };
    if let Some(ws) = KEPT.with_borrow(|kept| kept.iter().find(|(k, _)| *k == key).map(|(_, ws)| *ws)) {
        // What an earlier run's types wanted is that run's: this one finds its own.
        ws.forget_wanted_registry_crates();
        return Ok(Loaded::Shared(ws));
    }
    let ws: &'static Workspace = Box::leak(Box::new(fresh()?));
    KEPT.with_borrow_mut(|kept| kept.push((key, ws)));
    Ok(Loaded::Shared(ws))
}

/// How many loads [`sharing`] kept on this thread (for the tests).
#[cfg(test)]
pub(crate) fn kept_loads() -> usize {
    KEPT.with_borrow(Vec::len)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::options::GenerateOptions;

    fn desk(server: &str) -> GenerateOptions {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rmcp/patterns/workspace-servers/desk");
        let mut opts = GenerateOptions { paths: vec![dir], ..GenerateOptions::default() };
        opts.profile_options.server = Some(server.to_owned());
        opts
    }

    /// Two server types of one crate: one load, and the same manifests and diagnostics as two
    /// runs of their own.
    #[test]
    fn the_server_types_of_one_crate_share_one_load() {
        let (front, back) = (desk("Front"), desk("Back"));
        let alone = [crate::generate(&front), crate::generate(&back)];
        let (loads, shared) = crate::sharing_sources(|| {
            let shared = [crate::generate(&front), crate::generate(&back), crate::generate(&front)];
            (super::kept_loads(), shared)
        });
        assert_eq!(loads, 1);
        for (a, s) in alone.iter().chain([&alone[0]]).zip(&shared) {
            assert!(a.manifest.is_some());
            assert_eq!(a.manifest, s.manifest);
            assert_eq!(format!("{:?}", a.diagnostics), format!("{:?}", s.diagnostics));
        }
        assert_ne!(shared[0].manifest, shared[1].manifest);
    }
}
