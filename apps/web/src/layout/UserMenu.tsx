import { HomeOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { pages } from '@jcbb/contract/pages';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { externalSiteHref } from '../app/menu.ts';
import { PROFILE_SITE_PATH } from '../app/route-table.tsx';
import { useSession } from '../lib/session.ts';
import { signOut } from './sign-out.ts';

const PASSWORD_PATH = '/user/password';

/** The user dropdown (spec §2): back home, personal centre, change password, sign out. */
export function UserMenu({ externalSiteUrl, compact }: { externalSiteUrl: string | undefined; compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, token } = useSession();
  if (!user) return null;
  const name = user.realName || user.username;

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('layout.backHome') },
    { key: 'personal', icon: <UserOutlined />, label: t('layout.personalCenter') },
    { key: 'password', icon: <LockOutlined />, label: t('layout.changePassword') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.signOut') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') navigate(pages.home.path);
    else if (key === 'password') navigate(PASSWORD_PATH);
    else if (key === 'logout') void signOut();
    else if (key === 'personal') {
      // The personal centre lives on the account-centre site when one is configured; else the profile page here.
      if (externalSiteUrl) {
        window.open(externalSiteHref(externalSiteUrl, PROFILE_SITE_PATH, token), '_blank', 'noopener,noreferrer');
      } else navigate(pages.accountProfile.path);
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="jcbb-topbar__button jcbb-user" aria-label={`${t('layout.userMenu')}：${name}`}>
        <span className="jcbb-user__avatar" aria-hidden>
          {user.headimgurl ? <img src={user.headimgurl} alt="" /> : name.slice(0, 1)}
        </span>
        {!compact && <span className="jcbb-user__name">{name}</span>}
      </Button>
    </Dropdown>
  );
}
