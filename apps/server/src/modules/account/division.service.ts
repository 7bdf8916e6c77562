import { type DivisionView, type divisionSaveBody, ResponseCode } from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './account.repository.ts';

type SaveBody = z.output<typeof divisionSaveBody>;

const NAME_TAKEN = '已有同名部门';
const nameTaken = () =>
  new AppError(ResponseCode.CONFLICT, NAME_TAKEN, { fields: [{ field: 'name', message: NAME_TAKEN }] });
const personName = (u: { realName: string | null; username: string }) => u.realName || u.username;

/** Parents before their children, siblings by name (the list is one organisation's: tens of rows). */
function treeOrder<T extends { id: number; parentId: number | null }>(rows: T[]): T[] {
  const byParent = new Map<number | null, T[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const out: T[] = [];
  const visit = (parent: number | null) => {
    for (const r of byParent.get(parent) ?? []) {
      out.push(r);
      visit(r.id);
    }
  };
  visit(null);
  return out;
}

export type DivisionService = ReturnType<typeof createDivisionService>;

/**
 * An organisation's divisions (部门; docs/account.md): any member reads them; its enterprise administrators (the
 * route's roles) create, rename, move and delete them and place members in them. Another organisation's division or
 * member answers 404; a division with members or sub-divisions is not deleted (409).
 */
export function createDivisionService({ db }: { db: Db }) {
  async function views(tx: Tx, orgId: number): Promise<DivisionView[]> {
    const rows = await repo.listDivisions(tx, orgId);
    const placed = await repo.placements(tx, orgId);
    const leaders = await repo.membersOf(
      tx,
      orgId,
      rows.flatMap((r) => (r.leaderUserId === null ? [] : [r.leaderUserId])),
    );
    const leaderById = new Map(leaders.map((l) => [l.id, l]));
    const nameById = new Map(rows.map((r) => [r.id, r.name]));
    return treeOrder(rows).map((r) => {
      const members = placed.filter((p) => p.divisionId === r.id).map((p) => ({ id: p.userId, name: personName(p) }));
      const leader = r.leaderUserId === null ? undefined : leaderById.get(r.leaderUserId);
      return {
        id: r.id,
        name: r.name,
        parentId: r.parentId,
        parentName: r.parentId === null ? null : (nameById.get(r.parentId) ?? null),
        leader: leader ? { id: leader.id, name: personName(leader) } : null,
        memberCount: members.length,
        members,
        createdAt: formatShanghaiTime(r.createdAt),
      };
    });
  }

  async function viewOf(tx: Tx, orgId: number, id: number) {
    const found = (await views(tx, orgId)).find((v) => v.id === id);
    if (!found) throw notFound('部门不存在');
    return found;
  }

  /** The parent and leader named in a save, checked: the organisation's own, and no division under itself. */
  async function checkRefs(tx: Tx, orgId: number, body: SaveBody, self?: number) {
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      if (!(await repo.findDivision(tx, orgId, parentId))) throw notFound('上级部门不存在');
      if (self !== undefined) {
        const all = await repo.listDivisions(tx, orgId);
        const parentOf = new Map(all.map((d) => [d.id, d.parentId]));
        for (let at: number | null = parentId; at !== null; at = parentOf.get(at) ?? null) {
          if (at === self) throw invalidInput([{ field: 'parentId', message: '上级部门不能是它自己或它的下级部门' }]);
        }
      }
    }
    const leaderId = body.leaderId ?? null;
    if (leaderId !== null && (await repo.membersOf(tx, orgId, [leaderId])).length === 0) throw notFound('负责人不存在');
    return { parentId, leaderUserId: leaderId };
  }

  const onNameClash = (error: unknown) => {
    if (isUniqueViolation(error, 'divisions_name_uq')) throw nameTaken();
    throw error;
  };

  return {
    async list(user: SessionUser) {
      return { list: await views(db, callerOrgId(user)) };
    },

    async create(user: SessionUser, body: SaveBody) {
      const orgId = callerOrgId(user);
      return db
        .transaction(async (tx) => {
          const refs = await checkRefs(tx, orgId, body);
          if (await repo.divisionNameTaken(tx, orgId, body.name)) throw nameTaken();
          const row = await repo.insertDivision(tx, { orgId, name: body.name, ...refs });
          await recordAudit(tx, {
            entity: 'division',
            entityId: row.id,
            actor: user,
            action: 'create',
            data: { name: row.name, ...refs },
          });
          return viewOf(tx, orgId, row.id);
        })
        .catch(onNameClash);
    },

    async update(user: SessionUser, id: number, body: SaveBody) {
      const orgId = callerOrgId(user);
      return db
        .transaction(async (tx) => {
          const before = await repo.lockDivision(tx, orgId, id);
          if (!before) throw notFound('部门不存在');
          const refs = await checkRefs(tx, orgId, body, id);
          if (await repo.divisionNameTaken(tx, orgId, body.name, id)) throw nameTaken();
          await repo.updateDivision(tx, id, { name: body.name, ...refs });
          await recordAudit(tx, {
            entity: 'division',
            entityId: id,
            actor: user,
            action: 'update',
            data: {
              before: { name: before.name, parentId: before.parentId, leaderUserId: before.leaderUserId },
              after: { name: body.name, ...refs },
            },
          });
          return viewOf(tx, orgId, id);
        })
        .catch(onNameClash);
    },

    async remove(user: SessionUser, id: number) {
      const orgId = callerOrgId(user);
      await db.transaction(async (tx) => {
        const division = await repo.lockDivision(tx, orgId, id);
        if (!division) throw notFound('部门不存在');
        const members = await repo.memberCount(tx, id);
        if (members > 0) throw conflict(`该部门还有 ${members} 名成员，请先将他们调到其他部门或移出后再删除`);
        if ((await repo.childCount(tx, orgId, id)) > 0) throw conflict('该部门还有下级部门，请先删除或移走下级部门');
        await repo.deleteDivision(tx, id);
        await recordAudit(tx, {
          entity: 'division',
          entityId: id,
          actor: user,
          action: 'delete',
          data: { name: division.name },
        });
      });
      return null;
    },

    /** Put a member into a division (a member is in one at most), or take them out of theirs (null). */
    async assign(user: SessionUser, memberId: number, divisionId: number | null) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const [member] = await repo.membersOf(tx, orgId, [memberId]);
        if (!member) throw notFound('成员不存在');
        const division = divisionId === null ? null : await repo.lockDivision(tx, orgId, divisionId);
        if (divisionId !== null && !division) throw notFound('部门不存在');
        const before = await repo.placementOf(tx, memberId);
        if (division) await repo.placeMember(tx, { userId: memberId, orgId, divisionId: division.id });
        else await repo.unplaceMember(tx, memberId);
        if (before !== (division?.id ?? null)) {
          await recordAudit(tx, {
            entity: 'division',
            entityId: memberId,
            actor: user,
            action: 'assign',
            fromState: before,
            toState: division?.id ?? null,
          });
        }
        return { userId: memberId, division: division ? { id: division.id, name: division.name } : null };
      });
    },
  };
}
