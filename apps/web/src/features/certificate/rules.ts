import { ApplicationStatus } from '@jcbb/contract';

/** An application can be withdrawn until the body decides: while a draft or awaiting review. */
export function canWithdraw(status: number): boolean {
  return status === ApplicationStatus.DRAFT || status === ApplicationStatus.SUBMITTED;
}

/** Only drafts are edited; once submitted, the body decides on what was sent. */
export function canEdit(status: number): boolean {
  return status === ApplicationStatus.DRAFT;
}

/** Only submitted applications wait for a decision. */
export function isPending(status: number): boolean {
  return status === ApplicationStatus.SUBMITTED;
}
