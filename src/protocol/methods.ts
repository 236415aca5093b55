// MCP method names (2025-11-25), as one vocabulary both sides share.

/** Requests a client sends to a server. */
export const CLIENT_REQUESTS = {
  initialize: 'initialize',
  ping: 'ping',
  toolsList: 'tools/list',
  toolsCall: 'tools/call',
  resourcesList: 'resources/list',
  resourceTemplatesList: 'resources/templates/list',
  resourcesRead: 'resources/read',
  resourcesSubscribe: 'resources/subscribe',
  resourcesUnsubscribe: 'resources/unsubscribe',
  promptsList: 'prompts/list',
  promptsGet: 'prompts/get',
  complete: 'completion/complete',
  setLevel: 'logging/setLevel',
  tasksGet: 'tasks/get',
  tasksResult: 'tasks/result',
  tasksList: 'tasks/list',
  tasksCancel: 'tasks/cancel',
  /** 2026-07-28 only: versions, capabilities and instructions, without a handshake. */
  discover: 'server/discover',
  /** 2026-07-28 only: a long-lived stream of the notifications the client opts in to. */
  listen: 'subscriptions/listen',
} as const;

/** Requests a server sends to a client (only while handling a client request, ideally). */
export const SERVER_REQUESTS = {
  ping: 'ping',
  createMessage: 'sampling/createMessage',
  elicit: 'elicitation/create',
  listRoots: 'roots/list',
} as const;

/** Notifications, both directions. */
export const NOTIFICATIONS = {
  initialized: 'notifications/initialized',
  cancelled: 'notifications/cancelled',
  progress: 'notifications/progress',
  message: 'notifications/message',
  toolsListChanged: 'notifications/tools/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
  resourceUpdated: 'notifications/resources/updated',
  promptsListChanged: 'notifications/prompts/list_changed',
  rootsListChanged: 'notifications/roots/list_changed',
  elicitationComplete: 'notifications/elicitation/complete',
  taskStatus: 'notifications/tasks/status',
  /** The Tasks extension (SEP-2663): a task's whole state, on a subscriptions/listen stream. */
  tasks: 'notifications/tasks',
  /** 2026-07-28: the first message of a listen stream, naming what the server honours. */
  subscriptionsAcknowledged: 'notifications/subscriptions/acknowledged',
} as const;

/** The method of a request a client sends: what a server registers its handlers under. */
export type ClientRequestMethod = typeof CLIENT_REQUESTS[keyof typeof CLIENT_REQUESTS];
/** The method of a request a server sends: what a client registers its handlers under. */
export type ServerRequestMethod = typeof SERVER_REQUESTS[keyof typeof SERVER_REQUESTS];
/** The method of a notification, either direction. */
export type NotificationMethod = typeof NOTIFICATIONS[keyof typeof NOTIFICATIONS];
