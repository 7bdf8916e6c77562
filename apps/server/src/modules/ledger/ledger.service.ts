import {
  type checkBody,
  LedgerDocType,
  type LedgerDocTypeValue,
  ProductDocumentKind,
  type storageAddBody,
  type storageListBody,
} from '@jcbb/contract';
import {
  keyFingerprint,
  LEDGER_HASH_ALGORITHM,
  LEDGER_SIGNATURE_ALGORITHM,
  TREE_HEAD_FORMAT,
} from '@jcbb/contract/ledger-proof';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { shanghaiDayStart } from '../../lib/shanghai-day.ts';
import type { FileService } from '../file/index.ts';
import { entryData, evidenceOfEntry, headData, latestHead } from './ledger.evidence.ts';
import { ledgerSigner } from './ledger.key.ts';
import { storeFileRecord } from './ledger.record.ts';
import * as repo from './ledger.repository.ts';
import { consistencyProofHex, inclusionProofHex } from './ledger.tree.ts';

/** How many entries of one hash a check answers with. */
const CHECK_LIMIT = 20;

/** A product document's kind → the record's document type. */
const docTypeOfKind: Record<number, LedgerDocTypeValue> = {
  [ProductDocumentKind.CARBON_FOOTPRINT_REPORT]: LedgerDocType.CARBON_FOOTPRINT_REPORT,
  [ProductDocumentKind.GREEN_CERTIFICATE]: LedgerDocType.CERTIFICATE,
  [ProductDocumentKind.TEST_REPORT]: LedgerDocType.TEST_REPORT,
};

function recordView(row: repo.RecordRow) {
  return { ...row, createdAt: formatShanghaiTime(row.createdAt) };
}

export function createLedgerService({ db, files }: { db: Db; files: FileService }) {
  const service = {
    // ---- the public log ----

    key() {
      return {
        algorithm: LEDGER_SIGNATURE_ALGORITHM,
        publicKey: ledgerSigner().publicKeyHex,
        hashAlgorithm: LEDGER_HASH_ALGORITHM,
        treeHeadFormat: TREE_HEAD_FORMAT,
        fingerprint: keyFingerprint(ledgerSigner().publicKeyHex),
      } as const;
    },

    latestHead: () => latestHead(db),

    async headAt(treeSize: number) {
      const row = await repo.treeHeadAt(db, treeSize);
      if (!row) throw notFound('没有该大小的签名树头');
      return headData(row);
    },

    async inclusion(leafIndex: number, treeSize?: number) {
      const head = treeSize === undefined ? await latestHead(db) : await service.headAt(treeSize);
      if (leafIndex >= head.treeSize) {
        if (treeSize === undefined) throw notFound('账本中没有该条目');
        throw invalidInput([{ field: 'leafIndex', message: '叶子序号必须小于树大小' }]);
      }
      const entry = await repo.entryAt(db, leafIndex);
      if (!entry) throw notFound('账本中没有该条目');
      return {
        leafIndex,
        treeSize: head.treeSize,
        leafHash: entryData(entry).leafHash,
        inclusionProof: await inclusionProofHex(db, leafIndex, head.treeSize),
        sth: head,
      };
    },

    async consistency(first: number, second: number) {
      if (first > second) throw invalidInput([{ field: 'first', message: '第一个树大小不能大于第二个' }]);
      const head = await latestHead(db);
      if (second > head.treeSize) throw notFound('没有该大小的签名树头');
      return { first, second, consistencyProof: await consistencyProofHex(db, first, second) };
    },

    async entry(leafIndex: number) {
      const row = await repo.entryAt(db, leafIndex);
      if (!row) throw notFound('账本中没有该条目');
      return entryData(row);
    },

    async publicCheck(sha256: string) {
      const rows = await repo.entriesForContent(db, sha256, CHECK_LIMIT);
      const head = await latestHead(db);
      const entries = [];
      for (const row of rows) entries.push(await evidenceOfEntry(db, row, head));
      return { sha256, found: entries.length > 0, entries };
    },

    // ---- storage ----

    async add(user: SessionUser, body: z.output<typeof storageAddBody>) {
      const orgId = callerOrgId(user);
      const id = await db.transaction(async (tx) => {
        let upload: { id: number; sha256: string; name: string };
        let productId: number | null = null;
        let productDocumentId: number | null = null;
        let docType = body.docType;
        if (body.productDocumentId !== undefined) {
          const doc = await repo.findProductDocument(tx, orgId, body.productDocumentId);
          if (!doc) throw notFound('产品文件不存在');
          if (doc.uploadId === null) {
            throw invalidInput([{ field: 'productDocumentId', message: '该产品文件没有附件，无法存证' }]);
          }
          upload = await files.getUnchecked(doc.uploadId, tx);
          productId = doc.productId;
          productDocumentId = doc.id;
          docType ??= docTypeOfKind[doc.kind] ?? LedgerDocType.OTHER;
        } else {
          upload = await files.get(user, body.uploadId as number, tx);
          if (body.productId !== undefined) {
            if (!(await repo.productOfOrg(tx, orgId, body.productId))) throw notFound('产品不存在');
            productId = body.productId;
          }
        }
        if (await repo.recordOfContent(tx, orgId, upload.sha256)) {
          throw invalidInput([
            { field: body.uploadId !== undefined ? 'uploadId' : 'productDocumentId', message: '该文件已存证' },
          ]);
        }
        const { recordId } = await storeFileRecord(tx, user, {
          orgId,
          upload,
          title: body.title ?? upload.name,
          docType: docType ?? LedgerDocType.OTHER,
          productId,
          productDocumentId,
        });
        return recordId;
      });
      return service.detail(user, id);
    },

    async list(user: SessionUser, body: z.output<typeof storageListBody>) {
      const orgId = callerOrgId(user);
      const to = body.dateTo ? new Date(shanghaiDayStart(body.dateTo).getTime() + 86_400_000) : undefined;
      const { list, total } = await repo.listRecords(
        db,
        {
          orgId,
          docType: body.docType,
          productId: body.productId,
          keyword: body.keyword,
          from: body.dateFrom ? shanghaiDayStart(body.dateFrom) : undefined,
          to,
        },
        { offset: (body.pageNum - 1) * body.pageSize, limit: body.pageSize },
      );
      return { list: list.map(recordView), total };
    },

    async detail(user: SessionUser, id: number) {
      const orgId = callerOrgId(user);
      const row = await repo.findRecord(db, orgId, id);
      if (!row) throw notFound('存证记录不存在');
      const entry = await repo.entryAt(db, row.leafIndex);
      if (!entry) throw notFound('存证记录不存在');
      return { ...recordView(row), recordedTreeSize: row.leafIndex + 1, evidence: await evidenceOfEntry(db, entry) };
    },

    async documents(user: SessionUser, productId?: number) {
      const orgId = callerOrgId(user);
      return repo.productDocumentsOfOrg(db, orgId, productId);
    },

    /** Any signed-in user may check a file; only the caller's own records are listed by title. */
    async check(user: SessionUser, body: z.output<typeof checkBody>) {
      const sha256 = body.sha256 ?? (await files.get(user, body.uploadId as number)).sha256;
      const result = await service.publicCheck(sha256);
      const records = user.orgId === null ? [] : await repo.recordsOfContent(db, user.orgId, sha256);
      return { ...result, records: records.map(recordView) };
    },
  };
  return service;
}
