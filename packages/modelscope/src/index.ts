// mcpwire-modelscope (issue 45): the ModelScope MCP Plaza's OpenAPI, typed and checked. The CLI
// imports it by this file.
export { MODELSCOPE_BASE, ModelScopeClient, PLAZA_PAGE_CAP } from './plaza-client.js';
export type { ModelScopeClientOptions } from './plaza-client.js';
export { PlazaError } from './plaza-error.js';
export type {
  OperationalUrl, PlazaDeployment, PlazaEnvVariable, PlazaLocalConfig, PlazaLocale, PlazaSearchQuery, PlazaSearchResult, PlazaServer,
  PlazaServerSummary, PlazaTransport, PlazaUnusableEntry,
} from './plaza-types.js';
