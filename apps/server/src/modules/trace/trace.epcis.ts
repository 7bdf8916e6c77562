/**
 * GS1 EPCIS 2.0 events as the platform writes them (docs/traceability.md, "Events on the ledger"): our URNs, the
 * document's JSON-LD context and the EPCISDocument the open API answers. The event hash id (CBV 2.0,
 * `ni:///sha-256;<hex>?ver=CBV2.0`) is computed in the contract (packages/contract/src/epcis.ts), so the browser
 * recomputes it from the event with the very same code; it follows GS1's reference implementation
 * (docs/traceability.md, "Event hash ids: which rules we follow"). Its names are re-exported here for the server.
 */
import { type EpcisEvent, JCBB_CONTEXT } from '@jcbb/contract/epcis';

export type { EpcisEvent, EpcisQuantity } from '@jcbb/contract/epcis';
export { eventHash, eventHashId } from '@jcbb/contract/epcis';

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
export const URN = {
  code: (code: string) => `urn:jcbb:code:${code}`,
  lot: (lotId: number) => `urn:jcbb:lot:${lotId}`,
  org: (orgId: number) => `urn:jcbb:org:${orgId}`,
  project: (projectId: number) => `urn:jcbb:project:${projectId}`,
  region: (regionCode: string) => `urn:jcbb:region:${regionCode}`,
  shipment: (number: string) => `urn:jcbb:shipment:${number}`,
  receipt: (number: string) => `urn:jcbb:receipt:${number}`,
};

/** An EPCISDocument of events (JSON-LD), for GET /open/trace/{code}/epcis. */
export function epcisDocument(events: (EpcisEvent & { eventID: string })[], creationDate: Date) {
  return {
    // The context the hash ids are computed with (the contract's default): the same inline prefixes.
    '@context': [EPCIS_CONTEXT, JCBB_CONTEXT],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: creationDate.toISOString(),
    epcisBody: { eventList: events },
  };
}
