import { AppstoreOutlined, BankOutlined, EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { ApiError } from '../../../lib/http.ts';
import { type RegionDetailsData, regionDetailsQuery, regionTreeQuery } from '../api.ts';
import { CityDirectory } from '../components/CityDirectory.tsx';
import { OpenStatistics } from '../components/OpenStatistics.tsx';
import { CATALOGUE_NS } from '../locales/register.ts';
import { cityCataloguePath, committeePath, isCityCode } from '../search-params.ts';
import { LoadFailed } from './CitiesPage.tsx';
import '../catalogue.css';

/**
 * /cities/committee?city= (spec §2): a city committee's public page: the committee, its figures, its classes and the
 * city's open procurement statistics (公开数据).
 */
export default function CommitteePage() {
  return (
    <PublicFrame>
      <Committee />
    </PublicFrame>
  );
}

export function Committee() {
  const { t } = useTranslation(CATALOGUE_NS);
  const [params] = useSearchParams();
  const code = params.get('city');
  const city = isCityCode(code) ? code : null;
  const tree = useQuery({
    ...regionTreeQuery(),
    staleTime: 60_000,
    enabled: city === null,
  });
  const region = useQuery({
    ...regionDetailsQuery(city ?? ''),
    enabled: city !== null,
    staleTime: 60_000,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });

  if (city === null) {
    return (
      <div className="jcbb-cat">
        <header className="jcbb-cat-head">
          <h1 className="jcbb-cat-title">{t('cities.committee')}</h1>
          <p className="jcbb-cat-muted">{t('committee.pickCity')}</p>
        </header>
        {tree.data ? (
          <CityDirectory tree={tree.data} linkTo={committeePath} />
        ) : tree.error ? (
          <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </div>
    );
  }
  if (region.error instanceof ApiError && region.error.status === 404) {
    return (
      <Result
        status="404"
        title={t('cities.cityNotOpen')}
        extra={
          <Link to="/cities/committee">
            <Button size="large" type="primary">
              {t('cities.pick')}
            </Button>
          </Link>
        }
      />
    );
  }
  if (region.error) return <LoadFailed error={region.error} onRetry={() => void region.refetch()} />;
  if (!region.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <CommitteeView data={region.data} />;
}

export function CommitteeView({ data }: { data: RegionDetailsData }) {
  const { t } = useTranslation(CATALOGUE_NS);
  const { city, committee } = data;
  const figures: { key: string; label: string; value: number; unit: string; to?: string }[] = [
    { key: 'products', label: t('committee.products'), value: data.productCount, unit: t('committee.unit') },
    {
      key: 'manufacturers',
      label: t('committee.manufacturers'),
      value: data.manufacturerCount,
      unit: t('committee.unitOrg'),
    },
    {
      key: 'green',
      label: t('committee.green'),
      value: data.greenCount,
      unit: t('committee.unit'),
      to: `${cityCataloguePath(city.code)}&green=1`,
    },
    {
      key: 'gov',
      label: t('committee.govProcurement'),
      value: data.govProcurementCount,
      unit: t('committee.unit'),
      to: `${cityCataloguePath(city.code)}&gov=1`,
    },
  ];
  const classes = data.classifications.filter((c) => c.productCount > 0);
  return (
    <div className="jcbb-cat">
      <header className="jcbb-cat-committee">
        <BankOutlined className="jcbb-cat-committee__icon" aria-hidden />
        <div>
          <p className="jcbb-cat-muted">
            {city.provinceName} · {city.name}
          </p>
          <h1 className="jcbb-cat-title">{committee?.name ?? t('committee.title', { city: city.name })}</h1>
          {committee?.address ? (
            <p className="jcbb-cat-muted">
              <EnvironmentOutlined aria-hidden /> {t('committee.address')}：{committee.address}
            </p>
          ) : (
            !committee && <p className="jcbb-cat-muted">{t('committee.noCommittee')}</p>
          )}
        </div>
      </header>
      <section className="jcbb-cat-figures" aria-label={t('committee.title', { city: city.name })}>
        {figures.map((f) => {
          const inner = (
            <>
              <span className="jcbb-cat-figure__label">{f.label}</span>
              <span className="jcbb-cat-figure__value" data-testid={`figure-${f.key}`}>
                {f.value}
                <small>{f.unit}</small>
              </span>
            </>
          );
          return f.to && f.value > 0 ? (
            <Link key={f.key} to={f.to} className="jcbb-cat-figure jcbb-cat-figure--link">
              {inner}
            </Link>
          ) : (
            <div key={f.key} className="jcbb-cat-figure">
              {inner}
            </div>
          );
        })}
      </section>
      <section className="jcbb-cat-section" aria-labelledby="cat-by-class">
        <h2 id="cat-by-class" className="jcbb-cat-section__title">
          <AppstoreOutlined aria-hidden /> {t('committee.byClass')}
        </h2>
        {classes.length === 0 ? (
          <Empty description={t('committee.classEmpty')} />
        ) : (
          <ul className="jcbb-cat-classes">
            {classes.map((c) => (
              <li key={c.code} className="jcbb-cat-classes__item">
                <Link to={cityCataloguePath(city.code, c.code)} className="jcbb-cat-classes__head">
                  <span>{c.name}</span>
                  <span className="jcbb-cat-classes__count">
                    {c.productCount} {t('committee.unit')} <RightOutlined aria-hidden />
                  </span>
                </Link>
                {c.children.length > 0 && (
                  <div className="jcbb-cat-classes__children">
                    {c.children.map((k) => (
                      <Link key={k.code} to={cityCataloguePath(city.code, k.code)} className="jcbb-cat-classes__child">
                        {k.name} <b>{k.productCount}</b>
                      </Link>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <OpenStatistics cityCode={city.code} />
      <div className="jcbb-cat-cta">
        <Link to={cityCataloguePath(city.code)}>
          <Button type="primary" size="large" block>
            {t('committee.viewCatalogue', { city: city.name })}
          </Button>
        </Link>
      </div>
    </div>
  );
}
