import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  isPreviewable,
  SHARE_CODE_ATTEMPTS,
  SHARE_CODE_WINDOW_MS,
  type ShareStateValue,
  type shareCreateBody,
  shareStateOf,
} from '@jcbb/contract';
import { formatShanghaiTime, shanghaiIso, shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId, ownRowOr404 } from '../../lib/access.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound, ThrottledError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { evidenceOfLeaves, ledgerSigner } from '../ledger/index.ts';
import * as repo from './disk.repository.ts';
import { ownFolder } from './disk.service.ts';
import { asAction, fileView, shareView } from './disk.views.ts';

const SHARE_MISSING = '分享链接不存在';

/** Who opens a link: a signed-in visitor (if a session came with the call) and the client's salted hash. */
export interface Visitor {
  user: SessionUser | null;
  client: string;
}

/** Plain words for a link that no longer opens (the landing page shows its state; a file call answers these). */
const closedWords: Record<Exclude<ShareStateValue, 'active'>, string> = {
  expired: '分享链接已过期',
  exhausted: '分享链接的下载次数已用完',
  revoked: '分享链接已被分享者撤销',
};

/**
 * Share links (docs/disk.md, "Share links"): the owner's side (make, list, revoke, read the access log) and the
 * landing side (open a link, give its extraction code, fetch its files). A link's extraction code is kept as a scrypt
 * hash; a right code earns a grant (an HMAC of the link and its code's hash under the server's secret) that the
 * landing page sends with its later calls, so the code itself travels once. Wrong codes are counted per client and
 * per link in the shared store.
 */
export function createDiskShareService({
  db,
  kv,
  scryptCost,
  addressKey,
}: {
  db: Db;
  kv: KvStore;
  scryptCost: number;
  addressKey: AddressKey;
}) {
  const grantOf = (share: repo.ShareRow) =>
    createHmac('sha256', ledgerSigner().secretKey)
      .update(`jcbb disk grant\n${share.id}\n${share.token}\n${share.codeHash ?? ''}`)
      .digest('base64url')
      .slice(0, 32);
  const grantMatches = (share: repo.ShareRow, key: string | undefined) => {
    if (!share.codeHash) return true;
    if (!key) return false;
    const want = Buffer.from(grantOf(share));
    const got = Buffer.from(key);
    return want.length === got.length && timingSafeEqual(want, got);
  };

  async function shareAnswer(tx: Tx, share: repo.ShareRow) {
    const counts = await repo.shareFileCounts(tx, [share.id]);
    const orgs = await repo.orgNames(tx, share.orgIds);
    return shareView(share, share.folderId ? 0 : (counts.get(share.id) ?? 0), orgs);
  }

  /** The files a link opens: its folder's (as the folder is now) or its chosen set; always the owner's. */
  async function filesOf(tx: Tx, share: repo.ShareRow) {
    const files = share.folderId
      ? await repo.filesIn(tx, share.orgId, share.folderId)
      : await repo.filesByIds(tx, await repo.shareFileIds(tx, share.id));
    return files.filter((f) => f.orgId === share.orgId);
  }

  /** Why this visitor may not see the files yet, if they may not. */
  function gate(share: repo.ShareRow, visitor: Visitor, key: string | undefined) {
    const user = visitor.user;
    const needsSignIn = share.audience !== 'anyone' && !user;
    const notForYou =
      share.audience === 'orgs' &&
      user !== null &&
      !(user.orgId !== null && (share.orgIds.includes(user.orgId) || user.orgId === share.orgId));
    const needsCode = !needsSignIn && !notForYou && !grantMatches(share, key);
    return { needsSignIn, notForYou, needsCode, open: !needsSignIn && !notForYou && !needsCode };
  }

  async function log(
    tx: Tx,
    share: repo.ShareRow,
    visitor: Visitor,
    action: string,
    extra: { fileId?: number; detail?: string } = {},
  ) {
    await repo.insertAccess(tx, {
      shareId: share.id,
      orgId: share.orgId,
      action,
      userId: visitor.user?.userId ?? null,
      viewerOrgId: visitor.user?.orgId ?? null,
      clientHash: visitor.client,
      fileId: extra.fileId ?? null,
      detail: extra.detail ?? null,
    });
  }

  async function byToken(tx: Tx, token: string) {
    const share = await repo.shareByToken(tx, token);
    if (!share) throw notFound(SHARE_MISSING);
    return share;
  }

  function watermarkText(share: repo.ShareRow, visitor: Visitor, sharer: string) {
    if (!share.watermark) return null;
    const u = visitor.user;
    const who = u
      ? `${u.realName ?? u.username}（${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}）`
      : `访客 ${visitor.client.slice(0, 6)}`;
    return `${sharer} 仅供 ${who} 查看 · ${shanghaiToday()}`;
  }

  return {
    // ---- the owner ----

    async create(user: SessionUser, body: z.output<typeof shareCreateBody>) {
      const orgId = callerOrgId(user);
      const codeHash = body.code ? await hashPassword(body.code, scryptCost) : null;
      return db.transaction(async (tx) => {
        let title = body.title ?? '';
        if (body.folderId) {
          const folder = await ownFolder(tx, user, body.folderId);
          title ||= folder.name;
        } else {
          const files = await repo.filesByIds(tx, body.fileIds);
          // Another organisation's file reads as missing: the field names it without saying whose it is.
          const mine = new Set(files.filter((f) => f.orgId === orgId).map((f) => f.id));
          const missing = body.fileIds.findIndex((id) => !mine.has(id));
          if (missing >= 0) throw invalidInput([{ field: `fileIds.${missing}`, message: '文件不存在' }]);
          title ||= files.length === 1 ? (files[0]?.name ?? '') : `${files[0]?.name ?? ''} 等 ${files.length} 个文件`;
        }
        if (body.audience === 'orgs') {
          const names = await repo.orgNames(tx, body.orgIds);
          const missing = body.orgIds.findIndex((id) => !names.has(id));
          if (missing >= 0) throw invalidInput([{ field: `orgIds.${missing}`, message: '企业不存在' }]);
        }
        const share = await repo.insertShare(tx, {
          orgId,
          token: randomBytes(16).toString('base64url'),
          title: title.slice(0, 100),
          folderId: body.folderId ?? null,
          audience: body.audience,
          orgIds: body.audience === 'orgs' ? [...new Set(body.orgIds)] : [],
          codeHash,
          expiresAt: new Date(Date.now() + body.expiresInDays * 86_400_000),
          maxDownloads: body.maxDownloads ?? null,
          watermark: body.watermark,
          createdBy: user.userId,
        });
        if (!body.folderId) await repo.insertShareFiles(tx, share.id, [...new Set(body.fileIds)]);
        await recordAudit(tx, {
          entity: 'disk_share',
          entityId: share.id,
          action: 'create',
          actor: user,
          toState: 'active',
          data: {
            audience: share.audience,
            folderId: share.folderId,
            fileIds: body.folderId ? [] : body.fileIds,
            hasCode: codeHash !== null,
            expiresAt: shanghaiIso(share.expiresAt),
            maxDownloads: share.maxDownloads,
          },
        });
        return { ...(await shareAnswer(tx, share)), code: body.code ?? null };
      });
    },

    async list(user: SessionUser, take: number, skip: number) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.sharesOf(tx, orgId, take, skip);
        const counts = await repo.shareFileCounts(
          tx,
          rows.map((r) => r.id),
        );
        const orgs = await repo.orgNames(
          tx,
          rows.flatMap((r) => r.orgIds),
        );
        return { list: rows.map((r) => shareView(r, r.folderId ? 0 : (counts.get(r.id) ?? 0), orgs)), total };
      });
    },

    async revoke(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const share = ownRowOr404(user, await repo.shareById(tx, id), SHARE_MISSING);
        if (share.revokedAt) throw conflict('该链接已撤销');
        const revoked = await repo.revokeShare(tx, id);
        if (!revoked) throw conflict('该链接已撤销');
        await recordAudit(tx, {
          entity: 'disk_share',
          entityId: id,
          action: 'revoke',
          actor: user,
          fromState: shareStateOf(share),
          toState: 'revoked',
        });
        return shareAnswer(tx, revoked);
      });
    },

    async accessLog(user: SessionUser, id: number, take: number, skip: number) {
      return db.transaction(async (tx) => {
        ownRowOr404(user, await repo.shareById(tx, id), SHARE_MISSING);
        const { rows, total } = await repo.accessLog(tx, id, take, skip);
        return {
          list: rows.map((r) => ({
            id: r.a.id,
            at: formatShanghaiTime(r.a.createdAt),
            action: asAction(r.a.action),
            viewer: r.person ? (r.org ? `${r.person}（${r.org}）` : r.person) : null,
            client: r.a.clientHash.slice(0, 8),
            fileName: r.fileName,
            detail: r.a.detail,
          })),
          total,
        };
      });
    },

    async organizations(keyword: string | undefined) {
      return db.transaction(async (tx) => repo.certifiedOrgs(tx, keyword));
    },

    // ---- the landing page ----

    async open(token: string, key: string | undefined, visitor: Visitor) {
      return db.transaction(async (tx) => {
        const share = await byToken(tx, token);
        const sharer = (await repo.orgNames(tx, [share.orgId])).get(share.orgId) ?? '';
        const state = shareStateOf(share);
        const g = gate(share, visitor, key);
        const base = {
          state,
          sharer,
          title: share.title,
          expiresAt: shanghaiIso(share.expiresAt),
          downloadsLeft: share.maxDownloads === null ? null : Math.max(0, share.maxDownloads - share.downloads),
          needsCode: state === 'active' && g.needsCode,
          needsSignIn: state === 'active' && g.needsSignIn,
          notForYou: state === 'active' && g.notForYou,
          watermark: null as string | null,
          files: [] as never[],
        };
        if (state !== 'active') {
          await log(tx, share, visitor, 'refused', { detail: state });
          return base;
        }
        if (!g.open) return base;
        const files = await filesOf(tx, share);
        const versions = await repo.versionsOf(
          tx,
          files.map((f) => f.id),
        );
        const current = new Map(versions.map((r) => [`${r.v.fileId}:${r.v.version}`, r.v]));
        const leaves = files
          .map((f) => current.get(`${f.id}:${f.version}`)?.ledgerLeafIndex)
          .filter((i): i is number => typeof i === 'number');
        const evidence = leaves.length > 0 ? (await evidenceOfLeaves(tx, leaves)).leaves : new Map();
        await log(tx, share, visitor, 'open');
        return {
          ...base,
          watermark: watermarkText(share, visitor, sharer),
          files: files.map((f) => {
            const v = fileView(f, current.get(`${f.id}:${f.version}`));
            return {
              id: v.id,
              name: v.name,
              docType: v.docType,
              validUntil: v.validUntil,
              expiry: v.expiry,
              size: v.size,
              mime: v.mime,
              sha256: v.sha256,
              previewable: isPreviewable(v.mime),
              evidence: v.ledgerLeafIndex === null ? null : (evidence.get(v.ledgerLeafIndex) ?? null),
            };
          }),
        };
      });
    },

    /**
     * Try an extraction code. Each try is counted first (per client and link, and per link from every client), so
     * a guesser is stopped before the slow hash runs; a right code clears the client's count.
     */
    async unlock(token: string, code: string, visitor: Visitor, ip: string) {
      const share = await db.transaction(async (tx) => byToken(tx, token));
      const state = shareStateOf(share);
      if (state !== 'active') throw conflict(closedWords[state]);
      if (!share.codeHash) return { key: grantOf(share) };
      const clientKey = `disk:code:${addressKey(ip, 'disk-code', token)}`;
      const linkKey = `disk:code-link:${share.id}`;
      const mine = await kv.increment(clientKey, SHARE_CODE_WINDOW_MS);
      const all = await kv.increment(linkKey, SHARE_CODE_WINDOW_MS);
      if (mine > SHARE_CODE_ATTEMPTS || all > SHARE_CODE_ATTEMPTS * 10) {
        const rest = (await kv.ttl(mine > SHARE_CODE_ATTEMPTS ? clientKey : linkKey)) || SHARE_CODE_WINDOW_MS;
        throw new ThrottledError(rest, '提取码错误次数过多', mine > SHARE_CODE_ATTEMPTS + 1);
      }
      const right = await verifyPassword(code.trim(), share.codeHash);
      await db.transaction(async (tx) => log(tx, share, visitor, right ? 'code_ok' : 'code_wrong'));
      if (!right) {
        const left = SHARE_CODE_ATTEMPTS - mine;
        throw invalidInput([
          { field: 'code', message: left > 0 ? `提取码不正确，还可尝试 ${left} 次` : '提取码不正确，请稍后再试' },
        ]);
      }
      await kv.delete(clientKey);
      return { key: grantOf(share) };
    },

    /**
     * A file of an open link, for this visitor: counted against the link's limit (a preview counts as a download:
     * both hand over the bytes) in the same transaction that logs it. Previews only for PDF and images.
     */
    async file(token: string, fileId: number, key: string | undefined, inline: boolean, visitor: Visitor) {
      return db.transaction(async (tx) => {
        const share = await byToken(tx, token);
        const state = shareStateOf(share);
        if (state !== 'active') throw conflict(closedWords[state]);
        const g = gate(share, visitor, key);
        if (g.needsSignIn) throw forbidden('请先登录后查看');
        if (g.notForYou) throw forbidden('此链接未分享给您所在的企业');
        if (g.needsCode) throw forbidden('请先输入提取码');
        const file = (await filesOf(tx, share)).find((f) => f.id === fileId);
        if (!file) throw notFound('文件不存在');
        const version = (await repo.versionsOf(tx, [file.id])).find((r) => r.v.version === file.version)?.v;
        if (!version) throw notFound('文件不存在');
        if (!(await repo.countDownload(tx, share.id))) throw conflict(closedWords.exhausted);
        const preview = inline && isPreviewable(version.mime);
        await log(tx, share, visitor, preview ? 'preview' : 'download', { fileId: file.id });
        return { file: version, inline: preview };
      });
    },
  };
}
