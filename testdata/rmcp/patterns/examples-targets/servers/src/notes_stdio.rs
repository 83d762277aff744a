mod common;

use common::notes::Notes;

fn main() {
    let _ = Notes::new();
}
