/**
 * A plain Fastify server with neither logging, helmet, signatures nor sessions: the floor under our routes on the
 * same machine. Started by baseline.ts; prints "ready" once listening on PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/get', async () => ({ code: 0, msg: 'success', data: { status: 'ok' } }));
app.post('/post', async () => ({ code: 200, msg: 'success', data: { roles: [{ roleCode: 'a', roleName: 'a' }] } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
