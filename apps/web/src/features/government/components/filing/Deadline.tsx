import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILING_NS } from '../../locales/filing-register.ts';

/**
 * A deadline's countdown: 剩余 N 天 / 今天截止 / 已逾期 N 天 while the filing was never submitted (none, or a draft);
 * once it was (even if returned since), only 逾期 when its first submission came after the deadline.
 */
export function Deadline({ daysLeft, late, done }: { daysLeft: number; late: boolean; done: boolean }) {
  const { t } = useTranslation(FILING_NS);
  if (done) return late ? <Tag color="red">{t('deadline.late')}</Tag> : null;
  if (daysLeft < 0) return <Tag color="red">{t('deadline.overdue', { days: -daysLeft })}</Tag>;
  if (daysLeft === 0) return <Tag color="orange">{t('deadline.today')}</Tag>;
  return <Tag color={daysLeft <= 7 ? 'orange' : 'blue'}>{t('deadline.left', { days: daysLeft })}</Tag>;
}

/** Whether the filer has sent it once (the countdown stops). */
export const submitted = (status: string | null | undefined) =>
  status !== undefined && status !== null && status !== 'draft';
