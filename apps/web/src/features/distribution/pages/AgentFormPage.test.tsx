import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, fieldErrors, type Sent, signInAs } from '../../../test/fake-server.ts';
import type { AuthorisationView } from '../api.ts';
import { authorisation, draft } from '../test-data.ts';
import { renderWithProviders, screenWidth } from '../testing.tsx';
import { AgentFormPage } from './AgentFormPage.tsx';

let sent: Sent[];
let saveReply: (body: Record<string, unknown>) => AuthorisationView | ReturnType<typeof fieldErrors>;
let issueReply: () => AuthorisationView | ReturnType<typeof failure>;
/** The draft the detail call answers (its id: DRAFT's). */
let answerDetail: AuthorisationView;

const DRAFT = draft({ exclusive: true, signatoryName: '王总', signatoryTitle: '总经理' });

const spec = (id: number, name: string) => ({
  id,
  productId: 5,
  name,
  model: '',
  unitId: 1,
  unitName: '平方米',
  price: null,
  minOrder: null,
  massPerUnitKg: null,
  status: 1,
  statusName: '正常',
  createdAt: '2026-01-01 00:00:00',
  updatedAt: '2026-01-01 00:00:00',
});

beforeEach(() => {
  screenWidth(1366);
  signInAs(6, { orgId: 10, name: '南京绿筑新型建材有限公司' });
  saveReply = () => DRAFT;
  answerDetail = DRAFT;
  issueReply = () => authorisation({ id: DRAFT.id, number: 'AU20261128-0009', status: 'issued', state: 'issued' });
  sent = fakeServer(
    answer(api.authorisationDetail, ({ body }) =>
      Number(body.id) === DRAFT.id
        ? answerDetail
        : Number(body.id) === 1
          ? authorisation()
          : failure(404, 40400, '授权不存在'),
    ),
    answer(productEndpoints.productDetailList, () => [
      { id: 5, name: '岩棉保温板', enableStatus: 1, specs: [spec(9, '1200×600×50'), spec(10, '1200×600×100')] },
    ]),
    answer(referenceEndpoints.divisionChildren, ({ body }) =>
      body.parentCode ? [] : [{ code: '320000', name: '江苏省', level: 1, hasChildren: true }],
    ),
    answer(api.distributorSearch, ({ body }) =>
      String(body.keyword).includes('恒通')
        ? [{ id: 20, name: '南京恒通建材贸易有限公司', creditCode: '91320100MA1YYYYY0B', regionName: '南京市' }]
        : [],
    ),
    answer(projectEndpoints.trackProjectList, () => ({ list: [], total: 0 })),
    answer(api.authorisationSave, ({ body }) => saveReply(body)),
    answer(api.authorisationIssue, () => issueReply()),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const render = (path: string) => renderWithProviders(<AgentFormPage />, { path });
/** The draft's form is filled: its products and the divisions of its regions have been asked for. */
const loaded = () =>
  waitFor(() =>
    expect(sent.map((s) => s.endpoint)).toEqual(
      expect.arrayContaining([productEndpoints.productDetailList, referenceEndpoints.divisionChildren]),
    ),
  );
const previewButton = () => screen.getByRole('button', { name: /预览并签发/ });

describe('/agent/agentForm', () => {
  it('saves a draft as it stands, shows the letter as it will read, and issues it after naming its exclusivity', async () => {
    render(`/agent/agentForm?id=${DRAFT.id}`);
    expect(await screen.findByText('编辑授权草稿')).toBeInTheDocument();
    await loaded();
    fireEvent.click(previewButton());
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.authorisationSave)).toBe(true));
    expect(sent.find((s) => s.endpoint === api.authorisationSave)?.body).toMatchObject({
      id: DRAFT.id,
      distributorOrgId: 20,
      kind: 'general',
      exclusive: true,
      regionCodes: ['320000'],
      items: [{ productId: 5, specIds: [] }],
      validFrom: '2026-11-28',
      validUntil: '2027-11-27',
      signatoryName: '王总',
      signatoryTitle: '总经理',
      autoAccept: false,
    });
    const dialog = await screen.findByRole('dialog');
    const letter = within(dialog).getByTestId('letter-preview');
    expect(within(letter).getByText('致：南京恒通建材贸易有限公司')).toBeInTheDocument();
    expect(within(letter).getByText('授权区域：江苏省')).toBeInTheDocument();
    expect(within(letter).getByText('全部规格型号')).toBeInTheDocument();
    expect(within(letter).getByText(/本授权为独家授权/)).toBeInTheDocument();
    expect(within(dialog).getByText(/这是一份独家授权/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /签\s*发/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/agent/index?id=${DRAFT.id}`));
    expect(sent.find((s) => s.endpoint === api.authorisationIssue)?.body).toMatchObject({ id: DRAFT.id });
  });

  it("shows the server's refusal of a field under it, and issues nothing", async () => {
    saveReply = () => fieldErrors({ 'items.0.productId': '只能授权本企业的产品' });
    render(`/agent/agentForm?id=${DRAFT.id}`);
    await loaded();
    fireEvent.click(previewButton());
    expect(await screen.findByText('只能授权本企业的产品')).toBeInTheDocument();
    expect(screen.getByText('请先修正表单中的错误')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.some((s) => s.endpoint === api.authorisationIssue)).toBe(false);
  });

  it('keeps the preview open with the refusal of an overlapping exclusive letter', async () => {
    issueReply = () => failure(409, 40900, '与独家授权书 AU20260101-0001 的范围重叠');
    render(`/agent/agentForm?id=${DRAFT.id}`);
    await loaded();
    fireEvent.click(previewButton());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /签\s*发/ }));
    expect(await within(dialog).findByTestId('issue-error')).toHaveTextContent(
      '与独家授权书 AU20260101-0001 的范围重叠',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`/agent/agentForm?id=${DRAFT.id}`);
  });

  it('sends a project letter with the project off the platform by name, and shows the refusal of the project field', async () => {
    const projectDraft = draft({ kind: 'project', projectName: '江宁区人民医院新院区', tenderNo: 'JSZC-2026-118' });
    answerDetail = projectDraft;
    saveReply = () => fieldErrors({ projectId: '项目授权请选择平台项目，或填写项目名称或招标编号' });
    render(`/agent/agentForm?id=${projectDraft.id}`);
    await loaded();
    expect(screen.getByRole('radio', { name: '项目授权（特定项目或招标）' })).toBeChecked();
    expect(screen.getByDisplayValue('江宁区人民医院新院区')).toBeInTheDocument();
    fireEvent.click(previewButton());
    expect(await screen.findByText('项目授权请选择平台项目，或填写项目名称或招标编号')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === api.authorisationSave)?.body).toMatchObject({
      kind: 'project',
      projectName: '江宁区人民医院新院区',
      tenderNo: 'JSZC-2026-118',
    });
    expect(sent.find((s) => s.endpoint === api.authorisationSave)?.body).not.toHaveProperty('projectId');
  });

  it('checks the required fields before asking the server', async () => {
    render('/agent/agentForm');
    expect(await screen.findByText('新建经销商授权')).toBeInTheDocument();
    fireEvent.click(previewButton());
    expect(await screen.findByText('请先修正表单中的错误')).toBeInTheDocument();
    expect(screen.getAllByText('输入经销商名称或统一社会信用代码搜索').length).toBeGreaterThan(0);
    expect(sent.some((s) => s.endpoint === api.authorisationSave)).toBe(false);
  });

  it('searches certified distributors by name once typing pauses, and only from two characters', async () => {
    render('/agent/agentForm');
    const box = await screen.findByRole('combobox', { name: '经销商' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '恒' } });
    expect(await screen.findByText('请至少输入 2 个字')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '恒通' } });
    expect(await screen.findByText('91320100MA1YYYYY0B · 南京市')).toBeInTheDocument();
    const searches = sent.filter((s) => s.endpoint === api.distributorSearch);
    expect(searches.map((s) => s.body.keyword)).toEqual(['恒通']);
  });

  it('does not edit an issued letter: it says how to change one', async () => {
    render('/agent/agentForm?id=1');
    expect(await screen.findByText(/这份授权已签发，不能再修改/)).toBeInTheDocument();
    expect(sent.some((s) => s.endpoint === api.authorisationSave)).toBe(false);
  });
});
