import { Button, Flex, Input, Tag, Typography } from 'antd';
import { type AriaAttributes, type ClipboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { mergeCodes } from './codes.ts';

/** Beyond this many codes the tags fold into a count (a pallet line may carry thousands). */
const SHOWN = 60;

/**
 * A form control of trace codes: scan (a scanner types and presses Enter) or type a code, or paste a list (lines,
 * commas, full label URLs with `code=`). Each is normalised as the server reads it and kept once; what is not a code
 * is named under the box and left out. The value is the list of codes.
 */
export function CodeTagInput({
  id,
  value,
  onChange,
  disabled,
  placeholder,
  ...aria
}: {
  id?: string;
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
}) {
  const { t } = useTranslation(SHIP_NS);
  const codes = value ?? [];
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const [showAll, setShowAll] = useState(false);

  const add = (text: string) => {
    const merged = mergeCodes(codes, text);
    setInvalid(merged.invalid);
    setDraft('');
    if (merged.codes.length !== codes.length) onChange?.(merged.codes);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    add(`${draft}${text}`);
  };
  const shown = showAll ? codes : codes.slice(0, SHOWN);

  return (
    <div>
      <Input
        id={id}
        value={draft}
        disabled={disabled}
        autoComplete="off"
        placeholder={placeholder ?? t('codes.placeholder')}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        suffix={<Typography.Text type="secondary">{t('codes.count', { count: codes.length })}</Typography.Text>}
        onChange={(e) => {
          const text = e.target.value;
          // A separator typed or dropped in: take what came before it.
          if (/[\r\n,;，；]/.test(text)) add(text);
          else setDraft(text);
        }}
        onPaste={onPaste}
        onPressEnter={(e) => {
          e.preventDefault();
          if (draft.trim()) add(draft);
        }}
      />
      {invalid.length > 0 && (
        <Typography.Text type="warning" style={{ display: 'block', fontSize: 12, overflowWrap: 'anywhere' }}>
          {t('codes.invalid', { count: invalid.length, list: invalid.slice(0, 5).join('、') })}
        </Typography.Text>
      )}
      {codes.length > 0 && (
        <Flex wrap gap={4} style={{ marginTop: 8 }}>
          {shown.map((code) => (
            <Tag
              key={code}
              closable={!disabled}
              onClose={(e) => {
                e.preventDefault();
                onChange?.(codes.filter((c) => c !== code));
              }}
              style={{ fontFamily: 'monospace', marginInlineEnd: 0 }}
            >
              {code}
            </Tag>
          ))}
          {codes.length > SHOWN && !showAll && (
            <Button size="small" type="link" onClick={() => setShowAll(true)}>
              {t('codes.more', { count: codes.length - SHOWN })}
            </Button>
          )}
          {!disabled && (
            <Button size="small" type="link" danger onClick={() => onChange?.([])}>
              {t('codes.clear')}
            </Button>
          )}
        </Flex>
      )}
    </div>
  );
}
