import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';
import { AGENT_FORM_PATH } from './paths.ts';

// Part of the console shell (the route table imports it): the page paths only, and the pages lazily.
const AgentIndex = lazyPage(() => import('./pages/AgentIndexPage.tsx').then((m) => ({ default: m.AgentIndexPage })));
const AgentForm = lazyPage(() => import('./pages/AgentFormPage.tsx').then((m) => ({ default: m.AgentFormPage })));
const FreeAuthorisation = lazyPage(() => import('./pages/FreeAuthorisationPage.tsx'));

/**
 * The manufacturer's authorisation pages (spec §2 /agent): the list, which opens one letter in a drawer with `?id=`
 * (`pages.authorisationManage`, the messages' link), and the form.
 */
export const agentRoutes = {
  index: page(pages.authorisationManage.path, 'agentIndex', AgentIndex, { keepAlive: true }),
  form: page(AGENT_FORM_PATH, 'agentForm', AgentForm, { hidden: true, activeMenu: pages.authorisationManage.path }),
} satisfies Record<string, RouteItem>;

/** /free/authorisation: public, no sign-in (the letter's QR code opens it with ?id=<publicId>). */
export const freeAuthorisationRoute: RouteItem = page(
  pages.authorisationVerify.path,
  'freeAuthorisation',
  FreeAuthorisation,
);
