import { z } from "zod";
import { ZId } from "./common.ts";

/** The phrase with which a model hands the ticket over to people (spec engine §7); never sent to the customer. */
export const HANDOVER_PHRASE = "Ação: Transferir para o setor de atendimento";

/** Prompt defaults (spec admin §9). */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, model: "gpt-4o-mini", voice: "texto" } as const;

/** "texto" answers in text; the others are the 15 Brazilian Portuguese neural voices of the speech service (spec admin §9). */
export const PROMPT_VOICES = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;

const ZHttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), "must be an http:// or https:// URL");

/** An AI prompt as the API shows it: keys masked to their last 4 characters. */
export const ZPrompt = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  queueId: z.number(),
  /** The queue's name, for the table. */
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  model: z.string(),
  baseUrl: z.string().nullable(),
  maxTokens: z.number(),
  temperature: z.number(),
  maxMessages: z.number(),
  /** `••••abcd`, or null when no key is stored. */
  apiKey: z.string().nullable(),
  voice: z.string(),
  voiceKey: z.string().nullable(),
  voiceRegion: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof ZPrompt>;

/**
 * POST /prompt and PUT /prompt/{id}. A key left out, empty or equal to its masked form keeps the stored
 * one; `null` removes it. An update that moves the calls to another origin while keeping a stored key
 * is refused (ERR_PROMPT_KEY_REQUIRED).
 */
export const ZPromptBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  prompt: z.string().trim().min(1).max(20000),
  queueId: ZId,
  model: z.string().trim().min(1).max(100).default(PROMPT_DEFAULTS.model),
  baseUrl: z.union([ZHttpUrl, z.literal(""), z.null()]).optional(),
  maxTokens: z.coerce.number().int().min(1).max(32000).default(PROMPT_DEFAULTS.maxTokens),
  temperature: z.coerce.number().min(0).max(2).default(PROMPT_DEFAULTS.temperature),
  maxMessages: z.coerce.number().int().min(1).max(100).default(PROMPT_DEFAULTS.maxMessages),
  apiKey: z.string().trim().max(500).nullable().optional(),
  voice: z.enum(PROMPT_VOICES).default(PROMPT_DEFAULTS.voice),
  voiceKey: z.string().trim().max(500).nullable().optional(),
  voiceRegion: z.string().trim().max(60).default(""),
});
export type PromptBody = z.infer<typeof ZPromptBody>;

/** POST /prompt/{id}/test: one customer message answered by the saved prompt, as the engine would ask its model. */
export const ZPromptTestBody = z.strictObject({ message: z.string().trim().min(1).max(4000) });
export type PromptTestBody = z.infer<typeof ZPromptTestBody>;

/** The prompt's answer, or why there is none: the model server did not answer, was refused by the outbound policy, or timed out. */
export const ZPromptTestResponse = z.object({
  answer: z.string().nullable(),
  error: z.enum(["no-answer", "refused", "timeout"]).nullable(),
});
export type PromptTestResponse = z.infer<typeof ZPromptTestResponse>;

export const ZListPromptsQuery = z.object({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export type ListPromptsQuery = z.infer<typeof ZListPromptsQuery>;

/** GET /prompt: 20 a page, by name. */
export const ZListPromptsResponse = z.object({ prompts: z.array(ZPrompt), count: z.number(), hasMore: z.boolean() });
export type ListPromptsResponse = z.infer<typeof ZListPromptsResponse>;

export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;

/** Typebot defaults (spec admin §9). */
export const TYPEBOT_DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 } as const;

/** A queue integration as the API shows it: the service-account JSON and the signing secret are never returned. */
export const ZQueueIntegration = z.object({
  id: z.number(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string(),
  /** Always empty: the stored JSON is never returned; `jsonClientEmail` says which account it is. */
  jsonContent: z.string(),
  jsonClientEmail: z.string().nullable(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
  /** Whether a signing secret exists (webhook and n8n). */
  hasSecret: z.boolean(),
  /** The signing secret, only in the answer that created it (or renewed it). */
  secret: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegration = z.infer<typeof ZQueueIntegration>;

/**
 * POST /queueIntegration and PUT /queueIntegration/{id}. An empty or omitted jsonContent keeps the stored
 * one on update. `renewSecret`, or a `urlN8N` of another origin, makes a new signing secret (answered once). What each type requires
 * (urlN8N, typebotSlug, projectName and jsonContent) is checked by `integrationFieldProblems`.
 */
/** An integration's language; an empty one (what the 4.8.2 client's form sends untouched) is no choice: the default. */
const ZIntegrationLanguageChoice = z.union([z.enum(INTEGRATION_LANGUAGES), z.literal("")]).optional();

export const ZQueueIntegrationBody = z.strictObject({
  type: z.enum(INTEGRATION_TYPES),
  name: z.string().trim().min(2).max(50),
  projectName: z.string().trim().max(200).default(""),
  jsonContent: z.string().max(20000).optional(),
  language: ZIntegrationLanguageChoice.transform((language) => language || "pt-BR"),
  urlN8N: z.union([ZHttpUrl.pipe(z.string().max(1000)), z.literal("")]).default(""),
  typebotSlug: z.string().trim().max(200).default(""),
  typebotExpires: z.coerce.number().int().min(0).max(10080).default(TYPEBOT_DEFAULTS.typebotExpires),
  typebotDelayMessage: z.coerce.number().int().min(0).max(60000).default(TYPEBOT_DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: z.string().trim().max(100).default(""),
  typebotKeywordRestart: z.string().trim().max(100).default(""),
  typebotUnknownMessage: z.string().max(2000).default(""),
  typebotRestartMessage: z.string().max(2000).default(""),
  renewSecret: z.boolean().optional(),
});
export type QueueIntegrationBody = z.infer<typeof ZQueueIntegrationBody>;

/** The fields a type requires that the body leaves empty (`hasCredentials`: a service-account JSON is already stored). */
export function integrationFieldProblems(body: Pick<QueueIntegrationBody, "type" | "urlN8N" | "typebotSlug" | "projectName" | "jsonContent">, hasCredentials = false): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (["n8n", "webhook", "typebot"].includes(body.type) && !body.urlN8N) problems.push({ path: "/urlN8N", message: "required for this type" });
  if (body.type === "typebot" && !body.typebotSlug) problems.push({ path: "/typebotSlug", message: "required for typebot" });
  if (body.type === "dialogflow" && !body.projectName) problems.push({ path: "/projectName", message: "required for dialogflow" });
  if (body.type === "dialogflow" && !body.jsonContent?.trim() && !hasCredentials) problems.push({ path: "/jsonContent", message: "required for dialogflow" });
  return problems;
}

export const ZListQueueIntegrationsQuery = ZListPromptsQuery;
export const ZListQueueIntegrationsResponse = z.object({ queueIntegrations: z.array(ZQueueIntegration), count: z.number(), hasMore: z.boolean() });
export type ListQueueIntegrationsResponse = z.infer<typeof ZListQueueIntegrationsResponse>;

/**
 * POST /queueIntegration/testSession: one exchange with a saved integration (`integrationId`), or with
 * dialogflow credentials not saved yet (projectName, jsonContent, language).
 */
export const ZTestSessionBody = z.strictObject({
  integrationId: ZId.optional(),
  projectName: z.string().trim().max(200).optional(),
  jsonContent: z.string().max(20000).optional(),
  language: ZIntegrationLanguageChoice.transform((language) => language || undefined),
  message: z.string().trim().min(1).max(4000).default("Olá"),
});
export type TestSessionBody = z.infer<typeof ZTestSessionBody>;

/** The outcomes of a failed test session (`error`). */
export const TEST_SESSION_ERRORS = ["no-answer", "refused", "timeout"] as const;
export type TestSessionError = (typeof TEST_SESSION_ERRORS)[number];

export const ZTestSessionResponse = z.object({
  /** The texts the integration answered, in order. */
  answers: z.array(z.string()),
  /** The integration asked to hand the conversation over to people. */
  handover: z.boolean(),
  /**
   * Null when the integration answered; otherwise only whether it did not answer (unreachable, error status,
   * unreadable answer), was refused by the outbound policy, or timed out: never connection-level detail.
   */
  error: z.enum(TEST_SESSION_ERRORS).nullable(),
});
export type TestSessionResponse = z.infer<typeof ZTestSessionResponse>;

