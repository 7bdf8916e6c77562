import { sourcingEndpoints as api } from '@jcbb/contract/procurement-sourcing.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import type { Candidate, SourcingOverview } from '../sourcing-api.ts';
import { renderSourcing, signInDeveloper } from '../sourcing-testing.tsx';
import { SelectionAndPurchasePage } from './SelectionAndPurchasePage.tsx';

const brief = (over: Partial<SourcingOverview['compliance']> = {}): SourcingOverview['compliance'] => ({
  applicable: true,
  met: false,
  mandatoryLines: 1,
  mandatoryGreenLines: 0,
  mandatoryMet: false,
  optionalKindsUsed: 0,
  optionalGreenKinds: 0,
  optionalCoverageBp: 0,
  optionalMinPct: null,
  optionalMet: true,
  greenShareByValueBp: 0,
  ...over,
});

const line: SourcingOverview['lines'][number] = {
  id: 101,
  lineNo: 1,
  classifyCode: '0105',
  classifyName: '保温系统材料',
  commonName: '外墙岩棉保温板',
  spec: null,
  unitName: '平方米',
  quantity: '800.000',
  requiredBy: '2026-12-29',
  budgetUnitPriceFen: 4000,
  kind: 'mandatory',
  categoryName: '保温系统材料',
  green: false,
  chosen: null,
};

const candidate: Candidate = {
  productId: 3,
  productName: '岩棉保温板',
  brand: '绿筑',
  specId: 5,
  specName: 'TR10 50 厚',
  specModel: '1200×600×50',
  unitName: '平方米',
  makerOrgId: 1,
  makerName: '南京绿筑新型建材有限公司',
  supplierOrgId: 1,
  supplierName: '南京绿筑新型建材有限公司',
  supplierRole: 'maker',
  authorisationNumber: null,
  tags: { prefabricated: false, lowCarbon: false, green: true, govProcurement: true },
  starRating: 2,
  certificate: { runway: 'lapses', name: 'LJC-2023-0105-00562', validUntil: '2026-12-20' },
  unitPriceFen: 3850,
  totalFen: 3_080_000,
  originRegionName: '江苏省南京市江宁区',
  distanceKm: 500,
  distanceSource: 'default',
  transportKgCO2e: null,
  missingMass: true,
  spotChecks: { passed: 1, failed: 0 },
  whatIf: brief(),
  chosen: false,
};

let sent: Sent[];

beforeEach(() => {
  signInDeveloper();
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => ({ list: [userProject(1, { name: '天妃宫小学' })], total: 1 })),
    answer(api.selectionOverview, () => ({
      projectId: 1,
      projectName: '天妃宫小学',
      editionCode: '2020-trial',
      compliance: brief(),
      lines: [line],
    })),
    answer(api.selectionCandidates, () => ({
      line,
      projectId: 1,
      cityName: '江苏省南京市',
      compliance: brief(),
      transportFactor: '0.078',
      list: [candidate],
    })),
    answer(api.inquiryList, () => ({ list: [], total: 0 })),
    answer(api.selectionChoose, () => ({ line: { ...line, green: false }, compliance: brief() })),
  );
});
afterEach(() => session.setUser(null));

describe('selection and purchase', () => {
  it('compares a line’s candidates: the certificate lapsing before it is needed, the default distance, no mass', async () => {
    renderSourcing(<SelectionAndPurchasePage />, '/buildMaterialProcurement/selectionAndPurchase?projectId=1');
    fireEvent.click(await screen.findByRole('button', { name: '查看候选' }));
    expect(await screen.findByText('2026-12-20 到期')).toBeTruthy();
    expect(screen.getByText('缺少单位质量')).toBeTruthy();
    expect(screen.getByText(/500 km（默认）/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /选\s*定/ }));
    await waitFor(() =>
      expect(
        sent.some(
          (s) =>
            s.endpoint === api.selectionChoose &&
            (s.body as { lineId: number; specId: number }).lineId === 101 &&
            (s.body as { specId: number }).specId === 5,
        ),
      ).toBe(true),
    );
  });

  it('opens the line the alternates page names, and with mode=inquiry puts it in the inquiry cart', async () => {
    renderSourcing(
      <SelectionAndPurchasePage />,
      '/buildMaterialProcurement/selectionAndPurchase?projectId=1&lineId=101&mode=inquiry',
    );
    // The line's candidates are shown without a click, and the line waits in the cart for an inquiry.
    expect(await screen.findByText('2026-12-20 到期')).toBeTruthy();
    expect(screen.getByText('待询价材料 1 行')).toBeTruthy();
  });
});
