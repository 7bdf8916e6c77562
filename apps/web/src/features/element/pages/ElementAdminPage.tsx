import { EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ElementItem, Scenario, UseStatus } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { type AdminGroupItem, adminGroupQuery, adminGroupsQuery, elementApi, invalidateElements } from '../api.ts';
import { CitySelect, NATIONWIDE } from '../components/CitySelect.tsx';
import { ElementModal } from '../components/ElementModal.tsx';
import { ElementTable } from '../components/ElementTable.tsx';
import { FormPreviewDrawer } from '../components/FormPreviewDrawer.tsx';
import { GroupModal, scenarioOptions } from '../components/GroupModal.tsx';
import { GroupTable } from '../components/GroupTable.tsx';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';

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
          <GroupTable
            title={`${city.name} · ${t('admin.groups')}`}
            groups={ownGroups}
            loading={groups.isFetching}
            selectedId={selected?.id ?? null}
            mobile={mobile}
            onSelect={(g) => setGroupId(g.id)}
            onAdd={() => setGroupModal({ open: true, group: null })}
            onEdit={(g) => setGroupModal({ open: true, group: g })}
            onToggle={(g) => toggle(g.name, g.useStatus, (useStatus) => groupStatus.mutate({ id: g.id, useStatus }))}
          />
        </Col>
        <Col xs={24} lg={15}>
          <ElementTable
            group={selected}
            elements={group.data?.elements ?? []}
            loading={group.isFetching}
            mobile={mobile}
            onAdd={() => setElementModal({ open: true, element: null })}
            onEdit={(e) => setElementModal({ open: true, element: e })}
            onToggle={(e) => toggle(e.name, e.useStatus, (useStatus) => elementStatus.mutate({ id: e.id, useStatus }))}
          />
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
