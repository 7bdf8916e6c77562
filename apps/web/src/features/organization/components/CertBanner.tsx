import { pages } from '@jcbb/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../../lib/session.ts';
import { mineQuery } from '../api.ts';
import { bannerKind, isEnterpriseAdmin } from '../cert-state.ts';

/**
 * The warning for users of organisations that are not certified (spec §1, §6): the enterprise administrator gets a
 * link to the certification page, other members the warning only. Government units are exempt (spec §9).
 */
export function CertBanner() {
  const { t } = useTranslation('organization');
  const { user } = useSession();
  const { pathname } = useLocation();
  const kind = bannerKind(user);
  const admin = isEnterpriseAdmin(user);
  // The rejection's reason is on the organisation, not in the session.
  const org = useQuery({
    ...mineQuery(),
    enabled: kind === 'rejected' && pathname !== pages.verification.path,
  });
  if (!kind) return null;

  const onVerificationPage = pathname === pages.verification.path;
  const reason = org.data?.rejectReason;
  // The certification page shows the reason itself, prominently.
  const description =
    kind === 'rejected' && reason && !onVerificationPage ? t('banner.rejectReason', { reason }) : undefined;
  const action =
    admin && !onVerificationPage ? (
      <Link to={pages.verification.path} className="cert-banner-link">
        {t(`banner.action.${kind}`)}
      </Link>
    ) : null;

  return (
    <Alert
      type={kind === 'pending' ? 'info' : 'warning'}
      showIcon
      banner
      title={
        <span>
          {t(`banner.${kind}.${admin ? 'admin' : 'staff'}`)}
          {action ? <> {action}</> : null}
        </span>
      }
      description={description}
      style={{ marginBottom: 16 }}
    />
  );
}
