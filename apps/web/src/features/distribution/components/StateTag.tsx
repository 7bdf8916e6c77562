import type { AuthorisationStatusValue } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { distributionLabels, STATE_COLORS } from './labels.ts';

/** An authorisation's state as read today (the contract's labels). */
export function StateTag({ state }: { state: AuthorisationStatusValue }) {
  const { i18n } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {distributionLabels(i18n.language.startsWith('en')).state(state)}
    </Tag>
  );
}
