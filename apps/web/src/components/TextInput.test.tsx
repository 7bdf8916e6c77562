import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './TextInput.tsx';

function Controlled({ maxLength, onValue }: { maxLength?: number; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      aria-label="名称"
      maxLength={maxLength}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('名称');

describe('TextInput', () => {
  it('keeps spaces while typing, then trims and collapses them on blur', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await userEvent.type(input(), '  南京   绿筑  建材 ');
    expect(input().value).toBe('  南京   绿筑  建材 ');
    await userEvent.tab();
    expect(input().value).toBe('南京 绿筑 建材');
    expect(onValue).toHaveBeenLastCalledWith('南京 绿筑 建材');
  });

  it('collapses tabs and line breaks that came in by paste', async () => {
    render(<Controlled />);
    input().focus();
    await userEvent.paste('a\t\tb');
    fireEvent.blur(input());
    expect(input().value).toBe('a b');
  });

  it('takes at most 50 characters by default', () => {
    render(<Controlled />);
    expect(input()).toHaveAttribute('maxlength', '50');
  });

  it('takes another maximum when given one', () => {
    render(<Controlled maxLength={200} />);
    expect(input()).toHaveAttribute('maxlength', '200');
  });

  it('does not call onChange on blur when nothing changes', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await userEvent.type(input(), 'ab');
    onValue.mockClear();
    fireEvent.blur(input());
    expect(onValue).not.toHaveBeenCalled();
  });

  it('gives antd Form the normalised text', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="name" label="姓名">
          <TextInput />
        </Form.Item>
        <button type="submit">提交</button>
      </Form>,
    );
    const name = screen.getByLabelText<HTMLInputElement>('姓名');
    await userEvent.type(name, ' 张   三 ');
    fireEvent.blur(name);
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: '张 三' }));
  });
});
