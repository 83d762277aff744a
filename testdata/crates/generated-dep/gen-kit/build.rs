fn main() {
    std::fs::write("src/generated.rs", "pub const N: u32 = 1;\n").unwrap();
}
