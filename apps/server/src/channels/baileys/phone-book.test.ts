import { describe, expect, it } from "vitest";
import { PHONE_BOOK_LIMIT, PhoneBook } from "./phone-book.ts";

describe("PhoneBook", () => {
  it("keeps people by number with the best name, and leaves groups and bare LIDs out", () => {
    const book = new PhoneBook();
    book.merge([
      { id: "5511977776666@s.whatsapp.net", name: "Maria (salva)", notify: "Mari" },
      { id: "5511955554444@s.whatsapp.net", notify: "Pedro" },
      { id: "123456789012345@lid", phoneNumber: "5511933332222@s.whatsapp.net", verifiedName: "Loja Azul" },
      { id: "98765432109876@lid", name: "Sem número" },
      { id: "120363025246125244@g.us", name: "Grupo" },
      { id: "5511911110000@s.whatsapp.net" },
    ]);
    expect(book.list()).toEqual([
      { number: "5511911110000" },
      { number: "5511933332222", name: "Loja Azul" },
      { number: "5511955554444", name: "Pedro" },
      { number: "5511977776666", name: "Maria (salva)" },
    ]);
  });

  it("keeps a known name when an update carries none, and takes a new one", () => {
    const book = new PhoneBook();
    book.merge([{ id: "5511977776666@s.whatsapp.net", name: "Maria" }]);
    book.merge([{ id: "5511977776666@s.whatsapp.net", imgUrl: "changed" }]);
    expect(book.list()).toEqual([{ number: "5511977776666", name: "Maria" }]);
    book.merge([{ id: "5511977776666@s.whatsapp.net", name: "Maria Clara" }]);
    expect(book.list()).toEqual([{ number: "5511977776666", name: "Maria Clara" }]);
  });

  it("stops adding people at its limit but still updates the known ones", () => {
    const book = new PhoneBook();
    book.merge(Array.from({ length: PHONE_BOOK_LIMIT + 5 }, (_, index) => ({ id: `55${String(index).padStart(11, "0")}@s.whatsapp.net` })));
    expect(book.list()).toHaveLength(PHONE_BOOK_LIMIT);
    book.merge([{ id: "5500000000000@s.whatsapp.net", name: "Primeiro" }]);
    expect(book.list()[0]).toEqual({ number: "5500000000000", name: "Primeiro" });
  });
});
