import type { CoverageRefusalValue, ScopeCheckData, scopeCheckBody } from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  organizations,
  productSpecs,
  projects,
  salesContractLines,
  salesContracts,
} from '../../db/schema/index.ts';
import { callerOrgId } from '../../lib/access.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { coverageOf } from './distribution.coverage.ts';
import { refusalText } from './distribution.gate.ts';

/**
 * The coverage call (docs/distribution.md, "The coverage call"): the scope rule the shipment gate applies, asked
 * ahead of a shipment or a contract, without locking or drawing anything down.
 */

type Body = z.output<typeof scopeCheckBody>;

/** The destination's county (or any region code) and project, from the one the body names. */
async function destinationOf(tx: Tx, b: Body): Promise<{ regionCode: string | null; projectId: number | null }> {
  if (b.projectId !== undefined) {
    const [p] = await tx.select({ regionCode: projects.regionCode }).from(projects).where(eq(projects.id, b.projectId));
    if (!p) throw invalidInput([{ field: 'projectId', message: '项目不存在' }]);
    return { regionCode: p.regionCode, projectId: b.projectId };
  }
  if (b.addressId !== undefined) {
    const [a] = await tx
      .select({ regionCode: addresses.regionCode })
      .from(addresses)
      .where(and(eq(addresses.id, b.addressId), eq(addresses.enabled, true)));
    if (!a) throw invalidInput([{ field: 'addressId', message: '收货地址不存在' }]);
    return { regionCode: a.regionCode, projectId: null };
  }
  return { regionCode: b.regionCode ?? null, projectId: null };
}

/** The product of each specification; an unknown specification is refused on its line. */
async function productsOf(tx: Tx, b: Body): Promise<Map<number, number>> {
  const rows = await tx
    .select({ specId: productSpecs.id, productId: productSpecs.productId })
    .from(productSpecs)
    .where(
      inArray(
        productSpecs.id,
        b.lines.map((l) => l.specId),
      ),
    );
  const map = new Map(rows.map((r) => [r.specId, r.productId]));
  const unknown = b.lines.flatMap((l, i) =>
    map.has(l.specId) ? [] : [{ field: `lines.${i}.specId`, message: '规格型号不存在' }],
  );
  if (unknown.length > 0) throw invalidInput(unknown);
  return map;
}

/** The caller's contract's refusal per line (its remaining quantity per specification, earlier lines counting), or 404. */
async function contractRefusals(tx: Tx, orgId: number, b: Body): Promise<(CoverageRefusalValue | null)[]> {
  if (b.contractId === undefined) return b.lines.map(() => null);
  const [c] = await tx
    .select({ status: salesContracts.status })
    .from(salesContracts)
    .where(and(eq(salesContracts.id, b.contractId), eq(salesContracts.distributorOrgId, orgId)));
  if (!c) throw notFound('经销合同不存在');
  if (c.status !== 'active') return b.lines.map(() => 'contract_not_active');
  const rows = await tx
    .select({
      specId: salesContractLines.specId,
      quantity: salesContractLines.quantity,
      shipped: salesContractLines.shippedQuantity,
    })
    .from(salesContractLines)
    .where(eq(salesContractLines.contractId, b.contractId));
  const left = new Map<number, number>();
  for (const r of rows) left.set(r.specId, (left.get(r.specId) ?? 0) + toMilli(r.quantity) - toMilli(r.shipped));
  return b.lines.map((l) => {
    const room = left.get(l.specId) ?? 0;
    const wanted = toMilli(l.quantity);
    if (room < wanted) return 'contract_quantity';
    left.set(l.specId, room - wanted);
    return null;
  });
}

async function makerNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function createScopeService({ db }: { db: Db }) {
  return {
    /** POST /api/agent/scope/check: per line, the letter that covers it (and what its cap leaves) or the first rule it fails. */
    async check(user: SessionUser, b: Body): Promise<ScopeCheckData> {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const dest = await destinationOf(tx, b);
        const products = await productsOf(tx, b);
        const contract = await contractRefusals(tx, orgId, b);
        const coverage = await coverageOf(tx, {
          distributorOrgId: orgId,
          regionCode: dest.regionCode,
          date: b.date,
          projectId: dest.projectId,
          lines: b.lines.map((l) => ({
            productId: products.get(l.specId) as number,
            specId: l.specId,
            quantity: milliText(toMilli(l.quantity)),
          })),
        });
        const makers = await makerNames(
          tx,
          coverage.flatMap((c) => (c.covered ? [c.makerOrgId] : [])),
        );
        return {
          regionCode: dest.regionCode,
          lines: coverage.map((c, i) => {
            const specId = b.lines[i]?.specId as number;
            const refusal = c.covered ? (contract[i] ?? null) : c.refusal;
            if (refusal || !c.covered) {
              return {
                specId,
                covered: false,
                refusal: refusal ?? 'no_authorisation',
                label: refusalText(refusal ?? 'no_authorisation'),
                letterNumber: null,
                letterPublicId: null,
                makerName: null,
                remainingCap: null,
              };
            }
            const makerName = makers.get(c.makerOrgId) ?? '';
            return {
              specId,
              covered: true,
              refusal: null,
              label: `授权书 ${c.number}（${makerName}）`,
              letterNumber: c.number,
              letterPublicId: c.publicId,
              makerName,
              remainingCap: c.remainingCapMilli === null ? null : fromMilli(c.remainingCapMilli),
            };
          }),
        };
      });
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
