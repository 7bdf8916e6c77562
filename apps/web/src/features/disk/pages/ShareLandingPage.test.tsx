import { diskEndpoints } from '@jcbb/contract/disk.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, fieldErrors } from '../../../test/fake-server.ts';
import type { ShareLanding as Landing } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { ShareLanding } from './ShareLandingPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const TOKEN = 'lvzhu-tender-pack-2026';
const base: Landing = {
  state: 'active',
  sharer: '南京绿筑新材料有限公司',
  title: '绿筑岩棉板投标资料',
  expiresAt: '2027-11-28T10:00:00.000+08:00',
  downloadsLeft: null,
  needsCode: true,
  needsSignIn: false,
  notForYou: false,
  watermark: null,
  files: [],
};
const file = {
  id: 7,
  name: '岩棉板型式检验报告.pdf',
  docType: 'test_report' as const,
  validUntil: '2026-12-18',
  expiry: 'expiring' as const,
  size: 2048,
  mime: 'application/pdf',
  sha256: 'a'.repeat(64),
  previewable: true,
  evidence: null,
};

describe('/showDiskLoginInfo', { timeout: 20_000 }, () => {
  it('asks for the code, says when it is wrong, then lists the files with their badges', async () => {
    const sent = fakeServer(
      answer(diskEndpoints.link, ({ query }) =>
        query.get('key') === 'granted-key-0123456789' ? { ...base, needsCode: false, files: [file] } : base,
      ),
      answer(diskEndpoints.unlock, ({ body }) =>
        body.code === 'LZ2026'
          ? { key: 'granted-key-0123456789' }
          : fieldErrors({ code: '提取码不正确，还可尝试 4 次' }),
      ),
    );
    renderWithProviders(<ShareLanding />, { path: `/showDiskLoginInfo?link=${TOKEN}` });
    expect(await screen.findByText('南京绿筑新材料有限公司 分享给您')).toBeInTheDocument();
    const input = screen.getByLabelText('提取码');
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: /提取文件/ }));
    expect(await screen.findByText('提取码不正确，还可尝试 4 次')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'LZ2026' } });
    fireEvent.click(screen.getByRole('button', { name: /提取文件/ }));
    expect(await screen.findByText('岩棉板型式检验报告.pdf')).toBeInTheDocument();
    expect(screen.getByText(/即将到期/)).toBeInTheDocument();
    expect(screen.getByText('未存证')).toBeInTheDocument();
    await waitFor(() => expect(sent.filter((s) => s.endpoint === diskEndpoints.unlock)).toHaveLength(2));
  });

  it('says plainly when a link is revoked, expired or used up, and shows no files', async () => {
    for (const [state, words] of [
      ['revoked', '分享者已撤销这个链接。'],
      ['expired', '这个分享链接已过期，请联系分享者重新分享。'],
      ['exhausted', '这个分享链接的下载次数已用完，请联系分享者。'],
    ] as const) {
      vi.restoreAllMocks();
      fakeServer(answer(diskEndpoints.link, () => ({ ...base, state, needsCode: false })));
      const { unmount } = renderWithProviders(<ShareLanding />, { path: `/showDiskLoginInfo?link=${TOKEN}` });
      expect(await screen.findByText(words)).toBeInTheDocument();
      expect(screen.queryByLabelText('提取码')).toBeNull();
      unmount();
    }
  });

  it('asks a signed-out visitor to sign in when the link is for signed-in users', async () => {
    fakeServer(answer(diskEndpoints.link, () => ({ ...base, needsCode: false, needsSignIn: true })));
    renderWithProviders(<ShareLanding />, { path: `/showDiskLoginInfo?link=${TOKEN}` });
    expect(await screen.findByText('此链接仅向平台已登录用户开放，请先登录。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
  });
});
