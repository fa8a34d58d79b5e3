/** A tag a ticket carries, and whether it is a kanban lane. */
export interface TicketTagLink {
  tagId: number;
  kanban: boolean;
}

/** A tag as a change of a ticket's tags sees it. */
export interface TagRef {
  id: number;
  kanban: boolean;
}

/** The links to remove and to add. */
export interface TagChange {
  remove: number[];
  add: number[];
}

/**
 * PUT /ticket-tags/{ticketId}/{tagId}: the tag is added; a kanban tag takes the place of the ticket's
 * other kanban tags (a card is in one lane), and the ticket's other tags stay.
 */
export function planTagAdd(current: readonly TicketTagLink[], tag: TagRef): TagChange {
  const remove = tag.kanban ? current.filter((link) => link.kanban && link.tagId !== tag.id).map((link) => link.tagId) : [];
  const add = current.some((link) => link.tagId === tag.id) ? [] : [tag.id];
  return { remove, add };
}

/** DELETE /ticket-tags/{ticketId}: the ticket's kanban tags go (the card returns to 'Em aberto'); its other tags stay. */
export function planKanbanClear(current: readonly TicketTagLink[]): TagChange {
  return { remove: current.filter((link) => link.kanban).map((link) => link.tagId), add: [] };
}

/**
 * POST /tags/sync: the ticket's tags become `requested`, with one kanban tag at most. Asked for
 * several, the ticket keeps the one newly chosen (the last of those it did not carry), else the last
 * one asked for: picking a lane's tag in the conversation moves the card, as a drag on the board does.
 */
export function planTagSync(current: readonly TicketTagLink[], requested: readonly TagRef[]): TagChange {
  const currentIds = new Set(current.map((link) => link.tagId));
  const kanban = requested.filter((tag) => tag.kanban);
  const kept = kanban.filter((tag) => !currentIds.has(tag.id)).at(-1) ?? kanban.at(-1);
  const wanted = new Set(requested.filter((tag) => !tag.kanban || tag.id === kept?.id).map((tag) => tag.id));
  return { remove: [...currentIds].filter((id) => !wanted.has(id)), add: [...wanted].filter((id) => !currentIds.has(id)) };
}
