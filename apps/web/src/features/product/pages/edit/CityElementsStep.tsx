import { ApartmentOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { pages } from '@jcbb/contract/pages';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProductDetail } from '../../api.ts';
import { ListingsSummary } from '../../components/ListingsSummary.tsx';

/** The listing module's form for one product in a city (filled with that city's dynamic elements). */
export const LISTING_EDIT_PATH = '/warehousing/edit';

/**
 * Step 4: a product's city elements are filled per city on the listing pages (the warehousing module): this step
 * shows where the product stands and hands over to them.
 */
export function CityElementsStep({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('edit.cityIntro')} />
      {product.specs.length === 0 ? <Alert type="warning" showIcon title={t('edit.specsEmpty')} /> : null}
      <ListingsSummary listings={product.listings} />
      <Space wrap>
        <Button
          type="primary"
          icon={<EnvironmentOutlined />}
          onClick={() => navigate(`${LISTING_EDIT_PATH}?productId=${product.id}`)}
        >
          {t('edit.cityGo')}
        </Button>
        <Button
          icon={<ApartmentOutlined />}
          onClick={() => navigate(`${pages.listingList.path}?productId=${product.id}`)}
        >
          {t('edit.cityManage')}
        </Button>
      </Space>
    </Space>
  );
}
