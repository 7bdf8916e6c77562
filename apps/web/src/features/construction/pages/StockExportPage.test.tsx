import { Role } from '@jcbb/contract';
import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import { cityProject, userProject } from '../../project/test-data.ts';
import { renderConstruction } from '../testing.tsx';
import { StockExportPage } from './StockExportPage.tsx';

let sent: Sent[];
let saved: string[];

beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => ({
      list: [userProject(7, { name: '天妃宫小学新建工程' })],
      total: 1,
    })),
    answer(projectEndpoints.projectDetail, () => ({
      ...cityProject(9, { name: '天妃宫小学新建工程' }),
      address: '南京市鼓楼区天妃宫 1 号',
      grossFloorArea: 12000,
      investmentFen: 1_000_000_000,
      targetStar: null,
      designStageName: '施工图设计',
      plannedStart: '2026-03-01',
      plannedFinish: '2027-08-31',
      policyBatchName: null,
      standardEdition: null,
      standardEditionName: null,
      access: 'committee' as const,
      steps: [],
    })),
    answer(
      api.exportXlsx,
      () => new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/octet-stream' } }),
    ),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('the export page', () => {
  it('downloads the kind chosen for the project, named after both', async () => {
    signInAs(3, { name: '南京正衡工程监理有限公司', orgId: 4 });
    renderConstruction(<StockExportPage />, '/project/stockExport');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('projectId=7'));
    expect(screen.getByRole('radio', { name: /绿色建材进场专项台账/ })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /到货记录/ }));
    fireEvent.click(screen.getByRole('button', { name: /下载 Excel/ }));
    await waitFor(() => expect(saved).toEqual(['天妃宫小学新建工程-到货记录.xlsx']));
    const request = sent.find((s) => s.endpoint === api.exportXlsx);
    expect(Object.fromEntries(request?.query ?? [])).toMatchObject({ projectId: '7', kind: 'deliveries' });
    // A supervision unit does not import.
    expect(screen.queryByRole('link', { name: '导入平台外到货' })).toBeNull();
  });

  it('serves the city’s committee the project its address names (it takes part in none)', async () => {
    signInAs(5, { name: '南京市城乡建设委员会', orgId: 6, roles: [Role.CITY_COMMITTEE] });
    renderConstruction(<StockExportPage />, '/project/stockExport?projectId=9');
    expect(await screen.findByText('天妃宫小学新建工程')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /下载 Excel/ }));
    await waitFor(() => expect(saved).toEqual(['天妃宫小学新建工程-绿色建材进场专项台账.xlsx']));
    expect(Object.fromEntries(sent.find((s) => s.endpoint === api.exportXlsx)?.query ?? [])).toMatchObject({
      projectId: '9',
      kind: 'green_ledger',
    });
  });

  it('links the construction unit to its import', async () => {
    signInAs(4, { name: '江苏筑安建设工程有限公司', orgId: 3 });
    renderConstruction(<StockExportPage />, '/project/stockExport?projectId=7');
    expect(await screen.findByRole('link', { name: '导入平台外到货' })).toHaveAttribute(
      'href',
      '/project/stockImport?projectId=7',
    );
  });
});
