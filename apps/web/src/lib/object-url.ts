import { useEffect, useState } from "react";

/** An object URL of `blob` while the caller is mounted (revoked when the blob changes or on unmount), or null without one. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl({ blob, url: objectUrl });
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  return url && url.blob === blob ? url.url : null;
}

/** Saves a blob under a file name through a temporary link; the object URL is revoked after the browser read it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser reads the URL asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
