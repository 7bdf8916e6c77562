import {
  LedgerDocType,
  type SalesContractActionValue,
  type SalesContractStatusValue,
  type salesContractListBody,
  type salesContractSaveBody,
} from '@jcbb/contract';
import { toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { storeFileRecord } from '../ledger/index.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf, regionFullNames } from '../trace/index.ts';
import * as repo from './distribution.contract.repository.ts';
import { type ContractShipBody, shipAgainstContract } from './distribution.contract.ship.ts';
import { contractTransition, type SalesContractSide } from './distribution.contract.transitions.ts';
import { detailView, lineAmountFen, linesCoverage, refusalText, rowView } from './distribution.contract.views.ts';

/**
 * Sales contracts (docs/distribution.md, "Sales contracts"): the distributor (seller) records a contract with a buyer,
 * signs it with the signed file (its SHA-256 on the evidence ledger, doc type 4), activates it when its letters cover
 * every line, ships against it, completes or terminates it. The buyer, when on the platform, reads it; anyone else
 * gets 404.
 */

type SaveBody = z.output<typeof salesContractSaveBody>;
type ListBody = z.output<typeof salesContractListBody>;
const NOT_FOUND = '合同不存在';

/** The caller's side of a contract, or 404: the seller; the buyer once it is signed (a draft is the seller's alone). */
function sideOf(user: SessionUser, c: repo.ContractRow | undefined): SalesContractSide {
  if (c && user.orgId !== null && c.distributorOrgId === user.orgId) return 'seller';
  if (c && user.orgId !== null && c.buyerOrgId === user.orgId && c.status !== 'draft') return 'buyer';
  throw notFound(NOT_FOUND);
}

/** The state an action leads to, or 403 (not the seller's) / 409 (not from this state). */
function step(side: SalesContractSide, action: SalesContractActionValue, from: SalesContractStatusValue) {
  const t = contractTransition(side, action, from);
  if (t.ok) return t.to;
  if (t.refusal === 'actor') throw forbidden('只有合同的销售方可以操作');
  throw conflict(
    {
      edit: '只有草稿合同可以修改',
      sign: '只有草稿合同可以签订',
      activate: '只有已签订的合同可以生效',
      complete: '只有履行中的合同可以完成',
      terminate: '只有已签订或履行中的合同可以终止',
      ship: '只有履行中的合同可以发货',
    }[action],
  );
}

/** The buyer, project and place of delivery a body names, checked: field errors, or the columns to store. */
async function partiesOf(tx: Tx, orgId: number, b: SaveBody) {
  const errors: { field: string; message: string }[] = [];
  let buyer = { orgId: null as number | null, name: b.buyerName ?? '', creditCode: b.buyerCreditCode ?? null };
  if (b.buyerOrgId !== undefined) {
    const org = b.buyerOrgId === orgId ? undefined : await repo.orgById(tx, b.buyerOrgId);
    if (!org) errors.push({ field: 'buyerOrgId', message: '买方单位不存在' });
    else buyer = { orgId: org.id, name: org.name, creditCode: org.creditCode };
  }
  let project: { id: number; name: string; regionCode: string } | undefined;
  if (b.projectId !== undefined) {
    project = buyer.orgId === null ? undefined : await repo.projectOfMember(tx, b.projectId, buyer.orgId);
    if (!project) errors.push({ field: 'projectId', message: '请选择买方参与的平台项目' });
  }
  const regionCode = project?.regionCode ?? b.regionCode ?? '';
  if (!project && regionCode) {
    const names = await regionFullNames(tx, [regionCode]);
    if (names.get(regionCode) === regionCode) errors.push({ field: 'regionCode', message: '交货地行政区划不存在' });
  }
  return {
    errors,
    columns: {
      buyerOrgId: buyer.orgId,
      buyerName: buyer.name,
      buyerCreditCode: buyer.creditCode,
      projectId: project?.id ?? null,
      projectName: project ? null : (b.projectName ?? null),
      regionCode,
    },
  };
}

/** The lines a body names, checked (each specification exists), with the contract's amount. */
async function linesOf(tx: Tx, b: SaveBody) {
  const specs = await repo.specsByIds(
    tx,
    b.lines.map((l) => l.specId),
  );
  const errors: { field: string; message: string }[] = [];
  const lines = b.lines.map((l, i) => {
    const spec = specs.get(l.specId);
    if (!spec) errors.push({ field: `lines.${i}.specId`, message: '规格型号不存在' });
    return {
      lineNo: i + 1,
      productId: spec?.productId ?? 0,
      specId: l.specId,
      quantity: String(l.quantity),
      unit: l.unit,
      unitPriceFen: l.unitPriceFen,
    };
  });
  const amountFen = b.lines.reduce((sum, l) => sum + lineAmountFen(toMilli(l.quantity), l.unitPriceFen), 0);
  return { errors, lines, amountFen };
}

export function createSalesContractService({ db }: { db: Db }) {
  /** The contract locked for a change, the caller's side and the state the action leads to. */
  async function changing(tx: Tx, user: SessionUser, id: number, action: SalesContractActionValue) {
    const c = await repo.findContract(tx, id, true);
    const side = sideOf(user, c);
    const before = c as repo.ContractRow;
    const to = step(side, action, before.status as SalesContractStatusValue);
    return { c: before, to };
  }

  async function move(
    tx: Tx,
    user: SessionUser,
    c: repo.ContractRow,
    action: 'sign' | 'activate' | 'complete' | 'terminate',
    to: SalesContractStatusValue,
    extra: Partial<repo.ContractInsert> = {},
    data: Record<string, unknown> | null = null,
  ) {
    await repo.updateContract(tx, c.id, { status: to, ...extra });
    await recordAudit(tx, {
      entity: 'sales_contract',
      entityId: c.id,
      action,
      fromState: c.status,
      toState: to,
      actor: user,
      reason: extra.statusReason ?? null,
      data,
    });
    const buyer = c.buyerOrgId === null ? undefined : await repo.orgById(tx, c.buyerOrgId);
    if (buyer) {
      const verb = { sign: '已签订', activate: '已生效', complete: '已完成', terminate: '已终止' }[action];
      await sendMessage(
        tx,
        { orgId: buyer.id },
        {
          channel: channelOf(buyer.type),
          title: `经销合同${verb}：${c.number}`,
          content: `与您单位的经销合同 ${c.number}${verb}${extra.statusReason ? `，原因：${extra.statusReason}` : ''}。`,
        },
      );
    }
  }

  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      const { rows, total } = await repo.listContracts(db, { orgId, ...body });
      const names = await regionFullNames(
        db,
        rows.map((r) => r.c.regionCode),
      );
      return { list: rows.map((r) => rowView(r, names)), total };
    },

    async detail(user: SessionUser, id: number) {
      const side = sideOf(user, await repo.findContract(db, id));
      return detailView(db, id, side);
    },

    async save(user: SessionUser, b: SaveBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const before = b.id === undefined ? null : (await changing(tx, user, b.id, 'edit')).c;
        const parties = await partiesOf(tx, orgId, b);
        const lines = await linesOf(tx, b);
        const errors = [...parties.errors, ...lines.errors];
        if (b.signedFileId !== undefined && (await repo.uploadOf(tx, b.signedFileId))?.orgId !== orgId) {
          errors.push({ field: 'signedFileId', message: '合同文件不存在' });
        }
        if (errors.length > 0) throw invalidInput(errors);
        const values = {
          number: b.number,
          ...parties.columns,
          signedDate: b.signedDate ?? null,
          validFrom: b.validFrom,
          validUntil: b.validUntil,
          amountFen: lines.amountFen,
          signedFileId: b.signedFileId ?? null,
          remarks: b.remarks ?? null,
        };
        let id: number;
        try {
          id = await tx.transaction(async (sp) => {
            if (before) {
              await repo.updateContract(sp, before.id, values);
              return before.id;
            }
            return repo.insertContract(sp, { ...values, distributorOrgId: orgId, createdBy: user.userId });
          });
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          throw invalidInput([{ field: 'number', message: '合同编号已存在' }]);
        }
        await repo.replaceLines(tx, id, lines.lines);
        await recordAudit(tx, {
          entity: 'sales_contract',
          entityId: id,
          action: before ? 'update' : 'create',
          fromState: before?.status ?? null,
          toState: 'draft',
          actor: user,
          data: { lines: lines.lines.length, amountFen: lines.amountFen },
        });
        return { id };
      });
    },

    /** Signed: the file's SHA-256 goes on the evidence ledger (doc type 4, the contract's id); the buyer is told. */
    async sign(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { c, to } = await changing(tx, user, id, 'sign');
        const file = c.signedFileId === null ? undefined : await repo.uploadOf(tx, c.signedFileId);
        if (!file) throw invalidInput([{ field: 'signedFileId', message: '请先上传双方签署的合同文件' }]);
        // A storage record too: the signed contract is listed in the distributor's 存证 (its blockchain pages).
        const ledger = await storeFileRecord(tx, user, {
          orgId: c.distributorOrgId,
          upload: file,
          title: `经销合同 ${c.number}（${c.buyerName}）`,
          docType: LedgerDocType.CONTRACT,
          meta: { salesContractId: c.id },
        });
        await move(
          tx,
          user,
          c,
          'sign',
          to,
          { signedFileSha256: file.sha256, leafIndex: ledger.leafIndex, signedDate: c.signedDate ?? shanghaiToday() },
          { leafIndex: ledger.leafIndex, sha256: file.sha256 },
        );
        return { id };
      });
    },

    /** In force, when the distributor's letters cover every line for its region, day and project (409 naming the line). */
    async activate(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { c, to } = await changing(tx, user, id, 'activate');
        const lines = await repo.linesOf(tx, id);
        const coverage = await linesCoverage(
          tx,
          c,
          lines.map(({ l }) => l),
        );
        const uncovered = coverage.findIndex((x) => !x.covered);
        const refused = coverage[uncovered];
        if (refused && !refused.covered) {
          const line = lines[uncovered] as (typeof lines)[number];
          throw conflict(
            `第 ${line.l.lineNo} 行（${line.productName} ${line.specName}）未获授权：${refusalText(refused.refusal)}`,
          );
        }
        await move(tx, user, c, 'activate', to);
        return { id };
      });
    },

    async complete(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { c, to } = await changing(tx, user, id, 'complete');
        await move(tx, user, c, 'complete', to);
        return { id };
      });
    },

    async terminate(user: SessionUser, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const { c, to } = await changing(tx, user, id, 'terminate');
        await move(tx, user, c, 'terminate', to, { statusReason: reason });
        return { id };
      });
    },

    /** A draft shipment of the chosen lines (trace's draft, in this transaction) linked to the contract. */
    async ship(user: SessionUser, body: ContractShipBody) {
      return db.transaction(async (tx) => {
        const { c } = await changing(tx, user, body.id, 'ship');
        const saved = await shipAgainstContract(tx, user, c, body);
        await recordAudit(tx, {
          entity: 'sales_contract',
          entityId: c.id,
          action: 'ship',
          fromState: c.status,
          toState: c.status,
          actor: user,
          data: { shipmentId: saved.id, number: saved.number },
        });
        return { shipmentId: saved.id, number: saved.number };
      });
    },

    async buyerSearch(user: SessionUser, keyword: string) {
      const orgId = callerOrgId(user);
      return repo.searchOrgs(db, keyword, orgId);
    },

    async buyerProjects(user: SessionUser, buyerOrgId: number) {
      callerOrgId(user);
      const rows = await repo.projectsOfMember(db, buyerOrgId);
      const names = await regionFullNames(
        db,
        rows.map((r) => r.regionCode),
      );
      return rows.map((r) => ({ ...r, regionName: names.get(r.regionCode) ?? r.regionCode }));
    },
  };
}
