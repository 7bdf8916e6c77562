import { PRODUCT_TITLE } from '@jcbb/contract/enums';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformMark } from '../components/Logo.tsx';
import type { MenuEntry } from '../lib/route-types.ts';
import { SideMenu } from './SideMenu.tsx';

/** The side menu as a drawer in mobile mode (below 992 px), 210 px wide like the desktop menu. */
export default function MobileMenu({
  open,
  onClose,
  menu,
  activeKey,
  width,
}: {
  open: boolean;
  onClose: () => void;
  menu: MenuEntry[];
  activeKey: string;
  width: number;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      className="jcbb-drawer"
      placement="left"
      size={width}
      open={open}
      onClose={onClose}
      title={
        <span className="jcbb-drawer__title">
          <PlatformMark size={24} />
          {PRODUCT_TITLE}
        </span>
      }
      styles={{ body: { padding: 0 } }}
    >
      <nav aria-label={t('layout.sideMenu')}>
        <SideMenu menu={menu} activeKey={activeKey} />
      </nav>
    </Drawer>
  );
}
