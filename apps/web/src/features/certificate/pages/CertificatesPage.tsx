import { DownloadOutlined } from '@ant-design/icons';
import { revokeBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Grid, Select, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/open-blob.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import {
  type CertificateItem,
  type CertificateQuery,
  certificateApi,
  certificateListQuery,
  invalidateCertificates,
  issuedListQuery,
} from '../api.ts';
import { CertificateStateTag, Stars } from '../components/Tags.tsx';
import { CERTIFICATE_NS } from '../locales/register.ts';

const PAGE_SIZE = 10;

/**
 * /blockchain/certificate/index: the certificates an organisation holds (manufacturer, distributor), or, for a
 * certification body, those it issued, which it may revoke with a reason. Each downloads as a PDF with its QR code.
 */
export function CertificatesPage({ mode }: { mode: 'held' | 'issued' }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const issued = mode === 'issued';
  const { query, filter, pagination } = useListQuery<CertificateQuery>({ take: PAGE_SIZE, skip: 0 });
  // On a phone: number (with product, holder or issuer, and state) and actions; the rest from md up.
  const screens = Grid.useBreakpoint();
  const [revoking, setRevoking] = useState<CertificateItem | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const list = useQuery({
    ...(issued ? issuedListQuery(query) : certificateListQuery(query)),
    placeholderData: keepPreviousData,
  });
  const pdf = useMutation({
    mutationFn: (c: CertificateItem) => certificateApi.pdf(c.id).then((blob) => saveBlob(blob, `${c.certNo}.pdf`)),
  });
  const revoke = useMutation({
    mutationFn: ({ c, reason }: { c: CertificateItem; reason: string }) => certificateApi.revoke(c.id, reason),
    onSuccess: () => {
      message.success(t('certs.revoked'));
      setRevoking(null);
      void invalidateCertificates(queryClient);
    },
    onError: (error) =>
      setReasonError(error instanceof ApiError ? (error.fieldErrors.reason ?? error.message) : String(error)),
  });

  const columns: TableProps<CertificateItem>['columns'] = [
    {
      title: t('certs.certNo'),
      key: 'certNo',
      width: 170,
      render: (_, c) => (
        <>
          <a href={pageUrl(pages.certificateVerify, { no: c.certNo })} target="_blank" rel="noreferrer">
            {c.certNo}
          </a>
          {!screens.md && (
            <>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {c.product.name} · {issued ? c.holder.name : c.issuer.name}
              </Typography.Text>
              <CertificateStateTag state={c.state} />
            </>
          )}
        </>
      ),
    },
    { title: t('certs.product'), key: 'product', responsive: ['md'], render: (_, c) => c.product.name },
    issued
      ? { title: t('certs.holder'), key: 'holder', width: 190, responsive: ['md'], render: (_, c) => c.holder.name }
      : { title: t('certs.issuer'), key: 'issuer', width: 190, responsive: ['md'], render: (_, c) => c.issuer.name },
    {
      title: t('certs.stars'),
      key: 'stars',
      width: 110,
      responsive: ['md'],
      render: (_, c) => <Stars value={c.starRating} />,
    },
    {
      title: t('certs.validity'),
      key: 'validity',
      width: 190,
      responsive: ['md'],
      render: (_, c) => `${c.validFrom} ~ ${c.validUntil}`,
    },
    {
      title: t('certs.state'),
      key: 'state',
      width: 80,
      responsive: ['md'],
      render: (_, c) => <CertificateStateTag state={c.state} />,
    },
    {
      title: t('certs.actions'),
      key: 'actions',
      width: issued ? 180 : 120,
      fixed: 'right',
      render: (_, c) => (
        <Space size={4} wrap>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={pdf.isPending && pdf.variables?.id === c.id}
            onClick={() => pdf.mutate(c)}
          >
            {t('certs.pdf')}
          </Button>
          {issued && c.state !== 'revoked' && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => {
                setReasonError(null);
                setRevoking(c);
              }}
            >
              {t('certs.revoke')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={issued ? t('certs.issuerTitle') : t('certs.holderTitle')}>
      <ListToolbar onRefresh={() => void list.refetch()}>
        <Select
          aria-label={t('certs.state')}
          style={{ width: 130 }}
          value={query.state ?? ''}
          onChange={(state: string) => filter({ state: (state || undefined) as CertificateQuery['state'] })}
          options={[
            { value: '', label: t('certs.allStates') },
            { value: 'valid', label: t('state.valid') },
            { value: 'expired', label: t('state.expired') },
            { value: 'revoked', label: t('state.revoked') },
          ]}
        />
        <KeywordSearch label={t('certs.keyword')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      <Table<CertificateItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={screens.md ? { x: 1040 } : undefined}
        locale={{ emptyText: t('certs.empty') }}
        pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
      />
      <ReasonModal
        open={revoking !== null}
        text={{
          title: t('certs.revokeTitle', { no: revoking?.certNo ?? '' }),
          okText: t('certs.revoke'),
          cancelText: t('common.cancel'),
          label: t('certs.revokeReason'),
          placeholder: t('certs.revokePlaceholder'),
        }}
        schema={revokeBody.shape.reason}
        submitting={revoke.isPending}
        serverError={reasonError}
        onSubmit={(reason) => revoking && revoke.mutate({ c: revoking, reason })}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
