import {
  constructionEndpoints as api,
  authEndpoints,
  type EndpointDef,
  type EndpointInput,
  projectEndpoints,
  traceEndpoints,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { expect } from 'vitest';
import { callEndpoint } from '../../../test/endpoint-call.ts';
import type { TestServer } from '../../../test/harness.ts';
import { creditCode } from '../organization/test-support.ts';
import { projectInput } from '../project/test-support.ts';

/**
 * Fixtures of the witness-sampling and spot-check tests, made through the API as the site makes them: a delivered lot
 * that the contractor's inspector holds for a witnessed retest and the supervisor confirms (pending_retest).
 * `tokens.builder` is the construction unit's leader (13800000003), `tokens.supervisor` the supervision unit's
 * (13800000004).
 */
export interface SiteTokens {
  builder: string;
  supervisor: string;
}

async function ok<T = Record<string, unknown>>(
  server: TestServer,
  e: EndpointDef,
  input: Record<string, unknown>,
  token: string,
): Promise<T> {
  const res = await callEndpoint(server, e, input, token);
  expect(res.status, `${e.path}: ${res.raw.slice(0, 300)}`).toBe(200);
  return res.body.data as T;
}

let batch = 0;

/** The inspector submits every required document as present with the retest verdict; the supervisor confirms. */
export async function holdForRetest(server: TestServer, tokens: SiteTokens, inspectionId: number): Promise<void> {
  const detail = await ok<{ checks: { kind: string; required: boolean }[] }>(
    server,
    api.inspectionDetail,
    { id: inspectionId },
    tokens.builder,
  );
  const body: EndpointInput<typeof api.inspectionDecide> = {
    id: inspectionId,
    checks: detail.checks.filter((c) => c.required).map((c) => ({ kind: c.kind as 'conformity', present: true })),
    visualResult: 'ok',
    verdict: 'retest',
  };
  await ok(server, api.inspectionDecide, body, tokens.builder);
  await ok(server, api.inspectionConfirm, { id: inspectionId, approve: true }, tokens.supervisor);
}

/**
 * A lot of ready-mixed mortar (0107, a witnessed retest required) from a supplier off the platform, delivered to the
 * project and held for its retest. Answers its inspection and lot.
 */
export async function externalLotHeldForRetest(
  server: TestServer,
  tokens: SiteTokens,
  projectId: number,
  over: { quantity?: number; arrivedOn?: string; classifyCode?: string; materialName?: string } = {},
): Promise<{ inspectionId: number; lotId: number; deliveryId: number; batchNo: string }> {
  batch += 1;
  const batchNo = `RT-${Date.now() % 100_000}-${batch}`;
  const delivery: EndpointInput<typeof api.deliveryExternal> = {
    projectId,
    supplierName: '南京江北砂浆有限公司',
    supplierCreditCode: creditCode('91320100MA1MEQ7X9'),
    arrivedOn: over.arrivedOn ?? shanghaiToday(),
    lines: [
      {
        classifyCode: over.classifyCode ?? '0107',
        materialName: over.materialName ?? '预拌砂浆',
        specName: 'DM M10',
        unitName: '吨',
        batchNo,
        quantity: over.quantity ?? 20,
        building: '1#教学楼',
      },
    ],
  };
  const created = await ok<{ id: number }>(server, api.deliveryExternal, delivery, tokens.builder);
  const detail = await ok<{ inspections: { id: number; lotId: number }[] }>(
    server,
    api.deliveryDetail,
    { id: created.id },
    tokens.builder,
  );
  const i = detail.inspections[0] as { id: number; lotId: number };
  await holdForRetest(server, tokens, i.id);
  return { inspectionId: i.id, lotId: i.lotId, deliveryId: created.id, batchNo };
}

/**
 * The demo's shipment of 南京绿筑's blocks to the hospital (a platform lot), received in full and held for its
 * retest. Answers its inspection and lot.
 */
export async function platformLotHeldForRetest(
  server: TestServer,
  tokens: SiteTokens,
  projectId: number,
): Promise<{ inspectionId: number; lotId: number }> {
  const expected = await ok<{ list: { shipmentId: number }[] }>(
    server,
    api.expectedList,
    { projectId },
    tokens.builder,
  );
  const shipmentId = expected.list[0]?.shipmentId;
  expect(shipmentId, 'the demo ships blocks to the hospital').toBeDefined();
  const shipment = await ok<{ shipDate: string; lines: { id: number; quantity: number }[] }>(
    server,
    traceEndpoints.shipmentDetail,
    { id: shipmentId },
    tokens.builder,
  );
  const line = shipment.lines[0] as { id: number; quantity: number };
  const created = await ok<{ id: number }>(
    server,
    api.deliveryReceive,
    {
      projectId,
      shipmentId,
      arrivedOn: shipment.shipDate,
      lines: [{ shipmentLineId: line.id, received: line.quantity }],
    },
    tokens.builder,
  );
  const delivery = await ok<{ inspections: { id: number; lotId: number }[] }>(
    server,
    api.deliveryDetail,
    { id: created.id },
    tokens.builder,
  );
  const i = delivery.inspections[0] as { id: number; lotId: number };
  await holdForRetest(server, tokens, i.id);
  return { inspectionId: i.id, lotId: i.lotId };
}

/** A sample input that passes validation; override what a test is about. */
export const sampleInput = (
  inspectionId: number,
  over: Partial<EndpointInput<typeof api.sampleCreate>> = {},
): EndpointInput<typeof api.sampleCreate> => ({
  inspectionId,
  sealNo: 'FY-001',
  representedQuantity: 10,
  location: '1#楼 3 层砌筑部位',
  sampledOn: shanghaiToday(),
  samplerName: '刘洋',
  samplerCertNo: 'QY-320100-0101',
  witnessCertNo: 'JZ-320100-0202',
  labName: '南京市建筑工程质量检测中心',
  testItems: ['稠度', '抗压强度（试块）'],
  ...over,
});

/**
 * A project of the demo developer (`tokens.developer`, 13800000005) of its own, which the demo construction and
 * supervision units joined, their administrators its leaders: a site with no records yet.
 */
export async function siteProject(server: TestServer, tokens: SiteTokens & { developer: string }, code: string) {
  const { id: projectId } = await ok<{ id: number }>(
    server,
    projectEndpoints.createProject,
    projectInput(code, { name: `现场测试项目 ${code}` }),
    tokens.developer,
  );
  for (const token of [tokens.builder, tokens.supervisor]) {
    const me = await ok<{ id: number; organization: { id: number } }>(server, authEndpoints.viewer, {}, token);
    await ok(server, projectEndpoints.inviteOrg, { projectId, orgId: me.organization.id }, tokens.developer);
    await ok(server, projectEndpoints.respondInvitation, { projectId, accept: true }, token);
    await ok(server, projectEndpoints.setLeader, { projectId, userId: me.id }, token);
  }
  return projectId;
}
