import { ApiError } from './api';

/** The server's own explanation of a failed call (e.g. "Invalid email or password"), else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.body?.message) || fallback;
}
