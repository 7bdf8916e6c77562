import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { divisionSaveBody } from '@jcbb/contract';
import { organizationEndpoints } from '@jcbb/contract/organization.endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyOf } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { rulesFrom } from '../../../lib/zod-rules.ts';
import {
  accountApi,
  type Division,
  type DivisionSave,
  divisionsQuery,
  invalidateDivisions,
  membersQuery,
} from '../api.ts';
import { ACCOUNT_NS } from '../locales/register.ts';

interface DivisionValues {
  name: string;
  parentId?: number;
  leaderId?: number;
}

interface AssignValues {
  memberId: number;
  divisionId: number;
}

/** 0 in the division choice: out of any division. */
const NONE = 0;

/** Every division below `id` (to keep a division from moving under itself). */
function descendants(list: Division[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of list) {
      if (d.parentId !== null && out.has(d.parentId) && !out.has(d.id)) {
        out.add(d.id);
        grew = true;
      }
    }
  }
  return out;
}

/** How deep a division sits (0 for a top-level one), for the indented names. */
function depthOf(list: Division[], d: Division): number {
  const byId = new Map(list.map((x) => [x.id, x]));
  let depth = 0;
  for (let at = d.parentId; at !== null && depth < 20; at = byId.get(at)?.parentId ?? null) depth += 1;
  return depth;
}

/**
 * The organisation's divisions (部门) and who is in them: every member reads them; an enterprise administrator
 * creates, edits and deletes them and moves members between them (a division with members or sub-divisions is not
 * deleted: the server says why).
 */
export function DivisionsPanel({ admin }: { admin: boolean }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { message, modal } = App.useApp();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const divisions = useQuery(divisionsQuery());
  const members = useQuery({ ...membersQuery(), enabled: admin });
  const [editing, setEditing] = useState<Division | 'new' | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [form] = Form.useForm<DivisionValues>();
  const [assignForm] = Form.useForm<AssignValues>();
  const refresh = () => invalidateDivisions(queryClient, keyOf(organizationEndpoints.members));

  const list = divisions.data?.list ?? [];
  const memberOptions = (members.data?.list ?? []).map((m) => ({
    value: m.id,
    label: m.division ? `${m.realName ?? m.username}（${m.division.name}）` : (m.realName ?? m.username),
  }));

  const save = useMutation({
    mutationFn: (values: DivisionValues) => {
      const body: DivisionSave = {
        name: values.name,
        parentId: values.parentId ?? null,
        leaderId: values.leaderId ?? null,
      };
      return editing && editing !== 'new'
        ? accountApi.updateDivision(editing.id, body)
        : accountApi.createDivision(body);
    },
    onSuccess: () => {
      setEditing(null);
      void message.success(t('divisions.saved'));
      void refresh();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) void message.error(error.message);
    },
  });
  const remove = useMutation({
    mutationFn: (d: Division) => accountApi.deleteDivision(d.id),
    onSuccess: () => {
      void message.success(t('divisions.deleted'));
      void refresh();
    },
  });
  const assign = useMutation({
    mutationFn: (values: AssignValues) =>
      accountApi.assign(values.memberId, values.divisionId === NONE ? null : values.divisionId),
    onSuccess: (_data, values) => {
      setAssigning(false);
      const member = members.data?.list.find((m) => m.id === values.memberId);
      const name = member ? (member.realName ?? member.username) : '';
      void message.success(t('divisions.assignDone', { name }));
      void refresh();
    },
  });

  const openEdit = (d: Division | 'new') => {
    form.resetFields();
    if (d !== 'new') form.setFieldsValue({ name: d.name, parentId: d.parentId ?? undefined, leaderId: d.leader?.id });
    setEditing(d);
  };
  const confirmDelete = (d: Division) =>
    modal.confirm({
      title: t('divisions.deleteTitle', { name: d.name }),
      content: t('divisions.deleteHint'),
      okText: t('divisions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('divisions.cancel'),
      onOk: () => remove.mutateAsync(d),
    });

  const excluded = editing && editing !== 'new' ? descendants(list, editing.id) : new Set<number>();
  const parentOptions = list.filter((d) => !excluded.has(d.id)).map((d) => ({ value: d.id, label: d.name }));

  const memberTags = (d: Division) =>
    d.members.length === 0 ? (
      <Typography.Text type="secondary">{t('divisions.noMembers')}</Typography.Text>
    ) : (
      <Space size={4} wrap>
        {d.members.map((m) => (
          <Tag key={m.id}>{m.name}</Tag>
        ))}
      </Space>
    );

  const columns: TableProps<Division>['columns'] = [
    {
      title: t('divisions.name'),
      key: 'name',
      render: (_, d) => (
        <Flex vertical gap={4} style={{ paddingLeft: depthOf(list, d) * 16 }}>
          <Typography.Text strong>{d.name}</Typography.Text>
          {mobile ? (
            <Typography.Text type="secondary">
              {t('divisions.leader')}：{d.leader?.name ?? t('divisions.leaderNone')}
            </Typography.Text>
          ) : null}
          {mobile ? memberTags(d) : null}
        </Flex>
      ),
    },
    {
      title: t('divisions.parent'),
      key: 'parent',
      responsive: ['md'],
      render: (_, d) => d.parentName ?? '—',
    },
    {
      title: t('divisions.leader'),
      key: 'leader',
      responsive: ['md'],
      render: (_, d) =>
        d.leader?.name ?? <Typography.Text type="secondary">{t('divisions.leaderNone')}</Typography.Text>,
    },
    { title: t('divisions.members'), key: 'members', responsive: ['md'], render: (_, d) => memberTags(d) },
    ...(admin
      ? [
          {
            title: t('divisions.actions'),
            key: 'actions',
            width: mobile ? 80 : 140,
            render: (_: unknown, d: Division) => (
              <Space size={0} orientation={mobile ? 'vertical' : 'horizontal'} align="start">
                <Button type="link" size="small" onClick={() => openEdit(d)}>
                  {t('divisions.rename')}
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete(d)}>
                  {t('divisions.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('divisions.intro')}</Typography.Text>
      {admin ? (
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEdit('new')}>
            {t('divisions.add')}
          </Button>
          <Button
            icon={<SwapOutlined />}
            disabled={list.length === 0}
            onClick={() => {
              assignForm.resetFields();
              setAssigning(true);
            }}
          >
            {t('divisions.assign')}
          </Button>
        </Space>
      ) : (
        <Alert type="info" showIcon message={t('divisions.adminOnly')} />
      )}
      <Table<Division>
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={divisions.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty description={t('divisions.empty')} /> }}
      />

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('divisions.add') : t('divisions.edit')}
        okText={t('divisions.ok')}
        cancelText={t('divisions.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<DivisionValues> form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="name" label={t('divisions.name')} rules={rulesFrom(divisionSaveBody, 'name')}>
            <Input placeholder={t('divisions.namePlaceholder')} maxLength={50} />
          </Form.Item>
          <Form.Item name="parentId" label={t('divisions.parent')}>
            <Select allowClear placeholder={t('divisions.parentNone')} options={parentOptions} />
          </Form.Item>
          <Form.Item name="leaderId" label={t('divisions.leader')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('divisions.leaderNone')}
              options={memberOptions}
            />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={assigning}
        title={t('divisions.assign')}
        okText={t('divisions.ok')}
        cancelText={t('divisions.cancel')}
        confirmLoading={assign.isPending}
        onOk={() => assignForm.submit()}
        onCancel={() => setAssigning(false)}
        destroyOnHidden
      >
        <Form<AssignValues> form={assignForm} layout="vertical" onFinish={(values) => assign.mutate(values)}>
          <Form.Item
            name="memberId"
            label={t('divisions.assignMember')}
            rules={[{ required: true, message: t('divisions.assignMemberPlaceholder') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('divisions.assignMemberPlaceholder')}
              options={memberOptions}
            />
          </Form.Item>
          <Form.Item
            name="divisionId"
            label={t('divisions.assignDivision')}
            rules={[{ required: true, message: t('divisions.assignDivision') }]}
          >
            <Select
              options={[
                ...list.map((d) => ({ value: d.id, label: d.name })),
                { value: NONE, label: t('divisions.assignOut') },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
