/** Cache keys of the campaigns feature: every page of the list (per search), each campaign, and the dialog's choices. */
export const campaignsListPrefix = ["campaigns", "list"] as const;
export const campaignsListQueryKey = (searchParam: string) => [...campaignsListPrefix, { searchParam }] as const;
export const campaignQueryKey = (id: number) => ["campaigns", "detail", id] as const;
export const campaignOptionsKeys = {
  connections: ["campaigns", "options", "connections"],
  contactLists: ["campaigns", "options", "contactLists"],
  tags: ["campaigns", "options", "tags"],
  fileLists: ["campaigns", "options", "fileLists"],
  templates: (whatsappId: number) => ["campaigns", "options", "templates", whatsappId] as const,
} as const;
/** Every page of a campaign's recipients table (each search and status filter). */
export const campaignRecipientsPrefix = (id: number) => ["campaigns", "recipients", id] as const;
export const campaignRecipientsQueryKey = (id: number, filter: { searchParam: string; status: string; pageNumber: number }) => [...campaignRecipientsPrefix(id), filter] as const;
