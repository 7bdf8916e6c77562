import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openFetched } from '../../../lib/open-blob.ts';
import { ElementValuesView } from '../../element/public.ts';
import {
  auditLogQuery,
  type ListingDetail,
  lastCityRejectQuery,
  lastPlatformRejectQuery,
  listingApi,
  notGreenLogQuery,
} from '../api.ts';
import { AuditTimeline } from './AuditTimeline.tsx';
import { EvidencePanel } from './EvidencePanel.tsx';
import { ListingSummary } from './ListingSummary.tsx';

/**
 * One listing in full, for the manufacturer and the auditors alike: its facts and reasons, its answers to the city's
 * form, and the product's evidence side by side; below, the audit history. The history and the latest
 * rejections come from the four audit-log calls (spec §7), so what is shown is what the log holds.
 */
export function ListingDetailView({
  detail,
  actions,
  showStandard = false,
}: {
  detail: ListingDetail;
  /** Buttons under the summary (decisions, edit, delist). */
  actions?: ReactNode;
  showStandard?: boolean;
}) {
  const { t } = useTranslation('listing');
  const id = detail.listing.id;
  const log = useQuery(auditLogQuery(id));
  const lastPlatformReject = useQuery(lastPlatformRejectQuery(id));
  const lastCityReject = useQuery(lastCityRejectQuery(id));
  const notGreen = useQuery({
    ...notGreenLogQuery(id),
    enabled: detail.listing.notGreen,
  });
  const openUpload = (uploadId: number, name: string) => openFetched(() => listingApi.file(id, uploadId), name);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ListingSummary
        listing={detail.listing}
        lastPlatformReject={lastPlatformReject.data ?? detail.lastPlatformReject}
        lastCityReject={lastCityReject.data ?? detail.lastCityReject}
        notGreenLog={notGreen.data ?? detail.notGreenLog}
      />
      {actions}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card type="inner" size="small" title={t('detail.values')}>
            <ElementValuesView
              groups={detail.groups}
              values={detail.values}
              showStandard={showStandard}
              openFile={(file) => openUpload(file.id, file.name)}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card type="inner" size="small" title={t('evidence.title')}>
            <EvidencePanel listingId={id} evidence={detail.evidence} openUpload={openUpload} />
          </Card>
        </Col>
      </Row>
      <Card type="inner" size="small" title={t('detail.timeline')}>
        {log.data ? (
          <AuditTimeline
            entries={log.data}
            fileName={(id) => detail.evidence.documents.find((d) => d.uploadId === id)?.name}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
      </Card>
    </Space>
  );
}
