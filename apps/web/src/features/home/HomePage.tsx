import {
  ApartmentOutlined,
  AuditOutlined,
  BellOutlined,
  CheckCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  CERT_EXEMPT_ORG_TYPE,
  type CertStatusValue,
  certStatusLabels,
  type OrgTypeValue,
  orgTypeLabels,
  Role,
} from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { shanghaiToday } from '@jcbb/contract/time';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { useConsoleRoutes } from '../../lib/route-context.ts';
import type { ConsoleKey } from '../../lib/route-types.ts';
import { type SessionUser, useSession } from '../../lib/session.ts';
import { membersTotalQuery, organizationsTotalQuery, pendingCertificationsQuery, unreadQuery } from './api.ts';
import { FigureCard } from './components/FigureCard.tsx';
import { GovernmentFigureCols } from './components/GovernmentFigures.tsx';
import { LiveFigureCols } from './components/LiveFigures.tsx';
import { QuickLinks, quickLinksOf } from './components/QuickLinks.tsx';
import { TodayFigureCols, TodayPanel } from './components/TodayPanel.tsx';
import './home.css';
import { Panel } from './components/Panel.tsx';

const certColor: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'green', 3: 'red' };

function orgTypeName(type: number | undefined): string | null {
  const label = type === undefined ? undefined : orgTypeLabels[type as OrgTypeValue];
  if (!label) return null;
  return currentLanguage() === 'en' ? label.en : label.zh;
}

/**
 * The home page of every console (issue 3 item 11): who you are, what needs you today, the figures that exist (the
 * overview: counted by the server, never made up; a committee's from the statistics dashboard) and quick links.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { user, currentApp } = useSession();
  // The console frame's: its key and its side menu, whose entries the quick links offer.
  const own = useConsoleRoutes();
  const consoleKey = own?.console ?? 'basic';
  const menu = own?.menu ?? [];

  if (!user) return null;
  return (
    <div className="jcbb-home">
      <Welcome user={user} />
      <TodayPanel
        orgType={user.organization?.type}
        inbox={{ toUid: user.id, companyId: user.companyId ?? undefined, currentApp }}
      />
      <section aria-labelledby="jcbb-home-overview">
        <h2 id="jcbb-home-overview" className="jcbb-home__heading">
          {t('overview')}
        </h2>
        {consoleKey === 'admin' ? (
          <AdminFigures />
        ) : (
          <OrganizationFigures user={user} currentApp={currentApp} consoleKey={consoleKey} />
        )}
      </section>
      <QuickLinks links={quickLinksOf(menu)} />
    </div>
  );
}

function Welcome({ user }: { user: SessionUser }) {
  const { t } = useTranslation('home');
  const name = user.realName || user.username;
  const typeName = orgTypeName(user.organization?.type);
  const roles = user.roles.map((r) =>
    r === Role.SUPER_ADMIN ? t('superAdmin') : t(`roles.${r}`, { defaultValue: r }),
  );
  return (
    <Panel className="jcbb-home__welcome">
      <div className="jcbb-home__welcome-main">
        <h1 className="jcbb-home__hello">{t('hello', { name })}</h1>
        <p className="jcbb-home__org">
          {user.org?.name ?? t('platformOperator')}
          {typeName && <span className="jcbb-home__type">{typeName}</span>}
        </p>
        <div className="jcbb-home__tags">
          {roles.map((role) => (
            <Tag key={role} color="green">
              {role}
            </Tag>
          ))}
        </div>
      </div>
      {/* The platform's day is Asia/Shanghai's, whatever the browser's zone. */}
      <p className="jcbb-home__today">{t('today', { date: dayjs(shanghaiToday()).format('YYYY-MM-DD dddd') })}</p>
    </Panel>
  );
}

function OrganizationFigures({
  user,
  currentApp,
  consoleKey,
}: {
  user: SessionUser;
  currentApp: string | null;
  consoleKey: ConsoleKey;
}) {
  const { t } = useTranslation('home');
  const admin = user.roles.includes(Role.ENTERPRISE_ADMIN);
  const inbox = { toUid: user.id, companyId: user.companyId ?? undefined, currentApp };
  const unread = useQuery(unreadQuery(inbox));
  const members = useQuery({ ...membersTotalQuery(), enabled: admin });
  const org = user.organization;
  const exempt = org?.type === CERT_EXEMPT_ORG_TYPE;
  const certStatus = (org?.certStatus ?? 0) as CertStatusValue;
  const certText = exempt
    ? t('stat.exempt')
    : t(`certStatus.${certStatus}`, { defaultValue: certStatusLabels[certStatus] });
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} xl={6}>
        <FigureCard
          icon={<SafetyCertificateOutlined />}
          title={t(exempt ? 'stat.unitCertification' : 'stat.certification')}
          value={
            <Tag
              color={exempt ? 'green' : certColor[certStatus]}
              icon={certStatus === 2 || exempt ? <CheckCircleOutlined /> : undefined}
            >
              {certText}
            </Tag>
          }
          link={exempt ? undefined : { to: pages.verification.path, label: t('stat.viewCertification') }}
        />
      </Col>
      <Col xs={12} xl={6}>
        <FigureCard
          icon={<BellOutlined />}
          title={t('stat.unread')}
          query={unread}
          suffix={t('units.items')}
          link={{ to: '/message', label: t('stat.viewMessages') }}
        />
      </Col>
      {admin && (
        <Col xs={12} xl={6}>
          <FigureCard
            icon={<TeamOutlined />}
            title={t('stat.members')}
            query={members}
            suffix={t('units.people')}
            link={{ to: '/organization/members', label: t('stat.viewMembers') }}
          />
        </Col>
      )}
      <LiveFigureCols consoleKey={consoleKey} />
      {consoleKey === 'government' && <GovernmentFigureCols />}
      <TodayFigureCols />
    </Row>
  );
}

function AdminFigures() {
  const { t } = useTranslation('home');
  const { user, currentApp } = useSession();
  const inbox = { toUid: user?.id, currentApp };
  const pending = useQuery(pendingCertificationsQuery());
  const organizations = useQuery(organizationsTotalQuery());
  const certified = useQuery(organizationsTotalQuery(2));
  const unread = useQuery(unreadQuery(inbox));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} xl={6}>
        <FigureCard
          icon={<AuditOutlined />}
          title={t('stat.pendingCertifications')}
          query={pending}
          suffix={t('units.items')}
          highlight
          link={{ to: pages.certificationReview.path, label: t('stat.review') }}
        />
      </Col>
      <Col xs={12} xl={6}>
        <FigureCard
          icon={<ApartmentOutlined />}
          title={t('stat.organizations')}
          query={organizations}
          suffix={t('units.orgs')}
          link={{ to: '/admin/organizations', label: t('stat.viewOrganizations') }}
        />
      </Col>
      <Col xs={12} xl={6}>
        <FigureCard
          icon={<CheckCircleOutlined />}
          title={t('stat.certifiedOrganizations')}
          query={certified}
          suffix={t('units.orgs')}
        />
      </Col>
      <Col xs={12} xl={6}>
        <FigureCard
          icon={<BellOutlined />}
          title={t('stat.unread')}
          query={unread}
          suffix={t('units.items')}
          link={{ to: '/message', label: t('stat.viewMessages') }}
        />
      </Col>
      <LiveFigureCols consoleKey="admin" />
    </Row>
  );
}
