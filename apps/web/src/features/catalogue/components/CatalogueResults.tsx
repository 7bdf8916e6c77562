import { Button, Empty, Pagination, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import type { CityProductList } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';
import { CATALOGUE_PAGE_SIZE, MAX_PAGE } from '../search-params.ts';
import { ProductCard } from './ProductCard.tsx';

export interface CatalogueResultsProps {
  city: string;
  cityName: string;
  data: CityProductList | undefined;
  loading: boolean;
  /** A newer page is loading while the previous one stays on screen. */
  refreshing: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  onPage: (page: number) => void;
  /** Any filter or name is set (the empty state then suggests loosening them). */
  filtered: boolean;
}

/** The result cards with their count and paging (10 a page), or the loading, empty or error state. */
export function CatalogueResults(props: CatalogueResultsProps) {
  const { city, cityName, data, loading, refreshing, error, onRetry, page, onPage, filtered } = props;
  const { t } = useTranslation(CATALOGUE_NS);
  const mobile = useIsMobile();

  if (error && !data) {
    const message = error instanceof Error ? error.message : String(error);
    return (
      <Result
        status="warning"
        title={t('common.loadFailed', { message })}
        extra={
          <Button size="large" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (loading || !data) {
    return (
      <div className="jcbb-cat-list" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="jcbb-cat-card">
            <Skeleton.Image active className="jcbb-cat-card__img" />
            <Skeleton active paragraph={{ rows: 3 }} title />
          </div>
        ))}
      </div>
    );
  }
  if (data.total === 0 || data.list.length === 0) {
    return (
      <Empty
        className="jcbb-cat-empty"
        description={
          filtered ? (
            <>
              <div>{t('result.empty')}</div>
              <div className="jcbb-cat-muted">{t('result.emptyHint')}</div>
            </>
          ) : (
            t('result.emptyCity', { city: cityName })
          )
        }
      >
        {data.total > 0 && page > 1 && (
          <Button size="large" onClick={() => onPage(1)}>
            1
          </Button>
        )}
      </Empty>
    );
  }
  const pages = Math.min(Math.ceil(data.total / CATALOGUE_PAGE_SIZE), MAX_PAGE);
  return (
    <>
      <p className="jcbb-cat-total" aria-live="polite">
        {data.totalCapped ? t('search.totalCapped', { total: data.total }) : t('search.total', { total: data.total })}
      </p>
      <div className={`jcbb-cat-list${refreshing ? ' jcbb-cat-list--refreshing' : ''}`} aria-busy={refreshing}>
        {data.list.map((item, i) => (
          <ProductCard key={item.listingId} item={item} city={city} eager={i < 2} />
        ))}
      </div>
      {pages > 1 && (
        <Pagination
          className="jcbb-cat-pager"
          current={page}
          pageSize={CATALOGUE_PAGE_SIZE}
          total={Math.min(data.total, pages * CATALOGUE_PAGE_SIZE)}
          showSizeChanger={false}
          simple={mobile}
          onChange={onPage}
        />
      )}
    </>
  );
}
