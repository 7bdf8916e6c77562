import { projectRoleLabels, Role } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { ApiError } from '../../../lib/http.ts';
import { labelOptions } from '../../../lib/labels.ts';
import { useSession } from '../../../lib/session.ts';
import { invalidateProjects, type ProjectDetail, type ProjectOrg, projectMutations, projectQueries } from '../api.ts';
import { PROJECT_NS } from '../locales/register.ts';
import { projectLabels } from './labels.ts';

const STATUS_COLORS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'default', 4: 'default' };

/**
 * The project's member organisations (spec §2 /project detail): each with its status, leader and people. The developer
 * invites and removes organisations; each member organisation's 企业管理员 adds its people and names its leader.
 */
export function TeamPanel({ project }: { project: ProjectDetail }) {
  const { t, i18n } = useTranslation(PROJECT_NS);
  const english = i18n.language.startsWith('en');
  const labels = projectLabels(english);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const user = useSession().user;
  const admin = user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const myOrg = user?.companyId ?? null;
  const orgs = useQuery(projectQueries.orgs(project.id));
  const [inviting, setInviting] = useState(false);
  const [adding, setAdding] = useState(false);
  const developer = project.access === 'developer';
  const done = (text: string) => () => {
    message.success(text);
    void invalidateProjects(queryClient);
  };
  const removeOrg = useMutation({ ...projectMutations.removeOrg, onSuccess: done(t('team.removed')) });
  const setLeader = useMutation({ ...projectMutations.setLeader, onSuccess: done(t('team.leaderSet')) });
  const removeMember = useMutation({ ...projectMutations.removeMember, onSuccess: done(t('team.removed')) });

  const confirmRemove = (o: ProjectOrg) =>
    modal.confirm({
      title: t('team.removeTitle', { name: o.orgName }),
      content: t('team.removeText'),
      okText: t('team.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => removeOrg.mutateAsync({ projectId: project.id, orgId: o.orgId }).catch(() => undefined),
    });

  const mine = (o: ProjectOrg) => o.orgId === myOrg && o.status === 2 && project.access !== 'committee';
  const visible = (orgs.data ?? []).filter((o) => o.status === 1 || o.status === 2);

  return (
    <Card
      title={t('team.title')}
      extra={
        developer && admin ? (
          <Button type="primary" onClick={() => setInviting(true)}>
            {t('team.invite')}
          </Button>
        ) : undefined
      }
    >
      <ItemList
        items={visible}
        loading={orgs.isFetching}
        rowKey={(o) => o.orgId}
        emptyText={t('team.noMembers')}
        renderItem={(o) => (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Space size={6} wrap>
              <Typography.Text strong>{o.orgName}</Typography.Text>
              <Tag>{labels.orgType(o.orgType)}</Tag>
              <Tag color={STATUS_COLORS[o.status]}>{labels.membership(o.status)}</Tag>
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('team.leader')}：{o.leader ? `${o.leader.realName ?? ''} ${o.leader.mobile}` : t('team.noLeader')}
            </Typography.Text>
            {o.members.length > 0 && (
              <Flex wrap gap={6} data-testid={`members-${o.orgId}`}>
                {o.members.map((m) => (
                  <Tag key={m.userId} color={m.role === 'leader' ? 'blue' : undefined}>
                    {m.realName ?? m.mobile} · {labels.role(m.role)}
                    {mine(o) && admin && m.role !== 'leader' && (
                      <>
                        {' '}
                        <Typography.Link
                          style={{ fontSize: 12 }}
                          onClick={() => setLeader.mutate({ projectId: project.id, userId: m.userId })}
                        >
                          {t('team.setLeader')}
                        </Typography.Link>{' '}
                        <Typography.Link
                          type="danger"
                          style={{ fontSize: 12 }}
                          onClick={() => removeMember.mutate({ projectId: project.id, userId: m.userId })}
                        >
                          {t('team.takeOff')}
                        </Typography.Link>
                      </>
                    )}
                  </Tag>
                ))}
              </Flex>
            )}
          </Space>
        )}
        actions={(o) => (
          <Space>
            {mine(o) && admin && (
              <Button size="small" onClick={() => setAdding(true)}>
                {t('team.addPeople')}
              </Button>
            )}
            {developer && admin && o.orgId !== project.developerOrgId && (
              <Button size="small" danger onClick={() => confirmRemove(o)}>
                {t('team.remove')}
              </Button>
            )}
          </Space>
        )}
      />
      {inviting && <InviteModal projectId={project.id} onClose={() => setInviting(false)} />}
      {adding && (
        <AddPeopleModal
          projectId={project.id}
          witnessAllowed={user?.organization?.type === 1 || user?.organization?.type === 3}
          hasLeader={visible.some((o) => o.orgId === myOrg && o.leader !== null)}
          english={english}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}

function InviteModal({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation(PROJECT_NS);
  const labels = projectLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ ...projectQueries.searchOrgs(projectId, keyword), enabled: keyword.length > 0 });
  const invite = useMutation({
    ...projectMutations.invite,
    onSuccess: () => {
      message.success(t('team.invited'));
      void invalidateProjects(queryClient);
    },
  });
  return (
    <Modal open title={t('team.inviteTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        aria-label={t('team.searchOrg')}
        placeholder={t('team.searchOrg')}
        allowClear
        maxLength={50}
        enterButton
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0' }}>
        {t('team.searchHint')}
      </Typography.Paragraph>
      {keyword && (
        <ItemList
          items={found.data ?? []}
          loading={found.isFetching}
          rowKey={(o) => o.orgId}
          emptyText={t('team.noOrg')}
          renderItem={(o) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text>{o.orgName}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {labels.orgType(o.orgType)} · {o.creditCode ?? ''}
              </Typography.Text>
            </Space>
          )}
          actions={(o) =>
            o.status === 1 || o.status === 2 ? (
              <Tag>{labels.membership(o.status)}</Tag>
            ) : (
              <Button
                size="small"
                type="primary"
                loading={invite.isPending && invite.variables?.orgId === o.orgId}
                onClick={() => invite.mutate({ projectId, orgId: o.orgId })}
              >
                {t('team.inviteOne')}
              </Button>
            )
          }
        />
      )}
    </Modal>
  );
}

function AddPeopleModal({
  projectId,
  witnessAllowed,
  hasLeader,
  english,
  onClose,
}: {
  projectId: number;
  witnessAllowed: boolean;
  hasLeader: boolean;
  english: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(PROJECT_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ userIds: number[]; role: string }>();
  const candidates = useQuery(projectQueries.candidates(projectId));
  const roles = labelOptions(projectRoleLabels, english).filter(
    (o) => (o.value !== 'witness' || witnessAllowed) && (o.value !== 'leader' || !hasLeader),
  );
  const add = useMutation({
    ...projectMutations.addMembers,
    onError: (error) => {
      if (error instanceof ApiError) {
        const first = Object.values(error.fieldErrors)[0];
        if (first) form.setFields([{ name: 'userIds', errors: [first] }]);
      }
    },
  });
  const leader = useMutation({ ...projectMutations.setLeader });
  const submit = async (v: { userIds: number[]; role: string }) => {
    if (v.role === 'leader') {
      await leader.mutateAsync({ projectId, userId: v.userIds[0] as number });
    } else {
      await add.mutateAsync({
        projectId,
        members: v.userIds.map((userId) => ({ userId, role: v.role as 'member' })),
      });
    }
    message.success(t('team.added'));
    void invalidateProjects(queryClient);
    onClose();
  };
  const none = candidates.isSuccess && candidates.data.length === 0;
  return (
    <Modal
      open
      title={t('team.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: none, loading: add.isPending || leader.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.noCandidates')} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: hasLeader ? 'member' : 'leader', userIds: [] }}
          onFinish={(v) => void submit(v).catch(() => undefined)}
        >
          <Form.Item
            name="userIds"
            label={t('team.person')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.choose', { label: t('team.person') }) }]}
          >
            <Select
              mode="multiple"
              aria-label={t('team.person')}
              loading={candidates.isFetching}
              options={(candidates.data ?? []).map((c) => ({
                value: c.userId,
                label: `${c.realName ?? c.username} ${c.mobile}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="role"
            label={t('team.role')}
            dependencies={['userIds']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, role) =>
                  role === 'leader' && (getFieldValue('userIds') ?? []).length > 1
                    ? Promise.reject(new Error(t('team.oneLeader')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Select aria-label={t('team.role')} options={roles} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
