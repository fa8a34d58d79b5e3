import { ZConnection, ZContactListsListResponse, ZListFileListsResponse, ZTag } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { campaignOptionsKeys } from "./query-keys.ts";

/** A choice of the campaign dialog's selects. */
export interface CampaignOption {
  id: number;
  name: string;
}

/** A connection of the dialog's choice, with its provider: the official line (`cloud`) sends templates. */
export interface ConnectionChoice extends CampaignOption {
  provider: string;
}

const ZOption = z.object({ id: z.number(), name: z.string() });

/** GET /whatsapp/?session=0: the company's connections. */
export function fetchConnectionChoices(): Promise<ConnectionChoice[]> {
  return apiRequest("/whatsapp/", z.array(ZConnection.pick({ id: true, name: true, provider: true })), { query: { session: 0 } });
}

/** GET /contact-lists/list: every contact list by name. */
export async function fetchContactListChoices(): Promise<CampaignOption[]> {
  return (await apiRequest("/contact-lists/list", ZContactListsListResponse)).map(({ id, name }) => ({ id, name }));
}

/** GET /tags/list: the company's tags. */
export function fetchTagChoices(): Promise<CampaignOption[]> {
  return apiRequest("/tags/list", z.array(ZTag.pick({ id: true, name: true })));
}

/** The most pages of file lists the dialog reads for its choice (20 a page: 2,000 lists). */
export const FILE_LIST_CHOICE_PAGES = 100;

/** GET /files/: every file list of the company, page after page, for the dialog's choice. */
export async function fetchFileListChoices(): Promise<CampaignOption[]> {
  const choices: CampaignOption[] = [];
  for (let pageNumber = 1; pageNumber <= FILE_LIST_CHOICE_PAGES; pageNumber += 1) {
    const page = await apiRequest("/files/", ZListFileListsResponse, { query: { pageNumber } });
    choices.push(...page.files.map((file) => ZOption.parse(file)));
    if (!page.hasMore) break;
  }
  return choices;
}

const fresh = { staleTime: 0 } as const;

/** The dialog's choices: connections, contact lists, tags and file lists, read when the dialog opens. */
export function useCampaignOptions() {
  const connections = useQuery({ queryKey: campaignOptionsKeys.connections, queryFn: fetchConnectionChoices, ...fresh });
  const contactLists = useQuery({ queryKey: campaignOptionsKeys.contactLists, queryFn: fetchContactListChoices, ...fresh });
  const tags = useQuery({ queryKey: campaignOptionsKeys.tags, queryFn: fetchTagChoices, ...fresh });
  const fileLists = useQuery({ queryKey: campaignOptionsKeys.fileLists, queryFn: fetchFileListChoices, ...fresh });
  return {
    connections: connections.data ?? [],
    contactLists: contactLists.data ?? [],
    tags: tags.data ?? [],
    fileLists: fileLists.data ?? [],
  };
}
