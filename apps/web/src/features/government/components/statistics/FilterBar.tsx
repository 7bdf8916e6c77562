import { previousPeriod, projectTypeLabels } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOptions } from '../../../../lib/labels.ts';
import { STATISTICS_NS } from '../../locales/statistics-register.ts';
import { type StatisticsData, type StatisticsFilters, statisticsQueries } from '../../statistics-api.ts';
import { periodName } from './format.ts';

/** The quarters offered: the current one and the eleven before it (three years). */
const QUARTERS = 12;

function quartersUpTo(current: string): string[] {
  const list = [current];
  while (list.length < QUARTERS) list.push(previousPeriod(list[list.length - 1] as string));
  return list;
}

/**
 * The dashboard's filters (DOMAIN §6.1): quarter, the city (the platform operator only: a committee always sees
 * its own, a filer its own projects), district (the city's), project type, policy batch, category and 仅统计已确认.
 * `onChange` gets the changed fields; a new city clears the district.
 */
export function FilterBar({
  filters,
  current,
  operator,
  cityCode,
  data,
  onChange,
}: {
  filters: StatisticsFilters;
  /** The current quarter (China time). */
  current: string;
  operator: boolean;
  /** The city the figures are of (the operator's choice, the committee's own), for its districts. */
  cityCode: string | null;
  data: StatisticsData | undefined;
  onChange: (patch: Partial<StatisticsFilters>) => void;
}) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const cities = useQuery({ ...statisticsQueries.cities(), enabled: operator });
  const districts = useQuery({ ...statisticsQueries.districts(cityCode ?? ''), enabled: cityCode !== null });
  const policy = useQuery(statisticsQueries.policyOptions());
  const categories = data?.categories ?? [];
  const category = filters.categoryCode;
  const categoryOptions = [
    { value: '', label: t('filters.allCategories') },
    ...categories.map((c) => ({ value: c.categoryCode, label: c.name })),
    ...(category && !categories.some((c) => c.categoryCode === category) ? [{ value: category, label: category }] : []),
  ];
  const narrowed =
    filters.regionCode || filters.projectType || filters.batch || filters.categoryCode || filters.confirmedOnly;
  return (
    <fieldset className="jcbb-stat-filters" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
        {t('filters.label')}
      </legend>
      <Select<string>
        aria-label={t('filters.period')}
        value={filters.period}
        onChange={(period) => onChange({ period })}
        options={quartersUpTo(current).map((p) => ({ value: p, label: periodName(p, english) }))}
      />
      {operator && (
        <Select<string>
          aria-label={t('filters.city')}
          value={filters.cityCode ?? ''}
          loading={cities.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 180 }}
          onChange={(code) => onChange({ cityCode: code || undefined, regionCode: undefined })}
          options={[
            { value: '', label: t('filters.allCities') },
            ...(cities.data ?? []).flatMap((province) =>
              province.children.map((c) => ({ value: c.code, label: `${province.name} ${c.name}` })),
            ),
          ]}
        />
      )}
      {cityCode !== null && (
        <Select<string>
          aria-label={t('filters.district')}
          value={filters.regionCode ?? ''}
          loading={districts.isFetching}
          onChange={(code) => onChange({ regionCode: code || undefined })}
          options={[
            { value: '', label: t('filters.allDistricts') },
            ...(districts.data ?? []).map((d) => ({ value: d.code, label: d.name })),
          ]}
        />
      )}
      <Select<number | 0>
        aria-label={t('filters.type')}
        value={filters.projectType ?? 0}
        onChange={(type) => onChange({ projectType: type || undefined })}
        options={[{ value: 0, label: t('filters.allTypes') }, ...labelOptions(projectTypeLabels, english)]}
      />
      <Select<string>
        aria-label={t('filters.batch')}
        value={filters.batch ?? ''}
        loading={policy.isFetching}
        onChange={(batch) => onChange({ batch: batch || undefined })}
        options={[
          { value: '', label: t('filters.allBatches') },
          ...(policy.data?.batches ?? []).map((b) => ({ value: b.code, label: b.name })),
        ]}
      />
      <Select<string>
        aria-label={t('filters.category')}
        value={category ?? ''}
        onChange={(code) => onChange({ categoryCode: code || undefined })}
        options={categoryOptions}
      />
      <Tooltip title={t('filters.confirmedOnlyHint')}>
        <Checkbox
          checked={filters.confirmedOnly === true}
          onChange={(e) => onChange({ confirmedOnly: e.target.checked || undefined })}
        >
          {t('filters.confirmedOnly')}
        </Checkbox>
      </Tooltip>
      {narrowed && (
        <Button
          type="link"
          onClick={() =>
            onChange({
              regionCode: undefined,
              projectType: undefined,
              batch: undefined,
              categoryCode: undefined,
              confirmedOnly: undefined,
            })
          }
        >
          {t('filters.reset')}
        </Button>
      )}
    </fieldset>
  );
}
