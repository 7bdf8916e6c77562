import { PlusOutlined } from '@ant-design/icons';
import { OrgType } from '@jcbb/contract/enums';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Grid, Pagination, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { useSession } from '../../../lib/session.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { invalidateProjects, PROJECT_PAGE_SIZE, projectListQueries, type UserProject } from '../api.ts';
import { InvitationActions } from '../components/InvitationActions.tsx';
import { projectLabels } from '../components/labels.ts';
import { StepTag } from '../components/StepTag.tsx';
import { PROJECT_NS } from '../locales/register.ts';

export const PROJECT_EDIT = '/project/edit';

/**
 * /project/list: the projects the user's organisation takes part in (spec §2), newest first, with its leader and the
 * user's role; above them the invitations it has not answered. The developer registers projects from here.
 */
export function ProjectListPage() {
  const { t, i18n } = useTranslation(PROJECT_NS);
  const labels = projectLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const orgType = useSession().user?.organization?.type ?? null;
  const developer = orgType === OrgType.DEVELOPER;
  const { query, filter, pagination } = useListQuery<{ take: number; skip: number; name?: string }>({
    take: PROJECT_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...projectListQueries.joined(query, orgType), placeholderData: keepPreviousData });
  const invitations = useQuery({ ...projectListQueries.invitations(), enabled: projectListQueries.invited(orgType) });
  const rows = list.data?.list ?? [];
  const pending = invitations.data?.list ?? [];
  const open = (id: number) => pageUrl(pages.projectDetail, { id });
  const create = () => navigate(PROJECT_EDIT);

  const columns: TableProps<UserProject>['columns'] = [
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
    { title: t('list.region'), dataIndex: 'regionName', key: 'region', width: 100 },
    { title: t('list.step'), key: 'step', width: 120, render: (_, p) => <StepTag step={p.step} /> },
    {
      title: t('list.policy'),
      key: 'policy',
      width: 90,
      render: (_, p) => (p.inPolicyScope ? `${t('common.yes')} · ${p.policyBatch}` : t('common.no')),
    },
    ...(developer
      ? []
      : [{ title: t('list.developer'), dataIndex: 'developerName', key: 'developer', width: 200 } as const]),
    {
      title: t('list.leader'),
      key: 'leader',
      width: 120,
      render: (_, p) => p.leader?.realName ?? t('common.none'),
    },
    { title: t('list.myRole'), key: 'role', width: 100, render: (_, p) => labels.role(p.myRole) || t('common.none') },
    // Only on very wide screens: at 1366 px the other columns need the room.
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', width: 160, responsive: ['xxl'] },
  ];

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={query.name ? t('list.empty') : developer ? t('list.emptyDeveloper') : t('list.emptyMember')}
    >
      {developer && !query.name && (
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('list.createFirst')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {pending.length > 0 && (
        <Card title={t('list.invitations', { count: pending.length })} size="small">
          <ItemList
            items={pending}
            rowKey={(p) => p.id}
            renderItem={(p) => (
              <Space orientation="vertical" size={0}>
                <Link to={open(p.id)}>{p.name}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('list.invitedBy', { name: p.developerName })} · {p.regionName} · {labels.step(p.step)}
                </Typography.Text>
              </Space>
            )}
            actions={(p) => <InvitationActions projectId={p.id} projectName={p.name} />}
          />
        </Card>
      )}
      <PageCard
        title={t('list.title')}
        tools={
          developer ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={create}>
              {t('list.create')}
            </Button>
          ) : undefined
        }
      >
        <ListToolbar onRefresh={() => void invalidateProjects(queryClient)}>
          <KeywordSearch label={t('list.search')} onSearch={(name) => filter({ name })} />
        </ListToolbar>
        {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
        {wide ? (
          <Table<UserProject>
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
                    {labels.type(p.type)} · {p.regionName}
                    {p.leader ? ` · ${t('list.leader')} ${p.leader.realName ?? ''}` : ''}
                  </Typography.Text>
                </Space>
              </Space>
            )}
          />
        )}
        {!wide && (list.data?.total ?? 0) > PROJECT_PAGE_SIZE && (
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Pagination simple {...pagination(list.data?.total ?? 0)} />
          </Flex>
        )}
      </PageCard>
    </Space>
  );
}
