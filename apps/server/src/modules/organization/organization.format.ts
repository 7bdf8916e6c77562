import {
  CERT_EXEMPT_ORG_TYPE,
  type CertStatusValue,
  certStatusLabels,
  type OrgTypeValue,
  orgNatures,
  orgTypeLabels,
} from '@jcbb/contract';

/** 13800000001 → 138****0001 */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}

export function orgTypeNames(type: number): { type_enum: string; typeName: string } {
  const label = orgTypeLabels[type as OrgTypeValue];
  return { type_enum: label?.enum ?? 'UNKNOWN', typeName: label?.zh ?? '未知类型' };
}

export function certStatusLabel(status: number): string {
  return certStatusLabels[status as CertStatusValue] ?? certStatusLabels[0];
}

export function natureName(code: number | null | undefined): string | null {
  return orgNatures.find((n) => n.code === code)?.zh ?? null;
}

/** What every answer about an organisation says of its type and certification: the list, the view, the queue. */
export function orgTypeAndStatus(org: { type: number; certStatus: number }) {
  return {
    type: org.type,
    ...orgTypeNames(org.type),
    certStatus: org.certStatus,
    status: certStatusLabel(org.certStatus),
    certExempt: org.type === CERT_EXEMPT_ORG_TYPE,
  };
}
