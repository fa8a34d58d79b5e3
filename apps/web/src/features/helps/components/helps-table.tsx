import type { Help } from "@conversa/shared";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";

interface HelpsTableProps {
  helps: readonly Help[];
  selectedId: number | null;
  onSelect: (help: Help) => void;
}

/** The installation's help videos; a row (clicked, or Enter/Space on it) is loaded into the form above. */
export function HelpsTable({ helps, selectedId, onSelect }: HelpsTableProps) {
  const { t } = useTranslation();
  const onKeyDown = (help: Help) => (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onSelect(help);
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t("helps.tableLabel")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("helps.columns.title")}</TableCell>
            <TableCell>{t("helps.columns.video")}</TableCell>
            <TableCell>{t("helps.columns.description")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {helps.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ color: "text.secondary" }}>
                {t("list.empty")}
              </TableCell>
            </TableRow>
          ) : (
            helps.map((help) => (
              <TableRow
                key={help.id}
                hover
                selected={help.id === selectedId}
                tabIndex={0}
                aria-label={t("helps.selectRow", { title: help.title })}
                aria-selected={help.id === selectedId}
                onClick={() => onSelect(help)}
                onKeyDown={onKeyDown(help)}
                sx={{ cursor: "pointer" }}
              >
                <TableCell>{help.title}</TableCell>
                <TableCell sx={{ fontFamily: "monospace" }}>{help.video}</TableCell>
                <TableCell sx={{ color: "text.secondary", maxWidth: 420, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{help.description}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
