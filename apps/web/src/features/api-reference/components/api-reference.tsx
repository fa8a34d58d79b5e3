import ExpandMore from "@mui/icons-material/ExpandMore";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { OPENAPI_PATH, type OpenApiOperation, useOpenApiDocument, useTryGet } from "../api/openapi.ts";

const METHOD_COLORS: Record<string, "success" | "info" | "warning" | "error" | "default"> = { get: "info", post: "success", put: "warning", patch: "warning", delete: "error" };

function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={(theme) => ({
        m: 0,
        p: 1,
        borderRadius: 1,
        fontSize: 12,
        overflowX: "auto",
        maxHeight: 320,
        fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
        bgcolor: theme.palette.mode === "dark" ? "#1C1C1C" : "#f5f5f5",
        border: `1px solid ${theme.palette.divider}`,
      })}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** Try-it for a GET route: its path and query parameters, sent with the session. */
function TryGet({ path, operation }: { path: string; operation: OpenApiOperation }) {
  const { t } = useTranslation();
  const tryGet = useTryGet();
  const [values, setValues] = useState<Record<string, string>>({});
  const send = () => {
    const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ""));
    const query = Object.fromEntries(operation.parameters.filter((p) => p.in === "query" && values[p.name]).map((p) => [p.name, values[p.name]!]));
    tryGet.mutate({ path: url, query });
  };
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{t("apiReference.tryIt")}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {operation.parameters.map((parameter) => (
          <TextField
            key={`${parameter.in}-${parameter.name}`}
            size="small"
            label={`${parameter.name} (${parameter.in})`}
            required={parameter.required}
            value={values[parameter.name] ?? ""}
            onChange={(event) => setValues((current) => ({ ...current, [parameter.name]: event.target.value }))}
          />
        ))}
        <Button variant="contained" size="small" onClick={send} disabled={tryGet.isPending}>
          {tryGet.isPending ? <CircularProgress size={16} color="inherit" /> : t("apiReference.send")}
        </Button>
      </Stack>
      {tryGet.isError && <Alert severity="error">{t("apiReference.networkError")}</Alert>}
      {tryGet.data && <Json label={t("apiReference.answer")} value={tryGet.data.body} />}
    </Stack>
  );
}

function OperationDetails({ method, path, operation }: { method: string; path: string; operation: OpenApiOperation }) {
  const { t } = useTranslation();
  const auth = operation.security.length === 0 ? t("apiReference.public") : Object.keys(operation.security[0] ?? {}).includes("connectionToken") ? t("apiReference.connectionToken") : t("apiReference.session");
  return (
    <Stack spacing={1.5}>
      {operation.description && <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>{operation.description}</Typography>}
      <Typography variant="body2">
        <strong>{t("apiReference.auth")}:</strong> {auth}
        {operation["x-plan-flag"] && ` · ${t("apiReference.planFlag")}: ${operation["x-plan-flag"]}`}
      </Typography>
      {operation.parameters.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t("apiReference.parameters")}</Typography>
          <Json label={t("apiReference.parameters")} value={operation.parameters} />
        </Box>
      )}
      {operation.requestBody &&
        Object.entries(operation.requestBody.content).map(([type, content]) => (
          <Box key={type}>
            <Typography variant="subtitle2">
              {t("apiReference.body")} ({type})
            </Typography>
            <Json label={`${t("apiReference.body")} ${type}`} value={content.schema ?? {}} />
          </Box>
        ))}
      <Box>
        <Typography variant="subtitle2">{t("apiReference.responses")}</Typography>
        {Object.entries(operation.responses).map(([status, response]) => (
          <Box key={status} sx={{ mb: 1 }}>
            <Typography variant="body2">
              <strong>{status}</strong> {response.description}
            </Typography>
            {response.content?.["application/json"]?.schema && status < "300" && <Json label={`${t("apiReference.responses")} ${status}`} value={response.content["application/json"].schema} />}
          </Box>
        ))}
      </Box>
      {method === "get" && <TryGet path={path} operation={operation} />}
    </Stack>
  );
}

/**
 * The interactive reference of the API, drawn from the server's own OpenAPI document: routes grouped
 * by tag with their parameters, bodies and answers, the shared schemas, and a try-it for GET routes.
 */
export function ApiReference() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useOpenApiDocument();
  const [search, setSearch] = useState("");
  const groups = useMemo(() => {
    const byTag = new Map<string, { method: string; path: string; operation: OpenApiOperation }[]>();
    for (const [path, item] of Object.entries(data?.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        const text = `${method} ${path} ${operation.summary ?? ""}`.toLowerCase();
        if (search && !text.includes(search.toLowerCase())) continue;
        const tag = operation.tags[0] ?? "other";
        byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
      }
    }
    return [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [data, search]);

  if (isLoading) return <CircularProgress aria-label={t("apiReference.loading")} />;
  if (isError || !data) return <Alert severity="error">{t("apiReference.loadFailed")}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {data.info.title} {data.info.version} · OpenAPI {data.openapi} ·{" "}
        <a href={OPENAPI_PATH} target="_blank" rel="noreferrer">
          {OPENAPI_PATH}
        </a>
      </Typography>
      {data.info.description && <Typography variant="body2">{data.info.description}</Typography>}
      <TextField size="small" label={t("apiReference.search")} value={search} onChange={(event) => setSearch(event.target.value)} sx={{ maxWidth: 400 }} />
      {groups.map(([tag, operations]) => (
        <Box key={tag} component="section" aria-label={tag}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {tag}
          </Typography>
          {operations.map(({ method, path, operation }) => (
            <Accordion key={`${method} ${path}`} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
                  <Chip size="small" label={method.toUpperCase()} color={METHOD_COLORS[method] ?? "default"} sx={{ minWidth: 64, fontWeight: 600 }} />
                  <Typography sx={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace", fontSize: 14, wordBreak: "break-all" }}>{path}</Typography>
                  {operation.summary && !operation.summary.startsWith(method.toUpperCase()) && (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {operation.summary}
                    </Typography>
                  )}
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <OperationDetails method={method} path={path} operation={operation} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
      {Object.keys(data.components?.schemas ?? {}).length > 0 && (
        <Box component="section" aria-label={t("apiReference.schemas")}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t("apiReference.schemas")}
          </Typography>
          {Object.entries(data.components?.schemas ?? {}).map(([name, schema]) => (
            <Accordion key={name} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography sx={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}>{name}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Json label={name} value={schema} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </Stack>
  );
}
