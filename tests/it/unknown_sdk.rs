//! `unknown-sdk`: a test per row of the table of MCP SDKs no profile reproduces
//! (`mcp_schema::UNKNOWN_SDKS`): a crate depending on the row's package, with a `#[tool]` fn the
//! python-sdk fallback would list, is refused under `--profile auto`, naming the package; the
//! dependency is written a different way in some rows (renamed with `package =`, only in the
//! lock's entry of the package, under a `[target.….dependencies]` table).

use crate::support::transcript_in;

/// How a row's crate depends on the SDK.
#[derive(Clone, Copy)]
enum Form {
    /// `name = "1"` under `[dependencies]`.
    Plain,
    /// `sdk = { package = "name", version = "1" }`.
    Renamed,
    /// Only the Cargo.lock's entry of the package names it (a workspace-inherited dependency).
    LockOnly,
    /// Under `[target.'cfg(unix)'.dependencies]`.
    Target,
}

/// `generate` in a crate depending on `package` the way `form` says.
fn refused(package: &str, form: Form) -> String {
    let dir = tempfile::tempdir().unwrap();
    let dep = match form {
        Form::Plain => format!("[dependencies]\n{package} = \"1\"\n"),
        Form::Renamed => format!("[dependencies]\nsdk = {{ package = \"{package}\", version = \"1\" }}\n"),
        Form::LockOnly => String::new(),
        Form::Target => format!("[target.'cfg(unix)'.dependencies]\n{package} = \"1\"\n"),
    };
    let toml = format!("[package]\nname = \"server\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n{dep}");
    std::fs::write(dir.path().join("Cargo.toml"), toml).unwrap();
    if let Form::LockOnly = form {
        let lock = format!(
            "version = 4\n\n[[package]]\nname = \"{package}\"\nversion = \"1.0.0\"\n\n\
             [[package]]\nname = \"server\"\nversion = \"0.1.0\"\ndependencies = [\n \"{package}\",\n]\n"
        );
        std::fs::write(dir.path().join("Cargo.lock"), lock).unwrap();
    }
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("src/lib.rs"),
        "/// Echo.\n#[tool]\npub fn echo(text: String) -> String {\n    text\n}\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .arg("generate")
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    transcript_in(&out, dir.path())
}

macro_rules! rows {
    ($($test:ident: $package:literal, $form:ident;)*) => {
        $(
            #[test]
            fn $test() {
                insta::assert_snapshot!(refused($package, Form::$form));
            }
        )*

        /// The tests above are the table's rows, in its order: a row added without its test fails.
        #[test]
        fn every_row_has_its_test() {
            let tested: Vec<&str> = vec![$($package),*];
            let table: Vec<&str> = mcp_schema::UNKNOWN_SDKS.iter().map(|s| s.package).collect();
            assert_eq!(tested, table);
        }
    };
}

rows! {
    mcp_sdk_rs: "mcp-sdk-rs", Renamed;
    mcpkit: "mcpkit", Plain;
    pmcp: "pmcp", LockOnly;
    tmcp: "tmcp", Plain;
    turbomcp_server: "turbomcp-server", Target;
    turul_mcp_server: "turul-mcp-server", Renamed;
    ultrafast_mcp: "ultrafast-mcp", Plain;
    ultrafast_mcp_server: "ultrafast-mcp-server", LockOnly;
}

/// `--profile` says what the user wants: the fallback's manifest, as asked.
#[test]
fn a_profile_named_is_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"s\"\nversion = \"0.1.0\"\n\n[dependencies]\nturbomcp = \"3\"\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "#[tool]\npub fn ping() -> String {\n    String::new()\n}\n")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-schema"))
        .args(["list", "--profile", "python-sdk"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    insta::assert_snapshot!(transcript_in(&out, dir.path()));
}
