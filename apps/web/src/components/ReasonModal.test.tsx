import { rejectBody } from '@jcbb/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReasonModal, type ReasonModalText } from './ReasonModal.tsx';

// antd's Modal in jsdom is slow on a small CI machine.
vi.setConfig({ testTimeout: 20_000 });

const text: ReasonModalText = {
  title: '驳回申请',
  okText: '驳回',
  cancelText: '取消',
  label: '驳回原因',
  placeholder: '请写明原因',
};
const schema = rejectBody.shape.reason;

function show(props: Partial<Parameters<typeof ReasonModal>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ReasonModal
      open
      text={text}
      schema={schema}
      submitting={false}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onSubmit, onCancel, view };
}

const ok = () => screen.getByRole('button', { name: /驳\s*回/ });

describe('ReasonModal', () => {
  it('answers the trimmed reason', async () => {
    const { onSubmit } = show();
    await userEvent.type(screen.getByLabelText('驳回原因'), '  营业执照不清晰  ');
    await userEvent.click(ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('营业执照不清晰'));
  });

  it('refuses an empty, a blank and a one-character reason', async () => {
    const { onSubmit } = show();
    await userEvent.click(ok());
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('驳回原因'), '否');
    await userEvent.click(ok());
    expect(await screen.findByText('驳回原因至少 2 个字')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses more than 200 characters (pasted past the counter)', async () => {
    const { onSubmit } = show();
    // maxLength stops typing, not a value set programmatically (a paste in some browsers): the rule still holds.
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '长'.repeat(201) } });
    await userEvent.click(ok());
    expect(await screen.findByText('驳回原因不能超过 200 个字')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's message on the field, and the hint above it", () => {
    show({ serverError: '原因包含不允许的字符', text: { ...text, hint: '产品将不显示绿色建材标签。' } });
    expect(screen.getByText('原因包含不允许的字符')).toBeInTheDocument();
    expect(screen.getByText('产品将不显示绿色建材标签。')).toBeInTheDocument();
  });

  it('empties the field each time it opens', async () => {
    const { view, onCancel } = show();
    await userEvent.type(screen.getByLabelText('驳回原因'), '第一次的原因');
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalled();
    view.rerender(
      <ReasonModal
        open={false}
        text={text}
        schema={schema}
        submitting={false}
        onSubmit={vi.fn()}
        onCancel={onCancel}
      />,
    );
    view.rerender(
      <ReasonModal open text={text} schema={schema} submitting={false} onSubmit={vi.fn()} onCancel={onCancel} />,
    );
    await waitFor(() => expect(screen.getByLabelText('驳回原因')).toHaveValue(''));
  });
});
