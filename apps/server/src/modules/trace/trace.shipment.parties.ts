import {
  CertStatus,
  CodeStatus,
  type FieldError,
  OrgType,
  ShipmentStatus,
  StockBucket,
  type StockBucketValue,
  type shipmentSaveBody,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { maySupplyCity, requireProjectMember } from '../project/index.ts';
import type { PartyRef } from './trace.shipment.events.ts';
import * as repo from './trace.shipment.repository.ts';
import { type Holder, holderKey, parseHolderKey } from './trace.stock.ts';

/**
 * The parties of a shipment (docs/traceability.md, "Who sees what"): who may see it and from which side, the holder
 * it takes its goods from and the one they go to (organisation or project, by holder key), and the addresses it
 * names.
 */

export const NOT_FOUND = '发货单不存在';

export type SaveBody = z.output<typeof shipmentSaveBody>;

// ---- who sees a shipment ----

/**
 * The caller's side of a shipment (docs/traceability.md, "Who sees what"): the shipping organisation; or the
 * receiver — the receiving organisation, or for a project every organisation with an accepted membership, of which
 * only a construction unit may receive (`canReceive`). A draft is the shipper's own. null = not visible (404).
 */
export type Side = { side: 'shipper' } | { side: 'receiver'; canReceive: boolean };

export async function sideOf(
  tx: Tx,
  user: SessionUser,
  s: repo.ShipmentRow,
  lockMembership = false,
): Promise<Side | null> {
  if (user.orgId === null) return null;
  if (s.fromOrgId === user.orgId) return { side: 'shipper' };
  if (s.status === ShipmentStatus.DRAFT) return null;
  if (s.toKind === 'org') return s.toOrgId === user.orgId ? { side: 'receiver', canReceive: true } : null;
  const membership = await acceptedMembership(tx, user, s.toProjectId as number, lockMembership);
  if (!membership) return null;
  return { side: 'receiver', canReceive: membership.orgType === OrgType.CONSTRUCTION };
}

/** The caller's organisation's accepted membership of a project (the project module's check), or null. */
async function acceptedMembership(tx: Tx, user: SessionUser, projectId: number, lock = false) {
  try {
    return (await requireProjectMember(tx, user, projectId, { lock })).membership;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
}

/** The shipment and the caller's side of it, or 404 as if it did not exist. */
export async function requireShipment(tx: Tx, user: SessionUser, id: number, forUpdate = false) {
  const s = await repo.shipmentById(tx, id, forUpdate);
  if (!s) throw notFound(NOT_FOUND);
  // A change (forUpdate) by a project's member holds its membership: the project's removal rule (trace.removal.ts)
  // then sees what the change writes, or the change sees the removal.
  const side = await sideOf(tx, user, s, forUpdate);
  if (!side) throw notFound(NOT_FOUND);
  return { s, side };
}

// ---- where goods leave from and go to ----

/** The holder a shipment takes its goods from, and which stock and codes it may take. */
export interface Source {
  orgId: number;
  orgType: number;
  holder: Holder;
  holderKey: string;
  projectId: number | null;
  bucket: StockBucketValue;
  /** Statuses a code may have to leave with it: in stock, or rejected awaiting return. */
  codeStatuses: readonly string[];
  isReturn: boolean;
}

const OWN_STOCK_CODE_STATUSES = [CodeStatus.ACTIVE, CodeStatus.HELD] as const;

export function ownSource(orgId: number, orgType: number): Source {
  const holder: Holder = { kind: 'org', orgId };
  return {
    orgId,
    orgType,
    holder,
    holderKey: holderKey(holder),
    projectId: null,
    bucket: StockBucket.USABLE,
    codeStatuses: OWN_STOCK_CODE_STATUSES,
    isReturn: false,
  };
}

export function sourceOf(s: repo.ShipmentRow, orgType: number): Source {
  const isReturn = s.returnOfReceiptId !== null;
  return {
    orgId: s.fromOrgId,
    orgType,
    holder: parseHolderKey(s.fromHolderKey),
    holderKey: s.fromHolderKey,
    projectId: s.fromProjectId,
    bucket: isReturn ? StockBucket.REJECTED : StockBucket.USABLE,
    codeStatuses: isReturn ? [CodeStatus.REJECTED] : OWN_STOCK_CODE_STATUSES,
    isReturn,
  };
}

/** Where a return leaves from: the holder that received the goods, out of its rejected bucket. */
export function returnSource(org: repo.OrgRow, receiptHolderKey: string): Source {
  const holder = parseHolderKey(receiptHolderKey);
  return {
    orgId: org.id,
    orgType: org.type,
    holder,
    holderKey: receiptHolderKey,
    projectId: holder.kind === 'project' ? holder.projectId : null,
    bucket: StockBucket.REJECTED,
    codeStatuses: [CodeStatus.REJECTED],
    isReturn: true,
  };
}

export type Destination =
  | { kind: 'org'; org: repo.OrgRow; holderKey: string }
  | { kind: 'project'; project: repo.ProjectRow; holderKey: string };

/** The stored destination of a shipment. */
export async function destinationOf(tx: Tx, s: repo.ShipmentRow): Promise<Destination> {
  if (s.toKind === 'project') {
    const project = await repo.projectById(tx, s.toProjectId as number);
    if (!project) throw new Error(`shipment ${s.id} to a missing project`);
    return { kind: 'project', project, holderKey: s.toHolderKey };
  }
  const org = await repo.orgById(tx, s.toOrgId as number);
  if (!org) throw new Error(`shipment ${s.id} to a missing organisation`);
  return { kind: 'org', org, holderKey: s.toHolderKey };
}

/** The party of an EPCIS source or destination. */
export const sourceParty = (src: Source): PartyRef =>
  src.projectId === null
    ? { kind: 'org', orgId: src.orgId }
    : { kind: 'project', projectId: src.projectId, orgId: src.orgId };
export const destinationParty = (d: Destination): PartyRef =>
  d.kind === 'org' ? { kind: 'org', orgId: d.org.id } : { kind: 'project', projectId: d.project.id, orgId: 0 };

/** An organisation a shipper may ship to (and read the addresses of): a certified distributor or construction unit, not itself. */
export const isReceiverFor = (org: repo.OrgRow | null, shipperOrgId: number | null): org is repo.OrgRow =>
  org !== null &&
  org.id !== shipperOrgId &&
  org.certStatus === CertStatus.CERTIFIED &&
  (org.type === OrgType.DISTRIBUTOR || org.type === OrgType.CONSTRUCTION);

/** The destination a body names, checked: a certified distributor or construction unit, or a project the shipper may ship to. */
export async function resolveDestination(
  tx: Tx,
  shipperOrgId: number,
  d: SaveBody['destination'],
  returnTo: number | null,
): Promise<Destination> {
  if (returnTo !== null) {
    if (d.kind !== 'org' || d.orgId !== returnTo) {
      throw invalidInput([{ field: 'destination.orgId', message: '退货只能退回原发货单位' }]);
    }
    const org = await repo.orgById(tx, returnTo);
    if (!org) throw invalidInput([{ field: 'destination.orgId', message: '收货单位不存在' }]);
    return { kind: 'org', org, holderKey: holderKey({ kind: 'org', orgId: org.id }) };
  }
  if (d.kind === 'org') {
    const org = await repo.orgById(tx, d.orgId as number);
    if (!isReceiverFor(org, shipperOrgId)) {
      throw invalidInput([{ field: 'destination.orgId', message: '请选择已认证的经销商或施工单位' }]);
    }
    return { kind: 'org', org, holderKey: holderKey({ kind: 'org', orgId: org.id }) };
  }
  const project = await repo.projectById(tx, d.projectId as number);
  if (!project || !(await maySupplyCity(tx, shipperOrgId, project.cityCode))) {
    throw invalidInput([
      {
        field: 'destination.projectId',
        message: '不能向该项目发货：项目所在城市没有本单位已入库或在库的产品',
      },
    ]);
  }
  return { kind: 'project', project, holderKey: holderKey({ kind: 'project', projectId: project.id }) };
}

// ---- addresses ----

export interface AddressSnapshot {
  id: number | null;
  text: string | null;
  regionCode: string | null;
}

/** The text an address is snapshotted as: its name, 省 市 区 and detail (no contact person). */
async function addressText(tx: Tx, a: repo.AddressRow): Promise<string> {
  const region = (await repo.regionFullNames(tx, [a.regionCode])).get(a.regionCode) ?? a.regionCode;
  return `${a.name}：${region} ${a.detail}`;
}

/** The addresses of a body: the shipper's own enabled one; the receiving organisation's; a project's own site. */
export async function resolveAddresses(tx: Tx, src: Source, dest: Destination, b: SaveBody) {
  const fields: FieldError[] = [];
  const fromAddr = await repo.addressById(tx, b.fromAddressId);
  if (!fromAddr || fromAddr.orgId !== src.orgId || !fromAddr.enabled) {
    fields.push({ field: 'fromAddressId', message: '请选择本单位启用的发货地址' });
  }
  let to: AddressSnapshot;
  if (dest.kind === 'project') {
    to = { id: null, text: dest.project.address, regionCode: dest.project.regionCode };
  } else if (b.toAddressId !== undefined) {
    const a = await repo.addressById(tx, b.toAddressId);
    if (!a || a.orgId !== dest.org.id || !a.enabled) {
      fields.push({ field: 'toAddressId', message: '请选择收货单位的收货地址' });
      to = { id: null, text: null, regionCode: null };
    } else to = { id: a.id, text: await addressText(tx, a), regionCode: a.regionCode };
  } else {
    to = { id: null, text: null, regionCode: dest.org.regionCode };
  }
  if (fields.length > 0 || !fromAddr) throw invalidInput(fields);
  const from: AddressSnapshot = {
    id: fromAddr.id,
    text: await addressText(tx, fromAddr),
    regionCode: fromAddr.regionCode,
  };
  return { from, to };
}
