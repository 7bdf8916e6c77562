import { PlusOutlined } from '@ant-design/icons';
import { UserStatus } from '@jcbb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Card,
  Flex,
  Result,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { useSession } from '../../../lib/session.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { invalidateMembers, type MemberItem, type MemberQuery, membersQuery, organizationApi } from '../api.ts';
import { isEnterpriseAdmin } from '../cert-state.ts';
import { AddMemberModal } from '../components/AddMemberModal.tsx';
import { type PasswordOnce, PasswordOnceModal } from '../components/PasswordOnceModal.tsx';

const PAGE_SIZE = 10;
const nameOf = (m: MemberItem) => m.realName ?? m.username;

/** /organization/members: the enterprise administrator's list of the organisation's accounts. */
export function MembersPage() {
  const { t } = useTranslation('organization');
  const mobile = useIsMobile();
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<MemberQuery>({ take: PAGE_SIZE, skip: 0 });
  const [adding, setAdding] = useState(false);
  const [password, setPassword] = useState<PasswordOnce | null>(null);
  const admin = isEnterpriseAdmin(user);

  const members = useQuery({
    ...membersQuery(query),
    placeholderData: keepPreviousData,
    enabled: admin,
  });
  const refresh = () => invalidateMembers(queryClient);

  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 1 | 2 }) => organizationApi.setMemberStatus(id, status),
    onSuccess: (member) => {
      message.success(member.status === UserStatus.DISABLED ? t('members.disabledDone') : t('members.enabledDone'));
      void refresh();
    },
  });
  const reset = useMutation({
    mutationFn: (member: MemberItem) => organizationApi.resetMemberPassword(member.id),
    onSuccess: (result, member) =>
      setPassword({
        title: t('members.resetTitle'),
        intro: t('members.newPasswordFor', { name: nameOf(member), mobile: member.mobile }),
        password: result.newPassword,
      }),
  });

  if (!admin) return <Result status="403" title={t('members.notAdmin')} />;

  const confirmStatus = (member: MemberItem) => {
    const disabling = member.status === UserStatus.ENABLED;
    modal.confirm({
      title: t(disabling ? 'members.disableConfirm' : 'members.enableConfirm', { name: nameOf(member) }),
      content: disabling ? t('members.disableConfirmText') : undefined,
      okText: disabling ? t('members.disable') : t('members.enable'),
      okButtonProps: disabling ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      onOk: () => setStatus.mutateAsync({ id: member.id, status: disabling ? 2 : 1 }),
    });
  };

  const confirmReset = (member: MemberItem) =>
    modal.confirm({
      title: t('members.resetConfirm', { name: nameOf(member) }),
      content: t('members.resetConfirmText'),
      okText: t('members.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: () => reset.mutateAsync(member),
    });

  const roleTags = (roles: string[]) => (
    <Space size={4} wrap>
      {roles.map((r) => (
        <Tag key={r} color={r === '企业管理员' ? 'green' : 'default'}>
          {t(`roles.${r}`, { defaultValue: r })}
        </Tag>
      ))}
    </Space>
  );
  const statusBadge = (m: MemberItem) => (
    <Badge
      status={m.status === UserStatus.ENABLED ? 'success' : 'default'}
      text={m.status === UserStatus.ENABLED ? t('members.enabled') : t('members.disabled')}
    />
  );
  const columns: TableProps<MemberItem>['columns'] = [
    {
      // On a phone the roles and the status sit under the member: their columns show from md up.
      title: t('members.member'),
      key: 'member',
      width: mobile ? undefined : 150,
      fixed: mobile ? undefined : 'left',
      render: (_, m) => (
        <Flex vertical gap={mobile ? 4 : 0}>
          <Typography.Text strong>
            {nameOf(m)}
            {m.id === user?.id ? t('members.you') : null}
          </Typography.Text>
          <Typography.Text type="secondary">{m.mobile}</Typography.Text>
          {mobile && m.division ? <Typography.Text type="secondary">{m.division.name}</Typography.Text> : null}
          {mobile ? roleTags(m.roles) : null}
          {mobile ? statusBadge(m) : null}
        </Flex>
      ),
    },
    // On a phone the division sits under the member (above).
    ...(mobile
      ? []
      : [
          {
            title: t('members.division'),
            key: 'division',
            width: 140,
            render: (_: unknown, m: MemberItem) =>
              m.division?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
          },
        ]),
    { title: t('members.roles'), key: 'roles', responsive: ['md'], render: (_, m) => roleTags(m.roles) },
    { title: t('members.status'), key: 'status', width: 90, responsive: ['md'], render: (_, m) => statusBadge(m) },
    { title: t('members.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, responsive: ['md'] },
    {
      title: t('members.actions'),
      key: 'actions',
      width: mobile ? 100 : 200,
      fixed: mobile ? undefined : 'right',
      render: (_, m) => {
        const self = m.id === user?.id;
        const actions = (
          <Space size={0} orientation={mobile ? 'vertical' : 'horizontal'} align="start">
            <Button
              type="link"
              size="small"
              danger={m.status === UserStatus.ENABLED}
              disabled={self}
              onClick={() => confirmStatus(m)}
            >
              {m.status === UserStatus.ENABLED ? t('members.disable') : t('members.enable')}
            </Button>
            <Button type="link" size="small" disabled={self} onClick={() => confirmReset(m)}>
              {t('members.resetPassword')}
            </Button>
          </Space>
        );
        return self ? <Tooltip title={t('members.selfHint')}>{actions}</Tooltip> : actions;
      },
    },
  ];

  return (
    <Card title={t('members.title')}>
      <ListToolbar
        onRefresh={() => void refresh()}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('members.add')}
          </Button>
        }
      >
        <KeywordSearch label={t('members.keyword')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          aria-label={t('members.statusFilter')}
          style={{ width: 140 }}
          value={query.status ?? 0}
          onChange={(status: number) => filter({ status: status || undefined })}
          options={[
            { value: 0, label: t('members.statusAll') },
            { value: UserStatus.ENABLED, label: t('members.enabled') },
            { value: UserStatus.DISABLED, label: t('members.disabled') },
          ]}
        />
      </ListToolbar>
      <Table<MemberItem>
        rowKey="id"
        columns={columns}
        dataSource={members.data?.list ?? []}
        loading={members.isFetching}
        scroll={mobile ? undefined : { x: 920 }}
        pagination={pagination(members.data?.total ?? 0, (total) => t('members.total', { total }))}
      />
      <AddMemberModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(member) => {
          setAdding(false);
          void refresh();
          setPassword({
            title: t('members.addedTitle'),
            intro: t('members.passwordFor', { name: nameOf(member), mobile: member.mobile }),
            password: member.initialPassword,
          });
        }}
      />
      <PasswordOnceModal value={password} onClose={() => setPassword(null)} />
    </Card>
  );
}
