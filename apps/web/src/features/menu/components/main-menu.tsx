import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Badge from "@mui/material/Badge";
import Collapse from "@mui/material/Collapse";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Tooltip from "@mui/material/Tooltip";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import type { MenuGroup, MenuLink, MenuSection } from "../utils/menu-items.ts";
import { MENU_ICONS } from "./menu-icons.ts";

interface MainMenuProps {
  sections: MenuSection[];
  /** Icons only (mini drawer): labels move to tooltips. */
  collapsed: boolean;
  onNavigate?: () => void;
}

function isActive(path: string, pathname: string): boolean {
  return path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);
}

function MenuLinkItem({ item, collapsed, nested, onNavigate }: { item: MenuLink; collapsed: boolean; nested?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = MENU_ICONS[item.id];
  const label = t(`menu.${item.id}`);
  const icon = item.alert ? (
    <Badge badgeContent="!" color="error" slotProps={{ badge: { title: t("menu.connectionsAttention") } }}>
      <Icon />
    </Badge>
  ) : item.dot ? (
    <Badge variant="dot" color="error" slotProps={{ badge: { title: t("menu.chatsUnread"), role: "img", "aria-label": t("menu.chatsUnread"), "aria-hidden": false } }}>
      <Icon />
    </Badge>
  ) : (
    <Icon />
  );
  return (
    <Tooltip title={collapsed ? label : ""} placement="right">
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={isActive(item.path, pathname)}
        onClick={onNavigate}
        sx={{ pl: nested && !collapsed ? 4 : 2.5, minHeight: 44 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        {collapsed ? null : <ListItemText primary={label} />}
      </ListItemButton>
    </Tooltip>
  );
}

function MenuGroupItem({ group, collapsed, onNavigate }: { group: MenuGroup; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => group.children.some((child) => isActive(child.path, pathname)));
  const Icon = MENU_ICONS[group.id];
  const label = t(`menu.${group.id}`);
  return (
    <>
      <Tooltip title={collapsed ? label : ""} placement="right">
        <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={open} sx={{ pl: 2.5, minHeight: 44 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
          {collapsed ? null : <ListItemText primary={label} />}
          {collapsed ? null : open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </ListItemButton>
      </Tooltip>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>
          {group.children.map((child) => (
            <MenuLinkItem key={child.id} item={child} collapsed={collapsed} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The left menu's items, by section (the administration block under its heading). */
export function MainMenu({ sections, collapsed, onNavigate }: MainMenuProps) {
  const { t } = useTranslation();
  return (
    <List component="nav" aria-label={t("menu.navigation")} disablePadding>
      {sections.map((section) => (
        <Fragment key={section.id}>
          {section.heading ? (
            collapsed ? (
              <Divider sx={{ my: 1 }} />
            ) : (
              <ListSubheader sx={{ bgcolor: "transparent", lineHeight: "36px", mt: 1 }}>
                {t(`menu.${section.heading}`)}
              </ListSubheader>
            )
          ) : null}
          {section.entries.map((entry) =>
            entry.kind === "group" ? (
              <MenuGroupItem key={entry.id} group={entry} collapsed={collapsed} onNavigate={onNavigate} />
            ) : (
              <MenuLinkItem key={entry.id} item={entry} collapsed={collapsed} onNavigate={onNavigate} />
            ),
          )}
        </Fragment>
      ))}
    </List>
  );
}
