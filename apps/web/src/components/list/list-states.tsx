import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Skeleton from "@mui/material/Skeleton";
import { useTranslation } from "react-i18next";

interface ListStateRowsProps {
  columns: number;
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry?: () => void;
}

/** The rows a list table shows while loading, after a failure, or when nothing matches. */
export function ListStateRows({ columns, isLoading, isError, isEmpty, onRetry }: ListStateRowsProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return Array.from({ length: 3 }, (_, i) => (
      <TableRow key={i}>
        <TableCell colSpan={columns}>
          <Skeleton />
        </TableCell>
      </TableRow>
    ));
  }
  if (isError || isEmpty) {
    return (
      <TableRow>
        <TableCell colSpan={columns} align="center" sx={{ py: 4, color: "text.secondary" }}>
          {isError ? t("list.loadError") : t("list.empty")}
          {isError && onRetry && (
            <>
              {" "}
              <a href="#retry" onClick={(event) => (event.preventDefault(), onRetry())}>
                {t("list.retry")}
              </a>
            </>
          )}
        </TableCell>
      </TableRow>
    );
  }
  return null;
}

/** What a page or panel shows in place of a list that could not be loaded, with a retry. */
export function LoadErrorAlert({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t("list.retry")}
        </Button>
      }
    >
      {t("list.loadError")}
    </Alert>
  );
}
