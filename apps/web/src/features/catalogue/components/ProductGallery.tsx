import { Image } from 'antd';
import { useState } from 'react';
import { productImageUrl } from '../api.ts';
import { PublicProductImage } from './PublicProductImage.tsx';

/** The product's images: one large (tap to zoom, swipe through all in the preview) and thumbnails to choose. */
export function ProductGallery({
  productId,
  images,
  alt,
}: {
  productId: number;
  images: { id: number; name: string }[];
  alt: string;
}) {
  const [current, setCurrent] = useState(0);
  const index = Math.min(current, images.length - 1);
  const shown = images[index];
  if (!shown) {
    return <PublicProductImage productId={productId} uploadId={null} alt={alt} className="jcbb-cat-gallery__main" />;
  }
  return (
    <div className="jcbb-cat-gallery">
      <Image.PreviewGroup
        items={images.map((img) => productImageUrl(productId, img.id))}
        preview={{ current: index, onChange: setCurrent }}
      >
        <Image
          src={productImageUrl(productId, shown.id)}
          alt={`${alt}（${index + 1}/${images.length}）`}
          rootClassName="jcbb-cat-gallery__main"
          className="jcbb-cat-gallery__main-img"
        />
      </Image.PreviewGroup>
      {images.length > 1 && (
        <div className="jcbb-cat-gallery__thumbs">
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              className={`jcbb-cat-gallery__thumb${i === index ? ' is-current' : ''}`}
              aria-label={`${alt} ${i + 1}`}
              aria-pressed={i === index}
              onClick={() => setCurrent(i)}
            >
              <PublicProductImage productId={productId} uploadId={img.id} alt="" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
