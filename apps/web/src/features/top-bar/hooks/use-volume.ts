import { VOLUME } from "@conversa/shared";
import { useCallback, useState } from "react";
import { readVolume, saveVolume } from "../../../lib/storage.ts";

/** The notification volume (0 to 1, step 0.1) kept in localStorage under "volume". */
export function useVolume(): [number, (volume: number) => void] {
  const [volume, setVolumeState] = useState(readVolume);
  const setVolume = useCallback((next: number) => {
    const rounded = Math.round(Math.min(VOLUME.max, Math.max(VOLUME.min, next)) * 10) / 10;
    saveVolume(rounded);
    setVolumeState(rounded);
  }, []);
  return [volume, setVolume];
}
