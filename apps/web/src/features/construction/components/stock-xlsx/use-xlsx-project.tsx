import { OrgType } from '@jcbb/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../../../lib/session.ts';
import { projectQueries } from '../../../project/public.ts';
import { useSiteProject } from '../SiteProjectPicker.tsx';

/**
 * The project of the import and export pages: the site pages' project (`useSiteProject`: `?projectId=`, the
 * organisation's projects, the first by default), and for the city's committee — on no project, it arrives from a
 * project's detail with the address naming it — that project, its name read from the project's detail.
 */
export function useXlsxProject(): {
  projectId: number | null;
  projectName: string | null;
  picker: ReactNode;
  waiting: ReactNode;
} {
  const site = useSiteProject();
  const committee = useSession().user?.organization?.type === OrgType.GOVERNMENT;
  const detail = useQuery({
    ...projectQueries.detail(site.projectId ?? 0),
    enabled: committee && site.projectId !== null,
  });
  if (!committee) return site;
  const name = detail.data?.name ?? null;
  return {
    projectId: site.projectId,
    projectName: name,
    picker: <Typography.Text strong>{name ?? ''}</Typography.Text>,
    waiting: null,
  };
}
