// The baseline: a bare Fastify app on a plain pg pool, one route per scenario running the scenario's SQL.
import Fastify from 'fastify';
import pg from 'pg';

/** `runs`: each scenario's request and its baseline { sql, params?, answer }. */
export async function startBaseline(databaseUrl, runs) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  const pathOf = (index) => `/baseline/${index}`;
  for (const [index, run] of runs.entries()) {
    const { sql, params, answer } = run.baseline;
    app.route({
      method: run.request.method,
      url: pathOf(index),
      handler: async () => {
        const { rows } = await pool.query(sql, params ? params() : []);
        return answer(rows);
      },
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    pathOf,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}
