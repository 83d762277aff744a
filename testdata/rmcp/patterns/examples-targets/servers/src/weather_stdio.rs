mod common;

use common::weather::Weather;

fn main() {
    let _ = Weather::new();
}
