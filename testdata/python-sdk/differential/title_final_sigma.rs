//! Property titles are Python's `str.title()`: a capital sigma that ends a word lower-cases to
//! the final form `ς`, elsewhere to `σ`.
use rmcp::tool;

#[tool]
fn title_final_sigma(ΟΔΟΣ: String, ΣΑΣ_ΣΑΣ: u32, ΟΔΟΣx: bool) {}
