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
];
