import type { ReadingView } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { evidenceReadingEndpoints as api } from '@jcbb/contract/evidence-reading.endpoints';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import readingZh from '../locales/zh-CN.ts';
import { finding, readingView } from '../testing.tsx';
import { ReadingSummary } from './ReadingSummary.tsx';

afterEach(() => session.setUser(null));

const outcomes = (...list: ReadingView['findings'][number]['outcome'][]) =>
  readingView({ findings: list.map((o, i) => finding(`ER-0${i + 1}`, o)) });

async function tagFor(view: ReadingView | (() => ReturnType<typeof failure>)) {
  signInAs(OrgType.MANUFACTURER);
  fakeServer(answer(api.reading, typeof view === 'function' ? view : () => view));
  renderWithProviders(<ReadingSummary subject="product" id={5} uploadId={31} />, { reading: readingZh });
  return screen.findByRole('button', { name: /^识别结果：/ });
}

describe('ReadingSummary', () => {
  it.each([
    ['3 项不一致', 'red', outcomes('fail', 'warn', 'fail', 'pass', 'fail')],
    ['1 项需留意', 'orange', outcomes('pass', 'warn', 'unknown')],
    ['1 项无法核对', 'default', outcomes('pass', 'unknown')],
    ['已核对一致', 'green', outcomes('pass', 'pass')],
    ['无法识别', 'default', readingView({ state: 'refused', refusal: 'corrupt', refusalText: '文件已损坏或格式不符' })],
    ['识别失败', 'default', readingView({ state: 'failed' })],
    ['识别中…', 'processing', readingView({ state: 'reading', pagesDone: 0, pagesTotal: 4 })],
    ['识别中…', 'processing', readingView({ state: 'queued' })],
  ])('says %s (%s)', async (text, colour, view) => {
    const tag = await tagFor(view);
    expect(tag).toHaveAccessibleName(`识别结果：${text}，点击查看`);
    const classes = tag.querySelector('.ant-tag')?.className ?? '';
    if (colour === 'default') expect(classes).not.toMatch(/ant-tag-(red|orange|green|processing)/);
    else expect(classes).toContain(`ant-tag-${colour}`);
  });

  it('says the reading is unavailable when the server refuses', async () => {
    const tag = await tagFor(() => failure(404, 40400, '文件不存在'));
    expect(tag).toHaveTextContent('识别结果不可用');
  });

  it('opens the document as read in a drawer', async () => {
    const tag = await tagFor(
      readingView({
        state: 'refused',
        refusal: 'encrypted',
        refusalText: 'PDF 已加密，无法读取内容，请上传未加密的文件',
      }),
    );
    fireEvent.click(tag);
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('检验报告-2026-018.pdf · 识别结果');
    expect(drawer).toHaveTextContent('PDF 已加密，无法读取内容，请上传未加密的文件');
  });
});
