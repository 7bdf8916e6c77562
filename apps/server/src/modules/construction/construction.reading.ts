import { ReadDocumentKind, type ReadDocumentKindValue, type ReadingDigest } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  type ReadingSubjectGate,
  readingDigest,
  type SubjectDocument,
  type SubjectMaterial,
} from '../evidence-reading/index.ts';
import { actorsOf, orNotFound, siteReader } from './construction.access.ts';
import * as repo from './construction.repository.ts';

/**
 * A delivered lot's quality documents as read (docs/evidence-reading.md, subject `inspection`; docs/construction.md,
 * "The checklist"): the 合格证, reports, green and 3C certificates the storekeeper attached to the inspection's
 * checklist. Whoever reads the site's records sees them; the contractor's inspectors and the supervising engineer
 * (whoever may submit or confirm the inspection) review the fields. They are checked as of the delivery's arrival,
 * against the lot's product and specification, or — an off-platform lot — against the material its record types.
 */

type Check = NonNullable<repo.InspectionRow['checks']>[number];

/** What each read kind of checklist file should be: a 合格证, a test report, or either certificate or report (null). */
const EXPECTED_KIND: Record<(typeof repo.READ_CHECK_KINDS)[number], ReadDocumentKindValue | null> = {
  conformity: ReadDocumentKind.CONFORMITY_CERTIFICATE,
  factory_test: ReadDocumentKind.TEST_REPORT,
  type_test: ReadDocumentKind.TEST_REPORT,
  green: null,
  ccc: null,
};

const isReadKind = (kind: string): kind is (typeof repo.READ_CHECK_KINDS)[number] =>
  (repo.READ_CHECK_KINDS as readonly string[]).includes(kind);

const FILE_NOT_FOUND = '文件不存在';

/** The documents of an inspection's checklist that are read, as the subject shows them. */
async function inspectionDocuments(
  tx: Tx,
  i: repo.InspectionRow,
  checks: readonly Check[],
  canReview: boolean,
): Promise<SubjectDocument[]> {
  const files = checks.filter((c) => c.uploadId !== null && isReadKind(c.kind));
  if (files.length === 0) return [];
  const delivery = await repo.deliveryById(tx, i.deliveryId);
  if (!delivery) throw notFound(FILE_NOT_FOUND);
  const platform = await repo.lotProduct(tx, i.lotId);
  // An off-platform lot: what the storekeeper typed at receiving is what its documents should speak of.
  const material: SubjectMaterial | null = platform
    ? null
    : {
        name: i.materialName,
        classifyCode: i.classifyCode,
        specs: [{ name: i.specName, model: '' }],
        makerNames: i.makerName ? [i.makerName] : [],
      };
  return files.map((c) => ({
    subjectKey: `inspection:${i.id}`,
    uploadId: c.uploadId as number,
    productId: platform?.productId ?? null,
    specId: platform?.specId ?? null,
    material,
    expectedKind: EXPECTED_KIND[c.kind as keyof typeof EXPECTED_KIND],
    // The green certificate's number and body typed at receiving (an off-platform green lot) are checked too.
    declared:
      c.kind === 'green' && (i.greenCertNo || i.greenCertBody)
        ? { certNo: i.greenCertNo, issuer: i.greenCertBody, starRating: null, validFrom: null, validUntil: null }
        : null,
    useDate: delivery.arrivedOn,
    // A 合格证 or report names the maker (as client or manufacturer), never the site that received it.
    partyOrgIds: platform ? [platform.makerOrgId] : [],
    editionCode: null,
    canReview,
  }));
}

export const inspectionReadingSubject: ReadingSubjectGate = {
  async resolve(tx, user, id, uploadId) {
    const i = await repo.inspectionById(tx, id);
    if (!i) throw notFound('验收记录不存在');
    const project = await orNotFound(siteReader(tx, user, i.projectId), '验收记录不存在');
    const check = (i.checks ?? []).find((c) => c.uploadId === uploadId && isReadKind(c.kind));
    if (!check) throw notFound(FILE_NOT_FOUND);
    const actors = project.access === 'member' ? await actorsOf(tx, user, i.projectId) : [];
    const canReview = actors.includes('contractor') || actors.includes('supervisor');
    const [doc] = await inspectionDocuments(tx, i, [check], canReview);
    if (!doc) throw notFound(FILE_NOT_FOUND);
    return doc;
  },
};

/**
 * The findings before whoever decided the inspection (docs/evidence-reading.md, "The machine never decides"): each
 * read file of the checklist as decided, its reading's state and every finding but the agreeing ones. For the
 * inspection's audit row, in the decision's transaction.
 */
export async function inspectionReadings(
  tx: Tx,
  i: repo.InspectionRow,
  checks: readonly Check[],
): Promise<ReadingDigest[]> {
  return readingDigest(tx, await inspectionDocuments(tx, i, checks, false));
}
