/**
 * `npm run ledger:verify`: check the evidence ledger of the configured database (DATA_DIR's embedded one, or
 * DATABASE_URL) against its rows and the ledger key (LEDGER_SIGNING_KEY or DATA_DIR/ledger-ed25519.key).
 * Exit 0 when everything matches; 1 with the first mismatch; 2 when it could not run. The embedded database
 * admits one process: stop the server first (PostgreSQL needs no such care).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { LEDGER_KEY_FILE, loadLedgerSigner, verifyLedger } from './modules/ledger/index.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.ledgerSigningKey && !existsSync(path.join(config.dataDir, LEDGER_KEY_FILE))) {
    process.stderr.write(
      `No ledger key: set LEDGER_SIGNING_KEY or provide ${path.join(config.dataDir, LEDGER_KEY_FILE)}\n`,
    );
    return 2;
  }
  const signer = await loadLedgerSigner({
    configuredKey: config.ledgerSigningKey,
    dataDir: config.dataDir,
    ephemeral: false,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const started = Date.now();
    const where = config.databaseUrl ? 'DATABASE_URL' : path.join(config.dataDir, 'pgdata');
    process.stdout.write(`Verifying the evidence ledger in ${where} with key ${signer.publicKeyHex}\n`);
    const result = await verifyLedger(database.db, signer.publicKeyHex, (done, total) => {
      if (process.stdout.isTTY) process.stdout.write(`\r  ${done} / ${total} entries`);
    });
    if (process.stdout.isTTY) process.stdout.write('\n');
    if (!result.ok) {
      process.stdout.write(`MISMATCH: ${result.problem}\n`);
      if (result.leafIndex !== null)
        process.stdout.write(`first entry that does not match: leaf ${result.leafIndex}\n`);
      return 1;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `OK: ${result.entries} entries, ${result.nodes} subtree nodes and ${result.heads} signed heads match (${seconds} s)\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`ledger:verify could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
