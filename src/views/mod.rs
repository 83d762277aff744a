//! What people read about their tools, made from a manifest: the `list` table, the `docs`
//! Markdown, and the files `init` writes. Pure text; the CLI prints it.

pub mod clients;
pub mod docs;
pub mod init;
pub mod list;
pub mod types;
