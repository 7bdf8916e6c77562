import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectLabels, STEP_COLORS } from './labels.ts';

export function StepTag({ step }: { step: number }) {
  const { i18n } = useTranslation();
  return <Tag color={STEP_COLORS[step] ?? 'default'}>{projectLabels(i18n.language.startsWith('en')).step(step)}</Tag>;
}
