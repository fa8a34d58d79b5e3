import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/**
 * The security headers of every answer: a CSP that allows only the app's own origin (inline styles,
 * data and blob URLs for the web app's media), no framing, nosniff, a same-origin referrer policy,
 * and HSTS in production.
 */
export function securityHeaderOptions(isProduction: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: "same-origin" as const },
    // The same rule as frame-ancestors 'none', for browsers that read only this header.
    xFrameOptions: { action: "deny" as const },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  };
}

/**
 * The same headers set on a raw response, for the answers no Fastify hook reaches: those of the
 * router itself (a URL it refuses) and those of the realtime server's HTTP transport.
 */
export function rawSecurityHeaders(isProduction: boolean): (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void {
  return helmet(securityHeaderOptions(isProduction));
}
