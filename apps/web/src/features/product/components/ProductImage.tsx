import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Image } from 'antd';
import { useEffect, useMemo } from 'react';
import { productApi, productKeys } from '../api.ts';

export interface ProductImageProps {
  /** Upload id of the image; none shows a grey placeholder. */
  fileId?: number | null;
  alt: string;
  size?: number;
  /** Click to zoom (antd's preview). */
  preview?: boolean;
}

/**
 * A product image from the organisation's uploads. Files are fetched through the signed client (no plain URLs),
 * cached for the visit, and shown from an object URL.
 */
export function ProductImage({ fileId, alt, size = 64, preview = false }: ProductImageProps) {
  const blob = useQuery({
    queryKey: productKeys.file(fileId ?? 0),
    queryFn: () => productApi.download(fileId as number, true),
    enabled: Boolean(fileId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const box = { width: size, height: size, borderRadius: 6, flex: 'none' as const };
  if (!url) {
    return (
      <div
        role="img"
        aria-label={alt}
        style={{ ...box, background: '#f5f5f5', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <PictureOutlined style={{ fontSize: size / 3, color: '#bfbfbf' }} />
      </div>
    );
  }
  return (
    <Image src={url} alt={alt} width={size} height={size} preview={preview} style={{ ...box, objectFit: 'cover' }} />
  );
}
