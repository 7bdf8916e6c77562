import {
  deliveryKindLabels,
  documentKindLabels,
  type InspectionStateValue,
  inspectionStateLabels,
  inspectionVerdictLabels,
  rejectReasonLabels,
  sampleStateLabels,
  testResultLabels,
  visualResultLabels,
} from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf, labelOptions } from '../../../../lib/labels.ts';

/** The contract's code tables of the site in the reader's language (zh-CN first, English second). */
export function useSiteLabels() {
  const { i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  return {
    english,
    state: labelOf(inspectionStateLabels, english),
    kind: labelOf(deliveryKindLabels, english),
    document: labelOf(documentKindLabels, english),
    verdict: labelOf(inspectionVerdictLabels, english),
    visual: labelOf(visualResultLabels, english),
    sampleState: labelOf(sampleStateLabels, english),
    testResult: labelOf(testResultLabels, english),
    rejectReason: labelOf(rejectReasonLabels, english),
    rejectReasonOptions: labelOptions(rejectReasonLabels, english),
    kindOptions: labelOptions(deliveryKindLabels, english),
    stateOptions: labelOptions(inspectionStateLabels, english),
  };
}

/** A lot's state at the site by what it means for the storekeeper: waiting (blue/orange), usable (green), out (red). */
const STATE_COLOURS: Record<InspectionStateValue, string> = {
  pending: 'blue',
  submitted: 'geekblue',
  pending_retest: 'orange',
  released: 'green',
  concession: 'lime',
  rejected: 'red',
  returned: 'default',
  destroyed: 'default',
};

export function InspectionStateTag({ state }: { state: InspectionStateValue }) {
  const { state: label } = useSiteLabels();
  return (
    <Tag color={STATE_COLOURS[state]} style={{ marginInlineEnd: 0 }}>
      {label(state)}
    </Tag>
  );
}
