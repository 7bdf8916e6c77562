import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

// Part of the console shell (the route table imports it): the page path only, and the page lazily.
const Profile = lazyPage(() => import('./pages/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })));

/**
 * /account/profile: the user's own profile, in every console (the user menu's 个人中心 while no external account site
 * is configured). Hidden from the menu here; the manufacturer's 个人资料 entry shows it (route table).
 */
export const profileRoute: RouteItem = page(pages.accountProfile.path, 'profile', Profile, { hidden: true });
