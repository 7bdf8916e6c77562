import { CheckCircleFilled, CloseCircleFilled, SafetyOutlined } from '@ant-design/icons';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { Alert, Button, Collapse, Flex, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEDGER_NS } from '../locales/register.ts';
import './verification.css';
import { type EvidenceToVerify, fingerprint, type VerificationReport, verifyEvidence } from '../verify-evidence.ts';

export type VerifySubject = 'certificate' | 'file' | 'revocation';

/**
 * "在本机验证": runs the contract's RFC 9162 / Ed25519 checks in this browser and says, check by check, what was
 * verified and what was not. `auto` runs them as soon as the key is there (the public certificate page).
 */
export function VerificationPanel({
  evidence,
  publicKey,
  keyError = false,
  subject,
  expected,
  auto = false,
  folded = false,
  technicalIntro,
}: {
  evidence: EvidenceToVerify;
  /** The platform's Ed25519 public key (hex) from /open/ledger/key; undefined while loading. */
  publicKey: string | undefined;
  keyError?: boolean;
  subject: VerifySubject;
  /** Fields the record must hold as the page shows them (e.g. { certNo }). */
  expected?: Record<string, string | number | null | undefined>;
  auto?: boolean;
  /**
   * For a reader who is no cryptographer (the public certificate page): the outcome in plain words first, the
   * checks (hashes, proof, tree head, key) folded under 技术细节, opened by itself only when a check failed.
   */
  folded?: boolean;
  /** Shown at the top of the folded technical details. */
  technicalIntro?: ReactNode;
}) {
  const { t } = useTranslation(LEDGER_NS);
  const [report, setReport] = useState<VerificationReport | null>(null);

  const run = () => {
    if (publicKey) setReport(verifyEvidence(evidence, publicKey, expected));
  };
  // Auto mode: verify as soon as the key is there, and again for other evidence.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `expected` is a literal of the parent, read at run time
  useEffect(() => {
    if (auto && publicKey) setReport(verifyEvidence(evidence, publicKey, expected));
  }, [auto, publicKey, evidence]);

  return (
    <Flex vertical gap={12} data-testid="verification-panel">
      {!auto && (
        <Flex wrap gap={12} align="center">
          <Button
            type="primary"
            icon={<SafetyOutlined />}
            disabled={!publicKey}
            loading={!publicKey && !keyError}
            onClick={run}
          >
            {report ? t('verify.again') : t('verify.run')}
          </Button>
          <Typography.Text type="secondary">{t('verify.hint')}</Typography.Text>
        </Flex>
      )}
      {keyError && <Alert type="warning" showIcon title={t('verify.keyError')} />}
      {report && folded && (
        <>
          <Alert
            type={report.ok ? 'success' : 'error'}
            showIcon
            title={report.ok ? t(`verify.plain.ok.${subject}`) : t('verify.plain.fail')}
            description={report.ok ? t('verify.plain.okText') : t('verify.failedText')}
          />
          <Collapse
            size="small"
            defaultActiveKey={report.ok ? [] : ['details']}
            items={[
              {
                key: 'details',
                label: t('verify.details'),
                children: (
                  <Flex vertical gap={8}>
                    {technicalIntro && (
                      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                        {technicalIntro}
                      </Typography.Paragraph>
                    )}
                    <Checks report={report} subject={subject} evidence={evidence} publicKey={publicKey} />
                  </Flex>
                ),
              },
            ]}
          />
        </>
      )}
      {report && !folded && (
        <>
          <Alert
            type={report.ok ? 'success' : 'error'}
            showIcon
            title={report.ok ? t('verify.passed') : t('verify.failed')}
            description={report.ok ? t('verify.passedText') : t('verify.failedText')}
          />
          <Checks report={report} subject={subject} evidence={evidence} publicKey={publicKey} />
        </>
      )}
    </Flex>
  );
}

/** Each check with its outcome, and what the verification rested on (proof length, tree head, key). */
function Checks({
  report,
  subject,
  evidence,
  publicKey,
}: {
  report: VerificationReport;
  subject: VerifySubject;
  evidence: EvidenceToVerify;
  publicKey: string | undefined;
}) {
  const { t } = useTranslation(LEDGER_NS);
  return (
    <>
      <ul className="jcbb-verify-list" aria-label={t('verify.listLabel')}>
        {report.checks.map((check) => (
          <li key={check.key} data-ok={check.ok}>
            {check.ok ? (
              <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('verify.ok')} />
            ) : (
              <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('verify.notOk')} />
            )}
            <span>
              {t(`verify.${check.key}.${check.ok ? 'ok' : 'fail'}${check.key === 'content' ? `.${subject}` : ''}`, {
                ...check.values,
              })}
            </span>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 12 }}>
        {t('verify.basis', {
          nodes: evidence.inclusionProof.length,
          size: evidence.sth.treeSize,
          time: formatShanghaiTime(evidence.sth.timestamp),
          key: publicKey ? fingerprint(publicKey) : '',
        })}
      </Typography.Paragraph>
    </>
  );
}
