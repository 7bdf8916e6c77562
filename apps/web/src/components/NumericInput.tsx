import { finalizeNumericInput, type NumericOptions, sanitizeNumericInput } from '@jcbb/contract';
import { Input, type InputProps, type InputRef } from 'antd';
import { type FocusEvent, forwardRef, type Ref, useState } from 'react';

export interface NumericInputProps
  extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'min' | 'max' | 'type'> {
  /** The number as text; a number is shown as it is. */
  value?: string | number | null;
  /** Called with the cleaned text ('' when empty). Kept as text so no float rounding creeps in. */
  onChange?: (value: string) => void;
  /** Decimals allowed (default 2; 0 for whole numbers). */
  precision?: number;
  min?: number;
  max?: number;
  /** One leading minus; by default allowed unless `min` is zero or more. */
  allowNegative?: boolean;
}

/**
 * Numeric input of spec §5. While typing: only digits, one decimal point, one leading minus and `precision`
 * decimals get through (an unfinished "-" or "12." may stay). On blur: a finished number clamped to min and max.
 * Works controlled (value/onChange, as inside antd Form.Item) or on its own.
 */
export const NumericInput = forwardRef(function NumericInput(
  { value, onChange, onBlur, precision = 2, min, max, allowNegative, inputMode, ...rest }: NumericInputProps,
  ref: Ref<InputRef>,
) {
  const options: NumericOptions = { precision, min, max, allowNegative };
  const [own, setOwn] = useState('');
  const controlled = value !== undefined;
  const text = controlled ? (value === null ? '' : String(value)) : own;

  const emit = (next: string) => {
    if (!controlled) setOwn(next);
    if (next !== text) onChange?.(next);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    emit(finalizeNumericInput(event.target.value, options));
    onBlur?.(event);
  };

  return (
    <Input
      ref={ref}
      {...rest}
      inputMode={inputMode ?? (precision > 0 ? 'decimal' : 'numeric')}
      autoComplete="off"
      value={text}
      onChange={(event) => emit(sanitizeNumericInput(event.target.value, options))}
      onBlur={handleBlur}
    />
  );
});
