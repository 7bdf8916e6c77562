/**
 * Shows a downloaded file: in `tab` (a window opened during the click, before the download, so pop-up blockers let
 * it through) when the browser can display it, else as a download. The object URL is released once the tab has had
 * time to load it.
 */
export function openBlob(blob: Blob, name: string, tab: Window | null): void {
  const url = URL.createObjectURL(blob);
  const viewable = blob.type === 'application/pdf' || blob.type.startsWith('image/');
  if (tab && viewable) {
    tab.location.href = url;
  } else {
    tab?.close();
    saveBlob(blob, name, url);
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a blob under `name` (exports, PDFs, files the browser cannot show). */
export function saveBlob(blob: Blob, name: string, url = URL.createObjectURL(blob)): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a file fetched by `load` in a new tab (or downloads it). Call it from the click itself: the tab opens at
 * once, and closes again if the fetch fails (the HTTP client has already said why).
 */
export async function openFetched(load: () => Promise<Blob>, name: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    openBlob(await load(), name, tab);
  } catch {
    tab?.close();
  }
}
