import { ledgerEndpoints } from '@jcbb/contract/ledger.endpoints';
import { keyFingerprint } from '@jcbb/contract/ledger-proof';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_PASSWORD, demoAccounts } from './db/seed/demo.ts';
import { startEventLoopWatchdog } from './lib/watchdog.ts';
import { ledgerSigner } from './modules/ledger/index.ts';

/**
 * Start the platform: database, migrations, seeds, HTTP; stop gracefully on SIGINT / SIGTERM, forced after 25 s
 * (a database that does not answer), and by the event-loop watchdog when the loop itself has stopped.
 */
async function main() {
  const config = loadConfig();
  const built = await buildApp(config);
  const { app } = built;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // From here the event loop must keep turning: past EVENT_LOOP_STALL_LIMIT_MS without a turn (when no SIGTERM
  // handler, no forced exit and no request can run) the process ends itself.
  startEventLoopWatchdog();
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const lines = [
    '',
    `  建材帮帮 is running at ${url}`,
    `  API document: ${url}/api/docs`,
    `  Database: ${db}`,
    // The key that signs the evidence ledger's heads: compare it with the one printed on labels and certificates.
    `  Ledger key fingerprint: ${keyFingerprint(ledgerSigner().publicKeyHex)} (${url}${ledgerEndpoints.wellKnownKey.path})`,
  ];
  if (config.seedDemo) {
    lines.push('', `  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of demoAccounts) lines.push(`    ${a.mobile}  ${a.realName}  ${a.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    // One line per bad variable, then nothing else starts (fail closed).
    process.stderr.write(`建材帮帮 could not start: the configuration is invalid:\n`);
    for (const problem of error.problems) process.stderr.write(`  ${problem}\n`);
    process.exit(1);
  }
  // A start-up failure is the operator's to read: the message only, no stack for expected failures.
  process.stderr.write(`建材帮帮 could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
