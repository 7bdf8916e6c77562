import type { specBatchUpdateBody, specListBody, specSaveBody } from '@jcbb/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { type AuditAction, recordAudit } from '../../lib/audit.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownProductOr404, ProductAuditEntity, requireDeleter } from './product.access.ts';
import { changedFacts, type FactGate, specFacts } from './product.facts.ts';
import * as repo from './product.repository.ts';
import { specView } from './product.view.ts';
import * as specRepo from './spec.repository.ts';

type ListBody = z.output<typeof specListBody>;
type SaveBody = z.output<typeof specSaveBody>;
type BatchBody = z.output<typeof specBatchUpdateBody>;

/**
 * Specification models (sales information) of the caller's products. Another organisation's product or
 * specification answers 404; deleting is for the enterprise administrator.
 */
export function createSpecService({ db, facts }: { db: Db; facts: FactGate }) {
  async function ownSpecOr404(user: SessionUser, id: number) {
    const orgId = callerOrgId(user);
    const row = await specRepo.findOwnSpec(db, orgId, id);
    if (!row) throw notFound('规格不存在');
    return row;
  }

  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        await ownProductOr404(tx, orgId, body.productId);
        const { rows, total } = await specRepo.specsPage(tx, body.productId, body);
        return { list: rows.map(specView), total };
      });
    },

    async details(user: SessionUser, id: number) {
      return specView(await ownSpecOr404(user, id));
    },

    async withProduct(user: SessionUser, id: number) {
      const row = await ownSpecOr404(user, id);
      return { ...specView(row), product: row.product };
    },

    async ofProduct(user: SessionUser, productId: number) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        await ownProductOr404(tx, orgId, productId);
        return (await specRepo.specsOfProducts(tx, [productId])).map(specView);
      });
    },

    /** Every product of the caller with its specifications, newest product first. */
    async perProduct(user: SessionUser) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const productRows = await repo.orgProductIds(tx, orgId);
        const specs = await specRepo.specsOfProducts(
          tx,
          productRows.map((p) => p.id),
        );
        const byProduct = new Map<number, ReturnType<typeof specView>[]>();
        for (const s of specs) {
          const list = byProduct.get(s.spec.productId) ?? [];
          list.push(specView(s));
          byProduct.set(s.spec.productId, list);
        }
        return productRows.map((p) => ({ ...p, specs: byProduct.get(p.id) ?? [] }));
      });
    },

    /** Create (no id) or update (id) a specification; an update may not move it to another product. */
    async save(user: SessionUser, body: SaveBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        await ownProductOr404(tx, orgId, body.productId);
        if (!(await specRepo.unitExists(tx, body.unitId))) {
          throw invalidInput([{ field: 'unitId', message: '计量单位不存在' }]);
        }
        const fields = {
          name: body.name,
          model: body.model,
          unitId: body.unitId,
          price: body.price,
          minOrder: body.minOrder,
          status: body.status,
        };
        // Mass per unit (transport carbon) is a sales field, not an approved fact: it takes effect at once. Absent
        // from the body = kept as it is (clients that predate it do not wipe it); null = cleared.
        const mass = body.massPerUnitKg === undefined ? {} : { massPerUnitKg: body.massPerUnitKg };
        let id: number | null;
        let action: AuditAction<'product_spec'>;
        let revisionId: number | null = null;
        let pendingFields: string[] = [];
        if (body.id === undefined) {
          // A new specification model of a listed product is an approved fact: it waits for audit (product.facts.ts).
          revisionId = await facts.propose(tx, user, body.productId, {
            kind: 'spec_add',
            after: { ...fields, ...mass },
          });
          if (revisionId !== null) {
            await recordAudit(tx, {
              entity: ProductAuditEntity.SPEC,
              entityId: `revision:${revisionId}`,
              orgId,
              actor: user,
              action: 'propose_create',
              data: { productId: body.productId, revisionId },
            });
            return { id: null, revisionId, pendingFields: ['name', 'model', 'unitId'] };
          }
          id = (await specRepo.insertSpec(tx, { ...fields, ...mass, productId: body.productId })).id;
          action = 'create';
        } else {
          const existing = await specRepo.findOwnSpec(tx, orgId, body.id);
          if (!existing) throw notFound('规格不存在');
          if (existing.spec.productId !== body.productId) {
            throw invalidInput([{ field: 'productId', message: '规格不属于该产品' }]);
          }
          id = body.id;
          const approved = specFacts(existing.spec);
          const proposed = specFacts(fields);
          pendingFields = changedFacts(approved, proposed);
          revisionId =
            pendingFields.length === 0
              ? null
              : await facts.propose(tx, user, body.productId, {
                  kind: 'spec_update',
                  specId: id,
                  before: approved,
                  after: proposed,
                });
          if (revisionId === null) pendingFields = [];
          await specRepo.updateSpec(
            tx,
            id,
            revisionId === null
              ? { ...fields, ...mass }
              : { price: fields.price, minOrder: fields.minOrder, status: fields.status, ...mass },
          );
          action = 'update';
        }
        await recordAudit(tx, {
          entity: ProductAuditEntity.SPEC,
          entityId: id,
          orgId,
          actor: user,
          action,
          toState: fields.status,
          data: {
            productId: body.productId,
            price: fields.price,
            ...mass,
            ...(revisionId ? { revisionId, pendingFields } : {}),
          },
        });
        return { id, revisionId, pendingFields };
      });
    },

    /** The same price and/or status for several specifications (/specs/batchEdit); all must be the caller's. */
    async batchUpdate(user: SessionUser, body: BatchBody) {
      const orgId = callerOrgId(user);
      const ids = [...new Set(body.ids)];
      return db.transaction(async (tx) => {
        const owned = new Set((await specRepo.ownSpecIds(tx, orgId, ids)).map((r) => r.id));
        const missing = ids.find((id) => !owned.has(id));
        if (missing !== undefined) throw notFound(`规格 ${missing} 不存在`);
        const changes = {
          ...(body.price === undefined ? {} : { price: body.price }),
          ...(body.status === undefined ? {} : { status: body.status }),
        };
        const updated = await specRepo.updateSpecs(tx, ids, changes);
        for (const id of ids) {
          await recordAudit(tx, {
            entity: ProductAuditEntity.SPEC,
            entityId: id,
            orgId,
            actor: user,
            action: 'batch_update',
            toState: body.status === undefined ? null : String(body.status),
            data: changes,
          });
        }
        return { updated };
      });
    },

    async remove(user: SessionUser, id: number) {
      const orgId = requireDeleter(user);
      return db.transaction(async (tx) => {
        const row = await specRepo.findOwnSpec(tx, orgId, id);
        if (!row) throw notFound('规格不存在');
        const revisionId = await facts.propose(tx, user, row.spec.productId, {
          kind: 'spec_delete',
          specId: id,
          before: specFacts(row.spec),
        });
        if (revisionId !== null) return { id, revisionId, pendingFields: ['delete'] };
        await specRepo.deleteSpec(tx, id);
        await recordAudit(tx, {
          entity: ProductAuditEntity.SPEC,
          entityId: id,
          orgId,
          actor: user,
          action: 'delete',
          fromState: row.spec.status,
          data: { productId: row.spec.productId, name: row.spec.name, model: row.spec.model },
        });
        return { id };
      });
    },
  };
}
