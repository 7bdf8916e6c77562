import { OrgType } from '@jcbb/contract';
import { diskEndpoints } from '@jcbb/contract/disk.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, fieldErrors, type Sent, signInAs } from '../../../test/fake-server.ts';
import type { DiskFile, DiskListing, ShareCreated } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { DiskPage } from './DiskPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const TENDER = { id: 3, parentId: null, name: '投标资料包', createdAt: '2026-11-01T09:00:00.000+08:00' };
const diskFile = (id: number, name: string, over: Partial<DiskFile> = {}): DiskFile => ({
  id,
  folderId: TENDER.id,
  name,
  docType: 'other',
  tags: [],
  validFrom: null,
  validUntil: null,
  expiry: 'none',
  note: null,
  version: 1,
  size: 2048,
  mime: 'application/pdf',
  sha256: 'b'.repeat(64),
  ledgerLeafIndex: null,
  updatedAt: '2026-11-28T10:00:00.000+08:00',
  ...over,
});

/**
 * A disk of one folder, 投标资料包, that holds what was put in it: the list answers from `files` as it is at the
 * time of the call, so an upload shows once the page asks again.
 */
function disk(files: DiskFile[] = []) {
  const listing = (folderId: string | null): DiskListing =>
    folderId === String(TENDER.id)
      ? { folder: TENDER, path: [{ id: TENDER.id, name: TENDER.name }], folders: [], files }
      : { folder: null, path: [], folders: [TENDER], files: [] };
  return [
    answer(diskEndpoints.list, ({ query }) => listing(query.get('folderId'))),
    answer(diskEndpoints.shares, () => ({ list: [], total: 0 })),
  ];
}

const bodiesOf = (sent: Sent[], endpoint: object) => sent.filter((s) => s.endpoint === endpoint).map((s) => s.body);

async function openTender() {
  fireEvent.click(await screen.findByRole('button', { name: /投标资料包/ }));
  await screen.findByText('这个文件夹还是空的：点“上传文件”放入文件');
}

describe('/marketing/documentManagement', { timeout: 30_000 }, () => {
  it('uploads many files into the folder on screen, one after another, and lists them', async () => {
    signInAs(OrgType.MANUFACTURER);
    const files: DiskFile[] = [];
    let nextUpload = 500;
    const sent = fakeServer(
      ...disk(files),
      answer(fileEndpoints.upload, () => {
        nextUpload += 1;
        return { id: nextUpload, name: 'x', sha256: 'c'.repeat(64), size: 10, mime: 'application/pdf' };
      }),
      answer(diskEndpoints.addFile, ({ body }) => {
        const added = diskFile(Number(body.uploadId), `文件${body.uploadId}.pdf`);
        files.push(added);
        return { ...added, versions: [] };
      }),
    );
    renderWithProviders(<DiskPage />, { path: '/marketing/documentManagement' });
    await openTender();

    const input = screen.getByTestId('disk-upload') as HTMLInputElement;
    fireEvent.change(input, {
      target: {
        files: [
          new File(['%PDF-1.4'], '检测报告.pdf', { type: 'application/pdf' }),
          new File(['%PDF-1.4'], '认证证书.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    expect(await screen.findByText('已上传 2 个文件')).toBeInTheDocument();
    expect(await screen.findByText('文件501.pdf')).toBeInTheDocument();
    expect(screen.getByText('文件502.pdf')).toBeInTheDocument();
    // One after another, each into the folder on screen.
    expect(bodiesOf(sent, diskEndpoints.addFile)).toEqual([
      { uploadId: 501, folderId: TENDER.id },
      { uploadId: 502, folderId: TENDER.id },
    ]);
  });

  it('words the top of an empty disk for its reader', async () => {
    signInAs(OrgType.MANUFACTURER);
    fakeServer(answer(diskEndpoints.list, () => ({ folder: null, path: [], folders: [], files: [] })));
    renderWithProviders(<DiskPage />, { path: '/marketing/documentManagement' });
    expect(await screen.findByText('企业网盘还没有文件：点“上传文件”添加，或先“新建文件夹”')).toBeInTheDocument();
  });

  it('refuses a path-like folder name in the browser with the contract’s words, and sends a good one', async () => {
    signInAs(OrgType.MANUFACTURER);
    const sent = fakeServer(
      ...disk(),
      answer(diskEndpoints.createFolder, ({ body }) =>
        body.name === '合同与授权'
          ? fieldErrors({ name: '已有同名文件夹' })
          : { id: 9, parentId: null, name: String(body.name), createdAt: '2026-11-28T10:00:00.000+08:00' },
      ),
    );
    renderWithProviders(<DiskPage />, { path: '/marketing/documentManagement' });
    fireEvent.click(await screen.findByRole('button', { name: '新建文件夹' }));
    const dialog = await screen.findByRole('dialog', { name: '新建文件夹' });
    const name = within(dialog).getByLabelText('文件夹名称');
    const create = within(dialog).getByRole('button', { name: /创\s*建/ });

    fireEvent.change(name, { target: { value: '../x' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('文件夹名称不能包含 / 或 \\')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '..' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('文件夹名称不能是 . 或 ..')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('请输入文件夹名称')).toBeInTheDocument();
    expect(bodiesOf(sent, diskEndpoints.createFolder)).toEqual([]);

    // The server's refusal lands on the field.
    fireEvent.change(name, { target: { value: '合同与授权' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('已有同名文件夹')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: '检测报告' } });
    fireEvent.click(create);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建文件夹' })).toBeNull());
    expect(bodiesOf(sent, diskEndpoints.createFolder)).toEqual([{ name: '合同与授权' }, { name: '检测报告' }]);
  });

  it('shares the folder on screen with a generated code and shows the link and the code once', async () => {
    signInAs(OrgType.MANUFACTURER);
    const created: ShareCreated = {
      id: 4,
      token: 'tok_0123456789abcdef',
      title: '投标资料包',
      folderId: TENDER.id,
      fileCount: 1,
      audience: 'anyone',
      orgs: [],
      hasCode: true,
      expiresAt: '2026-12-05T10:00:00.000+08:00',
      maxDownloads: null,
      downloads: 0,
      watermark: false,
      state: 'active',
      createdAt: '2026-11-28T10:00:00.000+08:00',
      revokedAt: null,
      code: 'K7M2QX',
    };
    const sent = fakeServer(
      ...disk([diskFile(7, '岩棉板型式检验报告.pdf')]),
      answer(diskEndpoints.createShare, () => created),
    );
    renderWithProviders(<DiskPage />, { path: '/marketing/documentManagement' });
    fireEvent.click(await screen.findByRole('button', { name: /投标资料包/ }));
    await screen.findByText('岩棉板型式检验报告.pdf');

    fireEvent.click(screen.getByRole('button', { name: /分享此文件夹/ }));
    const dialog = await screen.findByRole('dialog', { name: '创建分享链接' });
    expect(within(dialog).getByDisplayValue('投标资料包')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '随机生成' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '创建链接' }));

    expect(await within(dialog).findByTestId('share-url')).toHaveTextContent(
      /\/showDiskLoginInfo\?link=tok_0123456789abcdef$/,
    );
    expect(within(dialog).getByTestId('share-code')).toHaveTextContent('K7M2QX');
    const [body] = bodiesOf(sent, diskEndpoints.createShare);
    expect(body).toMatchObject({
      folderId: TENDER.id,
      title: '投标资料包',
      audience: 'anyone',
      expiresInDays: 7,
      watermark: false,
    });
    expect(body?.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(body?.fileIds).toBeUndefined();
  });

  it('moves a file to another folder from its drawer, its own folder shown by name among the others', async () => {
    signInAs(OrgType.MANUFACTURER);
    const report = diskFile(7, '岩棉板型式检验报告.pdf');
    const contracts = { ...TENDER, id: 4, name: '合同与授权' };
    const sent = fakeServer(
      ...disk([report]),
      answer(diskEndpoints.list, ({ query }) =>
        query.get('folderId') === String(TENDER.id)
          ? { folder: TENDER, path: [{ id: TENDER.id, name: TENDER.name }], folders: [], files: [report] }
          : { folder: null, path: [], folders: [TENDER, contracts], files: [] },
      ),
      answer(diskEndpoints.file, () => ({ ...report, versions: [] })),
      answer(diskEndpoints.saveFile, ({ body }) => ({
        ...report,
        folderId: (body.folderId as number | undefined) ?? null,
        versions: [],
      })),
    );
    renderWithProviders(<DiskPage />, { path: '/marketing/documentManagement' });
    fireEvent.click(await screen.findByRole('button', { name: /投标资料包/ }));
    fireEvent.click(await screen.findByRole('button', { name: /岩棉板型式检验报告\.pdf/ }));
    const drawer = (await screen.findByRole('dialog', { name: '岩棉板型式检验报告.pdf' })) as HTMLElement;
    const picker = (await within(drawer).findByText('选另一个文件夹并保存，即可把文件移过去')).closest(
      '.ant-form-item',
    ) as HTMLElement;
    // The file's folder shows by name.
    expect(await within(picker).findByTitle('投标资料包')).toBeInTheDocument();

    fireEvent.mouseDown(picker.querySelector('.ant-select') as HTMLElement);
    const tree = (await screen.findByRole('tree')).closest('.ant-select-dropdown') as HTMLElement;
    // The top level's folders are there beside the file's own.
    fireEvent.click(await within(tree).findByTitle('合同与授权'));
    expect(await within(picker).findByTitle('合同与授权')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodiesOf(sent, diskEndpoints.saveFile)).toHaveLength(1));
    expect(bodiesOf(sent, diskEndpoints.saveFile)[0]).toMatchObject({ name: report.name, folderId: contracts.id });
  });
});
