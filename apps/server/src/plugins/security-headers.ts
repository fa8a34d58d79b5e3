import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

/** Where the help gallery's thumbnails come from (https://img.youtube.com/vi/{code}/mqdefault.jpg). */
export const HELP_VIDEO_THUMBNAIL_ORIGIN = "https://img.youtube.com";
/** The help videos' player (https://www.youtube-nocookie.com/embed/{code}): the only frame the app may show. */
export const HELP_VIDEO_PLAYER_ORIGIN = "https://www.youtube-nocookie.com";

/**
 * The security headers of every answer: a CSP that allows only the app's own origin (inline styles,
 * data and blob URLs for the web app's media) plus the one video hosting service of the help videos
 * (its thumbnails as images, its privacy-enhanced player as the only frame), no framing of the app,
 * nosniff, a same-origin referrer policy, and HSTS in production.
 */
export function securityHeaderOptions(isProduction: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", HELP_VIDEO_THUMBNAIL_ORIGIN],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameSrc: [HELP_VIDEO_PLAYER_ORIGIN],
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
