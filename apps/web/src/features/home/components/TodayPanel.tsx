import { BarChartOutlined, RightOutlined } from '@ant-design/icons';
import type { HomeFigureKey, HomeTodoKey } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Col, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Inbox, todayQuery, unreadQuery } from '../api.ts';
import { FigureCard } from './FigureCard.tsx';
import { Panel } from './Panel.tsx';

/** Where the user acts on each item; the distributor keeps its authorisations with its licensed products. */
function todoLink(key: HomeTodoKey, orgType: number | undefined): string {
  switch (key) {
    case 'certificationAudits':
      return pages.certificationReview.path;
    case 'platformListingAudits':
      return '/admin/listings';
    case 'platformRevisionAudits':
      return '/admin/revisions';
    case 'cityListingAudits':
      return '/gov/listings';
    case 'cityRevisionAudits':
      return '/gov/revisions';
    case 'certificateApplications':
      return '/blockchain/approval/index';
    case 'deliveriesToReceive':
    case 'inspectionsToConfirm':
      return '/projectConstruction/receive';
    case 'inquiriesToQuote':
      return '/procurementSales/inquiries';
    case 'ordersToConfirm':
      return '/procurementSales/orders';
    case 'expiringCertificates':
      return pages.certificates.path;
    case 'expiringAuthorisations':
    case 'authorisationsToAccept':
      return orgType === OrgType.DISTRIBUTOR ? '/distributor/productList' : '/agent/index';
    case 'openRiskAlerts':
      return '/govProcurementInfo/riskAlerts';
    case 'quotesReceived':
      return '/buildMaterialProcurement/selectionAndPurchase';
    case 'deliveriesOnTheWay':
      return '/project/list';
    case 'filingsToFile':
    case 'filingsToConfirm':
      return pages.governmentFilings.path;
    case 'witnessToSample':
      return '/projectConstruction/spotCheck';
  }
}

const figureLinks: Record<HomeFigureKey, string> = {
  shipments: pages.traceDashboard.path,
  licensedProducts: '/distributor/productList',
  contracts: '/productionManagement/contractList',
  projects: '/project/list',
  outbound: '/projectConstruction/outbound',
  spotChecks: '/projectConstruction/spotCheck',
  failedLots: '/projectConstruction/spotCheck',
  materialLists: '/buildMaterialProcurement/materialsList',
  purchases: '/buildMaterialProcurement/orders',
  suppliers: '/buildMaterialProcurement/alternateSuppliers',
};

interface Row {
  key: string;
  count: number | undefined;
  to: string;
}

/** "What needs you today": each count with the page where the user acts on it; a dash where a count failed. */
export function TodayPanel({ orgType, inbox }: { orgType: number | undefined; inbox: Inbox }) {
  const { t } = useTranslation('home');
  const today = useQuery(todayQuery());
  const unread = useQuery(unreadQuery(inbox)).data;
  const rows: Row[] = [
    ...(today.data?.todo ?? []).map((item) => ({ key: item.key, count: item.count, to: todoLink(item.key, orgType) })),
    { key: 'unread', count: unread, to: '/message' },
  ];
  return (
    <Panel className="jcbb-today" title={<h2 className="jcbb-home__heading jcbb-today__title">{t('todo.title')}</h2>}>
      {today.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <ul className="jcbb-today__list">
          {rows.map((row) => (
            <li key={row.key}>
              <Link to={row.to} className="jcbb-today__item">
                <span className="jcbb-today__label">{t(`todo.${row.key}`)}</span>
                <span className={row.count ? 'jcbb-today__count is-hot' : 'jcbb-today__count'}>
                  {row.count === undefined ? '—' : row.count.toLocaleString()}
                </span>
                <RightOutlined aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {today.isError && <p className="jcbb-figure__error">{t('unavailable')}</p>}
    </Panel>
  );
}

/** The organisation type's figures the home endpoint answers, one column each (the overview row). */
export function TodayFigureCols() {
  const { t } = useTranslation('home');
  const today = useQuery(todayQuery());
  return (
    <>
      {(today.data?.figures ?? []).map((figure) => (
        <Col key={figure.key} xs={12} xl={6}>
          <FigureCard
            icon={<BarChartOutlined />}
            title={t(`soon.${figure.key}.title`)}
            query={{ data: figure.count, isPending: false, isError: false }}
            suffix={t('units.items')}
            link={{ to: figureLinks[figure.key], label: t('stat.view') }}
          />
        </Col>
      ))}
    </>
  );
}
