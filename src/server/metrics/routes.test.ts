import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /metrics', () => {
  it('answers the Prometheus text format for the bearer token: requests by route, digests, outbox, mail events, queues, memory', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/stash_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(res.body).toContain('stash_http_request_duration_seconds_bucket');
    for (const name of [
      'stash_digest_sends',
      'stash_mail_outbox',
      'stash_job_queue_depth',
      'stash_job_queue_oldest_seconds',
      'stash_process_resident_memory_bytes',
    ]) {
      expect(res.body).toContain(`# TYPE ${name}`);
    }
    expect(res.body).toContain('stash_mail_events_24h{kind="bounce"} 0');
  });

  it('refuses a missing or wrong token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.body).not.toContain('stash_');
    } finally {
      await plain.close();
    }
  });
});
