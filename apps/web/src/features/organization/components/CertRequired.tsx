import { pages } from '@jcbb/contract/pages';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../lib/session.ts';
import { bannerKind, isEnterpriseAdmin } from '../cert-state.ts';

/**
 * Is the signed-in user's organisation certified (or exempt)? The server decides every call (docs/decisions.md,
 * "What an uncertified organisation may do"); a page asks this only to show `CertRequired` instead of a form whose
 * calls would be refused.
 */
export function useCertified(): boolean {
  return bannerKind(useSession().user) === null;
}

/**
 * In place of a page whose purpose an uncertified organisation may not use (the ship wizard): the banner's words
 * (`CertBanner`), the rule, and for the enterprise administrator the way to the certification page.
 */
export function CertRequired() {
  const { t } = useTranslation('organization');
  const { user } = useSession();
  const navigate = useNavigate();
  const kind = bannerKind(user) ?? 'uncertified';
  const admin = isEnterpriseAdmin(user);
  return (
    <Result
      status="warning"
      title={t(`banner.${kind}.${admin ? 'admin' : 'staff'}`)}
      subTitle={t('banner.required')}
      extra={
        admin ? (
          <Button type="primary" onClick={() => navigate(pages.verification.path)}>
            {t(`banner.action.${kind}`)}
          </Button>
        ) : null
      }
    />
  );
}
