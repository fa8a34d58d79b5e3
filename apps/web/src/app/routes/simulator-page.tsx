import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { can } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../components/brand-mark.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { SimulatorWorkspace } from "../../features/simulator/components/simulator-workspace.tsx";
import { ColorModeToggle } from "../../features/top-bar/components/color-mode-toggle.tsx";
import { LanguageMenu } from "../../features/top-bar/components/language-menu.tsx";
import { usePageRefusal } from "../layout/use-page-refusal.ts";

/**
 * /simulator: the built-in WhatsApp stand-in, a private page outside the app shell, for the simulator
 * connections of the user's company: its admins play the company's phone (pairing, failures) and its
 * customers. Anyone else gets an error toast and goes to / after 1 second, the simulator never called (its
 * conversations are of every queue). It exists only while the server runs with the simulator on, which it
 * never does by default in production.
 */
export default function SimulatorPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const refused = user !== null && !can({ profile: user.profile, isSuper: user.super }, "connections-page:actionButtons");
  usePageRefusal(refused);
  if (!user || refused) return <PageLoader fullScreen />;
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.default", color: "text.primary" }}>
      <title>{`${t("simulator.title")} · ${t("common.appName")}`}</title>
      <Paper square elevation={1} component="header" sx={{ px: { xs: 2, md: 3 }, py: 1.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <BrandMark size={36} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h1" noWrap>
              {t("simulator.title")}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t("simulator.subtitle")}
            </Typography>
          </Box>
          <LanguageMenu />
          <ColorModeToggle />
        </Stack>
      </Paper>
      <Box component="main" sx={{ flex: 1, display: "flex", flexDirection: "column", p: { xs: 2, md: 3 } }}>
        <SimulatorWorkspace />
      </Box>
    </Box>
  );
}
