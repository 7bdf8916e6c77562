import { projectEndpoints, traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projectInput } from '../project/test-support.ts';
import { MATERIAL_ON_PROJECT } from './trace.removal.ts';
import { addAddress, addLot, specOf, userOf } from './trace.test-support.ts';

/**
 * The project module's removal rule as traceability fills it (docs/decisions.md, "Removal rule"): the developer
 * cannot remove an organisation that traceability names on the project, and still removes one it does not name.
 * Each case on a project of its own, made through the API, so nothing of the demo's shipments decides it.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

const today = shanghaiToday();
const org = { builder: 0, supervisor: 0 };
let makerAddress = 0;
let insul: Awaited<ReturnType<typeof specOf>>;

/** A project of the demo developer (Nanjing, out of the policy scope) with the builder and the supervisor accepted. */
async function projectWithTeam(code: string): Promise<number> {
  const id = ok(
    await call(
      'developer',
      projectEndpoints.createProject,
      projectInput(code, { inPolicyScope: false, policyBatch: undefined, standardEdition: undefined }),
    ),
  ).id as number;
  for (const who of ['builder', 'supervisor'] as const) {
    ok(await call('developer', projectEndpoints.inviteOrg, { projectId: id, orgId: org[who] }));
    ok(await call(who, projectEndpoints.respondInvitation, { projectId: id, accept: true }));
  }
  return id;
}

/** Goods from the maker to the project, shipped; answers the shipment's id and its first line's id. */
async function shipToProject(projectId: number, quantity: number) {
  const lotId = await addLot(server, insul, quantity);
  const saved = ok(
    await call('maker', traceEndpoints.shipmentSave, {
      destination: { kind: 'project', projectId },
      fromAddressId: makerAddress,
      shipDate: today,
      transportType: 8,
      distanceKm: 30,
      lines: [{ specId: insul.specId, lotId, quantity }],
    }),
  );
  ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
  const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: saved.id }));
  return { id: saved.id as number, lineId: detail.lines[0]?.id as number };
}

const remove = (projectId: number, orgId: number) =>
  call('developer', projectEndpoints.removeOrg, { projectId, orgId });

beforeAll(async () => {
  server = await startTestServer();
  const who = { maker: '13800000001', builder: '13800000003', supervisor: '13800000004', developer: '13800000005' };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  org.builder = (await userOf(server, who.builder)).orgId;
  org.supervisor = (await userOf(server, who.supervisor)).orgId;
  makerAddress = await addAddress(server, (await userOf(server, who.maker)).orgId, { kind: 'factory' });
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
});
afterAll(() => server?.stop());

describe('removing an organisation from a project that holds material', () => {
  it('refuses to remove the construction unit that received a shipment for the project, with the reason', async () => {
    const projectId = await projectWithTeam('T-RM-RECEIVED');
    const s = await shipToProject(projectId, 10);
    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineId, received: 10, accepted: 10, rejected: 0 }],
      }),
    );

    const refused = await remove(projectId, org.builder);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.msg).toBe(MATERIAL_ON_PROJECT);
    expect(MATERIAL_ON_PROJECT).toBe('该单位已在本项目收发材料，不能移除');
    // Still a member: it reads the project and the shipment it received.
    expect(ok(await call('builder', projectEndpoints.projectDetail, { id: projectId })).id).toBe(projectId);
    expect(ok(await call('builder', traceEndpoints.shipmentDetail, { id: s.id })).side).toBe('receiver');

    // The supervision unit moved no material there: it may still be removed from the same project.
    expect(ok(await remove(projectId, org.supervisor)).status).toBe(4);
    expect((await call('supervisor', projectEndpoints.projectDetail, { id: projectId })).status).toBe(404);
  });

  it('refuses once the construction unit has a return on its way from the project', async () => {
    const projectId = await projectWithTeam('T-RM-RETURN');
    const s = await shipToProject(projectId, 6);
    const receipt = ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineId, received: 6, accepted: 0, rejected: 6, rejectReason: 'damaged' }],
      }),
    );
    const draft = ok(await call('builder', traceEndpoints.returnPrefill, { receiptId: receipt.id }));
    ok(await call('builder', traceEndpoints.shipmentShip, { id: draft.id }));

    const refused = await remove(projectId, org.builder);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.msg).toBe(MATERIAL_ON_PROJECT);
  });

  it('removes an organisation that traceability does not name on the project', async () => {
    const projectId = await projectWithTeam('T-RM-NOTHING');
    // Goods on their way to the project name no member yet: nobody has received them.
    await shipToProject(projectId, 4);
    expect(ok(await remove(projectId, org.builder)).status).toBe(4);
    expect((await call('builder', projectEndpoints.projectDetail, { id: projectId })).status).toBe(404);
    expect(ok(await remove(projectId, org.supervisor)).status).toBe(4);
  });
});
