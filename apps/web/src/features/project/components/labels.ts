import {
  type DesignStageValue,
  designStageLabels,
  type MembershipStatusValue,
  membershipStatusLabels,
  type OrgTypeValue,
  orgTypeLabels,
  type ProjectRoleValue,
  type ProjectStepValue,
  type ProjectTypeValue,
  projectRoleLabels,
  projectStepLabels,
  projectTypeLabels,
} from '@jcbb/contract';

/** The contract's bilingual labels in the console's language (the server answers Chinese names only). */
type Labels = Record<string | number, { zh: string; en: string }>;
const pick = (labels: Labels, english: boolean) => (value: string | number | null | undefined) => {
  if (value === null || value === undefined) return '';
  const l = labels[value];
  return l ? (english ? l.en : l.zh) : String(value);
};

export function projectLabels(english: boolean) {
  return {
    type: pick(projectTypeLabels as Labels, english),
    step: pick(projectStepLabels as Labels, english),
    designStage: pick(designStageLabels as Labels, english),
    role: pick(projectRoleLabels as Labels, english),
    membership: pick(membershipStatusLabels as Labels, english),
    orgType: pick(orgTypeLabels as Labels, english),
  };
}

export const options = <T extends string | number>(labels: Record<T, { zh: string; en: string }>, english: boolean) =>
  (Object.entries(labels) as [string, { zh: string; en: string }][]).map(([value, l]) => ({
    value: (/^\d+$/.test(value) ? Number(value) : value) as T,
    label: english ? l.en : l.zh,
  }));

export type {
  DesignStageValue,
  MembershipStatusValue,
  OrgTypeValue,
  ProjectRoleValue,
  ProjectStepValue,
  ProjectTypeValue,
};

/** Step colours: registered grey, design blue, drawings orange, completion green. */
export const STEP_COLORS = ['default', 'blue', 'orange', 'green'] as const;
