import { projectStepLabels } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Grid, Select, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { labelOptions } from '../../../lib/labels.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type CityProject, invalidateProjects, PROJECT_PAGE_SIZE, projectQueries } from '../api.ts';
import { projectLabels } from '../components/labels.ts';
import { StepTag } from '../components/StepTag.tsx';
import { PROJECT_NS } from '../locales/register.ts';

/** /gov/projects: the city committee's read-only list of the projects located in its city. */
export function CityProjectListPage() {
  const { t, i18n } = useTranslation(PROJECT_NS);
  const english = i18n.language.startsWith('en');
  const labels = projectLabels(english);
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, filter, pagination } = useListQuery<{ take: number; skip: number; name?: string; step?: number }>({
    take: PROJECT_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...projectQueries.city(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const open = (id: number) => pageUrl(pages.projectDetail, { id });
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.emptyCity')} />;
  const columns: TableProps<CityProject>['columns'] = [
    {
      title: t('list.name'),
      key: 'name',
      width: 260,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Link to={open(p.id)}>{p.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.code} · {labels.type(p.type)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('list.region'), dataIndex: 'regionName', key: 'region', width: 90 },
    { title: t('list.step'), key: 'step', width: 120, render: (_, p) => <StepTag step={p.step} /> },
    {
      title: t('list.policy'),
      key: 'policy',
      width: 90,
      render: (_, p) => (p.inPolicyScope ? `${t('common.yes')} · ${p.policyBatch}` : t('common.no')),
    },
    { title: t('list.developer'), dataIndex: 'developerName', key: 'developer', width: 200 },
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', width: 160, responsive: ['xl'] },
  ];
  return (
    <PageCard title={t('list.cityTitle')}>
      <ListToolbar onRefresh={() => void invalidateProjects(queryClient)}>
        <KeywordSearch label={t('list.search')} onSearch={(name) => filter({ name })} />
        <Select
          aria-label={t('list.step')}
          allowClear
          placeholder={t('list.allSteps')}
          style={{ width: 160 }}
          options={labelOptions(projectStepLabels, english)}
          value={query.step}
          onChange={(step?: number) => filter({ step })}
        />
      </ListToolbar>
      {wide ? (
        <Table<CityProject>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: empty }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(p) => p.id}
          loading={list.isFetching}
          emptyText={empty}
          renderItem={(p) => (
            <Space orientation="vertical" size={2}>
              <Link to={open(p.id)}>{p.name}</Link>
              <Space size={4} wrap>
                <StepTag step={p.step} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {labels.type(p.type)} · {p.regionName} · {p.developerName}
                </Typography.Text>
              </Space>
            </Space>
          )}
        />
      )}
    </PageCard>
  );
}
