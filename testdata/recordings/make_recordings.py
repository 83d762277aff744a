#!/usr/bin/env python3
"""Record the real traffic of the calculator server (server/) through `mcp-schema record`.

    cargo build --manifest-path testdata/recordings/server/Cargo.toml
    cargo build
    python3 testdata/recordings/make_recordings.py target/debug/mcp-schema \
        testdata/recordings/server/target/debug/calculator-recording-server

Writes calculator-session.jsonl (a clean session) and calculator-bad-client.jsonl (a client that
sends arguments the schema refuses) next to this script. The server's manifest,
server/mcp-tools.json, is written by `mcp-schema generate -o mcp-tools.json` in server/.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def session(mcp_schema, server, out, calls):
    if os.path.exists(out):
        os.remove(out)
    proxy = subprocess.Popen(
        [mcp_schema, "record", "-o", out, "--", server],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    next_id = 0

    def send(message):
        proxy.stdin.write((json.dumps(message) + "\n").encode())
        proxy.stdin.flush()

    def request(method, params=None):
        nonlocal next_id
        next_id += 1
        message = {"jsonrpc": "2.0", "id": next_id, "method": method}
        if params is not None:
            message["params"] = params
        send(message)
        while True:
            reply = json.loads(proxy.stdout.readline())
            if reply.get("id") == next_id:
                return reply

    request(
        "initialize",
        {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "make_recordings.py", "version": "1.0"},
        },
    )
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    request("tools/list", {})
    for name, arguments in calls:
        request("tools/call", {"name": name, "arguments": arguments})
    request("ping")
    proxy.stdin.close()
    code = proxy.wait()
    if code != 0:
        sys.exit(f"the proxy exited with {code}")


def main():
    mcp_schema, server = sys.argv[1], sys.argv[2]
    session(
        mcp_schema,
        server,
        os.path.join(HERE, "calculator-session.jsonl"),
        [
            ("add", {"a": 2, "b": 3}),
            ("divide", {"dividend": 7, "divisor": 2}),
            ("divide", {"dividend": 1, "divisor": 0}),
            ("echo", {"text": "hi", "times": 2}),
            ("echo", {"text": "once"}),
            ("stats", {"numbers": []}),
            ("stats", {"numbers": [1, 2, 4.5]}),
        ],
    )
    session(
        mcp_schema,
        server,
        os.path.join(HERE, "calculator-bad-client.jsonl"),
        [
            ("add", {"a": "2", "b": 3}),
            ("divide", {"dividend": 1}),
            ("echo", {"text": "x", "times": -1}),
            ("stats", {"numbers": [1, "two"]}),
        ],
    )


if __name__ == "__main__":
    main()
