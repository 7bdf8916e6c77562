import {
  type CalendarKindValue,
  calendarKindLabels,
  type InspectionRecordResultValue,
  type InspectionRecordStateValue,
  inspectionRecordKindLabels,
  inspectionRecordResultLabels,
  inspectionRecordStateLabels,
} from '@jcbb/contract';
import { labelOf, labelOptions } from '../../../lib/labels.ts';

/** The inspection code tables in the console's language. */
export const inspectionLabels = (english: boolean) => ({
  kind: labelOf(inspectionRecordKindLabels, english),
  kindOptions: labelOptions(inspectionRecordKindLabels, english),
  result: labelOf(inspectionRecordResultLabels, english),
  resultOptions: labelOptions(inspectionRecordResultLabels, english),
  state: labelOf(inspectionRecordStateLabels, english),
  stateOptions: labelOptions(inspectionRecordStateLabels, english),
  calendar: labelOf(calendarKindLabels, english),
});

export const resultColor: Record<InspectionRecordResultValue, string> = {
  pass: 'green',
  fail: 'red',
  rectify: 'orange',
};
export const stateColor: Record<InspectionRecordStateValue, string> = {
  open: 'processing',
  submitted: 'warning',
  closed: 'default',
};
export const calendarColor: Record<CalendarKindValue, string> = {
  certificate: 'blue',
  authorisation: 'purple',
  listing: 'cyan',
  rectification: 'orange',
};
