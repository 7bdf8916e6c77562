import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
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
 * The project a site page shows, kept in the address (`?projectId=`) so a link or a reload opens the same one; the
 * page opens on the organisation's first project (the 暂无项目 guard let it in, so there is one). Answers the id
 * (null until known), its name and the picker.
 */
export function useSiteProject(): {
  projectId: number | null;
  projectName: string;
  picker: ReactNode;
  failed: string | null;
} {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const orgType = useSession().user?.organization?.type;
  const [params, setParams] = useSearchParams();
  const projectId = positiveId(params.get('projectId'));
  const projects = useQuery(
    projectQueries.mine({ take: PROJECT_PICKER_SIZE, skip: 0, type: 1, orgType: orgType ?? undefined }),
  );
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
      aria-label={t('spotCheck.project')}
      placeholder={t('spotCheck.noProject')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={projects.isFetching}
      value={projectId ?? undefined}
      onChange={(id) => choose(id)}
      style={{ width: 300, maxWidth: '100%' }}
      options={list.map((p) => ({ value: p.id, label: p.name }))}
    />
  );
  return {
    projectId,
    projectName: list.find((p) => p.id === projectId)?.name ?? '',
    picker,
    failed: projects.isError ? projects.error.message : null,
  };
}
