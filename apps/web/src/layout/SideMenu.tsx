import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { openKeysFor } from '../app/menu.ts';
import { preloadPage } from '../app/route-preload.ts';
import { MenuIcon } from '../components/menu-icons.tsx';
import type { MenuEntry } from '../lib/route-types.ts';

type Item = Required<MenuProps>['items'][number];

function findEntry(menu: MenuEntry[], key: string): MenuEntry | undefined {
  for (const entry of menu) {
    if (entry.key === key) return entry;
    const inner = entry.children && findEntry(entry.children, key);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The console's menu from the menu builder's entries. Routed entries are links, external ones open a new tab; the
 * whole row is clickable and keyboard-usable (Enter on a focused row follows it).
 */
export function SideMenu({
  menu,
  activeKey,
  collapsed = false,
}: {
  menu: MenuEntry[];
  activeKey: string;
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menu, activeKey));

  // Opening the group of the page on screen, keeping groups the user opened.
  useEffect(() => {
    const needed = openKeysFor(menu, activeKey);
    setOpenKeys((current) => [...new Set([...current, ...needed])]);
  }, [menu, activeKey]);

  const items = useMemo(() => {
    const toItem = (entry: MenuEntry): Item => {
      const title = t(entry.title);
      const icon = entry.icon ? <MenuIcon name={entry.icon} /> : undefined;
      if (entry.children) {
        return { key: entry.key, icon, label: title, children: entry.children.map(toItem) };
      }
      if (entry.external) {
        const label = (
          <a href={entry.external.href} target={entry.external.target} rel={entry.external.rel}>
            {title}
            <span className="jcbb-sr-only">{t('layout.newTab')}</span>
          </a>
        );
        return { key: entry.key, icon, label, title };
      }
      // The page's code starts downloading when its entry is pointed at or focused, before the click.
      const to = entry.to ?? entry.key;
      const preload = () => preloadPage(new URL(to, 'http://x').pathname);
      const label = (
        <Link to={to} onFocus={preload}>
          {title}
        </Link>
      );
      return { key: entry.key, icon, label, title, onMouseEnter: preload };
    };
    return menu.map(toItem);
  }, [menu, t]);

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    // A click on the link itself is handled by the link; this serves clicks beside it and the keyboard.
    if ((domEvent.target as HTMLElement | null)?.closest?.('a')) return;
    const entry = findEntry(menu, key);
    if (entry?.external) window.open(entry.external.href, '_blank', 'noopener,noreferrer');
    else if (entry?.to) navigate(entry.to);
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[activeKey]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
