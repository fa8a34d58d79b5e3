import { CONNECTION_DEFAULTS, CONNECTION_TOKEN_PATTERN, type Connection, type ConnectionBody, type ConnectionProvider, LIMITS, ZConnectionBody } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

const MAX_MINUTES = 525600;

/** What the connection dialog edits: text fields hold strings until the schema reads them. */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  provider: ConnectionProvider;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: string | number;
  timeToTransfer: string | number | null;
  transferQueueId: number | null;
  /** The AI prompt that answers every new conversation before any queue; null: none. */
  promptId: number | null;
  maxUseBotQueues: string | number;
  timeUseBotQueues: string | number;
  token: string;
  /**
   * Official line (provider `cloud`) only: its Graph API ids, and its access token and app secret, which
   * the server never gives back (empty on an existing connection keeps the stored ones).
   */
  cloud: { phoneNumberId: string; businessAccountId: string; accessToken: string; appSecret: string };
}

/** The fields of a stored connection the dialog starts from. */
export type ConnectionFormSource = Omit<ConnectionFormValues, "queueIds" | "token" | "cloud"> & {
  queues: { id: number }[];
  token: string | null;
  cloud?: Connection["cloud"];
};

const GRAPH_ID = /^\d{1,64}$/;

const blankToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/**
 * The shared ZConnectionBody with the dialog's messages (spec core §5: 'Required', 'Too Short!',
 * 'Too Long!', the token's rule) and the greeting rule checked before the server does.
 */
export function buildConnectionFormSchema(t: TFunction, options: { isNew: boolean }) {
  const invalidNumber = t("connections.validation.invalidNumber");
  const wholeNumber = (max: number) => z.coerce.number({ error: invalidNumber }).int(invalidNumber).min(0, invalidNumber).max(max, invalidNumber);
  return ZConnectionBody.extend({
    name: z
      .string()
      .trim()
      .min(1, t("connections.validation.required"))
      .min(LIMITS.nameMin, t("connections.validation.tooShort"))
      .max(LIMITS.nameMax, t("connections.validation.tooLong")),
    expiresTicket: wholeNumber(MAX_MINUTES),
    timeUseBotQueues: wholeNumber(MAX_MINUTES),
    maxUseBotQueues: wholeNumber(100),
    timeToTransfer: z.preprocess(blankToNull, wholeNumber(MAX_MINUTES).nullable()),
    // Empty asks the server for a random token; a typed one must follow the rule the server applies.
    token: z.string().trim().regex(CONNECTION_TOKEN_PATTERN, t("connections.validation.token")).nullable().optional(),
    // Checked below only for the official line; the body leaves it out for the other providers.
    cloud: z.object({ phoneNumberId: z.string().trim(), businessAccountId: z.string().trim(), accessToken: z.string().trim(), appSecret: z.string().trim() }),
  }).superRefine((values, ctx) => {
    if ((values.queueIds?.length ?? 0) > 1 && !values.greetingMessage?.trim()) {
      ctx.addIssue({ code: "custom", path: ["greetingMessage"], message: t("connections.validation.greetingRequired") });
    }
    if (values.provider !== "cloud") return;
    for (const field of ["phoneNumberId", "businessAccountId"] as const) {
      const value = values.cloud[field];
      if (!value) ctx.addIssue({ code: "custom", path: ["cloud", field], message: t("connections.validation.required") });
      else if (!GRAPH_ID.test(value)) ctx.addIssue({ code: "custom", path: ["cloud", field], message: t("connections.validation.graphId") });
    }
    // A new connection needs both secrets; an existing one keeps them when left empty.
    for (const field of ["accessToken", "appSecret"] as const) {
      if (options.isNew && !values.cloud[field]) ctx.addIssue({ code: "custom", path: ["cloud", field], message: t("connections.validation.required") });
    }
  });
}

export type ConnectionFormSchema = ReturnType<typeof buildConnectionFormSchema>;

/** A new connection's fields (spec core §9 defaults), or a stored one's. */
export function connectionFormValues(source?: ConnectionFormSource): ConnectionFormValues {
  if (!source) {
    return {
      name: "",
      isDefault: false,
      provider: CONNECTION_DEFAULTS.provider,
      queueIds: [],
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      expiresInactiveMessage: "",
      expiresTicket: CONNECTION_DEFAULTS.expiresTicket,
      timeToTransfer: "",
      transferQueueId: null,
      promptId: null,
      maxUseBotQueues: CONNECTION_DEFAULTS.maxUseBotQueues,
      timeUseBotQueues: CONNECTION_DEFAULTS.timeUseBotQueues,
      token: "",
      cloud: { phoneNumberId: "", businessAccountId: "", accessToken: "", appSecret: "" },
    };
  }
  return {
    name: source.name,
    isDefault: source.isDefault,
    provider: source.provider,
    queueIds: source.queues.map((queue) => queue.id),
    greetingMessage: source.greetingMessage,
    complationMessage: source.complationMessage,
    outOfHoursMessage: source.outOfHoursMessage,
    ratingMessage: source.ratingMessage,
    expiresInactiveMessage: source.expiresInactiveMessage,
    expiresTicket: source.expiresTicket,
    timeToTransfer: source.timeToTransfer ?? "",
    transferQueueId: source.transferQueueId,
    promptId: source.promptId,
    maxUseBotQueues: source.maxUseBotQueues,
    timeUseBotQueues: source.timeUseBotQueues,
    token: source.token ?? "",
    cloud: { phoneNumberId: source.cloud?.phoneNumberId ?? "", businessAccountId: source.cloud?.businessAccountId ?? "", accessToken: "", appSecret: "" },
  };
}

/**
 * The body sent to the API: an empty token clears it; the official line's fields go only with that
 * provider, and its secrets only when typed (left empty, the stored ones stay).
 */
export function toConnectionBody(values: Omit<ConnectionBody, "cloud"> & { cloud: ConnectionFormValues["cloud"] }): ConnectionBody {
  const { cloud, ...rest } = values;
  const body: ConnectionBody = { ...rest, token: values.token?.trim() ? values.token.trim() : null };
  if (values.provider !== "cloud") return body;
  return {
    ...body,
    cloud: {
      phoneNumberId: cloud.phoneNumberId,
      businessAccountId: cloud.businessAccountId,
      ...(cloud.accessToken ? { accessToken: cloud.accessToken } : {}),
      ...(cloud.appSecret ? { appSecret: cloud.appSecret } : {}),
    },
  };
}

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// The largest multiple of the alphabet's size under 256: bytes above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % TOKEN_ALPHABET.length);

/**
 * Whether the server refused the body's token (too short or long, or another connection's: the same
 * answer, 400 ERR_VALIDATION on `/token`).
 */
export function isTokenRefused(details: unknown): boolean {
  const issues = z.array(z.object({ path: z.string() })).safeParse(details);
  return issues.success && issues.data.some((issue) => issue.path === "/token");
}

/** A random external-API token of letters and digits (32 of 62 characters: about 190 random bits). */
export function generateToken(length = 32): string {
  let token = "";
  while (token.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && token.length < length) token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
    }
  }
  return token;
}
