import type { LoginBody, SessionUser } from "@conversa/shared";
import { createContext, useContext } from "react";

export interface AuthValue {
  user: SessionUser | null;
  isAuth: boolean;
  /** True while a stored token is being checked at start-up. */
  loading: boolean;
  /** Signs in and goes to /tickets; rejects with the ApiError of the failed login. */
  login: (body: LoginBody) => Promise<void>;
  /** Ends the session on the server and in the browser, then goes to /login. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthValue | null>(null);

/** The session: user, state and the login/logout actions. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
