import { pages, pageUrl } from '@jcbb/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Grid, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { inquiryStatusColor, sourcingLabels } from '../components/sourcing/labels.ts';
import { SOURCING_NS } from '../locales/sourcing-register.ts';
import { SOURCING_PAGE_SIZE, type SupplierInquiryRow, sourcingQueries } from '../sourcing-api.ts';

/** /procurementSales/inquiries: the inquiries the supplier was invited to, newest first, with its quote's state. */
export function SupplierInquiryListPage() {
  const { t, i18n } = useTranslation(SOURCING_NS);
  const labels = sourcingLabels(i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const [page, setPage] = useState(1);
  const q = useQuery(
    sourcingQueries.supplierInquiries({ take: SOURCING_PAGE_SIZE, skip: (page - 1) * SOURCING_PAGE_SIZE }),
  );
  const rows = q.data?.list ?? [];
  const link = (r: SupplierInquiryRow) => <Link to={pageUrl(pages.supplierInquiry, { id: r.id })}>{r.title}</Link>;
  const quote = (r: SupplierInquiryRow) =>
    r.myQuoteStatus ? labels.quoteStatus(r.myQuoteStatus) : t('supplier.notQuoted');
  const status = (r: SupplierInquiryRow) => (
    <Tag color={inquiryStatusColor[r.status]}>{labels.inquiryStatus(r.status)}</Tag>
  );
  return (
    <PageCard title={t('supplier.title')}>
      <ListToolbar onRefresh={() => void q.refetch()}>{null}</ListToolbar>
      {wide ? (
        <Table<SupplierInquiryRow>
          rowKey="id"
          loading={q.isFetching}
          dataSource={rows}
          locale={{ emptyText: t('supplier.empty') }}
          pagination={{ current: page, pageSize: SOURCING_PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: t('inquiry.title'), key: 'title', render: (_, r) => link(r) },
            { title: t('supplier.buyer'), dataIndex: 'buyerName', key: 'buyer' },
            { title: t('supplier.project'), dataIndex: 'projectName', key: 'project' },
            { title: t('inquiry.deadline'), dataIndex: 'deadline', key: 'deadline', width: 170 },
            { title: t('inquiry.status'), key: 'status', width: 100, render: (_, r) => status(r) },
            { title: t('supplier.quoteStatus'), key: 'quote', width: 100, render: (_, r) => quote(r) },
          ]}
        />
      ) : (
        <ItemList<SupplierInquiryRow>
          items={rows}
          loading={q.isFetching}
          rowKey={(r) => r.id}
          emptyText={t('supplier.empty')}
          renderItem={(r) => (
            <div>
              <div>
                {link(r)} {status(r)}
              </div>
              <Typography.Text type="secondary">
                {r.buyerName} · {r.deadline} · {quote(r)}
              </Typography.Text>
            </div>
          )}
        />
      )}
    </PageCard>
  );
}
