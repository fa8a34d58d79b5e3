/** Cache keys of the sign-up page: whether sign-up is open, and the public plan list. */
export const signupStatusQueryKey = ["signup", "status"] as const;
export const publicPlansQueryKey = ["signup", "plans"] as const;
