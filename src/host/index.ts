// The host: the part that talks to a model and holds MCP clients.
export { Host } from './host.js';
export type { HostOptions } from './host.js';
export type { HostEvent } from './host-events.js';
export type { FunctionCall, Model, ModelMessage, ModelReply, ModelRequest } from './model.js';
export { Policy } from './policy.js';
export type { ConfirmationRequest, PolicyOptions, SamplingConfirmationRequest } from './policy.js';
export { SamplingDeclinedError } from './sampling.js';
export { ScriptedModel } from './scripted-model.js';
export { ToolSeam } from './tool-seam.js';
export { terminalLine, terminalText } from './terminal-text.js';
