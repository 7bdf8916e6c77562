import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, fieldErrors, type Sent, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import type { ImportPreview } from '../api.ts';
import { renderConstruction } from '../testing.tsx';
import { StockImportPage } from './StockImportPage.tsx';

let sent: Sent[];

const sample = (row: number, over: Partial<ImportPreview['sample'][number]> = {}) => ({
  row,
  supplierName: '南京江北砂浆有限公司',
  materialName: '预拌砂浆',
  specName: 'DM M10',
  batchNo: `JB-${row}`,
  quantity: 12.5,
  unitName: '吨',
  arrivedOn: '2026-11-20',
  ...over,
});

const clean: ImportPreview = {
  uploadId: 901,
  rows: 3,
  okRows: 3,
  deliveries: 2,
  errorCount: 0,
  errors: [],
  sample: [sample(2), sample(3), sample(4)],
};

const withErrors: ImportPreview = {
  uploadId: 902,
  rows: 3,
  okRows: 1,
  deliveries: 0,
  errorCount: 3,
  errors: [
    { row: 3, column: '数量', message: '到货数量必须是数字' },
    { row: 4, column: '单位', message: '请输入单位' },
    { row: 4, column: null, message: '这是导入模板中的示例行，请删除后再导入' },
  ],
  sample: [sample(2), sample(3, { quantity: null }), sample(4, { unitName: '' })],
};

function serve(
  preview: ImportPreview | ReturnType<typeof fieldErrors>,
  commit: () => { deliveries: number; lines: number } | ReturnType<typeof failure> = () => ({
    deliveries: 2,
    lines: 3,
  }),
) {
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, () => ({
      list: [userProject(7, { name: '天妃宫小学新建工程' }), userProject(8, { name: '江宁区人民医院' })],
      total: 2,
    })),
    answer(api.importPreview, () => preview),
    answer(api.importCommit, commit),
    answer(
      api.importTemplate,
      () => new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/octet-stream' } }),
    ),
  );
}

beforeEach(() => {
  signInAs(4, { name: '江苏筑安建设工程有限公司', orgId: 3, user: { id: 3, realName: '王强' } });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const workbook = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], '到货.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function upload() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await waitFor(() => expect(input).not.toBeDisabled());
  fireEvent.change(input, { target: { files: [workbook()] } });
}

describe('the stock import page', () => {
  it('opens on the first project and uploads the file for that project, then imports it when every row is right', async () => {
    serve(clean);
    renderConstruction(<StockImportPage />, '/project/stockImport');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/project/stockImport?projectId=7'));
    await upload();
    expect(await screen.findByText('共 3 行，全部无误，将生成 2 张到货单')).toBeInTheDocument();
    const preview = sent.find((s) => s.endpoint === api.importPreview);
    expect(preview?.query.get('projectId')).toBe('7');
    expect(screen.getAllByText('无误')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: '确认导入' }));
    expect(await screen.findByText('导入完成')).toBeInTheDocument();
    expect(screen.getByText(/已生成 2 张到货单、3 个批次/)).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === api.importCommit)?.body).toEqual({ projectId: 7, uploadId: 901 });
    expect(screen.getByRole('link', { name: '导出台账' })).toHaveAttribute('href', '/project/stockExport?projectId=7');
  });

  it('lists each bad row with its column and reason, and offers no import while any row is wrong', async () => {
    serve(withErrors);
    renderConstruction(<StockImportPage />, '/project/stockImport?projectId=8');
    await upload();
    expect(await screen.findByText('共 3 行，其中 2 行有误（3 处），请修改文件后重新上传')).toBeInTheDocument();
    // The phone's layout (jsdom has no wide screen): each bad row as a line of the list.
    const errors = screen.getByText('有误的行').parentElement as HTMLElement;
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([
      '第 3 行 · 数量：到货数量必须是数字',
      '第 4 行 · 单位：请输入单位',
      '第 4 行 · 整行：这是导入模板中的示例行，请删除后再导入',
    ]);
    expect(screen.getByText('2 处错误')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认导入' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重新上传' }));
    expect(await screen.findByText('点击或拖拽 Excel 文件（.xlsx）到此处')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === api.importPreview)?.query.get('projectId')).toBe('8');
    expect(sent.filter((s) => s.endpoint === api.importCommit)).toEqual([]);
  });

  it('says why a file was refused, and lets another be uploaded', async () => {
    serve(fieldErrors({ file: '每次最多导入 10000 行，请分成几个文件导入' }));
    renderConstruction(<StockImportPage />, '/project/stockImport?projectId=7');
    await upload();
    expect(await screen.findByText('每次最多导入 10000 行，请分成几个文件导入')).toBeInTheDocument();
    expect(screen.getByText('文件未通过校验')).toBeInTheDocument();
    expect(document.querySelector('input[type=file]')).not.toBeNull();
  });

  it('shows the rows a refused import names, having written nothing', async () => {
    serve(clean, () =>
      failure(400, 40000, '导入文件有 1 处错误，未导入任何数据', {
        fields: [{ field: 'rows.3.数量', message: '第 3 行「数量」：到货数量必须是数字' }],
      }),
    );
    renderConstruction(<StockImportPage />, '/project/stockImport?projectId=7');
    await upload();
    fireEvent.click(await screen.findByRole('button', { name: '确认导入' }));
    expect(await screen.findByText('导入失败，未导入任何数据')).toBeInTheDocument();
    expect(screen.getByText('导入文件有 1 处错误，未导入任何数据')).toBeInTheDocument();
    expect(screen.getByText('第 3 行「数量」：到货数量必须是数字')).toBeInTheDocument();
  });

  it('downloads the template for the project', async () => {
    serve(clean);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderConstruction(<StockImportPage />, '/project/stockImport?projectId=7');
    // Queried afresh: the card's tools move below its title once the screen's width is known.
    await waitFor(() => expect(screen.getByRole('button', { name: /下载导入模板/ })).not.toBeDisabled());
    fireEvent.click(screen.getByRole('button', { name: /下载导入模板/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent.find((s) => s.endpoint === api.importTemplate)?.query.get('projectId')).toBe('7');
  });
});
