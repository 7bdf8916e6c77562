import type { DivisionChild, DivisionTree } from '@jcbb/contract';
import { http } from '../../lib/http.ts';

export interface OrgNature {
  code: number;
  name: string;
  enName: string;
}

/** Reference data calls (spec §7), one function each. */
export const referenceApi = {
  /** Children of a division; no parent code: the provinces. */
  divisionChildren: (parentCode?: string) =>
    http.get<DivisionChild[]>('/api/dictionary/administrative', parentCode ? { parentCode } : {}),
  /** The whole province → city → county tree. */
  divisionTree: () => http.get<DivisionTree>('/common/administrative/all'),
  orgNatures: () => http.get<OrgNature[]>('/api/dictionary/org-natures'),
};

/** Reference data changes only with a release: cache it for the whole visit. */
export const referenceQueryOptions = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export const referenceKeys = {
  divisions: (parentCode: string) => ['reference', 'divisions', parentCode] as const,
  orgNatures: ['reference', 'org-natures'] as const,
};
