import { createSeedRandom } from "./seeded-random.ts";

/**
 * Draws the generated pictures: abstract compositions for lead and inline images, a stylised
 * head-and-shoulders for portraits. Pure and deterministic: the same description always gives
 * the same bytes. Output is shapes and gradients only; the one piece of text, the title, is
 * escaped, and no script, event attribute, link or foreign object is ever written.
 */
export interface SvgImageSpec {
  kind: "lead" | "portrait" | "inline";
  width: number;
  height: number;
  seed: number;
  hue: number;
  alt: string;
}

export function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

const round = (value: number) => Math.round(value * 10) / 10;

function colour(hue: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;
}

function abstractShapes(spec: SvgImageSpec): string {
  const random = createSeedRandom(spec.seed);
  const { width: w, height: h } = spec;
  const parts: string[] = [];
  const bands = random.int(2, 4);
  for (let i = 0; i < bands; i++) {
    const y = round((h * (i + 1)) / (bands + 1) + (random.next() - 0.5) * h * 0.2);
    const lift = round((random.next() - 0.5) * h * 0.5);
    parts.push(
      `<path d="M0 ${y} C${round(w * 0.3)} ${round(y + lift)} ${round(w * 0.7)} ${round(y - lift)} ${w} ${y} L${w} ${h} L0 ${h} Z" fill="${colour(spec.hue + i * 18, 45, 30 + i * 8)}" opacity="0.55"/>`,
    );
  }
  const circles = random.int(3, 7);
  for (let i = 0; i < circles; i++) {
    const r = round(Math.min(w, h) * (0.05 + random.next() * 0.22));
    parts.push(
      `<circle cx="${round(random.next() * w)}" cy="${round(random.next() * h)}" r="${r}" fill="${colour(spec.hue + random.int(-40, 160), 60, random.int(45, 80))}" opacity="${round(0.35 + random.next() * 0.5)}"/>`,
    );
  }
  const rects = random.int(1, 3);
  for (let i = 0; i < rects; i++) {
    const rw = round(w * (0.1 + random.next() * 0.3));
    const rh = round(h * (0.05 + random.next() * 0.2));
    parts.push(
      `<rect x="${round(random.next() * (w - rw))}" y="${round(random.next() * (h - rh))}" width="${rw}" height="${rh}" rx="${round(rh / 4)}" fill="${colour(spec.hue + 180, 35, 88)}" opacity="0.4" transform="rotate(${random.int(-25, 25)} ${round(w / 2)} ${round(h / 2)})"/>`,
    );
  }
  return parts.join("");
}

function portraitShapes(spec: SvgImageSpec): string {
  const random = createSeedRandom(spec.seed);
  const { width: w, height: h } = spec;
  const cx = round(w / 2);
  const headR = round(Math.min(w, h) * (0.17 + random.next() * 0.04));
  const headY = round(h * 0.4);
  const shoulderY = round(headY + headR * 1.55);
  const spread = round(w * (0.36 + random.next() * 0.08));
  const figure = colour(spec.hue + 200, 25, random.int(18, 30));
  const shoulders = `<path d="M${round(cx - spread)} ${h} C${round(cx - spread)} ${shoulderY} ${round(cx - headR)} ${round(shoulderY - headR * 0.3)} ${cx} ${round(shoulderY - headR * 0.3)} C${round(cx + headR)} ${round(shoulderY - headR * 0.3)} ${round(cx + spread)} ${shoulderY} ${round(cx + spread)} ${h} Z" fill="${figure}"/>`;
  const neck = `<rect x="${round(cx - headR * 0.45)}" y="${round(headY + headR * 0.6)}" width="${round(headR * 0.9)}" height="${round(headR * 0.9)}" fill="${figure}"/>`;
  const head = `<ellipse cx="${cx}" cy="${headY}" rx="${round(headR * 0.9)}" ry="${headR}" fill="${figure}"/>`;
  return shoulders + neck + head;
}

/** The complete SVG document for one image. */
export function renderImageSvg(spec: SvgImageSpec): string {
  const { width: w, height: h } = spec;
  const portrait = spec.kind === "portrait";
  const light = portrait ? 78 : 62;
  const background =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${colour(spec.hue, 55, light)}"/>` +
    `<stop offset="1" stop-color="${colour(spec.hue + 40, 50, light - 22)}"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  const shapes = portrait ? portraitShapes(spec) : abstractShapes(spec);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
    `<title>${escapeXml(spec.alt)}</title>${background}${shapes}</svg>`
  );
}
