import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RecordState } from '../../../components/RecordState.tsx';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import '../i18n.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { RevisionNotice } from '../../revision/public.ts';
import type { ProductDetail } from '../api.ts';
import { useProductDetail } from '../use-product.ts';
import { BasicInfoStep } from './edit/BasicInfoStep.tsx';
import { CityElementsStep } from './edit/CityElementsStep.tsx';
import { DocumentsStep } from './edit/DocumentsStep.tsx';
import { SpecsStep } from './edit/SpecsStep.tsx';

const STEPS = ['basic', 'specs', 'documents', 'city'] as const;
const LAST = STEPS.length - 1;

/**
 * /productCenter/productEdit (?id= to edit, &step= 0–3): basic information, specifications, qualification
 * documents, city elements. The basic information is saved by its button; the other steps save each row as it is
 * added, so "next" never loses work. The step lives in the address so a refresh stays where the user was.
 */
function ProductEditPage() {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const id = useIdParam();
  const rawStep = Number(params.get('step') ?? 0);
  // A new product has only the first step until it is saved.
  const step = id === null ? 0 : Number.isInteger(rawStep) && rawStep >= 0 && rawStep <= LAST ? rawStep : 0;
  const product = useProductDetail(id);
  const goto = (next: number, productId = id) =>
    setParams({ id: String(productId), step: String(next) }, { replace: id === null });

  const title = id === null ? t('edit.titleNew') : t('edit.titleEdit');
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/product/list')}>
      {t('common.back')}
    </Button>
  );

  const stepBody = (p: ProductDetail | null): ReactNode => {
    switch (STEPS[step]) {
      case 'basic':
        return <BasicInfoStep product={p} onSaved={(savedId) => goto(1, savedId)} />;
      case 'specs':
        return <SpecsStep productId={id as number} />;
      case 'documents':
        return <DocumentsStep productId={id as number} />;
      default:
        return p ? <CityElementsStep product={p} /> : null;
    }
  };
  const body =
    id === null ? (
      stepBody(null)
    ) : (
      <RecordState query={product} back={back} notFoundTitle={t('common.notFound')} skeletonRows={8}>
        {(p) => stepBody(p)}
      </RecordState>
    );

  return (
    <Card
      title={
        <Flex vertical gap={0} style={{ minWidth: 0 }}>
          <span>{title}</span>
          {product.data ? (
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }} ellipsis>
              {product.data.name}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={back}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Steps
        current={step}
        size="small"
        // On a phone the four steps sit in one row of small numbered steps, titles under them.
        type={mobile ? 'inline' : 'default'}
        responsive={false}
        style={{ marginBottom: mobile ? 8 : 24 }}
        onChange={id === null ? undefined : (next) => goto(next)}
        items={STEPS.map((key, i) => ({
          title: t(`edit.steps.${key}`),
          content: mobile ? undefined : t(`edit.stepsHint.${key}`),
          disabled: id === null && i > 0,
        }))}
      />
      {mobile ? (
        <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
          {t('edit.stepOf', { n: step + 1, total: STEPS.length, title: t(`edit.steps.${STEPS[step]}`) })}
        </Typography.Title>
      ) : null}
      {id !== null && <RevisionNotice productId={id} />}
      {body}
      {id !== null && step > 0 ? (
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 24 }}>
          <Button onClick={() => goto(step - 1)}>{t('edit.previous')}</Button>
          {step < LAST ? (
            <Button type="primary" onClick={() => goto(step + 1)}>
              {t('edit.next')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => navigate(`/product/success?id=${id}`)}>
              {t('edit.finish')}
            </Button>
          )}
        </Flex>
      ) : null}
    </Card>
  );
}

export default ProductEditPage;
