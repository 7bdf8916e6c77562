import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScanIndex } from './ScanIndex.tsx';

describe('/mobile/index (light)', () => {
  it('opens the detail page for a typed code, as the label prints it', async () => {
    const go = vi.fn();
    render(<ScanIndex go={go} />);
    await userEvent.type(screen.getByLabelText('追溯码'), 'jcbb-demo-ym26-22nj-lzaa');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(go).toHaveBeenCalledWith('/mobile/detail?code=JCBBDEMOYM2622NJLZAA');
  });

  it('says what to type when the input is no code', async () => {
    const go = vi.fn();
    render(<ScanIndex go={go} />);
    await userEvent.type(screen.getByLabelText('追溯码'), 'hello');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入 20 位追溯码');
    expect(go).not.toHaveBeenCalled();
  });

  it('explains the phone’s own scanner where the browser cannot read QR codes', async () => {
    render(<ScanIndex go={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '扫码' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('这个浏览器不能在页面里识别二维码');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
