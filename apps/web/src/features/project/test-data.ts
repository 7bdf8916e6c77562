import type { CityProject, UserProject } from './api.ts';

/**
 * Test fixtures of the project feature: a project as the city's list answers it, and as the caller's own project list
 * answers it (the same project with the caller's organisation's part in it). Other features' tests (a construction
 * unit's project picker) use them too.
 */
export const cityProject = (id: number, over: Partial<CityProject> = {}): CityProject => ({
  id,
  name: `项目${id}`,
  code: `P-${id}`,
  type: 2,
  typeName: '学校',
  regionCode: '320106',
  regionName: '鼓楼区',
  cityCode: '320100',
  step: 1,
  stepName: '设计阶段',
  designStage: 1,
  inPolicyScope: true,
  policyBatch: '2020',
  developerOrgId: 5,
  developerName: '南京城建置业发展有限公司',
  createTime: '2026-01-05 10:00:00',
  ...over,
});

/** A project of the caller's list: taken part in (status 2) as a construction unit (4), no role, no leader. */
export const userProject = (id: number, over: Partial<UserProject> = {}): UserProject => ({
  ...cityProject(id),
  membershipStatus: 2,
  orgType: 4,
  myRole: null,
  leader: null,
  ...over,
});
