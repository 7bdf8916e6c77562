import type { contractShipBody } from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { invalidInput } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { saveShipmentDraft } from '../trace/index.ts';
import * as repo from './distribution.contract.repository.ts';

/**
 * contractSendProduct (docs/distribution.md, "Shipping against a contract"): a draft shipment of chosen contract
 * lines, saved through traceability's own draft function in the caller's transaction (its checks of lots, addresses
 * and destination apply as they stand), and linked to the contract in `sales_contract_shipments`. The send wizard
 * then opens on the draft; the shipment gate draws the contract down when it ships.
 */

export type ContractShipBody = z.output<typeof contractShipBody>;

/** The transport a drafted shipment starts with (heavy diesel truck, 18 t); the wizard lets the shipper change it. */
const DEFAULT_TRANSPORT_TYPE = 8;

export async function shipAgainstContract(
  tx: Tx,
  user: SessionUser,
  c: repo.ContractRow,
  body: ContractShipBody,
): Promise<{ id: number; number: string }> {
  const lines = await repo.linesOf(tx, c.id, true);
  const byId = new Map(lines.map((x) => [x.l.id, x.l]));
  const errors: { field: string; message: string }[] = [];
  const taken = new Map<number, number>();
  const shipLines = body.lines.map((s, i) => {
    const line = byId.get(s.contractLineId);
    if (!line) {
      errors.push({ field: `lines.${i}.contractLineId`, message: '合同明细不存在' });
      return { specId: 0, lotId: s.lotId, quantity: s.quantity, codes: [] };
    }
    const before = taken.get(line.id) ?? 0;
    const remaining = toMilli(line.quantity) - toMilli(line.shippedQuantity) - before;
    const wanted = toMilli(s.quantity);
    if (wanted > remaining) {
      errors.push({ field: `lines.${i}.quantity`, message: `超出合同剩余数量 ${fromMilli(Math.max(remaining, 0))}` });
    }
    taken.set(line.id, before + wanted);
    return { specId: line.specId, lotId: s.lotId, quantity: s.quantity, codes: [] };
  });
  if (c.projectId === null && c.buyerOrgId === null) {
    errors.push({ field: 'id', message: '买方不在平台上且合同未指定平台项目，无法在平台发货' });
  }
  if (errors.length > 0) throw invalidInput(errors);
  const saved = await saveShipmentDraft(tx, user, {
    destination:
      c.projectId !== null
        ? { kind: 'project', projectId: c.projectId }
        : { kind: 'org', orgId: c.buyerOrgId as number },
    fromAddressId: body.fromAddressId,
    toAddressId: body.toAddressId,
    shipDate: body.shipDate,
    transportType: DEFAULT_TRANSPORT_TYPE,
    vehiclePlate: undefined,
    remarks: `经销合同 ${c.number}`,
    lines: shipLines,
  });
  await repo.linkShipment(tx, c.id, saved.id);
  return saved;
}
