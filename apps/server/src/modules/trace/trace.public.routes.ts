import { traceEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { defineRoute } from '../../lib/route.ts';
import type { DeliveryLetters } from './trace.letters.ts';
import { createTracePublicService } from './trace.public.service.ts';
import { createScanGate } from './trace.scans.ts';

const tags = ['追溯（公开） Traceability (public scan page)'];

/** The public scan page's calls: signed like every /open/ call, no session (docs/traceability.md). */
export function registerTracePublicRoutes(
  app: FastifyInstance,
  deps: { db: Db; kv: KvStore; addressKey: AddressKey; letters?: DeliveryLetters },
) {
  const service = createTracePublicService({
    db: deps.db,
    scans: createScanGate(deps.kv, deps.addressKey),
    letters: deps.letters,
  });

  defineRoute(app, api.publicTrace, {
    summary: '扫码查询 What a trace code stands for, where it went and whether it is genuine',
    description:
      'Product, maker, lot; the certificate as of today and its state; listing state per city; `proof`: the EPCIS ' +
      'events of the code (custody, quantities, transport carbon: organisations, cities and dates, never people) ' +
      'with their ledger entries and inclusion proofs under one signed head, and the certificate’s entry — the ' +
      'page shows the chain only from events whose hash it has recomputed (docs/traceability.md); alerts; the scan ' +
      'count. Codes are read without spaces or dashes and in any case. A scan is counted once per client address, ' +
      'code and day (Asia/Shanghai; the address kept a day as a salted hash, never itself), and nothing else about ' +
      'the caller. A scan of installed or used material raises the ' +
      'after_installed alert once and tells the maker. `letters`: for a delivery a distributor shipped, the letter of ' +
      'authorisation it relied on (maker, distributor, number, its own verification page): not part of the trace ' +
      'proof. Unknown code: 404.',
    tags,
    handler: ({ params, request }) => service.trace(params.code, request.ip),
  });

  defineRoute(app, api.publicTraceProof, {
    summary: '追溯证明 The code’s events with their ledger proofs',
    description:
      'What an outsider needs to verify a code without trusting this server: each EPCIS event (as in /epcis) with ' +
      'the ledger entry holding its hash (leafIndex, entry bytes base64, leafHash) and its RFC 9162 inclusion proof ' +
      'under `sth`, one signed tree head; the certificate valid today the same way, with the canonical JSON its ' +
      'entry vouches for. The head’s Ed25519 signature checks against the key at /.well-known/jcbb-ledger-key.json. ' +
      'No scan is counted. Worked example: docs/traceability.md, "Verifying a code from outside". Unknown code: 404.',
    tags,
    handler: ({ params }) => service.proof(params.code),
  });

  defineRoute(app, api.publicEpcis, {
    summary: 'EPCIS 2.0 文档 The code’s events as a GS1 EPCIS 2.0 JSON-LD document',
    description:
      'application/ld+json, outside the envelope: the events naming the code, its package or pallet, and the codes ' +
      'inside it, oldest first. Each eventID is the CBV 2.0 event hash (ni:///sha-256;…?ver=CBV2.0) and can be ' +
      'recomputed from the event. Unknown code: 404 (in the envelope).',
    tags,
    handler: async ({ params, reply }) => {
      const doc = await service.epcis(params.code);
      reply.header('content-type', 'application/ld+json; charset=utf-8');
      return doc;
    },
  });
}
