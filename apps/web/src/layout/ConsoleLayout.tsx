import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import AntdFrame from '../app/AntdFrame.tsx';
import { useSessionConsole } from '../app/console-routes.ts';
import { activeMenuKey, breadcrumbFor, buildMenu } from '../app/menu.ts';
import { consoleTree, framedPublicRoutes } from '../app/route-table.tsx';
import { ServiceButton } from '../components/ServiceButton.tsx';
import { CertBanner } from '../features/organization/public.ts';
import { useAppConfig } from '../lib/app-config.ts';
import { ConsoleRoutesContext, InFrameContext } from '../lib/route-context.ts';
import { findRoute, flattenRoutes } from '../lib/route-index.ts';
import { useSession } from '../lib/session.ts';
import { useIsMobile } from '../lib/use-mobile.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useSidebarCollapsed } from './use-collapsed.ts';
import '../components/frame.css';

export const SIDER_WIDTH = 210;
const SIDER_COLLAPSED_WIDTH = 64;
const flatFramedPublic = flattenRoutes(framedPublicRoutes);
// The drawer's code loads the first time a phone user opens the menu.
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

/**
 * The console frame (spec §2): top bar, side menu (210 px, collapsible, remembered), breadcrumb, certification
 * banner and the page. Below 992 px the menu is a drawer that closes when the route changes.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const own = useSessionConsole();
  const config = useAppConfig();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a route change
  useEffect(() => setDrawerOpen(false), [pathname, search]);

  const menu = useMemo(
    () =>
      own && user
        ? buildMenu(consoleTree(own.console), {
            roles: user.roles,
            host: window.location.hostname,
            externalSiteUrl: config?.externalSiteUrl,
            token,
          })
        : [],
    [own, user, config?.externalSiteUrl, token],
  );
  // What the pages below may know of their console (the home page's quick links, the offered application kinds).
  const consoleRoutes = useMemo(() => (own ? { ...own, menu } : null), [own, menu]);
  const routes = own?.routes ?? flatFramedPublic;
  const activeKey = activeMenuKey(routes, pathname, search);
  const crumbs = breadcrumbFor(routes, pathname, search);
  const keepAlive = Boolean(findRoute(routes, pathname)?.item.meta?.keepAlive);
  const showMenu = Boolean(user) && menu.length > 0;

  return (
    <AntdFrame>
      <Layout className="jcbb-shell">
        <a className="jcbb-skip" href="#jcbb-main">
          {t('layout.skipToContent')}
        </a>
        <TopBar
          mobile={mobile}
          menuState={mobile ? drawerOpen : collapsed}
          onToggleMenu={() => {
            if (!mobile) return setCollapsed(!collapsed);
            setDrawerUsed(true);
            setDrawerOpen(!drawerOpen);
          }}
          externalSiteUrl={config?.externalSiteUrl}
          helpCenterUrl={config?.helpCenterUrl}
        />
        <Layout className="jcbb-body">
          {showMenu && !mobile && (
            <Layout.Sider
              className="jcbb-sider"
              theme="light"
              width={SIDER_WIDTH}
              collapsedWidth={SIDER_COLLAPSED_WIDTH}
              collapsed={collapsed}
              trigger={null}
            >
              <nav aria-label={t('layout.sideMenu')}>
                <SideMenu menu={menu} activeKey={activeKey} collapsed={collapsed} />
              </nav>
            </Layout.Sider>
          )}
          {showMenu && mobile && drawerUsed && (
            <Suspense fallback={null}>
              <MobileMenu
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                menu={menu}
                activeKey={activeKey}
                width={SIDER_WIDTH}
              />
            </Suspense>
          )}
          <Layout.Content id="jcbb-main" className="jcbb-main" tabIndex={-1}>
            <AppBreadcrumb crumbs={crumbs} />
            {user && <CertBanner />}
            <InFrameContext.Provider value={true}>
              <ConsoleRoutesContext.Provider value={consoleRoutes}>
                <KeepAliveOutlet key={own?.console ?? 'public'} keepAlive={keepAlive} />
              </ConsoleRoutesContext.Provider>
            </InFrameContext.Provider>
          </Layout.Content>
        </Layout>
        {user && <ServiceButton />}
      </Layout>
    </AntdFrame>
  );
}
