/** A page that fills the height under the top bar (MUI's toolbar: 56 px, 48 px in landscape, 64 px from 600 px). */
export const FILL_BELOW_TOOLBAR = {
  height: "calc(100dvh - 56px)",
  "@media (min-width:0px) and (orientation: landscape)": { height: "calc(100dvh - 48px)" },
  // Listed after the landscape rule so that it wins on wide screens, whatever their orientation.
  "@media (min-width:600px) and (orientation: landscape), (min-width:600px)": { height: "calc(100dvh - 64px)" },
} as const;

/**
 * Read by screen readers, not shown. Sizes in px: in `sx` a bare 1 means 100 %, which made the hidden
 * heading as tall as the window and let the whole page scroll.
 */
export const VISUALLY_HIDDEN = { position: "absolute", width: "1px", height: "1px", p: 0, m: "-1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap", border: 0 } as const;
