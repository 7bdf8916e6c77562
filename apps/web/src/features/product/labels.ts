import { CERT_EXPIRY_NOTICE_DAYS, ListingStatus, ProductEnableStatus, SpecStatus } from '@jcbb/contract/enums';
import { daysBetween, shanghaiToday } from '@jcbb/contract/time';

/** Shared formatters and small lookups of the product centre (labels come from the `product` namespace). */

export const PAGE_SIZE = 10;
export const MAX_IMAGES = 9;

/** '12.50' → '¥12.50'; null → '—'. Prices travel as decimal strings (docs/design.md §2: never floats). */
export function formatPrice(price: string | null | undefined): string {
  if (price === null || price === undefined || price === '') return '—';
  const [whole = '0', fraction = ''] = price.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `¥${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export const isEnabled = (status: number) => status === ProductEnableStatus.ENABLED;
export const isOnSale = (status: number) => status === SpecStatus.ON_SALE;

/** Colour of a listing's state (the label is `listingStatus.<n>` in the product namespace). */
export const listingStatusColor: Record<number, string> = {
  [ListingStatus.DRAFT]: 'default',
  [ListingStatus.PLATFORM_AUDIT]: 'processing',
  [ListingStatus.CITY_AUDIT]: 'processing',
  [ListingStatus.LISTED]: 'success',
  [ListingStatus.PLATFORM_REJECTED]: 'error',
  [ListingStatus.CITY_REJECTED]: 'error',
  [ListingStatus.DELISTED]: 'default',
};

export type CertificateState = 'valid' | 'expiring' | 'expired' | 'notYetValid';

/**
 * Where a certificate's validity stands today; `expiring` within the notice period (the manufacturer gets a message
 * then, too). The server's `valid` flag is the truth for the tag; this only picks the words and colour.
 */
export function certificateState(
  validFrom: string | null,
  validUntil: string | null,
  today: string = shanghaiToday(),
): { state: CertificateState; days: number | null } {
  if (validUntil && validUntil < today) return { state: 'expired', days: null };
  if (validFrom && validFrom > today) return { state: 'notYetValid', days: null };
  if (validUntil) {
    const days = daysBetween(today, validUntil);
    if (days <= CERT_EXPIRY_NOTICE_DAYS) return { state: 'expiring', days };
  }
  return { state: 'valid', days: null };
}

export const certificateStateColor: Record<CertificateState, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  notYetValid: 'default',
};

export const stars = (n: number | null | undefined): string => (n ? '★'.repeat(Math.max(0, Math.min(3, n))) : '—');
