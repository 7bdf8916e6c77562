import { Channel, type ChannelValue, OrgType } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import type { Tx } from '../../db/client.ts';
import { sendMessage } from '../message/index.ts';
import * as repo from './trace.shipment.repository.ts';

/**
 * The messages about a shipment (docs/traceability.md, "Decided in the implementation"): to its receiving side or
 * to its shipper, each opening the shipment's page in the reader's console.
 */

/** Where a message about a shipment sends its reader (the web's shipment detail page). */
export const shipmentUrl = (id: number) => pageUrl(pages.shipmentDetail, { id });

/** The message channel an organisation's console reads (spec §6; as project.service.ts). */
export function channelOf(orgType: number): ChannelValue {
  if (orgType === OrgType.CONSTRUCTION) return Channel.CONSTRUCTION;
  if (orgType === OrgType.SUPERVISION) return Channel.SUPERVISION;
  return Channel.JCBB;
}

/** Tell the receiving side: the organisation, or a project's accepted construction units. */
export async function tellReceivers(tx: Tx, s: repo.ShipmentRow, title: string, content: string): Promise<void> {
  if (s.toKind === 'org') {
    const org = await repo.orgById(tx, s.toOrgId as number);
    if (!org) return;
    await sendMessage(
      tx,
      { orgId: org.id },
      { channel: channelOf(org.type), title, content, targetUrl: shipmentUrl(s.id) },
    );
    return;
  }
  for (const m of await repo.acceptedMembers(tx, s.toProjectId as number)) {
    if (m.orgType !== OrgType.CONSTRUCTION) continue;
    await sendMessage(
      tx,
      { orgId: m.orgId },
      { channel: Channel.CONSTRUCTION, title, content, targetUrl: shipmentUrl(s.id) },
    );
  }
}

export async function tellShipper(tx: Tx, s: repo.ShipmentRow, title: string, content: string): Promise<void> {
  const org = await repo.orgById(tx, s.fromOrgId);
  if (!org) return;
  await sendMessage(
    tx,
    { orgId: org.id },
    { channel: channelOf(org.type), title, content, targetUrl: shipmentUrl(s.id) },
  );
}
