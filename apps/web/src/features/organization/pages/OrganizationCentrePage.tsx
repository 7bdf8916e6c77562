import { organizationSaveBody } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { rulesFrom } from '../../../lib/zod-rules.ts';
import { DivisionsPanel } from '../../account/public.ts';
import { invalidateOrganization, mineQuery, organizationApi } from '../api.ts';
import { isEnterpriseAdmin } from '../cert-state.ts';
import { CertStatusSummary } from '../components/CertStatusSummary.tsx';
import { OrganizationDetails } from '../components/OrganizationDetails.tsx';
import { MembersPage } from './MembersPage.tsx';
import { VerificationPage } from './VerificationPage.tsx';

interface ContactValues {
  address: string;
  contactName: string;
  contactPhone: string;
}

const TABS = ['info', 'certification', 'members', 'divisions'] as const;
type Tab = (typeof TABS)[number];

/**
 * The organisation's information: its details and certification state, and for its administrator the address and
 * contact, which change no certified fact (the name and credit code change through certification).
 */
function OrganizationInfo({ admin }: { admin: boolean }) {
  const { t } = useTranslation('organization');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const org = useQuery(mineQuery());
  const [form] = Form.useForm<ContactValues>();
  useEffect(() => {
    if (org.data)
      form.setFieldsValue({
        address: org.data.address ?? '',
        contactName: org.data.contactName ?? '',
        contactPhone: org.data.contactPhone ?? '',
      });
  }, [org.data, form]);
  const save = useMutation({
    mutationFn: (values: ContactValues) =>
      organizationApi.save({
        name: org.data?.name ?? '',
        address: values.address || null,
        contactName: values.contactName || null,
        contactPhone: values.contactPhone || null,
      }),
    onSuccess: () => {
      void message.success(t('centre.contactSaved'));
      void invalidateOrganization(queryClient);
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) void message.error(error.message);
    },
  });

  if (org.isError)
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => org.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!org.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = org.data;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('status.title')} size="small">
        <CertStatusSummary org={data} contactAdmin={!admin} />
      </Card>
      <Card title={t('centre.details')} size="small">
        <OrganizationDetails value={data} />
      </Card>
      {admin ? (
        <Card title={t('centre.contactTitle')} size="small">
          <Typography.Paragraph type="secondary">{t('centre.contactIntro')}</Typography.Paragraph>
          <Form<ContactValues>
            form={form}
            layout="vertical"
            style={{ maxWidth: 480 }}
            disabled={save.isPending}
            onFinish={(values) => save.mutate(values)}
          >
            <Form.Item name="address" label={t('form.address')} rules={rulesFrom(organizationSaveBody, 'address')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="contactName"
              label={t('form.contactName')}
              rules={rulesFrom(organizationSaveBody, 'contactName')}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="contactPhone"
              label={t('form.contactPhone')}
              rules={rulesFrom(organizationSaveBody, 'contactPhone')}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('centre.save')}
            </Button>
          </Form>
        </Card>
      ) : null}
    </Space>
  );
}

/**
 * /account/organization: the organisation page of the account centre (the menu's 组织管理 while no external account
 * site is configured): information, certification, personnel (the administrator's) and divisions, one tab each,
 * the tab kept in the address (`?tab=`).
 */
export function OrganizationCentrePage() {
  const { t } = useTranslation('organization');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const admin = isEnterpriseAdmin(user);
  if (!user) return <Skeleton active />;
  if (!user.organization) return <VerificationPage />;
  const asked = params.get('tab') as Tab | null;
  const tabs = [
    { key: 'info', label: t('centre.info'), children: <OrganizationInfo admin={admin} /> },
    { key: 'certification', label: t('centre.certification'), children: <VerificationPage /> },
    ...(admin ? [{ key: 'members', label: t('centre.members'), children: <MembersPage /> }] : []),
    { key: 'divisions', label: t('centre.divisions'), children: <DivisionsPanel admin={admin} /> },
  ];
  const active = asked && tabs.some((x) => x.key === asked) ? asked : 'info';
  return (
    <Card title={<h1 style={{ margin: 0, fontSize: 16 }}>{user.org?.name ?? t('centre.title')}</h1>}>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={tabs}
      />
    </Card>
  );
}
