import { PlusOutlined } from '@ant-design/icons';
import { AUTHORISATION_PAGE_SIZE, type AuthorisationStatusValue } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Grid,
  Pagination,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { positiveId } from '../../../lib/record-id.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type AuthorisationRow, authorisationQueries, invalidateAuthorisations } from '../api.ts';
import { ActionLinks, useAuthorisationActions } from '../components/AuthorisationActions.tsx';
import { AuthorisationDrawer } from '../components/AuthorisationDrawer.tsx';
import { AUTHORISATION_EXPIRING_DAYS, distributionLabels, endsWithin } from '../components/labels.ts';
import { StateTag } from '../components/StateTag.tsx';
import { DISTRIBUTION_NS } from '../locales/register.ts';
import { agentFormUrl } from '../paths.ts';
import '../components/letter.css';

/** The list's query as the page keeps it (the body of `authorisationList`: take/skip and the filters). */
type Query = {
  take: number;
  skip: number;
  status?: AuthorisationStatusValue;
  keyword?: string;
  expiringWithinDays?: number;
};

/**
 * /agent/index: the manufacturer's authorisations of distributors, newest first — distributor, kind, scope, regions,
 * period, state, shipped against the caps — with filters (state, keyword, ending within 60 days); letters in force
 * that end within 60 days are highlighted with the days left. `?id=` opens one in the drawer (the messages' link).
 * Cards on a phone.
 */
export function AgentIndexPage() {
  const { t, i18n } = useTranslation(DISTRIBUTION_NS);
  const english = i18n.language.startsWith('en');
  const labels = distributionLabels(english);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const [params, setParams] = useSearchParams();
  const openId = positiveId(params.get('id'));
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      },
      { replace: id === null },
    );
  const { query, filter, pagination } = useListQuery<Query>({ take: AUTHORISATION_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...authorisationQueries.list(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const filtered = Boolean(query.status || query.keyword || query.expiringWithinDays !== undefined);
  const create = () => navigate(agentFormUrl());
  const locale = english ? 'en' : 'zh-CN';

  const daysLeft = (a: AuthorisationRow) => (
    <Tag
      color={(a.expiresInDays ?? 0) <= 7 ? 'red' : 'orange'}
      data-testid="days-left"
      style={{ width: 'fit-content' }}
    >
      {a.expiresInDays === 0 ? t('common.endsToday') : t('common.daysLeft', { days: a.expiresInDays })}
    </Tag>
  );
  const period = (a: AuthorisationRow) => (
    <Space orientation="vertical" size={0}>
      <span style={{ whiteSpace: 'nowrap' }}>{a.validFrom}</span>
      <span style={{ whiteSpace: 'nowrap' }}>{`~ ${a.validUntil}`}</span>
      {endsWithin(a, AUTHORISATION_EXPIRING_DAYS) && daysLeft(a)}
    </Space>
  );
  /** Shipped against each capped product (nothing for a letter without caps). */
  const shipped = (a: AuthorisationRow) =>
    a.items
      .filter((i) => i.quantityCap !== null)
      .map((i) => (
        <Typography.Text key={i.id} type="secondary" style={{ fontSize: 12 }}>
          {t('list.shippedLine', {
            product: i.productName,
            shipped: formatQuantity(i.shippedQuantity, { locale }),
            cap: formatQuantity(i.quantityCap, { unit: i.unit, locale }),
          })}
        </Typography.Text>
      ));
  const letter = (a: AuthorisationRow) => (
    <Space orientation="vertical" size={0}>
      <Typography.Link onClick={() => open(a.id)}>{a.number ?? t('common.draft')}</Typography.Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('common.versionN', { version: a.version })}
      </Typography.Text>
    </Space>
  );
  /** The scope's summary (products · regions), the project of a project letter, exclusivity, shipped against caps. */
  const scope = (a: AuthorisationRow) => (
    <Space orientation="vertical" size={2}>
      <span>{a.scopeSummary}</span>
      {(a.kind === 'project' || a.exclusive) && (
        <Space size={4} wrap>
          {a.kind === 'project' && (
            <Tag color="blue" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
              {[t('common.projectKind'), a.projectName ?? a.tenderNo].filter(Boolean).join('：')}
            </Tag>
          )}
          {a.exclusive && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t('common.exclusive')}
            </Tag>
          )}
        </Space>
      )}
      {shipped(a)}
    </Space>
  );

  const columns: TableProps<AuthorisationRow>['columns'] = [
    { title: t('list.letter'), key: 'letter', width: 150, render: (_, a) => letter(a) },
    { title: t('list.distributor'), key: 'distributor', width: 160, render: (_, a) => a.distributor.name },
    { title: t('list.scope'), key: 'scope', render: (_, a) => scope(a) },
    { title: t('list.period'), key: 'period', width: 120, render: (_, a) => period(a) },
    { title: t('list.state'), key: 'state', width: 110, render: (_, a) => <StateTag state={a.state} /> },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 200,
      render: (_, a) => <RowActions a={a} onOpen={() => open(a.id)} />,
    },
  ];

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('list.empty') : t('list.emptyFirst')}>
      {!filtered && (
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('list.createFirst')}
        </Button>
      )}
    </Empty>
  );

  return (
    <>
      <PageCard
        title={t('list.title')}
        tools={
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('list.create')}
          </Button>
        }
      >
        <ListToolbar onRefresh={() => void invalidateAuthorisations(queryClient)}>
          <Select<AuthorisationStatusValue>
            allowClear
            aria-label={t('list.state')}
            placeholder={t('list.allStates')}
            style={{ width: 160 }}
            options={labels.stateOptions}
            value={query.status}
            onChange={(status) => filter({ status })}
          />
          <KeywordSearch label={t('list.search')} width={260} onSearch={(keyword) => filter({ keyword })} />
          <Checkbox
            checked={query.expiringWithinDays !== undefined}
            onChange={(e) => filter({ expiringWithinDays: e.target.checked ? AUTHORISATION_EXPIRING_DAYS : undefined })}
            style={{ alignSelf: 'center' }}
          >
            {t('list.expiring')}
          </Checkbox>
        </ListToolbar>
        {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
        {wide ? (
          <Table<AuthorisationRow>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={list.isFetching}
            locale={{ emptyText: empty }}
            rowClassName={(a) => (endsWithin(a, AUTHORISATION_EXPIRING_DAYS) ? 'au-expiring' : '')}
            scroll={{ x: 'max-content' }}
            pagination={pagination(total, (n) => t('common.total', { total: n }))}
          />
        ) : (
          <ItemList
            items={rows}
            rowKey={(a) => a.id}
            loading={list.isFetching}
            emptyText={empty}
            renderItem={(a) => (
              <Card a={a} onOpen={() => open(a.id)}>
                {scope(a)}
                <Typography.Text style={{ fontSize: 13 }}>{`${a.validFrom} ~ ${a.validUntil}`}</Typography.Text>
                {endsWithin(a, AUTHORISATION_EXPIRING_DAYS) && daysLeft(a)}
              </Card>
            )}
          />
        )}
        {!wide && total > AUTHORISATION_PAGE_SIZE && (
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Pagination simple {...pagination(total)} />
          </Flex>
        )}
      </PageCard>
      <AuthorisationDrawer id={openId} onClose={() => open(null)} onOpen={(id) => open(id)} />
    </>
  );
}

/** A row's actions: 查看, the state's first action, the rest (the letter's PDF and public page once issued) under 更多. */
function RowActions({ a, onOpen }: { a: AuthorisationRow; onOpen: () => void }) {
  const { actions, dialogs } = useAuthorisationActions(a);
  return (
    <>
      <ActionLinks actions={actions} onOpen={onOpen} />
      {dialogs}
    </>
  );
}

/** One authorisation on a phone: the letter, the distributor, its state and scope, the period; tap to open. */
function Card({ a, onOpen, children }: { a: AuthorisationRow; onOpen: () => void; children: ReactNode }) {
  const { t } = useTranslation(DISTRIBUTION_NS);
  return (
    <Space
      orientation="vertical"
      size={4}
      style={{ width: '100%' }}
      className={endsWithin(a, AUTHORISATION_EXPIRING_DAYS) ? 'au-expiring-card' : undefined}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Link onClick={onOpen} strong>
          {a.distributor.name}
        </Typography.Link>
        <StateTag state={a.state} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`${a.number ?? t('common.draft')} · ${t('common.versionN', { version: a.version })}`}
      </Typography.Text>
      {children}
      <RowActions a={a} onOpen={onOpen} />
    </Space>
  );
}
