import { DownOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { periodOfDay, reportingPeriod } from '@jcbb/contract';
import { OrgType, Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { formatShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Collapse, Dropdown, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { openFetched, saveBlob } from '../../../lib/open-blob.ts';
import { useSession } from '../../../lib/session.ts';
import {
  CategoryPanel,
  DistrictPanel,
  ProjectsPanel,
  StarPanel,
  TrendPanel,
} from '../components/statistics/charts.tsx';
import { type Drill, DrillDrawer, type LinesFilter } from '../components/statistics/DrillDrawer.tsx';
import { DefinitionList, DefinitionsProvider } from '../components/statistics/definitions.tsx';
import { FilterBar } from '../components/statistics/FilterBar.tsx';
import { periodName } from '../components/statistics/format.ts';
import { KpiCards } from '../components/statistics/KpiCards.tsx';
import { CarbonPanel, InspectionPanel, SupplierPanel } from '../components/statistics/panels.tsx';
import { STATISTICS_NS } from '../locales/statistics-register.ts';
import { type StatisticsData, type StatisticsFilters, statisticsFiles, statisticsQueries } from '../statistics-api.ts';
import '../components/statistics/statistics.css';

/**
 * /govProcurementInfo/statisticsList — 采购统计 (docs/government.md, "Statistics: the page"): a city's figures for a
 * quarter (a committee its own city, the platform operator any city or all, a filer its own projects), filtered by
 * district, project type, batch, category and 仅统计已确认; the key figures, each opening the projects behind it;
 * green spend by district on the city's map; spend by category and star; the year's trend with the year to date;
 * projects by type and step; suppliers, transport carbon and inspections. Every figure states its definition and the
 * definitions' version; the workbook and the printable report carry the same filters. Kept alive (the filters and
 * the drawer survive a visit to a filing).
 */
export function StatisticsPage() {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const { user } = useSession();
  const operator = user?.roles.includes(Role.SUPER_ADMIN) ?? false;
  const committee = user?.organization?.type === OrgType.GOVERNMENT;
  const today = shanghaiToday();
  const current = periodOfDay(today);
  // The quarter last reported (its filings were due on the 5th of this quarter's first month), not the one under way.
  const [filters, setFilters] = useState<StatisticsFilters>({ period: reportingPeriod(today) });
  const [drill, setDrill] = useState<Drill | null>(null);
  const statistics = useQuery({ ...statisticsQueries.statistics(filters), placeholderData: keepPreviousData });
  const data = statistics.data;
  const change = (patch: Partial<StatisticsFilters>) => {
    setDrill(null);
    setFilters((f) => ({ ...f, ...patch }));
  };
  // The city whose districts the filter offers: the operator's choice; a committee's is the answer's.
  const cityCode = operator ? (filters.cityCode ?? null) : (data?.cityCode ?? null);
  const period = filters.period;
  const scope = data?.cityName ?? (operator ? t('page.allCities') : t('page.ownProjects'));
  const fileName = t('page.fileName', { scope, period });

  const workbook = useMutation({
    mutationFn: () => statisticsFiles.workbook(filters),
    onSuccess: (blob) => saveBlob(blob, `${fileName}.xlsx`),
  });
  const docx = useMutation({
    mutationFn: () => statisticsFiles.report(filters, 'docx'),
    onSuccess: (blob) => saveBlob(blob, `${fileName}.docx`),
  });
  const tools = (
    <Space wrap>
      <Button icon={<FileExcelOutlined />} loading={workbook.isPending} onClick={() => workbook.mutate()}>
        {t('page.export')}
      </Button>
      <Space.Compact>
        <Button
          icon={<PrinterOutlined />}
          onClick={() => void openFetched(() => statisticsFiles.report(filters, 'pdf'), `${fileName}.pdf`)}
        >
          {t('page.report')}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'docx', label: t('page.reportDocx') }],
            onClick: () => docx.mutate(),
          }}
        >
          <Button icon={<DownOutlined />} loading={docx.isPending} aria-label={t('page.reportMore')} />
        </Dropdown>
      </Space.Compact>
    </Space>
  );

  const intro = data?.cityName
    ? t('page.introCity', { city: data.cityName, period: periodName(period, english) })
    : t(operator ? 'page.introAll' : 'page.introOwn', { period: periodName(period, english) });
  return (
    <PageCard title={t('page.title')} tools={tools}>
      <div className="jcbb-stat">
        <FilterBar
          filters={filters}
          current={current}
          operator={operator}
          cityCode={cityCode}
          data={data}
          onChange={change}
        />
        {statistics.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('page.failed', { message: statistics.error.message })}
            action={
              <Button size="small" onClick={() => void statistics.refetch()}>
                {t('page.retry')}
              </Button>
            }
          />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <DefinitionsProvider value={data}>
            <div>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {intro}
              </Typography.Paragraph>
              <div className="jcbb-stat-meta">
                <span>{t('page.dataTime', { time: formatShanghaiTime(new Date(data.computedAt)) })}</span>
                <span>{t('page.version', { version: data.definitionVersion })}</span>
              </div>
            </div>
            <StatisticsBody
              data={data}
              committee={committee || operator}
              selectedDistrict={filters.regionCode}
              onDistrict={(regionCode) => change({ regionCode })}
              onOpen={(slice, title) => setDrill({ kind: 'projects', slice, title })}
              onLines={(filter, title) => setDrill({ kind: 'lines', filter, title })}
            />
          </DefinitionsProvider>
        )}
      </div>
      <DrillDrawer drill={drill} filters={filters} onChange={setDrill} />
    </PageCard>
  );
}

/** No filing counted for the quarter: nothing to chart yet. */
const noFilings = (data: StatisticsData) =>
  data.kpis.filedProjects === 0 && data.kpis.standardSpendFen === 0 && data.kpis.greenSpendFen === 0;

function StatisticsBody({
  data,
  committee,
  selectedDistrict,
  onDistrict,
  onOpen,
  onLines,
}: {
  data: StatisticsData;
  /** A committee or the platform operator (they wait for filings); else a filer (who files). */
  committee: boolean;
  selectedDistrict: string | undefined;
  onDistrict: (regionCode: string) => void;
  onOpen: Parameters<typeof KpiCards>[0]['onOpen'];
  onLines: (filter: LinesFilter, title: string) => void;
}) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const empty = noFilings(data);
  return (
    <>
      {empty && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('empty.title', { period: periodName(data.period, english) })}</Typography.Text>
              <Typography.Text type="secondary">{t(committee ? 'empty.committee' : 'empty.filer')}</Typography.Text>
            </Space>
          }
        >
          {!committee && (
            <Link to={pages.governmentFilings.path}>
              <Button type="primary">{t('empty.goFile')}</Button>
            </Link>
          )}
        </Empty>
      )}
      <KpiCards data={data} onOpen={onOpen} />
      {!empty && (
        <>
          <DistrictPanel data={data} selected={selectedDistrict} onSelect={onDistrict} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <CategoryPanel data={data} onLines={onLines} />
            </Col>
            <Col xs={24} xl={8}>
              <StarPanel data={data} onLines={onLines} />
            </Col>
          </Row>
          <TrendPanel data={data} />
          <ProjectsPanel data={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12} xl={8}>
              <SupplierPanel data={data} onLines={onLines} />
            </Col>
            <Col xs={24} lg={12} xl={8}>
              <CarbonPanel data={data} />
            </Col>
            <Col xs={24} lg={24} xl={8}>
              <InspectionPanel data={data} />
            </Col>
          </Row>
        </>
      )}
      <Collapse
        size="small"
        items={[{ key: 'definitions', label: t('definitions.title'), children: <DefinitionList /> }]}
      />
    </>
  );
}
