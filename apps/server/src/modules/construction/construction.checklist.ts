import {
  type DocumentCheckView,
  type DocumentKindValue,
  documentKindValues,
  type EvidenceSnapshot,
  type InspectionRuleView,
} from '@jcbb/contract';

/**
 * The document checklist of a delivered lot (docs/construction.md, "The checklist"), pure: the documents its
 * category's rule requires (and the green document when the lot is delivered as green), each with what the inspector
 * found and what the platform knows itself.
 */

export interface PlatformKnowledge {
  /** The product's evidence on the delivery date (a platform lot), or null. */
  green: EvidenceSnapshot | null;
  /** How many quality documents (合格证, factory report) the maker uploaded with the lot. */
  qualityDocs: number;
}

export interface DecidedCheck {
  kind: string;
  present: boolean;
  uploadId: number | null;
  remark: string | null;
}

export function requiredDocuments(rule: Pick<InspectionRuleView, 'documents'>, isGreen: boolean): DocumentKindValue[] {
  const kinds = new Set<DocumentKindValue>(rule.documents);
  if (isGreen) kinds.add('green');
  return documentKindValues.filter((k) => kinds.has(k));
}

function platformOf(kind: DocumentKindValue, known: PlatformKnowledge | null): DocumentCheckView['platform'] {
  if (!known) return null;
  if (kind === 'green') {
    const g = known.green;
    if (!g || g.kind === 'none')
      return {
        found: false,
        validOnDelivery: false,
        text: '平台上没有该产品的绿色建材证书或检测报告',
        leafIndex: null,
      };
    const what = g.kind === 'certificate' ? `证书 ${g.certNo ?? g.name ?? ''}` : `检测报告 ${g.name ?? ''}`;
    return {
      found: true,
      validOnDelivery: g.valid,
      text: g.valid ? `${what}，到货日 ${g.asOf} 有效` : `${what}，到货日 ${g.asOf} 已失效或未生效`,
      leafIndex: g.leafIndex,
    };
  }
  if (kind === 'conformity' || kind === 'factory_test') {
    return known.qualityDocs > 0
      ? {
          found: true,
          validOnDelivery: true,
          text: `生产厂家随批次上传了 ${known.qualityDocs} 份质量证明文件`,
          leafIndex: null,
        }
      : { found: false, validOnDelivery: false, text: '生产厂家未随批次上传质量证明文件', leafIndex: null };
  }
  return null;
}

export function checklist(input: {
  rule: Pick<InspectionRuleView, 'documents'>;
  isGreen: boolean;
  decided: readonly DecidedCheck[] | null;
  known: PlatformKnowledge | null;
  uploadNames: Map<number, string>;
}): DocumentCheckView[] {
  const required = new Set(requiredDocuments(input.rule, input.isGreen));
  const decided = new Map((input.decided ?? []).map((c) => [c.kind, c]));
  const kinds = documentKindValues.filter((k) => required.has(k) || decided.has(k));
  return kinds.map((kind) => {
    const d = decided.get(kind);
    const known = platformOf(kind, input.known);
    return {
      kind,
      required: required.has(kind),
      // Before the inspector's check, what the platform found counts as present.
      present: d ? d.present : (known?.found ?? false),
      uploadId: d?.uploadId ?? null,
      uploadName: d?.uploadId ? (input.uploadNames.get(d.uploadId) ?? null) : null,
      remark: d?.remark ?? null,
      platform: known,
    };
  });
}

/** The required documents the inspector found missing. */
export function missingRequired(
  rule: Pick<InspectionRuleView, 'documents'>,
  isGreen: boolean,
  checks: readonly Pick<DecidedCheck, 'kind' | 'present'>[],
): DocumentKindValue[] {
  const found = new Map(checks.map((c) => [c.kind, c.present]));
  return requiredDocuments(rule, isGreen).filter((k) => found.get(k) !== true);
}
