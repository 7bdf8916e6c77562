import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProductTags } from '../../../components/ProductTags.tsx';
import type { CityProductItem } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';
import { productPath } from '../search-params.ts';
import { PublicProductImage } from './PublicProductImage.tsx';

/**
 * One product of a city's catalogue: image, name, brand, manufacturer, classification, tags (with the spec's
 * tooltips) and the lowest price. The whole card is the link to the product's public page, so the touch target is
 * large; the tag chips keep their own hover/focus for the tooltips.
 */
export function ProductCard({ item, city, eager }: { item: CityProductItem; city: string; eager?: boolean }) {
  const { t } = useTranslation(CATALOGUE_NS);
  return (
    <article className="jcbb-cat-card" data-testid="catalogue-card">
      <Link to={productPath(item.id, city)} className="jcbb-cat-card__link" aria-label={item.name}>
        <PublicProductImage
          productId={item.id}
          uploadId={item.imageId}
          alt={item.name}
          className="jcbb-cat-card__img"
          eager={eager}
        />
      </Link>
      <div className="jcbb-cat-card__body">
        <Link to={productPath(item.id, city)} className="jcbb-cat-card__name">
          {item.name}
          {item.recommended && (
            <Tag color="red" className="jcbb-cat-card__rec">
              {t('result.recommended')}
            </Tag>
          )}
        </Link>
        <dl className="jcbb-cat-card__facts">
          {item.brand && (
            <div>
              <dt>{t('result.brand')}</dt>
              <dd>{item.brand}</dd>
            </div>
          )}
          <div>
            <dt>{t('result.manufacturer')}</dt>
            <dd>{item.companyName}</dd>
          </div>
          <div>
            <dt>{t('result.classification')}</dt>
            <dd>{item.classifyName}</dd>
          </div>
        </dl>
        <ProductTags tags={item.tags} />
        <div className="jcbb-cat-card__price">
          {item.minPrice !== null ? (
            <>
              <strong>{t('result.price', { price: item.minPrice })}</strong>
              {item.unitName && <span>{t('result.perUnit', { unit: item.unitName })}</span>}
            </>
          ) : (
            <span>{t('result.noPrice')}</span>
          )}
        </div>
      </div>
    </article>
  );
}
