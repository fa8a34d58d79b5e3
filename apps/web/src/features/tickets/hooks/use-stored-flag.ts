import { useCallback, useState } from "react";

/** Browser-storage key of the "cut the last message to 20 characters" preference of the list. */
export const TRUNCATE_LAST_MESSAGE_KEY = "ticketsTruncateLastMessage";

function readFlag(key: string, fallback: boolean): boolean {
  const stored = localStorage.getItem(key);
  return stored === null ? fallback : stored === "true";
}

/** A boolean preference kept in localStorage under `key`. */
export function useStoredFlag(key: string, fallback = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback));
  const update = useCallback(
    (next: boolean) => {
      localStorage.setItem(key, String(next));
      setValue(next);
    },
    [key],
  );
  return [value, update];
}
