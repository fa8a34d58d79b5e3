import type { LoginBody } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { onSessionRefreshed, setUnauthorizedHandler } from "../../../lib/api-client.ts";
import { clearSession, readToken, saveSession } from "../../../lib/storage.ts";
import { useLogin } from "../api/login.ts";
import { useLogout } from "../api/logout.ts";
import { meQueryKey, useMe } from "../api/me.ts";
import { AuthContext, type AuthValue } from "../hooks/use-auth.ts";

/** Owns the session: checks a stored token at start-up, logs in and out, reacts to 401. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => readToken() !== null);
  const me = useMe(hasToken);
  const { mutateAsync: requestLogin } = useLogin();
  const { mutateAsync: requestLogout } = useLogout();

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        setHasToken(false);
        queryClient.removeQueries();
        void navigate("/login", { replace: true });
      }),
    [navigate, queryClient],
  );

  useEffect(
    () => onSessionRefreshed((auth) => queryClient.setQueryData(meQueryKey, auth.user)),
    [queryClient],
  );

  const login = useCallback(
    async (body: LoginBody) => {
      const auth = await requestLogin(body);
      saveSession(auth);
      queryClient.setQueryData(meQueryKey, auth.user);
      setHasToken(true);
      await navigate("/tickets");
    },
    [navigate, queryClient, requestLogin],
  );

  const logout = useCallback(async () => {
    await requestLogout().catch(() => undefined);
    clearSession();
    sessionStorage.clear();
    setHasToken(false);
    queryClient.clear();
    await navigate("/login", { replace: true });
  }, [navigate, queryClient, requestLogout]);

  const user = hasToken ? (me.data ?? null) : null;
  const loading = hasToken && me.isPending;
  const value = useMemo<AuthValue>(
    () => ({ user, isAuth: user !== null, loading, login, logout }),
    [user, loading, login, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
