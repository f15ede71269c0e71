// GET /api/health: the full stack (routing, headers, logging, a database round trip) against a bare route doing the same SQL.
export default {
  name: 'GET /api/health',
  method: 'GET',
  path: '/api/health',
  connections: 50,
  baselineSql: 'select 1',
  baselineAnswer: () => ({ status: 'ok', db: 'up', version: '0.0.0' }),
};
