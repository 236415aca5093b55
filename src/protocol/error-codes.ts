// MCP's own error codes for revision 2025-11-25. Both move in 2026-07-28 (resource not
// found becomes -32602; -32042 is removed), which is why they live beside the versions.

/** A resource URI the server does not know (server/resources#error-handling, SHOULD). */
export const RESOURCE_NOT_FOUND = -32002;
/** A request blocked until the user completes a URL-mode elicitation (client/elicitation). */
export const URL_ELICITATION_REQUIRED = -32042;
