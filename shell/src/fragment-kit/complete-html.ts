import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";

/** How Fizz opens a Suspense boundary it could not finish on the server (`<!--$!-->`). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * The HTML of `page`, complete (issue 19): `renderToString`'s one string, or, when that has a
 * client-rendered boundary (a lazily loaded part not loaded yet in this isolate), the streaming
 * renderer's once every part is ready. A fragment's answer (`renderFragmentHtml`) and the shell's
 * document are made this way.
 */
export async function completeHtml(
  page: ReactElement,
  options: { identifierPrefix: string },
): Promise<string> {
  const html = renderToString(page, options);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  return streamedHtml(page, options);
}

/** The streaming renderer's HTML once everything, lazily loaded parts included, is ready. */
export async function streamedHtml(
  page: ReactElement,
  options: { identifierPrefix: string },
): Promise<string> {
  const stream = await renderToReadableStream(page, options);
  await stream.allReady;
  return new Response(stream).text();
}
