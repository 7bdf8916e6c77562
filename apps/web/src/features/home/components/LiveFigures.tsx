import {
  AppstoreOutlined,
  AuditOutlined,
  EnvironmentOutlined,
  FileProtectOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { ListingStatus } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Col } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleKey } from '../../../lib/route-types.ts';
import { homeKeys, liveFigureApi } from '../api.ts';
import { FigureCard } from './FigureCard.tsx';

interface LiveFigure {
  key: string;
  icon: ReactNode;
  load: () => Promise<number>;
  suffix: 'items' | 'products' | 'records';
  link?: string;
  /** Work waiting for the reader: drawn in colour above zero. */
  highlight?: boolean;
}

/** The figures the product centre, the listings, the certificates and the ledger answer today, per console. */
const liveFigures: Partial<Record<ConsoleKey, LiveFigure[]>> = {
  manufacturer: [
    {
      key: 'products',
      icon: <AppstoreOutlined />,
      load: () => liveFigureApi.products(),
      suffix: 'products',
      link: '/product/list',
    },
    {
      key: 'listings',
      icon: <EnvironmentOutlined />,
      load: () => liveFigureApi.listings(ListingStatus.LISTED),
      suffix: 'items',
      link: pages.listingList.path,
    },
    {
      key: 'greenProducts',
      icon: <SafetyCertificateOutlined />,
      load: () => liveFigureApi.products({ isGreen: true }),
      suffix: 'products',
      link: '/product/list',
    },
  ],
  // The distributor's evidence records work today (the ledger module), so they are counted, not "即将上线".
  distributor: [
    {
      key: 'evidence',
      icon: <SafetyOutlined />,
      load: liveFigureApi.evidenceRecords,
      suffix: 'records',
      link: '/blockchain/storage/index',
    },
  ],
  certification: [
    {
      key: 'pendingApplications',
      icon: <AuditOutlined />,
      load: liveFigureApi.approvalQueue,
      suffix: 'items',
      link: '/blockchain/approval/index',
      highlight: true,
    },
    {
      key: 'issued',
      icon: <FileProtectOutlined />,
      load: liveFigureApi.issuedCertificates,
      suffix: 'items',
      link: pages.certificates.path,
    },
  ],
  government: [
    {
      key: 'cityListings',
      icon: <AuditOutlined />,
      load: () => liveFigureApi.listings(ListingStatus.CITY_AUDIT),
      suffix: 'items',
      link: '/gov/listings',
      highlight: true,
    },
  ],
  admin: [
    {
      key: 'listingAudits',
      icon: <AuditOutlined />,
      load: () => liveFigureApi.listings(ListingStatus.PLATFORM_AUDIT),
      suffix: 'items',
      link: '/admin/listings',
      highlight: true,
    },
    { key: 'ledger', icon: <SafetyOutlined />, load: liveFigureApi.ledgerSize, suffix: 'records' },
  ],
};

function LiveFigureCard({ figure }: { figure: LiveFigure }) {
  const { t } = useTranslation('home');
  const query = useQuery({ queryKey: homeKeys.live(figure.key), queryFn: figure.load });
  return (
    <FigureCard
      icon={figure.icon}
      title={t(`soon.${figure.key}.title`)}
      query={query}
      suffix={t(`units.${figure.suffix}`)}
      link={figure.link ? { to: figure.link, label: t('stat.view') } : undefined}
      highlight={figure.highlight}
    />
  );
}

/** Columns for the overview row: one live figure each. */
export function LiveFigureCols({ consoleKey }: { consoleKey: ConsoleKey }) {
  return (
    <>
      {(liveFigures[consoleKey] ?? []).map((figure) => (
        <Col key={figure.key} xs={12} xl={6}>
          <LiveFigureCard figure={figure} />
        </Col>
      ))}
    </>
  );
}
