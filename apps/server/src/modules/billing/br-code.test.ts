import { PNG } from "pngjs";
import jsQR from "jsqr";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { PIX_GUI, brCodeText, buildBrCode, crc16, formatAmount } from "./br-code.ts";

/*
 * The BR Code is checked against a decoder written here from the Central Bank's manual, not against the
 * encoder: a walk over ID-length-value fields (lengths in characters, two digits each), and the CRC16
 * recomputed bit by bit over everything up to and including "6304".
 */
type Fields = Map<string, string>;

function decodeTlv(text: string): Fields {
  const fields: Fields = new Map();
  let at = 0;
  const chars = [...text];
  while (at < chars.length) {
    const id = chars.slice(at, at + 2).join("");
    const length = Number(chars.slice(at + 2, at + 4).join(""));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > chars.length) throw new Error(`bad field at ${at}`);
    if (fields.has(id)) throw new Error(`field ${id} twice`);
    fields.set(id, chars.slice(at + 4, at + 4 + length).join(""));
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE written independently: table-free, MSB first, over the UTF-8 bytes. */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    for (let i = 7; i >= 0; i--) {
      const bit = ((byte >> i) & 1) ^ ((crc >> 15) & 1);
      crc = ((crc << 1) & 0xffff) ^ (bit ? 0x1021 : 0);
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

function verify(payload: string): { fields: Fields; account: Fields; additional: Fields } {
  expect(payload.slice(-8, -4)).toBe("6304");
  expect(payload.slice(-4)).toBe(referenceCrc(payload.slice(0, -4)));
  const fields = decodeTlv(payload);
  expect([...fields.keys()].at(-1)).toBe("63");
  expect(fields.get("00")).toBe("01");
  const account = decodeTlv(fields.get("26")!);
  expect(account.get("00")).toBe(PIX_GUI);
  expect(fields.get("52")).toBe("0000");
  expect(fields.get("53")).toBe("986");
  expect(fields.get("58")).toBe("BR");
  expect(fields.get("59")!.length).toBeLessThanOrEqual(25);
  expect(fields.get("60")!.length).toBeLessThanOrEqual(15);
  return { fields, account, additional: decodeTlv(fields.get("62")!) };
}

/** The static example of the Central Bank's "Manual de Padrões para Iniciação do Pix" (Fulano de Tal, Brasília). */
const BCB_STATIC_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("the CRC16 of the BR Code", () => {
  it("is CRC-16/CCITT-FALSE: 29B1 for the standard check input 123456789", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(referenceCrc("123456789")).toBe("29B1");
  });

  it("matches the Central Bank's example", () => {
    expect(crc16(BCB_STATIC_EXAMPLE.slice(0, -4))).toBe("1D3D");
    verify(BCB_STATIC_EXAMPLE);
  });

  it("agrees with the independent CRC on arbitrary payloads, accents included", () => {
    for (const text of ["", "0", "000201", "Pagamento à São João", "x".repeat(500)]) expect(crc16(text)).toBe(referenceCrc(text));
  });
});

describe("buildBrCode", () => {
  it("rebuilds the Central Bank's static example byte for byte", () => {
    expect(buildBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", merchantName: "Fulano de Tal", merchantCity: "BRASILIA" })).toBe(BCB_STATIC_EXAMPLE);
  });

  it("makes a static code with the Pix key, the amount, the transaction id and a description", () => {
    const payload = buildBrCode({ key: "pagamentos@conversa.local", amountCents: 9990, merchantName: "Conversa Atendimento Ltda", merchantCity: "São Paulo", txid: "Fatura42", description: "Fatura 42" });
    const { fields, account, additional } = verify(payload);
    expect(fields.has("01")).toBe(false);
    expect(account.get("01")).toBe("pagamentos@conversa.local");
    expect(account.get("02")).toBe("Fatura 42");
    expect(fields.get("54")).toBe("99.90");
    expect(fields.get("59")).toBe("Conversa Atendimento Ltda");
    expect(fields.get("60")).toBe("Sao Paulo");
    expect(additional.get("05")).toBe("Fatura42");
  });

  it("makes a dynamic code with the payload location, point of initiation 12 and txid ***", () => {
    const payload = buildBrCode({ location: "https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25", amountCents: 12345, merchantName: "Conversa", merchantCity: "Brasilia" });
    const { fields, account, additional } = verify(payload);
    expect(fields.get("01")).toBe("12");
    expect(account.get("25")).toBe("pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25");
    expect(account.has("01")).toBe(false);
    expect(fields.get("54")).toBe("123.45");
    expect(additional.get("05")).toBe("***");
  });

  it("trims long names and cities, drops characters the code does not take, and refuses a txid that is not alphanumeric", () => {
    const payload = buildBrCode({ key: "+5511999999999", merchantName: "Empresa Muito Grande de Atendimento Ltda", merchantCity: "São José dos Campos do Sul", txid: "with-dash" });
    const { fields, additional } = verify(payload);
    expect(fields.get("59")).toBe("Empresa Muito Grande de A");
    expect(fields.get("60")).toBe("Sao Jose dos Ca");
    expect(additional.get("05")).toBe("***");
    expect(brCodeText("Ação <b>&\"'", 25)).toBe("Acao b&");
  });

  it("writes amounts from whole cents", () => {
    expect([formatAmount(0), formatAmount(5), formatAmount(100), formatAmount(123456789)]).toEqual(["0.00", "0.05", "1.00", "1234567.89"]);
    expect(() => formatAmount(1.5)).toThrow();
  });

  it("renders to a QR image that decodes back to the same payload", async () => {
    const payload = buildBrCode({ location: "pix.example.com/qr/v2/cobv/abcdefghijklmnopqrstuvwxyz012345", amountCents: 24950, merchantName: "Conversa", merchantCity: "Sao Paulo" });
    const png = PNG.sync.read(await QRCode.toBuffer(payload, { errorCorrectionLevel: "M", margin: 4, scale: 6 }));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(payload);
    verify(decoded!.data);
  });
});
