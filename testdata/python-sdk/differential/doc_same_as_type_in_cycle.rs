//! A field documented exactly as its model keeps its description when pydantic had not finished
//! that model's JSON yet, and which one is finished first depends on the order the Python classes
//! are created in (source order). `Folder` names `Entry` before `Entry` is defined, so `Folder`
//! stays incomplete; `Entry` is complete at its creation with `Folder` built inside it, so the
//! arguments' schema makes `Entry` first and `Folder.entry` keeps its description. In the same
//! way `Team` is complete at its creation with `Owner` built inside it, and there `Owner` is
//! finished before `Team.owner` is written: the description is dropped.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Folder {
    /// One entry.
    pub entry: Entry,
}

/// One entry.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Entry {
    pub parents: Vec<Folder>,
}

/// The owner.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Owner {
    pub teams: Vec<Team>,
    pub name: String,
}

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Team {
    /// The owner.
    pub owner: Owner,
}

#[tool]
fn doc_same_as_type_in_cycle(folder: Folder, team: Team) -> String {
    todo!()
}
