import type { Contact } from "baileys";
import type { PhoneContact } from "../types.ts";
import { numberOfJid } from "./map-message.ts";

/** Most people a session's phone book keeps (a phone's address book is far smaller). */
export const PHONE_BOOK_LIMIT = 20_000;

const PHONE_JID = /@s\.whatsapp\.net$/;

/** The phone-number jid of a contact: its id when it is one, else the phone number it carries beside a LID. */
function phoneJidOf(contact: Partial<Contact>): string | undefined {
  return [contact.id, contact.phoneNumber].find((jid): jid is string => typeof jid === "string" && PHONE_JID.test(jid));
}

/** The name the phone saved, else the business's verified name, else the one the person set. */
function nameOf(contact: Partial<Contact>): string | undefined {
  const name = [contact.name, contact.verifiedName, contact.notify].find((value) => typeof value === "string" && value.trim() !== "");
  return name?.trim();
}

/**
 * The people of a connected phone's address book, as the network reports them to the session
 * (`contacts.upsert`, `contacts.update`, the history sync). Kept in memory for the session only:
 * after a restart it fills again as the network sends contacts. Groups and LIDs without a phone
 * number are left out.
 */
export class PhoneBook {
  private readonly names = new Map<string, string | undefined>();

  /** Adds or updates people; an update without a name keeps the known one. */
  merge(contacts: readonly Partial<Contact>[]): void {
    for (const contact of contacts) {
      const number = numberOfJid(phoneJidOf(contact));
      if (!number) continue;
      const known = this.names.has(number);
      if (!known && this.names.size >= PHONE_BOOK_LIMIT) continue;
      const name = nameOf(contact);
      if (name !== undefined || !known) this.names.set(number, name ?? this.names.get(number));
    }
  }

  /** Everyone known, ordered by number. */
  list(): PhoneContact[] {
    return [...this.names.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([number, name]) => (name ? { number, name } : { number }));
  }
}
