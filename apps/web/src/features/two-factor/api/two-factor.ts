import {
  type TwoFactorDisableBody,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
  ZTwoFactorEnableResponse,
  ZTwoFactorSetupResponse,
} from "@conversa/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest, apiSend } from "../../../lib/api-client.ts";

/** POST /auth/2fa/setup: a new secret and its otpauth:// URL, pending until a code confirms it. */
export function setupTwoFactor(): Promise<TwoFactorSetupResponse> {
  return apiRequest("/auth/2fa/setup", ZTwoFactorSetupResponse, { method: "POST" });
}

/** POST /auth/2fa/enable: turns it on with a code of the pending secret; answers the ten recovery codes. */
export function enableTwoFactor(code: string): Promise<TwoFactorEnableResponse> {
  return apiRequest("/auth/2fa/enable", ZTwoFactorEnableResponse, { method: "POST", body: { code } });
}

/** POST /auth/2fa/disable with the current password and a code. */
export function disableTwoFactor(body: TwoFactorDisableBody): Promise<void> {
  return apiSend("/auth/2fa/disable", { method: "POST", body });
}

/** The setup call; failures are shown by the form. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor, meta: { silentError: true } });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor, meta: { silentError: true } });
}
