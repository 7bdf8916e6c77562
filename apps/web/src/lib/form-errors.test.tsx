import { render } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { applyFieldErrors, setFieldMessages } from './form-errors.ts';
import { ApiError } from './http.ts';

function renderForm(): FormInstance {
  let instance: FormInstance | undefined;
  function Probe() {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form} initialValues={{ options: [{ label: 'a' }] }}>
        <Form.Item name="name">
          <Input />
        </Form.Item>
        <Form.Item name="file">
          <Input />
        </Form.Item>
        <Form.Item name={['options', 0, 'label']}>
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Probe />);
  if (!instance) throw new Error('no form');
  return instance;
}

const apiError = (fields: Record<string, string>) =>
  new ApiError('参数错误', 40000, 400, {
    fields: Object.entries(fields).map(([field, message]) => ({ field, message })),
  });

describe('form errors', () => {
  it('puts messages on the fields the form has, renamed and by dotted path', () => {
    const form = renderForm();
    expect(
      setFieldMessages(
        form,
        { name: '必填', uploadId: '请上传', 'options.0.label': '重复' },
        { rename: { uploadId: 'file' } },
      ),
    ).toBe(true);
    expect(form.getFieldError('name')).toEqual(['必填']);
    expect(form.getFieldError('file')).toEqual(['请上传']);
    expect(form.getFieldError(['options', 0, 'label'])).toEqual(['重复']);
  });

  it('answers false when no message lands on a field, so the caller toasts', () => {
    const form = renderForm();
    expect(setFieldMessages(form, { elsewhere: '无此字段' })).toBe(false);
    expect(applyFieldErrors(form, new Error('network'))).toBe(false);
    expect(applyFieldErrors(form, apiError({}))).toBe(false);
  });

  it('takes the messages of a 40000 answer', () => {
    const form = renderForm();
    expect(applyFieldErrors(form, apiError({ name: '名称已存在' }))).toBe(true);
    expect(form.getFieldError('name')).toEqual(['名称已存在']);
  });
});
