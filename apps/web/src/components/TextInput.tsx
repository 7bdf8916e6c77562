import { normalizeText, TEXT_MAX_LENGTH } from '@jcbb/contract';
import type { InputRef } from 'antd';
import { Input, type InputProps } from 'antd';
import { type ChangeEvent, type FocusEvent, forwardRef, type Ref } from 'react';

export interface TextInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value?: string | null;
  /** Called with the text itself (antd Form.Item takes it as the field's value). */
  onChange?: (value: string) => void;
}

/**
 * Text input of spec §5: trims and collapses white space when the field loses focus (not while typing, so a
 * space between two words can still be typed), and takes at most 50 characters unless `maxLength` says otherwise.
 */
export const TextInput = forwardRef(function TextInput(
  { value, onChange, onBlur, maxLength = TEXT_MAX_LENGTH, ...rest }: TextInputProps,
  ref: Ref<InputRef>,
) {
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const current = event.target.value;
    const normalized = normalizeText(current);
    if (normalized !== current) onChange?.(normalized);
    onBlur?.(event);
  };
  return (
    <Input
      ref={ref}
      {...rest}
      value={value ?? ''}
      maxLength={maxLength}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value)}
      onBlur={handleBlur}
    />
  );
});
