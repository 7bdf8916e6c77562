import { maskPhone } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Select, Skeleton, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/PageCard.tsx';
import { type CardData, type CardPublic, cardQuery, membersQuery, productsQuery } from '../api.ts';
import { CardForm, type CardFormValues } from '../components/CardForm.tsx';
import { LeadsTable } from '../components/LeadsTable.tsx';
import { SharePanel } from '../components/SharePanel.tsx';
import { StatsPanel } from '../components/StatsPanel.tsx';
import { CARD_NS } from '../locales/register.ts';
import { CardBody } from './CardPublicPage.tsx';
import '../card.css';

/** /marketing/dashboard: my card (form and live preview), its share panel, statistics and leads; admins pick a member. */
export function CardDashboardPage() {
  const { t } = useTranslation(CARD_NS);
  const members = useQuery(membersQuery());
  const [userId, setUserId] = useState<number | undefined>(undefined);
  const card = useQuery(cardQuery(userId));
  const list = members.data?.list ?? [];
  return (
    <PageCard
      title={t('title')}
      tools={
        list.length > 1 ? (
          <Select
            aria-label={t('memberPick')}
            style={{ minWidth: 160 }}
            value={userId ?? card.data?.member.userId}
            onChange={setUserId}
            options={list.map((m) => ({ value: m.userId, label: m.name }))}
          />
        ) : undefined
      }
    >
      {card.error && <Alert type="error" showIcon message={card.error.message} />}
      {!card.data ? <Skeleton active /> : <Dashboard data={card.data} userId={userId} />}
    </PageCard>
  );
}

function Dashboard({ data, userId }: { data: CardData; userId?: number }) {
  const { t } = useTranslation(CARD_NS);
  const [values, setValues] = useState<CardFormValues | null>(null);
  const onValues = useCallback((v: CardFormValues) => setValues(v), []);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {!data.card && <Alert type="info" showIcon message={t('noCard')} />}
      <div className="card-dash__grid">
        <Card size="small" title={t('myCard')}>
          <CardForm data={data} userId={userId} onValues={onValues} />
        </Card>
        <Card size="small" title={t('preview')}>
          {values && <Preview data={data} values={values} />}
        </Card>
      </div>
      <Card size="small" title={t('share')}>
        <SharePanel data={data} />
      </Card>
      {data.card && (
        <>
          <Card size="small" title={t('stats')}>
            <StatsPanel userId={userId} />
          </Card>
          <Card size="small" title={t('leads')}>
            <LeadsTable userId={userId} />
          </Card>
        </>
      )}
    </Space>
  );
}

/** The public page as the form stands now (credentials are the public page's; the preview shows the card). */
function Preview({ data, values }: { data: CardData; values: CardFormValues }) {
  const products = useQuery(productsQuery());
  const names = new Map([...(data.card?.products ?? []), ...(products.data?.list ?? [])].map((p) => [p.id, p.name]));
  const preview: CardPublic = {
    publicId: data.card?.publicId ?? '',
    displayName: values.displayName ?? '',
    title: values.title ?? '',
    phone: values.showPhone ? data.member.mobile : maskPhone(data.member.mobile),
    phoneShown: values.showPhone === true,
    email: values.email ?? '',
    introduction: values.introduction ?? '',
    hasWechatQr: false,
    org: { name: data.orgName, typeName: '', certified: true },
    products: (values.productIds ?? []).map((id) => ({ id, name: names.get(id) ?? `#${id}`, url: '#' })),
    certificates: [],
    listings: [],
    authorisations: [],
    checkedOn: '',
  };
  return (
    <div style={{ pointerEvents: 'none' }} aria-hidden>
      <CardBody card={preview} preview />
    </div>
  );
}
