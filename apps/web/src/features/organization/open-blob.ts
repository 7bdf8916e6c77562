/**
 * Shows a downloaded file: in `tab` (a window opened during the click, before the download) when the browser
 * can display it, else as a download. The object URL is released once the tab has had time to load it.
 */
export function openBlob(blob: Blob, name: string, tab: Window | null): void {
  const url = URL.createObjectURL(blob);
  const viewable = blob.type === 'application/pdf' || blob.type.startsWith('image/');
  if (tab && viewable) {
    tab.location.href = url;
  } else {
    tab?.close();
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
