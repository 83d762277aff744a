use turbomcp::prelude::*;

#[derive(Clone)]
struct Lexer;

#[server]
impl Lexer {
    /// The type of a token.
    #[tool]
    async fn r#type(&self, token: String) -> String {
        token
    }

    /// Whether a token matches.
    #[tool]
    async fn matches(&self, r#match: String) -> bool {
        true
    }
}

fn main() {}
