import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: ReactNode;
  message: string;
  hint?: string;
  action?: ReactNode;
}

/** A framed message in place of content that does not exist (yet). */
export function EmptyState({ icon, message, hint, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: "center" }}>
      <Box sx={{ color: "text.secondary", "& svg": { fontSize: 56 }, mb: 2 }}>{icon}</Box>
      <Typography variant="h6" component="p">
        {message}
      </Typography>
      {hint ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
    </Paper>
  );
}
