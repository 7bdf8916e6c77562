import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { type CardLead, leadsQuery } from '../api.ts';
import { CARD_NS } from '../locales/register.ts';

const PAGE = 10;

/** The leads of the card's contact form, newest first, with when the visitor consented. */
export function LeadsTable({ userId }: { userId?: number }) {
  const { t } = useTranslation(CARD_NS);
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const leads = useQuery(leadsQuery(userId, PAGE, (page - 1) * PAGE));
  const rows = leads.data?.list ?? [];
  const pagination = { current: page, pageSize: PAGE, total: leads.data?.total ?? 0, onChange: setPage };
  if (mobile)
    return (
      <ItemList<CardLead>
        items={rows}
        loading={leads.isPending}
        rowKey={(l) => l.id}
        renderItem={(l) => (
          <div>
            <strong>{l.name}</strong>
            {l.company ? ` · ${l.company}` : ''}
            <div>{l.message}</div>
            <div className="card-public__meta">
              {l.contact} · {t('leadConsent')} {l.consentAt}
            </div>
          </div>
        )}
      />
    );
  return (
    <Table<CardLead>
      rowKey="id"
      size="small"
      loading={leads.isPending}
      dataSource={rows}
      pagination={pagination}
      columns={[
        { title: t('leadName'), dataIndex: 'name', width: 100 },
        { title: t('leadCompany'), dataIndex: 'company', width: 160 },
        { title: t('leadContact'), dataIndex: 'contact', width: 150 },
        { title: t('leadMessage'), dataIndex: 'message' },
        { title: t('leadConsent'), dataIndex: 'consentAt', width: 170 },
      ]}
    />
  );
}
