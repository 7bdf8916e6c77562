import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { positiveId } from '../../../../lib/record-id.ts';
import { useSession } from '../../../../lib/session.ts';
import { projectQueries } from '../../../project/public.ts';
import { LIST_NS } from './locale.ts';

/**
 * The project the list page shows (`?projectId=` in the address, as the site pages: a message's link or a refresh
 * keeps it): the projects the organisation buys for, the chosen one (the first when none is named) and the picker.
 */
export function useListProject() {
  const { t } = useTranslation(LIST_NS);
  const orgType = useSession().user?.organization?.type;
  const [params, setParams] = useSearchParams();
  const chosen = positiveId(params.get('projectId'));
  const projects = useQuery(projectQueries.mine({ take: 100, skip: 0, type: 1, orgType: orgType ?? undefined }));
  const list = projects.data?.list ?? [];
  const first = list[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice is missing, not on every render
  useEffect(() => {
    if (chosen === null && first !== undefined) setParams({ projectId: String(first) }, { replace: true });
  }, [chosen, first]);
  const project = list.find((p) => p.id === chosen);
  const picker: ReactNode =
    list.length > 1 ? (
      <Select<number>
        aria-label={t('list.project')}
        placeholder={t('list.project')}
        showSearch={{ optionFilterProp: 'label' }}
        value={chosen ?? undefined}
        onChange={(id) => setParams({ projectId: String(id) })}
        style={{ width: 320, maxWidth: '100%' }}
        options={list.map((p) => ({ value: p.id, label: p.name }))}
      />
    ) : project ? (
      <Typography.Text strong>{project.name}</Typography.Text>
    ) : null;
  return { projectId: chosen, picker, loading: projects.isLoading, none: !!projects.data && list.length === 0 };
}
