import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Input, Segmented, Tag, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import type { RegionDetailsData } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';
import { activeFilterCount, type CatalogueFilters as Filters, TAG_FILTERS, type TagFilter } from '../search-params.ts';

const TAG_LABELS: Record<TagFilter, string> = {
  green: '绿色建材',
  govProcurement: '政府采购',
  lowCarbon: '低碳',
  prefabricated: '装配式',
};
const TAG_LABELS_EN: Record<TagFilter, string> = {
  green: 'Green',
  govProcurement: 'Gov. procurement',
  lowCarbon: 'Low-carbon',
  prefabricated: 'Prefabricated',
};

export interface CatalogueFiltersProps {
  filters: Filters;
  /** The city's categories and classes with listed products (getOpenRegionDetails); undefined while loading. */
  classifications: RegionDetailsData['classifications'] | undefined;
  /** Apply new filters (the page writes them into the address, back to page 1). */
  onChange: (next: Filters) => void;
  /** The current result count, for the phone drawer's "查看 N 件产品" button. */
  total?: { total: number; capped: boolean };
}

/**
 * The catalogue's search form: a name fragment, the classification, the four tag filters and the star rating.
 * Every change applies at once (no separate submit, except the name box on Enter). On a phone the filters sit in a
 * bottom drawer behind a 筛选 button; on a wide screen they show under the search box.
 */
export function CatalogueFilters({ filters, classifications, onChange, total }: CatalogueFiltersProps) {
  const { t, i18n } = useTranslation(CATALOGUE_NS);
  const mobile = useIsMobile();
  const [name, setName] = useState(filters.name);
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setName(filters.name), [filters.name]);

  const apply = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 });
  const english = i18n.language?.startsWith('en') ?? false;

  const treeData = useMemo(
    () =>
      (classifications ?? [])
        .filter((c) => c.productCount > 0)
        .map((c) => ({
          value: c.code,
          title: `${c.name}（${c.productCount}）`,
          children: c.children.map((k) => ({ value: k.code, title: `${k.name}（${k.productCount}）` })),
        })),
    [classifications],
  );
  // A classification from a shared link that has no products now still shows by its code rather than vanishing.
  const known = (classifications ?? []).some(
    (c) => c.code === filters.classifyCode || c.children.some((k) => k.code === filters.classifyCode),
  );

  const panel = (
    <div className="jcbb-cat-filters__panel">
      <div className="jcbb-cat-filters__row">
        <span className="jcbb-cat-filters__label" id="cat-class-label">
          {t('search.classification')}
        </span>
        <TreeSelect
          aria-labelledby="cat-class-label"
          className="jcbb-cat-filters__class"
          size="large"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('search.allClasses')}
          value={filters.classifyCode ?? undefined}
          treeData={
            filters.classifyCode && !known && classifications
              ? [...treeData, { value: filters.classifyCode, title: filters.classifyCode, children: [] }]
              : treeData
          }
          loading={!classifications}
          onChange={(v) => apply({ classifyCode: (v as string | undefined) ?? null })}
          popupMatchSelectWidth={mobile ? true : 360}
        />
      </div>
      <div className="jcbb-cat-filters__row">
        <span className="jcbb-cat-filters__label">{t('search.tags')}</span>
        <div className="jcbb-cat-filters__tags">
          {TAG_FILTERS.map((tag) => (
            <Tag.CheckableTag
              key={tag.key}
              className="jcbb-cat-filters__tag"
              checked={filters[tag.key]}
              onChange={(checked) =>
                apply(tag.key === 'green' && !checked ? { green: false, starRating: null } : { [tag.key]: checked })
              }
            >
              {english ? TAG_LABELS_EN[tag.key] : TAG_LABELS[tag.key]}
            </Tag.CheckableTag>
          ))}
        </div>
      </div>
      <div className="jcbb-cat-filters__row">
        <span className="jcbb-cat-filters__label" id="cat-star-label">
          {t('search.star')}
        </span>
        <Segmented
          aria-labelledby="cat-star-label"
          size="large"
          value={filters.starRating ?? 0}
          options={[
            { value: 0, label: t('search.anyStar') },
            ...[1, 2, 3].map((n) => ({ value: n, label: '★'.repeat(n), title: t('search.stars', { count: n }) })),
          ]}
          // Stars belong to the green tag: choosing stars means green products with those stars.
          onChange={(v) => {
            const star = v === 1 || v === 2 || v === 3 ? v : null;
            apply(star ? { starRating: star, green: true } : { starRating: null });
          }}
        />
      </div>
    </div>
  );

  const count = activeFilterCount(filters);
  const reset = () =>
    apply({
      classifyCode: null,
      green: false,
      govProcurement: false,
      lowCarbon: false,
      prefabricated: false,
      starRating: null,
    });

  return (
    <section className="jcbb-cat-filters" aria-label={t('search.filtersTitle')}>
      <search className="jcbb-cat-filters__search">
        <Input.Search
          size="large"
          allowClear
          maxLength={50}
          value={name}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          enterButton={t('search.submit')}
          onChange={(e) => {
            setName(e.target.value);
            // Clearing with the × searches everything again at once.
            if (e.target.value === '' && filters.name) apply({ name: '' });
          }}
          onSearch={(v) => apply({ name: v.trim().slice(0, 50) })}
        />
        {mobile && (
          <Badge count={count} size="small">
            <Button size="large" icon={<FilterOutlined />} onClick={() => setDrawer(true)}>
              {t('search.filters')}
            </Button>
          </Badge>
        )}
      </search>
      {mobile ? (
        <Drawer
          open={drawer}
          placement="bottom"
          size="auto"
          title={t('search.filtersTitle')}
          onClose={() => setDrawer(false)}
          extra={
            <Button type="link" onClick={reset} disabled={count === 0}>
              {t('search.reset')}
            </Button>
          }
          footer={
            <Button type="primary" size="large" block onClick={() => setDrawer(false)}>
              {total
                ? t(total.capped ? 'search.doneCapped' : 'search.done', { total: total.total })
                : t('search.filters')}
            </Button>
          }
        >
          {panel}
        </Drawer>
      ) : (
        <>
          {panel}
          {count > 0 && (
            <Button type="link" className="jcbb-cat-filters__reset" onClick={reset}>
              {t('search.reset')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
