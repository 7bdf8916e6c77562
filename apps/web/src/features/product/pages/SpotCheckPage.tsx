import { SamplingResult } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Flex, Row, Select, Statistic, Table, type TableProps, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsMobile } from '../../../lib/use-mobile.ts';
import { type SamplingItem, samplingCountQuery, samplingPageQuery } from '../api.ts';
import { FileLink } from '../components/FileLink.tsx';
import '../i18n.ts';
import { takeSkipPagination } from '../../../lib/paging.ts';
import { PAGE_SIZE } from '../labels.ts';
import { useAllSpecs } from '../use-all-specs.ts';

function ResultTag({ result }: { result: number }) {
  const { t } = useTranslation('product');
  return result === SamplingResult.PASS ? (
    <Tag color="success">{t('spotCheck.pass')}</Tag>
  ) : result === SamplingResult.FAIL ? (
    <Tag color="error">{t('spotCheck.fail')}</Tag>
  ) : (
    <Tag>{t('spotCheck.pending')}</Tag>
  );
}

/** /product/spotCheck: supervision units' sampling results about the manufacturer's products, newest first. */
function SpotCheckPage() {
  const { t } = useTranslation('product');
  const mobile = useIsMobile();
  const { products } = useAllSpecs();
  const [productId, setProductId] = useState<number | undefined>();
  const [result, setResult] = useState<1 | 2 | undefined>();
  const [skip, setSkip] = useState(0);
  const body = { take: PAGE_SIZE, skip, productId, result };
  const page = useQuery({
    ...samplingPageQuery(body),
    placeholderData: keepPreviousData,
  });
  const count = useQuery(samplingCountQuery(productId));

  const remark = (s: SamplingItem) => (
    <Flex vertical gap={2}>
      <span>{s.remark || '—'}</span>
      {s.report ? <FileLink file={s.report} /> : null}
    </Flex>
  );
  const columns: TableProps<SamplingItem>['columns'] = [
    {
      // The specification under the product's name: a column of its own pushed 说明 out of sight at 1366 px. On a
      // phone the cell also carries the project, the date and the remark, whose columns show from md up.
      title: `${t('spotCheck.product')} / ${t('spotCheck.spec')}`,
      key: 'product',
      width: mobile ? undefined : 210,
      render: (_, s) => {
        const spec = [s.specName, s.specModel].filter(Boolean).join(' ');
        return (
          <Flex vertical gap={2}>
            <Link to={pageUrl(pages.productDetails, { id: s.productId })}>{s.productName}</Link>
            {spec ? <Secondary>{spec}</Secondary> : null}
            {mobile ? (
              <>
                <Secondary>
                  {s.projectName} · {s.sampledAt.slice(0, 10)}
                </Secondary>
                {remark(s)}
              </>
            ) : null}
          </Flex>
        );
      },
    },
    { title: t('spotCheck.project'), dataIndex: 'projectName', key: 'project', width: 190, responsive: ['md'] },
    { title: t('spotCheck.checker'), dataIndex: 'samplingOrgName', key: 'checker', width: 180, responsive: ['md'] },
    { title: t('spotCheck.checkedAt'), dataIndex: 'sampledAt', key: 'at', width: 160, responsive: ['md'] },
    { title: t('spotCheck.result'), key: 'result', width: 90, render: (_, s) => <ResultTag result={s.result} /> },
    { title: t('spotCheck.remark'), key: 'remark', width: 220, responsive: ['md'], render: (_, s) => remark(s) },
  ];

  const changeFilter = (next: () => void) => {
    next();
    setSkip(0);
  };

  return (
    <Card
      title={
        <Flex vertical gap={0}>
          <span>{t('spotCheck.title')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', whiteSpace: 'normal' }}>
            {t('spotCheck.intro')}
          </Typography.Text>
        </Flex>
      }
      styles={{ header: { paddingBlock: 8 } }}
    >
      {count.data ? (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col xs={8}>
            <Statistic title={t('spotCheck.total')} value={count.data.total} />
          </Col>
          <Col xs={8}>
            <Statistic
              title={t('spotCheck.pass')}
              value={count.data.passed}
              styles={{ content: { color: '#389e0d' } }}
            />
          </Col>
          <Col xs={8}>
            <Statistic
              title={t('spotCheck.fail')}
              value={count.data.failed}
              styles={{ content: { color: '#cf1322' } }}
            />
          </Col>
        </Row>
      ) : null}
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('spotCheck.product')}
          placeholder={t('spotCheck.product')}
          style={{ width: 220, maxWidth: '100%' }}
          value={productId}
          onChange={(v?: number) => changeFilter(() => setProductId(v))}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Select
          allowClear
          aria-label={t('spotCheck.result')}
          placeholder={t('spotCheck.result')}
          style={{ width: 140 }}
          value={result}
          onChange={(v?: 1 | 2) => changeFilter(() => setResult(v))}
          options={[
            { value: SamplingResult.PASS, label: t('spotCheck.pass') },
            { value: SamplingResult.FAIL, label: t('spotCheck.fail') },
          ]}
        />
      </Flex>
      {page.isError ? (
        <Alert type="warning" showIcon title={t('spotCheck.unavailable')} description={page.error.message} />
      ) : (
        <Table<SamplingItem>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={mobile ? undefined : { x: 1050 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spotCheck.empty')} /> }}
          pagination={takeSkipPagination({ take: PAGE_SIZE, skip }, page.data?.total ?? 0, setSkip, (n) =>
            t('common.total', { total: n }),
          )}
        />
      )}
    </Card>
  );
}

export default SpotCheckPage;

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}
