import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import { EXTERNAL_API_LIMITS } from "@conversa/shared";
import { EXTERNAL_SEND_PATH } from "../api/send-external-message.ts";
import { CodeBlock } from "./code-block.tsx";
import { SendTestForm } from "./send-test-form.tsx";
import { TokenPicker } from "./token-picker.tsx";

const SAMPLE_NUMBER = "5511999998888";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

/**
 * The documentation of the external message API (spec admin §2): how to authenticate, the two ways of
 * sending with examples, the answers and errors, and a test form for each way.
 */
export function MessagesApiGuide() {
  const { t } = useTranslation();
  const [pickedToken, setPickedToken] = useState<string>();
  const url = `${window.location.origin}${EXTERNAL_SEND_PATH}`;
  const textCurl = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer {token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"number": "${SAMPLE_NUMBER}", "body": "${t("messagesApi.text.sampleBody")}"}'`,
  ].join("\n");
  const mediaCurl = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer {token}' \\`,
    `  -F 'number=${SAMPLE_NUMBER}' \\`,
    `  -F 'body=${t("messagesApi.media.sampleCaption")}' \\`,
    `  -F 'medias=@/path/to/file.pdf'`,
  ].join("\n");
  const sampleAnswer = JSON.stringify({ message: "Message queued for sending", messageId: 1234, messageIds: [1234], ticketId: 56, contactId: 78, ticketCreated: false }, null, 2);
  const sampleError = JSON.stringify({ error: "ERR_WAPP_INVALID_CONTACT", message: "This number is not on WhatsApp" }, null, 2);
  return (
    <Stack spacing={3}>
      <Section title={t("messagesApi.intro.title")}>
        <Typography>{t("messagesApi.intro.text")}</Typography>
        <Typography component="div">
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            <li>{t("messagesApi.intro.token")}</li>
            <li>{t("messagesApi.intro.number", { example: SAMPLE_NUMBER })}</li>
            <li>{t("messagesApi.intro.ticket")}</li>
            <li>{t("messagesApi.intro.limit", { max: EXTERNAL_API_LIMITS.sendsPerWindow })}</li>
          </Box>
        </Typography>
        <TokenPicker onToken={setPickedToken} />
        <Typography variant="body2">
          <strong>{t("messagesApi.intro.endpoint")}</strong> <code>POST {url}</code>
        </Typography>
        <Typography variant="body2">
          {t("messagesApi.intro.reference")}{" "}
          <Link component={RouterLink} to="/api-docs">
            {t("messagesApi.intro.referenceLink")}
          </Link>
        </Typography>
      </Section>

      <Section title={t("messagesApi.text.title")}>
        <Typography>{t("messagesApi.text.text")}</Typography>
        <CodeBlock label={t("messagesApi.text.example")} code={textCurl} />
        <Divider />
        <SendTestForm kind="text" initialToken={pickedToken} />
      </Section>

      <Section title={t("messagesApi.media.title")}>
        <Typography>{t("messagesApi.media.text", { max: EXTERNAL_API_LIMITS.maxFiles })}</Typography>
        <CodeBlock label={t("messagesApi.media.example")} code={mediaCurl} />
        <Divider />
        <SendTestForm kind="media" initialToken={pickedToken} />
      </Section>

      <Section title={t("messagesApi.answers.title")}>
        <Typography>{t("messagesApi.answers.success")}</Typography>
        <CodeBlock label={t("messagesApi.answers.successExample")} code={sampleAnswer} />
        <Typography>{t("messagesApi.answers.errors")}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {(["401", "402", "403", "400", "400contact", "400connection", "413", "429"] as const).map((key) => (
            <li key={key}>
              <Typography variant="body2">{t(`messagesApi.answers.codes.${key}`)}</Typography>
            </li>
          ))}
        </Box>
        <CodeBlock label={t("messagesApi.answers.errorExample")} code={sampleError} />
      </Section>
    </Stack>
  );
}
