mod service;

use service::{InMemory, KeyValueService};

fn main() {
    let _ = KeyValueService::new(InMemory::default());
}
