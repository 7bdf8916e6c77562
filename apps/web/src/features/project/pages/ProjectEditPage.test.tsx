import type { EndpointDef } from '@jcbb/contract/endpoint';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import projectZh from '../locales/zh-CN.ts';
import { ProjectEditPage } from './ProjectEditPage.tsx';

let sent: Sent[];
/** The project calls, which a page that only reads reference data must not make. */
const projectCalls: EndpointDef[] = Object.values(projectEndpoints);

beforeEach(() => {
  sent = fakeServer(
    answer(projectEndpoints.policyOptions, () => ({ batches: [], editions: [] })),
    answer(referenceEndpoints.divisionChildren, () => []),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe('ProjectEditPage', () => {
  it.each(['abc', '0', '1.5'])('says the link is wrong for ?id=%s and asks for no project', async (id) => {
    renderWithProviders(<ProjectEditPage />, { project: projectZh }, { path: `/project/edit?id=${id}` });
    expect(await screen.findByText('缺少项目编号')).toBeInTheDocument();
    expect(sent.filter((s) => projectCalls.includes(s.endpoint))).toEqual([]);
  });

  it("checks the fields with the contract's own rules and messages before sending anything", async () => {
    renderWithProviders(<ProjectEditPage />, { project: projectZh }, { path: '/project/edit' });
    // The inputs stop where the schema does.
    expect(screen.getByLabelText('项目名称')).toHaveAttribute('maxlength', '100');
    fireEvent.change(screen.getByLabelText('项目编号'), { target: { value: 'NJ 01' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入项目名称')).toBeInTheDocument();
    expect(screen.getByText('项目编号只能包含字母、数字、- 和 _')).toBeInTheDocument();
    expect(screen.getByText('请输入总建筑面积')).toBeInTheDocument();
    expect(screen.getByText('请选择项目类型')).toBeInTheDocument();
    expect(screen.getByText('请输入详细地址')).toBeInTheDocument();
    // Only reference data was read (divisions, policy options): nothing was saved.
    await waitFor(() =>
      expect(
        sent.filter((s) => projectCalls.includes(s.endpoint) && s.endpoint !== projectEndpoints.policyOptions),
      ).toEqual([]),
    );
  });
});
