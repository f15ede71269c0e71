// The baseline: a bare Fastify app on a plain pg pool, one route per scenario running the scenario's SQL.
import Fastify from 'fastify';
import pg from 'pg';

export async function startBaseline(databaseUrl, scenarios) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  for (const scenario of scenarios) {
    app.route({
      method: scenario.method,
      url: scenario.path,
      handler: async () => {
        await pool.query(scenario.baselineSql);
        return scenario.baselineAnswer();
      },
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}
