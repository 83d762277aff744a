"""Run inside the harness's venv: each line of stdin is {"client", "tools"}; each line of stdout
is the list of what the real library makes of each tool: {"sent": payload} or {"refused": why}."""

import json
import sys

from agents.mcp import MCPServerStdio
from agents.mcp.util import MCPUtil
from agents.models.openai_responses import Converter
from mcp.types import Tool

# Never started: to_function_tool only reads its settings (approval policy, error function).
SERVER = MCPServerStdio(params={"command": "true"}, name="server")


def openai_agents(tool_json, strict):
    tool = Tool.model_validate(tool_json)
    try:
        function_tool = MCPUtil.to_function_tool(tool, SERVER, strict)
    except Exception as e:  # the whole run fails: nothing is sent
        return {"refused": f"{type(e).__name__}: {e}"}
    param, _ = Converter._convert_function_tool(function_tool)
    return {"sent": param}


CLIENTS = {
    "openai-agents": lambda t: openai_agents(t, False),
    "openai-agents-strict": lambda t: openai_agents(t, True),
}

for line in sys.stdin:
    job = json.loads(line)
    convert = CLIENTS[job["client"]]
    print(json.dumps([convert(t) for t in job["tools"]], ensure_ascii=False), flush=True)
