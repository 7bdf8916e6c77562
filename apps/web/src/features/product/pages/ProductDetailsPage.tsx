import { ArrowLeftOutlined, EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { ProductDocumentKind } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { Button, Card, Col, Descriptions, Flex, Grid, Image, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ProductTags } from '../../../components/ProductTags.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import type { ProductDetail } from '../api.ts';
import { DocumentList } from '../components/DocumentList.tsx';
import { ListingsSummary } from '../components/ListingsSummary.tsx';
import { ProductImage } from '../components/ProductImage.tsx';
import { SpecTable } from '../components/SpecTable.tsx';
import '../i18n.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { RevisionNotice } from '../../revision/public.ts';
import { formatPrice, isEnabled } from '../labels.ts';
import { useProductDetail } from '../use-product.ts';

function Gallery({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('product');
  if (product.images.length === 0) return <ProductImage alt={t('list.noImage')} size={160} />;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={8}>
        {product.images.map((img, i) => (
          <ProductImage key={img.id} fileId={img.id} alt={img.name} size={i === 0 ? 160 : 76} preview />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/** /product/details?id=: everything about one of the manufacturer's products. */
export function ProductDetailsPage() {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useProductDetail(id);
  return (
    <RecordState
      query={query}
      valid={id !== null}
      back={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/product/list')}>
          {t('common.back')}
        </Button>
      }
      notFoundTitle={t('common.notFound')}
      badIdTitle={t('common.badId')}
      skeletonRows={8}
    >
      {(p) => <ProductDetails p={p} />}
    </RecordState>
  );
}

function ProductDetails({ p }: { p: ProductDetail }) {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const docs = (kind: number) => p.documents.filter((d) => d.kind === kind);
  const path = p.classifyPath.map((c) => c.name).join(' / ') || p.classifyName;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <RevisionNotice productId={p.id} />
      <Card
        title={t('details.title')}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/product/list')}>
              {t('common.back')}
            </Button>
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(`/productCenter/productEdit?id=${p.id}`)}
            >
              {t('common.edit')}
            </Button>
          </Space>
        }
        styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      >
        <Row gutter={[24, 16]}>
          <Col xs={24} md={8} lg={7}>
            <Gallery product={p} />
          </Col>
          <Col xs={24} md={16} lg={17}>
            <Flex vertical gap={8}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {p.name}
              </Typography.Title>
              <ProductTags tags={p.tags} showMissing />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('details.tagsNote')}
              </Typography.Text>
              <Descriptions
                size="small"
                column={screens.lg ? 2 : 1}
                style={{ marginTop: 8 }}
                items={[
                  { key: 'brand', label: t('field.brand'), children: p.brand || '—' },
                  { key: 'classify', label: t('field.classify'), children: path },
                  {
                    key: 'materialType',
                    label: t('field.materialType'),
                    children: t(`materialType.${p.materialType}`, { defaultValue: p.materialTypeName }),
                  },
                  {
                    key: 'enable',
                    label: t('field.enableStatus'),
                    children: (
                      <Tag color={isEnabled(p.enableStatus) ? 'green' : 'default'}>
                        {t(`enableStatus.${isEnabled(p.enableStatus) ? 1 : 2}`)}
                      </Tag>
                    ),
                  },
                  {
                    key: 'recommended',
                    label: t('field.recommended'),
                    children: p.recommended ? t('common.yes') : t('common.no'),
                  },
                  {
                    key: 'minPrice',
                    label: t('spec.priceShort'),
                    children: p.minPrice ? t('details.fromPrice', { price: formatPrice(p.minPrice) }) : '—',
                  },
                  { key: 'createdAt', label: t('field.createdAt'), children: p.createdAt },
                  { key: 'updatedAt', label: t('field.updatedAt'), children: p.updatedAt },
                  {
                    key: 'description',
                    label: t('field.description'),
                    span: screens.lg ? 2 : 1,
                    children: (
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                        {p.description || '—'}
                      </Typography.Paragraph>
                    ),
                  },
                ]}
              />
            </Flex>
          </Col>
        </Row>
      </Card>

      <Card title={t('details.specs')} extra={<Typography.Text type="secondary">{p.specs.length}</Typography.Text>}>
        <SpecTable specs={p.specs} />
      </Card>

      <Card title={t('details.documents')}>
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{t('doc.green')}</Typography.Title>
            <DocumentList documents={docs(ProductDocumentKind.GREEN_CERTIFICATE)} productId={p.id} />
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{t('doc.carbon')}</Typography.Title>
            <DocumentList documents={docs(ProductDocumentKind.CARBON_FOOTPRINT_REPORT)} />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('doc.test')}
            </Typography.Title>
            <DocumentList documents={docs(ProductDocumentKind.TEST_REPORT)} productId={p.id} />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('doc.manual')}
            </Typography.Title>
            <DocumentList documents={[...docs(ProductDocumentKind.MANUAL), ...docs(ProductDocumentKind.OTHER)]} />
          </Col>
        </Row>
      </Card>

      <Card
        title={t('details.listings')}
        extra={
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => navigate(`${pages.listingList.path}?productId=${p.id}`)}
          >
            {t('details.manageListings')}
          </Button>
        }
        styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      >
        <ListingsSummary listings={p.listings} />
      </Card>
    </Space>
  );
}

export default ProductDetailsPage;
