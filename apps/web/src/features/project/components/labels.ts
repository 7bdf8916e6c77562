import {
  designStageLabels,
  membershipStatusLabels,
  orgTypeLabels,
  projectRoleLabels,
  projectStepLabels,
  projectTypeLabels,
} from '@jcbb/contract';
import { labelOf } from '../../../lib/labels.ts';

export function projectLabels(english: boolean) {
  return {
    type: labelOf(projectTypeLabels, english),
    step: labelOf(projectStepLabels, english),
    designStage: labelOf(designStageLabels, english),
    role: labelOf(projectRoleLabels, english),
    membership: labelOf(membershipStatusLabels, english),
    orgType: labelOf(orgTypeLabels, english),
  };
}

/** Step colours: registered grey, design blue, drawings orange, completion green. */
export const STEP_COLORS = ['default', 'blue', 'orange', 'green'] as const;
