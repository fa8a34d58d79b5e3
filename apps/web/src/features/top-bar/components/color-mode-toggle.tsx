import DarkMode from "@mui/icons-material/DarkMode";
import LightMode from "@mui/icons-material/LightMode";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { useColorMode } from "../../../lib/color-mode.tsx";

/** Switches between light and dark mode (saved under preferredTheme). */
export function ColorModeToggle() {
  const { t } = useTranslation();
  const { mode, toggleColorMode } = useColorMode();
  const label = mode === "light" ? t("topBar.toDarkMode") : t("topBar.toLightMode");
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={toggleColorMode}>
        {mode === "light" ? <DarkMode /> : <LightMode />}
      </IconButton>
    </Tooltip>
  );
}
