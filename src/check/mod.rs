//! Drift: compare a committed manifest with a regenerated one and classify every change.

/// How `check` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    #[default]
    Human,
    Json,
    Github,
}
