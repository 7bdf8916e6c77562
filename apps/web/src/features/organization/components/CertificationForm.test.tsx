import { creditCodeCheckChar } from '@jcbb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { referenceApi } from '../../reference/public.ts';
import { type CertificationItem, organizationApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { CertificationForm, type CertificationFormValues } from './CertificationForm.tsx';

const first17 = '91320505MA1ABCDE0';
const creditCode = first17 + creditCodeCheckChar(first17);
const wrongCheck = first17 + (creditCode.endsWith('0') ? '1' : '0');

const prefilled: Partial<CertificationFormValues> = {
  name: '苏州新材科技有限公司',
  nature: 4,
  regionCode: '320505',
  license: { id: 41, name: '营业执照.pdf' },
};

beforeEach(() => {
  vi.spyOn(referenceApi, 'orgNatures').mockResolvedValue([
    { code: 1, name: '国有企业', enName: 'State-owned' },
    { code: 4, name: '私营企业', enName: 'Private' },
  ]);
  vi.spyOn(referenceApi, 'divisionChildren').mockImplementation(async (parent) => {
    if (!parent) return [{ code: '320000', name: '江苏省', level: 1, hasChildren: true }];
    if (parent === '320000') return [{ code: '320500', name: '苏州市', level: 2, hasChildren: true }];
    return [{ code: '320505', name: '虎丘区', level: 3, hasChildren: false }];
  });
});

afterEach(() => vi.restoreAllMocks());

/** Typing as a person does: change, then leave the field (where the text input tidies up). */
function enter(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

function fillRest(code = creditCode) {
  enter('统一社会信用代码', code.toLowerCase());
  enter('详细地址', '  苏州市虎丘区   科技城 1 号 ');
  enter('法定代表人', '李四');
  enter('联系人', '王五');
  enter('联系电话', '0512-66881234');
  return userEvent.setup();
}

/** The messages antd shows under the fields. */
const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

describe('CertificationForm', { timeout: 30_000 }, () => {
  it('rejects a credit code whose check character is wrong, and sends nothing', async () => {
    const submit = vi.spyOn(organizationApi, 'submitCertification');
    renderWithProviders(<CertificationForm initialValues={prefilled} onSubmitted={() => {}} />);
    const user = fillRest(wrongCheck);
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() => expect(fieldErrors()).toContain('统一社会信用代码校验位不正确'));
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks for every required field', async () => {
    const submit = vi.spyOn(organizationApi, 'submitCertification');
    renderWithProviders(<CertificationForm initialValues={{}} onSubmitted={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() =>
      expect(fieldErrors()).toEqual(
        expect.arrayContaining([
          '请输入企业名称',
          '请选择企业性质',
          '请选择所在地区',
          '请上传营业执照',
          '请输入联系电话',
        ]),
      ),
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits the cleaned payload and reports the new application', async () => {
    const item = { id: 7, status: 1, statusName: '待审核' } as CertificationItem;
    const submit = vi.spyOn(organizationApi, 'submitCertification').mockResolvedValue(item);
    const onSubmitted = vi.fn();
    renderWithProviders(<CertificationForm initialValues={prefilled} onSubmitted={onSubmitted} />);
    expect(await screen.findByText('江苏省 / 苏州市 / 虎丘区')).toBeInTheDocument();
    const user = fillRest();
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(item));
    expect(submit).toHaveBeenCalledWith({
      name: '苏州新材科技有限公司',
      nature: 4,
      regionCode: '320505',
      creditCode,
      address: '苏州市虎丘区 科技城 1 号',
      legalPerson: '李四',
      contactName: '王五',
      contactPhone: '0512-66881234',
      licenseUploadId: 41,
    });
  });

  it('puts the server’s field messages on their fields', async () => {
    vi.spyOn(organizationApi, 'submitCertification').mockRejectedValue(
      new ApiError('参数错误', 40900, 409, {
        fields: [
          { field: 'creditCode', message: '该统一社会信用代码已被其他企业使用' },
          { field: 'licenseUploadId', message: '营业执照文件不存在，请重新上传' },
        ],
      }),
    );
    const onSubmitted = vi.fn();
    renderWithProviders(<CertificationForm initialValues={prefilled} onSubmitted={onSubmitted} />);
    const user = fillRest();
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('该统一社会信用代码已被其他企业使用')).toBeInTheDocument();
    expect(screen.getByText('营业执照文件不存在，请重新上传')).toBeInTheDocument();
    expect(screen.getByText('请按提示修改后重新提交')).toBeInTheDocument();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('shows a refusal that belongs to no field above the button', async () => {
    vi.spyOn(organizationApi, 'submitCertification').mockRejectedValue(
      new ApiError('企业认证审核中，请勿重复提交', 40900, 409, null),
    );
    renderWithProviders(<CertificationForm initialValues={prefilled} onSubmitted={() => {}} />);
    const user = fillRest();
    await user.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('企业认证审核中，请勿重复提交')).toBeInTheDocument();
  });
});
