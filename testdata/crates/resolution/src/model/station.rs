use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Reading;
use crate::inline::Coordinates;

#[derive(Serialize, Deserialize)]
pub struct Station {
    pub name: Cow<'static, str>,
    pub position: Box<Coordinates>,
    pub latest: Option<Arc<Reading>>,
}

/// Regions nest: a region has subregions and may have a parent.
#[derive(Serialize, Deserialize)]
pub struct Region {
    pub name: String,
    pub subregions: Vec<Region>,
    pub capital: Option<Box<Town>>,
}

/// A town knows its region: the two types refer to each other.
#[derive(Serialize, Deserialize)]
pub struct Town {
    pub name: String,
    pub region: Option<Box<Region>>,
}
