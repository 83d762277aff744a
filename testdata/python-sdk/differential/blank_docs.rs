//! A doc that cleans to nothing: a field with any doc gets `"description": ""`; a struct or enum
//! gets it when its docstring is not the empty string (pydantic tests `if docstring:`). An enum
//! documented `An enumeration.` (the default docstring of Python enums) gets no description.
use rmcp::tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

///
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Silent {
    ///
    pub a: u8,
    ///    
    ///
    pub b: u8,
}

///   
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Blank {
    pub c: Mode,
    pub d: Shade,
}

/// An enumeration.
#[derive(Serialize, Deserialize, JsonSchema)]
pub enum Mode {
    On,
    Off,
}

///
///
#[derive(Serialize, Deserialize, JsonSchema)]
pub enum Shade {
    Light,
    Dark,
}

#[tool]
fn blank_docs(silent: Silent, blank: Blank) {}
