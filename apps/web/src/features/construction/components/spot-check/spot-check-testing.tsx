import type { InspectionDetail } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { fireEvent } from '@testing-library/react';
import { failure, type Sent } from '../../../../test/fake-server.ts';
import { userProject } from '../../../project/test-data.ts';
import type { SampleDetail, SampleRow, SiteLot, SpotCheckDetail, SpotCheckRow } from '../../api.ts';

/**
 * Test support of the witness-sampling and spot-check screens: fixtures (every answer is checked against the contract
 * by lib/api.ts in tests, so they are whole) and helpers for antd's controls. The fake server and `signInAs` are the
 * console's (test/fake-server.ts).
 */

export { choose, findButton, findByText, renderSite as render } from '../../testing.tsx';

/** Type into the input whose accessible label (aria-label or form label) is `label`. */
export function typeInto(label: string, value: string) {
  const input = document.querySelector(`[aria-label="${label}"]`) ?? labelled(label);
  if (!input) throw new Error(`no input ${label}`);
  fireEvent.change(input, { target: { value } });
}

function labelled(label: string): Element | null {
  const l = [...document.querySelectorAll('label')].find((e) => e.textContent?.trim() === label);
  const id = l?.getAttribute('for');
  return id ? document.getElementById(id) : null;
}

/** A detail answer by the query's `id` (the part's detail calls take it in the query): 404 for any other. */
export const byId =
  <T,>(answers: Record<number, () => T>) =>
  ({ query }: Sent) => {
    const make = answers[Number(query.get('id'))];
    return make ? make() : failure(404, 40400, '记录不存在');
  };

// ---- fixtures ----

export const page = <T,>(list: T[], total = list.length) => ({ list, total });

/** The caller's projects (the picker): the school, as the supervision unit. */
export const projects = () => page([userProject(7, { name: '南京市鼓楼区天妃宫小学新建工程', orgType: 3 })]);

export const siteLot = (id: number, over: Partial<SiteLot> = {}): SiteLot => ({
  id,
  number: `JC202611200001-${id}`,
  deliveryId: 3,
  lotId: 40 + id,
  batchNo: `SJ-${id}`,
  materialName: '预拌砂浆',
  specName: 'DM M10',
  unitName: '吨',
  makerName: null,
  classifyCode: '0107',
  quantity: 20,
  state: 'pending_retest',
  retestRequired: true,
  isGreen: false,
  building: null,
  floor: null,
  part: null,
  storageLocation: null,
  deliveryNumber: 'JC202611200001',
  arrivedOn: '2026-11-20',
  ...over,
});

export const inspectionDetail = (id: number, over: Partial<InspectionDetail> = {}): InspectionDetail => {
  const { deliveryNumber, arrivedOn, ...summary } = siteLot(id);
  return {
    ...summary,
    deliveryNumber,
    arrivedOn,
    projectId: 7,
    projectName: '南京市鼓楼区天妃宫小学新建工程',
    supplierName: '南京江北砂浆有限公司',
    rule: {
      classifyCode: '0107',
      categoryName: '预拌砂浆',
      documents: ['conformity', 'factory_test'],
      retestRequired: true,
      testItems: ['稠度', '抗压强度（试块）'],
      basis: '建建〔2000〕211号',
      edition: 'JCBB-SITE-2026.1',
    },
    checks: [],
    visualResult: 'ok',
    verdict: 'retest',
    reason: null,
    inspectorName: '王强',
    decidedAt: '2026-11-20 10:00:00',
    supervisorName: '赵磊',
    supervisorConfirmedAt: '2026-11-20 11:00:00',
    photos: [],
    samples: [],
    codeCount: 0,
    actions: ['sample'],
    ...over,
  };
};

export const sampleRow = (id: number, over: Partial<SampleRow> = {}): SampleRow => ({
  id,
  sampleNo: `QY2026112000${id}`,
  sealNo: 'FY-001',
  inspectionId: 1,
  inspectionNumber: 'JC202611200001-1',
  materialName: '预拌砂浆',
  specName: 'DM M10',
  batchNo: 'SJ-1',
  representedQuantity: 10,
  unitName: '吨',
  sampledAt: '2026-11-20',
  witnessName: '赵磊',
  labName: '南京市建筑工程质量检测中心',
  state: 'sampled',
  result: null,
  ...over,
});

export const sampleDetail = (id: number, over: Partial<SampleDetail> = {}): SampleDetail => ({
  ...sampleRow(id),
  projectId: 7,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  location: '1#楼 3 层',
  samplerName: '刘洋',
  samplerCertNo: 'QY-0101',
  witnessCertNo: null,
  sentOn: null,
  testItems: ['稠度', '抗压强度（试块）'],
  reportNo: null,
  reportDate: null,
  report: null,
  reportLeafIndex: null,
  lotState: 'pending_retest',
  deliveryId: 3,
  photos: [],
  actions: [],
  ...over,
});

export const spotCheckRow = (id: number, over: Partial<SpotCheckRow> = {}): SpotCheckRow => ({
  id,
  number: `CJ2026112000${id}`,
  kind: 'patrol',
  checkedOn: shanghaiToday(),
  materialName: null,
  batchNo: null,
  result: 'pass',
  state: 'recorded',
  rectificationDeadline: null,
  overdue: false,
  checkerName: '赵磊',
  ...over,
});

export const spotCheckDetail = (id: number, over: Partial<SpotCheckDetail> = {}): SpotCheckDetail => ({
  ...spotCheckRow(id),
  projectId: 7,
  projectName: '南京市鼓楼区天妃宫小学新建工程',
  inspectionId: null,
  deliveryId: null,
  items: [{ name: '材料堆放', result: 'pass', remark: null }],
  report: null,
  remarks: null,
  rectification: null,
  rectifiedAt: null,
  rectifiedByName: null,
  closedAt: null,
  closedByName: null,
  actions: [],
  ...over,
});

export const uploaded = (id: number, name: string) => ({
  id,
  name,
  sha256: 'a'.repeat(64),
  size: 9,
  mime: 'application/pdf',
});
