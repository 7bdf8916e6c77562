import { type ConfidenceValue, type StandardKindValue, standardKindLabels } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../../../lib/labels.ts';
import { LIST_NS } from './locale.ts';

const KIND_COLOR: Record<StandardKindValue, string> = { mandatory: 'red', optional: 'blue', outside: 'default' };

/** 必选类 / 可选类 / 标准外. */
export function KindTag({ kind }: { kind: StandardKindValue }) {
  const { i18n } = useTranslation();
  return (
    <Tag color={KIND_COLOR[kind]} data-kind={kind}>
      {labelOf(standardKindLabels, i18n.language === 'en')(kind)}
    </Tag>
  );
}

/** 据转载 / 待核实 for anything below the official text (nothing for primary unless `always`). */
export function ConfidenceTag({
  confidence,
  always = false,
}: {
  confidence: ConfidenceValue | null;
  always?: boolean;
}) {
  const { t } = useTranslation(LIST_NS);
  if (!confidence || (confidence === 'primary' && !always)) return null;
  const color = { primary: 'green', secondary: 'orange', unconfirmed: 'red' }[confidence];
  return <Tag color={color}>{t(`confidence.${confidence}`)}</Tag>;
}
