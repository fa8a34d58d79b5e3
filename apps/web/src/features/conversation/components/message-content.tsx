import type { Message } from "@conversa/shared";
import Typography from "@mui/material/Typography";
import { captionOf, hasMediaContent } from "../utils/message-content.ts";
import { MessageMedia } from "./message-media.tsx";
import { MessageText } from "./message-text.tsx";

/**
 * What a message shows inside its bubble: its media by type (fetched through the media route, which
 * applies the visibility rule) and its text with WhatsApp formatting. Also used by the list's peek.
 */
export function MessageContent({ message }: { message: Message }) {
  const caption = captionOf(message);
  return (
    <>
      {hasMediaContent(message) ? <MessageMedia message={message} /> : null}
      {caption ? (
        <Typography variant="body2" component="div" sx={{ fontSize: 14.5 }}>
          <MessageText text={caption} />
        </Typography>
      ) : null}
    </>
  );
}
