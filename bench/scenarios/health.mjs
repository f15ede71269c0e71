// GET /api/health: the full stack (routing, headers, logging, a database round trip) against a bare route doing the same SQL.
export default {
  name: 'GET /api/health',
  connections: 50,
  async setup() {
    return {
      request: { method: 'GET', path: '/api/health' },
      baseline: {},
    };
  },
  baseline: () => ({ sql: 'select 1', answer: () => ({ status: 'ok', db: 'up', version: '0.0.0' }) }),
};
