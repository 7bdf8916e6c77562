import { productTagTips } from '@jcbb/contract/enums';
import { Space, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The derived tags of a product as the server reports them (spec §1, docs/design.md §5). */
export interface ProductTagFlags {
  isPrefabricated: boolean;
  isLowCarbon: boolean;
  isGreen: boolean;
  isGovProcurement: boolean;
  /** Stars (1–3) of the best valid green certificate; shown on the green tag. */
  starRating?: number | null;
}

type TagKey = keyof typeof productTagTips;

/** Order, colour and short label of each tag. The labels live here (not in a feature's locale) so the public
 * catalogue can show the chips without loading the product console's strings. */
const TAGS: { key: TagKey; flag: keyof ProductTagFlags; color: string; zh: string; en: string }[] = [
  { key: 'green', flag: 'isGreen', color: 'green', zh: '绿色建材', en: 'Green' },
  { key: 'lowCarbon', flag: 'isLowCarbon', color: 'cyan', zh: '低碳', en: 'Low-carbon' },
  { key: 'govProcurement', flag: 'isGovProcurement', color: 'gold', zh: '政府采购', en: 'Gov. procurement' },
  { key: 'prefabricated', flag: 'isPrefabricated', color: 'geekblue', zh: '装配式', en: 'Prefabricated' },
];

export interface ProductTagsProps {
  tags: ProductTagFlags;
  /** Also show the tags the product has not earned, greyed out (the product's own details page). */
  showMissing?: boolean;
  /** Show the green tag's stars on it (off where a column shows them already). */
  showStars?: boolean;
  /** What to show when no tag applies and `showMissing` is off. */
  empty?: ReactNode;
}

const stars = (n: number) => '★'.repeat(Math.max(0, Math.min(3, n)));

/**
 * The four derived tags as chips, each with the spec's tooltip (`productTagTips`); the green tag carries its star
 * rating. Used by the manufacturer's product pages and by the public catalogue.
 */
export function ProductTags({ tags, showMissing = false, showStars = true, empty = null }: ProductTagsProps) {
  const { i18n } = useTranslation();
  const english = i18n.language?.startsWith('en') ?? false;
  const shown = TAGS.filter((t) => showMissing || tags[t.flag] === true);
  if (shown.length === 0) return <>{empty}</>;
  return (
    <Space size={[4, 4]} wrap>
      {shown.map((t) => {
        const earned = tags[t.flag] === true;
        const tip = english ? productTagTips[t.key].en : productTagTips[t.key].zh;
        const label = english ? t.en : t.zh;
        const star = showStars && t.key === 'green' && earned && tags.starRating ? ` ${stars(tags.starRating)}` : '';
        return (
          <Tooltip key={t.key} title={earned ? tip : `${english ? 'Not earned: ' : '未获得：'}${tip}`}>
            <Tag
              color={earned ? t.color : undefined}
              variant={earned ? undefined : 'outlined'}
              style={earned ? undefined : { color: '#bfbfbf', borderStyle: 'dashed' }}
              data-tag={t.key}
              data-earned={earned}
              tabIndex={0}
              aria-label={`${label}${star}：${earned ? tip : english ? 'not earned' : '未获得'}`}
            >
              {label}
              {star}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}
