import { certificationBody, productSaveBody, rejectBody } from '@jcbb/contract';
import { projectSaveBody, projectUpdateBody } from '@jcbb/contract/project';
import { act, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { isRequiredBySchema, maxLengthOf, rulesFrom, zodRule } from './zod-rules.ts';

/** Runs a rule's validator as antd does: resolves to null when the value passes, else to the message. */
async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const { validator } = rule as RuleObject;
  if (!validator) throw new Error('no validator');
  try {
    await validator(rule as RuleObject, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it('is required exactly when the schema refuses an absent value', () => {
    expect(isRequiredBySchema(projectSaveBody.shape.name)).toBe(true);
    expect(isRequiredBySchema(projectSaveBody.shape.policyBatch)).toBe(false);
    expect(isRequiredBySchema(projectSaveBody.shape.targetStar)).toBe(false);
    expect(isRequiredBySchema(productSaveBody.shape.images)).toBe(false); // defaulted
    expect((zodRule(projectSaveBody.shape.name) as RuleObject).required).toBe(true);
    expect((zodRule(productSaveBody.shape.brand) as RuleObject).required).toBe(false);
  });

  it("rejects with the schema's own Chinese messages: empty, too long, wrong form", async () => {
    const name = zodRule(projectSaveBody.shape.name);
    expect(await check(name, undefined)).toBe('请输入项目名称');
    expect(await check(name, '')).toBe('请输入项目名称');
    expect(await check(name, '   ')).toBe('请输入项目名称');
    expect(await check(name, '甲'.repeat(101))).toBe('项目名称不能超过 100 个字');
    expect(await check(name, '甲'.repeat(100))).toBeNull();
    const code = zodRule(projectSaveBody.shape.code);
    expect(await check(code, 'A 1')).toBe('项目编号只能包含字母、数字、- 和 _');
    expect(await check(code, 'NJ-2026_01')).toBeNull();
  });

  it('takes white space alone for an absent value, so a required field says so', async () => {
    const reason = zodRule(rejectBody.shape.reason);
    expect(await check(reason, '   ')).toBe('请填写驳回原因');
    expect(await check(reason, ' 否 ')).toBe('驳回原因至少 2 个字');
    expect(maxLengthOf(rejectBody.shape.reason)).toBe(200);
  });

  it('reads numbers typed as text as the server does, with their limits', async () => {
    const area = zodRule(projectSaveBody.shape.grossFloorArea);
    expect(await check(area, '1234.56')).toBeNull();
    expect(await check(area, '1.234')).toBe('总建筑面积最多两位小数');
    expect(await check(area, '-1')).toBe('总建筑面积不能为负');
    expect(await check(area, '')).toBe('请输入总建筑面积');
  });

  it('lets an optional field be left blank but still limits its length', async () => {
    const reason = rulesFrom(projectUpdateBody, 'stepReason')[0] as ReturnType<typeof zodRule>;
    expect(await check(reason, '')).toBeNull();
    expect(await check(reason, null)).toBeNull();
    expect(await check(reason, '退'.repeat(201))).toBe('退回原因不能超过 200 个字');
    expect(await check(reason, '   ')).toBeNull();
    const person = rulesFrom(certificationBody, 'legalPerson')[0] as ReturnType<typeof zodRule>;
    expect(await check(person, '张'.repeat(51))).toBe('法定代表人不能超过 50 个字');
  });

  it("finds a text field's maximum length through the schema's wrappers", () => {
    expect(maxLengthOf(projectSaveBody.shape.name)).toBe(100);
    expect(maxLengthOf(projectSaveBody.shape.code)).toBe(50); // a regex after .max
    expect(maxLengthOf(projectUpdateBody.shape.stepReason)).toBe(200); // preprocess, optional, transform
    expect(maxLengthOf(productSaveBody.shape.description)).toBe(2000);
    expect(maxLengthOf(certificationBody.shape.contactName)).toBe(50);
    expect(maxLengthOf(projectSaveBody.shape.grossFloorArea)).toBeUndefined(); // a number
  });

  it('shows the required mark and the message in an antd form', async () => {
    let form: FormInstance | undefined;
    function Probe() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance}>
          <Form.Item name="name" label="项目名称" rules={rulesFrom(projectSaveBody, 'name')}>
            <Input />
          </Form.Item>
        </Form>
      );
    }
    const { container } = render(<Probe />);
    expect(container.querySelector('.ant-form-item-required')).not.toBeNull();
    await act(async () => {
      await form?.validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('请输入项目名称')).toBeInTheDocument();
  });
});
