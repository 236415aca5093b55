// `subscriptions/listen` (26/basic/patterns/subscriptions), spelled as in the 2026-07-28 schema:
// what a client asks one listen stream for, and what the server's acknowledgement says it honours.

/** The notifications one listen stream opts in to (S26 SubscriptionFilter): the request's `notifications`, and the acknowledgement's. */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** The Tasks extension (SEP-2663): `notifications/tasks` for these task ids. */
  taskIds?: string[];
  /** Other keys an installed extension adds (ServerExtension.listenFilters). */
  [extensionKey: string]: unknown;
}
