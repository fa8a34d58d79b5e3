import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { fieldRefusals, hookFormFields, serverValidationKey, showFormError, stateFormFields, translatedResolver, validationText } from "./form-errors.ts";
import { i18n } from "./i18n.ts";
import { toastError } from "./toast.ts";

vi.mock("./toast.ts", () => ({ toastError: vi.fn() }));

const refusal = (details: unknown) => new ApiError("ERR_VALIDATION", "Invalid request", 400, details);

describe("fieldRefusals", () => {
  it("maps each body issue of ERR_VALIDATION onto the form field its path names, in the user's language", () => {
    const error = refusal([
      { in: "body", path: "/urlN8N", message: "Invalid URL" },
      { in: "body", path: "/extraInfo/0/name", message: "Too Short!" },
      { path: "/email", message: "Invalid email address" },
    ]);
    expect(fieldRefusals(error)).toEqual([
      { field: "urlN8N", message: "Endereço inválido: informe uma URL completa (https://…)" },
      { field: "extraInfo.0.name", message: "Muito curto!" },
      { field: "email", message: "E-mail inválido" },
    ]);
  });

  it("leaves out issues of the query or the path, issues without a field and malformed details", () => {
    expect(fieldRefusals(refusal([{ in: "querystring", path: "/page", message: "Required" }, { in: "body", path: "", message: "Required" }, "oops", { path: 3 }]))).toEqual([]);
    expect(fieldRefusals(refusal(undefined))).toEqual([]);
  });

  it("reads the query string's issues for a form that sends a read, and only those", () => {
    const error = refusal([
      { in: "querystring", path: "/message", message: "Too Long!" },
      { in: "body", path: "/name", message: "Required" },
      { in: "params", path: "/id", message: "Required" },
    ]);
    expect(fieldRefusals(error, "querystring")).toEqual([{ field: "message", message: "Muito longo!" }]);
  });

  it("finds no field refusal in other failures", () => {
    expect(fieldRefusals(new ApiError("ERR_NO_PERMISSION", "No permission", 403, [{ path: "/name", message: "Required" }]))).toEqual([]);
    expect(fieldRefusals(new Error("network"))).toEqual([]);
  });
});

describe("serverValidationKey", () => {
  it.each([
    ["Required", "required"],
    ["required for this type", "required"],
    ["Invalid input: expected string, received undefined", "required"],
    ["Too Short!", "tooShort"],
    ["Too small: expected string to have >=2 characters", "tooShort"],
    ["Too big: expected string to have <=50 characters", "tooLong"],
    ["Invalid email address", "invalidEmail"],
    ["Invalid URL", "invalidUrl"],
    ["Unrecognized key: \"x\"", "invalid"],
  ])("reads %j as %s", (message, key) => {
    expect(serverValidationKey(message)).toBe(key);
  });
});

describe("validationText", () => {
  afterEach(async () => {
    await i18n.changeLanguage("pt-BR");
  });

  it.each([
    ["pt-BR", ["Obrigatório", "Muito curto!", "Muito longo!", "E-mail inválido"]],
    ["en", ["Required", "Too Short!", "Too Long!", "Invalid email"]],
    ["es", ["Obligatorio", "¡Muy corto!", "¡Muy largo!", "Correo electrónico inválido"]],
  ])("says the shared rules' messages in %s", async (language, texts) => {
    await i18n.changeLanguage(language);
    expect(["Required", "Too Short!", "Too Long!", "Invalid email"].map(validationText)).toEqual(texts);
  });

  it("keeps a form's own (already translated) message", () => {
    expect(validationText("Informe o sector")).toBe("Informe o sector");
  });
});

describe("translatedResolver", () => {
  it("translates the messages of every field error, nested ones included", async () => {
    const resolve = translatedResolver<{ name: string; extra: { name: string }[] }, unknown, unknown>(async () => ({
      values: {},
      errors: { name: { type: "too_small", message: "Too Short!" }, extra: [{ name: { type: "custom", message: "Required" } }] },
    }));
    const result = await resolve({ name: "", extra: [{ name: "" }] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ name: { type: "too_small", message: "Muito curto!" }, extra: [{ name: { type: "custom", message: "Obrigatório" } }] });
  });
});

describe("showFormError", () => {
  beforeEach(() => {
    vi.mocked(toastError).mockClear();
  });

  it("puts ERR_VALIDATION's issues on the form's fields and says the catalogue's toast", () => {
    const setError = vi.fn();
    const fields = hookFormFields<{ name: string; extraInfo: { name: string }[] }>({ getValues: (() => ({ name: "", extraInfo: [{ name: "" }] })) as never, setError });
    const error = refusal([
      { in: "body", path: "/name", message: "Too Short!" },
      { in: "body", path: "/extraInfo/0/name", message: "Required" },
      { in: "body", path: "/unknown", message: "Required" },
    ]);
    showFormError(error, fields);
    expect(setError.mock.calls).toEqual([
      ["name", { type: "server", message: "Muito curto!" }, { shouldFocus: true }],
      ["extraInfo.0.name", { type: "server", message: "Obrigatório" }, { shouldFocus: true }],
    ]);
    expect(toastError).toHaveBeenCalledWith(error);
  });

  it("says any other code as the catalogue's toast and marks no field", () => {
    const setFieldError = vi.fn();
    const error = new ApiError("ERR_NO_PERMISSION", "No permission", 403);
    showFormError(error, stateFormFields(["name"], setFieldError));
    expect(setFieldError).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith(error);
  });

  it("marks the named field of a form kept in state, a nested path on its top field", () => {
    const setFieldError = vi.fn();
    showFormError(refusal([{ in: "body", path: "/urlN8N", message: "Invalid URL" }, { in: "body", path: "/options/1/name", message: "Required" }]), stateFormFields(["urlN8N", "options"], setFieldError));
    expect(setFieldError.mock.calls).toEqual([
      ["urlN8N", "Endereço inválido: informe uma URL completa (https://…)"],
      ["options", "Obrigatório"],
    ]);
  });
});
