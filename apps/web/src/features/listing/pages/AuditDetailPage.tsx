import { ArrowLeftOutlined } from '@ant-design/icons';
import { ListingStatus } from '@jcbb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { invalidateListings, listingDetailQuery } from '../api.ts';
import { AuditActions, type AuditorKind } from '../components/AuditActions.tsx';
import { ListingDetailView } from '../components/ListingDetailView.tsx';
import { listingStatusName } from '../components/ListingStatusTag.tsx';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';

const queuePath = (kind: AuditorKind) => (kind === 'platform' ? '/admin/listings' : '/gov/listings');

/**
 * The auditor's view of one listing (?id=): the listing's answers and the product's evidence side by side, the
 * history, and the decision: the platform approves or rejects with a reason; the city committee approves, rejects
 * with a reason, or marks the product not green with a reason.
 */
export function AuditDetailPage({ kind }: { kind: AuditorKind }) {
  const { t, i18n } = useTranslation('listing');
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { valid, query: detail } = useRecordQuery(listingDetailQuery);
  const queue = queuePath(kind);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(queue)}>
      {t('common.back')}
    </Button>
  );
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      badIdTitle={t('detail.badId')}
      notFoundTitle={t('detail.notFound')}
    >
      {(d) => {
        const pending =
          d.listing.status === (kind === 'platform' ? ListingStatus.PLATFORM_AUDIT : ListingStatus.CITY_AUDIT);
        const actions = pending ? (
          <AuditActions
            kind={kind}
            listingId={d.listing.id}
            productName={d.listing.materialName}
            cityName={d.listing.cityName ?? d.listing.cityCode}
            allowedActions={d.allowedActions}
            approvalGroups={d.approvalGroups}
            onDecided={() => {
              void invalidateListings(queryClient);
              navigate(queue);
            }}
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title={t('audit.decided', { status: listingStatusName(d.listing.status, english) })}
          />
        );

        return (
          <PageCard title={t('audit.detailTitle')} tools={back}>
            <ListingDetailView detail={d} actions={actions} showStandard />
          </PageCard>
        );
      }}
    </RecordState>
  );
}

export function PlatformAuditDetailPage() {
  return <AuditDetailPage kind="platform" />;
}

export function CityAuditDetailPage() {
  return <AuditDetailPage kind="city" />;
}
