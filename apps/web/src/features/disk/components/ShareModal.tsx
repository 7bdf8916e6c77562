import { shareAudienceLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { labelOptions } from '../../../lib/labels.ts';
import { diskApi, diskKeys, type ShareBody, type ShareCreated } from '../api.ts';
import { DISK_NS } from '../locales/register.ts';
import { shareLandingUrl } from '../paths.ts';

const randomCode = () => {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
};

/** The share form: files or a folder, audience, code, days, limit, watermark; then the new link with its code once. */
export function ShareModal({
  target,
  onClose,
}: {
  target: { fileIds: number[] } | { folderId: number; name: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(DISK_NS);
  const [form] = Form.useForm<ShareBody>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const [orgKeyword, setOrgKeyword] = useState('');
  const audience = Form.useWatch('audience', form);
  const orgs = useQuery({
    queryKey: ['disk-orgs', orgKeyword],
    queryFn: () => diskApi.organizations(orgKeyword),
    enabled: audience === 'orgs',
  });
  const create = useMutation({
    mutationFn: (body: ShareBody) => diskApi.createShare({ ...body, ...target }),
    onSuccess: (share) => {
      setCreated(share);
      void client.invalidateQueries({ queryKey: diskKeys.shares });
      message.success(t('created'));
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  const url = created ? `${window.location.origin}${shareLandingUrl(created.token)}` : '';
  const copy = async () => {
    await navigator.clipboard?.writeText(created?.code ? `${url}  ${t('code')}: ${created.code}` : url);
    message.success(t('copied'));
  };

  return (
    <Modal
      open
      title={t('shareTitle')}
      onCancel={onClose}
      footer={
        created ? (
          <Button type="primary" onClick={onClose}>
            {t('done')}
          </Button>
        ) : (
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('create')}
          </Button>
        )
      }
    >
      {created ? (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="share-created">
          <Typography.Text strong>{t('link')}</Typography.Text>
          <Typography.Paragraph copyable style={{ wordBreak: 'break-all' }} data-testid="share-url">
            {url}
          </Typography.Paragraph>
          {created.code ? (
            <Typography.Paragraph>
              {t('code')}:{' '}
              <Typography.Text code data-testid="share-code">
                {created.code}
              </Typography.Text>
            </Typography.Paragraph>
          ) : null}
          <Button onClick={copy}>{t('copy')}</Button>
        </Space>
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            audience: 'anyone',
            expiresInDays: 7,
            watermark: false,
            title: 'name' in target ? target.name : '',
          }}
          onFinish={(v) => create.mutate(v)}
        >
          <Form.Item name="title" label={t('shareName')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="audience" label={t('audience')}>
            <Radio.Group options={labelOptions(shareAudienceLabels, i18n.language.startsWith('en'))} />
          </Form.Item>
          {audience === 'orgs' ? (
            <Form.Item name="orgIds" label={t('orgs')}>
              <Select
                mode="multiple"
                showSearch
                filterOption={false}
                placeholder={t('orgsPlaceholder')}
                onSearch={setOrgKeyword}
                options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('code')} extra={t('codeHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle>
                <Input maxLength={8} />
              </Form.Item>
              <Button onClick={() => form.setFieldValue('code', randomCode())}>{t('generate')}</Button>
            </Space.Compact>
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name="expiresInDays" label={t('expiresInDays')}>
              <InputNumber min={1} max={365} />
            </Form.Item>
            <Form.Item name="maxDownloads" label={t('maxDownloads')} extra={t('maxDownloadsHint')}>
              <InputNumber min={1} max={10000} />
            </Form.Item>
          </Space>
          <Form.Item name="watermark" valuePropName="checked" extra={t('watermarkHint')}>
            <Checkbox>{t('watermark')}</Checkbox>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
