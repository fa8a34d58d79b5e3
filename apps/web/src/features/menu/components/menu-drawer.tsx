import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import type { Theme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../../components/brand-mark.tsx";
import { useVersion } from "../api/version.ts";
import type { MenuSection } from "../utils/menu-items.ts";
import { MainMenu } from "./main-menu.tsx";

export const DRAWER_WIDTH = 260;
const MINI_WIDTH = 64;

interface MenuDrawerProps {
  sections: MenuSection[];
  open: boolean;
  /** Overlay drawer (narrow screens) instead of the permanent one. */
  temporary: boolean;
  onClose: () => void;
}

function MenuContent({ sections, collapsed, onNavigate }: { sections: MenuSection[]; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: version } = useVersion();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <BrandMark size={32} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {t("common.appName")}
        </Typography>
      </Toolbar>
      <Box sx={{ flex: 1, overflowY: "auto", overflowX: "hidden", py: 1 }}>
        <MainMenu sections={sections} collapsed={collapsed} onNavigate={onNavigate} />
      </Box>
      <Divider />
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ py: 1, textAlign: "center", minHeight: 36 }}
        data-testid="app-version"
      >
        {version ? t("menu.version", { version }) : null}
      </Typography>
    </Box>
  );
}

const widthTransition = (theme: Theme) =>
  theme.transitions.create("width", { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.shorter });

/**
 * The left drawer: permanent (full or icons only) on wide screens, an overlay on narrow ones,
 * with the product version at its foot.
 */
export function MenuDrawer({ sections, open, temporary, onClose }: MenuDrawerProps) {
  if (temporary) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
      >
        <MenuContent sections={sections} collapsed={false} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = open ? DRAWER_WIDTH : MINI_WIDTH;
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{
        width,
        flexShrink: 0,
        whiteSpace: "nowrap",
        transition: widthTransition,
        "& .MuiDrawer-paper": { width, overflowX: "hidden", boxSizing: "border-box", transition: widthTransition },
      }}
    >
      <MenuContent sections={sections} collapsed={!open} />
    </Drawer>
  );
}
