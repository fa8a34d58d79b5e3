import { TIMINGS } from "@conversa/shared";
import { useEffect, useState } from "react";

/**
 * The search box of a list page: what the user types (`input`) and the term the list queries
 * (`searchParam`), lower-cased and trimmed once typing has paused for 500 ms. A new term gives a
 * new query key, so the list and its page restart from the first page.
 */
export function useListSearch(delayMs: number = TIMINGS.searchDebounceMs) {
  const [input, setInput] = useState("");
  const [searchParam, setSearchParam] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearchParam(input.trim().toLowerCase()), delayMs);
    return () => clearTimeout(timer);
  }, [input, delayMs]);
  return { input, setInput, searchParam };
}
