import { renderSVG } from "uqr";

/**
 * The enrolment's `otpauth://` address as a QR code: an SVG string drawn on the server with
 * `uqr` (no canvas, no browser code), inlined in the page. It holds rectangles only, no text,
 * so the secret is in the picture and never in a URL or an attribute. Medium error correction
 * and a quiet zone of two modules scan well on a screen; one unit per module keeps it short.
 */
export function qrCodeSvg(otpauthUri: string): string {
  const svg = renderSVG(otpauthUri, { ecc: "M", border: 2, pixelSize: 1 });
  // Squares that touch must not show hairlines between them when the picture is scaled up.
  return svg.replace("<svg ", '<svg shape-rendering="crispEdges" aria-hidden="true" ');
}

/** "JBSW Y3DP EHPK 3PXP": the secret in groups of four, for typing it into an app by hand. */
export function secretGroups(secret: string): string[] {
  return secret.replace(/\s+/g, "").match(/.{1,4}/g) ?? [];
}
