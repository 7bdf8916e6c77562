import {
  type AuditFormAnswer,
  type auditApproveBody,
  type auditReasonBody,
  CertStatus,
  type ElementValue,
  ListingAction,
  type ListingActionValue,
  type ListingActorValue,
  ListingStatus,
  type listingBatchBody,
  type listingFilterBody,
  type listingListBody,
  type listingSaveBody,
  type listingValueInput,
  meetsDemandStandard,
  missingRequiredElements,
  OrgType,
  ProductEnableStatus,
  pages,
  pageUrl,
  type ReadingDigest,
  Role,
} from '@jcbb/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ownRowOr404 } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { type CityForm, isOpenedCity, loadApprovalForm, loadCityForm } from '../element/index.ts';
import { productEvidenceDocuments, readingDigest } from '../evidence-reading/index.ts';
import type { FileService } from '../file/index.ts';
import { sendMessage } from '../message/index.ts';
import { recomputeProductTags } from '../product/index.ts';
import { listingSubjectFacts } from './listing.reading.ts';
import * as repo from './listing.repository.ts';
import { listScope, visibleListing } from './listing-access.ts';
import { allowedActions, touchesListed, transition } from './listing-transitions.ts';
import { answerSnapshot, answersOf, fileIdsOf, readValues, storedValues, valueRows } from './listing-values.ts';
import { auditLogView, evidenceView, listingItemView, statusName } from './listing-views.ts';

type SaveBody = z.output<typeof listingSaveBody>;
type ValueInput = z.output<typeof listingValueInput>;
type Decision = z.output<typeof auditApproveBody>;
type ReasonDecision = z.output<typeof auditReasonBody>;

/** Which audit step an auditor's action belongs to: its approval form is the platform's or the city's. */
const AUDIT_STEP: Partial<Record<ListingActionValue, 'platform' | 'city'>> = {
  [ListingAction.PLATFORM_APPROVE]: 'platform',
  [ListingAction.PLATFORM_REJECT]: 'platform',
  [ListingAction.CITY_APPROVE]: 'city',
  [ListingAction.CITY_REJECT]: 'city',
  [ListingAction.CITY_NOT_GREEN]: 'city',
};

/** The most rows an export holds (both the JSON rows and the .xlsx file). */
export const EXPORT_LIMIT = 5000;

const MANUFACTURER_MESSAGES: Record<ListingActionValue, (p: string, c: string) => string> = {
  save: (p, c) => `入库草稿已保存：${p}（${c}）`,
  submit: (p, c) => `入库申请已提交：${p}（${c}）`,
  platform_approve: (p, c) => `入库申请已通过平台审核，待城市审核：${p}（${c}）`,
  platform_reject: (p, c) => `入库申请被平台驳回：${p}（${c}）`,
  city_approve: (p, c) => `产品已在${c}入库：${p}`,
  city_reject: (p, c) => `入库申请被${c}住建委驳回：${p}`,
  city_not_green: (p, c) => `产品已在${c}入库，但被认定为非绿色建材：${p}`,
  delist: (p, c) => `产品已从${c}下架：${p}`,
  delete: (p, c) => `入库记录已删除：${p}（${c}）`,
};

/** Why a transition was refused, in words the manufacturer understands. */
function stateRefusal(status: number | null): AppError {
  switch (status) {
    case ListingStatus.PLATFORM_AUDIT:
    case ListingStatus.CITY_AUDIT:
      return conflict('该产品在该城市的入库申请正在审核中，请等待审核结果');
    case ListingStatus.LISTED:
      return conflict('该产品已在该城市入库，如需修改请先下架');
    default:
      return conflict('入库记录当前状态不能进行此操作，请刷新后重试');
  }
}

/**
 * Listings of products in cities (issue 4 item 4). Every change is one transaction holding the state change (guarded
 * on the state it was read in), its audit_log row, its messages and, when it enters or leaves LISTED, the product's
 * recomputed tags.
 */
export type ListingService = ReturnType<typeof createListingService>;

/** The auditors' decisions, which keep the findings of the documents as read that were before them. */
const AUDIT_DECISIONS = new Set<ListingActionValue>([
  ListingAction.PLATFORM_APPROVE,
  ListingAction.PLATFORM_REJECT,
  ListingAction.CITY_APPROVE,
  ListingAction.CITY_REJECT,
  ListingAction.CITY_NOT_GREEN,
]);

export function createListingService({ db, files }: { db: Db; files: FileService }) {
  interface Change {
    user: SessionUser;
    listing: { id: number; productId: number; orgId: number; cityCode: string };
    productName: string;
    cityName: string;
    action: ListingActionValue;
    from: number | null;
    to: number | null;
    reason?: string | null;
    /** The auditor's answers to the step's approval form. */
    answers?: AuditFormAnswer[];
    /** The evidence as read that was before an auditor's decision (docs/evidence-reading.md). */
    readings?: ReadingDigest[];
  }

  /** The audit row and the messages of one transition. */
  async function record(tx: Tx, c: Change) {
    await recordAudit(tx, {
      entity: repo.LISTING_ENTITY,
      entityId: c.listing.id,
      orgId: c.listing.orgId,
      actor: c.user,
      action: c.action,
      fromState: c.from === null ? null : String(c.from),
      toState: c.to === null ? null : String(c.to),
      reason: c.reason ?? null,
      data: {
        productId: c.listing.productId,
        cityCode: c.listing.cityCode,
        ...(c.answers && c.answers.length > 0 ? { answers: c.answers } : {}),
        ...(c.readings && c.readings.length > 0 ? { readings: c.readings } : {}),
      },
    });
    // A draft saved is the manufacturer's own business: no message for it (docs/decisions.md).
    if (c.action === ListingAction.SAVE) return;
    const title = MANUFACTURER_MESSAGES[c.action](c.productName, c.cityName);
    const why = c.reason ? `原因：${c.reason}。` : '';
    await sendMessage(
      tx,
      { orgId: c.listing.orgId },
      {
        channel: 'materials',
        title,
        content: `${title}。${why}`,
        targetUrl: c.to === null ? pages.listingList.path : pageUrl(pages.listingDetails, { id: c.listing.id }),
      },
    );
    if (c.action === ListingAction.SUBMIT) {
      await sendMessage(
        tx,
        { platformRoles: [Role.SUPER_ADMIN] },
        {
          channel: 'materials',
          title: `新的入库申请待平台审核：${c.productName}（${c.cityName}）`,
          content: `${c.productName} 申请在${c.cityName}入库，请审核。`,
          targetUrl: pageUrl(pages.platformListingAudit, { id: c.listing.id }),
        },
      );
    }
    if (c.action === ListingAction.PLATFORM_APPROVE) {
      for (const orgId of await repo.cityGovernmentOrgIds(tx, c.listing.cityCode)) {
        await sendMessage(
          tx,
          { orgId, roles: [Role.CITY_COMMITTEE] },
          {
            channel: 'materials',
            title: `新的入库申请待城市审核：${c.productName}`,
            content: `${c.productName} 申请在${c.cityName}入库，已通过平台审核，请审核。`,
            targetUrl: pageUrl(pages.cityListingAudit, { id: c.listing.id }),
          },
        );
      }
    }
    if (touchesListed(c.from, c.to) || c.action === ListingAction.DELETE) {
      await recomputeProductTags(tx, c.listing.productId);
    }
  }

  /** The manufacturer's product (404 for another organisation's) and the caller's actor for it. */
  async function ownProduct(tx: Tx, user: SessionUser, productId: number) {
    const product = ownRowOr404(user, await repo.findProduct(tx, productId), '产品不存在');
    const actor: ListingActorValue = user.roles.includes(Role.ENTERPRISE_ADMIN)
      ? 'manufacturer_admin'
      : 'manufacturer_staff';
    return { product, actor };
  }

  /** Reasons a submission of this pair cannot go ahead (empty: it can). */
  function submitBlockers(
    product: { enableStatus: number },
    org: { certStatus: number } | undefined,
    form: CityForm,
    values: ReadonlyMap<number, ElementValue>,
  ): string[] {
    const reasons: string[] = [];
    if (product.enableStatus !== ProductEnableStatus.ENABLED) reasons.push('产品已停用，启用后才能提交入库');
    if (org?.certStatus !== CertStatus.CERTIFIED) reasons.push('企业尚未通过认证，认证通过后才能提交入库');
    const missing = missingRequiredElements(form.rules, values);
    if (missing.length > 0) reasons.push(`请先填写必填要素：${missing.map((e) => e.name).join('、')}`);
    return reasons;
  }

  /**
   * Save (and, with `submit`, submit) one product × city with its values, in the caller's transaction. `merge` keeps
   * stored values of elements not given (batch listing); otherwise the values given replace the stored ones.
   */
  async function write(
    tx: Tx,
    user: SessionUser,
    input: { productId: number; cityCode: string; values: readonly ValueInput[]; submit: boolean },
    mode: { strict: boolean; merge: boolean },
  ) {
    const { product, actor } = await ownProduct(tx, user, input.productId);
    if (!(await isOpenedCity(tx, input.cityCode))) {
      throw invalidInput([{ field: 'cityCode', message: '该城市尚未开通入库' }]);
    }
    const existing = await repo.findListingByPair(tx, product.id, input.cityCode);
    const from = (existing?.status ?? null) as Parameters<typeof transition>[2];
    const action = input.submit ? ListingAction.SUBMIT : ListingAction.SAVE;
    const t = transition(actor, action, from);
    if (!t.ok) throw t.refusal === 'actor' ? forbidden() : stateRefusal(from);

    const form = await loadCityForm(tx, input.cityCode);
    const given = await readValues(tx, form, input.values, { orgId: product.orgId, userId: user.userId }, mode.strict);
    const values =
      mode.merge && existing ? new Map([...storedValues(form, await repo.valuesOf(tx, existing.id)), ...given]) : given;
    if (input.submit) {
      const org = await repo.findOrg(tx, product.orgId);
      const blockers = submitBlockers(product, org, form, values);
      if (blockers.length > 0) {
        const missing = missingRequiredElements(form.rules, values);
        throw invalidInput(
          missing.length > 0
            ? missing.map((e) => ({ field: `elements.${e.id}`, message: `请填写「${e.name}」` }))
            : [{ field: 'productId', message: blockers[0] as string }],
          blockers[0],
        );
      }
    }
    const govProcurement = meetsDemandStandard(form.rules, values);
    const to = t.to as number;
    const submitted = input.submit
      ? { rejectReason: null, notGreen: false, notGreenReason: null, submittedAt: new Date(), listedAt: null }
      : {};
    const listing = existing
      ? await repo.updateListing(tx, existing.id, existing.status, { status: to, govProcurement, ...submitted })
      : await repo.insertListing(tx, {
          productId: product.id,
          orgId: product.orgId,
          cityCode: input.cityCode,
          status: to,
          govProcurement,
          createdBy: user.userId,
          ...submitted,
        });
    if (!listing) throw conflict('入库记录已变化，请刷新后重试');
    await repo.replaceValues(tx, listing.id, valueRows(form, values));
    const cityName = (await repo.cityNames(tx, [input.cityCode])).get(input.cityCode) ?? input.cityCode;
    await record(tx, { user, listing, productName: product.name, cityName, action, from, to });
    return {
      id: listing.id,
      productId: listing.productId,
      cityCode: listing.cityCode,
      status: listing.status,
      statusName: statusName(listing.status),
      govProcurement: listing.govProcurement,
    };
  }

  /**
   * The auditor's answers to the approval form of its step (nationwide groups for the platform, the city's own for
   * the city): checked like a manufacturer's values, files the auditor's own uploads; to approve (or list as not
   * green) every required element must be answered, a rejection needs only its reason.
   */
  async function approvalAnswers(
    tx: Tx,
    user: SessionUser,
    cityCode: string,
    action: ListingActionValue,
    input: readonly ValueInput[],
  ): Promise<AuditFormAnswer[]> {
    const step = AUDIT_STEP[action];
    if (!step) return [];
    const form = await loadApprovalForm(tx, step === 'platform' ? null : cityCode);
    const values = await readValues(tx, form, input, { orgId: user.orgId, userId: user.userId }, true);
    if (action !== ListingAction.PLATFORM_REJECT && action !== ListingAction.CITY_REJECT) {
      const missing = missingRequiredElements(form.rules, values);
      if (missing.length > 0) {
        throw invalidInput(
          missing.map((e) => ({ field: `elements.${e.id}`, message: `请填写审核要点「${e.name}」` })),
          `请先填写审核要点：${missing.map((e) => e.name).join('、')}`,
        );
      }
    }
    return answerSnapshot(form, values, await repo.uploadNames(tx, fileIdsOf(form, values)));
  }

  /** An auditor's or the manufacturer's decision on one listing. */
  async function act(
    user: SessionUser,
    id: number,
    action: ListingActionValue,
    reason: string | null = null,
    values: readonly ValueInput[] = [],
  ) {
    return db.transaction(async (tx) => {
      const { view, actor } = await visibleListing(tx, user, id);
      const from = view.listing.status as Parameters<typeof transition>[2];
      const t = transition(actor, action, from);
      if (!t.ok) {
        throw t.refusal === 'actor'
          ? forbidden('您无权进行此操作')
          : conflict(`入库记录当前状态为「${statusName(from)}」，不能进行此操作，请刷新后重试`);
      }
      if (t.needsReason && !reason) throw invalidInput([{ field: 'reason', message: '请填写原因' }]);
      const answers = await approvalAnswers(tx, user, view.listing.cityCode, action, values);
      // An auditor's decision keeps the findings of the documents as read that were before it (never decided by them).
      const readings = AUDIT_DECISIONS.has(action)
        ? await readingDigest(
            tx,
            await productEvidenceDocuments(tx, view.listing.productId, listingSubjectFacts(view.listing, actor)),
          )
        : [];
      const change = {
        readings,
        user,
        listing: view.listing,
        productName: view.materialName,
        cityName: view.cityName ?? view.listing.cityCode,
        action,
        from,
        to: t.to,
        reason,
        answers,
      };
      if (t.to === null) {
        if (!(await repo.deleteListing(tx, id, view.listing.status))) throw conflict('入库记录已变化，请刷新后重试');
        await record(tx, change);
        return null;
      }
      const now = new Date();
      const fields: Record<string, unknown> = { status: t.to };
      if (action === ListingAction.PLATFORM_REJECT || action === ListingAction.CITY_REJECT)
        fields.rejectReason = reason;
      if (action === ListingAction.CITY_APPROVE) Object.assign(fields, { listedAt: now, notGreen: false });
      if (action === ListingAction.CITY_NOT_GREEN) {
        Object.assign(fields, { listedAt: now, notGreen: true, notGreenReason: reason });
      }
      const updated = await repo.updateListing(tx, id, view.listing.status, fields);
      if (!updated) throw conflict('入库记录已变化，请刷新后重试');
      await record(tx, change);
      return { id, status: updated.status, statusName: statusName(updated.status), notGreen: updated.notGreen };
    });
  }

  async function listAll(user: SessionUser, filter: z.output<typeof listingFilterBody>, take: number, skip: number) {
    const scope = await listScope(db, user);
    const page = await repo.listListings(db, scope, filter, { take, skip });
    return { list: page.list.map(listingItemView), total: page.total };
  }

  /** Check each product × city pair for a submission, without writing anything. */
  async function check(tx: Tx, user: SessionUser, body: z.output<typeof listingBatchBody>) {
    const cityCodes = [...new Set(body.cityCodes)];
    const names = await repo.cityNames(tx, cityCodes);
    const forms = new Map<string, CityForm | null>();
    for (const c of cityCodes) forms.set(c, (await isOpenedCity(tx, c)) ? await loadCityForm(tx, c) : null);
    const org = user.orgId === null ? undefined : await repo.findOrg(tx, user.orgId);
    const list = [];
    for (const productId of [...new Set(body.productIds)]) {
      const product = await repo.findProduct(tx, productId);
      const own = product !== undefined && product.orgId === user.orgId;
      for (const cityCode of cityCodes) {
        const form = forms.get(cityCode) ?? null;
        const existing = own ? await repo.findListingByPair(tx, productId, cityCode) : undefined;
        const reasons: string[] = [];
        if (!own) reasons.push('产品不存在');
        else if (!form) reasons.push('该城市尚未开通入库');
        else {
          const from = (existing?.status ?? null) as Parameters<typeof transition>[2];
          if (!transition('manufacturer_staff', ListingAction.SUBMIT, from).ok) {
            reasons.push(stateRefusal(from).message);
          } else {
            // Judged as the batch would submit it: the values to apply over the saved draft's.
            const stored = existing ? storedValues(form, await repo.valuesOf(tx, existing.id)) : new Map();
            const given = await readValues(
              tx,
              form,
              body.values,
              { orgId: product.orgId, userId: user.userId },
              false,
            ).catch((error: unknown) => {
              if (!(error instanceof AppError)) throw error;
              const fields = (error.data as { fields?: { message: string }[] } | null)?.fields ?? [];
              reasons.push(...(fields.length > 0 ? fields.map((f) => f.message) : [error.message]));
              return new Map<number, ElementValue>();
            });
            reasons.push(...submitBlockers(product, org, form, new Map([...stored, ...given])));
          }
        }
        list.push({
          productId,
          productName: own ? product.name : null,
          cityCode,
          cityName: names.get(cityCode) ?? null,
          canList: reasons.length === 0,
          reasons,
          listingId: existing?.id ?? null,
          status: existing?.status ?? null,
        });
      }
    }
    return list;
  }

  return {
    /** addOrUpdateProductsSettledInCitiesDynamic */
    async save(user: SessionUser, body: SaveBody) {
      if (user.orgType !== OrgType.MANUFACTURER) throw notFound('产品不存在');
      return db.transaction((tx) => write(tx, user, body, { strict: true, merge: false }));
    },

    /** batchProductsSettledInCities2: one transaction per pair, a result per pair. */
    async batch(user: SessionUser, body: z.output<typeof listingBatchBody>) {
      if (user.orgType !== OrgType.MANUFACTURER) throw notFound('产品不存在');
      const list = [];
      for (const productId of [...new Set(body.productIds)]) {
        for (const cityCode of [...new Set(body.cityCodes)]) {
          try {
            const saved = await db.transaction((tx) =>
              write(
                tx,
                user,
                { productId, cityCode, values: body.values, submit: true },
                { strict: false, merge: true },
              ),
            );
            list.push({ productId, cityCode, ok: true, listingId: saved.id, status: saved.status, reasons: [] });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const fields = (error.data as { fields?: { message: string }[] } | null)?.fields;
            const existing = await repo.findListingByPair(db, productId, cityCode).catch(() => undefined);
            const own = existing !== undefined && existing.orgId === user.orgId;
            list.push({
              productId,
              cityCode,
              ok: false,
              listingId: own ? existing.id : null,
              status: own ? existing.status : null,
              reasons: fields && fields.length > 0 ? fields.map((f) => f.message) : [error.message],
            });
          }
        }
      }
      const succeeded = list.filter((r) => r.ok).length;
      return { succeeded, failed: list.length - succeeded, list };
    },

    /** checkData */
    async check(user: SessionUser, body: z.output<typeof listingBatchBody>) {
      return { list: await check(db, user, body) };
    },

    async list(user: SessionUser, body: z.output<typeof listingListBody>) {
      const { take, skip, ...filter } = body;
      return listAll(user, filter, take, skip);
    },

    /** The rows of an export (at most EXPORT_LIMIT). */
    async exportItems(user: SessionUser, filter: z.output<typeof listingFilterBody>) {
      return (await listAll(user, filter, EXPORT_LIMIT, 0)).list;
    },

    async detail(user: SessionUser, body: { id: number } | { productId: number; cityCode: string }) {
      let id: number;
      if ('id' in body) id = body.id;
      else {
        const found = await repo.findListingByPair(db, body.productId, body.cityCode);
        if (!found) throw notFound('入库记录不存在');
        id = found.id;
      }
      const { view, actor } = await visibleListing(db, user, id);
      const form = await loadCityForm(db, view.listing.cityCode);
      const values = storedValues(form, await repo.valuesOf(db, id));
      const names = await repo.uploadNames(db, fileIdsOf(form, values));
      const last = async (action: ListingActionValue) => {
        const [row] = await repo.auditRows(db, id, action, 1);
        return row ? auditLogView(row) : null;
      };
      const allowed = allowedActions(actor, view.listing.status as Parameters<typeof transition>[2]);
      const step = allowed.map((a) => AUDIT_STEP[a]).find((s) => s !== undefined);
      return {
        listing: listingItemView(view),
        groups: form.groups,
        values: [...values.values()].map((v) => ({
          ...v,
          resources: (v.resourceValue ?? []).map((fid) => ({ id: fid, name: names.get(fid) ?? '' })),
        })),
        evidence: evidenceView(await repo.evidence(db, view.listing.productId)),
        lastPlatformReject: await last(ListingAction.PLATFORM_REJECT),
        lastCityReject: await last(ListingAction.CITY_REJECT),
        notGreenLog: await last(ListingAction.CITY_NOT_GREEN),
        allowedActions: allowed,
        approvalGroups: step
          ? (await loadApprovalForm(db, step === 'platform' ? null : view.listing.cityCode)).groups
          : [],
      };
    },

    platformApprove: (user: SessionUser, id: number, body: Decision) =>
      act(user, id, ListingAction.PLATFORM_APPROVE, null, body.values),
    platformReject: (user: SessionUser, id: number, body: ReasonDecision) =>
      act(user, id, ListingAction.PLATFORM_REJECT, body.reason, body.values),
    cityApprove: (user: SessionUser, id: number, body: Decision) =>
      act(user, id, ListingAction.CITY_APPROVE, null, body.values),
    cityReject: (user: SessionUser, id: number, body: ReasonDecision) =>
      act(user, id, ListingAction.CITY_REJECT, body.reason, body.values),
    cityNotGreen: (user: SessionUser, id: number, body: ReasonDecision) =>
      act(user, id, ListingAction.CITY_NOT_GREEN, body.reason, body.values),
    delist: (user: SessionUser, id: number) => act(user, id, ListingAction.DELIST),
    async remove(user: SessionUser, id: number) {
      await act(user, id, ListingAction.DELETE);
      return { id, deleted: true };
    },

    /** A file of a listing the caller may see: one of its file values, or one of the product's documents or images. */
    async file(user: SessionUser, id: number, uploadId: number) {
      const { view } = await visibleListing(db, user, id);
      const values = (await repo.valuesOf(db, id)).flatMap((v) => v.resourceValue ?? []);
      const evidence = await repo.evidence(db, view.listing.productId);
      const answered = (await repo.auditRows(db, id)).flatMap((r) => answersOf(r.log.detail).flatMap((a) => a.files));
      const allowed = new Set<number>([
        ...values,
        ...answered.map((f) => f.id),
        ...evidence.documents.flatMap((d) => (d.uploadId === null ? [] : [d.uploadId])),
        ...(evidence.product?.product.images ?? []),
      ]);
      if (!allowed.has(uploadId)) throw notFound('文件不存在');
      return files.getUnchecked(uploadId);
    },
    openFile: (sha256: string) => files.open(sha256),

    async auditLog(user: SessionUser, id: number) {
      await visibleListing(db, user, id);
      return (await repo.auditRows(db, id)).map(auditLogView);
    },

    async lastAuditLog(user: SessionUser, id: number, action: ListingActionValue) {
      await visibleListing(db, user, id);
      const [row] = await repo.auditRows(db, id, action, 1);
      return row ? auditLogView(row) : null;
    },

    async pushCities() {
      const rows = await repo.pushCities(db);
      return rows.map((r) => ({
        cityCode: r.cityCode,
        cityName: r.cityName ?? r.cityCode,
        provinceName: r.provinceName,
        letter: r.letter,
      }));
    },
  };
}
