import { isPreviewable } from '@jcbb/contract';
import { openFetched, saveBlob } from '../../../lib/open-blob.ts';

/**
 * Show a file: an image in the page's dialog (`image` gets its object URL), a PDF in a new tab (the browser's viewer),
 * anything else saved. Only PDF and images are ever asked for inline; the server sends everything else as an
 * attachment anyway.
 */
export async function showFile(
  load: (inline: boolean) => Promise<Blob>,
  name: string,
  mime: string,
  image: (url: string) => void,
): Promise<void> {
  if (mime.startsWith('image/') && isPreviewable(mime)) image(URL.createObjectURL(await load(true)));
  else if (isPreviewable(mime)) await openFetched(() => load(true), name);
  else saveBlob(await load(false), name);
}
