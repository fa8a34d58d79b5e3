import BrokenImage from "@mui/icons-material/BrokenImageOutlined";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { useTranslation } from "react-i18next";
import { useAnnouncementImage } from "../api/announcement-media.ts";

/** An announcement's picture, loaded with the session; a placeholder while it loads or when it cannot be. */
export function AnnouncementImage({ path, name }: { path: string; name: string | null }) {
  const { t } = useTranslation();
  const image = useAnnouncementImage(path);
  const alt = t("announcements.imageAlt", { name: name ?? "" });
  if (image.url) {
    return <Box component="img" src={image.url} alt={alt} sx={{ display: "block", maxWidth: "100%", maxHeight: 240, objectFit: "contain", borderRadius: 1, mt: 1 }} />;
  }
  if (image.isError) {
    return (
      <Box role="img" aria-label={alt} sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1, color: "text.secondary", typography: "caption" }}>
        <BrokenImage fontSize="small" />
        {name}
      </Box>
    );
  }
  return <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} aria-label={t("announcements.imageLoading")} />;
}
