import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  canonicalNumber,
  canonicalTime,
  compareCodePoints,
  digitalLink,
  documentEventHashes,
  type EpcisEvent,
  EventHashError,
  eventHash,
  eventHashId,
  eventSha256,
  preHashString,
} from './epcis.ts';

/*
 * The CBV 2.0 event hash as GS1's reference implementation computes it (RalphTro/epcis-event-hash-generator, MIT,
 * commit 5d2f1c389a1599af40fe1b530b62e0ca59ab818f; docs/traceability.md, "Event hash ids: which rules we follow").
 *
 * 1. The published vectors: the events of tests/examples/documents/<file> (written here as their JSON-LD, unchanged)
 *    with the hash ids of tests/examples/expected/CBV2.0/<file>.hashes and, for some, the pre-hash strings of the
 *    .prehashes file — as published. The published files come from a later version of the tool than the one we
 *    follow: for the three events that have both a sourceList and a destinationList, the published value has
 *    sourceList first (the written standard's order) while the tool at our commit writes destinationList first
 *    (it sorts both lists among the fields outside its canonical order). Those three keep the published value and
 *    the tool's value (`reference`), and the test checks we compute the tool's. The documents themselves, the
 *    tool's output on them and the published files are in apps/server/test/fixtures/epcis (checked there too).
 * 2. The platform's own shapes, against the tool's output (the example in the issue; the full fixture documents
 *    and their tool output are checked in apps/server/test/epcis-vectors.unit.test.ts).
 */

const SOURCE_DESTINATION =
  'the tool at our commit writes destinationList before sourceList; the published file (a later tool) the reverse';

interface Vector {
  source: string;
  event: Record<string, unknown>;
  /** As published upstream. */
  hash: string;
  prehash?: string;
  /** What the reference tool at our commit computes, where it differs from the published value, and why. */
  reference?: { hash: string; why: string };
}

const various = 'epcisDocWithVariousEventTypes.jsonld';
const shipping = 'epcisDocWithShippingAndTransportingEvent.jsonld';
const roundOff = 'TimeStampRoundOff.jsonld';

/** The upstream documents' @context prefixes (epcisDocWithVariousEventTypes defines cbvmda inline). */
const variousContext = [
  'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
  { example: 'https://ns.example.com/epcis/' },
  { cbvmda: 'urn:epcglobal:cbv:mda:' },
];

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
    reference: {
      hash: 'ni:///sha-256;25be54b3d29f31ef9b4e62d62e7610f5d186369ba6eabb5e70ba9884153792a7?ver=CBV2.0',
      why: SOURCE_DESTINATION,
    },
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
    reference: {
      hash: 'ni:///sha-256;b28bf72f1bb227fbf583c8e062dc6c52689849a5f6ea4fa290eaede62f345eab?ver=CBV2.0',
      why: SOURCE_DESTINATION,
    },
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
    reference: {
      hash: 'ni:///sha-256;7a82a68b0f9c78bebb1c729d950edbf1fd40c56f3351906020d2d67d5dffbc72?ver=CBV2.0',
      why: SOURCE_DESTINATION,
    },
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

describe('CBV 2.0 event hash: the published vectors', () => {
  it.each(vectors.map((v) => [v.source, v] as const))('%s', (_name, v) => {
    const ours = eventHash(v.event, { context: variousContext });
    if (v.reference) {
      // Held as published; we follow the tool, which differs here (see the file comment).
      expect(ours.id, v.reference.why).not.toBe(v.hash);
      expect(ours.id).toBe(v.reference.hash);
      if (v.prehash) {
        const m = /^(.*?)(sourceList.*?)(destinationList.*)$/.exec(v.prehash);
        expect(m).not.toBeNull();
        const [, head, source, destination] = m as unknown as [string, string, string, string];
        expect(ours.preHash).toBe(head + destination + source);
      }
      return;
    }
    if (v.prehash) expect(ours.preHash).toBe(v.prehash);
    expect(ours.id).toBe(v.hash);
  });

  it('the hash is the SHA-256 of the pre-hash string, as an ni URI of version CBV2.0', () => {
    const e = vectors[2]?.event as Record<string, unknown>;
    const hex = bytesToHex(sha256(utf8ToBytes(preHashString(e))));
    expect(eventSha256(e)).toBe(hex);
    expect(eventHashId(e)).toBe(`ni:///sha-256;${hex}?ver=CBV2.0`);
    expect(eventHash(e)).toEqual({ preHash: preHashString(e), sha256: hex, id: `ni:///sha-256;${hex}?ver=CBV2.0` });
  });
});

/** The example of the issue: a shipping event with a nested extension, as the reference tool hashed it (fixtures: issue-example.jsonld). */
const issueExample = {
  type: 'ObjectEvent',
  eventTime: '2026-11-03T09:30:00+08:00',
  eventTimeZoneOffset: '+08:00',
  epcList: ['urn:jcbb:code:BBBB', 'urn:jcbb:code:AAAA'],
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  readPoint: { id: 'urn:jcbb:region:320115' },
  bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:jcbb:shipment:FH202611030001' }],
  sourceList: [{ type: 'owning_party', source: 'urn:jcbb:org:2' }],
  destinationList: [
    { type: 'owning_party', destination: 'urn:jcbb:org:3' },
    { type: 'location', destination: 'urn:jcbb:region:320102' },
  ],
  'jcbb:quantity': { 'jcbb:epcClass': 'urn:jcbb:lot:1', 'jcbb:value': '600', 'jcbb:uom': 'MTK' },
  'jcbb:sourceName': '南京绿筑新型建材有限公司',
};
const issueExamplePreHash =
  'eventType=ObjectEventeventTime=2026-11-03T01:30:00.000ZeventTimeZoneOffset=+08:00epcListepc=urn:jcbb:code:AAAAepc=urn:jcbb:code:BBBBaction=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-shippingdisposition=https://ref.gs1.org/cbv/Disp-in_transitreadPointid=urn:jcbb:region:320115bizTransactionListtype=https://ref.gs1.org/cbv/BTT-desadvbizTransaction=urn:jcbb:shipment:FH202611030001destinationListtype=https://ref.gs1.org/cbv/SDT-locationdestination=urn:jcbb:region:320102type=https://ref.gs1.org/cbv/SDT-owning_partydestination=urn:jcbb:org:3sourceListtype=https://ref.gs1.org/cbv/SDT-owning_partysource=urn:jcbb:org:2{urn:jcbb:}quantity{urn:jcbb:}epcClass=urn:jcbb:lot:1{urn:jcbb:}uom=MTK{urn:jcbb:}value=600{urn:jcbb:}sourceName=南京绿筑新型建材有限公司';

/** A commissioning event with the platform's ILMD, as the reference tool hashed it (fixtures: lot-codes.jsonld #3). */
const commissioning: EpcisEvent = {
  type: 'ObjectEvent',
  eventTime: '2026-11-02T03:00:00.000Z',
  eventTimeZoneOffset: '+08:00',
  action: 'ADD',
  bizStep: 'commissioning',
  disposition: 'active',
  epcList: ['urn:jcbb:code:0000000000000000000A'],
  ilmd: {
    'cbvmda:lotNumber': '0012',
    'jcbb:productionDate': '2026-11-02',
    'jcbb:unitsPerCode': '1.0',
    'jcbb:productName': '透水砖',
    'jcbb:specName': '200×100×60',
    'jcbb:unitName': '块',
    'jcbb:makerName': '宜兴市绿色陶瓷厂',
  },
};

describe('CBV 2.0 event hash: the platform’s shapes, as the reference tool computes them', () => {
  it('the issue’s example: lists outside the order sorted by name, extensions as {urn:jcbb:}name=value', () => {
    expect(preHashString(issueExample)).toBe(issueExamplePreHash);
    expect(eventHashId(issueExample)).toBe(
      'ni:///sha-256;2c4742b790d950334742b208a566dfaf6b11281ac57232e682e5dc8052dbbd28?ver=CBV2.0',
    );
  });

  it('ILMD: cbvmda keys unexpanded, jcbb keys expanded, numbers without trailing or leading zeros', () => {
    expect(preHashString(commissioning)).toBe(
      'eventType=ObjectEventeventTime=2026-11-02T03:00:00.000ZeventTimeZoneOffset=+08:00epcListepc=urn:jcbb:code:0000000000000000000Aaction=ADDbizStep=https://ref.gs1.org/cbv/BizStep-commissioningdisposition=https://ref.gs1.org/cbv/Disp-activeilmdcbvmda:lotNumber=12{urn:jcbb:}makerName=宜兴市绿色陶瓷厂{urn:jcbb:}productName=透水砖{urn:jcbb:}productionDate=2026-11-02{urn:jcbb:}specName=200×100×60{urn:jcbb:}unitName=块{urn:jcbb:}unitsPerCode=1',
    );
    expect(eventHashId(commissioning)).toBe(
      'ni:///sha-256;5040958f5317b453d9bc3182971b900cfd648744c065d77eb2d284c5ce226e37?ver=CBV2.0',
    );
  });

  it('does not depend on the order of lists or of the fields of the event', () => {
    const shuffled = Object.fromEntries(
      Object.entries(issueExample)
        .reverse()
        .map(([k, v]) => [k, Array.isArray(v) ? [...v].reverse() : v]),
    );
    expect(eventHashId(shuffled)).toBe(eventHashId(issueExample));
  });

  it('does depend on the order of type and value inside a bizTransaction, source or destination (as the tool)', () => {
    const swapped = { ...issueExample, sourceList: [{ source: 'urn:jcbb:org:2', type: 'owning_party' }] };
    expect(preHashString(swapped)).toContain('sourceListsource=urn:jcbb:org:2type=https://ref.gs1.org/cbv/SDT-');
    expect(eventHashId(swapped)).not.toBe(eventHashId(issueExample));
  });

  it('changes with any field that changes, extensions and ILMD included', () => {
    const base = eventHashId(issueExample);
    const variants: Record<string, unknown>[] = [
      { ...issueExample, eventTime: '2026-11-03T09:30:00.001+08:00' },
      { ...issueExample, epcList: ['urn:jcbb:code:AAAA'] },
      { ...issueExample, disposition: undefined },
      { ...issueExample, bizStep: 'receiving' },
      { ...issueExample, readPoint: { id: 'urn:jcbb:region:320104' } },
      { ...issueExample, destinationList: [{ type: 'owning_party', destination: 'urn:jcbb:project:6' }] },
      { ...issueExample, 'jcbb:sourceName': '南京绿筑新型建材有限公司 ' + '（二）' },
      { ...issueExample, 'jcbb:quantity': { 'jcbb:epcClass': 'urn:jcbb:lot:1', 'jcbb:value': '601' } },
      { ...issueExample, ilmd: { 'jcbb:batchNo': 'B0013' } },
    ];
    for (const v of variants) expect(eventHashId(v)).not.toBe(base);
  });

  it('covers an unprefixed key, as the tool does (a JSON-LD processor would drop it; GS1’s schema refuses it)', () => {
    const withBareKey = { ...issueExample, note: 'x' };
    expect(preHashString(withBareKey)).toContain(
      'destination=urn:jcbb:region:320102type=https://ref.gs1.org/cbv/SDT-owning_partydestination=urn:jcbb:org:3note=xsourceList',
    );
    expect(eventHashId(withBareKey)).not.toBe(eventHashId(issueExample));
  });

  it('a bare CBV word in an extension value becomes the URI the event uses it for', () => {
    const reason = { ...issueExample, 'jcbb:reason': 'in_transit' };
    expect(preHashString(reason)).toContain('{urn:jcbb:}reason=https://ref.gs1.org/cbv/Disp-in_transit');
    // With a whole document, the tool looks in all its events: documentEventHashes does the same.
    const doc = {
      '@context': variousContext.slice(0, 1).concat([{ jcbb: 'urn:jcbb:' }] as never),
      epcisBody: { eventList: [issueExample, { ...commissioning, 'jcbb:reason': 'shipping' }] },
    };
    expect(documentEventHashes(doc)[1]?.preHash).toContain(
      '{urn:jcbb:}reason=https://ref.gs1.org/cbv/BizStep-shipping',
    );
    expect(preHashString({ ...commissioning, 'jcbb:reason': 'shipping' })).toContain('{urn:jcbb:}reason=shipping');
  });

  it('sorts by code point (UTF-8 byte order), not by UTF-16 unit', () => {
    const e = { ...commissioning, epcList: ['urn:jcbb:code:𠀀', 'urn:jcbb:code:Ａ', 'urn:jcbb:code:Z'] };
    expect(preHashString(e)).toContain('epcListepc=urn:jcbb:code:Zepc=urn:jcbb:code:Ａepc=urn:jcbb:code:𠀀action=');
    expect(compareCodePoints('Ａ', '𠀀')).toBeLessThan(0);
    expect(compareCodePoints('𠀀', 'Ａ')).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });

  it('fails where the tool fails (it skips the event): a bizTransaction without a type, an infinite number', () => {
    expect(() => preHashString({ ...issueExample, bizTransactionList: [{ bizTransaction: 'x' }] })).toThrow(
      EventHashError,
    );
    expect(() => preHashString({ ...issueExample, 'jcbb:x': 'inf' })).toThrow(EventHashError);
    expect(() => preHashString({ ...issueExample, eventTime: '2026-11-03T09:30:59.9996+08:00' })).toThrow(
      EventHashError,
    );
  });
});

describe('CBV 2.0 canonical values', () => {
  it('times: UTC, milliseconds, rounded half to even on the microsecond', () => {
    expect(canonicalTime('2024-05-01T10:00:00+08:00')).toBe('2024-05-01T02:00:00.000Z');
    expect(canonicalTime('2005-04-03T20:33:31.116000-06:00')).toBe('2005-04-04T02:33:31.116Z');
    expect(canonicalTime('2023-02-02T11:04:03.1415Z')).toBe('2023-02-02T11:04:03.142Z');
    expect(canonicalTime('2023-02-02T11:04:03.1425Z')).toBe('2023-02-02T11:04:03.142Z');
    expect(canonicalTime('2026-11-04T06:45:12.3455Z')).toBe('2026-11-04T06:45:12.346Z');
    expect(canonicalTime('not a time')).toBe('not a time');
  });

  it('numbers: what Python’s float() reads, without trailing zeros; other text untouched', () => {
    expect(canonicalNumber('1.0')).toBe('1');
    expect(canonicalNumber('0.34340')).toBe('0.3434');
    expect(canonicalNumber('+5')).toBe('5');
    expect(canonicalNumber('0120')).toBe('120');
    expect(canonicalNumber('1_000')).toBe('1000');
    expect(canonicalNumber('１２０')).toBe('120');
    expect(canonicalNumber('0.00001')).toBe('1e-05');
    expect(canonicalNumber('1.5e-7')).toBe('1.5e-07');
    expect(canonicalNumber('1E3')).toBe('1000');
    expect(canonicalNumber('12345678901234567890')).toBe('12345678901234567168');
    expect(canonicalNumber('nan')).toBe('nan');
    expect(canonicalNumber('B0012')).toBe('B0012');
    expect(canonicalNumber('2026-05-01')).toBe('2026-05-01');
    expect(canonicalNumber('0x10')).toBe('0x10');
  });

  it('EPC URIs and Digital Link URIs become constrained canonical Digital Link URIs', () => {
    expect(digitalLink('urn:epc:id:sgtin:0614141.107346.2017')).toBe('https://id.gs1.org/01/10614141073464/21/2017');
    expect(digitalLink('urn:epc:id:sscc:0614141.1234567890')).toBe('https://id.gs1.org/00/106141412345678908');
    expect(digitalLink('urn:epc:id:sgln:0037000.00729.8202')).toBe('https://id.gs1.org/414/0037000007296/254/8202');
    expect(digitalLink('urn:epc:id:gdti:4012345.55555.1234')).toBe('https://id.gs1.org/253/40123455555541234');
    expect(digitalLink('https://example.com/01/09520123456788/10/ABC/21/12345?linkType=all')).toBe(
      'https://id.gs1.org/01/09520123456788/21/12345',
    );
    expect(digitalLink('urn:jcbb:code:AAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(digitalLink('https://example.com/user/vocab/bizstep/exampling')).toBeNull();
  });
});
