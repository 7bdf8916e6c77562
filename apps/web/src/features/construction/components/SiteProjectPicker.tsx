import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { positiveId } from '../../../lib/record-id.ts';
import { useSession } from '../../../lib/session.ts';
import { projectQueries } from '../../project/public.ts';
import { CONSTRUCTION_NS } from '../locales/register.ts';

/** Enough for a unit's projects in one picker (as the trace stock page). */
const PROJECT_PICKER_SIZE = 100;

/**
 * The project a site page shows (`?projectId=` in the address, so a link or a refresh keeps it): the projects the
 * organisation works on, the chosen one (the first when the address names none), and the picker — a select where
 * there are several projects, the project's name where there is one. `params` and `update` change the address's
 * other parameters with it.
 */
export function useSiteProject() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const orgType = useSession().user?.organization?.type;
  const [params, setParams] = useSearchParams();
  const chosen = positiveId(params.get('projectId'));
  const projects = useQuery(
    projectQueries.mine({ take: PROJECT_PICKER_SIZE, skip: 0, type: 1, orgType: orgType ?? undefined }),
  );
  const list = projects.data?.list ?? [];

  /** Changes some parameters of the address, keeping the others (null removes one). */
  const update = (patch: Record<string, string | number | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace });
  };

  const first = list[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice is missing, not on every render
  useEffect(() => {
    if (chosen === null && first !== undefined) update({ projectId: first }, true);
  }, [chosen, first]);

  const project = list.find((p) => p.id === chosen);
  const picker: ReactNode =
    list.length > 1 ? (
      <Select<number>
        aria-label={t('site.project')}
        placeholder={t('site.project')}
        showSearch={{ optionFilterProp: 'label' }}
        loading={projects.isFetching}
        value={chosen ?? undefined}
        onChange={(id) => update({ projectId: id })}
        style={{ width: 300, maxWidth: '100%' }}
        options={list.map((p) => ({ value: p.id, label: p.name }))}
      />
    ) : project ? (
      <Typography.Text strong>{project.name}</Typography.Text>
    ) : null;

  /** What the page shows while there is no project to show: loading, the failure, or 暂无项目. */
  const waiting: ReactNode = projects.isError ? (
    <Alert type="error" showIcon title={projects.error.message} />
  ) : projects.data ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('site.noProject')} />
  ) : (
    <Skeleton active />
  );

  return { projectId: chosen, projectName: project?.name ?? null, picker, waiting, params, update };
}
