/** The card's console page and its public page (`?id=` the card's random public id). */
export const CARD_DASHBOARD_PATH = '/marketing/dashboard';
export const CARD_PUBLIC_PATH = '/free/card';
/** The public page's address, absolute, with where it is shared (`from`: qr, poster, link). */
export const cardPublicUrl = (publicId: string, from?: 'qr' | 'poster' | 'link') =>
  `${globalThis.location.origin}${CARD_PUBLIC_PATH}?id=${encodeURIComponent(publicId)}${from ? `&from=${from}` : ''}`;
