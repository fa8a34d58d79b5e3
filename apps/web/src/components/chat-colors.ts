import type { Theme } from "@mui/material/styles";

/** Colours of the chat area by mode: the wallpaper and both bubbles differ between light and dark. */
export function chatColors(theme: Theme) {
  const dark = theme.palette.mode === "dark";
  return dark
    ? { wallpaper: "#0b141a", mine: "#005c4b", theirs: "#202c33", text: "#e9edef", meta: "#8696a0", quote: "rgba(0,0,0,0.25)", read: "#53bdeb", divider: "#182229" }
    : { wallpaper: "#efeae2", mine: "#d9fdd3", theirs: "#ffffff", text: "#111b21", meta: "#667781", quote: "rgba(0,0,0,0.05)", read: "#53bdeb", divider: "#ffffff" };
}
