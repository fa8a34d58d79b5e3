import type { CompanyStorage } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { addUsedBytes, findQuotaBytes, findUsageOfCompanies, findUsedBytes, insertMeasuredUsage, subtractUsedBytes } from "./storage-usage.repository.ts";

/** Measures what a company's folder holds, in bytes: the starting point of a count never started. */
export type MeasureFolder = () => Promise<number>;

/**
 * The count of the bytes each company keeps in the media store, against its plan's storage quota
 * (docs/security.md, "Storage quota"). The media store calls it as it writes and removes files.
 */
export interface StorageLedger {
  /**
   * Counts a file about to be written. With `enforce`, refuses it when the company would pass its
   * plan's quota: throws ERR_STORAGE_QUOTA (details: usedBytes, quotaBytes) and counts nothing.
   */
  add(companyId: number, bytes: number, enforce: boolean, measure: MeasureFolder): Promise<void>;
  /** Uncounts a file removed (or a write that failed). */
  subtract(companyId: number, bytes: number): Promise<void>;
  /** What the company keeps, and its quota (null: unlimited). */
  usage(companyId: number, measure: MeasureFolder): Promise<CompanyStorage>;
  /** The same for several companies at once (a missing company is left out). */
  usageOfCompanies(companyIds: readonly number[], measureOf: (companyId: number) => MeasureFolder): Promise<Map<number, CompanyStorage>>;
}

/** The ledger kept in the database (`company_storage`, one row per company measured). */
export function createStorageLedger(db: Db): StorageLedger {
  /** The company's count, started from a measure of its folder the first time it is needed. */
  async function usedBytesOf(companyId: number, measure: MeasureFolder): Promise<number> {
    const counted = await findUsedBytes(db, companyId);
    if (counted !== undefined) return counted;
    await insertMeasuredUsage(db, companyId, await measure());
    return (await findUsedBytes(db, companyId)) ?? 0;
  }

  return {
    async add(companyId, bytes, enforce, measure) {
      await usedBytesOf(companyId, measure);
      const quotaBytes = enforce ? await findQuotaBytes(db, companyId) : null;
      // Not added without a quota: the company was deleted meanwhile, and nothing is left to count.
      if ((await addUsedBytes(db, companyId, bytes, quotaBytes)) || quotaBytes === null) return;
      const usedBytes = (await findUsedBytes(db, companyId)) ?? 0;
      throw new AppError("ERR_STORAGE_QUOTA", { usedBytes, quotaBytes }, `The company's storage quota (${quotaBytes} bytes) would be passed: ${usedBytes} bytes are in use`);
    },
    async subtract(companyId, bytes) {
      await subtractUsedBytes(db, companyId, bytes);
    },
    async usage(companyId, measure) {
      const usedBytes = await usedBytesOf(companyId, measure);
      return { usedBytes, quotaBytes: await findQuotaBytes(db, companyId) };
    },
    async usageOfCompanies(companyIds, measureOf) {
      const found = await findUsageOfCompanies(db, companyIds);
      const usages = new Map<number, CompanyStorage>();
      for (const [companyId, { usedBytes, quotaBytes }] of found) {
        usages.set(companyId, { usedBytes: usedBytes ?? (await usedBytesOf(companyId, measureOf(companyId))), quotaBytes });
      }
      return usages;
    },
  };
}
