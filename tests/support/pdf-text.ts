import { extractText, getDocumentProxy } from "unpdf";
import type { HttpClient } from "./http-client";

/** A PDF's text, as a reader copying it out would get it (lines joined by newlines, pages one after another). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(pdf);
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/**
 * A download through the real HTTP layer with the client's session: the status, the headers and the body as bytes,
 * with the PDF's text when it is one (a refusal's JSON otherwise).
 */
export async function download(baseUrl: string, client: HttpClient | null, path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: client?.cookie ? { cookie: client.cookie } : {} });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const text = type.startsWith("application/pdf") ? await pdfText(bytes) : new TextDecoder().decode(bytes);
  return {
    status: response.status,
    type,
    disposition: response.headers.get("content-disposition"),
    bytes,
    text,
    /** The text with every run of spaces and line breaks as one space, so a wrapped sentence reads whole. */
    flat: text.replace(/\s+/g, " "),
  };
}
