import type { QuickMessage } from "@conversa/shared";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import { useTranslation } from "react-i18next";
import { quickReplyLabel } from "../utils/quick-replies.ts";

interface QuickReplyListProps {
  id: string;
  options: readonly QuickMessage[];
  activeIndex: number;
  onPick: (quick: QuickMessage) => void;
}

/** The quick replies matching "/text", above the input (spec core §2): shortcode and message, cut at 35 characters. */
export function QuickReplyList({ id, options, activeIndex, onPick }: QuickReplyListProps) {
  const { t } = useTranslation();
  return (
    <Paper elevation={6} sx={{ position: "absolute", left: 8, right: 8, bottom: "100%", mb: 1, maxHeight: 260, overflowY: "auto", zIndex: 2 }}>
      <List id={id} role="listbox" aria-label={t("conversation.input.quickReplies")} dense>
        {options.map((quick, index) => (
          <ListItemButton
            key={quick.id}
            id={`${id}-${quick.id}`}
            role="option"
            aria-selected={index === activeIndex}
            selected={index === activeIndex}
            // Keep the focus in the input: the click picks, the keyboard stays where it is.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(quick)}
          >
            <ListItemText primary={quickReplyLabel(quick)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
