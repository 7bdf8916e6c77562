import { eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { authorisations, organizations, shipmentLineAuthorisations } from '../../db/schema/index.ts';
import type { DeliveryLetter, DeliveryLetters } from '../trace/index.ts';

const maker = alias(organizations, 'letter_maker');
const distributor = alias(organizations, 'letter_distributor');

/**
 * The scan page's read (traceability's `DeliveryLetters`): the letters the gate recorded for the shipment lines
 * (`shipment_line_authorisations`, still drawn: a withdrawn line no longer relied on one), each once, oldest first.
 */
async function ofShipmentLines(tx: Tx, lineIds: readonly number[]): Promise<DeliveryLetter[]> {
  if (lineIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({
      id: authorisations.id,
      makerName: maker.name,
      distributorName: distributor.name,
      letterNumber: sql<string>`coalesce(${authorisations.number}, '')`,
      letterPublicId: authorisations.publicId,
    })
    .from(shipmentLineAuthorisations)
    .innerJoin(authorisations, eq(authorisations.id, shipmentLineAuthorisations.authorisationId))
    .innerJoin(maker, eq(maker.id, authorisations.makerOrgId))
    .innerJoin(distributor, eq(distributor.id, authorisations.distributorOrgId))
    .where(
      sql`${inArray(shipmentLineAuthorisations.shipmentLineId, [...lineIds])} and ${gt(shipmentLineAuthorisations.quantity, '0')}`,
    )
    .orderBy(authorisations.id);
  return rows.map(({ id: _, ...letter }) => letter);
}

export const distributionDeliveryLetters: DeliveryLetters = { ofShipmentLines };
