import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Progress,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DistrictMap } from '../../../components/DistrictMap.tsx';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { hasBoundaries } from '../../../lib/district-boundaries.ts';
import { positiveId } from '../../../lib/record-id.ts';
import { useBuyerProjects } from '../components/summary/use-buyer-projects.tsx';
import { SUMMARY_NS } from '../locales/summary-register.ts';
import { type RegionDistricts, summaryQueries } from '../summary-api.ts';

const CLASSIFY = /^\d{2,8}$/;
const DISTRICT = /^\d{6}$/;

/**
 * /buildMaterialProcurement/region — 采购区域 (docs/procurement.md, "Region"): where the chosen project's city's
 * qualifying suppliers are, district by district (the public district calls): the districts ranked by qualifying
 * products (the list works without the map, and is what one clicks), a map of the city's districts when its
 * boundaries ship with the console (loaded on this page only), the region tree, and a chosen district's suppliers
 * and products. Filters in the address: `?projectId=`, `?classifyCode=` (a material line's class), `?green=1`,
 * `?district=`.
 */
export function RegionPage() {
  const { t } = useTranslation(SUMMARY_NS);
  const [params, setParams] = useSearchParams();
  const projects = useBuyerProjects();
  const list = projects.data?.list ?? [];
  const chosen = positiveId(params.get('projectId'));
  const project = list.find((p) => p.id === chosen) ?? list[0];
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const picker =
    list.length > 1 ? (
      <Select<number>
        aria-label={t('common.project')}
        value={project?.id}
        style={{ width: 300, maxWidth: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(id) => update({ projectId: String(id), district: null })}
        options={list.map((p) => ({ value: p.id, label: p.name }))}
      />
    ) : null;
  return (
    <PageCard title={t('region.title')} tools={picker}>
      {projects.isError ? (
        <Alert type="error" showIcon title={projects.error.message} />
      ) : !projects.data ? (
        <Skeleton active />
      ) : !project ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noProject')} />
      ) : !/^\d{6}$/.test(project.cityCode) ? (
        <Alert type="info" showIcon title={t('region.noCity')} />
      ) : (
        <CityRegions key={project.cityCode} cityCode={project.cityCode} params={params} update={update} />
      )}
    </PageCard>
  );
}

function CityRegions({
  cityCode,
  params,
  update,
}: {
  cityCode: string;
  params: URLSearchParams;
  update: (patch: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation(SUMMARY_NS);
  const rawClassify = params.get('classifyCode') ?? '';
  const classifyCode = CLASSIFY.test(rawClassify) ? rawClassify : undefined;
  const isGreen = params.get('green') === '1' ? true : undefined;
  const rawDistrict = params.get('district') ?? '';
  const filters = { ...(classifyCode ? { classifyCode } : {}), ...(isGreen ? { isGreen } : {}) };
  const districts = useQuery(summaryQueries.districts({ cityCode, ...filters }));
  const data = districts.data;
  const selected = data?.districts.find((d) => d.code === rawDistrict) ?? null;
  const mapDistricts = useMemo(
    () => (data?.districts ?? []).map((d) => ({ code: d.code, name: d.name, value: d.productCount })),
    [data],
  );

  const toolbar = (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
      <Segmented<string>
        value={isGreen ? 'green' : 'all'}
        onChange={(v) => update({ green: v === 'green' ? '1' : null })}
        options={[
          { value: 'all', label: t('region.all') },
          { value: 'green', label: t('region.onlyGreen') },
        ]}
      />
      {classifyCode && (
        <Tag closable onClose={() => update({ classifyCode: null })} closeIcon aria-label={t('region.clearClassify')}>
          {t('region.classify', { code: classifyCode })}
        </Tag>
      )}
    </Flex>
  );
  if (districts.isError) {
    return (
      <>
        {toolbar}
        <Alert type="error" showIcon title={t('region.failed', { message: districts.error.message })} />
      </>
    );
  }
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('region.intro', { city: data.city.name })} {t('region.products', { count: data.productCount })} ·{' '}
        {t('region.suppliers', { count: data.supplierCount })}
      </Typography.Paragraph>
      {toolbar}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {hasBoundaries(cityCode) ? (
            <figure style={{ margin: 0 }}>
              <DistrictMap
                cityCode={cityCode}
                districts={mapDistricts}
                selected={selected?.code ?? null}
                label={t('region.mapLabel', { city: data.city.name })}
              />
              <figcaption>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('region.mapNote')}
                </Typography.Text>
              </figcaption>
            </figure>
          ) : (
            <Alert type="info" showIcon title={t('region.noMap')} />
          )}
        </Col>
        <Col xs={24} lg={10}>
          <RankedDistricts
            data={data}
            selected={selected?.code ?? null}
            onSelect={(code) => update({ district: code })}
          />
        </Col>
      </Row>
      {data.elsewhereProductCount > 0 && (
        <Typography.Text type="secondary">
          {t('region.elsewhere', { count: data.elsewhereProductCount })}
        </Typography.Text>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('region.tree')}>
            <Tree
              defaultExpandAll
              selectedKeys={selected ? [selected.code] : []}
              onSelect={(keys) => {
                const key = String(keys[0] ?? '');
                if (DISTRICT.test(key) && key !== cityCode) update({ district: key });
              }}
              treeData={[
                {
                  key: cityCode,
                  title: `${data.city.provinceName} ${data.city.name}（${data.productCount}）`,
                  selectable: false,
                  children: data.districts.map((d) => ({ key: d.code, title: `${d.name}（${d.productCount}）` })),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          {selected ? (
            <DistrictSuppliers code={selected.code} name={selected.name} filters={filters} />
          ) : (
            <Alert type="info" showIcon title={t('region.choose')} />
          )}
        </Col>
      </Row>
    </Space>
  );
}

function RankedDistricts({
  data,
  selected,
  onSelect,
}: {
  data: RegionDistricts;
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation(SUMMARY_NS);
  const max = Math.max(1, ...data.districts.map((d) => d.productCount));
  return (
    <section aria-label={t('region.ranked')}>
      <Typography.Title level={5}>{t('region.ranked')}</Typography.Title>
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.districts.map((d, i) => (
          <li key={d.code} style={{ marginBottom: 6 }}>
            <Button
              type={d.code === selected ? 'primary' : 'text'}
              ghost={d.code === selected}
              block
              onClick={() => onSelect(d.code)}
              style={{ height: 'auto', padding: '4px 8px', textAlign: 'left' }}
              aria-pressed={d.code === selected}
            >
              <Flex gap={8} align="center" style={{ width: '100%' }}>
                <Typography.Text type="secondary" style={{ width: 20, flex: 'none' }}>
                  {i + 1}
                </Typography.Text>
                <Typography.Text style={{ width: 72, flex: 'none' }}>{d.name}</Typography.Text>
                <Progress
                  percent={(d.productCount / max) * 100}
                  showInfo={false}
                  size="small"
                  style={{ flex: 1, minWidth: 40, margin: 0 }}
                  aria-hidden
                />
                <Typography.Text style={{ flex: 'none', fontSize: 12 }}>
                  {t('region.products', { count: d.productCount })} ·{' '}
                  {t('region.suppliers', { count: d.supplierCount })}
                </Typography.Text>
              </Flex>
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function DistrictSuppliers({
  code,
  name,
  filters,
}: {
  code: string;
  name: string;
  filters: { classifyCode?: string; isGreen?: boolean };
}) {
  const { t } = useTranslation(SUMMARY_NS);
  const details = useQuery(summaryQueries.district({ regionCode: code, ...filters }));
  return (
    <Card size="small" title={t('region.districtTitle', { district: name })}>
      {details.isError ? (
        <Alert type="error" showIcon title={t('region.failed', { message: details.error.message })} />
      ) : !details.data ? (
        <Skeleton active />
      ) : (
        <ItemList
          items={details.data.suppliers}
          rowKey={(s) => s.orgId}
          emptyText={t('region.noSuppliers')}
          renderItem={(s) => (
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong>
                {s.name}（{t('region.products', { count: s.products.length })}）
              </Typography.Text>
              <Flex wrap gap={6}>
                {s.products.map((p) => (
                  <Tag key={p.productId} color={p.isGreen ? 'green' : undefined}>
                    {p.name}
                    {p.classifyName ? ` · ${p.classifyName}` : ''}
                    {p.isGreen ? ` · ${t('region.greenTag')}` : ''}
                  </Tag>
                ))}
              </Flex>
            </Space>
          )}
        />
      )}
    </Card>
  );
}
