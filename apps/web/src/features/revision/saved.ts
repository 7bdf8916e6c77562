import { i18n } from '../../lib/i18n.ts';
import './register-locale.ts';

/**
 * After a save of a product, specification or document: the words to show when part of it became a revision
 * (approved facts of a listed product wait for review), or null when everything took effect.
 */
export function pendingReviewText(result: { revisionId?: number | null } | undefined): string | null {
  return result?.revisionId ? i18n.t('notice.saved', { ns: 'revision' }) : null;
}
