import { distributionEndpoints as api, OrgType } from '@jcbb/contract';
import type { AuthorisationLetterContent } from '@jcbb/contract/distribution-proof';
import { pages, pageUrl } from '@jcbb/contract/pages';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { findCjkFont } from '../../lib/cjk-font.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { defineRoute } from '../../lib/route.ts';
import type { AuthorisationService } from './distribution.authorisation.service.ts';
import { renderAuthorisationLetter } from './distribution.letter.ts';
import type { AuthorisationVerification } from './distribution.public.ts';

const tags = ['经销授权 Authorisations'];
const maker = [OrgType.MANUFACTURER];
const parties = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR];
const reads =
  'Only the two parties see a letter (the distributor once it is issued); anyone else gets 404. The detail answers the versions of its chain and what the caller may do now (actions).';
const makerMove =
  'The manufacturer that made the letter (certified); the distributor gets 403, anyone else 404, a letter in another state 409. Both parties are told.';

/** Authorisations, their letters and their public verification (docs/distribution.md). */
export function registerAuthorisationRoutes(
  app: FastifyInstance,
  s: { authorisations: AuthorisationService; verification: AuthorisationVerification },
  config: Pick<Config, 'publicBaseUrl' | 'certificateFont'>,
) {
  const a = s.authorisations;
  /** Looked up once: CERTIFICATE_FONT, else a Debian CJK font, else none (the English-only letter). */
  const font = findCjkFont(config.certificateFont);

  defineRoute(app, api.authorisationList, {
    summary: '授权列表 The caller’s authorisations',
    description:
      'A manufacturer: the letters it made (drafts included); a distributor: the issued letters made to it. status filters on the state read today (expired included); without it, superseded versions stay out. keyword: the other party’s name, the number or a product’s name. expiringWithinDays: letters in force ending within that many days. Newest first.',
    tags,
    orgTypes: parties,
    handler: ({ user, body }) => a.list(user, body),
  });
  defineRoute(app, api.authorisationDetail, {
    summary: '授权详情 One version with its chain of versions',
    description: reads,
    tags,
    orgTypes: parties,
    handler: ({ user, query }) => a.detail(user, query.id),
  });
  defineRoute(app, api.authorisationSave, {
    summary: '保存授权草稿 Create or change a draft',
    description:
      'Without id a new draft, with id a change of the maker’s draft. The distributor must be a certified distributor, the products and specifications the maker’s own, the regions GB/T 2260 codes, a project letter names a platform project, a project name or a tender number. Each refusal names its field.',
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ user, body }) => a.save(user, body),
  });
  defineRoute(app, api.authorisationDelete, {
    summary: '删除草稿 Delete a draft',
    description: 'Drafts only (409 otherwise).',
    tags,
    orgTypes: maker,
    handler: ({ user, body }) => a.remove(user, body.id),
  });
  defineRoute(app, api.authorisationIssue, {
    summary: '签发授权书 Issue: sign the letter and put it on the ledger',
    description:
      'The scope is checked again; an exclusive letter that overlaps another of the maker’s issued letters (product, region, period, project) is refused with that letter’s number (409), as is any letter into another’s exclusive scope; a project letter for a platform project the maker takes part in is refused (collusion, 400 on projectId). The letter gets its number, its canonical JSON is signed with the ledger key and its SHA-256 appended to the evidence ledger; with autoAccept it is active at once. A renewal supersedes the version it renews. ' +
      makerMove,
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ user, body }) => a.issue(user, body.id),
  });
  defineRoute(app, api.authorisationAccept, {
    summary: '接受授权 The distributor accepts an issued letter',
    description:
      'The distributor the letter names; the maker gets 403, anyone else 404. A signed status statement goes on the ledger; both parties are told.',
    tags,
    orgTypes: [OrgType.DISTRIBUTOR],
    certified: true,
    handler: ({ user, body }) => a.accept(user, body.id),
  });
  defineRoute(app, api.authorisationSuspend, {
    summary: '暂停授权 Suspend an active letter (reason required)',
    description: `A signed status statement with the reason goes on the ledger. ${makerMove}`,
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ user, body }) => a.suspend(user, body),
  });
  defineRoute(app, api.authorisationResume, {
    summary: '恢复授权 Resume a suspended letter',
    description: `A signed status statement goes on the ledger. ${makerMove}`,
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ user, body }) => a.resume(user, body),
  });
  defineRoute(app, api.authorisationRevoke, {
    summary: '撤销授权 Revoke a letter (reason required; final)',
    description: `Issued, active or suspended letters. A signed status statement with the reason goes on the ledger. ${makerMove}`,
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ user, body }) => a.revoke(user, body),
  });
  defineRoute(app, api.authorisationRenew, {
    summary: '续签 A new draft version copying the scope',
    description:
      'From an issued, active, suspended or expired letter without a newer version: a draft of the same chain with the same scope, its period from today (or the old start) for as long again after the old end. Issuing it supersedes this version. Answers the new draft.',
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ user, body }) => a.renew(user, body.id),
  });
  defineRoute(app, api.authorisationLetter, {
    summary: '下载授权书 PDF The letter with its verification QR code',
    description: 'To either party, once issued (a draft: 409). Drawn from the signed content.',
    tags,
    orgTypes: parties,
    handler: async ({ user, query, reply }) => {
      const { row, state } = await a.letter(user, query.id);
      const verifyUrl = `${config.publicBaseUrl}${pageUrl(pages.authorisationVerify, { id: row.publicId })}`;
      const pdf = await renderAuthorisationLetter(
        {
          content: JSON.parse(row.content as string) as AuthorisationLetterContent,
          signatoryName: row.signatoryName,
          signatoryTitle: row.signatoryTitle,
          leafIndex: row.leafIndex,
          state,
          statusReason: row.statusReason,
          verifyUrl,
        },
        font,
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('content-disposition', contentDisposition(`授权书 ${row.number}.pdf`));
      return reply.send(pdf);
    },
  });
  defineRoute(app, api.distributorSearch, {
    summary: '查找经销商 Certified distributors by name or credit code',
    description: 'For the manufacturer’s form: at most 20, by name.',
    tags,
    orgTypes: maker,
    certified: true,
    handler: ({ query }) => a.searchDistributors(query.keyword),
  });
  defineRoute(app, api.authorisationVerify, {
    summary: '授权书公开查验 A letter, its signature, its ledger proof and its live state',
    description:
      'No session, signed. id: the letter’s public id (its QR code). Answers the canonical content and its Ed25519 signature, the last signed status statement (acceptance, suspension, resumption, revocation, supersession), each with its ledger entry and inclusion proof against the latest signed tree head, and the state read now. Verify with packages/contract distribution-proof.ts (verifyAuthorisation) and the key at /.well-known/jcbb-ledger-key.json. Public caches may keep it a minute.',
    tags,
    handler: async ({ query, reply }) => {
      const answer = await s.verification.verify(query.id);
      reply.header('cache-control', 'public, max-age=60');
      return answer;
    },
  });
}
