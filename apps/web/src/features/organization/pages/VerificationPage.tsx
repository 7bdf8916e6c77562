import { CertStatus, type CertStatusValue, certStatusLabels, type OrganizationData } from '@jcbb/contract';
import { pages } from '@jcbb/contract/pages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type SessionUser, session, useSession } from '../../../lib/session.ts';
import { type CertificationItem, certificationHistoryQuery, invalidateOrganization, mineQuery } from '../api.ts';
import { isEnterpriseAdmin, isSuperAdmin } from '../cert-state.ts';
import { CertificationForm, type CertificationFormValues } from '../components/CertificationForm.tsx';
import { CertificationHistory } from '../components/CertificationHistory.tsx';
import { CertStatusSummary } from '../components/CertStatusSummary.tsx';
import { CreateOrganizationForm } from '../components/CreateOrganizationForm.tsx';
import { type DetailsValue, OrganizationDetails } from '../components/OrganizationDetails.tsx';

/** The form starts from the last rejected application, else from what the organisation already holds. */
function initialValues(org: OrganizationData, last: CertificationItem | undefined): Partial<CertificationFormValues> {
  if (org.certStatus === CertStatus.REJECTED && last) {
    const d = last.details;
    return {
      name: d.name,
      nature: d.nature,
      regionCode: d.regionCode,
      creditCode: d.creditCode,
      address: d.address,
      legalPerson: d.legalPerson,
      contactName: d.contactName,
      contactPhone: d.contactPhone,
      license: { id: d.licenseUploadId, name: d.licenseName },
    };
  }
  return {
    name: org.name,
    nature: org.nature ?? undefined,
    regionCode: org.regionCode ?? undefined,
    creditCode: org.creditCode ?? '',
    address: org.address ?? '',
    legalPerson: org.legalPerson ?? '',
    contactName: org.contactName ?? '',
    contactPhone: org.contactPhone ?? '',
    license: org.license ?? undefined,
  };
}

const orgDetails = (org: OrganizationData): DetailsValue => ({ ...org, typeName: org.typeName });

const applicationDetails = (item: CertificationItem): DetailsValue => ({
  ...item.details,
  license: { id: item.details.licenseUploadId, name: item.details.licenseName },
});

/**
 * Keep the session (and with it the banner) in step with the organisation's state as last read, without reloading
 * the user: after a submission, or after the platform decided while the user was signed in.
 */
function syncSession(certStatus: number) {
  const user = session.get().user;
  if (!user?.organization || user.organization.certStatus === certStatus) return;
  session.setUser(
    {
      ...user,
      organization: {
        ...user.organization,
        certStatus,
        status: certStatusLabels[certStatus as CertStatusValue] ?? user.organization.status,
      },
    },
    session.get().modules,
  );
}

function OrganizationCertification({ user }: { user: SessionUser }) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const org = useQuery(mineQuery());
  const history = useQuery(certificationHistoryQuery());
  const admin = isEnterpriseAdmin(user);
  const certStatus = org.data?.certStatus;
  useEffect(() => {
    if (certStatus !== undefined) syncSession(certStatus);
  }, [certStatus]);

  if (org.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => org.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!org.data || history.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;

  const data = org.data;
  const last = history.data?.[0];
  const canSubmit =
    !data.certExempt && (data.certStatus === CertStatus.NONE || data.certStatus === CertStatus.REJECTED);

  // Government units need no certification: the status card says so and nothing follows it.
  let body: ReactNode = null;
  if (data.certExempt) {
    body = null;
  } else if (data.certStatus === CertStatus.CERTIFIED) {
    body = (
      <Card title={t('details.title')}>
        <OrganizationDetails value={orgDetails(data)} />
      </Card>
    );
  } else if (data.certStatus === CertStatus.PENDING) {
    body = last ? (
      <Card title={t('details.submittedTitle')}>
        <OrganizationDetails value={{ ...applicationDetails(last), type: data.type, typeName: data.typeName }} />
      </Card>
    ) : null;
  } else if (canSubmit && admin) {
    body = (
      <Card title={t('form.title')}>
        <CertificationForm
          initialValues={initialValues(data, last)}
          initialRegionNames={
            data.certStatus === CertStatus.REJECTED && last ? last.details.regionPath : data.regionPath
          }
          onSubmitted={() => {
            syncSession(CertStatus.PENDING);
            void invalidateOrganization(queryClient);
            window.scrollTo?.({ top: 0, behavior: 'smooth' });
          }}
        />
      </Card>
    );
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('status.title')}>
        <CertStatusSummary org={data} contactAdmin={canSubmit && !admin} />
      </Card>
      {body}
      {!data.certExempt && (history.data?.length ?? 0) > 0 ? (
        <Card title={t('history.title')}>
          <CertificationHistory items={history.data ?? []} />
        </Card>
      ) : null}
    </Space>
  );
}

/**
 * /organization/orgnizationVerification: the organisation's certification (issue 3 item 6), and the page the
 * route guard sends users to who belong to no organisation yet (spec §4).
 */
export function VerificationPage() {
  const { t } = useTranslation('organization');
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return <Skeleton active />;
  if (isSuperAdmin(user) && !user.organization) {
    return (
      <Result
        status="info"
        title={t('platform.title')}
        extra={
          <Button type="primary" onClick={() => navigate(pages.certificationReview.path)}>
            {t('platform.toReview')}
          </Button>
        }
      />
    );
  }
  if (!user.organization) {
    return (
      <Card>
        <Result status="info" title={t('noOrg.title')} subTitle={t('noOrg.text')} style={{ paddingBottom: 0 }} />
        <Card type="inner" title={t('noOrg.createTitle')} style={{ maxWidth: 560, margin: '24px auto 0' }}>
          <CreateOrganizationForm
            onCreated={() => {
              // The new organisation changes the user's roles, menu and modules: the guard loads them afresh.
              window.location.assign(pages.verification.path);
            }}
          />
        </Card>
      </Card>
    );
  }
  return <OrganizationCertification user={user} />;
}
