import { QUEUE_COLORS } from "@conversa/shared";
import Check from "@mui/icons-material/Check";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import FormHelperText from "@mui/material/FormHelperText";
import type { Theme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface QueueColorPickerProps {
  value: string;
  onChange: (color: string) => void;
  /** Colours other queues of the company use (lower-case): offered but disabled. */
  taken: ReadonlySet<string>;
  error?: string;
}

/** Readable text on a colour; the theme's default when the colour cannot be read. */
function contrastOn(theme: Theme, color: string): string {
  try {
    return theme.palette.getContrastText(color);
  } catch {
    return theme.palette.text.primary;
  }
}

/** The queue colour (spec admin §2, §9): one of the 50 preset colours, as a grid of swatches (radio buttons). */
export function QueueColorPicker({ value, onChange, taken, error }: QueueColorPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const selected = value.toLowerCase();
  // A stored colour outside the palette (set before it existed) stays visible and selected.
  const colors = QUEUE_COLORS.some((color) => color.toLowerCase() === selected) || !value ? [...QUEUE_COLORS] : [value, ...QUEUE_COLORS];
  return (
    <Box>
      <Typography id={labelId} variant="body2" color={error ? "error" : "text.secondary"} sx={{ mb: 1 }}>
        {t("queues.form.color")} *{value && <Box component="span" sx={{ ml: 1, fontFamily: "monospace" }}>{value.toUpperCase()}</Box>}
      </Typography>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: "flex", flexWrap: "wrap", gap: 0.75 }}>
        {colors.map((color) => {
          const isSelected = color.toLowerCase() === selected;
          const isTaken = !isSelected && taken.has(color.toLowerCase());
          const label = isTaken ? t("queues.form.colorTaken", { color }) : color;
          return (
            <Tooltip key={color} title={label} describeChild>
              {/* The span keeps the tooltip working on a disabled swatch. */}
              <Box component="span" sx={{ display: "inline-flex" }}>
                <ButtonBase
                  role="radio"
                  aria-checked={isSelected}
                  aria-label={label}
                  disabled={isTaken}
                  onClick={() => onChange(color)}
                  sx={(theme) => ({
                    width: 28,
                    height: 28,
                    borderRadius: "50%",
                    bgcolor: color,
                    color: contrastOn(theme, color),
                    opacity: isTaken ? 0.25 : 1,
                    outline: isSelected ? `2px solid ${theme.palette.text.primary}` : "none",
                    outlineOffset: 2,
                    "&.Mui-focusVisible": { outline: `2px solid ${theme.palette.primary.main}` },
                  })}
                >
                  {isSelected && <Check fontSize="small" />}
                </ButtonBase>
              </Box>
            </Tooltip>
          );
        })}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
