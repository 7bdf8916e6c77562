import { pages, pageUrl } from '@jcbb/contract/pages';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../i18n.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { useProductDetail } from '../use-product.ts';
import { LISTING_EDIT_PATH } from './edit/CityElementsStep.tsx';

/** /product/success?id=: the product is saved; what next (view it, list it in a city, add another). */
function ProductSuccessPage() {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const id = useIdParam();
  const product = useProductDetail(id);
  const name = product.data?.name;
  const listed = (product.data?.listings.length ?? 0) > 0;
  return (
    <Card>
      <Result
        status="success"
        title={t('success.title')}
        subTitle={name ? t('success.subTitle', { name }) : t('success.subTitleNoName')}
        extra={[
          id !== null ? (
            <Button key="view" type="primary" onClick={() => navigate(pageUrl(pages.productDetails, { id }))}>
              {t('success.view')}
            </Button>
          ) : null,
          id !== null ? (
            <Button
              key="list"
              onClick={() =>
                navigate(listed ? `${pages.listingList.path}?productId=${id}` : `${LISTING_EDIT_PATH}?productId=${id}`)
              }
            >
              {t('success.list')}
            </Button>
          ) : null,
          <Button key="add" onClick={() => navigate('/productCenter/productEdit')}>
            {t('success.addAnother')}
          </Button>,
          <Button key="back" type="link" onClick={() => navigate('/product/list')}>
            {t('success.toList')}
          </Button>,
        ]}
      />
    </Card>
  );
}

export default ProductSuccessPage;
