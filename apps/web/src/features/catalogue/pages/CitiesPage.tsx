import { BankOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { ApiError } from '../../../lib/http.ts';
import { cityProductsQuery, regionDetailsQuery, regionTreeQuery } from '../api.ts';
import { CatalogueFilters } from '../components/CatalogueFilters.tsx';
import { CatalogueResults } from '../components/CatalogueResults.tsx';
import { CityDirectory } from '../components/CityDirectory.tsx';
import { CitySwitch } from '../components/CitySwitch.tsx';
import { CATALOGUE_NS } from '../locales/register.ts';
import {
  activeFilterCount,
  cityCataloguePath,
  committeePath,
  type CatalogueFilters as Filters,
  filtersToPath,
  isClassifyCode,
  parseFilters,
  toSearchBody,
} from '../search-params.ts';
import '../catalogue.css';

/** /cities and /cities/{type} (spec §2): the public city catalogue, without sign-in. */
export default function CitiesPage() {
  return (
    <PublicFrame>
      <CityCatalogue />
    </PublicFrame>
  );
}

export function CityCatalogue() {
  const { t } = useTranslation(CATALOGUE_NS);
  const { type } = useParams();
  const [params] = useSearchParams();
  const filters = parseFilters(type, params);
  const tree = useQuery({ ...regionTreeQuery(), staleTime: 60_000 });

  // A type that is no classification code (a mistyped link) shows the whole catalogue of the city.
  if (type !== undefined && !isClassifyCode(type)) return <Navigate to={filtersToPath(filters)} replace />;

  if (!filters.city) {
    return (
      <div className="jcbb-cat">
        <header className="jcbb-cat-head">
          <h1 className="jcbb-cat-title">{t('cities.title')}</h1>
          <p className="jcbb-cat-muted">{t('cities.intro')}</p>
        </header>
        {tree.data ? (
          <CityDirectory tree={tree.data} linkTo={(code) => cityCataloguePath(code, filters.classifyCode)} />
        ) : tree.error ? (
          <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </div>
    );
  }
  return <CityCatalogueOf filters={{ ...filters, city: filters.city }} tree={tree.data} />;
}

function CityCatalogueOf({
  filters,
  tree,
}: {
  filters: Filters & { city: string };
  tree: Parameters<typeof CitySwitch>[0]['tree'];
}) {
  const { t } = useTranslation(CATALOGUE_NS);
  const navigate = useNavigate();
  const region = useQuery({
    ...regionDetailsQuery(filters.city),
    staleTime: 60_000,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const body = toSearchBody(filters);
  const search = useQuery({
    ...cityProductsQuery(body),
    placeholderData: keepPreviousData,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });

  const go = (next: Filters) => navigate(filtersToPath(next));
  const notOpen = region.error instanceof ApiError && region.error.status === 404;
  if (notOpen) {
    return (
      <Result
        status="404"
        title={t('cities.cityNotOpen')}
        extra={
          <Link to="/cities">
            <Button size="large" type="primary">
              {t('cities.pick')}
            </Button>
          </Link>
        }
      />
    );
  }
  const city = region.data?.city;
  const cityName = city?.name ?? '';
  const filtered = Boolean(filters.name) || activeFilterCount(filters) > 0;
  return (
    <div className="jcbb-cat">
      <header className="jcbb-cat-head jcbb-cat-head--city">
        <div className="jcbb-cat-head__text">
          <h1 className="jcbb-cat-title">
            {city ? t('cities.cityTitle', { city: cityName }) : <Skeleton.Input active />}
          </h1>
          {city && <p className="jcbb-cat-muted">{city.provinceName}</p>}
        </div>
        <div className="jcbb-cat-head__actions">
          {city && (
            <CitySwitch
              tree={tree}
              value={{ province: city.provinceCode, city: city.code }}
              onChange={(code) => navigate(cityCataloguePath(code, filters.classifyCode))}
            />
          )}
          <Link to={committeePath(filters.city)}>
            <Button size="large" icon={<BankOutlined />}>
              {t('cities.committee')}
            </Button>
          </Link>
        </div>
      </header>
      <CatalogueFilters
        filters={filters}
        classifications={region.data?.classifications}
        onChange={go}
        total={search.data ? { total: search.data.total, capped: search.data.totalCapped } : undefined}
      />
      <CatalogueResults
        city={filters.city}
        cityName={cityName}
        data={search.data}
        loading={search.isPending}
        refreshing={search.isPlaceholderData && search.isFetching}
        error={search.error}
        onRetry={() => void search.refetch()}
        page={filters.page}
        onPage={(page) => {
          go({ ...filters, page });
          window.scrollTo?.({ top: 0 });
        }}
        filtered={filtered}
      />
    </div>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(CATALOGUE_NS);
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
