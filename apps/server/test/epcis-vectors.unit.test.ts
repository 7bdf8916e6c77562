import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentEventHashes, eventHash } from '@jcbb/contract/epcis';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

/*
 * The CBV 2.0 event hash (packages/contract/src/epcis.ts) against the reference implementation's own output on
 * documents kept in test/fixtures/epcis (README.md there: the tool, its commit, the command that regenerates the
 * .hashes and .prehashes files beside each document). The documents of the platform's shapes also validate against
 * GS1's EPCIS 2.0 JSON schema (copied into fixtures/epcis/gs1-schema with its licence and commit).
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures/epcis');
const read = (...parts: string[]) => readFileSync(path.join(FIXTURES, ...parts), 'utf8');
const lines = (text: string) => text.replace(/\n$/, '').split('\n');

interface Fixture {
  group: string;
  name: string;
  doc: Record<string, unknown>;
  /** The reference tool's output on the document (its -b -p files). */
  toolHashes: string[];
  toolPreHashes: string[];
}

function fixtures(group: string): Fixture[] {
  return readdirSync(path.join(FIXTURES, group))
    .filter((f) => f.endsWith('.jsonld'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.jsonld$/, '');
      return {
        group,
        name,
        doc: JSON.parse(read(group, file)) as Record<string, unknown>,
        toolHashes: lines(read(group, `${name}.hashes`)),
        toolPreHashes: lines(read(group, `${name}.prehashes`)),
      };
    });
}

const eventsOf = (doc: Record<string, unknown>) =>
  (doc.epcisBody as { eventList: Record<string, unknown>[] }).eventList;

const platform = fixtures('platform');
const quirks = fixtures('quirks');
const upstream = fixtures('upstream');

describe('event hash ids as the reference tool computes them', () => {
  it('found the fixture documents', () => {
    expect(platform.map((f) => f.name)).toEqual(['issue-example', 'lot-codes', 'movements']);
    expect(quirks.map((f) => f.name)).toEqual(['quirks']);
    expect(upstream).toHaveLength(3);
  });

  it.each([...platform, ...quirks, ...upstream].map((f) => [`${f.group}/${f.name}`, f] as const))(
    '%s: every event, read as a document',
    (_name, f) => {
      const ours = documentEventHashes(f.doc);
      expect(ours.map((h) => h.preHash)).toEqual(f.toolPreHashes);
      expect(ours.map((h) => h.id)).toEqual(f.toolHashes);
    },
  );

  it.each([...platform, ...upstream].map((f) => [`${f.group}/${f.name}`, f] as const))(
    '%s: every event on its own, as a verifier holding one event computes it',
    (_name, f) => {
      const ours = eventsOf(f.doc).map((e) => eventHash(e, { context: f.doc['@context'] }).id);
      expect(ours).toEqual(f.toolHashes);
    },
  );

  it('an event of the platform hashes the same with the default context (the one epcisDocument writes)', () => {
    for (const f of platform) expect(eventsOf(f.doc).map((e) => eventHash(e).id)).toEqual(f.toolHashes);
  });

  it('quirks: a CBV word in an extension value takes the URI of the same word anywhere in the document', () => {
    const [doc] = quirks;
    if (!doc) throw new Error('no quirks fixture');
    const second = eventsOf(doc.doc)[1] as Record<string, unknown>;
    // The tool finds `shipping` as the first event's bizStep; the event alone has no such term.
    expect(doc.toolPreHashes[1]).toContain('{urn:jcbb:}reason=https://ref.gs1.org/cbv/BizStep-shipping');
    expect(eventHash(second).preHash).toContain('{urn:jcbb:}reason=shipping');
    // The first event alone sees its own terms, as the document does.
    expect(eventHash(eventsOf(doc.doc)[0] as Record<string, unknown>).id).toBe(doc.toolHashes[0]);
  });
});

describe('the published vectors (RalphTro/epcis-event-hash-generator, tests/examples/expected/CBV2.0)', () => {
  /*
   * Held as published (fixtures/epcis/upstream/published: the files as the upstream repository publishes them). They
   * come from a later version of the tool than the one we follow (commit in fixtures/epcis/README.md), which writes
   * sourceList before destinationList and sensor fields differently: those four events we cannot match, and do not.
   */
  const notMatched: Record<string, number[]> = {
    epcisDocWithVariousEventTypes: [1, 2], // sourceList and destinationList both present
    epcisDocWithShippingAndTransportingEvent: [1], // sourceList and destinationList both present
    TimeStampRoundOff: [3], // sensorElementList (also `https://ref.gs1.org/voc/` for gs1 sensor terms)
  };

  it.each(upstream.map((f) => [f.name, f] as const))('%s', (name, f) => {
    const published = lines(read('upstream', 'published', `${name}.hashes`));
    const publishedPre = lines(read('upstream', 'published', `${name}.prehashes`));
    const ours = documentEventHashes(f.doc);
    expect(ours).toHaveLength(published.length);
    ours.forEach((h, i) => {
      if (notMatched[name]?.includes(i + 1)) {
        expect(h.id).not.toBe(published[i]);
        expect(h.id).toBe(f.toolHashes[i]);
      } else {
        expect(h.id).toBe(published[i]);
        expect(h.preHash).toBe(publishedPre[i]);
      }
    });
  });

  it('the unmatched events differ from the published pre-hash strings only in the order of the lists', () => {
    const f = upstream.find((x) => x.name === 'epcisDocWithShippingAndTransportingEvent');
    if (!f) throw new Error('no fixture');
    const published = lines(read('upstream', 'published', `${f.name}.prehashes`))[0] as string;
    const ours = documentEventHashes(f.doc)[0]?.preHash as string;
    const lists = /^(.*?)(sourceList.*?)(destinationList.*)$/.exec(published);
    expect(lists).not.toBeNull();
    const [, head, source, destination] = lists as unknown as [string, string, string, string];
    expect(ours).toBe(head + destination + source);
  });
});

describe('GS1 EPCIS 2.0 JSON schema', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(read('gs1-schema', 'EPCIS-JSON-Schema.json')) as object);

  it.each(platform.map((f) => [f.name, f] as const))('the platform document %s is valid', (_name, f) => {
    const valid = validate(f.doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('refuses an event with an unprefixed key (which the hash covers, as the tool does)', () => {
    const f = platform.find((x) => x.name === 'movements');
    const doc = structuredClone(f?.doc) as Record<string, unknown>;
    (eventsOf(doc)[0] as Record<string, unknown>).note = 'x';
    expect(validate(doc)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ keyword: 'propertyNames', params: { propertyName: 'note' } }),
    );
    // The quirks document, which has one (and codes that are no URIs), is refused too.
    expect(validate(quirks[0]?.doc)).toBe(false);
  });
});
