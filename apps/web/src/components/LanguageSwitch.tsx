import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../lib/i18n.ts';

/** 简体中文 / English; the choice is remembered in this browser (lib/i18n). */
export function LanguageSwitch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  const label = LANGUAGES.find((l) => l.code === current)?.label ?? current;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((l) => ({ key: l.code, label: <span lang={l.code}>{l.label}</span> })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className="jcbb-topbar__button"
        icon={<GlobalOutlined />}
        aria-label={`${t('layout.language')}：${label}`}
      >
        {!compact && label}
      </Button>
    </Dropdown>
  );
}
