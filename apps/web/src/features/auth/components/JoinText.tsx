import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-config.ts';

/** How a new organisation joins: the configured text (JOIN_INFO, GET /open/config), else the default one. */
export function JoinText() {
  const { t } = useTranslation('auth');
  const configured = useAppConfig()?.joinInfo?.trim();
  return <p>{configured || t('login.joinDefault')}</p>;
}
