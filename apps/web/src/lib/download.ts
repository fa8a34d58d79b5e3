/** Saves content as a file through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the content once the click ran; the URL only needs to outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
