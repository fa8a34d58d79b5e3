import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PNG } from "../modules/queues/upload-fixtures.ts";
import { INSTALLATION_MEDIA, MediaStore } from "./media-store.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "conversa-media-"));
const store = new MediaStore(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const TEXT = Buffer.from("nome;numero\nAna;5511999990000\n");
const SCRIPT = Buffer.from("#!/bin/sh\nrm -rf ~\n");
const PAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("MediaStore.save", () => {
  it.each([
    ["a text file named .txt", TEXT, "notas.txt", "text/plain"],
    ["a text file named .csv without a declared type", TEXT, "contatos.csv", undefined],
    ["a text file named .vcf declared as octet-stream", TEXT, "ana.vcf", "application/octet-stream"],
    ["a PNG named .exe: the content decides", PNG, "foto.exe", "application/x-msdownload"],
  ])("keeps %s", async (_name, content, fileName, declared) => {
    const stored = await store.save(1, content, fileName, declared);
    expect(stored.fileName).toMatch(/^[0-9a-f]{32}\.(txt|png)$/);
  });

  it.each([
    ["text named .png and declared image/png", TEXT, "foto.png", "image/png"],
    ["a shell script named .mp3", SCRIPT, "musica.mp3", "audio/mpeg"],
    ["an SVG page with a script named .png", PAGE, "logo.png", "image/png"],
    ["text named .txt but declared text/html", PAGE, "page.txt", "text/html"],
    ["text without a name", TEXT, undefined, undefined],
    ["a Windows program named .jpg", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64), Buffer.from("PE\0\0")]), "photo.jpg", "image/jpeg"],
  ])("refuses %s with ERR_MEDIA_TYPE_NOT_ALLOWED and stores nothing", async (_name, content, fileName, declared) => {
    const before = readdirSync(root, { recursive: true });
    await expect(store.save(2, content, fileName, declared)).rejects.toMatchObject({ code: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    expect(readdirSync(root, { recursive: true })).toEqual(before);
  });
});

describe("MediaStore scopes and accepted types", () => {
  const PDF = Buffer.from("%PDF-1.4\n%probe\n");

  it("keeps the installation's files in a folder of their own, out of every company's reach", async () => {
    const stored = await store.save(INSTALLATION_MEDIA, PNG, "aviso.png", "image/png");
    expect(readdirSync(path.join(root, "installation"))).toContain(stored.fileName);
    expect(await store.resolve(INSTALLATION_MEDIA, stored.fileName)).toMatchObject({ mime: "image/png" });
    expect(await store.resolve(1, stored.fileName)).toBeUndefined();
    await store.remove(1, stored.fileName);
    expect(readdirSync(path.join(root, "installation"))).toContain(stored.fileName);
    await store.remove(INSTALLATION_MEDIA, stored.fileName);
    expect(readdirSync(path.join(root, "installation"))).not.toContain(stored.fileName);
  });

  it("refuses a recognised type outside the accepted ones, and stores nothing", async () => {
    const before = readdirSync(root, { recursive: true });
    await expect(store.save(INSTALLATION_MEDIA, PDF, "aviso.png", "image/png", { accept: ["image/png", "image/jpeg"] })).rejects.toMatchObject({ code: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    expect(readdirSync(root, { recursive: true })).toEqual(before);
    expect((await store.save(INSTALLATION_MEDIA, PNG, "aviso.png", "image/png", { accept: ["image/png", "image/jpeg"] })).mime).toBe("image/png");
  });
});
