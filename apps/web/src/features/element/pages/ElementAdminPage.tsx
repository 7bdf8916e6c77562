import { EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ElementItem, fieldTypeLabels, Scenario, UseStatus } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../layout/use-mobile.ts';
import { type AdminGroupItem, adminGroupQuery, adminGroupsQuery, elementApi, invalidateElements } from '../api.ts';
import { CitySelect, NATIONWIDE } from '../components/CitySelect.tsx';
import { ElementModal } from '../components/ElementModal.tsx';
import { FormPreviewDrawer } from '../components/FormPreviewDrawer.tsx';
import { GroupModal, scenarioOptions } from '../components/GroupModal.tsx';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('element');
  return status === UseStatus.ENABLED ? (
    <Tag color="green">{t('admin.enabled')}</Tag>
  ) : (
    <Tag>{t('admin.disabled')}</Tag>
  );
}

/**
 * /admin/elements: the platform administrator's 表单要素. Attribute groups per city (or 全国, part of every city's
 * form) and scenario; a chosen group's elements with their type, required flag, demand-standard flag and options;
 * create, edit, enable and disable; and a preview of the city's form as manufacturers will fill it.
 */
export function ElementAdminPage() {
  const { t } = useTranslation('element');
  const mobile = useIsMobile();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [city, setCity] = useState<{ code: string; name: string }>({ code: NATIONWIDE, name: t('admin.nationwide') });
  const [scenario, setScenario] = useState<number>(Scenario.WAREHOUSING_FORM);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [groupModal, setGroupModal] = useState<{ open: boolean; group: AdminGroupItem | null }>({
    open: false,
    group: null,
  });
  const [elementModal, setElementModal] = useState<{ open: boolean; element: ElementItem | null }>({
    open: false,
    element: null,
  });
  const [previewing, setPreviewing] = useState(false);

  const nationwide = city.code === NATIONWIDE;
  const groupQuery = nationwide ? { nationwide: true, scenario } : { cityCode: city.code, scenario };
  const groups = useQuery(adminGroupsQuery(groupQuery));
  // The nationwide query answers only nationwide groups; a city's may include them too: show the city's own here.
  const ownGroups = (groups.data ?? []).filter((g) => (nationwide ? g.cityCode === null : g.cityCode === city.code));
  // The chosen group, else the first one, so the elements show without an extra click.
  const selected = ownGroups.find((g) => g.id === groupId) ?? ownGroups[0] ?? null;
  const group = useQuery({
    ...adminGroupQuery(selected?.id ?? 0),
    enabled: selected !== null,
  });

  const refresh = () => invalidateElements(queryClient);

  const groupStatus = useMutation({
    mutationFn: ({ id, useStatus }: { id: number; useStatus: number }) => elementApi.setGroupUseStatus(id, useStatus),
    onSuccess: (_saved, v) => {
      message.success(t('admin.statusChanged', { status: v.useStatus === 1 ? t('admin.enable') : t('admin.disable') }));
      void refresh();
    },
  });
  const elementStatus = useMutation({
    mutationFn: ({ id, useStatus }: { id: number; useStatus: number }) => elementApi.setElementUseStatus(id, useStatus),
    onSuccess: (_saved, v) => {
      message.success(t('admin.statusChanged', { status: v.useStatus === 1 ? t('admin.enable') : t('admin.disable') }));
      void refresh();
    },
  });

  const toggle = (name: string, useStatus: number, run: (next: number) => void) => {
    if (useStatus === UseStatus.ENABLED) {
      modal.confirm({
        title: t('admin.confirmDisable', { name }),
        content: t('admin.confirmDisableText'),
        okText: t('admin.disable'),
        okButtonProps: { danger: true },
        cancelText: t('admin.cancel'),
        onOk: () => run(UseStatus.DISABLED),
      });
    } else run(UseStatus.ENABLED);
  };

  const groupColumns: TableProps<AdminGroupItem>['columns'] = [
    {
      title: t('admin.groupName'),
      key: 'name',
      render: (_, g) => (
        <Typography.Text
          strong={g.id === selected?.id}
          type={g.useStatus === UseStatus.ENABLED ? undefined : 'secondary'}
        >
          {g.name}
        </Typography.Text>
      ),
    },
    {
      title: t('admin.elementCount'),
      dataIndex: 'elementCount',
      key: 'count',
      width: 64,
      align: 'center',
      responsive: ['md'],
    },
    { title: t('admin.status'), key: 'status', width: 64, render: (_, g) => <StatusTag status={g.useStatus} /> },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: mobile ? 64 : 100,
      render: (_, g) => (
        <Space size={0} orientation={mobile ? 'vertical' : 'horizontal'} onClick={(e) => e.stopPropagation()}>
          <Button type="link" size="small" onClick={() => setGroupModal({ open: true, group: g })}>
            {t('admin.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger={g.useStatus === UseStatus.ENABLED}
            onClick={() => toggle(g.name, g.useStatus, (useStatus) => groupStatus.mutate({ id: g.id, useStatus }))}
          >
            {g.useStatus === UseStatus.ENABLED ? t('admin.disable') : t('admin.enable')}
          </Button>
        </Space>
      ),
    },
  ];

  const optionsCell = (e: ElementItem) =>
    e.elementEnumList.length > 0 ? (
      <Space size={[4, 4]} wrap>
        {[...e.elementEnumList]
          .sort((a, b) => a.sort - b.sort)
          .map((o) => (
            <Tag key={o.enumId} color={e.govProcurement && o.meetsStandard ? 'green' : undefined}>
              {o.label}
              {e.govProcurement && o.meetsStandard ? ` · ${t('admin.meetsStandard')}` : ''}
            </Tag>
          ))}
      </Space>
    ) : e.standardMin !== null ? (
      <Typography.Text type="secondary">{t('form.standardMin', { min: e.standardMin })}</Typography.Text>
    ) : (
      '—'
    );
  const typeName = (e: ElementItem) => fieldTypeLabels[e.displayType] ?? e.displayTypeName;

  // On a phone the element's type, options and status sit under its name: their columns show from md up.
  const elementColumns: TableProps<ElementItem>['columns'] = [
    { title: t('admin.sort'), dataIndex: 'sort', key: 'sort', width: 56, align: 'center', responsive: ['md'] },
    {
      // Required is a tag beside the name, not a column: with one, the table no longer fit its half of the page.
      title: t('admin.elementName'),
      key: 'name',
      width: mobile ? undefined : 190,
      render: (_, e) => (
        <Flex vertical gap={4}>
          <Space size={4} wrap>
            <span>{e.name}</span>
            {e.required === 1 && <Tag color="red">{t('admin.requiredYes')}</Tag>}
            {e.govProcurement && <Tag color="gold">{t('form.govProcurement')}</Tag>}
          </Space>
          {mobile ? (
            <>
              <Space size={4}>
                <Typography.Text type="secondary">{typeName(e)}</Typography.Text>
                <StatusTag status={e.useStatus} />
              </Space>
              {e.elementEnumList.length > 0 || e.standardMin !== null ? optionsCell(e) : null}
            </>
          ) : null}
        </Flex>
      ),
    },
    { title: t('admin.displayType'), key: 'type', width: 100, responsive: ['md'], render: (_, e) => typeName(e) },
    { title: t('admin.options'), key: 'options', responsive: ['md'], render: (_, e) => optionsCell(e) },
    {
      title: t('admin.status'),
      key: 'status',
      width: 72,
      responsive: ['md'],
      render: (_, e) => <StatusTag status={e.useStatus} />,
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: mobile ? 64 : 110,
      fixed: mobile ? undefined : 'right',
      render: (_, e) => (
        <Space size={0} orientation={mobile ? 'vertical' : 'horizontal'}>
          <Button type="link" size="small" onClick={() => setElementModal({ open: true, element: e })}>
            {t('admin.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger={e.useStatus === UseStatus.ENABLED}
            onClick={() => toggle(e.name, e.useStatus, (useStatus) => elementStatus.mutate({ id: e.id, useStatus }))}
          >
            {e.useStatus === UseStatus.ENABLED ? t('admin.disable') : t('admin.enable')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <PageCard
      title={t('admin.title')}
      tools={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
            {t('admin.refresh')}
          </Button>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
            {t('admin.preview')}
          </Button>
        </Space>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <CitySelect
          aria-label={t('admin.city')}
          withNationwide
          value={city.code}
          onChange={(code, name) => {
            setCity({ code, name });
            setGroupId(null);
          }}
        />
        <Select
          aria-label={t('admin.scenario')}
          style={{ width: 160 }}
          value={scenario}
          options={scenarioOptions}
          onChange={(next: number) => {
            setScenario(next);
            setGroupId(null);
          }}
        />
      </Flex>
      {scenario === Scenario.CUSTOM_APPROVAL_FLOW && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin.approvalFlowHint')} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card
            type="inner"
            size="small"
            title={`${city.name} · ${t('admin.groups')}`}
            extra={
              <Button
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setGroupModal({ open: true, group: null })}
              >
                {t('admin.addGroup')}
              </Button>
            }
          >
            <Table<AdminGroupItem>
              rowKey="id"
              size="small"
              columns={groupColumns}
              dataSource={ownGroups}
              loading={groups.isFetching}
              pagination={false}
              scroll={mobile ? undefined : { x: 340 }}
              locale={{ emptyText: t('admin.noGroups') }}
              onRow={(g) => ({ onClick: () => setGroupId(g.id), style: { cursor: 'pointer' } })}
              rowClassName={(g) => (g.id === selected?.id ? 'ant-table-row-selected' : '')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card
            type="inner"
            size="small"
            title={selected ? `${selected.name} · ${t('admin.elements')}` : t('admin.elements')}
            extra={
              selected && (
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setElementModal({ open: true, element: null })}
                >
                  {t('admin.addElement')}
                </Button>
              )
            }
          >
            {selected ? (
              <Table<ElementItem>
                rowKey="id"
                size="small"
                columns={elementColumns}
                dataSource={[...(group.data?.elements ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id)}
                loading={group.isFetching}
                pagination={false}
                scroll={mobile ? undefined : { x: 600 }}
                locale={{ emptyText: t('admin.noElements') }}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.chooseGroup')} />
            )}
          </Card>
        </Col>
      </Row>
      <GroupModal
        open={groupModal.open}
        group={groupModal.group}
        cityCode={nationwide ? null : city.code}
        scenario={scenario}
        onClose={() => setGroupModal({ open: false, group: null })}
        onSaved={(id) => {
          setGroupModal({ open: false, group: null });
          setGroupId(id);
          void refresh();
        }}
      />
      {selected && (
        <ElementModal
          open={elementModal.open}
          groupId={selected.id}
          element={elementModal.element}
          approvalForm={selected.scenario === Scenario.CUSTOM_APPROVAL_FLOW}
          onClose={() => setElementModal({ open: false, element: null })}
          onSaved={() => {
            setElementModal({ open: false, element: null });
            void refresh();
          }}
        />
      )}
      <FormPreviewDrawer
        open={previewing}
        cityCode={city.code}
        cityName={city.name}
        scenario={scenario}
        onClose={() => setPreviewing(false)}
      />
    </PageCard>
  );
}
