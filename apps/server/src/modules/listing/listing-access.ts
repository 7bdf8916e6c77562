import { ListingActor, type ListingActorValue, ListingStatus, OrgType, Role } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { isOwnOrg } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './listing.repository.ts';

/**
 * Who sees which listing, and as which actor of the transition table:
 * - the product's manufacturer (any member): all its listings; 企业管理员 act as MANUFACTURER_ADMIN, others as STAFF;
 * - the platform (super_admin): every listing that has been submitted (drafts are the manufacturer's own);
 * - a city committee (住建委 of a government organisation in the city): its city's listings from city audit on;
 * - anyone else: none (404, as if it did not exist).
 */

/** States a city committee sees: from the platform's approval on. */
export const CITY_VISIBLE_STATUSES = [
  ListingStatus.CITY_AUDIT,
  ListingStatus.LISTED,
  ListingStatus.CITY_REJECTED,
  ListingStatus.DELISTED,
] as const;

/** The city whose committee the user is (first 4 digits of the organisation's region + '00'), or null. */
export async function committeeCity(tx: Tx, user: SessionUser): Promise<string | null> {
  if (!user.roles.includes(Role.CITY_COMMITTEE) || user.orgId === null) return null;
  const org = await repo.findOrg(tx, user.orgId);
  if (!org || org.type !== OrgType.GOVERNMENT || !org.regionCode || org.regionCode.length < 4) return null;
  return `${org.regionCode.slice(0, 4)}00`;
}

export const isSuperAdmin = (user: SessionUser) => user.roles.includes(Role.SUPER_ADMIN);

/** The caller's actor for a listing, or null when the caller may not see it. */
export async function actorFor(
  tx: Tx,
  user: SessionUser,
  listing: { orgId: number; cityCode: string; status: number },
): Promise<ListingActorValue | null> {
  if (isOwnOrg(user, listing.orgId)) {
    return user.roles.includes(Role.ENTERPRISE_ADMIN)
      ? ListingActor.MANUFACTURER_ADMIN
      : ListingActor.MANUFACTURER_STAFF;
  }
  if (isSuperAdmin(user)) return listing.status === ListingStatus.DRAFT ? null : ListingActor.PLATFORM;
  const city = await committeeCity(tx, user);
  if (
    city !== null &&
    city === listing.cityCode &&
    (CITY_VISIBLE_STATUSES as readonly number[]).includes(listing.status)
  ) {
    return ListingActor.CITY;
  }
  return null;
}

/** A listing the caller may see, with the caller's actor; 404 otherwise. */
export async function visibleListing(tx: Tx, user: SessionUser, id: number) {
  const view = await repo.findListing(tx, id);
  const actor = view ? await actorFor(tx, user, view.listing) : null;
  if (!view || actor === null) throw notFound('入库记录不存在');
  return { view, actor };
}

/** Whose listings the caller's list shows. */
export async function listScope(tx: Tx, user: SessionUser): Promise<repo.ListingScope> {
  if (isSuperAdmin(user)) return { platform: true };
  const city = await committeeCity(tx, user);
  if (city !== null) return { cityCode: city, statuses: CITY_VISIBLE_STATUSES };
  if (user.orgId !== null && user.orgType === OrgType.MANUFACTURER) return { orgId: user.orgId };
  return { none: true };
}
