import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppConfig, appConfigKey } from '../lib/app-config.ts';
import '../lib/i18n.ts';
import { POSITION_KEY, ServiceButton } from './ServiceButton.tsx';

// antd's Modal in jsdom is slow on a small CI machine.
vi.setConfig({ testTimeout: 20_000 });

const KEFU = 'https://example.cn/kefu';

function renderButton(customerServiceUrl = KEFU) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const config: AppConfig = {
    appCode: 'jcbb',
    externalSiteUrl: '',
    helpCenterUrl: '',
    customerServiceUrl,
    messageNotice: true,
    joinInfo: '',
  };
  // The button reads the shell's configuration query; it must not ask the server again.
  queryClient.setQueryData(appConfigKey, config);
  return render(
    <QueryClientProvider client={queryClient}>
      <ServiceButton />
    </QueryClientProvider>,
  );
}

const serviceButton = () => screen.getByRole('button', { name: '联系客服' });
/** The dialog, once antd has rendered it (slow in jsdom on a busy machine). */
const findDialog = () => screen.findByRole('dialog', { name: '联系客服' }, { timeout: 5000 });

function press(element: HTMLElement, from: { x: number; y: number }, to: { x: number; y: number }) {
  const pointer = { pointerId: 7, pointerType: 'mouse', button: 0, isPrimary: true };
  fireEvent.pointerDown(element, { ...pointer, clientX: from.x, clientY: from.y });
  fireEvent.pointerMove(element, { ...pointer, clientX: to.x, clientY: to.y });
  fireEvent.pointerUp(element, { ...pointer, clientX: to.x, clientY: to.y });
  // The browser's click that follows every mouse press on a button, drag or not.
  fireEvent.click(element, { clientX: to.x, clientY: to.y });
}

/** Give the lazily loaded dialog the time it needs to appear, if it is going to. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

let fetchSpy: ReturnType<typeof vi.spyOn>;

// The dialog (with antd's QR code) loads on first use; loading antd's Modal in jsdom takes longer than a query waits.
beforeAll(async () => {
  await import('./ServiceDialog.tsx');
}, 20_000);

beforeEach(() => {
  localStorage.clear();
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  expect(fetchSpy).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ServiceButton', () => {
  it('is not shown when no customer-service address is configured', () => {
    const { container } = renderButton('');
    expect(container).toBeEmptyDOMElement();
    const blank = renderButton('   ');
    expect(blank.container).toBeEmptyDOMElement();
  });

  it('sits 20 px from the bottom at the right by default, as a labelled button', () => {
    renderButton();
    const button = serviceButton();
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveStyle({ right: '20px', bottom: '20px' });
  });

  it('opens 联系客服 with the QR code of the configured address on a click', async () => {
    renderButton();
    await userEvent.click(serviceButton());
    const dialog = await findDialog();
    const qr = await within(dialog).findByRole('img', { name: '客服二维码' }, { timeout: 5000 });
    // antd's QRCode draws the symbol as SVG paths.
    expect(qr.querySelector('svg path')?.getAttribute('d')).toMatch(/^M/);
    expect(within(dialog).getByRole('link', { name: KEFU })).toHaveAttribute('href', KEFU);
    expect(within(dialog).getByText('请使用微信扫描二维码，联系在线客服')).toBeInTheDocument();
  });

  it('says so when the address is too long for a QR code, and still shows the address', async () => {
    const long = `${KEFU}?${'x'.repeat(4000)}`;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderButton(long);
    await userEvent.click(serviceButton());
    const dialog = await findDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('二维码生成失败');
    expect(within(dialog).queryByRole('img', { name: '客服二维码' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: long })).toHaveAttribute('href', long);
  });

  it('opens from the keyboard (Enter and Space) and closes again', async () => {
    const user = userEvent.setup();
    renderButton();
    serviceButton().focus();
    await user.keyboard('{Enter}');
    expect(await findDialog()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close|关闭/i }));
    await settle();
    expect(screen.queryByRole('dialog', { name: '联系客服' })).toBeNull();
    serviceButton().focus();
    await user.keyboard(' ');
    expect(await findDialog()).toBeInTheDocument();
  });

  it('treats a press that moves 2 px as a click: the dialog opens and the button stays put', async () => {
    renderButton();
    press(serviceButton(), { x: 1000, y: 700 }, { x: 1002, y: 700 });
    expect(await findDialog()).toBeInTheDocument();
    expect(serviceButton()).toHaveStyle({ right: '20px', bottom: '20px' });
    expect(localStorage.getItem(POSITION_KEY)).toBeNull();
  });

  it('treats a press that moves 10 px as a drag: the button moves, the dialog stays shut', async () => {
    renderButton();
    press(serviceButton(), { x: 1000, y: 700 }, { x: 990, y: 690 });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(serviceButton()).toHaveStyle({ right: '30px', bottom: '30px' });
    // The next plain click opens it: the drag only swallowed its own click.
    await userEvent.click(serviceButton());
    expect(await findDialog()).toBeInTheDocument();
  });

  it('remembers where it was dragged, and comes back there', async () => {
    const first = renderButton();
    press(serviceButton(), { x: 1000, y: 700 }, { x: 700, y: 400 });
    expect(JSON.parse(localStorage.getItem(POSITION_KEY) ?? 'null')).toEqual({ right: 320, bottom: 320 });
    first.unmount();
    renderButton();
    expect(serviceButton()).toHaveStyle({ right: '320px', bottom: '320px' });
  });

  it('stays inside the window when dragged past its edge and when the window shrinks', async () => {
    renderButton();
    const { innerWidth, innerHeight } = window;
    press(serviceButton(), { x: 500, y: 500 }, { x: -5000, y: -5000 });
    expect(serviceButton()).toHaveStyle({ right: `${innerWidth - 56}px`, bottom: `${innerHeight - 56}px` });
    try {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
      act(() => void window.dispatchEvent(new Event('resize')));
      expect(serviceButton()).toHaveStyle({ right: `${390 - 56}px`, bottom: `${innerHeight - 56}px` });
      // The chosen place is kept: back in the larger window, the button returns to it.
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: innerWidth });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
      act(() => void window.dispatchEvent(new Event('resize')));
      expect(serviceButton()).toHaveStyle({ right: `${innerWidth - 56}px` });
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: innerWidth });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
    }
  });

  it('ignores a secondary mouse button', async () => {
    renderButton();
    const button = serviceButton();
    fireEvent.pointerDown(button, { pointerId: 3, pointerType: 'mouse', button: 2, clientX: 900, clientY: 600 });
    fireEvent.pointerMove(button, { pointerId: 3, pointerType: 'mouse', button: 2, clientX: 700, clientY: 400 });
    fireEvent.pointerUp(button, { pointerId: 3, pointerType: 'mouse', button: 2, clientX: 700, clientY: 400 });
    expect(button).toHaveStyle({ right: '20px', bottom: '20px' });
    expect(localStorage.getItem(POSITION_KEY)).toBeNull();
  });
});
