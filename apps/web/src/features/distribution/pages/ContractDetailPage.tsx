import { salesContractTerminateBody } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Grid, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { yuan } from '../components/money.ts';
import { contractStatusColor, salesLabels } from '../components/sales-labels.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import {
  type ContractDetail,
  type ContractLine,
  invalidateContracts,
  salesFiles,
  salesMutations,
  salesQueries,
} from '../sales-api.ts';
import { SALES_PATHS, salesUrl } from '../sales-paths.ts';

/**
 * /productionManagement/contractDetail?id=: one sales contract with each line checked against the distributor's
 * letters (the covering letter, or why none covers it), what was shipped of it, and the actions its state allows:
 * sign (the file's hash on the ledger), put in force, complete, terminate, ship against it. The buyer reads it.
 */
export function ContractDetailPage() {
  const { t } = useTranslation(SALES_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(salesQueries.contract);
  const back = <Button onClick={() => navigate(SALES_PATHS.contractList)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('detail.notFound')}>
      {(c) => <ContractView contract={c} />}
    </RecordState>
  );
}

function ContractView({ contract: c }: { contract: ContractDetail }) {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const [terminating, setTerminating] = useState(false);
  const sign = useMutation(salesMutations.sign);
  const activate = useMutation(salesMutations.activate);
  const complete = useMutation(salesMutations.complete);
  const terminate = useMutation(salesMutations.terminate);
  const can = (a: string) => c.actions.includes(a as ContractDetail['actions'][number]);
  const q = (n: number, unit: string) => formatQuantity(n, { unit, locale: i18n.language });

  const confirmThen = (content: string, run: () => Promise<unknown>, action: string) =>
    modal.confirm({
      content,
      onOk: async () => {
        try {
          await run();
          await invalidateContracts(queryClient);
          message.success(t('detail.done', { action }));
        } catch {
          // The HTTP client has shown the refusal (a line no letter covers names the line).
        }
      },
    });

  const coverage = (l: ContractLine) =>
    l.coverage.covered ? (
      <Tag color="green">
        {l.coverage.authorisationId ? (
          <Link to={salesUrl.letter(l.coverage.authorisationId)}>
            {t('detail.covered', { number: l.coverage.number })}
          </Link>
        ) : (
          t('detail.covered', { number: l.coverage.number })
        )}
      </Tag>
    ) : (
      <Tag color="red">{labels.refusal(l.coverage.refusal)}</Tag>
    );

  const columns: TableProps<ContractLine>['columns'] = [
    { title: '#', dataIndex: 'lineNo', key: 'no', width: 48 },
    {
      title: t('form.spec'),
      key: 'spec',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <span>{l.productName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.specName}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('form.quantity'), key: 'qty', width: 120, align: 'right', render: (_, l) => q(l.quantity, l.unit) },
    { title: t('form.unitPrice'), key: 'price', width: 110, align: 'right', render: (_, l) => yuan(l.unitPriceFen) },
    { title: t('form.lineAmount'), key: 'amount', width: 120, align: 'right', render: (_, l) => yuan(l.amountFen) },
    {
      title: `${t('detail.shipped')} / ${t('detail.remaining')}`,
      key: 'shipped',
      width: 190,
      render: (_, l) => `${q(l.shippedQuantity, l.unit)} / ${q(l.remainingQuantity, l.unit)}`,
    },
    { title: t('detail.coverage'), key: 'coverage', width: 220, render: (_, l) => coverage(l) },
  ];

  const actions = (
    <Space wrap>
      {can('edit') && <Button onClick={() => navigate(salesUrl.contractUpload(c.id))}>{t('common.edit')}</Button>}
      {can('sign') && (
        <Button
          type="primary"
          loading={sign.isPending}
          onClick={() => confirmThen(t('detail.signConfirm'), () => sign.mutateAsync({ id: c.id }), t('detail.sign'))}
        >
          {t('detail.sign')}
        </Button>
      )}
      {can('activate') && (
        <Button
          type="primary"
          loading={activate.isPending}
          onClick={() =>
            confirmThen(t('detail.activateConfirm'), () => activate.mutateAsync({ id: c.id }), t('detail.activate'))
          }
        >
          {t('detail.activate')}
        </Button>
      )}
      {can('ship') && (
        <Button type="primary" onClick={() => navigate(salesUrl.contractSendProduct(c.id))}>
          {t('detail.ship')}
        </Button>
      )}
      {can('complete') && (
        <Button
          loading={complete.isPending}
          onClick={() =>
            confirmThen(t('detail.completeConfirm'), () => complete.mutateAsync({ id: c.id }), t('detail.complete'))
          }
        >
          {t('detail.complete')}
        </Button>
      )}
      {can('terminate') && (
        <Button danger onClick={() => setTerminating(true)}>
          {t('detail.terminate')}
        </Button>
      )}
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap>
            <span>{c.number}</span>
            <Tag color={contractStatusColor[c.status]}>{labels.contractStatus(c.status)}</Tag>
          </Space>
        }
        tools={<Button onClick={() => navigate(SALES_PATHS.contractList)}>{t('common.backToList')}</Button>}
      >
        {c.side === 'buyer' && (
          <Alert type="info" showIcon title={t('detail.buyerView')} style={{ marginBottom: 16 }} />
        )}
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered={wide}>
          <Descriptions.Item label={t('detail.seller')}>{c.sellerName}</Descriptions.Item>
          <Descriptions.Item label={t('detail.buyer')}>
            {c.buyerName}
            {c.buyerCreditCode ? ` · ${c.buyerCreditCode}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.project')}>{c.projectName ?? t('common.none')}</Descriptions.Item>
          <Descriptions.Item label={t('detail.place')}>{c.regionName}</Descriptions.Item>
          <Descriptions.Item label={t('detail.signedDate')}>{c.signedDate ?? t('common.none')}</Descriptions.Item>
          <Descriptions.Item label={t('detail.period')}>
            {c.validFrom} ~ {c.validUntil}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.amount')}>
            <Typography.Text strong>{yuan(c.amountFen)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.file')}>
            {c.signedFile ? (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => void openFetched(() => salesFiles.open(c.signedFile?.id ?? 0), c.signedFile?.name ?? '')}
              >
                {c.signedFile.name}
              </Button>
            ) : (
              t('common.none')
            )}
          </Descriptions.Item>
          {c.leafIndex !== null && (
            <Descriptions.Item label={t('detail.ledger')} span={2}>
              <Space orientation="vertical" size={0}>
                <span>{t('detail.ledgerAt', { index: c.leafIndex })}</span>
                <Typography.Text type="secondary" copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
                  {c.signedFile?.sha256}
                </Typography.Text>
              </Space>
            </Descriptions.Item>
          )}
          {c.statusReason && <Descriptions.Item label={t('detail.reason')}>{c.statusReason}</Descriptions.Item>}
          {c.remarks && <Descriptions.Item label={t('detail.remarks')}>{c.remarks}</Descriptions.Item>}
        </Descriptions>
        {c.side === 'seller' && <Flex style={{ marginTop: 16 }}>{actions}</Flex>}
      </PageCard>

      <PageCard title={t('detail.lines')}>
        {wide ? (
          <Table<ContractLine> rowKey="id" columns={columns} dataSource={c.lines} pagination={false} size="small" />
        ) : (
          <ItemList
            items={c.lines}
            rowKey={(l) => l.id}
            renderItem={(l) => (
              <Space orientation="vertical" size={2}>
                <span>
                  {l.lineNo}. {l.productName} {l.specName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {q(l.quantity, l.unit)} × {yuan(l.unitPriceFen)} = {yuan(l.amountFen)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('detail.shipped')} {q(l.shippedQuantity, l.unit)} · {t('detail.remaining')}{' '}
                  {q(l.remainingQuantity, l.unit)}
                </Typography.Text>
                {coverage(l)}
              </Space>
            )}
          />
        )}
      </PageCard>

      <PageCard title={t('detail.shipments')}>
        {c.shipments.length === 0 ? (
          <Typography.Text type="secondary">{t('detail.noShipments')}</Typography.Text>
        ) : (
          <ItemList
            items={c.shipments}
            rowKey={(s) => s.id}
            renderItem={(s) => (
              <Space wrap>
                <Link to={s.status === 1 ? salesUrl.shipmentDraft(s.id) : salesUrl.shipment(s.id)}>{s.number}</Link>
                <Typography.Text type="secondary">{s.shipDate}</Typography.Text>
              </Space>
            )}
          />
        )}
      </PageCard>

      <ReasonModal
        open={terminating}
        text={{
          title: t('detail.terminateTitle'),
          okText: t('detail.terminate'),
          cancelText: t('common.cancel'),
          label: t('detail.terminateReason'),
          placeholder: t('detail.terminateReason'),
        }}
        schema={salesContractTerminateBody.shape.reason}
        submitting={terminate.isPending}
        serverError={terminate.error instanceof ApiError ? terminate.error.fieldErrors.reason : null}
        onCancel={() => setTerminating(false)}
        onSubmit={async (reason) => {
          try {
            await terminate.mutateAsync({ id: c.id, reason });
            setTerminating(false);
            await invalidateContracts(queryClient);
            message.success(t('detail.done', { action: t('detail.terminate') }));
          } catch (error) {
            if (!(error instanceof ApiError && error.fieldErrors.reason)) message.error((error as Error).message);
          }
        }}
      />
    </Space>
  );
}
