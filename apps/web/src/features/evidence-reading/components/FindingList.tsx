import { AimOutlined } from '@ant-design/icons';
import type { CheckOutcomeValue, ReadingFinding } from '@jcbb/contract';
import { checkOutcomeLabels } from '@jcbb/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales/register.ts';

/** The order an auditor reads them in: what disagrees, what to look at, what could not be checked, what agrees. */
export const OUTCOME_ORDER: CheckOutcomeValue[] = ['fail', 'warn', 'unknown', 'pass'];
export const OUTCOME_COLOURS: Record<CheckOutcomeValue, string> = {
  fail: 'red',
  warn: 'orange',
  unknown: 'default',
  pass: 'green',
};
const OUTCOME_BORDER: Record<CheckOutcomeValue, string> = {
  fail: '#ff4d4f',
  warn: '#fa8c16',
  unknown: '#d9d9d9',
  pass: '#52c41a',
};

/** The findings in the order above; within an outcome, as the server gave them. */
export function sortFindings(findings: ReadingFinding[]): ReadingFinding[] {
  return [...findings].sort((a, b) => OUTCOME_ORDER.indexOf(a.outcome) - OUTCOME_ORDER.indexOf(b.outcome));
}

function Finding({
  finding,
  selected,
  onSelect,
}: {
  finding: ReadingFinding;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('reading');
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const [ruleOpen, setRuleOpen] = useState(false);
  const locatable = finding.fields.length > 0 || finding.items.length > 0;
  const title = `${finding.code} ${finding.name}`;
  return (
    <li
      data-finding={finding.code}
      data-outcome={finding.outcome}
      style={{
        listStyle: 'none',
        padding: '8px 12px',
        borderInlineStart: `3px solid ${OUTCOME_BORDER[finding.outcome]}`,
        background: selected ? '#e6f4ff' : '#fafafa',
        borderRadius: 4,
        minWidth: 0,
      }}
    >
      <Flex wrap gap={8} align="center">
        <Tag color={OUTCOME_COLOURS[finding.outcome]} style={{ marginInlineEnd: 0 }}>
          {checkOutcomeLabels[finding.outcome][lang]}
        </Tag>
        <Typography.Text strong style={{ wordBreak: 'break-word' }}>
          {title}
        </Typography.Text>
        {locatable && (
          <Button
            size="small"
            type={selected ? 'primary' : 'default'}
            icon={<AimOutlined />}
            aria-pressed={selected}
            aria-label={t('panel.locate', { name: title })}
            onClick={onSelect}
          />
        )}
      </Flex>
      <Typography.Paragraph style={{ margin: '4px 0 0', wordBreak: 'break-word' }}>
        {finding.message}
      </Typography.Paragraph>
      {(finding.expected !== undefined || finding.found !== undefined) && (
        <Flex vertical gap={0} style={{ fontSize: 13 }}>
          {finding.expected !== undefined && (
            <Typography.Text type="secondary" style={{ wordBreak: 'break-word' }}>
              {t('panel.expected')}：{finding.expected}
            </Typography.Text>
          )}
          {finding.found !== undefined && (
            <Typography.Text
              type={finding.outcome === 'fail' ? 'danger' : undefined}
              style={{ wordBreak: 'break-word' }}
            >
              {t('panel.found')}：{finding.found}
            </Typography.Text>
          )}
        </Flex>
      )}
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        aria-expanded={ruleOpen}
        onClick={() => setRuleOpen((open) => !open)}
      >
        {t('panel.rule')}
      </Button>
      {ruleOpen && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12, wordBreak: 'break-word' }}>
          {t('panel.ruleVersion', { code: finding.code, version: finding.version })}：{finding.definition}
        </Typography.Paragraph>
      )}
    </li>
  );
}

/**
 * The findings, what disagrees first; the agreeing ones folded behind "n 项一致". Selecting one (its aim button)
 * marks its fields and test items on the document.
 */
export function FindingList({
  findings,
  selected,
  onSelect,
}: {
  findings: ReadingFinding[];
  /** The selected finding's index in `findings`. */
  selected: number | null;
  onSelect: (index: number | null) => void;
}) {
  const { t } = useTranslation('reading');
  const [showAgreeing, setShowAgreeing] = useState(false);
  if (findings.length === 0) return <Typography.Text type="secondary">{t('panel.noFindings')}</Typography.Text>;
  const indexed = sortFindings(findings).map((f) => ({ f, i: findings.indexOf(f) }));
  const open = indexed.filter(({ f }) => f.outcome !== 'pass');
  const agreeing = indexed.filter(({ f }) => f.outcome === 'pass');
  const row = ({ f, i }: { f: ReadingFinding; i: number }) => (
    <Finding key={i} finding={f} selected={selected === i} onSelect={() => onSelect(selected === i ? null : i)} />
  );
  return (
    <Flex vertical gap={8}>
      {open.length > 0 && (
        <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>{open.map(row)}</ul>
      )}
      {agreeing.length > 0 && (
        <div>
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 0, color: '#389e0d' }}
            aria-expanded={showAgreeing}
            onClick={() => setShowAgreeing((v) => !v)}
          >
            {t('panel.agreeFold', { count: agreeing.length })}
          </Button>
          {showAgreeing && (
            <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
              {agreeing.map(row)}
            </ul>
          )}
        </div>
      )}
    </Flex>
  );
}
