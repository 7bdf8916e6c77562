import { formatQuantity } from '@jcbb/contract/quantity';

/**
 * Numbers as the traceability pages show them. Quantities carry up to three decimals (numeric(18,3) on the
 * server) and are shown without trailing zeros; emissions are kg CO2e, switching to tonnes from 1 000 kg.
 */
/** A signed quantity of a stock move: +12, −3.5 (a real minus sign). */
export function formatSigned(n: number, locale = 'zh-CN'): string {
  const abs = formatQuantity(Math.abs(n), { locale });
  return n > 0 ? `+${abs}` : n < 0 ? `−${abs}` : abs;
}

/** kg CO2e as text: "850.3 kg", "12.35 t". */
export function formatCarbon(kg: number, locale = 'zh-CN'): string {
  if (Math.abs(kg) >= 1000) return `${(kg / 1000).toLocaleString(locale, { maximumFractionDigits: 2 })} t`;
  return `${kg.toLocaleString(locale, { maximumFractionDigits: 1 })} kg`;
}
