import { ExportOutlined } from '@ant-design/icons';
import { pages } from '@jcbb/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MenuIcon } from '../../../components/menu-icons.tsx';
import type { MenuEntry } from '../../../lib/route-types.ts';
import { Panel } from './Panel.tsx';

export interface QuickLink {
  key: string;
  title: string;
  icon?: string;
  to?: string;
  href?: string;
}

/** The console's first pages, one per menu group, for a start without opening the menu (handy on phones). */
export function quickLinksOf(menu: MenuEntry[], max = 8): QuickLink[] {
  const links: QuickLink[] = [];
  for (const entry of menu) {
    const target = entry.children ? entry.children.find((c) => !c.children) : entry;
    if (!target || target.to === pages.home.path) continue;
    const icon = target.icon ?? entry.icon;
    links.push({
      key: target.key,
      title: entry.children ? entry.title : target.title,
      ...(icon ? { icon } : {}),
      ...(target.external ? { href: target.external.href } : { to: target.to ?? target.key }),
    });
    if (links.length >= max) break;
  }
  return links;
}

export function QuickLinks({ links }: { links: QuickLink[] }) {
  const { t } = useTranslation();
  const { t: th } = useTranslation('home');
  if (links.length === 0) return null;
  return (
    <Panel className="jcbb-home__links" title={<h2 className="jcbb-home__card-title">{th('quickLinks')}</h2>}>
      <ul className="jcbb-links">
        {links.map((link) => (
          <li key={link.key}>
            {link.href ? (
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="jcbb-links__item">
                <span className="jcbb-links__icon" aria-hidden>
                  <MenuIcon name={link.icon} />
                </span>
                <span>
                  {t(link.title)}
                  <ExportOutlined className="jcbb-links__ext" aria-hidden />
                  <span className="jcbb-sr-only">{t('layout.newTab')}</span>
                </span>
              </a>
            ) : (
              <Link to={link.to ?? '/'} className="jcbb-links__item">
                <span className="jcbb-links__icon" aria-hidden>
                  <MenuIcon name={link.icon} />
                </span>
                <span>{t(link.title)}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
