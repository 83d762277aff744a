use turbomcp::prelude::*;

#[derive(Clone)]
struct Files;

#[derive(Clone)]
struct Clock;

#[server(name = "files")]
impl Files {
    /// Read a file.
    #[tool]
    async fn read(&self, path: String) -> String {
        path
    }
}

#[server(name = "clock")]
impl Clock {
    /// The time now.
    #[tool]
    async fn now(&self, ctx: &RequestContext) -> String {
        String::new()
    }

    /// Not a tool: a resource.
    #[resource("clock://zone")]
    async fn zone(&self) -> String {
        String::new()
    }
}

fn main() {}
