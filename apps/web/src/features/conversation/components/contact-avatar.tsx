import Avatar from "@mui/material/Avatar";

/** Only network picture addresses are loaded directly; anything else shows the initials. */
function isRemotePicture(url: string | null): url is string {
  return url !== null && /^https:\/\//i.test(url);
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

/** A contact's picture, or their initials. */
export function ContactAvatar({ name, profilePicUrl, size = 40 }: { name: string; profilePicUrl: string | null; size?: number }) {
  return (
    <Avatar src={isRemotePicture(profilePicUrl) ? profilePicUrl : undefined} alt={name} sx={{ width: size, height: size, fontSize: size * 0.4 }}>
      {initialsOf(name)}
    </Avatar>
  );
}
