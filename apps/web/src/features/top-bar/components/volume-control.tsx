import { VOLUME } from "@conversa/shared";
import VolumeDown from "@mui/icons-material/VolumeDown";
import VolumeOff from "@mui/icons-material/VolumeOff";
import VolumeUp from "@mui/icons-material/VolumeUp";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useVolume } from "../hooks/use-volume.ts";

/** Notification volume slider in a popover. */
export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = volume === 0 ? VolumeOff : volume < 0.5 ? VolumeDown : VolumeUp;
  return (
    <>
      <Tooltip title={t("topBar.volume")}>
        <IconButton color="inherit" aria-label={t("topBar.volume")} onClick={(event) => setAnchor(event.currentTarget)}>
          <Icon />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        transformOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", px: 2, py: 1, width: 220 }}>
          <VolumeDown fontSize="small" />
          <Slider
            aria-label={t("topBar.volume")}
            value={volume}
            min={VOLUME.min}
            max={VOLUME.max}
            step={VOLUME.step}
            valueLabelDisplay="auto"
            onChange={(_event, value) => setVolume(Array.isArray(value) ? (value[0] ?? VOLUME.default) : value)}
          />
          <VolumeUp fontSize="small" />
        </Stack>
      </Popover>
    </>
  );
}
