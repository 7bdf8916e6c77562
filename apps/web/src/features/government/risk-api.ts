import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { governmentRiskEndpoints as api } from '@jcbb/contract/government-risk.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * Risk rules, alerts and subscriptions (docs/government.md, "Risk rules") as TanStack Query options over the
 * contract's endpoints. No URL and no answer type is written here.
 */

export type AlertRow = EndpointData<typeof api.alertList>['list'][number];
export type AlertListInput = EndpointInput<typeof api.alertList>;
export type AlertDetail = EndpointData<typeof api.alertDetail>;
export type AlertEvidence = AlertDetail['evidence'][number];
export type AlertFollow = AlertDetail['follows'][number];
export type RiskRule = EndpointData<typeof api.riskRules>['list'][number];

export const ALERTS_PAGE_SIZE = 20;

/** Alerts move with the engine's runs (every 15 minutes) and other people's steps: read afresh when opened. */
const FRESH = { staleTime: 0 } as const;

export const riskQueries = {
  rules: () => queryOf(api.riskRules),
  list: (input: AlertListInput) => queryOptions({ ...queryOf(api.alertList, input), ...FRESH }),
  detail: (id: number) => queryOptions({ ...queryOf(api.alertDetail, { id }), retry: retryUnlessNotFound, ...FRESH }),
  subscriptions: () => queryOptions({ ...queryOf(api.subscriptionList), ...FRESH }),
};

export const riskMutations = {
  acknowledge: mutationOf(api.alertAcknowledge),
  explain: mutationOf(api.alertExplain, { silent: true }),
  dismiss: mutationOf(api.alertDismiss, { silent: true }),
  confirm: mutationOf(api.alertConfirm, { silent: true }),
  close: mutationOf(api.alertClose, { silent: true }),
  run: mutationOf(api.riskRun),
  subscribe: mutationOf(api.subscriptionSave),
  unsubscribe: mutationOf(api.subscriptionDelete),
};

/** An explanation's files: uploaded as the organisation's own, opened through the alert. */
export const riskFiles = {
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  open: (id: number, uploadId: number) => download(api.alertAttachment, { id, uploadId }),
};

/** After an alert changed, or a run: the lists and the detail. */
export const invalidateAlerts = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.alertList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.alertDetail) }),
  ]);
/** After a subscription changed: the subscriptions, and the detail's 关注 buttons. */
export const invalidateSubscriptions = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.subscriptionList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.alertDetail) }),
    qc.invalidateQueries({ queryKey: keyOf(api.alertList) }),
  ]);
