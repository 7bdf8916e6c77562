import type { RevisionDiffRow } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { evidenceReadingEndpoints as readingApi } from '@jcbb/contract/evidence-reading.endpoints';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screen-width.ts';
import readingZh from '../../evidence-reading/locales/zh-CN.ts';
import { finding, readingView } from '../../evidence-reading/testing.tsx';
import revisionZh from '../locales/zh-CN.ts';
import { RevisionDiffTable } from './RevisionDiff.tsx';

afterEach(() => session.setUser(null));

const diff: RevisionDiffRow[] = [
  {
    target: 'product',
    targetName: '产品',
    change: 'update',
    field: 'name',
    fieldName: '产品名称',
    before: '岩棉板',
    after: '岩棉保温板',
  },
  {
    target: 'document',
    targetName: '检测报告 JC2026-018',
    change: 'add',
    field: null,
    fieldName: '新增检测报告',
    before: null,
    after: 'JC2026-018',
    document: { uploadId: 41, kind: 4 },
  },
  {
    target: 'document',
    targetName: '产品说明书 安装',
    change: 'add',
    field: null,
    fieldName: '新增产品说明书',
    before: null,
    after: '安装',
    document: { uploadId: 42, kind: 5 },
  },
];

describe('a revision’s changes', () => {
  it.each([1366, 390])('show a proposed test report’s reading, asked for as the revision’s (%i px)', async (px) => {
    screenWidth(px);
    signInAs(OrgType.MANUFACTURER, { roles: ['super_admin'] });
    const sent = fakeServer(answer(readingApi.reading, () => readingView({ findings: [finding('ER-04', 'warn')] })));
    renderWithProviders(<RevisionDiffTable diff={diff} revisionId={7} />, {
      revision: revisionZh,
      reading: readingZh,
    });
    expect(await screen.findByRole('button', { name: '识别结果：1 项需留意，点击查看' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^识别结果/ })).toHaveLength(1);
    // Every call for the report only (on a phone the table becomes a list once the breakpoint is known: asked again).
    expect(sent.length).toBeGreaterThan(0);
    for (const s of sent) expect(s.body).toEqual({ subject: 'revision', id: '7', uploadId: '41' });
  });
});
