import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Collapse,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../../../lib/record-id.ts';
import { type AuthorisationView, authorisationQueries } from '../api.ts';
import { DISTRIBUTION_NS } from '../locales/register.ts';
import { ActionButtons, useAuthorisationActions } from './AuthorisationActions.tsx';
import { AUTHORISATION_EXPIRING_DAYS, distributionLabels, endsWithin } from './labels.ts';
import { StateTag } from './StateTag.tsx';

/**
 * One authorisation in a drawer over the list (/agent/index?id=, the messages' link): the letter's parties, scope,
 * period and state, what has shipped against each cap, the chain of versions (each opens here), the ledger entry,
 * and what may be done now. A 404 (another organisation's, or gone) says so.
 */
export function AuthorisationDrawer({
  id,
  onClose,
  onOpen,
}: {
  id: number | null;
  onClose: () => void;
  /** Opens another version of the chain (or the renewal's draft) in the drawer. */
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const detail = useQuery({ ...authorisationQueries.detail(id ?? 0), enabled: id !== null });
  const a = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={wide ? 760 : '100%'}
      destroyOnHidden
      title={
        a ? (
          <Flex wrap gap={8} align="center">
            <span>{a.number ? t('detail.title', { number: a.number }) : t('detail.draftTitle')}</span>
            <StateTag state={a.state} />
          </Flex>
        ) : (
          t('detail.draftTitle')
        )
      }
    >
      {detail.isError ? (
        <Result
          status={isNotFound(detail.error) ? '404' : 'warning'}
          title={isNotFound(detail.error) ? t('common.notFound') : detail.error.message}
          extra={<Button onClick={onClose}>{t('common.close')}</Button>}
        />
      ) : a ? (
        <Detail a={a} onOpen={onOpen} onDeleted={onClose} />
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      )}
    </Drawer>
  );
}

function Detail({
  a,
  onOpen,
  onDeleted,
}: {
  a: AuthorisationView;
  onOpen: (id: number) => void;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation(DISTRIBUTION_NS);
  const english = i18n.language.startsWith('en');
  const labels = distributionLabels(english);
  const locale = english ? 'en' : 'zh-CN';
  const { actions, dialogs } = useAuthorisationActions(a, { onDeleted, onRenewed: onOpen });
  const expiring = endsWithin(a, AUTHORISATION_EXPIRING_DAYS);
  const none = t('common.none');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {actions.length > 0 && <ActionButtons actions={actions} />}
      {a.statusReason && (a.state === 'suspended' || a.state === 'revoked') && (
        <Alert
          type={a.state === 'revoked' ? 'error' : 'warning'}
          showIcon
          title={`${labels.state(a.state)} · ${t('detail.statusReason')}：${a.statusReason}`}
          description={a.statusChangedAt ?? undefined}
        />
      )}
      {expiring && (
        <Alert
          type="warning"
          showIcon
          title={a.expiresInDays === 0 ? t('common.endsToday') : t('common.daysLeft', { days: a.expiresInDays })}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'distributor', label: t('detail.distributor'), children: a.distributor.name, span: 'filled' },
          {
            key: 'kind',
            label: t('detail.kind'),
            children: (
              <>
                {labels.kind(a.kind)}
                {a.exclusive && (
                  <Tag color="purple" style={{ marginInlineStart: 8 }}>
                    {t('common.exclusive')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            key: 'version',
            label: t('detail.version'),
            children: t('common.versionN', { version: a.version }),
          },
          ...(a.kind === 'project'
            ? [
                { key: 'project', label: t('detail.project'), children: a.projectName ?? none },
                { key: 'tender', label: t('detail.tenderNo'), children: a.tenderNo ?? none },
              ]
            : []),
          {
            key: 'regions',
            label: t('detail.regions'),
            children: a.regions.map((r) => r.name).join('、'),
            span: 'filled',
          },
          { key: 'period', label: t('detail.period'), children: `${a.validFrom} ~ ${a.validUntil}`, span: 'filled' },
          { key: 'issuedAt', label: t('detail.issuedAt'), children: a.issuedAt ?? none },
          { key: 'acceptedAt', label: t('detail.acceptedAt'), children: a.acceptedAt ?? none },
          {
            key: 'signatory',
            label: t('detail.signatory'),
            children: [a.signatoryName, a.signatoryTitle].filter(Boolean).join(' · ') || none,
          },
          { key: 'auto', label: t('detail.autoAccept'), children: a.autoAccept ? t('common.yes') : t('common.no') },
          ...(a.afterSalesCommitment
            ? [
                {
                  key: 'afterSales',
                  label: t('detail.afterSales'),
                  children: a.afterSalesCommitment,
                  span: 'filled' as const,
                },
              ]
            : []),
          ...(a.supplyCommitment
            ? [{ key: 'supply', label: t('detail.supply'), children: a.supplyCommitment, span: 'filled' as const }]
            : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('detail.products')}</Typography.Title>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={a.items}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('detail.product'), dataIndex: 'productName', key: 'product' },
            {
              title: t('detail.specs'),
              key: 'specs',
              render: (_, i) => (i.allSpecs ? t('common.allSpecs') : i.specs.map((s) => s.name).join('、')),
            },
            {
              title: t('detail.cap'),
              key: 'cap',
              render: (_, i) =>
                i.quantityCap === null ? t('common.noCap') : formatQuantity(i.quantityCap, { unit: i.unit, locale }),
            },
            {
              title: t('detail.shipped'),
              key: 'shipped',
              render: (_, i) => formatQuantity(i.shippedQuantity, { unit: i.unit, locale }),
            },
            {
              title: t('detail.remaining'),
              key: 'remaining',
              render: (_, i) =>
                i.remainingQuantity === null ? none : formatQuantity(i.remainingQuantity, { unit: i.unit, locale }),
            },
          ]}
        />
      </div>
      {a.versions.length > 1 && (
        <div>
          <Typography.Title level={5}>{t('detail.versions')}</Typography.Title>
          <Timeline
            items={a.versions.map((v) => ({
              key: v.id,
              color: v.id === a.id ? 'green' : 'gray',
              content: (
                <Space wrap size={4}>
                  {v.id === a.id ? (
                    <Typography.Text strong>
                      {t('detail.versionLine', {
                        version: v.version,
                        number: v.number ?? t('common.draft'),
                        from: v.validFrom,
                        until: v.validUntil,
                      })}
                    </Typography.Text>
                  ) : (
                    <Typography.Link onClick={() => onOpen(v.id)}>
                      {t('detail.versionLine', {
                        version: v.version,
                        number: v.number ?? t('common.draft'),
                        from: v.validFrom,
                        until: v.validUntil,
                      })}
                    </Typography.Link>
                  )}
                  <StateTag state={v.state} />
                </Space>
              ),
            }))}
          />
        </div>
      )}
      {a.contentSha256 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'evidence',
              label: t('detail.evidence'),
              children: (
                <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{t('detail.evidenceIntro')}</Typography.Text>
                  <Typography.Text>
                    {t('detail.sha256')}：
                    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                      {a.contentSha256}
                    </Typography.Text>
                  </Typography.Text>
                  {a.leafIndex !== null && (
                    <Typography.Text>{`${t('detail.leafIndex')}：${a.leafIndex}`}</Typography.Text>
                  )}
                  {a.statusLeafIndex !== null && (
                    <Typography.Text>{`${t('detail.statusLeafIndex')}：${a.statusLeafIndex}`}</Typography.Text>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {dialogs}
    </Space>
  );
}
