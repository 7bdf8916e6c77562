import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { ListingAction } from '@jcbb/contract';
import { pages } from '@jcbb/contract/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { invalidateListings, listingApi, listingDetailQuery } from '../api.ts';
import { ListingDetailView } from '../components/ListingDetailView.tsx';
import { EDITABLE_STATUSES } from '../listing-actions.ts';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';

const LIST = pages.listingList.path;

/**
 * /warehousing/details?id=: the manufacturer's view of one listing: state, answers, the product's evidence, the
 * audit history with the latest reasons, and what may be done now (as the server's allowedActions say).
 */
export function ListingDetailsPage() {
  const { t } = useTranslation('listing');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const { id, valid, query: detail } = useRecordQuery(listingDetailQuery);
  const refresh = () => invalidateListings(queryClient);
  const delist = useMutation({
    mutationFn: () => listingApi.delist(id),
    onSuccess: () => {
      message.success(t('list.delisted'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => listingApi.remove(id),
    onSuccess: () => {
      message.success(t('list.deleted'));
      void refresh();
      navigate(LIST);
    },
  });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST)}>
      {t('common.back')}
    </Button>
  );
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      badIdTitle={t('detail.badId')}
      notFoundTitle={t('detail.notFound')}
    >
      {(d) => {
        const names = { name: d.listing.materialName, city: d.listing.cityName ?? d.listing.cityCode };
        const allowed = d.allowedActions;
        const editable = EDITABLE_STATUSES.includes(d.listing.status) && allowed.includes(ListingAction.SAVE);
        const actions = (
          <Space wrap>
            {editable && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/warehousing/edit?id=${id}`)}>
                {d.listing.status === 0 ? t('detail.edit') : t('detail.resubmit')}
              </Button>
            )}
            {allowed.includes(ListingAction.DELIST) && (
              <Button
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('list.confirmDelist', names),
                    content: t('list.confirmDelistText'),
                    okText: t('list.delist'),
                    okButtonProps: { danger: true },
                    cancelText: t('common.cancel'),
                    onOk: () => delist.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('list.delist')}
              </Button>
            )}
            {allowed.includes(ListingAction.DELETE) && (
              <Button
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('list.confirmDelete', names),
                    content: t('list.confirmDeleteText'),
                    okText: t('list.delete'),
                    okButtonProps: { danger: true },
                    cancelText: t('common.cancel'),
                    onOk: () => remove.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('list.delete')}
              </Button>
            )}
          </Space>
        );

        return (
          <PageCard title={t('detail.title')} tools={back}>
            <ListingDetailView detail={d} actions={actions} />
          </PageCard>
        );
      }}
    </RecordState>
  );
}
