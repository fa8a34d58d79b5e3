import AccountCircle from "@mui/icons-material/AccountCircle";
import Logout from "@mui/icons-material/Logout";
import Person from "@mui/icons-material/Person";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/** Renders the Profile dialog (the users feature's user dialog, composed by the layout). */
export type RenderProfileDialog = (props: { open: boolean; onClose: () => void }) => ReactNode;

interface AccountMenuProps {
  renderProfileDialog: RenderProfileDialog;
  onLogout: () => void;
}

/** Account menu of the top bar: Profile (dialog) and Logout. */
export function AccountMenu({ renderProfileDialog, onLogout }: AccountMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Tooltip title={t("topBar.account")}>
        <IconButton color="inherit" aria-label={t("topBar.account")} onClick={(event) => setAnchor(event.currentTarget)}>
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          {t("topBar.profile")}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t("topBar.logout")}
        </MenuItem>
      </Menu>
      {renderProfileDialog({ open: profileOpen, onClose: () => setProfileOpen(false) })}
    </>
  );
}
