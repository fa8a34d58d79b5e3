import Translate from "@mui/icons-material/Translate";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../../../lib/i18n.ts";

/** Picks the interface language (kept under i18nextLng). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (language: Language) => {
    setAnchor(null);
    void i18n.changeLanguage(language);
  };
  return (
    <>
      <Tooltip title={t("topBar.language")}>
        <IconButton color="inherit" aria-label={t("topBar.language")} onClick={(event) => setAnchor(event.currentTarget)}>
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} selected={i18n.language === language} onClick={() => choose(language)} lang={language}>
            {t(`languages.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
