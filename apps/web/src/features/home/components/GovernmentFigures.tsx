import { CheckCircleOutlined, FileDoneOutlined, PieChartOutlined } from '@ant-design/icons';
import { reportingPeriod } from '@jcbb/contract';
import { pages } from '@jcbb/contract/pages';
import { shanghaiToday } from '@jcbb/contract/time';
import { useQuery } from '@tanstack/react-query';
import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { governmentStatisticsQuery } from '../api.ts';
import { FigureCard } from './FigureCard.tsx';

/** Basis points as a percentage with one decimal (43.5), or none (no spend to divide by: the card shows "—"). */
const percent = (bp: number | null | undefined) =>
  bp === null || bp === undefined ? undefined : Math.round(bp / 10) / 10;

/**
 * A committee's figures from the statistics dashboard's one call for the current quarter: projects filed, the green
 * share by value and the share of projects whose mandatory categories are all green, each linking to the dashboard.
 */
export function GovernmentFigureCols() {
  const { t } = useTranslation('home');
  const stats = useQuery(governmentStatisticsQuery(reportingPeriod(shanghaiToday())));
  const kpis = stats.data?.kpis;
  const state = { isPending: stats.isPending, isError: stats.isError };
  const link = { to: pages.governmentStatistics.path, label: t('stat.viewStatistics') };
  const figures = [
    { key: 'procurementRecords', icon: <FileDoneOutlined />, data: kpis?.filedProjects, suffix: t('units.projects') },
    { key: 'greenShare', icon: <PieChartOutlined />, data: percent(kpis?.greenShareBp), suffix: '%' },
    { key: 'govShare', icon: <CheckCircleOutlined />, data: percent(kpis?.mandatoryComplianceBp), suffix: '%' },
  ];
  return (
    <>
      {figures.map((f) => (
        <Col key={f.key} xs={12} xl={6}>
          <FigureCard
            icon={f.icon}
            title={t(`soon.${f.key}.title`)}
            query={{ ...state, data: f.data }}
            suffix={f.suffix}
            link={link}
          />
        </Col>
      ))}
    </>
  );
}
