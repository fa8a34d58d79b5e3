import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CompanyStorage } from "@conversa/shared";
import { AppError } from "../lib/app-error.ts";
import { type SniffedType, sniffMedia } from "./sniff.ts";
import type { StorageLedger } from "./storage-ledger.ts";

/** Largest file per kind, in bytes (WhatsApp's own limits are of this order). */
export const MEDIA_LIMITS: Record<SniffedType["kind"], number> = {
  image: 16 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 64 * 1024 * 1024,
  application: 100 * 1024 * 1024,
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_LIMITS));

const FILE_NAME = /^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,5}$/;

/** File name extensions under which plain text is accepted, and the types a sender may declare for it. */
const TEXT_EXTENSIONS = new Set([".txt", ".csv", ".vcf"]);
const TEXT_TYPES = /^(text\/(plain|csv|x-vcard|vcard)|application\/octet-stream)(\s*;.*)?$/i;

/**
 * Plain text is kept only when it says it is text: a text file named or declared as a picture, a sound
 * or anything else (a script or a page renamed `.png`, `.mp3`, …) is refused, never stored as a document.
 */
function isTextClaimedAsText(originalName: string | undefined, declaredType: string | undefined): boolean {
  const extension = path.extname(cleanFileName(originalName, "")).toLowerCase();
  return TEXT_EXTENSIONS.has(extension) && (declaredType === undefined || declaredType === "" || TEXT_TYPES.test(declaredType));
}

/**
 * Whose folder a file is in: a company's (its id), or the installation's, for what belongs to no
 * company (the announcements' images). The installation folder's name is not a number, so it can never
 * be a company's.
 */
export const INSTALLATION_MEDIA = "installation";
export type MediaScope = number | typeof INSTALLATION_MEDIA;

/** What `save` may be limited to: only these content types are kept (checked by content, like the rest). */
export interface SaveOptions {
  accept?: readonly string[];
  /**
   * How a company's file meets its plan's storage quota: `enforce` (the default: what the company's
   * staff, bots and API send) refuses it past the quota; `count` (media a customer sent) always keeps
   * it and counts it, so that nothing a customer sends is lost.
   */
  quota?: "enforce" | "count";
}

export interface StoredMedia {
  /** The stored name (random id + extension), unique per company. */
  fileName: string;
  mime: string;
  kind: SniffedType["kind"];
  size: number;
  /** The name the file had for its sender, cleaned for display. */
  originalName: string;
}

/** Keeps only a harmless display name: no directories, no control characters, at most 120 characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = path.basename((name ?? "").replaceAll("\\", "/"));
  const cleaned = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'<>:"|?*'.includes(c)).join("").trim();
  return (cleaned || fallback).slice(0, 120);
}

/**
 * Media files under `{dir}/{companyId}/` (and `{dir}/installation/` for the installation's own), named
 * by random ids, accepted by content (magic bytes) and size, never by the name or the declared type.
 * A company can only ever reach its own folder.
 */
export class MediaStore {
  /** `ledger`: the count of each company's bytes against its plan's quota; without one nothing is counted. */
  constructor(
    private readonly dir: string,
    private readonly ledger?: StorageLedger,
  ) {}

  private folderOf(scope: MediaScope): string {
    return path.join(this.dir, String(scope));
  }

  /**
   * Stores a file, typed by its content; `declaredType` (the sender's) only decides whether plain text
   * may be kept. Throws ERR_MEDIA_TYPE_NOT_ALLOWED for an unknown content, text that claims to be
   * something else or a type outside `options.accept`, ERR_MEDIA_TOO_LARGE over the limit of its kind,
   * ERR_STORAGE_QUOTA when the company's plan's quota refuses it (see `options.quota`). A company's
   * file is counted before it is written, and uncounted if the write fails.
   */
  async save(scope: MediaScope, content: Buffer, originalName?: string, declaredType?: string, options: SaveOptions = {}): Promise<StoredMedia> {
    const type = sniffMedia(content);
    if (!type) throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED");
    if (type.mime === "text/plain" && !isTextClaimedAsText(originalName, declaredType)) throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED");
    if (options.accept && !options.accept.includes(type.mime)) throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED");
    if (content.length > MEDIA_LIMITS[type.kind]) throw new AppError("ERR_MEDIA_TOO_LARGE", { maxBytes: MEDIA_LIMITS[type.kind] });
    const fileName = `${randomBytes(16).toString("hex")}.${type.ext}`;
    const ledger = this.ledger;
    const counted = typeof scope === "number" && ledger ? { ledger, companyId: scope } : undefined;
    await counted?.ledger.add(counted.companyId, content.length, options.quota !== "count", () => this.measure(scope));
    try {
      await mkdir(this.folderOf(scope), { recursive: true });
      await writeFile(path.join(this.folderOf(scope), fileName), content, { flag: "wx" });
    } catch (error) {
      await counted?.ledger.subtract(counted.companyId, content.length);
      throw error;
    }
    return { fileName, mime: type.mime, kind: type.kind, size: content.length, originalName: cleanFileName(originalName, fileName) };
  }

  /** Absolute path of a company's (or the installation's) file, or undefined when the name is malformed or the file is missing. */
  async resolve(scope: MediaScope, fileName: string): Promise<{ path: string; size: number; mime: string } | undefined> {
    if (!FILE_NAME.test(fileName)) return undefined;
    const full = path.join(this.folderOf(scope), fileName);
    try {
      const info = await stat(full);
      if (!info.isFile()) return undefined;
      const head = await readFile(full).then((b) => b.subarray(0, 4096));
      return { path: full, size: info.size, mime: sniffMedia(head)?.mime ?? "application/octet-stream" };
    } catch {
      return undefined;
    }
  }

  /** Removes every file of a company (its folder), once the company is deleted. */
  async removeCompany(companyId: number): Promise<void> {
    if (!Number.isInteger(companyId) || companyId <= 0) return;
    await rm(this.folderOf(companyId), { recursive: true, force: true });
  }

  /** Removes a file; a company's frees its bytes from the company's count. */
  async remove(scope: MediaScope, fileName: string): Promise<void> {
    if (!FILE_NAME.test(fileName)) return;
    const full = path.join(this.folderOf(scope), fileName);
    if (typeof scope !== "number" || !this.ledger) {
      await rm(full, { force: true });
      return;
    }
    const size = await stat(full).then(
      (info) => (info.isFile() ? info.size : undefined),
      () => undefined,
    );
    if (size === undefined) return;
    try {
      await unlink(full);
    } catch (error) {
      // Removed meanwhile by another request, which uncounted it.
      if (typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT") return;
      throw error;
    }
    await this.ledger.subtract(scope, size);
  }

  /** What a company keeps in the store and its plan's quota (null: unlimited); nothing counted without a ledger. */
  async usageOf(companyId: number): Promise<CompanyStorage> {
    if (!this.ledger) return { usedBytes: 0, quotaBytes: null };
    return this.ledger.usage(companyId, () => this.measure(companyId));
  }

  /** `usageOf` for several companies at once (a missing company is left out). */
  async usageOfCompanies(companyIds: readonly number[]): Promise<Map<number, CompanyStorage>> {
    if (!this.ledger) return new Map(companyIds.map((id) => [id, { usedBytes: 0, quotaBytes: null }]));
    return this.ledger.usageOfCompanies(companyIds, (companyId) => () => this.measure(companyId));
  }

  /** The bytes of the files in a folder (0 when it does not exist yet). */
  private async measure(scope: MediaScope): Promise<number> {
    const entries = await readdir(this.folderOf(scope), { withFileTypes: true }).catch(() => []);
    let total = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      total += await stat(path.join(this.folderOf(scope), entry.name)).then(
        (info) => info.size,
        () => 0,
      );
    }
    return total;
  }
}
