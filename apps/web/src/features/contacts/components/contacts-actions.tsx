import FileDownload from "@mui/icons-material/FileDownload";
import ImportContacts from "@mui/icons-material/ImportContacts";
import PhoneAndroid from "@mui/icons-material/PhoneAndroid";
import UploadFile from "@mui/icons-material/UploadFile";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

interface DateRangeFilterProps {
  dateStart: string;
  dateEnd: string;
  onChange: (range: { dateStart: string; dateEnd: string }) => void;
  /** The start is after the end: the list waits for a valid range. */
  isReversed: boolean;
}

/** The creation-day filter of the contacts list: from / to (either may be empty). */
export function DateRangeFilter({ dateStart, dateEnd, onChange, isReversed }: DateRangeFilterProps) {
  const { t } = useTranslation();
  // The browser's own date picker follows the colour mode too.
  const common = { type: "date", size: "small", slotProps: { inputLabel: { shrink: true } }, sx: { width: 160, "& input": { colorScheme: (theme: Theme) => theme.palette.mode } } } as const;
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        {...common}
        label={t("contacts.filter.from")}
        value={dateStart}
        onChange={(event) => onChange({ dateStart: event.target.value, dateEnd })}
        error={isReversed}
        helperText={isReversed ? t("contacts.filter.reversed") : undefined}
      />
      <TextField {...common} label={t("contacts.filter.to")} value={dateEnd} onChange={(event) => onChange({ dateStart, dateEnd: event.target.value })} error={isReversed} />
    </Stack>
  );
}

interface ImportExportButtonsProps {
  onImportFile: () => void;
  onImportPhone: () => void;
  onExport: () => void;
  isExporting: boolean;
}

/** The Import menu (a spreadsheet file, or the phone's contacts) and the CSV export. */
export function ImportExportButtons({ onImportFile, onImportPhone, onExport, isExporting }: ImportExportButtonsProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ImportContacts />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t("contacts.import.button")}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(onImportFile)}>
          <ListItemIcon>
            <UploadFile fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("contacts.import.fromFile")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={pick(onImportPhone)}>
          <ListItemIcon>
            <PhoneAndroid fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("contacts.import.fromPhone")}</ListItemText>
        </MenuItem>
      </Menu>
      <Button variant="outlined" startIcon={<FileDownload />} onClick={onExport} loading={isExporting}>
        {t("contacts.export.button")}
      </Button>
    </>
  );
}
