import { traceEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { defineRoute } from '../../lib/route.ts';
import { createTracePublicService } from './trace.public.service.ts';
import { createScanGate } from './trace.scans.ts';

const tags = ['追溯（公开） Traceability (public scan page)'];

/** The public scan page's calls: signed like every /open/ call, no session (docs/traceability.md). */
export function registerTracePublicRoutes(app: FastifyInstance, deps: { db: Db; kv: KvStore; addressKey: AddressKey }) {
  const service = createTracePublicService({ db: deps.db, scans: createScanGate(deps.kv, deps.addressKey) });

  defineRoute(app, api.publicTrace, {
    summary: '扫码查询 What a trace code stands for, where it went and whether it is genuine',
    description:
      'Product, maker, lot; the certificate as of today (leafIndex for the in-browser proof) and its state; listing ' +
      'state per city; chain of custody (organisations, cities, dates — never people); transport carbon per ' +
      'shipment; the EPCIS events with their ledger leaves and content hashes; alerts; the scan count. Codes are ' +
      'read without spaces or dashes and in any case. A scan is counted once per client address, code and day ' +
      '(Asia/Shanghai; the address kept a day as a salted hash, never itself), and nothing else about the caller. A scan of installed or used material raises the ' +
      'after_installed alert once and tells the maker. Unknown code: 404.',
    tags,
    handler: ({ params, request }) => service.trace(params.code, request.ip),
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
      return reply.header('content-type', 'application/ld+json; charset=utf-8').send(JSON.stringify(doc));
    },
  });
}
