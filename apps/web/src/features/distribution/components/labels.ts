import {
  type AuthorisationStatusValue,
  authorisationActionLabels,
  authorisationKindLabels,
  authorisationStatusLabels,
} from '@jcbb/contract';
import { labelOf, labelOptions } from '../../../lib/labels.ts';

/** The contract's authorisation code tables in the console's language. */
export function distributionLabels(english: boolean) {
  return {
    state: labelOf(authorisationStatusLabels, english),
    kind: labelOf(authorisationKindLabels, english),
    action: labelOf(authorisationActionLabels, english),
    stateOptions: labelOptions(authorisationStatusLabels, english),
    kindOptions: labelOptions(authorisationKindLabels, english),
  };
}

/** A state's colour: in force green, awaiting blue, on hold orange, ended red or grey. */
export const STATE_COLORS: Record<AuthorisationStatusValue, string> = {
  draft: 'default',
  issued: 'blue',
  active: 'green',
  suspended: 'orange',
  revoked: 'red',
  superseded: 'default',
  expired: 'red',
};

/** The list highlights, and counts down, letters in force that end within this many days (the contract's 60). */
export { AUTHORISATION_EXPIRING_DAYS } from '@jcbb/contract';

/** Whether a letter still in force (awaiting, active or suspended) ends within `days`. */
export const endsWithin = (
  row: { state: AuthorisationStatusValue; expiresInDays: number | null },
  days: number,
): boolean =>
  row.expiresInDays !== null &&
  row.expiresInDays <= days &&
  (row.state === 'active' || row.state === 'issued' || row.state === 'suspended');
