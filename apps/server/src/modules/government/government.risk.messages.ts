import { OrgType, type SeverityValue, severityLabels } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import type { Tx } from '../../db/client.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf } from '../trace/index.ts';
import type { Finding } from './government.risk.finding.ts';
import * as repo from './government.risk.repository.ts';

/**
 * Who is told about an alert (docs/government.md, "Risk rules"), each message opening the alert's page
 * (`pages.governmentAlert`): a new alert goes to the organisation asked to explain and to each committee member of
 * the alert's city — once, as "您关注的…" when the member follows the project, supplier or product; a step of the
 * workflow goes to the other side (the committee's steps to the organisation, an explanation to the committee).
 */

const FOLLOWED: Record<string, string> = { project: '项目', supplier: '供应商', product: '产品' };

export async function tellOpened(tx: Tx, alertId: number, f: Finding, rule: repo.ActiveRule): Promise<void> {
  const targetUrl = pageUrl(pages.governmentAlert, { id: alertId });
  const level = severityLabels[rule.severity as SeverityValue]?.zh ?? rule.severity;
  const title = `风险预警（${level}）：${rule.name}`;
  if (f.orgId) {
    const org = await repo.orgTypeOf(tx, f.orgId);
    if (org) {
      await sendMessage(
        tx,
        { orgId: f.orgId },
        {
          channel: channelOf(org.type),
          title,
          content: `${f.summary}。住建委受理后，请在预警页面提交情况说明。`,
          targetUrl,
        },
      );
    }
  }
  const followers = await repo.followersOf(tx, {
    projectId: f.projectId ?? null,
    supplierOrgId: f.supplierOrgId ?? f.orgId ?? null,
    productIds: f.productIds ?? [],
  });
  for (const m of await repo.committeeMembers(tx, f.cityCode)) {
    const followed = followers.get(m.userId);
    await sendMessage(
      tx,
      { userId: m.userId, orgId: m.orgId },
      {
        channel: channelOf(OrgType.GOVERNMENT),
        title: followed ? `您关注的${FOLLOWED[followed] ?? ''}有新预警：${rule.name}` : title,
        content: `${f.summary}。`,
        targetUrl,
      },
    );
  }
}

/** A committee's step, told to the organisation asked to explain. */
export async function tellOrganisation(tx: Tx, a: repo.ListedAlert, title: string, content: string): Promise<void> {
  if (a.alert.orgId === null) return;
  const org = await repo.orgTypeOf(tx, a.alert.orgId);
  if (!org) return;
  await sendMessage(
    tx,
    { orgId: a.alert.orgId },
    { channel: channelOf(org.type), title, content, targetUrl: pageUrl(pages.governmentAlert, { id: a.alert.id }) },
  );
}

/** An organisation's explanation, told to the city's committee members. */
export async function tellCommittee(tx: Tx, a: repo.ListedAlert, title: string, content: string): Promise<void> {
  for (const m of await repo.committeeMembers(tx, a.alert.cityCode)) {
    await sendMessage(
      tx,
      { userId: m.userId, orgId: m.orgId },
      {
        channel: channelOf(OrgType.GOVERNMENT),
        title,
        content,
        targetUrl: pageUrl(pages.governmentAlert, { id: a.alert.id }),
      },
    );
  }
}
