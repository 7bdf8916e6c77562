import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalNumber,
  canonicalTime,
  digitalLink,
  type EpcisEvent,
  epcisDocument,
  eventHashId,
  eventSha256,
  preHashString,
  URN,
} from './trace.epcis.ts';

/*
 * The CBV 2.0 event hash (§8.9) against the published vectors of the reference implementation,
 * RalphTro/epcis-event-hash-generator (MIT): the events of tests/examples/documents/<file> whose fields we emit,
 * with the hash ids of tests/examples/expected/CBV2.0/<file>.hashes (and, for three of them, the pre-hash strings of
 * the .prehashes file, so a mismatch shows where it is). The events are written as their JSON-LD, unchanged.
 */

interface Vector {
  source: string;
  event: EpcisEvent;
  hash: string;
  prehash?: string;
}

const various = 'epcisDocWithVariousEventTypes.jsonld';
const shipping = 'epcisDocWithShippingAndTransportingEvent.jsonld';
const roundOff = 'TimeStampRoundOff.jsonld';

const vectors: Vector[] = [
  {
    source: `${various} #1 (ObjectEvent, two bizTransactions, source, two destinations)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T11:00:30.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:5200001.0111111146'],
      action: 'OBSERVE',
      bizStep: 'departing',
      readPoint: { id: 'urn:epc:id:sgln:5200001.99901.0' },
      bizTransactionList: [
        { type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:4711' },
        { type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:RE1099' },
      ],
      sourceList: [{ type: 'possessing_party', source: 'urn:epc:id:pgln:5200001.00000' }],
      destinationList: [
        { type: 'possessing_party', destination: 'urn:epc:id:pgln:4000001.98765' },
        { type: 'location', destination: 'urn:epc:id:sgln:4012345.00012.0' },
      ],
    },
    hash: 'ni:///sha-256;253f0178f96349eedc207505b49044a602129605cf692e3d9f1f36c8bd1dfb0d?ver=CBV2.0',
    prehash:
      'eventType=ObjectEventeventTime=2019-10-21T10:00:30.000ZeventTimeZoneOffset=+01:00epcListepc=https://id.gs1.org/00/052000011111111461action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-departingreadPointid=https://id.gs1.org/414/5200001999012bizTransactionListtype=https://ref.gs1.org/cbv/BTT-desadvbizTransaction=urn:epcglobal:cbv:bt:5200001000008:4711type=https://ref.gs1.org/cbv/BTT-invbizTransaction=urn:epcglobal:cbv:bt:5200001000008:RE1099sourceListtype=https://ref.gs1.org/cbv/SDT-possessing_partysource=https://id.gs1.org/417/5200001000008destinationListtype=https://ref.gs1.org/cbv/SDT-locationdestination=https://id.gs1.org/414/4012345000122type=https://ref.gs1.org/cbv/SDT-possessing_partydestination=https://id.gs1.org/417/4000001987658',
  },
  {
    source: `${various} #2 (ObjectEvent, receiving, owning and possessing parties)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T12:00:30.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:5200001.0111111146'],
      action: 'OBSERVE',
      bizStep: 'receiving',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00012.0' },
      bizTransactionList: [
        { type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:4711' },
        { type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:5200001000008:RE1099' },
      ],
      sourceList: [
        { type: 'possessing_party', source: 'urn:epc:id:pgln:4000001.00012' },
        { type: 'owning_party', source: 'urn:epc:id:pgln:4000001.00012' },
      ],
      destinationList: [
        { type: 'possessing_party', destination: 'urn:epc:id:pgln:4012345.00000' },
        { type: 'owning_party', destination: 'urn:epc:id:pgln:4012345.00000' },
        { type: 'location', destination: 'urn:epc:id:sgln:4012345.00012.0' },
      ],
    },
    hash: 'ni:///sha-256;ef43acf0e69951f79739f603f714893784648a41bac3f58035b5830a978a2631?ver=CBV2.0',
  },
  {
    source: `${various} #3 (ObjectEvent, inspecting, disposition)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T15:45:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:4012345.0111111111'],
      action: 'OBSERVE',
      bizStep: 'inspecting',
      disposition: 'in_progress',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00024.0' },
    },
    hash: 'ni:///sha-256;c50842eb714406394a77fb7b517fea621c78a61f65549874de7c9e019afe7b6f?ver=CBV2.0',
  },
  {
    source: `${various} #4 (ObjectEvent, commissioning a quantity with ILMD)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2019-10-21T14:58:56.000+02:00',
      eventTimeZoneOffset: '+02:00',
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:4054739.099914.20160711', quantity: 600, uom: 'KGM' }],
      action: 'ADD',
      bizStep: 'commissioning',
      readPoint: { id: 'urn:epc:id:sgln:4054739.00001.0' },
      ilmd: { 'cbvmda:bestBeforeDate': '2019-10-21' },
    },
    hash: 'ni:///sha-256;5f396ea5cb32fe4d0980cb79f5a5eb9640559e9f5a6cefa5c98a7d6ad554b50b?ver=CBV2.0',
    prehash:
      'eventType=ObjectEventeventTime=2019-10-21T12:58:56.000ZeventTimeZoneOffset=+02:00quantityListquantityElementepcClass=https://id.gs1.org/01/04054739999148/10/20160711quantity=600uom=KGMaction=ADDbizStep=https://ref.gs1.org/cbv/BizStep-commissioningreadPointid=https://id.gs1.org/414/4054739000011ilmd{urn:epcglobal:cbv:mda:}bestBeforeDate=2019-10-21',
  },
  {
    source: `${various} #5 (AggregationEvent, packing items into a pallet)`,
    event: {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T11:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4047023.0111111122',
      childEPCs: [
        'urn:epc:id:sgtin:4047023.077551.98',
        'urn:epc:id:sgtin:4047023.077551.97',
        'urn:epc:id:sgtin:4047023.077551.107',
        'urn:epc:id:sgtin:4047023.077551.109',
      ],
      action: 'ADD',
      bizStep: 'packing',
      readPoint: { id: 'urn:epc:id:sgln:4047023.00012.0' },
    },
    hash: 'ni:///sha-256;c941e6486c561c2be83c28dc228c150eaef9a6befb1015e6cc563982fb7414b6?ver=CBV2.0',
  },
  {
    source: `${various} #6 (AggregationEvent, child quantities)`,
    event: {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T17:30:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4012344.0111111133',
      childQuantityList: [
        { epcClass: 'urn:epc:class:lgtin:4054739.099902.P2', quantity: 12, uom: 'KGM' },
        { epcClass: 'urn:epc:class:lgtin:4054739.012345.lot2', quantity: 17 },
      ],
      action: 'ADD',
      bizStep: 'packing',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00025.0' },
    },
    hash: 'ni:///sha-256;cfda50b7ff23682e989bafc3747ac9b752f405305fcde6618280f6be27344f35?ver=CBV2.0',
    prehash:
      'eventType=AggregationEventeventTime=2019-10-21T15:30:56.591ZeventTimeZoneOffset=+02:00parentID=https://id.gs1.org/00/040123441111111333childQuantityListquantityElementepcClass=https://id.gs1.org/01/04054739123451/10/lot2quantity=17quantityElementepcClass=https://id.gs1.org/01/04054739999025/10/P2quantity=12uom=KGMaction=ADDbizStep=https://ref.gs1.org/cbv/BizStep-packingreadPointid=https://id.gs1.org/414/4012345000252',
  },
  {
    source: `${various} #7 (AggregationEvent, DELETE without children)`,
    event: {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T11:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4012344.0111111144',
      action: 'DELETE',
      bizStep: 'unpacking',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00025.0' },
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:RE1099' }],
    },
    hash: 'ni:///sha-256;c4bdb87c8d59d6ab569d0cfc6583e9dd4c314cdf71799b0ef8d4febe5239d9c5?ver=CBV2.0',
  },
  {
    source: `${various} #8 (AggregationEvent, SSCC children)`,
    event: {
      type: 'AggregationEvent',
      eventTime: '2019-10-21T14:02:56.000+02:00',
      eventTimeZoneOffset: '+02:00',
      parentID: 'urn:epc:id:sscc:4012344.0998811122',
      childEPCs: [
        'urn:epc:id:sscc:4012344.0998811123',
        'urn:epc:id:sscc:4012344.0998811124',
        'urn:epc:id:sscc:4012344.0998811125',
      ],
      action: 'DELETE',
      bizStep: 'unpacking',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00077.0' },
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:4711' }],
    },
    hash: 'ni:///sha-256;a62b9f9e429fcba628ea47d073542ca67e9fbe4688df2c649b8cd13b8519b91f?ver=CBV2.0',
  },
  {
    source: `${various} #9 (TransactionEvent, bizLocation, time without milliseconds)`,
    event: {
      type: 'TransactionEvent',
      eventTime: '2019-10-21T00:05:00-06:00',
      eventTimeZoneOffset: '-06:00',
      epcList: ['urn:epc:id:sgtin:0614141.107340.1', 'urn:epc:id:sgtin:0614141.107340.2'],
      action: 'ADD',
      bizStep: 'shipping',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00000.5' },
      bizLocation: { id: 'urn:epc:id:sgln:4012345.00000.0' },
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:RE100099' }],
    },
    hash: 'ni:///sha-256;cf6559dc931963f19ed9cd2fe33c02ef64c8cfd557e5a96b086a87db315b7122?ver=CBV2.0',
  },
  {
    source: `${various} #10 (TransactionEvent, quantity)`,
    event: {
      type: 'TransactionEvent',
      eventTime: '2019-10-21T14:58:56.591+02:00',
      eventTimeZoneOffset: '+02:00',
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.099988.2014-02-10', quantity: 2030, uom: 'KGM' }],
      action: 'ADD',
      bizStep: 'holding',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00025.0' },
      bizLocation: { id: 'urn:epc:id:sgln:4012345.00002.0' },
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345123456:RE1099' }],
    },
    hash: 'ni:///sha-256;b741a543ea0b2a4c4bdb3441c7dc196b41710e5b2c9870b211fac8d6d4c93427?ver=CBV2.0',
  },
  {
    source: `${shipping} #1 (shipping with desadv, source and destination)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2022-02-16T12:50:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:4012345.1112223334'],
      action: 'OBSERVE',
      bizStep: 'departing',
      readPoint: { id: 'urn:epc:id:sgln:4012345.00022.0' },
      bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:4012345000009:ASN1099' }],
      sourceList: [{ type: 'possessing_party', source: 'urn:epc:id:pgln:4012345.00000' }],
      destinationList: [{ type: 'possessing_party', destination: 'urn:epc:id:pgln:4023333.00000' }],
    },
    hash: 'ni:///sha-256;2919bf0587534fef0e25eea97b5dda68f345e6bbf2c6b4cb27b2a52e0039272b?ver=CBV2.0',
  },
  {
    source: `${shipping} #2 (geo read point)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2022-02-16T16:50:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:4012345.1112223334'],
      action: 'OBSERVE',
      bizStep: 'transporting',
      readPoint: { id: 'geo:47.506694,11.104301' },
    },
    hash: 'ni:///sha-256;1d2ec4174d8f0b5988a44795b31a636e8bc7f88ebc4bdc0d35c14f215a842e80?ver=CBV2.0',
  },
  {
    source: `${roundOff} #1 (sub-millisecond time rounded up, custom Digital Link domain)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2023-02-02T11:04:03.1415Z',
      eventTimeZoneOffset: '+01:00',
      epcList: ['https://id.gs1.de/00/040123451111111110'],
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: 'in_transit',
      readPoint: { id: 'https://id.gs1.de/414/4012345000115' },
    },
    hash: 'ni:///sha-256;af7658e711574363633f20b3dadc7bc4c13c6f612cf96d95e03c421c0e58f3c6?ver=CBV2.0',
  },
  {
    source: `${roundOff} #2 (sub-millisecond time rounded down)`,
    event: {
      type: 'ObjectEvent',
      eventTime: '2023-02-02T11:04:03.1414Z',
      eventTimeZoneOffset: '+01:00',
      epcList: ['https://id.gs1.de/00/040123451111111110'],
      action: 'OBSERVE',
      bizStep: 'transporting',
      readPoint: { id: 'geo:50.947573340894124,6.922120147375441' },
    },
    hash: 'ni:///sha-256;0550df44527332c1fe417c5837fe61b9e71eaa93307b88519dac549bf2d4dcf9?ver=CBV2.0',
  },
];

describe('CBV 2.0 event hash: the reference implementation’s published vectors', () => {
  it.each(vectors.map((v) => [v.source, v] as const))('%s', (_name, v) => {
    if (v.prehash) expect(preHashString(v.event)).toBe(v.prehash);
    expect(eventHashId(v.event)).toBe(v.hash);
  });

  it('the hash is the SHA-256 of the pre-hash string, as an ni URI of version CBV2.0', () => {
    const e = vectors[0]?.event as EpcisEvent;
    const hex = createHash('sha256').update(preHashString(e), 'utf8').digest('hex');
    expect(eventSha256(e)).toBe(hex);
    expect(eventHashId(e)).toBe(`ni:///sha-256;${hex}?ver=CBV2.0`);
  });
});

/** A shipping event as the platform writes it (docs/traceability.md). */
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
  bizLocation: { id: URN.region('320102') },
  bizTransactionList: [{ type: 'desadv', bizTransaction: URN.shipment('FH20240501001') }],
  sourceList: [{ type: 'owning_party', source: URN.org(1) }],
  destinationList: [
    { type: 'owning_party', destination: URN.project(5) },
    { type: 'location', destination: URN.region('320104') },
  ],
  ilmd: { 'jcbb:batchNo': 'B0012', 'cbvmda:itemExpirationDate': '2026-05-01' },
};

describe('CBV 2.0 event hash: properties on the platform’s own events', () => {
  it('writes our URNs as they are, the CBV words as URIs, the time in UTC, in the canonical order', () => {
    expect(preHashString(ours)).toBe(
      [
        'eventType=ObjectEvent',
        'eventTime=2024-05-01T02:00:00.000Z',
        'eventTimeZoneOffset=+08:00',
        'epcListepc=urn:jcbb:code:AAAAAAAAAAAAAAAAAAAAepc=urn:jcbb:code:AAAAAAAAAAAAAAAAAAAB',
        'quantityListquantityElementepcClass=urn:jcbb:lot:3quantity=40quantityElementepcClass=urn:jcbb:lot:9quantity=12.5uom=TNE',
        'action=OBSERVE',
        'bizStep=https://ref.gs1.org/cbv/BizStep-shipping',
        'disposition=https://ref.gs1.org/cbv/Disp-in_transit',
        'readPointid=urn:jcbb:region:320102',
        'bizLocationid=urn:jcbb:region:320102',
        'bizTransactionListtype=https://ref.gs1.org/cbv/BTT-desadvbizTransaction=urn:jcbb:shipment:FH20240501001',
        'sourceListtype=https://ref.gs1.org/cbv/SDT-owning_partysource=urn:jcbb:org:1',
        'destinationListtype=https://ref.gs1.org/cbv/SDT-locationdestination=urn:jcbb:region:320104type=https://ref.gs1.org/cbv/SDT-owning_partydestination=urn:jcbb:project:5',
        'ilmd{urn:epcglobal:cbv:mda:}itemExpirationDate=2026-05-01{urn:jcbb:}batchNo=B0012',
      ].join(''),
    );
  });

  it('does not depend on the order of lists or of the JSON fields', () => {
    const shuffled: EpcisEvent = {
      ilmd: { 'cbvmda:itemExpirationDate': '2026-05-01', 'jcbb:batchNo': 'B0012' },
      destinationList: [...(ours.destinationList ?? [])].reverse(),
      sourceList: ours.sourceList ?? [],
      bizTransactionList: ours.bizTransactionList ?? [],
      bizLocation: { id: URN.region('320102') },
      readPoint: { id: URN.region('320102') },
      quantityList: [...(ours.quantityList ?? [])].reverse(),
      epcList: [...(ours.epcList ?? [])].reverse(),
      disposition: 'in_transit',
      bizStep: 'shipping',
      action: 'OBSERVE',
      eventTimeZoneOffset: '+08:00',
      eventTime: '2024-05-01T10:00:00+08:00',
      type: 'ObjectEvent',
    };
    expect(eventHashId(shuffled)).toBe(eventHashId(ours));
  });

  it('treats the same instant in another notation, a bare word or its URI, 40 or 40.000 the same', () => {
    const same: EpcisEvent = {
      ...ours,
      eventTime: '2024-05-01T02:00:00.000Z',
      bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
      disposition: 'urn:epcglobal:cbv:disp:in_transit',
      quantityList: [
        { epcClass: URN.lot(9), quantity: 12.5, uom: 'TNE' },
        { epcClass: URN.lot(3), quantity: 40.0 },
      ],
    };
    expect(eventHashId(same)).toBe(eventHashId(ours));
  });

  it('changes with any field that changes', () => {
    const base = eventHashId(ours);
    const variants: EpcisEvent[] = [
      { ...ours, eventTime: '2024-05-01T10:00:00.001+08:00' },
      { ...ours, epcList: [URN.code('AAAAAAAAAAAAAAAAAAAA')] },
      { ...ours, disposition: undefined },
      { ...ours, bizStep: 'receiving' },
      { ...ours, readPoint: { id: URN.region('320104') } },
      { ...ours, destinationList: [{ type: 'owning_party', destination: URN.project(6) }] },
      { ...ours, quantityList: [{ epcClass: URN.lot(3), quantity: 41 }] },
      { ...ours, ilmd: { 'jcbb:batchNo': 'B0013' } },
    ];
    for (const v of variants) expect(eventHashId(v)).not.toBe(base);
  });
});

describe('CBV 2.0 canonical values', () => {
  it('times: UTC, milliseconds, rounded half to even on the microsecond', () => {
    expect(canonicalTime('2024-05-01T10:00:00+08:00')).toBe('2024-05-01T02:00:00.000Z');
    expect(canonicalTime('2005-04-03T20:33:31.116000-06:00')).toBe('2005-04-04T02:33:31.116Z');
    expect(canonicalTime('2023-02-02T11:04:03.1415Z')).toBe('2023-02-02T11:04:03.142Z');
    expect(canonicalTime('2023-02-02T11:04:03.1425Z')).toBe('2023-02-02T11:04:03.142Z');
    expect(canonicalTime('2023-12-31T23:59:59.9996Z')).toBe('2024-01-01T00:00:00.000Z');
  });

  it('numbers: no trailing zeros, no plus sign; other text untouched', () => {
    expect(canonicalNumber('1.0')).toBe('1');
    expect(canonicalNumber('0.34340')).toBe('0.3434');
    expect(canonicalNumber('+5')).toBe('5');
    expect(canonicalNumber('B0012')).toBe('B0012');
    expect(canonicalNumber('2026-05-01')).toBe('2026-05-01');
  });

  it('EPC URIs and Digital Link URIs become constrained canonical Digital Link URIs', () => {
    expect(digitalLink('urn:epc:id:sgtin:0614141.107346.2017')).toBe('https://id.gs1.org/01/10614141073464/21/2017');
    expect(digitalLink('urn:epc:id:sscc:0614141.1234567890')).toBe('https://id.gs1.org/00/106141412345678908');
    expect(digitalLink('urn:epc:id:sgln:0037000.00729.8202')).toBe('https://id.gs1.org/414/0037000007296/254/8202');
    expect(digitalLink('urn:epc:id:gdti:4012345.55555.1234')).toBe('https://id.gs1.org/253/40123455555541234');
    expect(digitalLink('https://example.com/01/09520123456788/10/ABC/21/12345?linkType=all')).toBe(
      'https://id.gs1.org/01/09520123456788/21/12345',
    );
    expect(digitalLink(URN.code('AAAAAAAAAAAAAAAAAAAA'))).toBeNull();
    expect(digitalLink('https://example.com/user/vocab/bizstep/exampling')).toBeNull();
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
    expect(doc['@context'][0]).toBe('https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld');
  });
});
