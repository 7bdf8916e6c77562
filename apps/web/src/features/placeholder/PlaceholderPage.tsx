import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { Alert, Button, Card, Tag } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PublicFrame } from '../../components/PublicFrame.tsx';
import { LOGIN_PATH } from '../../lib/login-path.ts';
import { useCurrentRoute, useInFrame } from '../../lib/route-context.ts';
import { useSession } from '../../lib/session.ts';
import { ConstructionArt } from './ConstructionArt.tsx';
import './route-descriptions.ts';
import './placeholder.css';

/**
 * The honest page of a route whose module a later release builds: it says so, names what the page will hold (the
 * route's meta.description) and leads back home. Never a blank screen or a dead link.
 */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const inFrame = useInFrame();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const headingId = useId();
  const meta = route?.item.meta;
  const title = meta ? t(meta.title) : '';
  const description = meta?.description ? t(meta.description) : '';
  const signedIn = Boolean(token);
  // A missing setting is the platform operator's to fix: only super_admin is told (everyone else sees the page).
  const configNote =
    meta?.externalSite && user?.roles.includes(Role.SUPER_ADMIN) ? t('placeholder.externalSiteMissing') : '';

  const card = (
    <Card className="jcbb-placeholder" variant="borderless">
      <section aria-labelledby={headingId} className="jcbb-placeholder__body">
        <ConstructionArt />
        <Tag color="gold" className="jcbb-placeholder__badge">
          {t('placeholder.badge')}
        </Tag>
        <h1 id={headingId} className="jcbb-placeholder__title">
          {t('placeholder.title', { title })}
        </h1>
        {description && (
          <>
            <p className="jcbb-placeholder__intro">{t('placeholder.intro')}</p>
            <p className="jcbb-placeholder__desc">{description}</p>
          </>
        )}
        {configNote && <Alert type="warning" showIcon title={configNote} className="jcbb-placeholder__config" />}
        <Button
          type="primary"
          size="large"
          icon={signedIn ? <HomeOutlined /> : <LoginOutlined />}
          onClick={() => navigate(signedIn ? pages.home.path : LOGIN_PATH)}
        >
          {t(signedIn ? 'placeholder.back' : 'placeholder.signIn')}
        </Button>
      </section>
    </Card>
  );
  return inFrame ? card : <PublicFrame>{card}</PublicFrame>;
}
