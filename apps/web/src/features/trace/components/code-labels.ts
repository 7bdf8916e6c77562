import {
  addressKindLabels,
  type CodeStatusValue,
  codeLevelLabels,
  codeStatusLabels,
  stockMoveReasonLabels,
} from '@jcbb/contract';
import { labelOf } from '../../../lib/labels.ts';

export { labelOptions } from '../../../lib/labels.ts';

export function traceLabels(english: boolean) {
  return {
    addressKind: labelOf(addressKindLabels, english),
    codeLevel: labelOf(codeLevelLabels, english),
    codeStatus: labelOf(codeStatusLabels, english),
    moveReason: labelOf(stockMoveReasonLabels, english),
  };
}

/** Code statuses by colour: in the maker's hands, moving, arrived, turned away, used. */
export const CODE_STATUS_COLORS: Record<CodeStatusValue, string> = {
  active: 'blue',
  in_transit: 'orange',
  held: 'green',
  rejected: 'red',
  returned: 'purple',
  installed: 'cyan',
  consumed: 'default',
  recalled: 'magenta',
};
