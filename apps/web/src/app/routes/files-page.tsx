import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { FilesPanel } from "../../features/files/index.ts";

/** /files: the company's file lists, the files a campaign sends after its message. */
export default function FilesPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <FilesPanel actor={{ profile: user.profile, isSuper: user.super }} />;
}
