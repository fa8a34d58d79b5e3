import { type SessionUser, planAllows } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Suspense, useMemo, useState } from "react";
import { Outlet } from "react-router";
import { ConnectionBanner } from "../../components/connection-banner.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { AnnouncementsPopover } from "../../features/announcements/index.ts";
import { ChatsPopover, useHasUnreadChats } from "../../features/chats/index.ts";
import { meQueryKey } from "../../features/auth/api/me.ts";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { useCompanyPlan } from "../../features/company/api/company-plan.ts";
import { useConnectionsAlert } from "../../features/connections/hooks/use-connections-alert.ts";
import { MenuDrawer } from "../../features/menu/components/menu-drawer.tsx";
import { buildMenu } from "../../features/menu/utils/menu-items.ts";
import { NotificationsPopover } from "../../features/notifications/index.ts";
import { TopBar } from "../../features/top-bar/components/top-bar.tsx";
import { TwoFactorRequiredPage, TwoFactorSection } from "../../features/two-factor/index.ts";
import { UserDialog } from "../../features/users/index.ts";
import { useCampaignsFlag } from "../../lib/use-campaigns-flag.ts";

/** Over this width the drawer starts open (spec core §2). */
const WIDE_QUERY = "(min-width: 1201px)";

function SignedInLayout({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const isWide = useMediaQuery(WIDE_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(isWide);
  const isAdmin = user.profile === "admin";
  const plan = useCompanyPlan(user.companyId);
  const connectionsAlert = useConnectionsAlert(isAdmin);
  const planFlags = plan.isError ? null : plan.data?.plan;
  const campaignsFlag = useCampaignsFlag();
  const queryClient = useQueryClient();
  // Internal chat is the plan's (useInternalChat): its popover and the menu's dot only with it.
  const chatsAllowed = planFlags !== undefined && planAllows(planFlags, "useInternalChat");
  const chatsUnread = useHasUnreadChats(chatsAllowed);

  const sections = useMemo(
    () => buildMenu({ profile: user.profile, isSuper: user.super, plan: planFlags, campaignsFlag, connectionsAlert, chatsUnread }),
    [user.profile, user.super, planFlags, campaignsFlag, connectionsAlert, chatsUnread],
  );

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <TopBar
        user={user}
        onToggleMenu={() => setDrawerOpen((open) => !open)}
        onLogout={onLogout}
        popovers={
          <>
            <NotificationsPopover user={user} />
            <AnnouncementsPopover userId={user.id} />
            {chatsAllowed && <ChatsPopover userId={user.id} />}
          </>
        }
        renderProfileDialog={({ open, onClose }) => (
          <UserDialog
            open={open}
            onClose={onClose}
            userId={user.id}
            actor={{ profile: user.profile, isSuper: user.super }}
            isProfile
            onSaved={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
            extra={<TwoFactorSection enabled={user.twoFactorEnabled} onChanged={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })} />}
          />
        )}
      />
      <MenuDrawer
        sections={sections}
        open={drawerOpen}
        temporary={isNarrow}
        onClose={() => setDrawerOpen(false)}
      />
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Toolbar />
        <ConnectionBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

/** The signed-in frame: top bar, left menu and the page. */
export function AppLayout() {
  const { user, logout } = useAuth();
  const queryClient = useQueryClient();
  if (!user) return <PageLoader fullScreen />;
  // Two-step verification required and not on yet: its setup is the only page until it is.
  if (user.twoFactorSetupRequired) {
    return <TwoFactorRequiredPage onDone={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })} onLogout={() => void logout()} />;
  }
  return <SignedInLayout user={user} onLogout={() => void logout()} />;
}
