import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/http.ts';
import { session } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FakeInbox } from '../test/fake-inbox.ts';
import { messageServer } from '../test/message-server.ts';
import MessageCenterPage from './MessageCenterPage.tsx';
import MessageDetailPage from './MessageDetailPage.tsx';

/** The message pieces read the app's own strings (lib/i18n.ts), so no namespaces of their own. */
const renderPage = (ui: ReactNode, path = '/') => renderWithProviders(ui, undefined, { path });

// antd in jsdom is slow on a small CI machine: a rendered form or popover takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 20_000 });

let mocked: ReturnType<typeof messageServer>;
let inbox: FakeInbox;

const rows = () => within(screen.getByRole('list', { name: '消息中心' })).getAllByRole('listitem');

beforeEach(() => {
  session.setToken('token-41');
  mocked = messageServer();
  inbox = new FakeInbox(23);
  mocked.getMessageList.mockImplementation(async (query) => inbox.list(query));
  mocked.getMessageDetails.mockImplementation(async (id) => {
    if (!inbox.messages.some((m) => m.id === id)) throw new ApiError('消息不存在', 40400, 404);
    return inbox.details(id);
  });
  mocked.updateReadPoint.mockImplementation(async () => inbox.markAllRead());
  mocked.deleteMessage.mockImplementation(async (id) => {
    inbox.messages = inbox.messages.filter((m) => m.id !== id);
    return { deleted: 1 };
  });
  mocked.deleteAllMessage.mockImplementation(async () => {
    const deleted = inbox.messages.length;
    inbox.messages = [];
    return { deleted };
  });
});

afterEach(() => {
  vi.clearAllMocks();
  session.clear();
});

describe('message centre /message', () => {
  it('asks for a sign-in that comes back here when there is no session', async () => {
    session.clear();
    renderPage(<MessageCenterPage />, '/message');
    await userEvent.click(screen.getByRole('link', { name: '去登录' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fmessage');
    expect(mocked.getMessageList).not.toHaveBeenCalled();
  });

  it('pages through all messages and filters the unread ones from page 1', async () => {
    renderPage(<MessageCenterPage />, '/message');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(mocked.getMessageList).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 3, pageSize: 10 }));

    await userEvent.click(screen.getByRole('tab', { name: '未读消息' }));
    await waitFor(() =>
      expect(mocked.getMessageList).toHaveBeenLastCalledWith(expect.objectContaining({ readPoint: 1, pageNum: 1 })),
    );
    await waitFor(() => expect(screen.getByText('共 12 条')).toBeInTheDocument());
  });

  it('deletes one message after confirmation', async () => {
    renderPage(<MessageCenterPage />, '/message');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: '删除：消息 23' }));
    expect(mocked.deleteMessage).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(mocked.deleteMessage).toHaveBeenCalledWith(23));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('共 22 条')).toBeInTheDocument());
    expect(screen.queryByText('消息 23')).toBeNull();
  });

  it('deletes all after confirmation, and not when cancelled', async () => {
    renderPage(<MessageCenterPage />, '/message');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: '全部删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除全部消息吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '取 消' }));
    expect(mocked.deleteAllMessage).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '全部删除' }));
    const again = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(mocked.deleteAllMessage).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });

  it('marks all read with 更新成功', async () => {
    renderPage(<MessageCenterPage />, '/message');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    await waitFor(() => expect(rows().some((r) => r.classList.contains('jcbb-msg-row--unread'))).toBe(false));
  });

  it('warns with the server’s msg when a delete fails', async () => {
    mocked.deleteMessage.mockRejectedValue(new ApiError('消息不存在', 40400, 404));
    renderPage(<MessageCenterPage />, '/message');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: '删除：消息 23' }));
    await userEvent.click(await screen.findByRole('button', { name: '确 定' }));
    expect(await screen.findByText('消息不存在')).toBeInTheDocument();
  });
});

describe('message detail /message/detail?id=', () => {
  it('shows the message, marks it read on the server and offers its target', async () => {
    (inbox.messages[0] as { targetUrl: string | null }).targetUrl = '/organization/orgnizationVerification';
    renderPage(<MessageDetailPage />, '/message/detail?id=23');
    expect(await screen.findByRole('heading', { level: 1, name: '消息 23' })).toBeInTheDocument();
    expect(screen.getByText('第 23 条消息的正文')).toBeInTheDocument();
    expect(screen.getByText(inbox.messages[0]?.createTime ?? '')).toBeInTheDocument();
    expect(mocked.getMessageDetails).toHaveBeenCalledWith(23);
    await userEvent.click(screen.getByRole('button', { name: /前往处理/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/organization/orgnizationVerification');
  });

  it('has no target button when the message has no targetUrl', async () => {
    renderPage(<MessageDetailPage />, '/message/detail?id=22');
    await screen.findByRole('heading', { level: 1, name: '消息 22' });
    expect(screen.queryByRole('button', { name: /前往处理/ })).toBeNull();
  });

  it.each([
    ['an unknown id', '999'],
    ['a malformed id', 'abc'],
    ['no id', ''],
  ])('says the message does not exist for %s', async (_label, id) => {
    renderPage(<MessageDetailPage />, `/message/detail?id=${id}`);
    expect(await screen.findByText('消息不存在或已被删除')).toBeInTheDocument();
  });

  it('asks for a sign-in that comes back to this message', async () => {
    session.clear();
    renderPage(<MessageDetailPage />, '/message/detail?id=5');
    await userEvent.click(screen.getByRole('link', { name: '去登录' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/message/detail?id=5')}`,
    );
  });
});
