// The host: the part that talks to a model and holds MCP clients.
export { Host, resultText } from './host.js';
export type { HostOptions } from './host.js';
export type { HostEvent } from './host-events.js';
export type { FunctionCall, FunctionDefinition, Model, ModelMessage, ModelReply, ModelRequest } from './model.js';
export { Policy } from './policy.js';
export type { ConfirmationRequest, PolicyDecision, PolicyOptions, SamplingConfirmationRequest } from './policy.js';
export { SamplingDeclinedError } from './sampling.js';
export { ScriptedModel } from './scripted-model.js';
export { ToolSeam } from './tool-seam.js';
export type { ToolAddress } from './tool-seam.js';
