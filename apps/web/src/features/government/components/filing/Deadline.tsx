import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILING_NS } from '../../locales/filing-register.ts';

/** A deadline's countdown: 剩余 N 天 / 今天截止 / 已逾期 N 天 (only while nothing was submitted), and 逾期 when late. */
export function Deadline({ daysLeft, late, done }: { daysLeft: number; late: boolean; done: boolean }) {
  const { t } = useTranslation(FILING_NS);
  if (done) return late ? <Tag color="red">{t('deadline.late')}</Tag> : null;
  if (daysLeft < 0) return <Tag color="red">{t('deadline.overdue', { days: -daysLeft })}</Tag>;
  if (daysLeft === 0) return <Tag color="orange">{t('deadline.today')}</Tag>;
  return <Tag color={daysLeft <= 7 ? 'orange' : 'blue'}>{t('deadline.left', { days: daysLeft })}</Tag>;
}

/** Whether the filer has sent it (the countdown stops). */
export const submitted = (status: string | null | undefined) =>
  status !== undefined && status !== null && status !== 'draft' && status !== 'returned';
