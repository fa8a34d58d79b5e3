/** Scheme, host and port of an address; the text itself when it is not a URL (so that any other text differs from it). */
export function originOf(address: string): string {
  return URL.canParse(address) ? new URL(address).origin : address;
}
