export * from "./errors.ts";
export * from "./socket-events.ts";
export * from "./permissions.ts";
export * from "./constants.ts";
export * from "./schemas/common.ts";
export * from "./schemas/settings.ts";
export * from "./schemas/companies.ts";
export * from "./schemas/auth.ts";
