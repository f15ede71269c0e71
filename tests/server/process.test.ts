import { spawn } from 'node:child_process';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server-process';

describe('the server process', () => {
  it('refuses to start on an invalid setting and names the variable', async () => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { PATH: process.env.PATH, PORT: 'eighty', BILLING: 'sometimes' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toMatch(/PORT:/);
    expect(stderr).toMatch(/BILLING:/);
  });

  it('on SIGTERM finishes the request in flight, then exits cleanly within 10 s', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    try {
      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      const { port } = new URL(server.url);
      // A request whose body is still arriving when the signal comes.
      const answer = new Promise<number>((resolve, reject) => {
        const headers = { 'content-type': 'application/json', 'content-length': 13 };
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/not-a-route', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.write('{"slow":');
        setTimeout(() => {
          server.process.kill('SIGTERM');
          setTimeout(() => req.end('true}'), 300);
        }, 100);
      });

      const signalledAt = Date.now();
      expect(await answer).toBe(404);
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.output()).toContain('shutting down');
    } finally {
      await server.stop();
    }
  });
});
