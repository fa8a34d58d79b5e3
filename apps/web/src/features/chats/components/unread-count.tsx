import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";

/** A chat's unread messages as a small round count (nothing at 0). */
export function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      role="status"
      aria-label={t("chats.unread", { count })}
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: "success.main",
        color: "success.contrastText",
        fontSize: 12,
        fontWeight: 600,
        lineHeight: "20px",
        textAlign: "center",
        flexShrink: 0,
      }}
    >
      {count > 99 ? "99+" : count}
    </Box>
  );
}
