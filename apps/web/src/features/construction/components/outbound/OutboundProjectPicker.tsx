import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { positiveId } from '../../../../lib/record-id.ts';
import { useSession } from '../../../../lib/session.ts';
import { projectQueries } from '../../../project/public.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** Enough for a construction unit's projects in one picker. */
const PROJECT_PICKER_SIZE = 100;

/**
 * The project an issue page shows (`?projectId=` of the address), chosen among the projects the caller's
 * organisation works on; the page opens on the first of them. Answers the id (null until known), the picker for the
 * page's tools, and whether the projects have been read (an empty answer: no project).
 */
export function useOutboundProject(): {
  projectId: number | null;
  picker: ReactNode;
  loaded: boolean;
  error: Error | null;
} {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const orgType = useSession().user?.organization?.type ?? undefined;
  const [params, setParams] = useSearchParams();
  const projectId = positiveId(params.get('projectId'));
  const projects = useQuery(projectQueries.mine({ take: PROJECT_PICKER_SIZE, skip: 0, type: 1, orgType }));
  const list = projects.data?.list ?? [];
  const first = list[0]?.id;

  const choose = (id: number, replace = false) => {
    const next = new URLSearchParams(params);
    next.set('projectId', String(id));
    setParams(next, { replace });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice is missing, not on every render
  useEffect(() => {
    if (projectId === null && first !== undefined) choose(first, true);
  }, [projectId, first]);

  const picker = (
    <Select<number>
      aria-label={t('outbound.common.project')}
      placeholder={t('outbound.common.chooseProject')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={projects.isFetching}
      value={projectId ?? undefined}
      onChange={(id) => choose(id)}
      style={{ width: 280, maxWidth: '100%' }}
      options={list.map((p) => ({ value: p.id, label: p.name }))}
    />
  );
  return { projectId, picker, loaded: projects.data !== undefined, error: projects.error };
}
