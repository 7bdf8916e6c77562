/**
 * The disk's console page and the landing page of a share link: its token in `?link=`, never `?token=` (the route
 * guard takes any `?token=` for a sign-in token to verify, spec §4, and would send the visitor to sign in).
 */
export const DISK_PATH = '/marketing/documentManagement';
export const SHARE_LANDING_PATH = '/showDiskLoginInfo';
export const shareLandingUrl = (token: string) => `${SHARE_LANDING_PATH}?link=${encodeURIComponent(token)}`;
