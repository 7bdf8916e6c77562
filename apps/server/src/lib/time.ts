/**
 * Kept only for modules not yet moved to `@jcbb/contract/time` (organization, company): import from there
 * instead; this file goes once nothing imports it.
 */
export { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
