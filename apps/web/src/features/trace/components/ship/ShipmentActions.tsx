import { CheckOutlined, CloseCircleOutlined, EditOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { shipmentReasonBody } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ReasonModal } from '../../../../components/ReasonModal.tsx';
import { ApiError } from '../../../../lib/http.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { sendProductPath } from '../../paths.ts';
import {
  invalidateShipments,
  type ShipmentAction,
  type ShipmentDetail,
  type ShipmentReceipt,
  shipMutations,
} from '../../ship-api.ts';
import { ReceiptDrawer } from './ReceiptDrawer.tsx';

type Decision = 'void' | 'close';

/**
 * What may be done with a shipment now (its `actions`; the server checks each call again): the buttons of the detail
 * page's title bar, and the dialogs they open (the receipt drawer, the reason of a void or a close), which the page
 * places below its sections. `receiveOnOpen` (&receive=1) opens the receipt drawer at once when receiving is allowed.
 */
export function useShipmentActions(
  s: ShipmentDetail,
  receiveOnOpen: boolean,
): { actions: ReactNode[]; dialogs: ReactNode } {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const may = (a: ShipmentAction) => s.actions.includes(a);
  const [receiving, setReceiving] = useState(receiveOnOpen && s.actions.includes('receive'));
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const done = (text: string) => {
    message.success(text);
    void invalidateShipments(queryClient);
  };
  const failed = (error: Error) => message.error(error.message, 5);
  const ship = useMutation({ ...shipMutations.ship, onSuccess: () => done(t('detail.shipped')), onError: failed });
  const cancel = useMutation({ ...shipMutations.cancel, onSuccess: () => done(t('detail.cancelled')) });
  const decided = {
    onSuccess: () => {
      setDeciding(null);
      done(t('detail.decided'));
    },
    onError: (error: Error) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else failed(error);
    },
  };
  const voiding = useMutation({ ...shipMutations.void, ...decided });
  const closing = useMutation({ ...shipMutations.close, ...decided });
  const returning = useMutation({
    ...shipMutations.returnPrefill,
    onSuccess: (r) => {
      message.success(t('detail.returnDraft', { number: r.number }));
      void invalidateShipments(queryClient);
      navigate(sendProductPath(r.id));
    },
  });

  const withRejections = s.receipts.filter((r) => r.lines.some((l) => l.rejected > 0));
  const returnButton =
    may('return') && withRejections.length > 0 ? (
      withRejections.length === 1 ? (
        <Button
          key="return"
          icon={<RollbackOutlined />}
          loading={returning.isPending}
          onClick={() => returning.mutate({ receiptId: (withRejections[0] as ShipmentReceipt).id })}
        >
          {t('actions.return')}
        </Button>
      ) : (
        <Dropdown
          key="return"
          menu={{
            items: withRejections.map((r) => ({ key: String(r.id), label: r.number })),
            onClick: ({ key }) => returning.mutate({ receiptId: Number(key) }),
          }}
        >
          <Button icon={<RollbackOutlined />} loading={returning.isPending}>
            {t('actions.return')}
          </Button>
        </Dropdown>
      )
    ) : null;

  const actions: ReactNode[] = [
    may('receive') && (
      <Button key="receive" type="primary" icon={<CheckOutlined />} onClick={() => setReceiving(true)}>
        {t('actions.receive')}
      </Button>
    ),
    may('ship') && (
      <Button
        key="ship"
        type="primary"
        loading={ship.isPending}
        onClick={() =>
          modal.confirm({
            title: t('wizard.shipConfirmTitle'),
            content: t('wizard.shipConfirm'),
            okText: t('actions.ship'),
            cancelText: t('common.cancel'),
            onOk: () => ship.mutate({ id: s.id }),
          })
        }
      >
        {t('actions.ship')}
      </Button>
    ),
    may('edit') && (
      <Button key="edit" icon={<EditOutlined />} onClick={() => navigate(sendProductPath(s.id))}>
        {t('actions.edit')}
      </Button>
    ),
    returnButton,
    may('close') && (
      <Button
        key="close"
        icon={<StopOutlined />}
        onClick={() => {
          setReasonError(null);
          setDeciding('close');
        }}
      >
        {t('actions.close')}
      </Button>
    ),
    may('void') && (
      <Button
        key="void"
        danger
        icon={<CloseCircleOutlined />}
        onClick={() => {
          setReasonError(null);
          setDeciding('void');
        }}
      >
        {t('actions.void')}
      </Button>
    ),
    may('cancel') && (
      <Button
        key="cancel"
        danger
        loading={cancel.isPending}
        onClick={() =>
          modal.confirm({
            title: t('actions.cancelConfirmTitle'),
            content: t('actions.cancelConfirm'),
            okText: t('actions.cancel'),
            okButtonProps: { danger: true },
            cancelText: t('common.cancel'),
            onOk: () => cancel.mutate({ id: s.id }),
          })
        }
      >
        {t('actions.cancel')}
      </Button>
    ),
  ].filter(Boolean);

  const decision = deciding ?? 'close';
  const dialogs = (
    <>
      {may('receive') && (
        <ReceiptDrawer
          shipment={s}
          open={receiving}
          onClose={() => setReceiving(false)}
          onDone={(number) => {
            setReceiving(false);
            done(t('receipt.done', { number }));
          }}
        />
      )}
      <ReasonModal
        open={deciding !== null}
        text={{
          title: t(`decision.${decision}.title`, { number: s.number }),
          okText: t(`decision.${decision}.ok`),
          cancelText: t('common.cancel'),
          label: t(`decision.${decision}.label`),
          placeholder: t(`decision.${decision}.placeholder`),
          hint: t(`decision.${decision}.hint`),
        }}
        schema={shipmentReasonBody.shape.reason}
        submitting={voiding.isPending || closing.isPending}
        serverError={reasonError}
        onCancel={() => setDeciding(null)}
        onSubmit={(reason) => {
          setReasonError(null);
          (deciding === 'void' ? voiding : closing).mutate({ id: s.id, reason });
        }}
      />
    </>
  );
  return { actions, dialogs };
}
