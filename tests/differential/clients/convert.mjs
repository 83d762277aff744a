// Run inside the harness's node environment (run.py copies it there, beside node_modules):
// each line of stdin is {"client", "tools"}; each line of stdout is the list of what the real
// libraries make of each tool: {"sent": declaration} or {"refused": why}.
//
// Every tool goes the whole way a user's program takes it: an MCP client (the library's own)
// lists it from an in-process server that answers `initialize` and `tools/list`, the library
// builds its request to the Gemini API, and the request body is caught at `fetch`. Nothing is
// sent anywhere.

import { createInterface } from "node:readline";

import { GoogleGenAI, mcpToTool } from "@google/genai";
import { generateText as generateText7 } from "ai";
import { generateText as generateText6 } from "ai6";
import { createGoogleGenerativeAI as google4 } from "@ai-sdk/google";
import { createGoogleGenerativeAI as google3 } from "google3";
import { createMCPClient as mcpClient2 } from "@ai-sdk/mcp";
import { createMCPClient as mcpClient1 } from "mcp1";

const ANSWER = {
  candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP", index: 0 }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  modelVersion: "gemini-2.5-flash",
};

/** A fetch that keeps the request body and answers like the Gemini API. */
function catching() {
  const caught = { body: undefined };
  const fetch = async (_url, init) => {
    caught.body = JSON.parse(init.body);
    return new Response(JSON.stringify(ANSWER), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { caught, fetch };
}

/** An MCP transport (the AI SDK's interface) over an in-process server listing `tools`. */
function serverTransport(tools) {
  const transport = {
    async start() {},
    async close() {
      transport.onclose?.();
    },
    async send(message) {
      if (message.id === undefined) return; // a notification
      let result;
      if (message.method === "initialize") {
        result = {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: "server", version: "1.0.0" },
        };
      } else if (message.method === "tools/list") {
        result = { tools };
      } else {
        result = {};
      }
      queueMicrotask(() => transport.onmessage?.({ jsonrpc: "2.0", id: message.id, result }));
    },
  };
  return transport;
}

function declarations(body) {
  return (body?.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
}

async function aiSdk(tool, { createMCPClient, createGoogle, generateText }) {
  let client;
  try {
    client = await createMCPClient({ transport: serverTransport([tool]) });
    const tools = await client.tools();
    const { caught, fetch } = catching();
    const model = createGoogle({ apiKey: "key", fetch })("gemini-2.5-flash");
    await generateText({ model, tools, prompt: "x", maxRetries: 0 });
    const sent = declarations(caught.body);
    return sent.length === 1 ? { sent: sent[0] } : { refused: `sent ${sent.length} declarations` };
  } catch (e) {
    return { refused: `${e?.name}: ${e?.message}` };
  } finally {
    await client?.close().catch(() => {});
  }
}

async function genai(tool) {
  const { caught, fetch } = catching();
  const saved = globalThis.fetch;
  globalThis.fetch = fetch;
  try {
    const server = {
      async listTools() {
        return { tools: [tool] };
      },
      async callTool() {
        return { content: [] };
      },
    };
    const ai = new GoogleGenAI({ apiKey: "key" });
    await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "x", config: { tools: [mcpToTool(server)] } });
    const sent = declarations(caught.body);
    return sent.length === 1 ? { sent: sent[0] } : { refused: `sent ${sent.length} declarations` };
  } catch (e) {
    return { refused: `${e?.name}: ${e?.message}` };
  } finally {
    globalThis.fetch = saved;
  }
}

const CLIENTS = {
  gemini: genai,
  "ai-sdk-google": (t) => aiSdk(t, { createMCPClient: mcpClient2, createGoogle: google4, generateText: generateText7 }),
  "ai-sdk-google-3": (t) => aiSdk(t, { createMCPClient: mcpClient1, createGoogle: google3, generateText: generateText6 }),
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const job = JSON.parse(line);
  const convert = CLIENTS[job.client];
  const out = [];
  for (const tool of job.tools) out.push(await convert(tool));
  process.stdout.write(JSON.stringify(out) + "\n");
}
