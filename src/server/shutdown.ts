/**
 * The process's stop as the work under way sees it. On SIGTERM (runtime.ts) nothing new is claimed,
 * what was claimed has the grace period to finish, and a message not yet handed to SMTP when it
 * runs out goes back to the queue for another instance, never left half done.
 */
export class Shutdown {
  #handBackAt: number | null = null;
  #inFlight = new Map<string, number>();
  #drained = new Map<string, number>();
  #handedBack = 0;

  /** `handBackAfterMs`: how long work under way may still hand messages to SMTP. */
  begin(handBackAfterMs: number): void {
    this.#handBackAt ??= Date.now() + handBackAfterMs;
  }

  get stopping(): boolean {
    return this.#handBackAt !== null;
  }

  /** The grace period is over: what has not reached SMTP yet is handed back. */
  get handingBack(): boolean {
    return this.#handBackAt !== null && Date.now() >= this.#handBackAt;
  }

  /** Counts work of a kind (e.g. 'digests') from its claim until it is final or handed back. */
  started(kind: string, count: number): void {
    this.#inFlight.set(kind, (this.#inFlight.get(kind) ?? 0) + count);
  }

  finished(kind: string, count: number): void {
    this.#inFlight.set(kind, (this.#inFlight.get(kind) ?? 0) - count);
    if (this.stopping) this.#drained.set(kind, (this.#drained.get(kind) ?? 0) + count);
  }

  /** Resolves once no counted work is under way, or after `timeoutMs`. */
  async whenIdle(timeoutMs: number): Promise<void> {
    for (const until = Date.now() + timeoutMs; Date.now() < until && [...this.#inFlight.values()].some((n) => n > 0); ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  handedBack(count: number): void {
    this.#handedBack += count;
  }

  /** For the log lines of the stop: what was under way, what finished meanwhile, what went back. */
  summary(): { inFlight: Record<string, number>; drained: Record<string, number>; handedBack: number } {
    return { inFlight: Object.fromEntries(this.#inFlight), drained: Object.fromEntries(this.#drained), handedBack: this.#handedBack };
  }
}
