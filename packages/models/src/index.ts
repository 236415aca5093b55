// mcpwire-models: its public names, from one entry.
export { AnthropicModel } from './anthropic-model.js';
export type { AnthropicModelOptions } from './anthropic-model.js';
export { ModelApiError } from './model-api-error.js';
export type { ModelHttpOptions } from './model-http.js';
export { OpenAiModel } from './openai-model.js';
export type { OpenAiModelOptions } from './openai-model.js';
