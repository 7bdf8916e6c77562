import {
  ListingActor,
  type ListingActorValue,
  materialTypeLabels,
  OPEN_REVISION_STATUSES,
  type ProductDocumentKindValue,
  pages,
  pageUrl,
  productDocumentKindLabels,
  READ_DOCUMENT_KINDS,
  RevisionStatus,
  type RevisionStatusValue,
  type RevisionView,
  Role,
  revisionStatusLabels,
} from '@jcbb/contract';
import { formatShanghaiTime, shanghaiDate } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId, isOwnOrg } from '../../lib/access.ts';
import { type AuditAction, recordAudit } from '../../lib/audit.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import {
  evidenceDocumentOf,
  productEvidenceDocument,
  type ReadingSubjectGate,
  readingDigest,
  readingsOf,
} from '../evidence-reading/index.ts';
import { cityGovernmentOrgIds, committeeCity, cityNames as listingCityNames, transition } from '../listing/index.ts';
import { sendMessage } from '../message/index.ts';
import type { DocumentFacts, FactChange, FactGate, NewSpec, SpecFacts } from '../product/index.ts';
import {
  deleteDocument,
  deleteSpec,
  findOwnDocument,
  findOwnProduct,
  findOwnSpec,
  insertDocument,
  insertSpec,
  recomputeProductTags,
  updateProduct,
  updateSpec,
} from '../product/index.ts';
import { mergeChange } from './revision.changes.ts';
import * as repo from './revision.repository.ts';

/** audit_log.entity_type of revisions. */
const ENTITY = 'product_revision';

const ACTION_NAMES: Record<string, string> = {
  submit: '提交变更',
  amend: '修改变更',
  platform_approve: '平台审核通过',
  platform_reject: '平台驳回',
  city_approve: '城市审核通过',
  city_reject: '城市驳回',
  withdraw: '撤回',
  apply: '变更生效',
};

type Decision = 'approve' | 'reject';

/**
 * Revisions of listed products' approved facts (docs/decisions.md, "Approved facts and revisions"): the gate the
 * product services pass every change of an approved fact through, the platform's and the cities' decisions (the
 * listing workflow's transition table), and applying an approved revision.
 */
export function createRevisionService({ db }: { db: Db }) {
  async function audit(
    tx: Tx,
    rev: { id: number; orgId: number },
    user: SessionUser,
    action: AuditAction<'product_revision'>,
    from: number | null,
    to: number | null,
    extra: { reason?: string | null; cityCode?: string | null; detail?: Record<string, unknown> } = {},
  ) {
    await recordAudit(tx, {
      entity: ENTITY,
      entityId: rev.id,
      orgId: rev.orgId,
      actor: user,
      action,
      fromState: from,
      toState: to,
      reason: extra.reason ?? null,
      data: { ...(extra.cityCode ? { cityCode: extra.cityCode } : {}), ...(extra.detail ?? {}) },
    });
  }

  async function productName(tx: Tx, productId: number) {
    return (await repo.productNames(tx, [productId])).get(productId)?.name ?? '';
  }

  async function notifyOwner(tx: Tx, rev: repo.RevisionRow, title: string, why?: string | null) {
    await sendMessage(
      tx,
      { orgId: rev.orgId },
      {
        channel: 'materials',
        title,
        content: `${title}。${why ? `原因：${why}。` : ''}`,
        targetUrl: pageUrl(pages.productDetails, { id: rev.productId }),
      },
    );
  }

  const gate: FactGate = {
    async propose(tx, user, productId, change) {
      // One change of a product's facts at a time: the product row is the lock.
      await repo.lockProduct(tx, productId);
      const open = await repo.lockOpenRevision(tx, productId);
      const listedIn = await repo.listedCities(tx, productId);
      // The cities whose committees decide: where it is listed and a committee exists to audit (a listing passed one).
      const cities: string[] = [];
      for (const code of listedIn) {
        if ((await cityGovernmentOrgIds(tx, code)).length > 0) cities.push(code);
      }
      if (listedIn.length === 0 && !open) return null;
      if (!open) {
        const changes = mergeChange([], change);
        if (changes.length === 0) return null;
        const rev = await repo.insertRevision(tx, {
          productId,
          orgId: callerOrgId(user),
          status: RevisionStatus.PLATFORM_AUDIT,
          changes,
          cityCodes: cities,
          createdBy: user.userId,
        });
        await audit(tx, rev, user, 'submit', null, rev.status);
        const name = await productName(tx, productId);
        await sendMessage(
          tx,
          { platformRoles: [Role.SUPER_ADMIN] },
          {
            channel: 'materials',
            title: `已入库产品的变更待平台审核：${name}`,
            content: `${name} 修改了已审核的产品信息，请核对变更前后的内容。`,
            targetUrl: pageUrl(pages.platformRevisionDetail, { id: rev.id }),
          },
        );
        return rev.id;
      }
      const changes = mergeChange(open.changes as FactChange[], change);
      if (changes.length === 0) {
        // Edited back to the approved facts: nothing is left to decide.
        await repo.updateRevision(tx, open.id, { status: RevisionStatus.WITHDRAWN, changes, decidedAt: new Date() });
        await audit(tx, open, user, 'withdraw', open.status, RevisionStatus.WITHDRAWN, {
          reason: '修改已恢复为审核通过的内容',
        });
        return open.id;
      }
      // An amended revision is a new question: it goes back to the platform, and every city decides again.
      await repo.updateRevision(tx, open.id, {
        status: RevisionStatus.PLATFORM_AUDIT,
        changes,
        cityCodes: listedIn.length > 0 ? cities : open.cityCodes,
        approvedCityCodes: [],
        reason: null,
      });
      await audit(tx, open, user, 'amend', open.status, RevisionStatus.PLATFORM_AUDIT);
      return open.id;
    },
  };

  /** The caller's actor for a revision, or null when the caller may not see it (404). */
  async function actorFor(tx: Tx, user: SessionUser, rev: repo.RevisionRow): Promise<ListingActorValue | null> {
    if (isOwnOrg(user, rev.orgId)) {
      return user.roles.includes(Role.ENTERPRISE_ADMIN)
        ? ListingActor.MANUFACTURER_ADMIN
        : ListingActor.MANUFACTURER_STAFF;
    }
    if (user.roles.includes(Role.SUPER_ADMIN)) return ListingActor.PLATFORM;
    const city = await committeeCity(tx, user);
    const cityStates: number[] = [RevisionStatus.CITY_AUDIT, RevisionStatus.APPROVED, RevisionStatus.CITY_REJECTED];
    if (city !== null && rev.cityCodes.includes(city) && cityStates.includes(rev.status)) return ListingActor.CITY;
    return null;
  }

  async function visible(tx: Tx, user: SessionUser, id: number) {
    const rev = await repo.findRevision(tx, id);
    const actor = rev ? await actorFor(tx, user, rev) : null;
    if (!rev || actor === null) throw notFound('变更记录不存在');
    return { rev, actor };
  }

  function actionsFor(actor: ListingActorValue, rev: repo.RevisionRow, city: string | null): RevisionView['actions'] {
    const open = (OPEN_REVISION_STATUSES as readonly number[]).includes(rev.status);
    if (actor === ListingActor.MANUFACTURER_ADMIN || actor === ListingActor.MANUFACTURER_STAFF) {
      return open ? ['withdraw'] : [];
    }
    const status = rev.status as RevisionStatusValue;
    if (actor === ListingActor.PLATFORM) {
      return transition(actor, 'platform_approve', status as 1).ok ? ['approve', 'reject'] : [];
    }
    if (city !== null && !rev.approvedCityCodes.includes(city) && transition(actor, 'city_approve', status as 2).ok) {
      return ['approve', 'reject'];
    }
    return [];
  }

  async function diffRows(tx: Tx, changes: FactChange[]): Promise<RevisionView['diff']> {
    const codes = new Set<string>();
    const units = new Set<number>();
    for (const c of changes) {
      if (c.kind === 'product') codes.add(c.before.classifyCode).add(c.after.classifyCode);
      if (c.kind === 'spec_update') units.add(c.before.unitId).add(c.after.unitId);
      if (c.kind === 'spec_add') units.add(c.after.unitId);
      if (c.kind === 'spec_delete') units.add(c.before.unitId);
    }
    const classNames = await repo.classificationNames(tx, [...codes]);
    const unitNames = await repo.unitNames(tx, [...units]);
    const unit = (id: number) => unitNames.get(id) ?? String(id);
    const specText = (s: SpecFacts | NewSpec) =>
      `${s.name} / ${s.model} / ${unit(s.unitId)}${'price' in s && s.price !== null ? ` / ¥${s.price}` : ''}`;
    const docText = (d: DocumentFacts) =>
      [
        d.name,
        d.certNo ? `证书编号 ${d.certNo}` : null,
        d.starRating ? `${d.starRating} 星` : null,
        d.validUntil ? `有效期至 ${d.validUntil}` : null,
      ]
        .filter(Boolean)
        .join('，');
    const kindName = (k: number) => productDocumentKindLabels[k as ProductDocumentKindValue]?.zh ?? '文件';
    const rows: RevisionView['diff'] = [];
    for (const c of changes) {
      if (c.kind === 'product') {
        const show: Record<string, [string, (v: unknown) => string | null]> = {
          name: ['产品名称', (v) => (v as string) ?? null],
          brand: ['品牌', (v) => (v as string | null) ?? null],
          classifyCode: ['产品分类', (v) => `${classNames.get(v as string) ?? ''}（${v as string}）`],
          materialType: ['材料类型', (v) => materialTypeLabels[v as number] ?? String(v)],
          description: ['产品描述', (v) => (v as string | null) ?? null],
          images: ['产品图片', (v) => `${(v as number[]).length} 张（编号 ${(v as number[]).join('、') || '无'}）`],
        };
        for (const [field, [fieldName, text]] of Object.entries(show)) {
          const before = c.before[field as keyof typeof c.before];
          const after = c.after[field as keyof typeof c.after];
          if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) continue;
          rows.push({
            target: 'product',
            targetName: '产品',
            change: 'update',
            field,
            fieldName,
            before: text(before),
            after: text(after),
          });
        }
      } else if (c.kind === 'spec_update') {
        const fields: [keyof SpecFacts, string, (v: unknown) => string][] = [
          ['name', '规格名称', (v) => v as string],
          ['model', '型号', (v) => v as string],
          ['unitId', '计量单位', (v) => unit(v as number)],
        ];
        for (const [field, fieldName, text] of fields) {
          if (c.before[field] === c.after[field]) continue;
          rows.push({
            target: 'spec',
            targetName: `规格 ${c.before.name} ${c.before.model}`,
            change: 'update',
            field,
            fieldName,
            before: text(c.before[field]),
            after: text(c.after[field]),
          });
        }
      } else if (c.kind === 'spec_add' || c.kind === 'spec_delete') {
        const s = c.kind === 'spec_add' ? c.after : c.before;
        rows.push({
          target: 'spec',
          targetName: `规格 ${s.name} ${s.model}`,
          change: c.kind === 'spec_add' ? 'add' : 'delete',
          field: null,
          fieldName: c.kind === 'spec_add' ? '新增规格' : '删除规格',
          before: c.kind === 'spec_delete' ? specText(s) : null,
          after: c.kind === 'spec_add' ? specText(s) : null,
        });
      } else {
        const d = c.kind === 'document_add' ? c.after : c.before;
        rows.push({
          target: 'document',
          targetName: `${kindName(d.kind)} ${d.name}`,
          change: c.kind === 'document_add' ? 'add' : 'delete',
          field: null,
          fieldName: c.kind === 'document_add' ? `新增${kindName(d.kind)}` : `删除${kindName(d.kind)}`,
          before: c.kind === 'document_delete' ? docText(d) : null,
          after: c.kind === 'document_add' ? docText(d) : null,
          // A proposed file: the console shows it as read (docs/evidence-reading.md).
          ...(c.kind === 'document_add' && d.uploadId !== null
            ? { document: { uploadId: d.uploadId, kind: d.kind } }
            : {}),
        });
      }
    }
    return rows;
  }

  async function viewOf(tx: Tx, rev: repo.RevisionRow, user: SessionUser | null): Promise<RevisionView> {
    const product = (await repo.productNames(tx, [rev.productId])).get(rev.productId);
    const cityNames = await listingCityNames(tx, rev.cityCodes);
    const creator = (await repo.userNames(tx, [rev.createdBy])).get(rev.createdBy) ?? null;
    const history = await repo.historyOf(tx, rev.id);
    const actor = user ? await actorFor(tx, user, rev) : null;
    const city = user ? await committeeCity(tx, user) : null;
    return {
      id: rev.id,
      productId: rev.productId,
      productName: product?.name ?? '',
      companyId: rev.orgId,
      companyName: product?.orgName ?? '',
      status: rev.status,
      statusName: revisionStatusLabels[rev.status as RevisionStatusValue]?.zh ?? '',
      cities: rev.cityCodes.map((cityCode) => ({
        cityCode,
        cityName: cityNames.get(cityCode) ?? cityCode,
        approved: rev.approvedCityCodes.includes(cityCode),
      })),
      diff: await diffRows(tx, rev.changes as FactChange[]),
      proposedProduct: (rev.changes as FactChange[]).flatMap((c) => (c.kind === 'product' ? [c.after] : []))[0] ?? null,
      reason: rev.reason,
      createdByName: creator,
      createTime: formatShanghaiTime(rev.createdAt),
      updateTime: formatShanghaiTime(rev.updatedAt),
      actions: actor === null ? [] : actionsFor(actor, rev, city),
      history: history.map(({ log, actorName }) => ({
        action: log.action,
        actionName: ACTION_NAMES[log.action] ?? log.action,
        fromStatus: log.fromState === null ? null : Number(log.fromState),
        toStatus: log.toState === null ? null : Number(log.toState),
        actorName,
        reason: log.reason,
        cityCode: ((log.detail ?? {}) as { cityCode?: string }).cityCode ?? null,
        readings: readingsOf(log.detail),
        time: formatShanghaiTime(log.createdAt),
      })),
    };
  }

  /** Apply an approved revision's changes to the product, in order, and recompute its tags. */
  async function apply(tx: Tx, rev: repo.RevisionRow) {
    for (const c of rev.changes as FactChange[]) {
      switch (c.kind) {
        case 'product':
          await updateProduct(tx, rev.productId, { ...c.after, updatedAt: new Date() });
          break;
        case 'spec_update': {
          const own = await findOwnSpec(tx, rev.orgId, c.specId);
          if (own && own.spec.productId === rev.productId) await updateSpec(tx, c.specId, c.after);
          break;
        }
        case 'spec_add':
          await insertSpec(tx, { ...c.after, productId: rev.productId });
          break;
        case 'spec_delete': {
          const own = await findOwnSpec(tx, rev.orgId, c.specId);
          if (own && own.spec.productId === rev.productId) await deleteSpec(tx, c.specId);
          break;
        }
        case 'document_add':
          await insertDocument(tx, {
            ...c.after,
            productId: rev.productId,
            createdBy: rev.createdBy,
          });
          break;
        case 'document_delete': {
          const own = await findOwnDocument(tx, rev.orgId, c.documentId);
          if (own && own.productId === rev.productId) await deleteDocument(tx, c.documentId);
          break;
        }
      }
    }
    await recomputeProductTags(tx, rev.productId);
  }

  /**
   * A revision's certificates and test reports as read (docs/evidence-reading.md): a proposed document with the facts
   * typed beside it, or one the product already has; whoever sees the revision sees them, its auditors review them.
   */
  const subjectOf = (rev: repo.RevisionRow, actor: ListingActorValue | null) => ({
    subjectKey: `revision:${rev.id}`,
    useDate: shanghaiDate(rev.updatedAt),
    canReview: actor === ListingActor.PLATFORM || actor === ListingActor.CITY,
    editionCode: null,
    partyOrgIds: [rev.orgId],
  });

  /**
   * The proposed certificates and test reports as the deciding auditor saw them (the diff's tags), for the audit row
   * of the decision: per file, its reading's state and the findings that did not agree.
   */
  async function readingsBefore(tx: Tx, rev: repo.RevisionRow, actor: ListingActorValue) {
    const subject = subjectOf(rev, actor);
    const docs = (rev.changes as FactChange[]).flatMap((c) =>
      c.kind === 'document_add' && c.after.uploadId !== null && READ_DOCUMENT_KINDS.includes(c.after.kind)
        ? [evidenceDocumentOf(c.after, rev.productId, c.after.uploadId, subject)]
        : [],
    );
    return readingDigest(tx, docs);
  }

  const readingSubject: ReadingSubjectGate = {
    async resolve(tx, user, id, uploadId) {
      const { rev, actor } = await visible(tx, user, id);
      const subject = subjectOf(rev, actor);
      for (const change of rev.changes as FactChange[]) {
        if (change.kind === 'document_add' && change.after.uploadId === uploadId) {
          return evidenceDocumentOf(change.after, rev.productId, uploadId, subject);
        }
      }
      return productEvidenceDocument(tx, rev.productId, uploadId, subject);
    },
  };

  return {
    gate,
    readingSubject,

    async list(user: SessionUser, body: { take: number; skip: number; status?: number; productId?: number }) {
      return db.transaction(async (tx) => {
        let scope: repo.RevisionScope;
        if (user.roles.includes(Role.SUPER_ADMIN)) {
          scope = { statuses: body.status === undefined ? [RevisionStatus.PLATFORM_AUDIT] : [body.status] };
        } else {
          const city = await committeeCity(tx, user);
          if (city !== null) {
            const cityStates = [RevisionStatus.CITY_AUDIT, RevisionStatus.APPROVED, RevisionStatus.CITY_REJECTED];
            const wanted = body.status === undefined ? [RevisionStatus.CITY_AUDIT] : [body.status];
            scope = { cityCode: city, statuses: wanted.filter((s) => (cityStates as number[]).includes(s)) };
          } else if (user.orgId !== null) {
            scope = { orgId: user.orgId, ...(body.status === undefined ? {} : { statuses: [body.status] }) };
          } else {
            return { list: [], total: 0 };
          }
        }
        if (scope.statuses?.length === 0) return { list: [], total: 0 };
        const { rows, total } = await repo.listRevisions(tx, { ...scope, productId: body.productId }, body);
        const list = [];
        for (const rev of rows) {
          const { history: _h, actions: _a, ...item } = await viewOf(tx, rev, null);
          list.push(item);
        }
        return { list, total };
      });
    },

    detail(user: SessionUser, id: number) {
      return db.transaction(async (tx) => viewOf(tx, (await visible(tx, user, id)).rev, user));
    },

    /** The open and the latest closed revision of one of the caller's products. */
    ofProduct(user: SessionUser, productId: number) {
      return db.transaction(async (tx) => {
        const product = user.orgId === null ? undefined : await findOwnProduct(tx, user.orgId, productId);
        if (!product) throw notFound('产品不存在');
        const open = await repo.lockOpenRevision(tx, productId);
        const last = await repo.latestClosedRevision(tx, productId);
        return {
          open: open ? await viewOf(tx, open, user) : null,
          last: last ? await viewOf(tx, last, user) : null,
        };
      });
    },

    decide(user: SessionUser, id: number, decision: Decision, reason: string | null = null) {
      return db.transaction(async (tx) => {
        const found = await visible(tx, user, id);
        const rev = (await repo.lockRevision(tx, id)) as repo.RevisionRow;
        const actor = found.actor;
        if (actor === ListingActor.MANUFACTURER_ADMIN || actor === ListingActor.MANUFACTURER_STAFF) throw forbidden();
        const city = actor === ListingActor.CITY ? await committeeCity(tx, user) : null;
        const action =
          actor === ListingActor.PLATFORM
            ? decision === 'approve'
              ? 'platform_approve'
              : 'platform_reject'
            : decision === 'approve'
              ? 'city_approve'
              : 'city_reject';
        const result = transition(actor, action, rev.status as RevisionStatusValue as 1);
        if (!result.ok) throw result.refusal === 'actor' ? forbidden() : conflict('该变更当前不能这样处理');
        if (city !== null && rev.approvedCityCodes.includes(city)) throw conflict('本市已审核通过该变更');
        const name = await productName(tx, rev.productId);
        // What the auditor had before it on the proposed documents, kept with the decision (docs/evidence-reading.md).
        const detail = { readings: await readingsBefore(tx, rev, actor) };
        if (decision === 'reject') {
          const to = result.to as number;
          await repo.updateRevision(tx, rev.id, { status: to, reason, decidedAt: new Date() });
          await audit(tx, rev, user, action, rev.status, to, { reason, cityCode: city, detail });
          await notifyOwner(tx, rev, `产品变更未通过${city ? '城市' : '平台'}审核：${name}`, reason);
          return { id: rev.id, status: to };
        }
        if (actor === ListingActor.PLATFORM && rev.cityCodes.length === 0) {
          // Listed only where no committee audits: the platform's approval is the last.
          await repo.updateRevision(tx, rev.id, { status: RevisionStatus.APPROVED, decidedAt: new Date() });
          await audit(tx, rev, user, action, rev.status, RevisionStatus.APPROVED, { detail });
          await apply(tx, rev);
          await notifyOwner(tx, rev, `产品变更已通过审核并生效：${name}`);
          return { id: rev.id, status: RevisionStatus.APPROVED as number };
        }
        if (actor === ListingActor.PLATFORM) {
          await repo.updateRevision(tx, rev.id, { status: RevisionStatus.CITY_AUDIT });
          await audit(tx, rev, user, action, rev.status, RevisionStatus.CITY_AUDIT, { detail });
          for (const cityCode of rev.cityCodes) {
            for (const orgId of await cityGovernmentOrgIds(tx, cityCode)) {
              await sendMessage(
                tx,
                { orgId, roles: [Role.CITY_COMMITTEE] },
                {
                  channel: 'materials',
                  title: `已入库产品的变更待城市审核：${name}`,
                  content: `${name} 修改了已审核的产品信息，已通过平台审核，请核对变更前后的内容。`,
                  targetUrl: pageUrl(pages.cityRevisionDetail, { id: rev.id }),
                },
              );
            }
          }
          return { id: rev.id, status: RevisionStatus.CITY_AUDIT as number };
        }
        const approved = [...rev.approvedCityCodes, city as string];
        const done = rev.cityCodes.every((c) => approved.includes(c));
        const to = done ? RevisionStatus.APPROVED : RevisionStatus.CITY_AUDIT;
        await repo.updateRevision(tx, rev.id, {
          status: to,
          approvedCityCodes: approved,
          ...(done ? { decidedAt: new Date() } : {}),
        });
        await audit(tx, rev, user, action, rev.status, to, { cityCode: city, detail });
        if (done) {
          await apply(tx, rev);
          await notifyOwner(tx, rev, `产品变更已通过审核并生效：${name}`);
        }
        return { id: rev.id, status: to as number };
      });
    },

    withdraw(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const { actor } = await visible(tx, user, id);
        if (actor !== ListingActor.MANUFACTURER_ADMIN && actor !== ListingActor.MANUFACTURER_STAFF) {
          throw forbidden();
        }
        const rev = (await repo.lockRevision(tx, id)) as repo.RevisionRow;
        if (!(OPEN_REVISION_STATUSES as readonly number[]).includes(rev.status)) {
          throw new AppError(40900, '该变更已审核完毕，不能撤回');
        }
        await repo.updateRevision(tx, rev.id, { status: RevisionStatus.WITHDRAWN, decidedAt: new Date() });
        await audit(tx, rev, user, 'withdraw', rev.status, RevisionStatus.WITHDRAWN);
        return { id: rev.id, status: RevisionStatus.WITHDRAWN as number };
      });
    },
  };
}

export type RevisionService = ReturnType<typeof createRevisionService>;
