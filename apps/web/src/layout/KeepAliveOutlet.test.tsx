import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MAX, KeepAliveOutlet } from './KeepAliveOutlet.tsx';

function Field({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return (
    <label>
      {label}
      <input value={value} onChange={(e) => setValue(e.target.value)} />
    </label>
  );
}

const kept = new Set(['/list', ...Array.from({ length: KEEP_ALIVE_MAX + 1 }, (_, i) => `/kept/${i}`)]);

function Frame() {
  const { pathname } = useLocation();
  return (
    <>
      <nav>
        <Link to="/list">to list</Link>
        <Link to="/other">to other</Link>
      </nav>
      <KeepAliveOutlet keepAlive={kept.has(pathname)} />
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/list', element: <Field label="产品名称" /> },
          { path: '/other', element: <Field label="备注" /> },
          ...[...kept].filter((p) => p.startsWith('/kept/')).map((path) => ({ path, element: <Field label={path} /> })),
        ],
      },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet', () => {
  it('keeps a keep-alive page’s state when leaving and coming back', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.type(screen.getByRole('textbox', { name: '产品名称' }), '节能玻璃');
    await user.click(screen.getByRole('link', { name: 'to other' }));
    expect(screen.queryByRole('textbox', { name: '产品名称' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '备注' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'to list' }));
    expect(screen.getByRole('textbox', { name: '产品名称' })).toHaveValue('节能玻璃');
  });

  it('unmounts other pages when left', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'to other' }));
    await user.type(screen.getByRole('textbox', { name: '备注' }), '临时');
    await user.click(screen.getByRole('link', { name: 'to list' }));
    expect(screen.queryByLabelText('备注')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'to other' }));
    expect(screen.getByRole('textbox', { name: '备注' })).toHaveValue('');
  });

  it('keeps up to the limit', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await user.type(screen.getByRole('textbox', { name: '产品名称' }), 'A');
    for (let i = 0; i < KEEP_ALIVE_MAX - 1; i += 1) await act(() => router.navigate(`/kept/${i}`));
    await act(() => router.navigate('/list'));
    expect(screen.getByRole('textbox', { name: '产品名称' })).toHaveValue('A');
  });

  it('drops the least recently shown page beyond the limit', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    await user.type(screen.getByRole('textbox', { name: '产品名称' }), 'A');
    for (let i = 0; i < KEEP_ALIVE_MAX; i += 1) await act(() => router.navigate(`/kept/${i}`));
    await act(() => router.navigate('/list'));
    expect(screen.getByRole('textbox', { name: '产品名称' })).toHaveValue('');
  });
});
