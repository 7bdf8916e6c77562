import { randomUUID } from 'node:crypto';
import { creditCodeCheckChar, fileEndpoints, signParams } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { stringify, type TestServer, toResponse } from '../../../test/harness.ts';
import { userRoles, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

/** A small but real PDF: the file service recognises it by its first bytes, %PDF-. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Upload through the file endpoint as the console does: multipart, signed through the query string. */
export async function uploadFile(server: TestServer, token: string, name: string, bytes: Buffer, mime: string) {
  const { path } = fileEndpoints.upload;
  const boundary = `----jcbb${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const query = stringify(signParams('POST', path, {}, server.key));
  const res = await server.app.inject({
    method: 'POST',
    url: path,
    query,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return toResponse(res);
}

/** A valid unified social credit code (GB 32100-2015) ending a 17-character stem with its check character. */
export function creditCode(stem17: string): string {
  const check = creditCodeCheckChar(stem17);
  if (check === null) throw new Error(`not a credit code stem: ${stem17}`);
  return stem17 + check;
}

/** The same code with a wrong check character. */
export function withWrongCheckChar(code: string): string {
  const last = code.charAt(17);
  return code.slice(0, 17) + (last === '0' ? '1' : '0');
}

/** A signed-in-ready account without an organisation (and with the given roles), created straight in the database. */
export async function createLooseUser(server: TestServer, mobile: string, password: string, roles: string[] = []) {
  const [row] = await server.database.db
    .insert(users)
    .values({
      mobile,
      username: `user${mobile.slice(-4)}`,
      realName: '测试用户',
      passwordHash: await hashPassword(password, server.config.scryptCost),
    })
    .returning({ id: users.id });
  const id = (row as { id: number }).id;
  for (const role of roles) await server.database.db.insert(userRoles).values({ userId: id, role });
  return id;
}

export async function userIdOf(server: TestServer, mobile: string): Promise<number> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  if (!row) throw new Error(`no user ${mobile}`);
  return row.id;
}
