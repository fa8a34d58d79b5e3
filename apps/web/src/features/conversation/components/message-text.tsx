import Link from "@mui/material/Link";
import { Fragment, type ReactNode, useMemo } from "react";
import { parseFormattedText, type TextSegment } from "../../../lib/format-text.ts";

function renderSegments(segments: readonly TextSegment[], path = ""): ReactNode[] {
  return segments.map((segment, index) => {
    const key = `${path}${index}`;
    switch (segment.type) {
      case "text":
        return <Fragment key={key}>{segment.text}</Fragment>;
      case "link":
        return (
          <Link key={key} href={segment.href} target="_blank" rel="noopener noreferrer" color="inherit" underline="always">
            {segment.text}
          </Link>
        );
      case "mono":
        return (
          <code key={key} style={{ fontFamily: "monospace", whiteSpace: "pre-wrap" }}>
            {segment.text}
          </code>
        );
      case "bold":
        return <strong key={key}>{renderSegments(segment.children, `${key}.`)}</strong>;
      case "italic":
        return <em key={key}>{renderSegments(segment.children, `${key}.`)}</em>;
      case "strike":
        return <s key={key}>{renderSegments(segment.children, `${key}.`)}</s>;
    }
  });
}

/**
 * A message body as text: never interpreted as HTML. `*bold*`, `_italic_`, `~strike~`, ```mono``` and
 * http(s) links become React elements; line breaks are kept.
 */
export function MessageText({ text }: { text: string }) {
  const nodes = useMemo(() => renderSegments(parseFormattedText(text)), [text]);
  return (
    <span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="message-text">
      {nodes}
    </span>
  );
}
