import {
  type AuthorisationActionValue,
  type AuthorisationStatusValue,
  authorisationActionLabels,
  type authorisationListBody,
  type authorisationReasonBody,
  type authorisationResumeBody,
  type authorisationSaveBody,
  authorisationStatusLabels,
  OrgType,
} from '@jcbb/contract';
import { addDays, daysBetween, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { authorisations } from '../../db/schema/index.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { tellParties } from './distribution.authorisation.messages.ts';
import * as repo from './distribution.authorisation.repository.ts';
import {
  checkCollusion,
  checkExclusivity,
  checkScope,
  type ItemOrigin,
  type Scope,
} from './distribution.authorisation.rules.ts';
import { type SignedDocument, signLetter, signStatus } from './distribution.authorisation.signing.ts';
import { detailView, listItems, sideOf, stateOf } from './distribution.authorisation.views.ts';
import {
  type AuthorisationActor,
  type AuthorisationMove,
  authorisationTransition,
} from './distribution.transitions.ts';

/**
 * Authorisations (docs/distribution.md): the maker's drafts, their issue as signed, ledger-recorded letters, the
 * distributor's acceptance, suspension, resumption, revocation and renewal. One transaction per change; only the two
 * parties see a letter (the distributor not while it is a draft), anyone else gets 404.
 */

const NOT_FOUND = '授权书不存在';
const SERIES = {
  table: authorisations,
  column: authorisations.number,
  constraint: 'authorisations_number_uq',
  prefix: 'AU',
};

type SaveBody = z.output<typeof authorisationSaveBody>;
type ListBody = z.output<typeof authorisationListBody>;
type ReasonBody = z.output<typeof authorisationReasonBody>;
type ResumeBody = z.output<typeof authorisationResumeBody>;

/** The row, if the caller is one of its parties (the distributor only once issued); else 404. */
function visibleRow(user: SessionUser, row: repo.AuthorisationRow | null): repo.AuthorisationRow {
  const orgId = callerOrgId(user);
  if (!row) throw notFound(NOT_FOUND);
  if (row.makerOrgId === orgId) return row;
  if (row.distributorOrgId === orgId && row.status !== 'draft') return row;
  throw notFound(NOT_FOUND);
}

/** Where the move leads from the letter's state today, or 403 (not this party's move) / 409 (not from this state). */
function take(actor: AuthorisationActor, move: AuthorisationMove, state: AuthorisationStatusValue) {
  const t = authorisationTransition(actor, move, state);
  if (t.ok) return t.to;
  const label = move === 'supersede' ? '取代' : authorisationActionLabels[move as AuthorisationActionValue].zh;
  if (t.refusal === 'actor')
    throw forbidden(actor === 'maker' ? `只有被授权的经销商可以${label}` : `只有签发授权的生产企业可以${label}`);
  throw conflict(`授权书${authorisationStatusLabels[state].zh}，不能${label}`);
}

/** A body's items as the letter's items (one per product, or per chosen specification), with where each came from. */
function scopeOf(body: SaveBody): { scope: Scope; origins: ItemOrigin[] } {
  const items: Scope['items'] = [];
  const origins: ItemOrigin[] = [];
  body.items.forEach((item, index) => {
    const cap = item.quantityCap === undefined ? null : String(item.quantityCap);
    if (item.specIds.length === 0) {
      items.push({ productId: item.productId, specId: null, quantityCap: cap });
      origins.push({ index, specIndex: null });
    }
    item.specIds.forEach((specId, specIndex) => {
      items.push({ productId: item.productId, specId, quantityCap: cap });
      origins.push({ index, specIndex });
    });
  });
  const project = body.kind === 'project';
  return {
    scope: {
      distributorOrgId: body.distributorOrgId,
      kind: body.kind,
      projectId: project ? (body.projectId ?? null) : null,
      projectName: project ? (body.projectName ?? null) : null,
      tenderNo: project ? (body.tenderNo ?? null) : null,
      exclusive: body.exclusive,
      regionCodes: body.regionCodes,
      validFrom: body.validFrom,
      validUntil: body.validUntil,
      items,
    },
    origins,
  };
}

async function storedScope(tx: Tx, row: repo.AuthorisationRow): Promise<Scope> {
  const items = await repo.itemsOf(tx, [row.id]);
  return {
    distributorOrgId: row.distributorOrgId,
    kind: row.kind as Scope['kind'],
    projectId: row.projectId,
    projectName: row.projectName,
    tenderNo: row.tenderNo,
    exclusive: row.exclusive,
    regionCodes: row.regionCodes,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    items: items.map((i) => ({ productId: i.productId, specId: i.specId, quantityCap: i.quantityCap })),
  };
}

/** The stored fields of a status statement just signed. */
const statusFields = (doc: SignedDocument, at: Date) => ({
  statusContent: doc.content,
  statusSignature: doc.signature,
  statusLeafIndex: doc.leafIndex,
  statusChangedAt: at,
});

async function partyNames(tx: Tx, row: repo.AuthorisationRow) {
  const orgs = await repo.orgsById(tx, [row.makerOrgId, row.distributorOrgId]);
  return { maker: orgs.get(row.makerOrgId)?.name ?? '', distributor: orgs.get(row.distributorOrgId)?.name ?? '' };
}

export function createAuthorisationService({ db }: { db: Db }) {
  const viewer = (user: SessionUser) => ({ orgId: callerOrgId(user), today: shanghaiToday() });

  async function detailOf(tx: Tx, user: SessionUser, id: number) {
    const row = visibleRow(user, await repo.findAuthorisation(tx, id));
    return detailView(tx, row, viewer(user));
  }

  /** Lock the row, check the caller may see it and take the move; the row, its state and the caller's side. */
  async function begin(tx: Tx, user: SessionUser, id: number, move: AuthorisationMove) {
    const row = visibleRow(user, await repo.findAuthorisation(tx, id, true));
    const today = shanghaiToday();
    const from = stateOf(row, today);
    const actor = sideOf(row, callerOrgId(user));
    const to = take(actor, move, from);
    return { row, from, to, today };
  }

  /** A change of status after issue: signed, on the ledger, audited, both parties told. */
  async function changeStatus(
    user: SessionUser,
    id: number,
    move: 'accept' | 'suspend' | 'resume' | 'revoke',
    reason: string | null,
  ) {
    return db.transaction(async (tx) => {
      const { row, from, to } = await begin(tx, user, id, move);
      const at = new Date();
      const status = to as 'active' | 'suspended' | 'revoked';
      const doc = await signStatus(tx, row, { status, reason, at });
      await repo.updateAuthorisation(tx, row.id, {
        status,
        statusReason: reason,
        ...statusFields(doc, at),
        ...(move === 'accept' ? { acceptedAt: at } : {}),
      });
      await recordAudit(tx, {
        entity: 'authorisation',
        entityId: row.id,
        orgId: row.makerOrgId,
        actor: user,
        action: move,
        fromState: from,
        toState: status,
        reason,
        data: { number: row.number, statusLeafIndex: doc.leafIndex },
      });
      await tellParties(tx, move, row, await partyNames(tx, row), reason);
      return detailOf(tx, user, row.id);
    });
  }

  /** Issue: number, sign, ledger, supersede the version it renews, auto-accept, messages. */
  async function issueIn(tx: Tx, user: SessionUser, id: number) {
    const { row, from, today } = await begin(tx, user, id, 'issue');
    if (row.validUntil < today)
      throw invalidInput([{ field: 'validUntil', message: '授权截止日期已过，请修改后再签发' }]);
    await repo.lockMakerIssues(tx, row.makerOrgId);
    const scope = await storedScope(tx, row);
    await checkScope(
      tx,
      row.makerOrgId,
      scope,
      scope.items.map((_, index) => ({ index, specIndex: null })),
    );
    await checkCollusion(tx, row.makerOrgId, scope);
    await checkExclusivity(tx, row.makerOrgId, row.chainId ?? row.id, scope);

    const number = await withDocumentNumber(tx, SERIES, async (sp, n) => {
      await repo.updateAuthorisation(sp, row.id, { number: n });
      return n;
    });
    const [orgs, items, regionNames, projects, previous] = await Promise.all([
      repo.orgsById(tx, [row.makerOrgId, row.distributorOrgId]),
      repo.itemsOf(tx, [row.id]),
      repo.divisionNames(tx, row.regionCodes),
      repo.projectNames(tx, row.projectId === null ? [] : [row.projectId]),
      row.supersedesId === null ? null : repo.findAuthorisation(tx, row.supersedesId, true),
    ]);
    const maker = orgs.get(row.makerOrgId);
    const distributor = orgs.get(row.distributorOrgId);
    if (!maker || !distributor) throw notFound(NOT_FOUND);
    const issuedAt = new Date();
    const letter = await signLetter(tx, {
      row,
      number,
      maker,
      distributor,
      projectName: (row.projectId === null ? undefined : projects.get(row.projectId)) ?? row.projectName,
      regions: row.regionCodes.map((code) => ({ code, name: regionNames.get(code) ?? code })),
      items,
      productUnits: await repo.productUnitsOf(tx, [...new Set(items.map((i) => i.productId))]),
      supersedesPublicId: previous?.publicId ?? null,
      issuedAt,
    });
    const issued = {
      status: 'issued' as const,
      content: letter.content,
      contentSha256: letter.sha256,
      signature: letter.signature,
      leafIndex: letter.leafIndex,
      issuedAt,
    };
    // Auto-accept: active at once, with its signed statement (the public page's state is always vouched for).
    const accepted = row.autoAccept
      ? await signStatus(tx, { ...row, number }, { status: 'active', reason: null, at: issuedAt })
      : null;
    await repo.updateAuthorisation(tx, row.id, {
      ...issued,
      ...(accepted ? { status: 'active', acceptedAt: issuedAt, ...statusFields(accepted, issuedAt) } : {}),
    });
    await recordAudit(tx, {
      entity: 'authorisation',
      entityId: row.id,
      orgId: row.makerOrgId,
      actor: user,
      action: 'issue',
      fromState: from,
      toState: accepted ? 'active' : 'issued',
      data: { number, leafIndex: letter.leafIndex, contentSha256: letter.sha256 },
    });
    const names = { maker: maker.name, distributor: distributor.name };
    const current = { ...row, number, autoAccept: row.autoAccept };
    await tellParties(tx, 'issue', current, names);
    if (previous) await supersede(tx, user, previous, { publicId: row.publicId, number }, names);
    return row.id;
  }

  /** Mark the version a renewal replaces superseded (if it is still in force or expired), signed and told. */
  async function supersede(
    tx: Tx,
    user: SessionUser,
    previous: repo.AuthorisationRow,
    successor: { publicId: string; number: string },
    names: { maker: string; distributor: string },
  ) {
    const from = stateOf(previous, shanghaiToday());
    if (!authorisationTransition('maker', 'supersede', from).ok) return;
    const at = new Date();
    const doc = await signStatus(tx, previous, {
      status: 'superseded',
      reason: null,
      at,
      supersededBy: successor.publicId,
    });
    await repo.updateAuthorisation(tx, previous.id, {
      status: 'superseded',
      statusReason: null,
      ...statusFields(doc, at),
    });
    await recordAudit(tx, {
      entity: 'authorisation',
      entityId: previous.id,
      orgId: previous.makerOrgId,
      actor: user,
      action: 'supersede',
      fromState: from,
      toState: 'superseded',
      data: { by: successor.number, statusLeafIndex: doc.leafIndex },
    });
    await tellParties(tx, 'supersede', previous, { ...names, successorNumber: successor.number });
  }

  const service = {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      const today = shanghaiToday();
      const side = user.orgType === OrgType.DISTRIBUTOR ? 'distributor' : 'maker';
      const { rows, total } = await repo.listAuthorisations(
        db,
        {
          side,
          orgId,
          today,
          status: body.status,
          keyword: body.keyword,
          untilDay: body.expiringWithinDays === undefined ? undefined : addDays(today, body.expiringWithinDays),
        },
        { take: body.take, skip: body.skip },
      );
      return { list: await listItems(db, rows, { orgId, today }), total };
    },

    detail: (user: SessionUser, id: number) => detailOf(db, user, id),

    async save(user: SessionUser, body: SaveBody) {
      const makerOrgId = callerOrgId(user);
      const { scope, origins } = scopeOf(body);
      const id = await db.transaction(async (tx) => {
        let row: repo.AuthorisationRow | null = null;
        let from: AuthorisationStatusValue | null = null;
        if (body.id !== undefined) {
          ({ row, from } = await begin(tx, user, body.id, 'save'));
          if (row.supersedesId !== null && row.distributorOrgId !== scope.distributorOrgId)
            throw invalidInput([{ field: 'distributorOrgId', message: '续签的新版本不能更换经销商' }]);
        }
        await checkScope(tx, makerOrgId, scope, origins);
        const fields = {
          distributorOrgId: scope.distributorOrgId,
          kind: scope.kind,
          projectId: scope.projectId,
          projectName: scope.projectName,
          tenderNo: scope.tenderNo,
          exclusive: scope.exclusive,
          regionCodes: scope.regionCodes,
          validFrom: scope.validFrom,
          validUntil: scope.validUntil,
          afterSalesCommitment: body.afterSalesCommitment ?? null,
          supplyCommitment: body.supplyCommitment ?? null,
          signatoryName: body.signatoryName,
          signatoryTitle: body.signatoryTitle,
          autoAccept: body.autoAccept,
        };
        let saved: number;
        if (row) {
          saved = row.id;
          await repo.updateAuthorisation(tx, saved, fields);
        } else {
          saved = await repo.insertAuthorisation(tx, {
            ...fields,
            publicId: newPublicId(),
            makerOrgId,
            createdBy: user.userId,
          });
          await repo.updateAuthorisation(tx, saved, { chainId: saved });
        }
        await repo.replaceItems(tx, saved, scope.items);
        await recordAudit(tx, {
          entity: 'authorisation',
          entityId: saved,
          orgId: makerOrgId,
          actor: user,
          action: row ? 'update' : 'create',
          fromState: from,
          toState: 'draft',
        });
        return saved;
      });
      return detailOf(db, user, id);
    },

    async remove(user: SessionUser, id: number) {
      await db.transaction(async (tx) => {
        const { row, from } = await begin(tx, user, id, 'delete');
        await repo.deleteAuthorisation(tx, row.id);
        await recordAudit(tx, {
          entity: 'authorisation',
          entityId: row.id,
          orgId: row.makerOrgId,
          actor: user,
          action: 'delete',
          fromState: from,
          toState: null,
        });
      });
      return { id };
    },

    async issue(user: SessionUser, id: number) {
      await db.transaction((tx) => issueIn(tx, user, id));
      return detailOf(db, user, id);
    },

    accept: (user: SessionUser, id: number) => changeStatus(user, id, 'accept', null),
    suspend: (user: SessionUser, body: ReasonBody) => changeStatus(user, body.id, 'suspend', body.reason),
    resume: (user: SessionUser, body: ResumeBody) => changeStatus(user, body.id, 'resume', body.reason ?? null),
    revoke: (user: SessionUser, body: ReasonBody) => changeStatus(user, body.id, 'revoke', body.reason),

    /**
     * A new draft version with the same scope and items (caps as they were, nothing shipped yet); its period starts
     * today (or the old start, if later) and runs as long again after the old end. Issuing it supersedes this one.
     */
    async renew(user: SessionUser, id: number) {
      const newId = await db.transaction(async (tx) => {
        const { row, from, today } = await begin(tx, user, id, 'renew');
        if ((await repo.successorsOf(tx, [row.id])).size > 0) throw conflict('该授权书已有续签的新版本');
        const chainId = row.chainId ?? row.id;
        const length = daysBetween(row.validFrom, row.validUntil);
        const validFrom = row.validFrom > today ? row.validFrom : today;
        const validUntil = addDays(row.validUntil > validFrom ? row.validUntil : validFrom, length + 1);
        const created = await repo.insertAuthorisation(tx, {
          publicId: newPublicId(),
          chainId,
          version: await repo.nextVersion(tx, chainId),
          supersedesId: row.id,
          makerOrgId: row.makerOrgId,
          distributorOrgId: row.distributorOrgId,
          kind: row.kind,
          projectId: row.projectId,
          projectName: row.projectName,
          tenderNo: row.tenderNo,
          exclusive: row.exclusive,
          regionCodes: row.regionCodes,
          validFrom,
          validUntil,
          afterSalesCommitment: row.afterSalesCommitment,
          supplyCommitment: row.supplyCommitment,
          signatoryName: row.signatoryName,
          signatoryTitle: row.signatoryTitle,
          autoAccept: row.autoAccept,
          createdBy: user.userId,
        });
        const items = await repo.itemsOf(tx, [row.id]);
        await repo.replaceItems(
          tx,
          created,
          items.map((i) => ({ productId: i.productId, specId: i.specId, quantityCap: i.quantityCap })),
        );
        await recordAudit(tx, {
          entity: 'authorisation',
          entityId: row.id,
          orgId: row.makerOrgId,
          actor: user,
          action: 'renew',
          fromState: from,
          toState: from,
          data: { draftId: created },
        });
        return created;
      });
      return detailOf(db, user, newId);
    },

    /** The issued letter's row and what it printed (the PDF), to either party. */
    async letter(user: SessionUser, id: number) {
      const row = visibleRow(user, await repo.findAuthorisation(db, id));
      if (row.status === 'draft' || row.content === null) throw conflict('草稿尚未签发，没有授权书');
      return { row, state: stateOf(row, shanghaiToday()) };
    },

    searchDistributors: (keyword: string) => repo.searchDistributors(db, keyword, 20),
  };
  return service;
}

export type AuthorisationService = ReturnType<typeof createAuthorisationService>;
