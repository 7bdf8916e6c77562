import { documentEventHashes } from '@jcbb/contract/epcis';
import { describe, expect, it } from 'vitest';
import { type EpcisEvent, epcisDocument, eventHash, eventHashId, URN } from './trace.epcis.ts';

/*
 * The server's side of the EPCIS events: our URNs and the EPCISDocument the open API answers. The event hash itself
 * lives in the contract and is tested there (packages/contract/src/epcis.test.ts) and against the reference tool's
 * output on fixture documents (test/epcis-vectors.unit.test.ts).
 */

/** A shipping event as the platform writes it (trace.shipment.events.ts). */
const ours: EpcisEvent = {
  type: 'ObjectEvent',
  eventTime: '2024-05-01T10:00:00+08:00',
  eventTimeZoneOffset: '+08:00',
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  epcList: [URN.code('AAAAAAAAAAAAAAAAAAAB'), URN.code('AAAAAAAAAAAAAAAAAAAA')],
  quantityList: [
    { epcClass: URN.lot(9), quantity: 12.5, uom: 'TNE' },
    { epcClass: URN.lot(3), quantity: 40 },
  ],
  readPoint: { id: URN.region('320102') },
  bizTransactionList: [{ type: 'desadv', bizTransaction: URN.shipment('FH20240501001') }],
  sourceList: [{ type: 'owning_party', source: URN.org(1) }],
  destinationList: [
    { type: 'owning_party', destination: URN.project(5) },
    { type: 'location', destination: URN.region('320104') },
  ],
  'jcbb:sourceName': '南京绿筑新型建材有限公司',
};

describe('URN', () => {
  it('writes the platform’s identifiers as urn:jcbb:<kind>:<id>', () => {
    expect(URN.code('AAAA')).toBe('urn:jcbb:code:AAAA');
    expect(URN.lot(5)).toBe('urn:jcbb:lot:5');
    expect(URN.region('320115')).toBe('urn:jcbb:region:320115');
    expect(URN.shipment('FH1')).toBe('urn:jcbb:shipment:FH1');
    expect(URN.receipt('SH1')).toBe('urn:jcbb:receipt:SH1');
  });
});

describe('epcisDocument', () => {
  it('wraps events as an EPCIS 2.0 JSON-LD document', () => {
    const doc = epcisDocument([{ ...ours, eventID: eventHashId(ours) }], new Date('2024-05-02T00:00:00Z'));
    expect(doc).toMatchObject({
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2024-05-02T00:00:00.000Z',
      epcisBody: { eventList: [{ eventID: eventHashId(ours) }] },
    });
    expect(doc['@context']).toEqual([
      'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
      { jcbb: 'urn:jcbb:' },
    ]);
  });

  it('a reader recomputes each eventID from the document as served (JSON text, as a browser receives it)', () => {
    const doc = epcisDocument([{ ...ours, eventID: eventHashId(ours) }], new Date('2024-05-02T00:00:00Z'));
    const received = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
    expect(documentEventHashes(received).map((h) => h.id)).toEqual([eventHashId(ours)]);
    expect(eventHash(ours).id).toBe(eventHashId(ours));
  });

  it('the ids survive storage in jsonb, which reorders keys (shorter first): `type` stays before its value', () => {
    // PostgreSQL's jsonb keeps an object's keys by length, then bytes; the hash depends on key order only inside a
    // bizTransaction / source / destination, where `type` is the shorter key either way.
    const jsonbOrder = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(jsonbOrder)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
                .map(([k, x]) => [k, jsonbOrder(x)]),
            )
          : v;
    const stored = jsonbOrder({ ...ours, eventID: eventHashId(ours) }) as Record<string, unknown>;
    expect(Object.keys((stored.sourceList as object[])[0] as object)).toEqual(['type', 'source']);
    expect(eventHashId(stored)).toBe(eventHashId(ours));
  });
});
