import { ApartmentOutlined, EnvironmentOutlined, LinkOutlined } from '@ant-design/icons';
import { publicRecordEndpoints } from '@jcbb/contract/public-record.endpoints';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { type SitemapData, sitemapQuery } from '../api.ts';
import { PUBLIC_RECORD_NS } from '../locales/register.ts';
import '../public-record.css';

/** /sitemaps (issue 28 item 7): every public page, each city's listed products and the companies, without sign-in. */
export default function SitemapPage() {
  return (
    <PublicFrame>
      <Sitemap />
    </PublicFrame>
  );
}

export function Sitemap() {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const map = useQuery({ ...sitemapQuery(), retry: false });
  return (
    <div className="jcbb-rec">
      <h1 className="jcbb-rec__title">{t('sitemap.title')}</h1>
      <p className="jcbb-rec__intro">{t('sitemap.intro')}</p>
      {map.error ? (
        <Result
          status="warning"
          title={t('common.loadFailed', { message: map.error.message })}
          extra={<Button onClick={() => void map.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !map.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <SitemapView data={map.data} />
      )}
    </div>
  );
}

function SitemapView({ data }: { data: SitemapData }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const provinces = [...new Set(data.cities.map((c) => c.provinceName))];
  return (
    <>
      <section className="jcbb-rec__section" aria-labelledby="sitemap-pages">
        <h2 id="sitemap-pages">{t('sitemap.pagesTitle')}</h2>
        <ul className="jcbb-rec__links">
          {data.pages.map((p) => (
            <li key={p.key}>
              <Link to={p.href}>
                <LinkOutlined aria-hidden /> {t(`sitemap.page.${p.key}`, { defaultValue: p.href })}
              </Link>
            </li>
          ))}
        </ul>
        <p className="jcbb-rec__muted">
          {t('sitemap.machine')} <a href={publicRecordEndpoints.sitemapXml.path}>sitemap.xml</a>
        </p>
      </section>

      <section className="jcbb-rec__section" aria-labelledby="sitemap-cities">
        <h2 id="sitemap-cities">{t('sitemap.citiesTitle')}</h2>
        {provinces.map((province) => (
          <div key={province} className="jcbb-rec__province">
            <h3>{province}</h3>
            {data.cities
              .filter((c) => c.provinceName === province)
              .map((c) => (
                <article key={c.code} className="jcbb-rec__city" data-testid={`city-${c.code}`}>
                  <header>
                    <strong>
                      <EnvironmentOutlined aria-hidden /> {c.name}
                    </strong>
                    <span className="jcbb-rec__muted">{t('sitemap.products', { count: c.productCount })}</span>
                  </header>
                  <div className="jcbb-rec__citylinks">
                    <Link to={c.catalogue}>{t('sitemap.catalogue')}</Link>
                    <Link to={c.committee}>{t('sitemap.committee')}</Link>
                    <a href={c.openStatistics}>{t('sitemap.openStatistics')}</a>
                  </div>
                  {c.products.length === 0 ? (
                    <p className="jcbb-rec__muted">{t('sitemap.noProducts')}</p>
                  ) : (
                    <details>
                      <summary>{t('sitemap.productList', { count: c.products.length })}</summary>
                      <ul className="jcbb-rec__products">
                        {c.products.map((p) => (
                          <li key={p.id}>
                            <Link to={p.href}>{p.name}</Link>
                            <span className="jcbb-rec__muted">
                              {p.companyName}
                              {p.listedOn ? ` · ${t('sitemap.listedOn', { date: p.listedOn })}` : ''}
                            </span>
                          </li>
                        ))}
                      </ul>
                      {c.productCount > c.products.length && (
                        <Link to={c.catalogue}>{t('sitemap.more', { count: c.productCount })}</Link>
                      )}
                    </details>
                  )}
                </article>
              ))}
          </div>
        ))}
      </section>

      <section className="jcbb-rec__section" aria-labelledby="sitemap-companies">
        <h2 id="sitemap-companies">{t('sitemap.companiesTitle')}</h2>
        {data.companies.length === 0 ? (
          <p className="jcbb-rec__muted">{t('sitemap.noCompanies')}</p>
        ) : (
          <>
            <p className="jcbb-rec__muted">{t('sitemap.companiesCount', { count: data.companyCount })}</p>
            <ul className="jcbb-rec__links">
              {data.companies.map((c) => (
                <li key={c.id}>
                  <Link to={c.href}>
                    <ApartmentOutlined aria-hidden /> {c.name}
                  </Link>{' '}
                  <span className="jcbb-rec__muted">{t('sitemap.companyProducts', { count: c.productCount })}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
