import type * as React from "react";
import { Fragment } from "react";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Plain text with every http(s) address turned into a link (verification links in e-mails, say). */
export function LinkifiedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // A full stop or bracket right after an address ends the sentence, not the address.
    const url = match[0].replace(/[.,;:!?)\]]+$/, "");
    const start = match.index;
    parts.push(<Fragment key={`t${start}`}>{text.slice(last, start)}</Fragment>);
    parts.push(
      <a
        key={`a${start}`}
        href={url}
        className="font-medium break-all text-primary underline decoration-brass-500 underline-offset-2 hover:decoration-foreground"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
