use std::collections::{BTreeMap as Sorted, HashMap};

use crate::api::Page;
use crate::model::{self, Area, Reading as Measurement};
use crate::PublicStation;

type Readings = Vec<Measurement>;
type Paged<T> = Page<T>;
type ByName<V> = HashMap<String, V>;

pub struct Server;

impl Server {
    /// Readings of one station.
    #[tool]
    pub async fn readings(&self, station: String) -> Readings {
        Vec::new()
    }

    /// A page of stations.
    #[tool(name = "list_stations")]
    pub fn stations(&self, page: u32) -> Paged<PublicStation> {
        todo!()
    }

    /// Latest reading per station.
    #[tool]
    pub fn latest(&self) -> ByName<model::Reading> {
        todo!()
    }

    /// Station counts per unit.
    #[tool]
    pub fn counts(&self, units: Vec<crate::units::Unit>) -> Sorted<u32, u64> {
        todo!()
    }

    /// The region tree.
    #[tool]
    pub fn regions(&self, root: Option<String>) -> Area {
        todo!()
    }
}
