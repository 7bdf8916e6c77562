import { AUTHORISATION_PAGE_SIZE } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import {
  type AuthorisationRow,
  authorisationMutations,
  authorisationQueries,
  invalidateAuthorisations,
} from '../api.ts';
import { DISTRIBUTION_NS } from '../locales/register.ts';

/**
 * The distributor's letters awaiting its acceptance (state `issued`): each with its maker, number, scope and period,
 * a link to the letter's page and 确认接受. Nothing at all when there are none. Exported (lazily, public.ts) for the
 * distributor's pages to place.
 */
export default function PendingAuthorisations() {
  const { t } = useTranslation(DISTRIBUTION_NS);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const pending = useQuery(authorisationQueries.list({ take: AUTHORISATION_PAGE_SIZE, skip: 0, status: 'issued' }));
  const accept = useMutation({
    ...authorisationMutations.accept,
    onSuccess: (a) => {
      message.success(t('pending.accepted', { number: a.number ?? '' }));
      void invalidateAuthorisations(queryClient);
    },
  });
  const rows = pending.data?.list ?? [];
  if (rows.length === 0) return null;
  const confirm = (a: AuthorisationRow) =>
    modal.confirm({
      title: t('actions.accept'),
      content: t('actions.acceptConfirm', { maker: a.maker.name, number: a.number ?? '' }),
      okText: t('actions.accept'),
      cancelText: t('common.cancel'),
      onOk: () => accept.mutateAsync({ id: a.id }),
    });
  return (
    <Card title={t('pending.title')} size="small" data-testid="pending-authorisations">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('pending.intro')}
      </Typography.Paragraph>
      <ItemList
        items={rows}
        rowKey={(a) => a.id}
        renderItem={(a) => (
          <Space orientation="vertical" size={0}>
            <Link to={pageUrl(pages.licensedProductDetail, { id: a.id })}>
              {t('pending.from', { maker: a.maker.name, number: a.number ?? '' })}
            </Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${a.scopeSummary} · ${a.validFrom} ~ ${a.validUntil}`}
            </Typography.Text>
          </Space>
        )}
        actions={(a) => (
          <Button
            type="primary"
            size="small"
            loading={accept.isPending && accept.variables?.id === a.id}
            onClick={() => confirm(a)}
          >
            {t('actions.accept')}
          </Button>
        )}
      />
    </Card>
  );
}
