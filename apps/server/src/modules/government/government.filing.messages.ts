import { Channel, OrgType, Role } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import type { Tx } from '../../db/client.ts';
import { cityGovernmentOrgIds } from '../listing/index.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf } from '../trace/index.ts';
import type * as repo from './government.filing.repository.ts';
import { orgTypeOf } from './government.filing.repository.ts';

/** Who hears of a filing's change (docs/government.md, "Filing"): the city's committee, or the filing organisations. */

interface Message {
  title: string;
  content: string;
}

/** The committee members (住建委) of the filing's city. */
export async function tellCommittee(tx: Tx, f: Pick<repo.FilingRowDb, 'id' | 'cityCode'>, m: Message) {
  for (const orgId of await cityGovernmentOrgIds(tx, f.cityCode)) {
    await sendMessage(
      tx,
      { orgId, roles: [Role.CITY_COMMITTEE] },
      { channel: Channel.JCBB, ...m, targetUrl: pageUrl(pages.governmentFiling, { id: f.id }) },
    );
  }
}

/** Organisations that file (each on its console's channel), linked to the filing, or to the filings page. */
export async function tellOrgs(tx: Tx, orgIds: readonly number[], m: Message, filingId: number | null) {
  for (const orgId of new Set(orgIds)) {
    const type = await orgTypeOf(tx, orgId);
    await sendMessage(
      tx,
      { orgId },
      {
        channel: channelOf(type ?? OrgType.DEVELOPER),
        ...m,
        targetUrl: filingId === null ? pages.governmentFilings.path : pageUrl(pages.governmentFiling, { id: filingId }),
      },
    );
  }
}
