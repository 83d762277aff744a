"""Runs inside the harness venv: imports each generated Python module and prints what the real
MCP Python SDK publishes for its tool (`tools/list` entry), or the error it raised.

Usage: sdk_list.py DIR MODULE...   (prints one JSON object {module: {"tool": …} | {"error": …}})
"""

import asyncio
import importlib
import json
import sys
import warnings

warnings.simplefilter("ignore")

from mcp.server.mcpserver import MCPServer  # noqa: E402


def main() -> None:
    directory, modules = sys.argv[1], sys.argv[2:]
    sys.path.insert(0, directory)
    out = {}
    for name in modules:
        try:
            module = importlib.import_module(name)
            server = MCPServer("differential")
            server.add_tool(module.TOOL, **module.register())
            tools = asyncio.run(server.list_tools())
            out[name] = {"tool": tools[0].model_dump(by_alias=True, exclude_none=True, mode="json")}
        except Exception as e:  # noqa: BLE001 - every refusal is a result to compare
            out[name] = {"error": f"{type(e).__name__}: {e}"[:400]}
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
