/**
 * Saving a downloaded file in the browser (the proposal PDF, the users CSV export): a
 * temporary link with `download`, clicked, then the object URL let go.
 */

/** Saves `blob` as a file named `fileName` through a temporary download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
