import { ListingStatus, Role } from '@jcbb/contract';

/**
 * What the manufacturer's list offers on a listing, by its state and the user's role (the server's transition
 * table decides; this only avoids offering what it would refuse): staff may save and submit; delisting and deleting
 * are the 企业管理员's.
 */
export type RowAction = 'edit' | 'submit' | 'resubmit' | 'details' | 'delist' | 'delete';

const S = ListingStatus;

export function rowActions(status: number, roles: readonly string[]): RowAction[] {
  const admin = roles.includes(Role.ENTERPRISE_ADMIN);
  const actions: RowAction[] = [];
  if (status === S.DRAFT) actions.push('edit', 'submit');
  if (status === S.PLATFORM_REJECTED || status === S.CITY_REJECTED || status === S.DELISTED) actions.push('resubmit');
  actions.push('details');
  if (status === S.LISTED && admin) actions.push('delist');
  const deletable =
    status === S.DRAFT || status === S.PLATFORM_REJECTED || status === S.CITY_REJECTED || status === S.DELISTED;
  if (deletable && admin) actions.push('delete');
  return actions;
}

/** A listing in these states may be edited (values saved) by the manufacturer. */
export const EDITABLE_STATUSES: readonly number[] = [S.DRAFT, S.PLATFORM_REJECTED, S.CITY_REJECTED, S.DELISTED];
