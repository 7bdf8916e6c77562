import { CheckCircleFilled, ScanOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from '../../../../components/scanner/CameraScanner.tsx';
import { extractTraceCode } from '../../../trace/public.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** What became of one scanned or typed code: ticked on a line, already ticked, or not of this delivery. */
export type ScanOutcome =
  | { kind: 'ticked'; code: string; line: string; count: number; of: number }
  | { kind: 'again'; code: string; line: string }
  | { kind: 'stranger'; code: string };

/** Splits what was typed or pasted (lines, commas, label addresses) into trace codes and what is not one. */
export function codesIn(text: string): { codes: string[]; invalid: string[] } {
  const codes: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;，；]+/)) {
    if (!part) continue;
    const code = extractTraceCode(part);
    if (code) codes.push(code);
    else invalid.push(part);
  }
  return { codes, invalid };
}

/**
 * 扫码收货: the camera reads the delivery's trace codes one after another (the app's one scanner, kept open), each
 * scan ticking its line; typing or pasting codes is the fallback (a hand scanner types and presses Enter too). The
 * panel says what the last code did — which line it ticked and how many of the line's codes are in, or that it was
 * in already, or that it is not of this delivery.
 */
export function CodeScanPanel({ onCode }: { onCode: (code: string) => ScanOutcome }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [last, setLast] = useState<ScanOutcome | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [ticked, setTicked] = useState(0);

  const take = (code: string) => {
    const outcome = onCode(code);
    setLast(outcome);
    if (outcome.kind === 'ticked') setTicked((n) => n + 1);
  };
  const typed = (text: string) => {
    const found = codesIn(text);
    setInvalid(found.invalid);
    for (const code of found.codes) take(code);
    setDraft('');
  };

  const feedback: ReactNode = last && (
    <Typography.Text
      role="status"
      type={last.kind === 'ticked' ? 'success' : 'warning'}
      style={{ display: 'block', overflowWrap: 'anywhere' }}
    >
      {last.kind === 'ticked' ? <CheckCircleFilled /> : <WarningFilled />}{' '}
      {last.kind === 'ticked'
        ? t('receive.scan.ticked', { code: last.code, line: last.line, count: last.count, of: last.of })
        : last.kind === 'again'
          ? t('receive.scan.again', { code: last.code, line: last.line })
          : t('receive.scan.stranger', { code: last.code })}
    </Typography.Text>
  );

  return (
    <div style={{ marginBottom: 16 }}>
      <Button type="primary" size="large" block icon={<ScanOutlined />} onClick={() => setOpen(true)}>
        {t('receive.scan.button')}
      </Button>
      <Input
        style={{ marginTop: 8 }}
        value={draft}
        autoComplete="off"
        aria-label={t('receive.scan.typeLabel')}
        placeholder={t('receive.scan.typePlaceholder')}
        onChange={(e) => {
          const text = e.target.value;
          if (/[\r\n,;，；]/.test(text)) typed(text);
          else setDraft(text);
        }}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text');
          if (!text) return;
          e.preventDefault();
          typed(`${draft}${text}`);
        }}
        onPressEnter={(e) => {
          e.preventDefault();
          if (draft.trim()) typed(draft);
        }}
      />
      {invalid.length > 0 && (
        <Typography.Text type="warning" style={{ display: 'block', fontSize: 12, overflowWrap: 'anywhere' }}>
          {t('receive.scan.invalid', { list: invalid.slice(0, 5).join('、') })}
        </Typography.Text>
      )}
      {!open && feedback}
      <Modal
        open={open}
        title={t('receive.scan.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('receive.scan.done', { count: ticked })}
          </Button>
        }
        destroyOnHidden
        centered
      >
        <CameraScanner
          continuous
          words={{
            aim: t('receive.scan.aim'),
            unreadable: t('receive.scan.unreadable'),
            noCamera: t('receive.scan.noCamera'),
            noCameraText: t('receive.scan.noCameraText'),
            unsupported: t('receive.scan.unsupported'),
            unsupportedText: t('receive.scan.unsupportedText'),
          }}
          accept={extractTraceCode}
          onCode={take}
        />
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          {feedback}
        </Flex>
      </Modal>
    </div>
  );
}
