import { pages, pageUrl } from '@jcbb/contract/pages';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Where a product's listings are managed (the listing module's page). */

export interface ProductActionsProps {
  product: { id: number; name: string };
  /** Only the enterprise administrator may delete (the server refuses staff with 403 as well). */
  canDelete: boolean;
  onDelete: () => void;
}

/** A product's actions in the list: edit, details, specifications, listings, and delete for the administrator. */
export function ProductActions({ product, canDelete, onDelete }: ProductActionsProps) {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const link = (label: string, to: string) => (
    <Button type="link" size="small" onClick={() => navigate(to)} aria-label={`${label} ${product.name}`}>
      {label}
    </Button>
  );
  return (
    <Flex wrap gap={0} style={{ marginInline: -7 }}>
      {link(t('common.edit'), `/productCenter/productEdit?id=${product.id}`)}
      {link(t('common.details'), pageUrl(pages.productDetails, { id: product.id }))}
      {link(t('list.specs'), `/specs/list?productId=${product.id}`)}
      {link(t('list.listings'), `${pages.listingList.path}?productId=${product.id}`)}
      {canDelete ? (
        <Button type="link" size="small" danger onClick={onDelete} aria-label={`${t('common.delete')} ${product.name}`}>
          {t('common.delete')}
        </Button>
      ) : null}
    </Flex>
  );
}
