import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { type AttributeGroupWithElements, auditReasonBody, type ElementValue, ListingAction } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import {
  DynamicForm,
  type ElementFieldValue,
  elementFieldErrors,
  toElementValues,
  VALUES_FIELD,
  visibleElements,
} from '../../element/public.ts';
import { type AuditDecision, listingApi } from '../api.ts';

/** Which auditor decides: the platform (super_admin) or the city's committee (住建委). */
export type AuditorKind = 'platform' | 'city';

type ReasonDecision = 'reject' | 'notGreen';
type ChecklistValues = { [VALUES_FIELD]?: Record<string, ElementFieldValue> };

/**
 * The auditor's decision on one listing, as the server allows it (allowedActions): the step's approval form
 * (审核要点, scenario 2: the platform's nationwide checklist or the city's own) when one is set, then 通过 after a
 * confirmation (the checklist's required items filled); 驳回 and (the city only) 标记为非绿色 with a required reason.
 * Every decision sends what the checklist holds; the audit log keeps it with the decision.
 */
export function AuditActions({
  kind,
  listingId,
  productName,
  cityName,
  allowedActions,
  approvalGroups = [],
  onDecided,
}: {
  kind: AuditorKind;
  listingId: number;
  productName: string;
  cityName: string;
  allowedActions: readonly string[];
  /** The detail's approvalGroups: the form this auditor fills with its decision. */
  approvalGroups?: readonly AttributeGroupWithElements[];
  onDecided: (decision: AuditDecision) => void;
}) {
  const { t } = useTranslation('listing');
  const { modal, message } = App.useApp();
  const [asking, setAsking] = useState<ReasonDecision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [checklist] = Form.useForm<ChecklistValues>();
  const elements = useMemo(
    () => approvalGroups.filter((g) => g.useStatus === 1).flatMap((g) => visibleElements(g.elements)),
    [approvalGroups],
  );
  const answers = (): ElementValue[] =>
    elements.length === 0 ? [] : toElementValues(elements, checklist.getFieldValue(VALUES_FIELD));
  /** A refused decision: its checklist messages on their fields, and the server's words in a toast. */
  const refused = (error: Error, sent: readonly ElementValue[]) => {
    if (error instanceof ApiError) checklist.setFields(elementFieldErrors(error.fieldErrors, sent));
    message.error(error.message);
  };

  const can = {
    approve: allowedActions.includes(kind === 'platform' ? ListingAction.PLATFORM_APPROVE : ListingAction.CITY_APPROVE),
    reject: allowedActions.includes(kind === 'platform' ? ListingAction.PLATFORM_REJECT : ListingAction.CITY_REJECT),
    notGreen: kind === 'city' && allowedActions.includes(ListingAction.CITY_NOT_GREEN),
  };

  const approve = useMutation({
    mutationFn: (values: ElementValue[]) =>
      kind === 'platform' ? listingApi.platformApprove(listingId, values) : listingApi.cityApprove(listingId, values),
    onSuccess: (decision) => {
      message.success(t('audit.approved'));
      onDecided(decision);
    },
    onError: refused,
  });
  const withReason = useMutation({
    mutationFn: ({ decision, reason, values }: { decision: ReasonDecision; reason: string; values: ElementValue[] }) =>
      decision === 'notGreen'
        ? listingApi.cityNotGreen(listingId, reason, values)
        : kind === 'platform'
          ? listingApi.platformReject(listingId, reason, values)
          : listingApi.cityReject(listingId, reason, values),
    onSuccess: (result, { decision }) => {
      setAsking(null);
      message.success(decision === 'notGreen' ? t('audit.markedNotGreen') : t('audit.rejected'));
      onDecided(result);
    },
    onError: (error, { values }) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else {
        setAsking(null);
        refused(error, values);
      }
    },
  });

  /** The checklist's required items must be filled before a decision that lists the product. */
  const checklistComplete = async () => {
    if (elements.length === 0) return true;
    try {
      await checklist.validateFields();
      return true;
    } catch {
      message.warning(t('audit.checklistIncomplete'));
      return false;
    }
  };

  if (!can.approve && !can.reject && !can.notGreen) return null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {elements.length > 0 && (
        <Card type="inner" size="small" title={t('audit.checklist')}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('audit.checklistHint')}
          </Typography.Paragraph>
          <Form<ChecklistValues> form={checklist} layout="vertical" aria-label={t('audit.checklist')}>
            <DynamicForm
              groups={approvalGroups}
              upload={(file) => listingApi.upload(file)}
              openFile={(file) => openFetched(() => listingApi.ownFile(file.id), file.name)}
            />
          </Form>
        </Card>
      )}
      <Space wrap>
        {can.approve && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={approve.isPending}
            onClick={async () => {
              if (!(await checklistComplete())) return;
              const values = answers();
              modal.confirm({
                title: t('audit.approveTitle', { name: productName, city: cityName }),
                content:
                  kind === 'platform'
                    ? t('audit.approvePlatformText', { city: cityName })
                    : t('audit.approveCityText', { city: cityName }),
                okText: t('audit.approve'),
                cancelText: t('common.cancel'),
                onOk: () => approve.mutateAsync(values).catch(() => undefined),
              });
            }}
          >
            {t('audit.approve')}
          </Button>
        )}
        {can.reject && (
          <Button danger icon={<CloseOutlined />} onClick={() => setAsking('reject')}>
            {t('audit.reject')}
          </Button>
        )}
        {can.notGreen && (
          <Button
            icon={<StopOutlined />}
            onClick={async () => {
              if (await checklistComplete()) setAsking('notGreen');
            }}
          >
            {t('audit.notGreen')}
          </Button>
        )}
      </Space>
      <ReasonModal
        open={asking !== null}
        text={{
          title:
            asking === 'notGreen'
              ? t('audit.notGreenTitle', { name: productName })
              : t('audit.rejectTitle', { name: productName }),
          okText: asking === 'notGreen' ? t('audit.notGreen') : t('audit.reject'),
          cancelText: t('common.cancel'),
          label: asking === 'notGreen' ? t('audit.notGreenReason') : t('audit.rejectReason'),
          placeholder: t('audit.reasonPlaceholder'),
          hint: asking === 'notGreen' ? t('audit.notGreenHint') : undefined,
        }}
        schema={auditReasonBody.shape.reason}
        submitting={withReason.isPending}
        serverError={reasonError}
        onSubmit={(reason) => {
          setReasonError(null);
          if (asking) withReason.mutate({ decision: asking, reason, values: answers() });
        }}
        onCancel={() => {
          setReasonError(null);
          setAsking(null);
        }}
      />
    </Space>
  );
}
