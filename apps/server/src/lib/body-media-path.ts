import { AppError } from "./app-error.ts";

/**
 * Checks the `mediaPath` a record's JSON body may carry (spec admin §7, core §3), which never attaches
 * anything: a file is attached only through the record's upload route. Accepted and ignored: empty or
 * null; the record's own attachment restated (the value the API shows, its file name, or
 * `/media/{file}`); a plain file name with no path in it, which the previous generation's client sends
 * as the name of the upload that follows. Anything else (a path or URL naming another file) throws
 * ERR_MEDIA_PATH_REFUSED.
 */
export function assertBodyMediaPath(value: string | null | undefined, own: string | null): void {
  if (value === undefined || value === null || value === "") return;
  if (own !== null) {
    const ownFile = own.slice(own.lastIndexOf("/") + 1);
    if (value === own || value === ownFile || value === `/media/${ownFile}`) return;
  }
  const isPlainName = !/[/\\]/.test(value) && value !== "." && value !== "..";
  if (!isPlainName) throw new AppError("ERR_MEDIA_PATH_REFUSED");
}
