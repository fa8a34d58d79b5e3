import type { SessionUser } from "@conversa/shared";
import Cached from "@mui/icons-material/Cached";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Toolbar from "@mui/material/Toolbar";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { DUE_WARNING_COLORS } from "../utils/contrast.ts";
import { activeTrialEnd, dueWarningDays } from "../utils/subscription.ts";
import { AccountMenu, type RenderProfileDialog } from "./account-menu.tsx";
import { ColorModeToggle } from "./color-mode-toggle.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { VolumeControl } from "./volume-control.tsx";

interface TopBarProps {
  user: SessionUser;
  onToggleMenu: () => void;
  onLogout: () => void;
  /** The popovers of other features (ticket notifications), composed by the layout. */
  popovers?: ReactNode;
  /** The account menu's Profile dialog, composed by the layout. */
  renderProfileDialog: RenderProfileDialog;
}

/** The top bar: greeting, due-date and trial notices, language, volume, colour mode, reload and account. */
export function TopBar({ user, onToggleMenu, onLogout, popovers, renderProfileDialog }: TopBarProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const dueDate = user.company.dueDate;
  const dueLabel = formatDate(dueDate, DATE_PATTERNS.day, language);
  const trialLabel = formatDate(activeTrialEnd(user.company.trialExpiration), DATE_PATTERNS.day, language);
  const warningDays = dueWarningDays(dueDate);
  const canSeeSubscription = user.super || user.profile === "admin";
  // During a trial its end takes the place of the due date (a signed-up company's due date is the trial's end).
  const planLabel = trialLabel ? t("topBar.trialUntil", { date: trialLabel }) : dueLabel ? t("topBar.activeUntil", { date: dueLabel }) : "";

  return (
    <AppBar position="fixed" elevation={2} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" color="inherit" aria-label={t("topBar.toggleMenu")} onClick={onToggleMenu}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0, ml: 1 }}>
          <Typography variant="subtitle1" noWrap component="p">
            {t("topBar.greeting", { name: user.name, company: user.company.name })}
            {user.profile === "admin" && planLabel ? (
              <Box component="span" sx={{ display: { xs: "none", md: "inline" }, opacity: 0.9 }}>
                {" · "}
                {planLabel}
              </Box>
            ) : null}
          </Typography>
          {warningDays === null ? null : (
            <Typography variant="body2" noWrap role="status">
              {/* Only admins may open /subscription: others read the warning without a link to a page they cannot see. */}
              <Link
                {...(canSeeSubscription ? { component: RouterLink, to: "/subscription", underline: "hover" as const } : { component: "span" as const, underline: "none" as const })}
                sx={{ fontWeight: 700, color: DUE_WARNING_COLORS.text, bgcolor: DUE_WARNING_COLORS.background, borderRadius: 1, px: 0.75, py: 0.125 }}
              >
                {t("topBar.dueWarning", { days: warningDays })}
              </Link>
            </Typography>
          )}
        </Box>
        {popovers}
        <LanguageMenu />
        {/* On a phone the bar keeps the account button on screen: volume and reload (the browser's own) wait for a wider one. */}
        <Box sx={{ display: { xs: "none", sm: "contents" } }}>
          <VolumeControl />
        </Box>
        <ColorModeToggle />
        <Tooltip title={t("topBar.reload")}>
          <IconButton color="inherit" aria-label={t("topBar.reload")} onClick={() => window.location.reload()} sx={{ display: { xs: "none", sm: "inline-flex" } }}>
            <Cached />
          </IconButton>
        </Tooltip>
        <AccountMenu renderProfileDialog={renderProfileDialog} onLogout={onLogout} />
      </Toolbar>
    </AppBar>
  );
}
