import {
  authorisationKindLabels,
  authorisationStatusLabels,
  coverageRefusalLabels,
  distributorProductStatusLabels,
  recordCoverageLabels,
  salesContractStatusLabels,
} from '@jcbb/contract';
import { labelOf, labelOptions } from '../../../lib/labels.ts';

/** The contract's code tables the distributor console shows, in the console's language. */
export function salesLabels(english: boolean) {
  return {
    contractStatus: labelOf(salesContractStatusLabels, english),
    contractStatusOptions: labelOptions(salesContractStatusLabels, english),
    recordStatus: labelOf(distributorProductStatusLabels, english),
    recordStatusOptions: labelOptions(distributorProductStatusLabels, english),
    coverage: labelOf(recordCoverageLabels, english),
    refusal: labelOf(coverageRefusalLabels, english),
    letterState: labelOf(authorisationStatusLabels, english),
    letterStateOptions: labelOptions(authorisationStatusLabels, english),
    kind: labelOf(authorisationKindLabels, english),
  };
}

/** Tag colours: in force green, waiting blue, ending orange, refused or ended red/grey. */
export const contractStatusColor: Record<string, string> = {
  draft: 'default',
  signed: 'blue',
  active: 'green',
  completed: 'cyan',
  terminated: 'red',
};
export const coverageColor: Record<string, string> = { in_force: 'green', expiring: 'orange', not_covered: 'red' };
export const letterStateColor: Record<string, string> = {
  draft: 'default',
  issued: 'blue',
  active: 'green',
  suspended: 'orange',
  revoked: 'red',
  superseded: 'default',
  expired: 'default',
};
