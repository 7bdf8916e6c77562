import { ArrowLeftOutlined, EnvironmentOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Skeleton, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ProductTags } from '../../../components/ProductTags.tsx';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { type ProductPublicView, publicProductQuery } from '../api.ts';
import { CertificateCard } from '../components/CertificateCard.tsx';
import { ProductGallery } from '../components/ProductGallery.tsx';
import { CATALOGUE_NS } from '../locales/register.ts';
import { cityCataloguePath, isCityCode } from '../search-params.ts';
import { LoadFailed } from './CitiesPage.tsx';
import '../catalogue.css';

/** /product/details/external?id= (spec §2): a published product's public page, without sign-in. */
export default function ProductPublicPage() {
  return (
    <PublicFrame>
      <ProductPublic />
    </PublicFrame>
  );
}

export function ProductPublic() {
  const { t } = useTranslation(CATALOGUE_NS);
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 && raw <= 2_147_483_647 ? raw : null;
  const from = params.get('city');
  const product = useQuery({
    ...publicProductQuery(id ?? 0),
    enabled: id !== null,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });

  // Not published (disabled, never or no longer listed) answers 404 like a product that does not exist.
  const missing = id === null || (product.error instanceof ApiError && product.error.status < 500);
  if (missing) {
    return (
      <Result
        status="404"
        title={<h1 className="jcbb-cat-result-title">{id === null ? t('product.badId') : t('product.notFound')}</h1>}
        subTitle={id === null ? undefined : t('product.notFoundText')}
        extra={
          <Link to={isCityCode(from) ? cityCataloguePath(from) : '/cities'}>
            <Button type="primary" size="large">
              {t('common.toCatalogue')}
            </Button>
          </Link>
        }
        className="jcbb-cat-result"
      />
    );
  }
  if (product.error) return <LoadFailed error={product.error} onRetry={() => void product.refetch()} />;
  if (!product.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <ProductView data={product.data} fromCity={isCityCode(from) ? from : null} />;
}

export function ProductView({ data, fromCity }: { data: ProductPublicView; fromCity: string | null }) {
  const { t } = useTranslation(CATALOGUE_NS);
  const back = data.cities.find((c) => c.cityCode === fromCity);
  const classPath = data.classifyPath.map((c) => c.name).join(' / ') || data.classifyName;
  return (
    <div className="jcbb-cat jcbb-cat-product">
      {back && (
        <Link to={cityCataloguePath(back.cityCode)} className="jcbb-cat-back">
          <ArrowLeftOutlined aria-hidden /> {t('common.backToCatalogue', { city: back.cityName })}
        </Link>
      )}
      <section className="jcbb-cat-product__top">
        <ProductGallery productId={data.id} images={data.images} alt={data.name} />
        <div className="jcbb-cat-product__summary">
          <h1 className="jcbb-cat-title">{data.name}</h1>
          <dl className="jcbb-cat-facts">
            {data.brand && (
              <div>
                <dt>{t('product.brand')}</dt>
                <dd>{data.brand}</dd>
              </div>
            )}
            <div>
              <dt>{t('product.manufacturer')}</dt>
              <dd>{data.company.name}</dd>
            </div>
            <div>
              <dt>{t('product.classification')}</dt>
              <dd>{classPath}</dd>
            </div>
            <div>
              <dt>{t('product.materialType')}</dt>
              <dd>{data.materialTypeName}</dd>
            </div>
            <div>
              <dt>{t('product.tags')}</dt>
              <dd>
                <ProductTags tags={data.tags} empty={<span className="jcbb-cat-muted">{t('product.noTags')}</span>} />
              </dd>
            </div>
          </dl>
          <Link
            to={pageUrl(pages.productSnapshot, { product: data.id })}
            className="jcbb-cat-snapshot"
            title={t('product.snapshotTip')}
          >
            <PrinterOutlined aria-hidden /> {t('product.snapshot')}
          </Link>
        </div>
      </section>

      {data.description && (
        <Section title={t('product.description')}>
          <p className="jcbb-cat-description">{data.description}</p>
        </Section>
      )}

      <Section title={t('product.specs')}>
        <Specs specs={data.specs} />
      </Section>

      <Section title={t('product.certificates')}>
        {data.certificates.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('product.noCertificates')} />
        ) : (
          <div className="jcbb-cat-certs">
            {data.certificates.map((c) => (
              <CertificateCard key={`${c.certNo}|${c.validFrom}|${c.validUntil}`} cert={c} />
            ))}
          </div>
        )}
      </Section>

      {data.reports.length > 0 && (
        <Section title={t('product.reports')}>
          <ul className="jcbb-cat-reports">
            {data.reports.map((r) => (
              <li key={`${r.kind}|${r.name}`}>
                <FileTextOutlined aria-hidden /> {r.kindName}：{r.name}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title={t('product.cities')}>
        {data.cities.length === 0 ? (
          <span className="jcbb-cat-muted">{t('product.noCities')}</span>
        ) : (
          <div className="jcbb-cat-citylinks">
            {data.cities.map((c) => (
              <Link key={c.cityCode} to={cityCataloguePath(c.cityCode)} className="jcbb-cat-citylink">
                <EnvironmentOutlined aria-hidden /> {c.cityName}
              </Link>
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="jcbb-cat-section">
      <h2 className="jcbb-cat-section__title">{title}</h2>
      {children}
    </section>
  );
}

type Spec = ProductPublicView['specs'][number];

/** Specifications on sale: a table on a wide screen, one small card each on a phone. */
function Specs({ specs }: { specs: Spec[] }) {
  const { t } = useTranslation(CATALOGUE_NS);
  const mobile = useIsMobile();
  if (specs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('product.noSpecs')} />;
  const price = (s: Spec) => (s.price === null ? t('product.noPriceShort') : `¥${s.price}`);
  const minOrder = (s: Spec) => (s.minOrder === null ? '—' : `${s.minOrder} ${s.unitName}`);
  if (mobile) {
    return (
      <ul className="jcbb-cat-specs">
        {specs.map((s) => (
          <li key={s.id} className="jcbb-cat-spec">
            <div className="jcbb-cat-spec__name">{s.name}</div>
            <div className="jcbb-cat-muted">
              {t('product.model')}：{s.model}
            </div>
            <div className="jcbb-cat-spec__row">
              <strong className="jcbb-cat-spec__price">
                {price(s)}
                {s.price !== null && <small>/{s.unitName}</small>}
              </strong>
              <span className="jcbb-cat-muted">
                {t('product.minOrder')} {minOrder(s)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<Spec>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={specs}
      columns={[
        { title: t('product.specName'), dataIndex: 'name' },
        { title: t('product.model'), dataIndex: 'model' },
        { title: t('product.unit'), dataIndex: 'unitName', width: 100 },
        { title: t('product.price'), key: 'price', align: 'right', width: 140, render: (_, s) => price(s) },
        { title: t('product.minOrder'), key: 'minOrder', align: 'right', width: 140, render: (_, s) => minOrder(s) },
      ]}
    />
  );
}
