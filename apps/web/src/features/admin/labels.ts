import { CertificationStatus, type OrgTypeValue, orgNatures, orgTypeLabels } from '@jcbb/contract';

/** The server labels in Chinese; in English the contract's code tables give the name. */
export const orgTypeName = (type: number, zh: string, english: boolean): string =>
  english ? (orgTypeLabels[type as OrgTypeValue]?.en ?? zh) : zh;

export const natureName = (code: number, zh: string, english: boolean): string =>
  english ? (orgNatures.find((n) => n.code === code)?.en ?? zh) : zh;

/** i18n key (admin namespace) of an application's state. */
export const applicationStatusKey: Record<number, string> = {
  [CertificationStatus.PENDING]: 'queue.statusPending',
  [CertificationStatus.APPROVED]: 'queue.statusApproved',
  [CertificationStatus.REJECTED]: 'queue.statusRejected',
};
