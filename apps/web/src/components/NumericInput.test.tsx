import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumericInput, type NumericInputProps } from './NumericInput.tsx';

function Controlled(props: Omit<NumericInputProps, 'value' | 'onChange'> & { onValue?: (v: string) => void }) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState('');
  return (
    <NumericInput
      aria-label="数量"
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('数量');

describe('NumericInput', () => {
  it('keeps digits, one leading minus and two decimals while typing "-12.345abc"', async () => {
    render(<Controlled precision={2} />);
    await userEvent.type(input(), '-12.345abc');
    expect(input().value).toBe('-12.34');
  });

  it('keeps only the first decimal point', async () => {
    render(<Controlled precision={3} />);
    await userEvent.type(input(), '1.2.3');
    expect(input().value).toBe('1.23');
  });

  it('keeps one leading minus and drops a minus typed later', async () => {
    render(<Controlled />);
    await userEvent.type(input(), '--5-6');
    expect(input().value).toBe('-56');
  });

  it('allows no minus when min is zero or more', async () => {
    render(<Controlled min={0} />);
    await userEvent.type(input(), '-7');
    expect(input().value).toBe('7');
  });

  it('refuses a decimal point with precision 0; a pasted fraction is cut off', async () => {
    render(<Controlled precision={0} />);
    await userEvent.type(input(), '12.');
    expect(input().value).toBe('12');
    await userEvent.clear(input());
    await userEvent.paste('12.5');
    expect(input().value).toBe('12');
  });

  it('clamps to max on blur', async () => {
    const onValue = vi.fn();
    render(<Controlled min={1} max={100} onValue={onValue} />);
    await userEvent.type(input(), '250');
    await userEvent.tab();
    expect(input().value).toBe('100');
    expect(onValue).toHaveBeenLastCalledWith('100');
  });

  it('clamps to min on blur', async () => {
    render(<Controlled min={-10} max={10} />);
    await userEvent.type(input(), '-30.5');
    fireEvent.blur(input());
    expect(input().value).toBe('-10');
  });

  it('finishes an unfinished number on blur and empties a lone minus', async () => {
    render(<Controlled />);
    await userEvent.type(input(), '12.');
    fireEvent.blur(input());
    expect(input().value).toBe('12');
    await userEvent.clear(input());
    await userEvent.type(input(), '-');
    fireEvent.blur(input());
    expect(input().value).toBe('');
  });

  it('strips a pasted value', async () => {
    render(<Controlled precision={1} />);
    input().focus();
    await userEvent.paste('¥ 1,234.56元');
    expect(input().value).toBe('1234.5');
  });

  it('works without value/onChange', async () => {
    render(<NumericInput aria-label="数量" max={5} />);
    await userEvent.type(input(), 'x9');
    expect(input().value).toBe('9');
    fireEvent.blur(input());
    expect(input().value).toBe('5');
  });

  it('gives antd Form the cleaned text', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="price" label="单价">
          <NumericInput max={999} />
        </Form.Item>
        <button type="submit">提交</button>
      </Form>,
    );
    const price = screen.getByLabelText<HTMLInputElement>('单价');
    await userEvent.type(price, '1a2b3.456');
    fireEvent.blur(price);
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: '123.45' }));
  });
});
