import { orgNatures as natureList, transportTypes as transportList, productUnits as unitList } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orgNatures, productUnits, transportTypes } from '../schema/index.ts';

/** Reference tables from packages/contract, upserted at start-up (idempotent). */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(productUnits)
      .values(unitList.map((u) => ({ id: u.id, name: u.name, enName: u.enName })))
      .onConflictDoUpdate({
        target: productUnits.id,
        set: { name: sql`excluded.name`, enName: sql`excluded.en_name` },
      });
    await tx
      .insert(transportTypes)
      .values(transportList.map((t) => ({ id: t.id, name: t.name, enName: t.enName, factor: t.factor })))
      .onConflictDoUpdate({
        target: transportTypes.id,
        set: { name: sql`excluded.name`, enName: sql`excluded.en_name`, factor: sql`excluded.factor` },
      });
    await tx
      .insert(orgNatures)
      .values(natureList.map((n) => ({ code: n.code, name: n.zh, enName: n.en })))
      .onConflictDoUpdate({
        target: orgNatures.code,
        set: { name: sql`excluded.name`, enName: sql`excluded.en_name` },
      });
  });
}
