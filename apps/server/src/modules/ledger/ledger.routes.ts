import { ledgerEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import type { FileService } from '../file/index.ts';
import { installLedgerSigner, loadLedgerSigner } from './ledger.key.ts';
import { createLedgerService } from './ledger.service.ts';

const logTags = ['证据账本 Evidence ledger (public)'];
const storageTags = ['区块链存证 Evidence storage'];
const verify =
  'Verify with packages/contract/src/ledger-proof.ts (RFC 9162 §2.1.3.2 / §2.1.4.2; heads signed with Ed25519 over treeHeadSigningInput).';

/**
 * Install the ledger's signing key: LEDGER_SIGNING_KEY, else DATA_DIR/ledger-ed25519.key (created on first start).
 * In-memory databases use one random key per process. API tests configure the key (test/harness.ts): the one the
 * shared seeded database was signed with, so every server started from a copy of it verifies its demo heads.
 */
export async function setupLedgerSigner(config: Config) {
  installLedgerSigner(
    await loadLedgerSigner({
      configuredKey: config.ledgerSigningKey,
      dataDir: config.dataDir,
      ephemeral: config.memoryDb,
    }),
  );
}

export function registerLedger(app: FastifyInstance, deps: { db: Db; files: FileService }) {
  const ledger = createLedgerService(deps);

  defineRoute(app, api.key, {
    summary: '账本公钥 The public key that signs tree heads',
    description: 'Ed25519, raw 32-byte key in hex. Hashes are SHA-256 as RFC 9162.',
    tags: logTags,
    handler: async () => ledger.key(),
  });

  defineRoute(app, api.wellKnownKey, {
    summary: '账本公钥（公开地址） The ledger’s public key at a well-known address',
    description:
      'Plain JSON (no envelope, no request signing): the Ed25519 key that signs tree heads, its fingerprint, the ' +
      'hash algorithm and the tree-head format. Fetch it once and keep it: a proof checked against a key from the ' +
      'same answer proves nothing.',
    tags: logTags,
    access: 'bare',
    handler: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return ledger.key();
    },
  });

  defineRoute(app, api.latestTreeHead, {
    summary: '最新签名树头 The latest signed tree head',
    description: `Every append signs a head of the new size. An empty log answers a head of size 0 signed now. ${verify}`,
    tags: logTags,
    handler: () => ledger.latestHead(),
  });

  defineRoute(app, api.treeHead, {
    summary: '指定大小的签名树头 The signed tree head of one size',
    description: 'A size never reached answers 404.',
    tags: logTags,
    handler: ({ params }) => ledger.headAt(params.treeSize),
  });

  defineRoute(app, api.inclusionProof, {
    summary: '包含证明 Inclusion proof of an entry',
    description: `Against the signed head of treeSize (default: the latest), which is included. ${verify}`,
    tags: logTags,
    handler: ({ query }) => ledger.inclusion(query.leafIndex, query.treeSize),
  });

  defineRoute(app, api.consistencyProof, {
    summary: '一致性证明 Consistency proof between two tree sizes',
    description: `Shows the tree of size first is a prefix of the tree of size second (first ≤ second ≤ latest). ${verify}`,
    tags: logTags,
    handler: ({ query }) => ledger.consistency(query.first, query.second),
  });

  defineRoute(app, api.entry, {
    summary: '账本条目 One entry',
    description:
      'entry is the base64 of the exact bytes (canonical JSON, UTF-8); leafHash = SHA-256(0x00 ‖ bytes). Entries hold hashes and ids, never personal data.',
    tags: logTags,
    handler: ({ params }) => ledger.entry(params.leafIndex),
  });

  defineRoute(app, api.publicCheck, {
    summary: '按哈希核验 Is a SHA-256 on record?',
    description: `Entries whose content hash is sha256 (oldest first, at most 20), each with its proof against the latest head. ${verify}`,
    tags: logTags,
    handler: ({ query }) => ledger.publicCheck(query.sha256),
  });

  // ---- storage (manufacturers and distributors) ----

  const storers = 'Manufacturers (6) and distributors (7) only: other organisations answer 403.';
  /** Organisation types that put documents on record themselves (certification bodies do it through certificates). */
  const storingOrgTypes = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR];

  defineRoute(app, api.addStorage, {
    summary: '存证 Put a document on record',
    description: `Either uploadId (an upload of the caller's organisation, with docType and optionally productId) or productDocumentId (one of its product documents with a file; docType follows its kind). Appends a 'document' entry (file SHA-256, docType, product ids) and answers the record with its proof. The same bytes twice: 400. Another organisation's upload, product or document: 404. ${storers}`,
    tags: storageTags,
    orgTypes: storingOrgTypes,
    handler: ({ user, body }) => ledger.add(user, body),
  });

  defineRoute(app, api.storageList, {
    summary: '存证列表 The organisation’s records',
    description: `Newest first. Filters: docType, productId, keyword (title), dateFrom/dateTo (China dates, inclusive). ${storers}`,
    tags: storageTags,
    orgTypes: storingOrgTypes,
    handler: ({ user, body }) => ledger.list(user, body),
  });

  defineRoute(app, api.storageDetail, {
    summary: '存证详情 One record with its proof',
    description: `Leaf index, file hash, time, the inclusion proof against the latest signed head, and that head. Another organisation's record: 404. ${verify}`,
    tags: storageTags,
    orgTypes: storingOrgTypes,
    handler: ({ user, query }) => ledger.detail(user, query.id),
  });

  defineRoute(app, api.storageDocuments, {
    summary: '可存证的产品文件 Product documents to choose from',
    description: `The organisation's product documents that carry a file, with recordId when already on record. ${storers}`,
    tags: storageTags,
    orgTypes: storingOrgTypes,
    handler: ({ user, query }) => ledger.documents(user, query.productId),
  });

  defineRoute(app, api.check, {
    summary: '文件核验 Check a file against the log',
    description:
      "sha256 (the browser hashes the file itself, so it never leaves the computer) or uploadId (an upload of the caller's organisation). found = at least one entry vouches for exactly these bytes; records lists the caller's own records of them. Any signed-in user.",
    tags: storageTags,
    handler: ({ user, body }) => ledger.check(user, body),
  });
}
