import { PlusOutlined } from '@ant-design/icons';
import { Role } from '@jcbb/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.ts';
import { invalidateProductCentre, productApi, type SpecItem, specsOfProductQuery } from '../../api.ts';
import { SpecTable } from '../../components/SpecTable.tsx';
import { SpecFormModal } from '../../forms/SpecFormModal.tsx';

/** Step 2: the product's specification models, each saved as it is added or edited. */
export function SpecsStep({ productId }: { productId: number }) {
  const { t } = useTranslation('product');
  const { modal, message } = App.useApp();
  const { user } = useSession();
  const canDelete = user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SpecItem | null | undefined>(undefined);
  const specs = useQuery(specsOfProductQuery(productId));
  const refresh = () => invalidateProductCentre(queryClient);

  const remove = useMutation({
    mutationFn: (id: number) => productApi.removeSpec(id),
    onSuccess: () => {
      message.success(t('common.deleted'));
      void refresh();
    },
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="flex-end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('spec.add')}
        </Button>
      </Flex>
      <SpecTable
        specs={specs.data ?? []}
        loading={specs.isFetching}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('edit.specsEmpty')} />}
        actions={(s) => (
          <Space size={0} style={{ marginInline: -7 }}>
            <Button type="link" size="small" onClick={() => setEditing(s)}>
              {t('common.edit')}
            </Button>
            {canDelete ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('spec.deleteConfirm', { name: `${s.name} ${s.model}` }),
                    okText: t('common.delete'),
                    okButtonProps: { danger: true },
                    cancelText: t('common.cancel'),
                    onOk: () => remove.mutateAsync(s.id),
                  })
                }
              >
                {t('common.delete')}
              </Button>
            ) : null}
          </Space>
        )}
      />
      <SpecFormModal
        open={editing !== undefined}
        productId={productId}
        spec={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void refresh();
        }}
      />
    </Space>
  );
}
