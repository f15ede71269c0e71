/**
 * Runs tasks at most `slots` at a time, fair across accounts rather than first come, first served:
 * when a slot frees, the waiting task whose account was served longest ago (or never) starts
 * next, arrival breaking ties. An account that imports file after file therefore goes behind
 * every account still waiting for its first turn. The last turns of the REMEMBERED_ACCOUNTS
 * accounts served most recently are kept; one served longer ago counts as never served, which
 * puts it where it belongs anyway: first.
 */
export const REMEMBERED_ACCOUNTS = 10_000;

export class FairQueue {
  private running = 0;
  private readonly waiting: { account: string; start: () => void }[] = [];
  /** Each account's last turn, by the number of turns given out before it. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;

  constructor(private readonly slots: number) {}

  /** How many tasks wait for a slot. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(account: string, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((start) => this.waiting.push({ account, start }));
    else this.begin(account);
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.startNext();
    }
  }

  private begin(account: string): void {
    this.running += 1;
    // Deleted first so that the Map's order stays that of the turns, oldest first.
    this.lastTurn.delete(account);
    this.lastTurn.set(account, this.turns++);
    if (this.lastTurn.size > REMEMBERED_ACCOUNTS) this.lastTurn.delete(this.lastTurn.keys().next().value!);
  }

  private startNext(): void {
    if (this.waiting.length === 0) return;
    let next = 0;
    for (let i = 1; i < this.waiting.length; i++) {
      if ((this.lastTurn.get(this.waiting[i].account) ?? -1) < (this.lastTurn.get(this.waiting[next].account) ?? -1)) next = i;
    }
    const [chosen] = this.waiting.splice(next, 1);
    this.begin(chosen.account);
    chosen.start();
  }
}
