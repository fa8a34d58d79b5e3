/** A price in BRL with 2 decimals (spec admin §1), written the way the interface language writes money. */
export function formatMoney(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "BRL", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}
