import Chip from "@mui/material/Chip";
import type { Theme } from "@mui/material/styles";

/** The tag's colour as the chip's background, with readable text; an unreadable colour keeps the default chip. */
function chipColors(theme: Theme, color: string) {
  try {
    return { bgcolor: color, color: theme.palette.getContrastText(color) };
  } catch {
    return {};
  }
}

/** A tag as a chip of its colour. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return <Chip size="small" label={name} sx={(theme) => ({ ...chipColors(theme, color), fontWeight: 500, maxWidth: "100%" })} />;
}
