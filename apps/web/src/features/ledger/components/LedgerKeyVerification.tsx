import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ledgerKeyQuery } from '../public-api.ts';
import type { EvidenceToVerify } from '../verify-evidence.ts';
import { VerificationPanel, type VerifySubject } from './VerificationPanel.tsx';

/** The verification panel with the platform's public key fetched from /open/ledger/key (cached for the visit). */
export function LedgerKeyVerification(props: {
  evidence: EvidenceToVerify;
  subject: VerifySubject;
  expected?: Record<string, string | number | null | undefined>;
  auto?: boolean;
  folded?: boolean;
  technicalIntro?: ReactNode;
}) {
  const key = useQuery(ledgerKeyQuery());
  return <VerificationPanel {...props} publicKey={key.data?.publicKey} keyError={key.isError} />;
}
