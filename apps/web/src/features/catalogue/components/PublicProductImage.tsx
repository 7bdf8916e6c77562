import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { productImageUrl } from '../api.ts';

export interface PublicProductImageProps {
  productId: number;
  /** Upload id of the image; none shows the grey placeholder. */
  uploadId: number | null;
  alt: string;
  /** Extra class for sizing (the card's thumbnail, the product page's main image). */
  className?: string;
  /** The first screenful loads eagerly; cards further down lazily. */
  eager?: boolean;
}

/**
 * A published product's image as a plain <img> of the open image route: the browser lazy-loads and caches it, no
 * JavaScript fetch. A missing or broken image shows the placeholder instead.
 */
export function PublicProductImage({ productId, uploadId, alt, className, eager = false }: PublicProductImageProps) {
  const [broken, setBroken] = useState(false);
  const cls = `jcbb-cat-img ${className ?? ''}`;
  if (uploadId === null || broken) {
    return (
      <div className={`${cls} jcbb-cat-img--empty`} role="img" aria-label={alt}>
        <PictureOutlined />
      </div>
    );
  }
  return (
    <img
      className={cls}
      src={productImageUrl(productId, uploadId)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
