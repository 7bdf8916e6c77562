import type { AttributeGroupWithElements, ElementItem } from '@jcbb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import {
  type ElementFieldValue,
  type SavedElementValue,
  toElementValues,
  toFormValues,
  VALUES_FIELD,
} from '../form-values.ts';
import { renderWithProviders, testElement } from '../testing.tsx';
import { DynamicForm } from './DynamicForm.tsx';

const option = (enumId: number, label: string, meetsStandard = false) => ({
  enumId,
  label,
  meetsStandard,
  sort: enumId,
});

const element = (id: number, name: string, displayType: number, extra: Partial<ElementItem> = {}) =>
  testElement({ id, groupId: 1, cityCode: '320100', name, displayType, ...extra });

const elements: ElementItem[] = [
  element(1, '产品执行标准', 1, { required: 1 }),
  element(2, '可再生材料含量', 1, { standardMin: 30, govProcurement: true }),
  element(3, '产品说明', 2),
  element(4, '是否节能', 3, { elementEnumList: [option(41, '是', true), option(42, '否')], required: 1 }),
  element(5, '适用部位', 4, { elementEnumList: [option(51, '墙体'), option(52, '屋面'), option(53, '地面')] }),
  element(6, '防火等级', 5, { elementEnumList: [option(61, 'A级'), option(62, 'B1级')] }),
  element(7, '检测报告', 6, { required: 1 }),
  element(8, '已停用的要素', 1, { useStatus: 2 }),
];
const groups: AttributeGroupWithElements[] = [
  {
    id: 1,
    cityCode: '320100',
    cityName: '南京市',
    name: '南京市入库要素',
    scenario: 1,
    useStatus: 1,
    sort: 0,
    elements,
  },
];

function Harness({
  initial = [],
  upload = async (file: File) => ({ id: 900, name: file.name }),
  onSubmit,
}: {
  initial?: SavedElementValue[];
  upload?: (file: File) => Promise<{ id: number; name: string }>;
  onSubmit: (values: Record<string, ElementFieldValue>) => void;
}) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ [VALUES_FIELD]: toFormValues(elements, initial) }}
      onFinish={(v) => onSubmit(v[VALUES_FIELD])}
    >
      <DynamicForm groups={groups} upload={upload} />
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

describe('DynamicForm', { timeout: 30_000 }, () => {
  it('renders every field type of an enabled element, with required markers', () => {
    renderWithProviders(<Harness onSubmit={() => {}} />);
    expect(screen.getByRole('textbox', { name: '产品执行标准' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /可再生材料含量/ })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('达标值 ≥ 30')).toBeInTheDocument();
    expect(screen.getByText('政府采购需求标准')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '产品说明' }).tagName).toBe('TEXTAREA');
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['是', '否']);
    expect(screen.getAllByRole('checkbox').map((r) => r.closest('label')?.textContent)).toEqual([
      '墙体',
      '屋面',
      '地面',
    ]);
    expect(screen.getByRole('combobox', { name: '防火等级' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /上传文件/ })).toBeInTheDocument();
    expect(screen.queryByText('已停用的要素')).not.toBeInTheDocument();
    // antd marks required items on their label.
    const required = Array.from(document.querySelectorAll('.ant-form-item-required')).map((l) => l.textContent);
    expect(required).toEqual(['产品执行标准', '是否节能', '检测报告']);
  });

  it('refuses a submission with required elements empty', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    // antd validates the fields asynchronously: each message appears when its own rule has run.
    expect(await screen.findByText('请填写产品执行标准')).toBeInTheDocument();
    expect(await screen.findByText('请选择是否节能')).toBeInTheDocument();
    expect(await screen.findByText('请上传检测报告')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('builds the value fields of each type from what was filled in', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: '产品执行标准' }), { target: { value: 'GB/T 35601-2017' } });
    fireEvent.change(screen.getByRole('textbox', { name: /可再生材料含量/ }), { target: { value: '35.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: '产品说明' }), { target: { value: '用于外墙保温' } });
    await user.click(screen.getByRole('radio', { name: '是' }));
    await user.click(screen.getByRole('checkbox', { name: '墙体' }));
    await user.click(screen.getByRole('checkbox', { name: '地面' }));
    const file = new File(['%PDF-1.4'], '检测报告.pdf', { type: 'application/pdf' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    await screen.findByText('检测报告.pdf');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());

    const values = toElementValues(
      elements.filter((e) => e.useStatus === 1),
      onSubmit.mock.calls[0]?.[0],
    );
    const byId = Object.fromEntries(values.map((v) => [v.elementId, v]));
    expect(byId[1]).toMatchObject({ propertyValue: 'GB/T 35601-2017', propertyArrayValue: null, resourceValue: null });
    expect(byId[2]).toMatchObject({ propertyValue: '35.5', propertyNumValue: 35.5 });
    expect(byId[3]).toMatchObject({ propertyValue: '用于外墙保温' });
    expect(byId[4]).toMatchObject({ propertyValue: '41', propertyArrayValue: null });
    expect(byId[5]).toMatchObject({ propertyValue: null, propertyArrayValue: ['51', '53'] });
    expect(byId[6]).toMatchObject({ propertyValue: null });
    expect(byId[7]).toMatchObject({ resourceValue: [900], propertyValue: null });
  });

  it('says what a file element takes, and refuses other kinds before sending them', async () => {
    const upload = vi.fn(async (file: File) => ({ id: 901, name: file.name }));
    renderWithProviders(<Harness upload={upload} onSubmit={() => {}} />);
    const button = screen.getByRole('button', { name: /上传文件/ });
    expect(button).toHaveAccessibleDescription('支持 PDF、图片、DOCX、XLSX，单个不超过 20 MB，最多 20 个');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx');
    fireEvent.change(input, { target: { files: [new File(['MZ'], '安装程序.exe')] } });
    expect(await screen.findByText('仅支持 PDF、PNG、JPG、GIF、WEBP、DOCX、XLSX 文件')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows a read-only file element without upload button or hint', () => {
    renderWithProviders(
      <Form
        initialValues={{
          [VALUES_FIELD]: toFormValues(elements, [
            { elementId: 7, resourceValue: [5], resources: [{ id: 5, name: '报告.pdf' }] },
          ]),
        }}
      >
        <DynamicForm groups={groups} upload={vi.fn()} disabled />
      </Form>,
    );
    expect(screen.getByText('报告.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /上传文件/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/单个不超过 20 MB/)).not.toBeInTheDocument();
  });

  it('clears saved values of radio, checkbox and dropdown elements that are not among the options', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <Harness
        onSubmit={onSubmit}
        initial={[
          { elementId: 1, propertyValue: '保留的文本' },
          { elementId: 4, propertyValue: '99' },
          { elementId: 5, propertyArrayValue: ['52', '77'] },
          { elementId: 6, propertyValue: '404' },
          { elementId: 7, resourceValue: [5], resources: [{ id: 5, name: '旧报告.pdf' }] },
        ]}
      />,
    );
    expect(screen.getByRole('textbox', { name: '产品执行标准' })).toHaveValue('保留的文本');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByRole('checkbox', { name: '屋面' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '墙体' })).not.toBeChecked();
    expect(screen.getByText('旧报告.pdf')).toBeInTheDocument();

    const fields = toFormValues(elements, [
      { elementId: 4, propertyValue: '99' },
      { elementId: 5, propertyArrayValue: ['77'] },
      { elementId: 6, propertyValue: '404' },
    ]);
    expect(fields).toMatchObject({ e4: undefined, e5: undefined, e6: undefined });
  });
});
