import type { Readable } from 'node:stream';
import { type EvidenceSnapshot, type exportQuery, IMPORT_ERRORS_SHOWN, type importCommitBody } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { advisoryKey, type Db, type Tx } from '../../db/client.ts';
import { auditCount, recordAudit } from '../../lib/audit.ts';
import { AppError, conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { FileService } from '../file/index.ts';
import { evidenceAsOf } from '../trace/index.ts';
import { contractorOn, siteReader } from './construction.access.ts';
import { recordExternalDeliveries } from './construction.delivery.service.ts';
import * as repo from './construction.repository.ts';
import {
  deliveriesSheet,
  EXPORT_ROWS_MAX,
  type GreenFacts,
  greenLedgerSheet,
  issuesSheet,
  type SheetSpec,
  stockSheet,
} from './construction.xlsx.export.ts';
import { readSheet, type SheetRows } from './construction.xlsx.read.ts';
import * as xlsxRepo from './construction.xlsx.repository.ts';
import {
  type CheckedImport,
  checkRows,
  classifyCodesOf,
  headerColumns,
  type RowError,
} from './construction.xlsx.rows.ts';
import { TEMPLATE_FILE_NAME, templateWorkbook } from './construction.xlsx.template.ts';

type ExportQuery = z.output<typeof exportQuery>;
type CommitBody = z.output<typeof importCommitBody>;

export const IMPORT_FILE_NOT_FOUND = '导入文件不存在';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The header's error, or every row checked against the rules of an external delivery. */
async function checkSheet(tx: Tx, sheet: SheetRows, projectId: number): Promise<CheckedImport> {
  const columns = headerColumns(sheet.header, sheet.headerRow);
  if (!(columns instanceof Map)) {
    return { rows: sheet.rows.length, okRows: 0, errors: [columns], deliveries: [], sample: [] };
  }
  const classes = await repo.productClasses(tx, classifyCodesOf(sheet, columns));
  return checkRows(sheet, columns, { projectId, classes, today: shanghaiToday() });
}

/** The import's row errors as a 400: each a field `rows.<row>.<column>` with the row in its message. */
function rowErrors(errors: RowError[]) {
  const fields = errors.slice(0, IMPORT_ERRORS_SHOWN).map((e) => ({
    field: `rows.${e.row}${e.column ? `.${e.column}` : ''}`,
    message: `第 ${e.row} 行${e.column ? `「${e.column}」` : ''}：${e.message}`,
  }));
  return invalidInput(fields, `导入文件有 ${errors.length} 处错误，未导入任何数据`);
}

export type XlsxService = ReturnType<typeof createXlsxService>;

/**
 * The site's Excel files (docs/construction.md, "Import and export"): the import template, the import of
 * off-platform deliveries (checked row by row, then recorded in one transaction), and the exports, among them the
 * green-material ledger.
 */
export function createXlsxService({ db, files, baseUrl }: { db: Db; files: FileService; baseUrl: string }) {
  return {
    /** The template, for the construction unit on the project. */
    async template(user: SessionUser, projectId: number) {
      const classes = await db.transaction(async (tx) => {
        await contractorOn(tx, user, projectId);
        return xlsxRepo.classificationList(tx);
      });
      return { fileName: TEMPLATE_FILE_NAME, bytes: await templateWorkbook(classes, shanghaiToday()) };
    },

    /**
     * Check an uploaded workbook row by row. Nothing is written but the upload itself (the file module's storage),
     * whose id the commit names.
     */
    async preview(user: SessionUser, projectId: number, file: { name: string; bytes: Buffer }) {
      await db.transaction((tx) => contractorOn(tx, user, projectId));
      const sheet = await readSheet(file.bytes);
      const checked = await db.transaction((tx) => checkSheet(tx, sheet, projectId));
      const name = /\.xlsx$/i.test(file.name) ? file.name : `${file.name || '导入'}.xlsx`;
      const upload = await files.store(user, name, file.bytes);
      return {
        uploadId: upload.id,
        rows: checked.rows,
        okRows: checked.okRows,
        deliveries: checked.errors.length === 0 ? checked.deliveries.length : 0,
        errorCount: checked.errors.length,
        errors: checked.errors.slice(0, IMPORT_ERRORS_SHOWN),
        sample: checked.sample,
      };
    },

    /**
     * Record a previewed upload: read and checked again; with any error nothing is written (400 with the rows'
     * errors); else every delivery, lot, inspection and stock move in one transaction. An upload is imported once
     * (409 the second time; two commits of one upload at once queue on an advisory lock).
     */
    async commit(user: SessionUser, b: CommitBody) {
      await db.transaction((tx) => contractorOn(tx, user, b.projectId));
      const upload = await files.get(user, b.uploadId).catch((e: unknown) => {
        throw e instanceof AppError && e.status === 404 ? notFound(IMPORT_FILE_NOT_FOUND) : e;
      });
      const sheet = await readSheet(await bytesOf(files.open(upload.sha256))).catch((e: unknown) => {
        if (e instanceof AppError && e.status === 400)
          throw invalidInput([{ field: 'uploadId', message: '该文件不是可导入的 Excel 工作簿' }]);
        throw e;
      });
      return db.transaction(async (tx) => {
        const contractor = await contractorOn(tx, user, b.projectId);
        const orgId = contractor.membership.orgId;
        await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(`site-import:${b.uploadId}`)}::bigint)`);
        const entityId = `import:${b.uploadId}`;
        if ((await auditCount(tx, { entity: 'site_delivery', entityId, actions: ['import'] })) > 0) {
          throw conflict('该文件已导入，不能重复导入');
        }
        const checked = await checkSheet(tx, sheet, b.projectId);
        if (checked.errors.length > 0) throw rowErrors(checked.errors);
        const created = await recordExternalDeliveries(tx, user, orgId, checked.deliveries, {
          importUploadId: b.uploadId,
        });
        const lines = checked.deliveries.reduce((n, d) => n + d.lines.length, 0);
        await recordAudit(tx, {
          entity: 'site_delivery',
          entityId,
          action: 'import',
          actor: user,
          data: { projectId: b.projectId, uploadId: b.uploadId, deliveries: created.length, lines },
        });
        return { deliveries: created.length, lines };
      });
    },

    /** An export of the project's site records, for anyone who may read them. */
    async exportSheet(user: SessionUser, q: ExportQuery): Promise<SheetSpec> {
      return db.transaction(async (tx) => {
        const p = await siteReader(tx, user, q.projectId);
        const ctx = { projectName: p.project.name, today: shanghaiToday(), baseUrl, exportedAt: new Date() };
        const limit = EXPORT_ROWS_MAX + 1;
        switch (q.kind) {
          case 'stock':
            return stockSheet(await xlsxRepo.stockRows(tx, q.projectId, limit), ctx);
          case 'deliveries':
            return deliveriesSheet(await xlsxRepo.deliveryLines(tx, q.projectId, limit), ctx);
          case 'issues':
            return issuesSheet(await xlsxRepo.issueLines(tx, q.projectId, limit), ctx);
          case 'green_ledger': {
            const rows = await xlsxRepo.greenLots(tx, q.projectId, limit);
            const evidence = new Map<number, EvidenceSnapshot>();
            for (const r of rows) {
              if (r.origin === 'platform' && r.productId !== null) {
                evidence.set(r.inspection.id, await evidenceAsOf(tx, r.productId, r.delivery.arrivedOn));
              }
            }
            const certNos = [...evidence.values()].map((e) => e.certNo).filter((c): c is string => c !== null);
            const facts: GreenFacts = { evidence, platformCertNos: await xlsxRepo.platformCertificates(tx, certNos) };
            return greenLedgerSheet(rows, facts, ctx);
          }
        }
      });
    },
  };
}
