import type { MessageListData } from '@jcbb/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/http.ts';
import { type SessionUser, session } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { messageKeys, UNREAD_POLL_MS } from '../message-queries.ts';
import { browserLocation } from '../open-message.ts';
import { FakeInbox } from '../test/fake-inbox.ts';
import { messageServer } from '../test/message-server.ts';
import { MessagePopover } from './MessagePopover.tsx';

/** The message pieces read the app's own strings (lib/i18n.ts), so no namespaces of their own. */
const renderPage = (ui: ReactNode, path = '/') => renderWithProviders(ui, undefined, { path });

// antd in jsdom is slow on a small CI machine: a rendered form or popover takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 20_000 });

let mocked: ReturnType<typeof messageServer>;
const user: SessionUser = {
  id: 41,
  username: 'u41',
  realName: '张工',
  mobile: '13800000001',
  headimgurl: null,
  roles: ['企业管理员'],
  org: { name: '示范建材' },
  organization: { id: 7, type: 6, type_enum: 'MANUFACTURER', status: '已认证', certStatus: 2 },
  companyId: 7,
};
const scope = { toUid: 41, companyId: 7, channelNos: ['jcbb', 'materials'] as ('jcbb' | 'materials')[] };

let inbox: FakeInbox;

function useInbox(count: number, unread?: (i: number) => boolean) {
  inbox = new FakeInbox(count, unread);
  mocked.getMessageList.mockImplementation(async (query) => inbox.list(query));
  mocked.getMessageDetails.mockImplementation(async (id) => inbox.details(id));
  mocked.updateReadPoint.mockImplementation(async () => inbox.markAllRead());
}

const listCalls = () => mocked.getMessageList.mock.calls.map(([query]) => query).filter((q) => q.pageSize === 5);
const rows = () => within(screen.getByTestId('message-popover-list')).queryAllByRole('listitem');

async function openPopover() {
  await userEvent.click(screen.getByRole('button', { name: /消息通知/ }));
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));
}

function scrollToBottom() {
  const list = screen.getByTestId('message-popover-list');
  Object.defineProperties(list, {
    scrollHeight: { configurable: true, value: 600 },
    clientHeight: { configurable: true, value: 420 },
    scrollTop: { configurable: true, writable: true, value: 180 },
  });
  fireEvent.scroll(list);
}

// The panel loads when the popover first opens; loaded here so no test's first opening waits on the import.
beforeAll(async () => {
  await import('./MessagePanel.tsx');
});

beforeEach(() => {
  session.setToken('token-41');
  session.setCurrentApp('jcbb-production');
  session.setUser(user, ['jcbb-production']);
  mocked = messageServer();
  mocked.getOpenConfig.mockResolvedValue({
    appCode: 'jcbb',
    externalSiteUrl: '',
    helpCenterUrl: '',
    customerServiceUrl: '',
    messageNotice: true,
    joinInfo: '',
  });
  useInbox(12);
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  session.clear();
});

describe('MessagePopover: badge and polling', () => {
  it('shows the unread count capped at 99+', async () => {
    useInbox(120, () => true);
    renderPage(<MessagePopover />);
    const bell = await screen.findByRole('button', { name: '消息通知，120 条未读' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('renders nothing without a session', () => {
    session.clear();
    const { container } = renderPage(<MessagePopover />);
    expect(container.querySelector('button')).toBeNull();
    expect(mocked.getMessageList).not.toHaveBeenCalled();
  });

  it('asks for the unread count of the current app’s channels every 15 s, silently ignoring failures', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(<MessagePopover />);
    await screen.findByRole('button', { name: '消息通知，6 条未读' });
    expect(mocked.getMessageList).toHaveBeenCalledTimes(1);
    expect(mocked.getMessageList.mock.calls[0]?.[0]).toEqual({ ...scope, readPoint: '', pageNum: 1, pageSize: 1 });

    mocked.getMessageList.mockRejectedValueOnce(new ApiError('服务暂不可用', 50300, 503));
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(mocked.getMessageList).toHaveBeenCalledTimes(2);
    // The failed poll keeps the last count and shows no warning.
    expect(screen.getByRole('button', { name: '消息通知，6 条未读' })).toBeInTheDocument();
    expect(screen.queryByText('服务暂不可用')).toBeNull();

    inbox.messages[1] = { ...(inbox.messages[1] as (typeof inbox.messages)[number]), readPoint: 1 };
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(mocked.getMessageList).toHaveBeenCalledTimes(3);
    await screen.findByRole('button', { name: '消息通知，7 条未读' });
  });

  it('does not poll when message notice is switched off by configuration', async () => {
    mocked.getOpenConfig.mockResolvedValue({
      appCode: 'jcbb',
      externalSiteUrl: '',
      helpCenterUrl: '',
      customerServiceUrl: '',
      messageNotice: false,
      joinInfo: '',
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(<MessagePopover />);
    await screen.findByRole('button', { name: '消息通知，6 条未读' });
    await waitFor(() => expect(mocked.getOpenConfig).toHaveBeenCalled());
    const before = mocked.getMessageList.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS * 3));
    expect(mocked.getMessageList).toHaveBeenCalledTimes(before);
  });

  it('sends no channel filter when the current app has none', async () => {
    session.setCurrentApp(null);
    renderPage(<MessagePopover />);
    await waitFor(() => expect(mocked.getMessageList).toHaveBeenCalled());
    expect(mocked.getMessageList.mock.calls[0]?.[0]).toMatchObject({ toUid: 41, companyId: 7 });
    expect(mocked.getMessageList.mock.calls[0]?.[0]).not.toHaveProperty('channelNos');
  });
});

describe('MessagePopover: paging (spec §4)', () => {
  it('appends pages of 5 until the loaded count equals the total, then stops and shows the marker', async () => {
    renderPage(<MessagePopover />);
    await openPopover();
    expect(rows()).toHaveLength(5);
    expect(listCalls()).toEqual([{ ...scope, readPoint: '', pageNum: 1, pageSize: 5 }]);
    expect(screen.queryByText('没有更多了')).toBeNull();

    scrollToBottom();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(listCalls().map((q) => q.pageNum)).toEqual([1, 2]);

    // Keyboard users have a button for the same.
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(listCalls().map((q) => q.pageNum)).toEqual([1, 2, 3]);

    expect(screen.getByText('没有更多了')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    scrollToBottom();
    scrollToBottom();
    await new Promise((r) => setTimeout(r, 20));
    expect(listCalls()).toHaveLength(3);
  });

  it('shows the marker at once when the first page holds everything', async () => {
    useInbox(3);
    renderPage(<MessagePopover />);
    await openPopover();
    expect(rows()).toHaveLength(3);
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
    scrollToBottom();
    expect(listCalls()).toHaveLength(1);
  });

  it('starts again at page 1 each time the popover opens', async () => {
    renderPage(<MessagePopover />);
    await openPopover();
    scrollToBottom();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: /消息通知/ }));
    await openPopover();
    await waitFor(() => expect(listCalls().map((q) => q.pageNum)).toEqual([1, 2, 1]));
    expect(rows()).toHaveLength(5);
  });

  it('switching the filter starts at page 1 with readPoint 1 for unread and empty for all', async () => {
    renderPage(<MessagePopover />);
    await openPopover();
    scrollToBottom();
    await waitFor(() => expect(rows()).toHaveLength(10));

    await userEvent.click(screen.getByRole('tab', { name: '未读消息' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ readPoint: 1, pageNum: 1 }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().every((row) => row.classList.contains('jcbb-msg-row--unread'))).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: '全部消息' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ readPoint: '', pageNum: 1 }));
    await waitFor(() => expect(rows()).toHaveLength(5));
  });

  it('warns with the server’s msg when the list fails', async () => {
    mocked.getMessageList.mockImplementation(async (query) => {
      if (query.pageSize === 5) throw new ApiError('消息服务维护中', 50000, 500);
      return inbox.list(query);
    });
    renderPage(<MessagePopover />);
    await userEvent.click(screen.getByRole('button', { name: /消息通知/ }));
    expect(await screen.findByText('消息服务维护中')).toBeInTheDocument();
    expect(screen.getByText('暂无消息')).toBeInTheDocument();
  });
});

describe('MessagePopover: reading', () => {
  it('mark all read shows 更新成功 and reloads the list from page 1', async () => {
    renderPage(<MessagePopover />);
    await openPopover();
    scrollToBottom();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows().some((row) => row.classList.contains('jcbb-msg-row--unread'))).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(mocked.updateReadPoint).toHaveBeenCalledWith(scope);
    await waitFor(() => expect(listCalls().map((q) => q.pageNum)).toEqual([1, 2, 1]));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().some((row) => row.classList.contains('jcbb-msg-row--unread'))).toBe(false);
    await screen.findByRole('button', { name: '消息通知' });
  });

  it('warns with the server’s msg when mark all read fails', async () => {
    mocked.updateReadPoint.mockRejectedValue(new ApiError('操作过于频繁', 42900, 429));
    renderPage(<MessagePopover />);
    await openPopover();
    await userEvent.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('操作过于频繁')).toBeInTheDocument();
    expect(screen.queryByText('更新成功')).toBeNull();
  });

  it('opening an unread message marks it read locally, tells the server, and shows its detail page', async () => {
    let finishDetails: () => void = () => {};
    mocked.getMessageDetails.mockImplementation(
      (id) =>
        new Promise((resolve) => {
          finishDetails = () => resolve(inbox.details(id));
        }),
    );
    const { queryClient } = renderPage(<MessagePopover />, '/home');
    await openPopover();
    const first = rows()[0] as HTMLElement;
    expect(first).toHaveClass('jcbb-msg-row--unread');
    expect(first).toHaveTextContent('消息 12');

    await userEvent.click(within(first).getByRole('button'));
    // Read at once in the loaded list, before the server answers, and without reloading the list.
    const cached = queryClient.getQueryData<InfiniteData<MessageListData>>(messageKeys.popover(scope, ''));
    expect(cached?.pages[0]?.list.list.find((m) => m.id === 12)?.readPoint).toBe(2);
    expect(listCalls()).toHaveLength(1);
    expect(mocked.getMessageDetails).toHaveBeenCalledWith(12);
    expect(screen.getByTestId('location')).toHaveTextContent('/message/detail?id=12');

    act(() => finishDetails());
    await screen.findByRole('button', { name: '消息通知，5 条未读' });
  });

  it('a read message is opened without another details call from the popover', async () => {
    renderPage(<MessagePopover />, '/home');
    await openPopover();
    const second = rows()[1] as HTMLElement;
    expect(second).not.toHaveClass('jcbb-msg-row--unread');
    await userEvent.click(within(second).getByRole('button'));
    expect(mocked.getMessageDetails).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/message/detail?id=11');
  });

  it('a message with a console path as targetUrl goes there through the router', async () => {
    useInbox(2, () => false);
    (inbox.messages[0] as { targetUrl: string | null }).targetUrl = '/organization/orgnizationVerification';
    renderPage(<MessagePopover />, '/home');
    await openPopover();
    await userEvent.click(within(rows()[0] as HTMLElement).getByRole('button'));
    expect(screen.getByTestId('location')).toHaveTextContent('/organization/orgnizationVerification');
  });

  it('a message with an absolute targetUrl sends the browser there after marking it read', async () => {
    useInbox(2, () => true);
    (inbox.messages[0] as { targetUrl: string | null }).targetUrl = 'https://www.mohurd.gov.cn/notice';
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    renderPage(<MessagePopover />, '/home');
    await openPopover();
    await userEvent.click(within(rows()[0] as HTMLElement).getByRole('button'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.mohurd.gov.cn/notice'));
    expect(mocked.getMessageDetails).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('replaces the history entry when going from one message detail to another', async () => {
    const { router } = renderPage(<MessagePopover />, '/message/detail?id=3');
    await openPopover();
    await userEvent.click(within(rows()[1] as HTMLElement).getByRole('button'));
    expect(screen.getByTestId('location')).toHaveTextContent('/message/detail?id=11');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('is usable from the keyboard: focus moves into the panel and Esc returns it to the bell', async () => {
    renderPage(<MessagePopover />, '/home');
    const bell = await screen.findByRole('button', { name: /消息通知/ });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(rows().length).toBe(5));
    // The selected filter tab takes the focus once the popup is placed.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'tab'));
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toHaveTextContent('全部消息');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));
    expect(bell).toHaveFocus();
  });

  it('links to the full list', async () => {
    renderPage(<MessagePopover />, '/home');
    await openPopover();
    await userEvent.click(screen.getByRole('link', { name: '查看全部' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/message$/);
  });
});
