import { type ApproveBody, approveBody, CERTIFICATE_VALIDITY_YEARS } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { Button, DatePicker, Form, Input, Rate, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setFieldMessages } from '../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { CERTIFICATE_NS } from '../locales/register.ts';

interface Values {
  certNo: string;
  starRating: number;
  validFrom: Dayjs;
  validUntil: Dayjs;
}

/** Five years from `from`, the day before (2026-07-01 → 2031-06-30), as the server's default. */
export function defaultUntil(from: Dayjs): Dayjs {
  return from.add(CERTIFICATE_VALIDITY_YEARS, 'year').subtract(1, 'day');
}

/**
 * 通过并颁发证书: certificate number (required, letters/digits/hyphens), star rating 1–3 (the applicant's
 * requested rating to start with), both checked by approveBody's schemas; validity from today for five years, the
 * end after the start (dates are held as dayjs, so their rules stay here).
 */
export function ApproveForm({
  requestedStars,
  requestedCertNo,
  submitting,
  serverErrors,
  onApprove,
  onReject,
}: {
  requestedStars: number | null;
  /** An existing certificate's number the applicant gave (已获证申请): the body confirms or corrects it. */
  requestedCertNo?: string | null;
  submitting: boolean;
  /** The server's per-field messages of a refused decision ({ certNo: '证书编号已存在' }). */
  serverErrors?: Record<string, string>;
  onApprove: (body: ApproveBody) => void;
  onReject: () => void;
}) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const [form] = Form.useForm<Values>();
  // The certificate's first day is today in Asia/Shanghai, whatever zone the browser runs in.
  const today = dayjs(shanghaiToday());

  useEffect(() => {
    setFieldMessages(form, serverErrors ?? {});
  }, [serverErrors, form]);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      initialValues={{
        certNo: requestedCertNo ?? undefined,
        starRating: requestedStars && requestedStars >= 1 && requestedStars <= 3 ? requestedStars : undefined,
        validFrom: today,
        validUntil: defaultUntil(today),
      }}
      onValuesChange={(changed: Partial<Values>) => {
        // Moving the start moves the default end with it, as long as the end was the default.
        if (changed.validFrom) form.setFieldValue('validUntil', defaultUntil(changed.validFrom));
      }}
      onFinish={(v) =>
        onApprove({
          certNo: v.certNo.trim().toUpperCase(),
          starRating: v.starRating,
          validFrom: v.validFrom.format('YYYY-MM-DD'),
          validUntil: v.validUntil.format('YYYY-MM-DD'),
        })
      }
    >
      <Form.Item
        name="certNo"
        label={t('decide.certNo')}
        normalize={(v: string) => v.toUpperCase()}
        rules={rulesFrom(approveBody, 'certNo')}
      >
        <Input
          maxLength={maxLengthOf(approveBody.shape.certNo)}
          placeholder={t('decide.certNoPlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="starRating" label={t('decide.stars')} rules={rulesFrom(approveBody, 'starRating')}>
        <Rate count={3} aria-label={t('decide.stars')} />
      </Form.Item>
      <Space wrap size={16} align="start">
        <Form.Item
          name="validFrom"
          label={t('decide.validFrom')}
          rules={[{ required: true, message: t('decide.required.validFrom') }]}
        >
          <DatePicker allowClear={false} aria-label={t('decide.validFrom')} />
        </Form.Item>
        <Form.Item
          name="validUntil"
          label={t('decide.validUntil')}
          extra={t('decide.validityHelp')}
          dependencies={['validFrom']}
          rules={[
            { required: true, message: t('decide.required.validUntil') },
            ({ getFieldValue }) => ({
              validator: (_r, value: Dayjs | undefined) => {
                const from = getFieldValue('validFrom') as Dayjs | undefined;
                if (!value || !from || value.isAfter(from, 'day')) return Promise.resolve();
                return Promise.reject(new Error(t('decide.untilAfterFrom')));
              },
            }),
          ]}
        >
          <DatePicker allowClear={false} aria-label={t('decide.validUntil')} />
        </Form.Item>
      </Space>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('decide.approve')}
        </Button>
        <Button danger onClick={onReject} disabled={submitting}>
          {t('decide.reject')}
        </Button>
      </Space>
    </Form>
  );
}
