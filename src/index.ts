// mcpwire: the root entry names nothing. Every public name has one entry, the one named for its
// layer (docs/ARCHITECTURE.md, "The layers"), so that an import says where a name lives:
//
//   mcpwire/jsonrpc         JSON-RPC 2.0: messages, ProtocolError and its codes, JsonRpcPeer, Transport, McpwireError
//   mcpwire/json-schema     compile, validate, standardFormats
//   mcpwire/protocol        MCP's vocabulary: spec types, revisions, methods, capabilities
//   mcpwire/server          McpServer, ToolServer, what a handler sees
//   mcpwire/client          McpClient
//   mcpwire/host            Host, Policy, ScriptedModel, Model
//   mcpwire/transport       createLinkedPair, tapTransport, PassThroughTransport
//   mcpwire/http            Streamable HTTP over fetch: createFetchHandler, httpTransport, bearerAuth, …
//   mcpwire/http-stateless  createStatelessFetchHandler (2026-07-28 only)
//   mcpwire/node            stdio and node:http: serveStdio, spawnStdio, serveHttp, nodeHttpTransport
export {};
