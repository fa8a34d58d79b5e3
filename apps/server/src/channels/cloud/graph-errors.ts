import type { GraphError } from "./graph-client.ts";

/**
 * Readable reasons of the Graph API's error codes that refuse a send for good, as the conversation shows
 * them beside the failed message (Meta's own title and details follow when it gave them).
 */
const REJECTIONS: Record<number, string> = {
  131047: "More than 24 hours have passed since the customer's last message: only an approved template can be sent (re-engagement required)",
  470: "More than 24 hours have passed since the customer's last message: only an approved template can be sent (re-engagement required)",
  131026: "The message could not be delivered: the number may not be on WhatsApp, or cannot receive messages from this business now",
  131030: "This number is not among the recipients the business account may send to (test numbers)",
  131021: "The recipient cannot be the sending number itself",
  131051: "WhatsApp does not support this kind of message",
  131052: "The media could not be downloaded by WhatsApp",
  131053: "The media could not be uploaded: check its type and size",
  131008: "A required parameter is missing",
  131009: "A parameter value is invalid",
  132000: "The number of parameters does not match the template's",
  132001: "The template does not exist in this language, or is not approved",
  132005: "The template's text is too long once filled in",
  132007: "The template's content breaks WhatsApp's policies",
  132012: "A template parameter has the wrong format",
  132015: "The template is paused for its low quality",
  132016: "The template is disabled",
  133010: "The phone number is not registered on the Cloud API",
  368: "The business account is temporarily blocked for policy violations",
  131031: "The business account is locked",
};

/** The reason a message failed when the Graph API refused it for good. */
export function rejectionOf(error: GraphError): string {
  const known = error.code === undefined ? undefined : REJECTIONS[error.code];
  const meta = [error.title, error.details].filter((part): part is string => Boolean(part) && part !== known).join(": ");
  const reason = known ? `${known} (${meta || "Graph API"}, code ${error.code})` : `WhatsApp refused the message: ${meta || `HTTP ${error.status}`}${error.code === undefined ? "" : ` (code ${error.code})`}`;
  return reason.slice(0, 500);
}
