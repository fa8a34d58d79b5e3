import { type Invoice, PAYMENT_REDIRECT_MS, PIX_COPIED_LABEL_MS, type PixCharge, type SubscriptionInfo, ZPaymentEvent } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useCheckoutPlans, usePayInSimulator, useSubscribe } from "../api/invoices.ts";
import { invoicesListPrefix, subscriptionQueryKey } from "../api/query-keys.ts";
import { type CheckoutData, EMPTY_CHECKOUT, checkoutErrors } from "../utils/checkout-form.ts";
import { type CheckoutPlan, offeredPlans } from "../utils/offered-plans.ts";

const STEPS = ["data", "plan", "review"] as const;

interface CheckoutDialogProps {
  open: boolean;
  invoice: Invoice | null;
  /** The company's current plan (from GET /subscription), chosen at first and offered even when it is not public. */
  currentPlan: SubscriptionInfo["plan"];
  onClose: () => void;
}

/**
 * The checkout (spec admin §2, §4): Dados, Personalizar, Revisar, then PAGAR shows the Pix code; when
 * the payment event CONCLUIDA arrives, a toast tells the new due date and the app goes to / after 4 s.
 */
export function CheckoutDialog({ open, invoice, currentPlan, onClose }: CheckoutDialogProps) {
  const currentPlanId = currentPlan?.id ?? null;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [data, setData] = useState<CheckoutData>(EMPTY_CHECKOUT);
  const [touched, setTouched] = useState(false);
  const [planId, setPlanId] = useState<number | null>(currentPlanId);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const publicPlans = useCheckoutPlans(open);
  const offered = offeredPlans(publicPlans.data ?? [], currentPlan);
  const subscribe = useSubscribe();
  const simulator = usePayInSimulator();

  useEffect(() => {
    if (!open) return;
    setStep(0);
    setTouched(false);
    setCharge(null);
    setRenewedUntil(null);
    setPlanId(currentPlanId);
  }, [open, currentPlanId]);

  useCompanyEvent("payment", (payload) => {
    const event = ZPaymentEvent.safeParse(payload);
    if (!open || !charge || !event.success || event.data.action !== "CONCLUIDA") return;
    const until = event.data.company.dueDate;
    setRenewedUntil(until);
    showToast(t("billing.checkout.renewed", { date: until ? formatDate(until, DATE_PATTERNS.day, currentLanguage()) : "" }), "success");
    void queryClient.invalidateQueries({ queryKey: invoicesListPrefix });
    void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
    void queryClient.invalidateQueries({ queryKey: ["auth", "me"] });
  });

  // After the renewal toast, the app goes to / (spec admin §9: 4 s).
  useEffect(() => {
    if (!renewedUntil) return;
    const timer = window.setTimeout(() => void navigate("/"), PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [renewedUntil, navigate]);

  const errors = touched ? checkoutErrors(data) : {};
  const plan: CheckoutPlan | undefined = offered.find((p) => p.id === planId) ?? offered.find((p) => p.id === currentPlanId);
  const field = (name: keyof CheckoutData, required = false) => ({
    name,
    value: data[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setData((d) => ({ ...d, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name] as "billing.checkout.required.firstName") : " ",
    required,
    fullWidth: true,
    size: "small" as const,
    label: t(`billing.checkout.fields.${name}`),
  });

  const next = () => {
    if (step === 0) {
      setTouched(true);
      if (Object.keys(checkoutErrors(data)).length > 0) return;
    }
    setStep((s) => s + 1);
  };

  const pay = async () => {
    if (!invoice || !plan) return;
    try {
      const created = await subscribe.mutateAsync({
        ...data,
        country: data.country === "usa" ? "usa" : "BR",
        useAddressForPaymentDetails: false,
        plan: JSON.stringify({ planId: plan.id, users: plan.users, connections: plan.connections, price: plan.value }),
        planId: plan.id,
        price: plan.value,
        users: plan.users,
        connections: plan.connections,
        invoiceId: invoice.id,
      });
      setCharge(created);
      showToast(t("billing.checkout.success"), "success");
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">{charge ? t("billing.pix.title") : t("billing.checkout.title", { id: invoice?.id ?? "" })}</DialogTitle>
      <DialogContent dividers>
        {charge ? (
          <PixView charge={charge} renewedUntil={renewedUntil} onSimulate={() => simulator.mutateAsync(charge.txid).catch(toastError)} simulating={simulator.isPending} />
        ) : (
          <>
            <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
              {STEPS.map((s) => (
                <Step key={s}>
                  <StepLabel>{t(`billing.checkout.steps.${s}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 && (
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
                <TextField {...field("firstName", true)} autoFocus />
                <TextField {...field("lastName")} />
                <TextField {...field("address2", true)} sx={{ gridColumn: "1 / -1" }} />
                <TextField {...field("city", true)} />
                <TextField {...field("state")} />
                <TextField {...field("zipcode", true)} />
                <TextField {...field("country", true)} select>
                  <MenuItem value="BR">BR</MenuItem>
                  <MenuItem value="usa">usa</MenuItem>
                </TextField>
              </Box>
            )}
            {step === 1 && (
              <RadioGroup value={planId ?? ""} onChange={(event) => setPlanId(Number(event.target.value))} aria-label={t("billing.checkout.steps.plan")}>
                {offered.map((p) => (
                  <FormControlLabel
                    key={p.id}
                    value={p.id}
                    control={<Radio />}
                    label={
                      <span>
                        <strong>{p.name}</strong> — {formatMoney(p.value, i18n.language)} · {t("billing.checkout.planLimits", { users: p.users, connections: p.connections })}
                        {p.id === currentPlanId ? ` (${t("billing.checkout.currentPlan")})` : ""}
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            )}
            {step === 2 && (
              <Box sx={{ display: "grid", gap: 1 }}>
                <Typography>
                  {t("billing.checkout.review.payer")}: {[data.firstName, data.lastName].filter(Boolean).join(" ")}
                </Typography>
                <Typography>
                  {t("billing.checkout.review.address")}: {[data.address2, data.city, data.state, data.zipcode, data.country].filter(Boolean).join(", ")}
                </Typography>
                <Typography>
                  {t("billing.checkout.review.plan")}: {plan?.name ?? "—"}
                </Typography>
                <Typography>
                  {t("billing.checkout.review.invoice")}: #{invoice?.id} · {invoice?.detail}
                </Typography>
                <Typography variant="h6" data-testid="checkout-total">
                  {t("billing.checkout.review.total")}: {formatMoney(plan?.value ?? invoice?.value ?? 0, i18n.language)}
                </Typography>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
        {!charge && step > 0 && <Button onClick={() => setStep((s) => s - 1)}>{t("billing.checkout.back")}</Button>}
        {!charge && step < STEPS.length - 1 && (
          <Button variant="contained" onClick={next}>
            {t("billing.checkout.next")}
          </Button>
        )}
        {!charge && step === STEPS.length - 1 && (
          <Button variant="contained" onClick={() => void pay()} disabled={subscribe.isPending || !plan || !invoice}>
            {t("billing.pay")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The Pix payment view: the code as a QR image, the amount, and the copy button ('Copiado' for 1 s). */
function PixView({ charge, renewedUntil, onSimulate, simulating }: { charge: PixCharge; renewedUntil: string | null; onSimulate: () => void; simulating: boolean }) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), PIX_COPIED_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
    } catch {
      // A browser without clipboard access: the code stays visible to be copied by hand.
    }
    setCopied(true);
  };
  return (
    <Box sx={{ display: "grid", justifyItems: "center", gap: 2, textAlign: "center" }}>
      <Typography>{t("billing.checkout.success")}</Typography>
      <Box sx={{ p: 2, bgcolor: "#fff", borderRadius: 1 }}>
        <QRCodeSVG value={charge.qrcode.qrcode} size={220} level="M" aria-label={t("billing.pix.qrLabel")} role="img" />
      </Box>
      <Typography variant="h6" data-testid="pix-amount">
        {formatMoney(Number(charge.valor.original), i18n.language)}
      </Typography>
      <TextField value={charge.qrcode.qrcode} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true, "aria-label": t("billing.pix.code") } }} />
      <Button variant="outlined" onClick={() => void copy()}>
        {copied ? t("billing.pix.copied") : t("billing.pix.copy")}
      </Button>
      {renewedUntil ? (
        <Typography color="success.main" role="status">
          {t("billing.checkout.renewed", { date: formatDate(renewedUntil, DATE_PATTERNS.day, currentLanguage()) })}
        </Typography>
      ) : (
        charge.provider === "simulator" && (
          <Button variant="contained" color="secondary" onClick={onSimulate} disabled={simulating}>
            {t("billing.pix.simulate")}
          </Button>
        )
      )}
    </Box>
  );
}
