import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Form, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { type Receiver, shipQueries, type TrackProject } from '../../ship-api.ts';
import type { WizardValues } from './wizard-values.ts';

/** What the wizard knows of the chosen destination, for the address step and the review. */
export interface PickedDestination {
  name: string;
  detail?: string;
  /** A project's own site address (shown, not chosen). */
  address?: string;
}

/** ① The destination: an organisation (a distributor or construction unit) or a project's site. */
export function DestinationStep({
  locked,
  picked,
  onPick,
}: {
  locked: boolean;
  picked: PickedDestination | null;
  onPick: (picked: PickedDestination | null) => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const form = Form.useFormInstance<WizardValues>();
  const kind = Form.useWatch('destKind', form) as WizardValues['destKind'] | undefined;
  const [orgSearch, setOrgSearch] = useState('');
  const [projectSearch, setProjectSearch] = useState('');
  const receivers = useQuery({
    ...shipQueries.receivers(orgSearch || undefined),
    placeholderData: keepPreviousData,
    enabled: kind === 'org' && !locked,
  });
  const projects = useQuery({
    ...shipQueries.projects(projectSearch || undefined),
    placeholderData: keepPreviousData,
    enabled: kind === 'project' && !locked,
  });
  const orgId = Form.useWatch('orgId', form) as number | undefined;
  const projectId = Form.useWatch('projectId', form) as number | undefined;
  const orgOptions = (receivers.data?.list ?? []).map((o: Receiver) => ({
    value: o.id,
    label: `${o.name}（${o.orgTypeName}）`,
  }));
  if (orgId && picked && !orgOptions.some((o) => o.value === orgId))
    orgOptions.push({ value: orgId, label: picked.name });
  const projectRows = projects.data?.list ?? [];
  const projectOptions = projectRows.map((p: TrackProject) => ({ value: p.id, label: p.name, project: p }));
  const knownProject = projectId && picked && !projectOptions.some((o) => o.value === projectId);

  const choose = (label: string) => ({ required: true, message: t('form.choose', { label }) });
  return (
    <>
      <Form.Item name="destKind" label={t('wizard.destKind')}>
        <Radio.Group
          disabled={locked}
          optionType="button"
          options={[
            { value: 'org', label: t('wizard.toOrg') },
            { value: 'project', label: t('wizard.toProject') },
          ]}
          onChange={() => {
            form.setFieldsValue({ orgId: undefined, projectId: undefined, toAddressId: undefined });
            onPick(null);
          }}
        />
      </Form.Item>
      {kind === 'org' && (
        <Form.Item name="orgId" label={t('wizard.org')} rules={[choose(t('wizard.org'))]} extra={t('wizard.orgHelp')}>
          <Select
            aria-label={t('wizard.org')}
            disabled={locked}
            showSearch={{ filterOption: false, onSearch: (text) => setOrgSearch(text.trim().slice(0, 50)) }}
            loading={receivers.isFetching}
            options={orgOptions}
            placeholder={t('wizard.orgPlaceholder')}
            notFoundContent={receivers.isFetching ? undefined : t('wizard.noOrg')}
            onChange={(id: number) => {
              const o = receivers.data?.list.find((r) => r.id === id);
              form.setFieldValue('toAddressId', undefined);
              onPick(o ? { name: o.name, detail: o.orgTypeName } : null);
            }}
          />
        </Form.Item>
      )}
      {kind === 'project' && (
        <Form.Item name="projectId" label={t('wizard.project')} rules={[choose(t('wizard.project'))]}>
          <Select
            aria-label={t('wizard.project')}
            disabled={locked}
            showSearch={{ filterOption: false, onSearch: (text) => setProjectSearch(text.trim().slice(0, 50)) }}
            loading={projects.isFetching}
            options={knownProject ? [...projectOptions, { value: projectId, label: picked.name }] : projectOptions}
            optionRender={(option) => {
              const p = (option.data as { project?: TrackProject }).project;
              return (
                <Space orientation="vertical" size={0} style={{ whiteSpace: 'normal' }}>
                  <span>{option.label}</span>
                  {p && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.regionName} · {p.developerName}
                    </Typography.Text>
                  )}
                </Space>
              );
            }}
            placeholder={t('wizard.projectPlaceholder')}
            notFoundContent={projects.isFetching ? undefined : t('wizard.noProject')}
            onChange={(id: number) => {
              const p = projectRows.find((r) => r.id === id);
              onPick(
                p
                  ? {
                      name: p.name,
                      detail: `${p.regionName} · ${t('wizard.developer')} ${p.developerName}`,
                      address: `${p.regionName} ${p.address}`,
                    }
                  : null,
              );
            }}
          />
        </Form.Item>
      )}
      {picked && (kind === 'project' ? projectId : orgId) && (
        <Card size="small" style={{ maxWidth: 640 }}>
          <Typography.Text strong>{picked.name}</Typography.Text>
          {picked.detail && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {picked.detail}
            </Typography.Paragraph>
          )}
          {picked.address && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {picked.address}
            </Typography.Paragraph>
          )}
        </Card>
      )}
    </>
  );
}
