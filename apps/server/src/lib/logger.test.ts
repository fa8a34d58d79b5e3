import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "./logger.ts";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("trace", { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join("") };
}

describe("createLogger", () => {
  it("logs a failed query with its SQL but without its parameters", () => {
    const { logger, text } = capture();
    const error = new DrizzleQueryError('update "connections" set "token" = $1 where "id" = $2', ["tok-3f9a1c", 7], new Error("write refused"));
    logger.error({ err: error }, "unhandled error");
    expect(text()).toContain('update \\"connections\\" set \\"token\\" = $1');
    expect(text()).toContain("write refused");
    expect(text()).not.toContain("tok-3f9a1c");
  });

  it("redacts credentials in request headers, also when a library logs the headers it was given", () => {
    const { logger, text } = capture();
    const headers = { authorization: "Bearer eyJ.secret.jwt", cookie: "conversa_rt=refresh-secret", "content-type": "multipart/form-data" };
    logger.trace({ busboyOptions: { headers } }, "Providing options to busboy");
    logger.info({ req: { headers } }, "incoming request");
    logger.info({ user: { password: "pass-123", passwordHash: "$argon2id$hash" }, token: "tok-1", apiKey: "key-1" }, "values");
    expect(text()).toContain("multipart/form-data");
    for (const secret of ["eyJ.secret.jwt", "refresh-secret", "pass-123", "$argon2id$hash", "tok-1", "key-1"]) expect(text()).not.toContain(secret);
  });

  it.each([
    ["/forgetpassword/ana%40acme.test", "/forgetpassword/[Redacted]"],
    ["/resetpasswords/ana%40acme.test/ABCD2345/Senha-Nova-1", "/resetpasswords/[Redacted]"],
    ["/resetpasswords/a/b/c?lang=pt", "/resetpasswords/[Redacted]"],
    ["//ResetPasswords/a/b/c", "/ResetPasswords/[Redacted]"],
    ["/forgetpassword%2Fana%40acme.test", "/forgetpassword/[Redacted]"],
    ["/tickets/12?status=open", "/tickets/12?status=open"],
    ["/webhooks/pix/efi?hmac=s3cr3t-value", "/webhooks/pix/efi?hmac=[Redacted]"],
    ["/webhooks/pix/efi/pix?hmac=s3cr3t-value/pix", "/webhooks/pix/efi/pix?hmac=[Redacted]"],
    ["//Webhooks/pix/efi?ignorar=&HMAC=s3cr3t-value&x", "/Webhooks/pix/efi?ignorar=[Redacted]&HMAC=[Redacted]&[Redacted]"],
    ["/webhooks/pix/efi?s3cr3t-value=1", "/webhooks/pix/efi?[Redacted]"],
    ["/webhooks/pix/S3cr3tValue0123456789/pix", "/webhooks/pix/[Redacted]/pix"],
    ["/webhooks/pix/efi;hmac=s3cr3t-value", "/webhooks/pix/[Redacted]"],
    ["/webhooks%2Fpix%2Fefi%3Fhmac%3Ds3cr3t-value", "/webhooks/[Redacted]"],
    ["/socket.io/?EIO=4&transport=polling&token=eyJ.jwt.value", "/socket.io/?EIO=4&transport=polling&token=[Redacted]"],
    ["/contacts?searchParam=ana&%74oken=abc&apiKey=def", "/contacts?searchParam=ana&%74oken=[Redacted]&apiKey=[Redacted]"],
    ["/forgetpasswords-guide", "/forgetpasswords-guide"],
  ])("logs the URL %s as %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
