import { traceEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { ADDRESS_IN_USE, type AddressService } from './trace.address.service.ts';

const tags = ['追溯 Traceability'];
const own =
  "Any signed-in user of an organisation manages its own organisation's addresses; another organisation's address answers 404, a user without an organisation 403.";

/** Addresses (addressManagement): where an organisation makes, keeps and receives goods. */
export function registerAddressRoutes(app: FastifyInstance, addresses: AddressService) {
  defineRoute(app, api.addressList, {
    summary: '地址列表 The organisation’s factories, warehouses, sites and offices',
    description: `Filter by kind; enabledOnly for pickers. Defaults first within each kind. regionName is 省 市 区 from the GB/T 2260 reference data; inUse: a shipment names it (it can then be disabled, not deleted). ${own}`,
    tags,
    handler: ({ user, body }) => addresses.list(user, body),
  });

  defineRoute(app, api.addressSave, {
    summary: '保存地址 Create or update an address',
    description: `No id: a new address. One default per kind: saving one as default clears the previous default of that kind in the same transaction (a partial unique index guards it; a concurrent change answers 409). A disabled address cannot be the default (400 on isDefault); regionCode must be a county (400). ${own}`,
    tags,
    handler: ({ user, body }) => addresses.save(user, body),
  });

  defineRoute(app, api.addressDelete, {
    summary: '删除地址 Delete an address no shipment uses',
    description: `An address a shipment used answers 409 “${ADDRESS_IN_USE}”. ${own}`,
    tags,
    handler: ({ user, body }) => addresses.remove(user, body.id),
  });
}
