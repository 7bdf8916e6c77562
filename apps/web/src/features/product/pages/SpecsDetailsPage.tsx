import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { RecordState } from '../../../components/RecordState.tsx';
import { specQuery } from '../api.ts';
import { ListingsSummary } from '../components/ListingsSummary.tsx';
import { SpecStatusTag } from '../components/SpecStatusTag.tsx';
import '../i18n.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { formatPrice } from '../labels.ts';
import { useProductDetail } from '../use-product.ts';

/** /specs/details?id=: one specification model, its product, and the cities that product is listed in. */
function SpecsDetailsPage() {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const id = useIdParam();
  const spec = useQuery({
    ...specQuery(id),
    retry: false,
  });
  const product = useProductDetail(spec.data?.productId ?? null);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/specs/list')}>
      {t('common.back')}
    </Button>
  );

  return (
    <RecordState
      query={spec}
      valid={id !== null}
      back={back}
      notFoundTitle={t('spec.notFound')}
      badIdTitle={t('common.badId')}
      skeletonRows={8}
    >
      {(s) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={t('spec.detailsTitle')}
            extra={
              <Space wrap>
                <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/specs/list')}>
                  {t('common.back')}
                </Button>
                <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/specs/edit?id=${s.id}`)}>
                  {t('common.edit')}
                </Button>
              </Space>
            }
            styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
          >
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'product',
                  label: t('spec.product'),
                  children: <Link to={pageUrl(pages.productDetails, { id: s.product.id })}>{s.product.name}</Link>,
                },
                { key: 'classify', label: t('field.classify'), children: s.product.classifyName },
                { key: 'name', label: t('spec.name'), children: s.name },
                { key: 'model', label: t('spec.model'), children: s.model },
                { key: 'unit', label: t('spec.unit'), children: s.unitName },
                { key: 'price', label: t('spec.priceShort'), children: `${formatPrice(s.price)} / ${s.unitName}` },
                {
                  key: 'minOrder',
                  label: t('spec.minOrder'),
                  children: formatQuantity(s.minOrder, { unit: s.unitName }),
                },
                {
                  key: 'mass',
                  label: t('spec.massPerUnitKg'),
                  children:
                    s.massPerUnitKg === null
                      ? t('spec.massMissing')
                      : t('spec.massPerUnit', { mass: formatQuantity(s.massPerUnitKg), unit: s.unitName }),
                },
                { key: 'status', label: t('spec.status'), children: <SpecStatusTag status={s.status} /> },
                { key: 'createdAt', label: t('field.createdAt'), children: s.createdAt },
                { key: 'updatedAt', label: t('field.updatedAt'), children: s.updatedAt },
              ]}
            />
          </Card>
          <Card title={t('spec.relationListings')}>
            <RecordState query={product} back={null} notFoundTitle={t('common.notFound')} skeletonRows={8}>
              {(p) => <ListingsSummary listings={p.listings} />}
            </RecordState>
          </Card>
        </Space>
      )}
    </RecordState>
  );
}

export default SpecsDetailsPage;
