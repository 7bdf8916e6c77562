/** The disk's console page and the landing page of a share link (its token in `?token=`). */
export const DISK_PATH = '/marketing/documentManagement';
export const SHARE_LANDING_PATH = '/showDiskLoginInfo';
export const shareLandingUrl = (token: string) => `${SHARE_LANDING_PATH}?token=${encodeURIComponent(token)}`;
