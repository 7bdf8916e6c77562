import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, type Sent } from '../../../test/fake-server.ts';
import { contract, formPickers, renderSales, signInDealer } from '../sales-testing.tsx';
import { ContractUploadPage } from './ContractUploadPage.tsx';

let sent: Sent[];
let refuse = false;

beforeEach(() => {
  refuse = false;
  signInDealer();
  sent = fakeServer(
    ...formPickers(),
    answer(api.buyerProjects, () => [
      { id: 1, name: '南京市鼓楼区天妃宫小学新建工程', regionCode: '320106', regionName: '江苏省 南京市 鼓楼区' },
    ]),
    answer(api.contractDetail, () => contract()),
    answer(api.contractSave, () => (refuse ? fieldErrors({ number: '合同编号已存在' }) : { id: 5 })),
  );
});
afterEach(() => session.setUser(null));

describe('recording a contract', () => {
  it('edits a draft: sends its buyer, project, lines in fen and its file; the server’s refusal shows under the field', async () => {
    const view = renderSales(<ContractUploadPage />, '/productionManagement/contractUpload?id=5');
    const number = (await screen.findByDisplayValue('HT-2026-001')) as HTMLInputElement;
    expect(await screen.findByText('经销合同.pdf')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('单价（元） 1'), { target: { value: '49.9' } });
    expect(await screen.findByText('¥14,970.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/productionManagement/contractDetail'));
    expect(sent.find((s) => s.endpoint === api.contractSave)?.body).toMatchObject({
      id: 5,
      number: 'HT-2026-001',
      buyerOrgId: 15,
      projectId: 1,
      validFrom: '2026-11-28',
      lines: [{ specId: 5, quantity: '300', unit: '平方米', unitPriceFen: 4990 }],
      signedFileId: 40,
    });

    view.unmount();
    refuse = true;
    renderSales(<ContractUploadPage />, '/productionManagement/contractUpload?id=5');
    await screen.findByDisplayValue('HT-2026-001');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('合同编号已存在')).toBeTruthy();
    expect(number).toBeTruthy();
  });

  it('asks for the number, the buyer and the lines before sending anything', async () => {
    renderSales(<ContractUploadPage />, '/productionManagement/contractUpload');
    await screen.findByText('录入经销合同');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入合同编号')).toBeTruthy();
    expect(sent.some((s) => s.endpoint === api.contractSave)).toBe(false);
  });
});
