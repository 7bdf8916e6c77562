import { SwapOutlined } from '@ant-design/icons';
import { type ModuleCodeValue, moduleLabels } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLanguage } from '../lib/i18n.ts';
import { session, useSession } from '../lib/session.ts';

function labelOf(code: string | null): string {
  const label = code ? moduleLabels[code as ModuleCodeValue] : undefined;
  if (!label) return code ?? '';
  return currentLanguage() === 'en' ? label.en : label.zh;
}

/**
 * When the organisation has several modules enabled, choose the one to work in (spec §6): the menu is rebuilt for
 * it and the console starts again from its home page.
 */
export function AppSwitcher({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modules, currentApp } = useSession();
  const known = modules.filter((m) => m in moduleLabels);
  if (known.length < 2) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: currentApp ? [currentApp] : [],
        items: known.map((code) => ({ key: code, label: labelOf(code) })),
        onClick: ({ key }) => {
          if (key === currentApp) return;
          session.setCurrentApp(key);
          navigate(pages.home.path);
        },
      }}
    >
      <Button
        type="text"
        className="jcbb-topbar__button jcbb-app-switch"
        icon={<SwapOutlined />}
        aria-label={`${t('layout.switchApp')}：${labelOf(currentApp)}`}
      >
        {!compact && labelOf(currentApp)}
      </Button>
    </Dropdown>
  );
}
