import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import mobileZh from '../locales/mobile.zh-CN.ts';
import { MobileIndex } from './MobileIndexPage.tsx';

const render = () => renderWithProviders(<MobileIndex />, { traceMobile: mobileZh }, { path: '/mobile/index' });
const searchButton = () => screen.getByRole('button', { name: /查\s*询/ });

describe('/mobile/index', { timeout: 20_000 }, () => {
  it('takes the code out of a pasted label address and opens its page', async () => {
    render();
    fireEvent.change(screen.getByLabelText('追溯码'), {
      target: { value: ' https://nj.jcbb.example.cn/mobile/detail?code=abcdefghijklmnopqrst&from=label ' },
    });
    await userEvent.click(searchButton());
    expect(screen.getByTestId('location')).toHaveTextContent('/mobile/detail?code=ABCDEFGHIJKLMNOPQRST');
  });

  it('reads a typed code with spaces and dashes, in lower case', async () => {
    render();
    await userEvent.type(screen.getByLabelText('追溯码'), 'abcd-efgh ijkl-mnop qrst{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/mobile/detail?code=ABCDEFGHIJKLMNOPQRST');
  });

  it('says what a code looks like instead of looking up something that is not one', async () => {
    render();
    fireEvent.change(screen.getByLabelText('追溯码'), { target: { value: '12345' } });
    await userEvent.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent('请输入 20 位追溯码');
    expect(screen.getByTestId('location')).toHaveTextContent('/mobile/index');
  });

  it('explains the phone’s own camera where the browser cannot read QR codes', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: /扫\s*码/ }));
    expect(await screen.findByText('这个浏览器不能在页面里识别二维码')).toBeInTheDocument();
    expect(screen.getByText(/手机自带的相机或微信“扫一扫”/)).toBeInTheDocument();
  });
});
