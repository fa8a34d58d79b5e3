import Chip from "@mui/material/Chip";
import type { Theme } from "@mui/material/styles";

/** The tag's colour as the chip's background, with readable text; an unreadable colour keeps the default chip. */
export function chipColors(theme: Theme, color: string) {
  try {
    return { bgcolor: color, color: theme.palette.getContrastText(color) };
  } catch {
    return {};
  }
}

/** A tag as a chip of its colour; `dense` for the compact rows of a list. */
export function TagChip({ name, color, dense = false }: { name: string; color: string; dense?: boolean }) {
  return (
    <Chip
      size="small"
      label={name}
      sx={(theme) => ({ ...chipColors(theme, color), fontWeight: 500, maxWidth: "100%", ...(dense ? { height: 20, fontSize: 11 } : {}) })}
    />
  );
}
