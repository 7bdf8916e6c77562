import { OrgType } from '@jcbb/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { positiveId } from '../../../../lib/record-id.ts';
import { useSession } from '../../../../lib/session.ts';
import { projectQueries } from '../../../project/public.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** Enough for an organisation's projects in one picker. */
const PROJECT_PICKER_SIZE = 100;

/**
 * The project of the import and export pages: `?projectId=` of the address, chosen among the projects the
 * organisation takes part in (the first one when the address names none). The city's committee, which takes part in
 * none, arrives from a project's detail with the address naming it: its name is shown.
 */
export function useSiteProject(): { projectId: number | null; projectName: string | null; picker: ReactNode } {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const [params, setParams] = useSearchParams();
  const projectId = positiveId(params.get('projectId'));
  const orgType = useSession().user?.organization?.type ?? null;
  const committee = orgType === OrgType.GOVERNMENT;
  const member = orgType !== null && !committee;
  const projects = useQuery({
    ...projectQueries.mine({ take: PROJECT_PICKER_SIZE, skip: 0, type: 1, orgType: orgType ?? undefined }),
    enabled: member,
  });
  const list = projects.data?.list ?? [];
  const listed = list.find((p) => p.id === projectId);
  const detail = useQuery({ ...projectQueries.detail(projectId ?? 0), enabled: projectId !== null && committee });
  const first = list[0]?.id;
  const choose = (id: number, replace = false) => {
    const next = new URLSearchParams(params);
    next.set('projectId', String(id));
    setParams(next, { replace });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice is missing, not on every render
  useEffect(() => {
    if (member && projectId === null && first !== undefined) choose(first, true);
  }, [member, projectId, first]);

  const picker = member ? (
    <Select
      aria-label={t('stockXlsx.project')}
      style={{ width: '100%', maxWidth: 420 }}
      placeholder={
        projects.isLoading ? undefined : list.length === 0 ? t('stockXlsx.noProject') : t('stockXlsx.chooseProject')
      }
      loading={projects.isLoading}
      value={listed ? projectId : undefined}
      options={list.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: number) => choose(id)}
      showSearch={{ optionFilterProp: 'label' }}
    />
  ) : (
    <Typography.Text strong>{detail.data?.name ?? ''}</Typography.Text>
  );
  return {
    projectId: member ? (listed ? projectId : null) : projectId,
    projectName: member ? (listed?.name ?? null) : (detail.data?.name ?? null),
    picker,
  };
}
