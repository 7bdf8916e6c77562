import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Empty, Flex, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { shipQueries, type TraceCode } from '../../ship-api.ts';
import { shipLabels } from './labels.ts';

/**
 * Pick codes of a lot that are free to ship (the holder's top-level codes in `status`): packages and lone items,
 * a package's items travelling with it. Codes already on the line are left out.
 */
export function CodePicker({
  open,
  lotId,
  status,
  unitName,
  taken,
  onPick,
  onClose,
}: {
  open: boolean;
  lotId: number;
  status: TraceCode['status'];
  unitName: string;
  taken: readonly string[];
  onPick: (codes: string[]) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(SHIP_NS);
  const labels = shipLabels(i18n.language.startsWith('en'));
  const codes = useQuery({ ...shipQueries.codes(lotId, status), enabled: open });
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => {
    if (open) setPicked([]);
  }, [open]);
  const free = (codes.data?.list ?? []).filter((c) => !taken.includes(c.code));
  const sum = free.filter((c) => picked.includes(c.code)).reduce((s, c) => s + Math.round(c.quantity * 1000), 0) / 1000;

  return (
    <Modal
      open={open}
      title={t('codes.pickTitle')}
      okText={t('codes.pickOk', { count: picked.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: picked.length === 0 }}
      onOk={() => onPick(picked)}
      onCancel={onClose}
      destroyOnHidden
    >
      {codes.isError && <Alert type="error" showIcon title={codes.error.message} />}
      {codes.isLoading && <Skeleton active />}
      {codes.data && free.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('codes.noneFree')} />
      )}
      {free.length > 0 && (
        <>
          <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 8 }}>
            <Checkbox
              checked={picked.length === free.length}
              indeterminate={picked.length > 0 && picked.length < free.length}
              onChange={(e) => setPicked(e.target.checked ? free.map((c) => c.code) : [])}
            >
              {t('codes.all', { count: free.length })}
            </Checkbox>
            <Typography.Text type="secondary">
              {t('codes.pickedSum', { sum: formatQuantity(sum), unit: unitName })}
            </Typography.Text>
          </Flex>
          <Checkbox.Group
            value={picked}
            onChange={(v) => setPicked(v as string[])}
            style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 360, overflowY: 'auto' }}
            options={free.map((c) => ({
              value: c.code,
              label: (
                <span style={{ overflowWrap: 'anywhere' }}>
                  <span style={{ fontFamily: 'monospace' }}>{c.code}</span>{' '}
                  <Typography.Text type="secondary">
                    {labels.codeLevel(c.level)} · {formatQuantity(c.quantity)} {unitName}
                    {c.childCount > 0 ? ` · ${t('codes.children', { count: c.childCount })}` : ''}
                  </Typography.Text>
                </span>
              ),
            }))}
          />
          {(codes.data?.total ?? 0) > (codes.data?.list.length ?? 0) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('codes.truncated', { shown: codes.data?.list.length, total: codes.data?.total })}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
