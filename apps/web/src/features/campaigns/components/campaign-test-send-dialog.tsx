import type { Campaign } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showFormError, stateFormFields } from "../../../lib/form-errors.ts";
import { showToast } from "../../../lib/toast.ts";
import { useTestSendCampaign } from "../api/campaign-actions.ts";

/** A number is 8 to 50 digits once everything else is dropped (as the server reads it). */
function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "");
  return digits.length >= 8 && digits.length <= 50;
}

interface CampaignTestSendDialogProps {
  /** The campaign to try; null while closed. */
  campaign: Campaign | null;
  onClose: () => void;
}

/** Sends one message of a campaign (placeholders filled, attachment included) to one number before it starts. */
export function CampaignTestSendDialog({ campaign, onClose }: CampaignTestSendDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const testSend = useTestSendCampaign();
  const [number, setNumber] = useState("");
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const invalid = touched && !isPhoneNumber(number);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!campaign || !isPhoneNumber(number)) return;
    testSend.mutate(
      { id: campaign.id, number },
      {
        onSuccess: () => {
          showToast(t("campaigns.testSend.sent", { number }), "success");
          setNumber("");
          setTouched(false);
          onClose();
        },
        onError: (error) => showFormError(error, stateFormFields(["number"], (_field, message) => setRefusal(message))),
      },
    );
  };

  return (
    <Dialog open={campaign !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("campaigns.testSend.title", { name: campaign?.name ?? "" })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("campaigns.testSend.help")}</DialogContentText>
          <TextField
            label={t("campaigns.testSend.number")}
            value={number}
            onChange={(event) => {
              setNumber(event.target.value);
              setRefusal(null);
            }}
            onBlur={() => setTouched(true)}
            error={invalid || refusal !== null}
            helperText={invalid ? t("campaigns.testSend.invalidNumber") : (refusal ?? t("campaigns.testSend.numberHelp"))}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: "tel" } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" loading={testSend.isPending}>
            {t("campaigns.testSend.send")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
