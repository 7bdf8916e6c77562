import {
  type InspectionStateValue,
  inspectionStateLabels,
  type SampleStateValue,
  type SpotCheckKindValue,
  type SpotCheckStateValue,
  sampleStateLabels,
  spotCheckKindLabels,
  spotCheckStateLabels,
  type TestResultValue,
  testResultLabels,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf, labelOptions } from '../../../../lib/labels.ts';

/** Where the part's pages are (the route table's paths). */
export const SPOT_CHECK_PATH = '/projectConstruction/spotCheck';
export const spotCheckPath = (projectId: number | null, tab?: 'samples' | 'checks') =>
  `${SPOT_CHECK_PATH}?${new URLSearchParams({
    ...(projectId ? { projectId: String(projectId) } : {}),
    ...(tab ? { tab } : {}),
  })}`;
/** A spot check's page (`?id=`), or a sample's (`?sample=`): one detail page for both. */
export const spotCheckDetailPath = (id: number) => pageUrl(pages.spotCheckDetail, { id });
export const sampleDetailPath = (id: number) => pageUrl(pages.sampleDetail, { sample: id });

/** The contract's code tables of samples and spot checks, read in the console's language. */
export function useWitnessLabels() {
  const { i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  return {
    sampleState: labelOf(sampleStateLabels, english),
    result: labelOf(testResultLabels, english),
    kind: labelOf(spotCheckKindLabels, english),
    checkState: labelOf(spotCheckStateLabels, english),
    lotState: labelOf(inspectionStateLabels, english),
    sampleStateOptions: labelOptions(sampleStateLabels, english),
    resultOptions: labelOptions(testResultLabels, english),
    kindOptions: labelOptions(spotCheckKindLabels, english),
    checkStateOptions: labelOptions(spotCheckStateLabels, english),
  };
}

const SAMPLE_COLOURS: Record<SampleStateValue, string> = { sampled: 'default', sent: 'processing', reported: 'blue' };
const CHECK_COLOURS: Record<SpotCheckStateValue, string> = {
  recorded: 'default',
  rectifying: 'warning',
  closed: 'success',
};

export function SampleStateTag({ state }: { state: SampleStateValue }) {
  return <Tag color={SAMPLE_COLOURS[state]}>{useWitnessLabels().sampleState(state)}</Tag>;
}

export function SpotCheckStateTag({ state }: { state: SpotCheckStateValue }) {
  return <Tag color={CHECK_COLOURS[state]}>{useWitnessLabels().checkState(state)}</Tag>;
}

/** A test's result: green pass, red fail; nothing yet, a dash. */
export function ResultTag({ result }: { result: TestResultValue | null }) {
  const labels = useWitnessLabels();
  if (result === null) return <span>—</span>;
  return <Tag color={result === 'pass' ? 'success' : 'error'}>{labels.result(result)}</Tag>;
}

export function KindText({ kind }: { kind: SpotCheckKindValue }) {
  return <>{useWitnessLabels().kind(kind)}</>;
}

/** A lot's state at the site: released (usable) green, turned away red, still quarantined orange. */
export function LotStateTag({ state }: { state: InspectionStateValue }) {
  const colour =
    state === 'released' || state === 'concession'
      ? 'success'
      : state === 'rejected' || state === 'returned' || state === 'destroyed'
        ? 'error'
        : 'warning';
  return <Tag color={colour}>{useWitnessLabels().lotState(state)}</Tag>;
}
