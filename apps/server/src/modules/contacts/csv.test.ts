import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.ts";

describe("csvCell", () => {
  it.each([
    ["plain text", "Maria Clara", "Maria Clara"],
    ["a number", "5511977776666", "5511977776666"],
    ["the separator", "Silva; Maria", '"Silva; Maria"'],
    ["quotes", 'Maria "Mari"', '"Maria ""Mari"""'],
    ["a line break", "linha 1\nlinha 2", '"linha 1\nlinha 2"'],
    ["a formula", "=HYPERLINK(\"http://x\")", '"\'=HYPERLINK(""http://x"")"'],
    ["a plus", "+5511999", "'+5511999"],
    ["a minus", "-2+3", "'-2+3"],
    ["an at sign", "@SUM(A1)", "'@SUM(A1)"],
    ["a tab", "\tcmd", "'\tcmd"],
    ["an empty value", "", ""],
  ])("writes %s safely", (_label, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("csvLine", () => {
  it("joins cells with ';' and ends with CRLF", () => {
    expect(csvLine(["Ana", "5511", "a@x.com"])).toBe("Ana;5511;a@x.com\r\n");
  });
});
