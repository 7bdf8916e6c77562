import type { AddressView, addressListBody, addressSaveBody } from '@jcbb/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './trace.address.repository.ts';

type ListBody = z.output<typeof addressListBody>;
type SaveBody = z.output<typeof addressSaveBody>;

const NOT_FOUND = '地址不存在';
/** Shipments keep the address's id (and its text as shipped): it may be disabled, never deleted. */
export const ADDRESS_IN_USE = '该地址已被发货单使用，可停用但不能删除';

function addressView(r: repo.AddressViewRow): AddressView {
  const a = r.address;
  return {
    id: a.id,
    kind: a.kind as AddressView['kind'],
    name: a.name,
    regionCode: a.regionCode,
    regionName: r.regionName,
    detail: a.detail,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    isDefault: a.isDefault,
    enabled: a.enabled,
    inUse: r.inUse,
  };
}

export type AddressService = ReturnType<typeof createAddressService>;

/**
 * An organisation's factories, warehouses, sites and offices (docs/traceability.md, "Things and their words"). Any
 * signed-in user of an organisation manages its own; another organisation's address answers 404. One default per
 * kind: making one the default clears the previous one in the same transaction, and the partial unique index
 * `addresses_one_default_uq` is the guard when two users do it at once.
 */
export function createAddressService({ db }: { db: Db }) {
  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.addressPage(tx, { orgId, ...body });
        return { list: rows.map(addressView), total };
      });
    },

    /** Create (no id) or update (id) an address. */
    async save(user: SessionUser, body: SaveBody) {
      const orgId = callerOrgId(user);
      if (body.isDefault && !body.enabled) {
        throw invalidInput([{ field: 'isDefault', message: '停用的地址不能设为默认地址' }]);
      }
      try {
        return await db.transaction(async (tx) => {
          if ((await repo.divisionLevel(tx, body.regionCode)) !== 3) {
            throw invalidInput([{ field: 'regionCode', message: '请选择地址所在区县' }]);
          }
          const values: repo.AddressValues = {
            kind: body.kind,
            name: body.name,
            regionCode: body.regionCode,
            detail: body.detail,
            contactName: body.contactName,
            contactPhone: body.contactPhone,
            isDefault: body.isDefault,
            enabled: body.enabled,
          };
          let id: number;
          let before: repo.AddressRow | null = null;
          if (body.id === undefined) {
            if (values.isDefault) await repo.clearDefault(tx, orgId, values.kind);
            id = await repo.insertAddress(tx, orgId, values);
          } else {
            before = (await repo.ownAddressForUpdate(tx, orgId, body.id)) ?? null;
            if (!before) throw notFound(NOT_FOUND);
            id = body.id;
            if (values.isDefault) await repo.clearDefault(tx, orgId, values.kind, id);
            await repo.updateAddress(tx, id, values);
          }
          await recordAudit(tx, {
            entity: 'address',
            entityId: id,
            action: before ? 'update' : 'create',
            actor: user,
            orgId,
            data: {
              kind: values.kind,
              name: values.name,
              regionCode: values.regionCode,
              isDefault: values.isDefault,
              enabled: values.enabled,
              ...(before
                ? { before: { name: before.name, isDefault: before.isDefault, enabled: before.enabled } }
                : {}),
            },
          });
          return { id };
        });
      } catch (error) {
        // Another user of the organisation made another address of this kind the default in between.
        if (isUniqueViolation(error, 'addresses_one_default_uq')) {
          throw conflict('同类地址的默认地址刚被修改，请刷新后重试');
        }
        throw error;
      }
    },

    async remove(user: SessionUser, id: number) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const row = await repo.ownAddressForUpdate(tx, orgId, id);
        if (!row) throw notFound(NOT_FOUND);
        if (await repo.addressInUse(tx, id)) throw conflict(ADDRESS_IN_USE);
        await repo.deleteAddress(tx, id);
        await recordAudit(tx, {
          entity: 'address',
          entityId: id,
          action: 'delete',
          actor: user,
          orgId,
          data: { kind: row.kind, name: row.name, regionCode: row.regionCode, detail: row.detail },
        });
        return { id };
      });
    },
  };
}
