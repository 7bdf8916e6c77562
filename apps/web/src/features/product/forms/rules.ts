import { MASS_PER_UNIT_KG_MAX } from '@jcbb/contract';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';

/**
 * Form rules of the product centre, matching the contract's schemas (packages/contract/src/product.ts) so the
 * user hears about a mistake before the server does. Each takes the translated message.
 */

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

/** Price in yuan: a number ≥ 0 with at most two decimals (contract `priceSchema`). */
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
/** Minimum order: more than 0, at most three decimals (contract `minOrderSchema`). */
export const MIN_ORDER_PATTERN = /^\d{1,11}(\.\d{1,3})?$/;

export const isValidPrice = (value: unknown): boolean => PRICE_PATTERN.test(textOf(value));
export const isValidMinOrder = (value: unknown): boolean => {
  const text = textOf(value);
  return MIN_ORDER_PATTERN.test(text) && Number(text) > 0;
};

/** Empty passes (pair with `required`); anything else must be a valid price. */
export const priceRule = (message: string): FormRule => ({
  validator: (_rule, value) =>
    textOf(value) === '' || isValidPrice(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

export const minOrderRule = (message: string): FormRule => ({
  validator: (_rule, value) =>
    textOf(value) === '' || isValidMinOrder(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Mass per unit, kg: more than 0, at most MASS_PER_UNIT_KG_MAX, four decimals (contract `massPerUnitKgSchema`). */
export const MASS_PATTERN = /^\d+(\.\d{1,4})?$/;
export const isValidMass = (value: unknown): boolean => {
  const text = textOf(value);
  return MASS_PATTERN.test(text) && Number(text) > 0 && Number(text) <= MASS_PER_UNIT_KG_MAX;
};
/** Empty passes (the mass is optional). */
export const massRule = (message: string): FormRule => ({
  validator: (_rule, value) =>
    textOf(value) === '' || isValidMass(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** The end of validity comes after its start (same day is refused, as the server does). */
export const validUntilRule =
  (message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: Dayjs | null | undefined) => {
      const from = getFieldValue('validFrom') as Dayjs | null | undefined;
      if (!value || !from) return Promise.resolve();
      return value.isAfter(from, 'day') ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
