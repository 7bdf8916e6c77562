import {
  type CoverageRefusalValue,
  coverageRefusalLabels,
  type SalesContractDetail,
  type SalesContractRow,
  type SalesContractStatusValue,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { regionFullNames } from '../trace/index.ts';
import type { ContractRow } from './distribution.contract.repository.ts';
import * as repo from './distribution.contract.repository.ts';
import { contractActions, type SalesContractSide } from './distribution.contract.transitions.ts';
import { coverageOf, type LineCoverage } from './distribution.coverage.ts';
import { specLabel } from './distribution.licensed.ts';

/** Rows of the sales contracts turned into the contract's answers, each line checked against the letters. */

/** A line's amount in fen: quantity (thousandths) × unit price, rounded to the fen. */
export const lineAmountFen = (quantityMilli: number, unitPriceFen: number): number =>
  Math.round((quantityMilli * unitPriceFen) / 1000);

/** The day a contract's lines are checked for: its signing date, else today. */
export const checkDate = (c: ContractRow): string => c.signedDate ?? shanghaiToday();

/** The contract's lines checked against the distributor's letters for its region, day and project (no locks). */
export async function linesCoverage(
  tx: Tx | Db,
  c: ContractRow,
  lines: readonly { productId: number; specId: number; quantity: string }[],
): Promise<LineCoverage[]> {
  return coverageOf(tx as Tx, {
    distributorOrgId: c.distributorOrgId,
    regionCode: c.regionCode,
    date: checkDate(c),
    projectId: c.projectId,
    lines: lines.map((l) => ({ productId: l.productId, specId: l.specId, quantity: l.quantity })),
  });
}

/** A line's refusal sentence, for a 409 naming it. */
export const refusalText = (refusal: CoverageRefusalValue): string => coverageRefusalLabels[refusal].zh;

export function rowView(
  r: { c: ContractRow; sellerName: string; platformProjectName: string | null; lineCount: number },
  regionNames: ReadonlyMap<string, string>,
): SalesContractRow {
  const { c } = r;
  return {
    id: c.id,
    number: c.number,
    sellerName: r.sellerName,
    buyerName: c.buyerName,
    projectName: r.platformProjectName ?? c.projectName,
    regionName: regionNames.get(c.regionCode) ?? c.regionCode,
    signedDate: c.signedDate,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    amountFen: c.amountFen,
    status: c.status as SalesContractStatusValue,
    lineCount: r.lineCount,
  };
}

export async function detailView(tx: Tx | Db, id: number, side: SalesContractSide): Promise<SalesContractDetail> {
  const head = (await repo.contractHead(tx, id)) as NonNullable<Awaited<ReturnType<typeof repo.contractHead>>>;
  const { c } = head;
  const lines = await repo.linesOf(tx, id);
  const coverage = await linesCoverage(
    tx,
    c,
    lines.map(({ l }) => l),
  );
  const names = await regionFullNames(tx, [c.regionCode]);
  const file = c.signedFileId === null ? undefined : await repo.uploadOf(tx, c.signedFileId);
  const status = c.status as SalesContractStatusValue;
  return {
    ...rowView({ ...head, lineCount: lines.length }, names),
    distributorOrgId: c.distributorOrgId,
    buyerOrgId: c.buyerOrgId,
    buyerCreditCode: c.buyerCreditCode,
    projectId: c.projectId,
    regionCode: c.regionCode,
    statusReason: c.statusReason,
    remarks: c.remarks,
    signedFile: file ? { id: file.id, name: file.name, sha256: c.signedFileSha256 ?? file.sha256 } : null,
    leafIndex: c.leafIndex,
    lines: lines.map(({ l, productName, specName, specModel }, i) => {
      const cov = coverage[i] as LineCoverage;
      const quantityMilli = toMilli(l.quantity);
      const shippedMilli = toMilli(l.shippedQuantity);
      return {
        id: l.id,
        lineNo: l.lineNo,
        productId: l.productId,
        productName,
        specId: l.specId,
        specName: specLabel(specName, specModel) ?? '',
        quantity: fromMilli(quantityMilli),
        unit: l.unit,
        unitPriceFen: l.unitPriceFen,
        amountFen: lineAmountFen(quantityMilli, l.unitPriceFen),
        shippedQuantity: fromMilli(shippedMilli),
        remainingQuantity: fromMilli(quantityMilli - shippedMilli),
        coverage: cov.covered
          ? {
              covered: true,
              authorisationId: cov.authorisationId,
              number: cov.number,
              publicId: cov.publicId,
              refusal: null,
            }
          : {
              covered: false,
              authorisationId: cov.authorisationId,
              number: null,
              publicId: null,
              refusal: cov.refusal,
            },
      };
    }),
    shipments: (await repo.shipmentsOf(tx, id)).map((s) => ({ ...s })),
    side,
    actions: contractActions(side, status),
  };
}
