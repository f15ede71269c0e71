/**
 * Why a call to the Stash server failed, as the service worker saw it. Plain data, so it can
 * cross from the worker to the popup in a message.
 */
export type Failure =
  /** No answer at all: offline, wrong address, server down, or no permission for its host. */
  | { type: 'unreachable' }
  /** An answer with an error status, and the API's error body when there was one. */
  | { type: 'http'; status: number; code?: string; message?: string };
