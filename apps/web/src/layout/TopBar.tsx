import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { PRODUCT_TITLE } from '@jcbb/contract/enums';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { CommitteeMark, isCommitteeUser, PlatformMark } from '../components/Logo.tsx';
import { PublicEntry } from '../components/PublicEntry.tsx';
import { MessagePopover } from '../features/message/public.ts';
import { useSession } from '../lib/session.ts';
import { AppSwitcher } from './AppSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface TopBarProps {
  mobile: boolean;
  /** Desktop: the side menu is collapsed. Mobile: the drawer is open. */
  menuState: boolean;
  onToggleMenu: () => void;
  externalSiteUrl: string | undefined;
  helpCenterUrl: string | undefined;
}

/** The top bar (spec §2): menu toggle, logo (the committee's mark for 住建委), app switch, messages, help, language, user. */
export function TopBar({ mobile, menuState, onToggleMenu, externalSiteUrl, helpCenterUrl }: TopBarProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const committee = isCommitteeUser(user?.roles);
  const toggleLabel = mobile
    ? t(menuState ? 'layout.closeMenu' : 'layout.openMenu')
    : t(menuState ? 'layout.expandMenu' : 'layout.collapseMenu');
  const toggleIcon = mobile ? <MenuOutlined /> : menuState ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;

  return (
    <header className="jcbb-topbar">
      {user && (
        <Button
          type="text"
          className="jcbb-topbar__button jcbb-topbar__toggle"
          icon={toggleIcon}
          onClick={onToggleMenu}
          aria-label={toggleLabel}
          aria-expanded={mobile ? menuState : !menuState}
        />
      )}
      <Link to="/" className="jcbb-brand" aria-label={t('layout.logoHome')}>
        {committee ? <CommitteeMark /> : <PlatformMark />}
        <span className="jcbb-brand__text">
          <span className="jcbb-brand__title">{PRODUCT_TITLE}</span>
          {!mobile && <span className="jcbb-brand__subtitle">{t('platform')}</span>}
        </span>
      </Link>
      {user && <AppSwitcher compact={mobile} />}
      <span className="jcbb-topbar__spacer" />
      <div className="jcbb-topbar__actions">
        <span className="jcbb-topbar__messages">
          <MessagePopover />
        </span>
        {helpCenterUrl && (
          <Button
            type="text"
            className="jcbb-topbar__button"
            icon={<QuestionCircleOutlined />}
            href={helpCenterUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('layout.helpCenter')}${t('layout.newTab')}`}
          >
            {!mobile && t('layout.helpCenter')}
          </Button>
        )}
        <LanguageSwitch compact={mobile} />
        {user ? <UserMenu externalSiteUrl={externalSiteUrl} compact={mobile} /> : <PublicEntry />}
      </div>
    </header>
  );
}
