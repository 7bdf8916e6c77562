import { REMINDER_SWEEP_INTERVAL_MS, runAuthorisationReminders } from '../modules/distribution/index.ts';
import {
  FILING_REMINDER_INTERVAL_MS,
  RISK_SWEEP_INTERVAL_MS,
  runFilingReminders,
  runRiskSweep,
} from '../modules/government/index.ts';
import { EXPIRY_SWEEP_INTERVAL_MS, runCertificateExpirySweep } from '../modules/product/index.ts';
import type { Job } from './scheduler.ts';

/** Every background job of the deployment (docs/deployment.md): run once per period, not once per process. */
export const jobs: Job[] = [
  {
    // Green certificates: stored tags follow expiry, owners are told 30 days ahead (modules/product).
    name: 'certificate-expiry',
    everyMs: EXPIRY_SWEEP_INTERVAL_MS,
    run: (db) => runCertificateExpirySweep(db),
  },
  {
    // Authorisation letters: both parties told 60, 30 and 7 days before the end (modules/distribution).
    name: 'authorisation-reminders',
    everyMs: REMINDER_SWEEP_INTERVAL_MS,
    run: (db) => runAuthorisationReminders(db),
  },
  {
    // Procurement filings: filers told 7 days and 1 day before the quarter's deadline, and once overdue (modules/government).
    name: 'filing-reminders',
    everyMs: FILING_REMINDER_INTERVAL_MS,
    run: (db) => runFilingReminders(db),
  },
  {
    // Risk rules over every city: new findings open alerts, findings gone mark theirs resolved (modules/government).
    name: 'risk-sweep',
    everyMs: RISK_SWEEP_INTERVAL_MS,
    run: (db) => runRiskSweep(db),
  },
];
