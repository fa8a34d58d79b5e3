/** Cache keys of the announcements feature: every page of the list (per search) and each announcement. */
export const announcementsListPrefix = ["announcements", "list"] as const;
/** The page's lists (per search) and the top bar's (`popover`, kept apart so that its failures stay quiet). */
export const announcementsListQueryKey = (searchParam: string, popover = false) => [...announcementsListPrefix, { searchParam, popover }] as const;
export const announcementQueryKey = (id: number) => ["announcements", "detail", id] as const;
export const announcementImageQueryKey = (path: string) => ["announcements", "image", path] as const;
