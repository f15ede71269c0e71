import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { SmtpSink } from './smtp-sink';
import { currentHourSlot } from './digests';

/*
 * A batch of due digests for tests with real server processes on one PostgreSQL: the rows, the
 * sweeps that see it through, and what the receiving SMTP server got.
 */

/** `users` verified trial users, each with a daily digest due now and two new links. */
export async function seedDueDigests(client: pg.Client, users: number, domain: string): Promise<void> {
  const slot = currentHourSlot();
  await client.query(
    `insert into users (email, first_name, account_type, trial_ends_at, email_verified, email_frequency, email_time, timezone, next_digest_at)
     select 'reader' || i || '@' || $3, 'Reader', 'trial', now() + interval '10 days', true, 'daily', $1, 'UTC', $2
     from generate_series(1, ${users}) as i`,
    [slot.getUTCHours(), slot, domain],
  );
  await client.query(
    `insert into links (user_id, url, normalized_url, title, created_at)
     select u.id, 'https://example.com/' || u.id || '/' || n, 'example.com/' || u.id || '/' || n, 'Link ' || n, $1
     from users u, generate_series(1, 2) as n`,
    [new Date(slot.getTime() - 60 * 60 * 1000)],
  );
}

/** Sweeps (both of them, as their crons would) until no send is pending or sending. */
export async function everySendFinal(client: pg.Client, boss: PgBoss): Promise<void> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    // Retries wait 30 s; the test does not.
    await client.query(
      `update pgboss.job set start_after = now() where name in ('digests.send', 'mail.deliver') and state in ('created', 'retry')`,
    );
    await boss.send('mail.sweep', {});
    await boss.send('digests.sweep', {});
    const { rows } = await client.query(`select count(*)::int as n from digest_sends where status in ('pending', 'sending')`);
    if (rows[0].n === 0) return;
  }
  throw new Error(`sends still open: ${JSON.stringify(await statusCounts(client))}`);
}

export async function statusCounts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ status: string; n: number }>(`select status, count(*)::int as n from digest_sends group by status`);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Messages received per recipient. */
export async function receivedCounts(sink: SmtpSink): Promise<Map<string, number>> {
  // Anything still on its way after the last send was recorded.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const counts = new Map<string, number>();
  for (const message of sink.messages) {
    const to = Array.isArray(message.to) ? '' : (message.to?.text ?? '');
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}
