import { type Help, TIMINGS } from "@conversa/shared";
import PlayCircleOutlined from "@mui/icons-material/PlayCircleOutlined";
import VideoLibraryOutlined from "@mui/icons-material/VideoLibraryOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useHelps } from "../api/list-helps.ts";
import { thumbnailUrl } from "../utils/help-form.ts";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { HelpPlayerDialog } from "./help-player-dialog.tsx";

/** The /helps gallery (spec admin §2): a card per help video; a card opens the player. */
export function HelpsGallery() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [playing, setPlaying] = useState<Help | null>(null);

  useEffect(() => {
    if (helps.isError) showToast(t("list.loadError"), "error", TIMINGS.errorToastMs);
  }, [helps.isError, t]);

  if (helps.isPending) return <PageLoader />;
  if (!helps.data) {
    return (
      <LoadErrorAlert onRetry={() => void helps.refetch()} />
    );
  }
  if (helps.data.length === 0) return <EmptyState icon={<VideoLibraryOutlined />} message={t("helps.gallery.empty")} />;

  return (
    <>
      <Box component="ul" aria-label={t("helps.gallery.label")} sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))" }}>
        {helps.data.map((help) => (
          <Box component="li" key={help.id}>
            <Card variant="outlined" sx={{ height: "100%" }}>
              <CardActionArea onClick={() => setPlaying(help)} aria-label={t("helps.gallery.play", { title: help.title })} sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "stretch" }}>
                <Box sx={{ position: "relative", bgcolor: "action.hover" }}>
                  <CardMedia component="img" image={thumbnailUrl(help.video)} alt={help.title} loading="lazy" sx={{ aspectRatio: "16 / 9", objectFit: "cover" }} />
                  <PlayCircleOutlined aria-hidden sx={{ position: "absolute", inset: 0, m: "auto", fontSize: 56, color: "common.white", filter: "drop-shadow(0 1px 3px rgba(0,0,0,.6))" }} />
                </Box>
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {help.title}
                  </Typography>
                  {help.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}>
                      {help.description}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <HelpPlayerDialog help={playing} onClose={() => setPlaying(null)} />
    </>
  );
}
