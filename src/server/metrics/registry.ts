import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context';

/*
 * What GET /metrics shows (docs/operations.md says what each means and which alerts to set).
 * Request counts and latency are this process's own; the states of digests, the outbox, the job
 * queue and the mail events are read from the database at each scrape, so every instance answers
 * the same for them.
 */
export function createMetrics(ctx: Pick<AppContext, 'database'>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'stash_' });

  const requests = new Counter({
    name: 'stash_http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'stash_http_request_duration_seconds',
    help: 'HTTP request time, by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const query = async <Row extends Record<string, unknown>>(text: string) => (await ctx.database.pool.query<Row>(text)).rows;
  new Gauge({
    name: 'stash_digest_sends',
    help: 'Scheduled digests by state, those of the last 24 hours for the final states',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await query<{ status: string; n: number }>(`select status, count(*)::int as n from digest_sends
        where status in ('pending', 'sending') or updated_at > now() - interval '24 hours' group by status`);
      for (const row of rows) this.set({ state: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'stash_mail_outbox',
    help: 'Outbox messages by state (queued and sending: all; sent and failed: the last 24 hours)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await query<{ status: string; n: number }>(`select status, count(*)::int as n from mail_outbox
        where status in ('queued', 'sending') or created_at > now() - interval '24 hours' group by status`);
      for (const row of rows) this.set({ state: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'stash_mail_events_24h',
    help: 'Bounces, complaints, policy refusals (5.7.x) and deferrals (4xx) in the last 24 hours',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const kind of ['bounce', 'complaint', 'refusal', 'deferral']) this.set({ kind }, 0);
      const rows = await query<{ kind: string; n: number }>(
        `select kind, count(*)::int as n from mail_events where created_at > now() - interval '24 hours' group by kind`,
      );
      for (const row of rows) this.set({ kind: row.kind }, row.n);
    },
  });
  const queueRows = () =>
    query<{ name: string; depth: number; age: number }>(`select name, count(*)::int as depth,
      coalesce(extract(epoch from now() - min(start_after)), 0)::float as age
      from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`);
  new Gauge({
    name: 'stash_job_queue_depth',
    help: 'Jobs ready to run and waiting for a worker, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueRows()) this.set({ queue: row.name }, row.depth);
    },
  });
  new Gauge({
    name: 'stash_job_queue_oldest_seconds',
    help: 'How long the oldest ready job has waited, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueRows()) this.set({ queue: row.name }, row.age);
    },
  });

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}
