//! Each rule of each client, a row with its test: the MCP tool in, the delivery and the exact
//! payload out (key order included). The harness (`tests/differential/clients/`) holds the same
//! rules against the libraries themselves.

use serde_json::{json, Value};

use super::{client, Delivery, Projection, Scope, Side};

fn one(client_name: &str, tool: Value) -> super::Projected {
    let projection = Projection::of(client(client_name).unwrap(), &[tool]);
    projection.tools.into_iter().next().unwrap()
}

fn params(client_name: &str, schema: Value) -> (Delivery, Value, Vec<String>) {
    let tool = json!({"name": "t", "description": "d", "inputSchema": schema});
    let p = one(client_name, tool);
    (p.delivery, p.sent.unwrap()["parameters"].clone(), p.notes)
}

fn text(v: &Value) -> String {
    serde_json::to_string(v).unwrap()
}

#[test]
fn the_default_sends_the_schema_as_it_is() {
    let (delivery, sent, notes) =
        params("openai-agents", json!({"type": "object", "properties": {"a": {"type": "string"}}}));
    assert_eq!(delivery, Delivery::Delivered);
    assert_eq!(text(&sent), r#"{"type":"object","properties":{"a":{"type":"string"}}}"#);
    assert!(notes.is_empty());
}

#[test]
fn the_default_appends_empty_properties() {
    let (delivery, sent, _) = params("openai-agents", json!({"type": "object"}));
    assert_eq!(delivery, Delivery::Rewritten);
    assert_eq!(text(&sent), r#"{"type":"object","properties":{}}"#);
}

#[test]
fn the_payload_is_the_responses_function_in_its_order() {
    let p =
        one("openai-agents", json!({"name": "t", "title": "T", "inputSchema": {"type": "object", "properties": {}}}));
    assert_eq!(
        text(p.sent.as_ref().unwrap()),
        r#"{"name":"t","parameters":{"type":"object","properties":{}},"strict":false,"type":"function","description":"T"}"#
    );
}

#[test]
fn the_description_falls_back_to_the_title_then_the_annotations_title() {
    let description = |tool: Value| one("openai-agents", tool).sent.unwrap()["description"].clone();
    let schema = json!({"type": "object", "properties": {}});
    assert_eq!(
        description(
            json!({"name": "t", "description": "", "title": "", "annotations": {"title": "A"}, "inputSchema": schema})
        ),
        "A"
    );
    assert_eq!(description(json!({"name": "t", "description": "D", "title": "T", "inputSchema": schema})), "D");
    assert_eq!(description(json!({"name": "t", "inputSchema": schema})), "");
}

#[test]
fn strict_closes_objects_and_requires_every_property_in_python_dict_order() {
    let (delivery, sent, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": {"a": {"type": "integer", "default": null}, "b": {"properties": {"c": {"type": "string"}}}}, "required": ["a"]}),
    );
    assert_eq!(delivery, Delivery::Rewritten);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(
        text(&sent),
        r#"{"type":"object","properties":{"a":{"type":"integer"},"b":{"properties":{"c":{"type":"string"}},"type":"object","additionalProperties":false,"required":["c"]}},"required":["a","b"],"additionalProperties":false}"#
    );
}

#[test]
fn strict_falls_back_on_an_open_object() {
    let (_, sent, notes) = params("openai-agents-strict", json!({"type": "object"}));
    assert_eq!(text(&sent), r#"{"type":"object","properties":{}}"#);
    assert_eq!(notes.len(), 1);
    assert!(notes[0].contains("permits undeclared properties"), "{notes:?}");
}

#[test]
fn strict_falls_back_on_a_map() {
    let tool = json!({"name": "t", "inputSchema": {"type": "object", "properties": {"m": {"type": "object", "properties": {"k": {"type": "string"}}, "additionalProperties": {"type": "string"}}}}});
    assert_eq!(one("openai-agents-strict", tool).at.as_deref(), Some("/inputSchema/properties/m"));
    let (_, sent, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": {"m": {"type": "object", "properties": {"k": {"type": "string"}}, "additionalProperties": {"type": "string"}}}}),
    );
    assert_eq!(
        text(&sent),
        r#"{"type":"object","properties":{"m":{"type":"object","properties":{"k":{"type":"string"}},"additionalProperties":{"type":"string"}}}}"#
    );
    assert!(notes[0].contains("additionalProperties should not be set"), "{notes:?}");
}

#[test]
fn strict_an_empty_schema_is_the_empty_object() {
    let (_, sent, notes) = params("openai-agents-strict", json!({}));
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(text(&sent), r#"{"properties":{},"type":"object","additionalProperties":false,"required":[]}"#);
}

#[test]
fn strict_inlines_a_ref_with_siblings_and_refuses_a_bare_one() {
    let defs = json!({"E": {"type": "string", "enum": ["x"]}});
    let (_, sent, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": {"e": {"$ref": "#/$defs/E", "description": "an e"}}, "$defs": defs}),
    );
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(
        text(&sent),
        r#"{"type":"object","properties":{"e":{"description":"an e","type":"string","enum":["x"]}},"$defs":{"E":{"type":"string","enum":["x"]}},"additionalProperties":false,"required":["e"]}"#
    );
    let (_, _, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": {"e": {"$ref": "#/$defs/E"}}, "$defs": defs}),
    );
    assert!(notes[0].contains("not validated for strict mode"), "{notes:?}");
}

#[test]
fn strict_folds_one_of_into_any_of_and_merges_a_single_all_of() {
    let (_, sent, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": {
            "u": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            "w": {"allOf": [{"$ref": "#/$defs/S"}], "description": "w"}
        }, "$defs": {"S": {"type": "object", "properties": {"x": {"type": "number"}}}}}),
    );
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(
        text(&sent["properties"]),
        r#"{"u":{"anyOf":[{"type":"string"},{"type":"integer"}]},"w":{"type":"object","properties":{"x":{"type":"number"}},"additionalProperties":false,"required":["x"],"description":"w"}}"#
    );
}

#[test]
fn strict_refuses_a_nullable_root_and_a_root_union() {
    let (_, _, notes) =
        params("openai-agents-strict", json!({"type": ["object", "null"], "properties": {"a": {"type": "string"}}}));
    assert!(notes[0].contains("non-nullable object, but its type is ['object', 'null']"), "{notes:?}");
    let (_, _, notes) = params(
        "openai-agents-strict",
        json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}], "properties": {"a": {"type": "string"}}}),
    );
    assert!(notes[0].contains("must not use `anyOf`"), "{notes:?}");
}

#[test]
fn strict_resolves_percent_and_tilde_escapes_in_refs() {
    let (_, sent, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": {"e": {"$ref": "#/$defs/a~1b%20c", "title": "E"}}, "$defs": {"a/b c": {"type": "boolean"}}}),
    );
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(text(&sent["properties"]["e"]), r#"{"title":"E","type":"boolean"}"#);
}

#[test]
fn a_schema_nested_past_100_takes_the_whole_run_down() {
    let mut deep = json!({"type": "string"});
    for _ in 0..60 {
        deep = json!({"type": "object", "properties": {"x": deep}});
    }
    let tools = [
        json!({"name": "fine", "inputSchema": {"type": "object", "properties": {}}}),
        json!({"name": "deep", "inputSchema": deep}),
    ];
    let projection = Projection::of(client("openai-agents").unwrap(), &tools);
    let scopes: Vec<_> =
        projection.tools.iter().map(|t| (t.delivery.clone(), t.refusal.as_ref().map(|r| r.scope))).collect();
    assert_eq!(scopes, [(Delivery::Refused, Some(Scope::Request)), (Delivery::Refused, Some(Scope::Request))]);
    let first = projection.tools[0].refusal.as_ref().unwrap();
    assert_eq!((first.with.as_deref(), first.at.as_deref()), (Some("deep"), None));
    assert!(first.reason.starts_with("JSON schema is too deeply nested"), "{}", first.reason);
}

#[test]
fn the_api_refuses_names_outside_its_pattern() {
    for (name, ok) in
        [("irc.connect", false), ("a-b_C9", true), ("", false), (&"x".repeat(64), true), (&"x".repeat(65), false)]
    {
        let p = one("openai-agents", json!({"name": name, "inputSchema": {"type": "object", "properties": {}}}));
        assert_eq!(p.refusal.is_none(), ok, "{name}");
        if let Some(r) = p.refusal {
            assert_eq!((r.scope, r.by), (Scope::Request, Side::Provider));
        }
    }
}

/// docs/clients.md's table is [`super::markdown_table`], between its two markers.
#[test]
fn the_docs_table_is_the_data() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/clients.md")).unwrap();
    let start = "<!-- generated from src/clients/mod.rs: begin -->\n";
    let end = "<!-- generated from src/clients/mod.rs: end -->";
    let from = page.find(start).expect("the begin marker") + start.len();
    let to = page.find(end).expect("the end marker");
    assert_eq!(&page[from..to], super::markdown_table());
}

/// Sibling `$ref`s to a definition with a large `examples`: each expansion copies it, and the
/// copies stop at their bound (a note saying it is mcp-schema's limit) instead of growing
/// without one.
#[test]
fn strict_ref_expansion_copies_are_bounded() {
    let big: Vec<Value> = (0..20_000).map(|i| json!(i)).collect();
    let properties: serde_json::Map<String, Value> =
        (0..100).map(|i| (format!("p{i}"), json!({"$ref": "#/$defs/E", "description": "d"}))).collect();
    let (_, _, notes) = params(
        "openai-agents-strict",
        json!({"type": "object", "properties": properties, "$defs": {"E": {"type": "integer", "examples": big}}}),
    );
    assert_eq!(notes.len(), 1);
    assert!(notes[0].contains("mcp-schema's limit"), "{notes:?}");
}

// ------------------------------------------------------------------------------------------
// The Gemini clients.
// ------------------------------------------------------------------------------------------

fn sent(client_name: &str, tool: Value) -> String {
    text(one(client_name, tool).sent.as_ref().unwrap())
}

fn converted(schema: Value) -> String {
    sent("ai-sdk-google-3", json!({"name": "t", "inputSchema": schema}))
}

#[test]
fn genai_sends_both_schemas_as_listed() {
    let tool = json!({"name": "t", "title": "T", "inputSchema": {"type": "object", "properties": {}},
                      "outputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}});
    let p = one("gemini", tool);
    assert_eq!(p.delivery, Delivery::Delivered);
    assert_eq!(
        text(p.sent.as_ref().unwrap()),
        r#"{"name":"t","parametersJsonSchema":{"type":"object","properties":{}},"responseJsonSchema":{"type":"object"}}"#
    );
    assert_eq!(
        sent("gemini", json!({"name": "t", "description": "", "inputSchema": {"type": "object"}})),
        r#"{"name":"t","description":"","parametersJsonSchema":{"type":"object"}}"#
    );
}

#[test]
fn javascript_clients_see_numbers_as_doubles() {
    let p = one("gemini", json!({"name": "t", "inputSchema": {"type": "object", "minimum": 5.0}}));
    assert_eq!((p.delivery, p.notes.len()), (Delivery::Delivered, 0));
    assert_eq!(text(&p.sent.unwrap()["parametersJsonSchema"]), r#"{"type":"object","minimum":5}"#);
    let p = one("gemini", json!({"name": "t", "inputSchema": {"type": "object", "maximum": 9007199254740993u64}}));
    assert_eq!(p.delivery, Delivery::Rewritten);
    assert_eq!(text(&p.sent.unwrap()["parametersJsonSchema"]), r#"{"type":"object","maximum":9007199254740992}"#);
    assert_eq!(p.notes.len(), 1);
}

#[test]
fn the_gemini_api_name_rule() {
    let schema = json!({"type": "object"});
    for client_name in ["gemini", "ai-sdk-google", "ai-sdk-google-3"] {
        for (name, accepted) in [
            ("irc.connect", true),
            ("ns:get", true),
            ("_x", true),
            ("a-b", true),
            (&*"x".repeat(128), true),
            (&*"x".repeat(129), false),
            ("1st", false),
            ("do it", false),
            ("café", false),
            ("", false),
        ] {
            let p = one(client_name, json!({"name": name, "inputSchema": schema}));
            assert_eq!(p.refusal.is_none(), accepted, "{client_name} {name:?}");
            if let Some(r) = p.refusal {
                assert_eq!((r.scope, r.by, r.at.as_deref()), (Scope::Request, Side::Provider, Some("/name")));
                assert!(p.sent.is_some(), "the library sends it; the API refuses it");
            }
        }
    }
}

#[test]
fn the_ai_sdk_client_puts_zods_keys_first_and_closes_the_root() {
    let tool = json!({"name": "t", "inputSchema": {"$schema": "s", "title": "P", "type": "object",
                      "properties": {"a": {"type": "string"}}, "required": ["a"]}, "outputSchema": {"type": "object"}});
    assert_eq!(
        sent("ai-sdk-google", tool),
        r#"{"name":"t","description":"","parametersJsonSchema":{"type":"object","properties":{"a":{"type":"string"}},"$schema":"s","title":"P","required":["a"],"additionalProperties":false}}"#
    );
    // `properties` absent: set last; `additionalProperties` present: overwritten in its place.
    let tool = json!({"name": "t", "description": "d",
                      "inputSchema": {"title": "x", "type": "object", "additionalProperties": true}});
    assert_eq!(
        sent("ai-sdk-google", tool),
        r#"{"name":"t","description":"d","parametersJsonSchema":{"type":"object","title":"x","additionalProperties":false,"properties":{}}}"#
    );
}

#[test]
fn a_tool_zod_refuses_takes_the_server_down() {
    let good = json!({"name": "good", "inputSchema": {"type": "object"}});
    let bad = json!({"name": "bad", "inputSchema": {"type": "object", "properties": []}});
    for client_name in ["ai-sdk-google", "ai-sdk-google-3"] {
        let projection = Projection::of(client(client_name).unwrap(), &[good.clone(), bad.clone()]);
        let refusals: Vec<_> = projection
            .tools
            .iter()
            .map(|p| p.refusal.as_ref().map(|r| (r.scope, r.by, r.at.clone(), r.with.clone())))
            .collect();
        assert_eq!(
            refusals,
            [
                Some((Scope::Server, Side::Library, None, Some("bad".into()))),
                Some((Scope::Server, Side::Library, Some("/inputSchema/properties".into()), None)),
            ],
            "{client_name}"
        );
    }
    // 1.x also wants `"type": "object"` at the root; 2.x takes any type.
    let untyped = json!({"name": "t", "inputSchema": {"properties": {}}});
    assert_eq!(one("ai-sdk-google-3", untyped.clone()).refusal.unwrap().at.as_deref(), Some("/inputSchema/type"));
    assert!(one("ai-sdk-google", untyped).refusal.is_none());
}

#[test]
fn the_openapi_conversion_keeps_what_it_names_in_its_order() {
    assert_eq!(
        converted(json!({"type": "object", "title": "T", "properties": {"a": {"type": "string", "format": "uint32",
                  "minimum": 0, "description": "A", "default": "x", "minLength": 1}}, "required": ["a"]})),
        r#"{"name":"t","description":"","parameters":{"required":["a"],"type":"object","properties":{"a":{"description":"A","format":"uint32","type":"string","minLength":1}}}}"#
    );
    // An empty object at the root: no `parameters` at all.
    assert_eq!(converted(json!({"type": "object"})), r#"{"name":"t","description":""}"#);
    assert_eq!(converted(json!({"type": "object", "properties": {}})), r#"{"name":"t","description":""}"#);
}

#[test]
fn the_openapi_conversion_of_type_arrays_and_null_branches() {
    let property = |schema: Value| {
        let out = converted(json!({"type": "object", "properties": {"a": schema}}));
        let v: Value = serde_json::from_str(&out).unwrap();
        text(&v["parameters"]["properties"]["a"])
    };
    assert_eq!(property(json!({"type": ["string", "null"]})), r#"{"type":"string","nullable":true}"#);
    assert_eq!(property(json!({"type": ["string", "integer"]})), r#"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#);
    assert_eq!(property(json!({"type": ["null"]})), r#"{"type":"null"}"#);
    assert_eq!(
        property(json!({"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "d"})),
        r#"{"description":"d","nullable":true,"type":"integer"}"#
    );
    assert_eq!(
        property(json!({"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}]})),
        r#"{"anyOf":[{"type":"integer"},{"type":"string"}],"nullable":true}"#
    );
    assert_eq!(property(json!(true)), r#"{"type":"boolean","properties":{}}"#);
    assert_eq!(
        property(json!({"type": "array", "items": [{"type": "string"}, null]})),
        r#"{"type":"array","items":[{"type":"string"},null]}"#
    );
    assert_eq!(property(json!({"type": "object"})), r#"{"type":"object"}"#);
}

#[test]
fn the_openapi_conversion_of_enums() {
    let property = |schema: Value| {
        let out = converted(json!({"type": "object", "properties": {"a": schema}}));
        let v: Value = serde_json::from_str(&out).unwrap();
        text(&v["parameters"]["properties"]["a"])
    };
    assert_eq!(property(json!({"enum": ["x", "y"]})), r#"{"type":"string","enum":["x","y"]}"#);
    assert_eq!(
        property(json!({"enum": [1, 2.5, 1e21]})),
        r#"{"type":"number","format":"enum","enum":["1","2.5","1e+21"]}"#
    );
    assert_eq!(
        property(json!({"type": "integer", "enum": [1, 2]})),
        r#"{"type":"integer","format":"enum","enum":["1","2"]}"#
    );
    assert_eq!(property(json!({"const": true})), r#"{"type":"boolean","format":"enum","enum":["true"]}"#);
    assert_eq!(
        property(json!({"type": ["integer", "null"], "enum": [1, null]})),
        r#"{"type":"integer","nullable":true,"format":"enum","enum":["1"]}"#
    );
    assert_eq!(property(json!({"const": null})), r#"{"type":"null"}"#);
    // Mixed values: the library throws, and the request is never made.
    let p = one(
        "ai-sdk-google-3",
        json!({"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"enum": ["a", 1]}}}}),
    );
    assert_eq!(p.refusal.map(|r| (r.scope, r.by)), Some((Scope::Request, Side::Library)));
    assert!(p.sent.is_none());
}

#[test]
fn the_openapi_conversion_of_refs() {
    let schema = json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "description": "over"},
                        "b": {"$ref": "#/definitions/a~1b"}},
                        "$defs": {"A": {"description": "A", "type": "string", "enum": ["x"]}},
                        "definitions": {"a/b": {"type": "integer"}}});
    assert_eq!(
        converted(schema),
        r#"{"name":"t","description":"","parameters":{"type":"object","properties":{"a":{"description":"over","type":"string","enum":["x"]},"b":{"type":"integer"}}}}"#
    );
    // Recursive: sent as JSON Schema, unconverted (the client's schema, zod's order), with a note.
    let p = one(
        "ai-sdk-google-3",
        json!({"name": "t", "inputSchema": {"properties": {"n": {"$ref": "#/$defs/N"}},
        "type": "object", "$defs": {"N": {"type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}}}}}),
    );
    assert_eq!(p.delivery, Delivery::Rewritten);
    assert_eq!(
        text(p.sent.as_ref().unwrap()),
        r##"{"name":"t","description":"","parametersJsonSchema":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}}}},"additionalProperties":false}}"##
    );
    assert_eq!(p.notes, ["sent as `parametersJsonSchema`, unconverted: recursive JSON Schema reference: #/$defs/N"]);
    // Anything but a direct child of the root's definitions fails the request.
    for reference in ["#/$defs/Missing", "#/$defs/A/properties/x", "other.json#/A", "#/$defs/%zz", "#/$defs/a~2"] {
        let tool = json!({"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"$ref": reference}},
                          "$defs": {"A": {"type": "string"}}}});
        let p = one("ai-sdk-google-3", tool);
        assert_eq!(p.refusal.map(|r| (r.scope, r.by)), Some((Scope::Request, Side::Library)), "{reference}");
    }
}

#[test]
fn the_openapi_conversion_is_bounded() {
    // Each definition refers to the next twice: inlining doubles at every link.
    let mut defs = serde_json::Map::new();
    for i in 0..40 {
        defs.insert(
            format!("D{i}"),
            json!({"type": "object", "properties": {
            "l": {"$ref": format!("#/$defs/D{}", i + 1)}, "r": {"$ref": format!("#/$defs/D{}", i + 1)}}}),
        );
    }
    defs.insert("D40".into(), json!({"type": "string"}));
    let tool = json!({"name": "t", "inputSchema": {"type": "object", "properties": {"d": {"$ref": "#/$defs/D0"}}, "$defs": defs}});
    let p = one("ai-sdk-google-3", tool);
    assert!(p.refusal.unwrap().reason.contains("mcp-schema's limit"));
}
