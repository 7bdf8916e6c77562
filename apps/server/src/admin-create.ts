/**
 * `npm run admin:create -- --mobile 13912345678 --name 王芳`: the first platform administrator (role super_admin, as
 * the demo's 13800000000) of a database without demo data, such as a production one. The password comes from the
 * ADMIN_PASSWORD variable, else from standard input (typed twice, unseen, at a terminal; the first line when piped),
 * never from the command line, where other users and the shell's history would see it.
 * Uses the database of DATABASE_URL or DATA_DIR, as the server does; stop the server first on the embedded database.
 */
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { isStrongPassword, mobileSchema, Role } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config.ts';
import { type Db, openDatabase } from './db/client.ts';
import { userRoles, users } from './db/schema/index.ts';
import { hashPassword } from './lib/passwords.ts';

export interface AdministratorInput {
  mobile: string;
  name: string;
  password: string;
}

/** A mistake of the operator's: said in one line, exit 1. */
export class AdminCreateError extends Error {}

/** Check the input and create the administrator in one transaction; refuses a mobile that already has an account. */
export async function createAdministrator(db: Db, input: AdministratorInput, scryptCost: number): Promise<number> {
  const mobile = mobileSchema.safeParse(input.mobile);
  if (!mobile.success) throw new AdminCreateError(`--mobile: not a mainland mobile number: ${input.mobile}`);
  const name = input.name.trim();
  if (name.length === 0 || name.length > 50) throw new AdminCreateError('--name: 1 to 50 characters');
  if (!isStrongPassword(input.password)) {
    throw new AdminCreateError(
      'password: 8–32 characters with at least three of upper case, lower case, digits and symbols',
    );
  }
  const passwordHash = await hashPassword(input.password, scryptCost);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, mobile.data));
    if (existing) throw new AdminCreateError(`an account with mobile ${mobile.data} already exists`);
    const [row] = await tx
      .insert(users)
      .values({ mobile: mobile.data, username: mobile.data, realName: name, passwordHash, orgId: null })
      .returning({ id: users.id });
    const id = (row as { id: number }).id;
    await tx.insert(userRoles).values({ userId: id, role: Role.SUPER_ADMIN });
    return id;
  });
}

/** `--mobile X --name Y` or `--mobile=X --name=Y`. */
export function parseArgs(argv: string[]): { mobile?: string; name?: string } {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const match = /^--(mobile|name)(?:=(.*))?$/.exec(arg);
    if (!match) throw new AdminCreateError(`unknown argument ${arg} (expected --mobile and --name)`);
    let value = match[2];
    if (value === undefined) {
      i += 1;
      value = argv[i];
    }
    if (value === undefined) throw new AdminCreateError(`--${match[1]} needs a value`);
    out[match[1] as string] = value;
  }
  return out;
}

/** Ask at a terminal; `hidden` does not echo what is typed. */
function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      const output = rl as unknown as { _writeToOutput: (s: string) => void };
      output._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(question);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function firstLineOfStdin(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const first = await ask('Password: ', true);
  const second = await ask('Password again: ', true);
  if (first !== second) throw new AdminCreateError('the two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const args = parseArgs(process.argv.slice(2));
  const interactive = process.stdin.isTTY === true;
  const mobile = args.mobile ?? (interactive ? await ask('Mobile: ') : undefined);
  const name = args.name ?? (interactive ? await ask('Name: ') : undefined);
  if (!mobile || !name) throw new AdminCreateError('usage: npm run admin:create -- --mobile 139xxxxxxxx --name 姓名');
  const password = await readPassword();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const id = await createAdministrator(database.db, { mobile, name, password }, config.scryptCost);
    process.stdout.write(
      `Platform administrator created: ${mobile.trim()} (${name.trim()}, user ${id}, super_admin)\n`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `admin:create: the configuration is invalid:\n${error.problems.map((p) => `  ${p}\n`).join('')}`,
      );
    } else {
      process.stderr.write(`admin:create: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  });
}
