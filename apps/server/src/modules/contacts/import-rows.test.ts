import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error.ts";
import { MAX_EXTRA_COLUMNS, checkImportRows, headerKey, importColumnsOf, spreadsheetRows } from "./import-rows.ts";

describe("headerKey", () => {
  it.each([
    ["Número", "numero"],
    [" E-mail ", "email"],
    ["TELEFONE", "telefone"],
    ["Nome Completo", "nomecompleto"],
  ])("reads %j as %j", (cell, key) => {
    expect(headerKey(cell)).toBe(key);
  });
});

describe("importColumnsOf", () => {
  it("finds name, number and e-mail whatever their case or accents, the other named columns become extra information", () => {
    expect(importColumnsOf(["Cidade", "NOME", "", "Telefone", "E-mail", "Empresa"])).toEqual({
      name: 1,
      number: 3,
      email: 4,
      extras: [
        { index: 0, name: "Cidade" },
        { index: 5, name: "Empresa" },
      ],
    });
  });

  it.each([[["Nome", "Cidade"]], [["Numero", "Cidade"]], [[]]])("refuses the header %j: no name or no number column", (header) => {
    let failure: unknown;
    try {
      importColumnsOf(header);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "ERR_IMPORT_MISSING_COLUMNS" });
  });

  it(`keeps at most ${MAX_EXTRA_COLUMNS} extra columns`, () => {
    const header = ["name", "number", ...Array.from({ length: MAX_EXTRA_COLUMNS + 5 }, (_, index) => `Campo ${index}`)];
    expect(importColumnsOf(header).extras).toHaveLength(MAX_EXTRA_COLUMNS);
  });
});

describe("checkImportRows", () => {
  const row = (values: Partial<{ row: number; name: string; number: string; email: string }>) => ({ row: 2, name: "Ana Souza", number: "5511955550000", email: "", extraInfo: [], ...values });

  it.each([
    ["no name", { name: " " }, "nameRequired"],
    ["a one-letter name", { name: "A" }, "nameTooShort"],
    ["a 51-letter name", { name: "A".repeat(51) }, "nameTooLong"],
    ["no number", { number: "" }, "numberRequired"],
    ["a number of letters", { number: "abc" }, "numberRequired"],
    ["a 7-digit number", { number: "123-4567" }, "numberTooShort"],
    ["a 51-digit number", { number: "1".repeat(51) }, "numberTooLong"],
    ["a bad e-mail", { email: "ana@" }, "emailInvalid"],
  ])("rejects a row with %s", (_label, values, reason) => {
    const { candidates, rejected } = checkImportRows([row(values)], "55");
    expect(candidates).toEqual([]);
    expect(rejected).toEqual([expect.objectContaining({ row: 2, reason })]);
  });

  it("keeps good rows with digits-only numbers, drops empty extra values, and rejects a number met again", () => {
    const extraInfo = [
      { name: "Empresa", value: "ACME" },
      { name: "Cidade", value: "  " },
    ];
    const { candidates, rejected } = checkImportRows([
      { ...row({ row: 2, number: "+55 (11) 95555-0000", email: "ana@example.com" }), extraInfo },
      row({ row: 3, name: "Outra Ana" }),
    ], "55");
    expect(candidates).toEqual([{ row: 2, name: "Ana Souza", number: "5511955550000", email: "ana@example.com", extraInfo: [{ name: "Empresa", value: "ACME" }] }]);
    expect(rejected).toEqual([{ row: 3, reason: "duplicatedInFile", name: "Outra Ana", number: "5511955550000" }]);
  });

  it("gives numbers without a calling code the default one, so the national and international forms are one number", () => {
    const { candidates, rejected } = checkImportRows(
      [row({ row: 2, number: "(11) 95555-0000" }), row({ row: 3, number: "5511955550000" }), row({ row: 4, number: "+1 419 555 0123" }), row({ row: 5, number: "912345678" })],
      "55",
    );
    expect(candidates.map((c) => [c.row, c.number])).toEqual([
      [2, "5511955550000"],
      [4, "14195550123"],
      [5, "912345678"],
    ]);
    expect(rejected).toEqual([expect.objectContaining({ row: 3, reason: "duplicatedInFile" })]);
  });

  it("gives another default calling code, and none to numbers that come from WhatsApp", () => {
    expect(checkImportRows([row({ number: "912 345 678" })], "351").candidates[0]?.number).toBe("351912345678");
    expect(checkImportRows([row({ number: "11955550000" })], null).candidates[0]?.number).toBe("11955550000");
  });

  it("rejects an extra value over 1000 characters", () => {
    const { rejected } = checkImportRows([{ ...row({}), extraInfo: [{ name: "Obs", value: "x".repeat(1001) }] }], "55");
    expect(rejected).toEqual([expect.objectContaining({ reason: "extraInfoTooLong" })]);
  });
});

describe("spreadsheetRows", () => {
  it("takes each field from its column, missing cells as empty", () => {
    const columns = importColumnsOf(["nome", "numero", "empresa"]);
    expect(spreadsheetRows(columns, [{ row: 5, cells: ["Ana", "5511955550000"] }])).toEqual([
      { row: 5, name: "Ana", number: "5511955550000", email: "", extraInfo: [{ name: "empresa", value: "" }] },
    ]);
  });
});
