import { Channel } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import type { Tx } from '../../db/client.ts';
import { sendMessage } from '../message/index.ts';
import type { AuthorisationRow } from './distribution.authorisation.repository.ts';

/**
 * The messages about a letter (docs/distribution.md, "Messages"): both parties are told of every step after issue,
 * each in its own console's channel (spec §6) — the manufacturer in `materials` (its jcbb-production console), the
 * distributor in `agent` (jcbb-agent) — and each opens the letter in the reader's console: the maker's list on the
 * letter, the distributor's licensed-product page.
 */

export type LetterEvent = 'issue' | 'accept' | 'suspend' | 'resume' | 'revoke' | 'supersede' | 'remind';

interface Names {
  maker: string;
  distributor: string;
  /** For a supersession: the new version's number. */
  successorNumber?: string;
  /** For a reminder: days left. */
  daysLeft?: number;
}

function texts(event: LetterEvent, row: AuthorisationRow, n: Names, reason: string | null) {
  const no = row.number ?? '';
  const why = reason ? `原因：${reason}` : '';
  switch (event) {
    case 'issue':
      return {
        maker: {
          title: `授权书 ${no} 已签发`,
          content: `已签发给${n.distributor}，${row.autoAccept ? '即时生效。' : '待经销商确认。'}`,
        },
        distributor: {
          title: `${n.maker}向贵单位签发了授权书 ${no}`,
          content: row.autoAccept ? '授权即时生效，可查看授权范围。' : '请查看授权范围并确认接受。',
        },
      };
    case 'accept':
      return {
        maker: { title: `${n.distributor}已确认授权书 ${no}`, content: '授权已生效。' },
        distributor: { title: `授权书 ${no} 已生效`, content: `${n.maker}的授权已生效。` },
      };
    case 'suspend':
      return {
        maker: { title: `授权书 ${no} 已暂停`, content: why },
        distributor: { title: `${n.maker}暂停了授权书 ${no}`, content: `暂停期间不能按此授权发货。${why}` },
      };
    case 'resume':
      return {
        maker: { title: `授权书 ${no} 已恢复`, content: why },
        distributor: { title: `${n.maker}恢复了授权书 ${no}`, content: `授权恢复生效。${why}` },
      };
    case 'revoke':
      return {
        maker: { title: `授权书 ${no} 已撤销`, content: why },
        distributor: { title: `${n.maker}撤销了授权书 ${no}`, content: `撤销后不能再按此授权销售或发货。${why}` },
      };
    case 'supersede':
      return {
        maker: { title: `授权书 ${no} 已被新版本 ${n.successorNumber ?? ''} 取代`, content: '' },
        distributor: {
          title: `${n.maker}的授权书 ${no} 已被新版本 ${n.successorNumber ?? ''} 取代`,
          content: '请以新版本的授权范围为准。',
        },
      };
    case 'remind':
      return {
        maker: {
          title: `授权书 ${no} 将于 ${row.validUntil} 到期（还有 ${n.daysLeft ?? 0} 天）`,
          content: `给${n.distributor}的授权即将到期，如需继续合作请续签。`,
        },
        distributor: {
          title: `${n.maker}的授权书 ${no} 将于 ${row.validUntil} 到期（还有 ${n.daysLeft ?? 0} 天）`,
          content: '到期后不能再按此授权销售和发货。',
        },
      };
  }
}

/** Tell both parties of a step of the letter. */
export async function tellParties(
  tx: Tx,
  event: LetterEvent,
  row: AuthorisationRow,
  names: Names,
  reason: string | null = null,
): Promise<void> {
  const t = texts(event, row, names, reason);
  await sendMessage(
    tx,
    { orgId: row.makerOrgId },
    { channel: Channel.MATERIALS, ...t.maker, targetUrl: pageUrl(pages.authorisationManage, { id: row.id }) },
  );
  await sendMessage(
    tx,
    { orgId: row.distributorOrgId },
    { channel: Channel.AGENT, ...t.distributor, targetUrl: pageUrl(pages.licensedProductDetail, { id: row.id }) },
  );
}
