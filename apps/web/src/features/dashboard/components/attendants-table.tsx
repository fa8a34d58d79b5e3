import type { DashboardAttendant } from "@conversa/shared";
import Circle from "@mui/icons-material/Circle";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatMinutes } from "../utils/format-minutes.ts";

const RATING_MAX = 3;

/** The mean rating (1 to 3) as stars and its number; a dash when the attendant received none in the period. */
function RatingCell({ rating }: { rating: number | null }) {
  const { t, i18n } = useTranslation();
  if (rating === null) {
    return (
      <Typography variant="body2" color="text.secondary" aria-label={t("dashboard.attendants.noRating")}>
        —
      </Typography>
    );
  }
  const value = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Rating value={rating} max={RATING_MAX} precision={0.1} readOnly size="small" getLabelText={() => t("dashboard.attendants.ratingValue", { value, max: RATING_MAX })} />
      <Typography variant="body2" aria-hidden>
        {value}
      </Typography>
    </Box>
  );
}

/** The attendants of the company with their rating, mean support time and whether they are online (spec core §3). */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t("dashboard.attendants.title")}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t("dashboard.attendants.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("dashboard.attendants.name")}</TableCell>
              <TableCell>{t("dashboard.attendants.rating")}</TableCell>
              <TableCell>{t("dashboard.attendants.avgSupportTime")}</TableCell>
              <TableCell>{t("dashboard.attendants.status")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attendants.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} sx={{ color: "text.secondary" }}>
                  {t("dashboard.attendants.empty")}
                </TableCell>
              </TableRow>
            ) : (
              attendants.map((attendant) => (
                <TableRow key={attendant.id}>
                  <TableCell>{attendant.name}</TableCell>
                  <TableCell>
                    <RatingCell rating={attendant.rating} />
                  </TableCell>
                  <TableCell>{attendant.avgSupportTime === null ? "—" : formatMinutes(attendant.avgSupportTime)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={attendant.online ? "success" : "default"}
                      icon={<Circle sx={{ fontSize: 10 }} />}
                      label={attendant.online ? t("dashboard.attendants.online") : t("dashboard.attendants.offline")}
                    />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
