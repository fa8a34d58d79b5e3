import Box from "@mui/material/Box";
import { BRAND } from "../lib/theme.ts";

/** The Conversa chat-bubble mark. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: size, height: size }}>
      <path
        fill={BRAND.green}
        d="M32 4C16.5 4 4 15.6 4 30c0 7.6 3.5 14.4 9.1 19.2L10 60l12.3-6.3C25.3 54.6 28.6 55 32 55c15.5 0 28-11.6 28-26S47.5 4 32 4z"
      />
      <circle cx="21" cy="30" r="4" fill="#fff" />
      <circle cx="32" cy="30" r="4" fill="#fff" />
      <circle cx="43" cy="30" r="4" fill="#fff" />
    </Box>
  );
}
