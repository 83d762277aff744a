use schemars::JsonSchema;
use serde::Deserialize;

/// A shelf label. Which fields it has depends on the features the server asks for.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Label {
    pub text: String,
    /// Asked for by the server.
    #[cfg(feature = "colour")]
    pub colour: String,
    /// A default feature the server turns off.
    #[cfg(feature = "emoji")]
    pub emoji: String,
    /// Turned on by the server's `audit` feature (`labels/audit`).
    #[cfg(feature = "audit")]
    pub audited_by: Option<String>,
}
