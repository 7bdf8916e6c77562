import type { ReadingFieldView, ReadingFinding, ReadingView } from '@jcbb/contract';
/** A field as shown, read on `page` at `box` with `confidence`, no review. */
export function readField(
  key: ReadingFieldView['key'],
  value: string,
  { confidence = 0.95, page = 0, box = [0.1, 0.1, 0.5, 0.14] as [number, number, number, number], index = 0 } = {},
): ReadingFieldView {
  return {
    key,
    index,
    label: key,
    read: { key, value, text: value, confidence, page, box },
    value,
    review: null,
  };
}

export function finding(
  code: string,
  outcome: ReadingFinding['outcome'],
  over: Partial<ReadingFinding> = {},
): ReadingFinding {
  return {
    code,
    version: 1,
    name: `规则 ${code}`,
    definition: `${code} 的定义`,
    outcome,
    message: `${code} 的结论`,
    fields: [],
    items: [],
    ...over,
  };
}

/** A reading in `state`; done: a two-page test report with no findings unless given. */
export function readingView(over: Partial<ReadingView> = {}): ReadingView {
  return {
    uploadId: 31,
    fileName: '检验报告-2026-018.pdf',
    state: 'done',
    stateName: '已识别',
    pagesDone: 2,
    pagesTotal: 2,
    refusal: null,
    refusalText: null,
    kind: 'test_report',
    kindName: '检验检测报告',
    pages: [
      { index: 0, width: 595, height: 842, source: 'text' },
      { index: 1, width: 595, height: 842, source: 'ocr' },
    ],
    fields: [],
    items: [],
    findings: [],
    canReview: false,
    engine: 'tesseract 5 (chi_sim)',
    ...over,
  };
}
