import { shortHash } from "../src/contract/media-variants.ts";
import { createSeedRandom } from "../src/domain/seeded-random.ts";
import type { SeedRandom } from "../src/domain/seeded-random.ts";

/**
 * The demo publication's photographs (issue 16): scenes drawn here as SVG and turned into JPEGs
 * offline by `scripts/generate-seed-photos.ts` (sharp), then put into the local R2 bucket when
 * the demo is seeded. No download: `npm start` shows photographs on a machine with no network.
 * They are honest about what they are: the alt text describes the drawn scene.
 */

export const SEED_PHOTO_WIDTH = 1800;
export const SEED_PHOTO_HEIGHT = 1200;

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  water?: string;
}

export interface SeedPhoto {
  /** 32 hex digits, stable: the seed's SQL and the generated files agree on it. */
  id: string;
  alt: string;
  caption: string;
  credit: string;
  /** Where the scene's subject is (the sun, the skyline), 0..1: the crops keep it. */
  focal: { x: number; y: number };
  scene: { palette: Palette; water: boolean; skyline: boolean; trees: boolean; seed: number };
}

interface SceneKind {
  alt: string;
  caption: string;
  palette: Palette;
  water: boolean;
  skyline: boolean;
  trees: boolean;
}

const scenes: readonly SceneKind[] = [
  {
    alt: "Drawn scene: a harbour at dawn, a pale sun over still water and dark hills",
    caption: "The harbour at first light.",
    palette: {
      skyTop: "#f6c9a0",
      skyBottom: "#fdebd3",
      sun: "#fff4d6",
      far: "#8a7f8f",
      near: "#3f3a4a",
      water: "#c9b8b0",
    },
    water: true,
    skyline: false,
    trees: false,
  },
  {
    alt: "Drawn scene: a city skyline at dusk with lit windows under a violet sky",
    caption: "The city centre as offices empty for the evening.",
    palette: {
      skyTop: "#2b2d5c",
      skyBottom: "#d9788a",
      sun: "#ffd1a1",
      far: "#4b4468",
      near: "#1d1b2e",
    },
    water: false,
    skyline: true,
    trees: false,
  },
  {
    alt: "Drawn scene: a coastline after a storm, grey sea and a break in the clouds",
    caption: "The coast the morning after the storm.",
    palette: {
      skyTop: "#6f7f8f",
      skyBottom: "#c8d3da",
      sun: "#f3f6f8",
      far: "#5d6b70",
      near: "#2f3a3c",
      water: "#6c8793",
    },
    water: true,
    skyline: false,
    trees: false,
  },
  {
    alt: "Drawn scene: wooded hills in summer under a clear blue sky",
    caption: "Farmland and woods on the edge of the valley.",
    palette: {
      skyTop: "#5b9bd5",
      skyBottom: "#cfe6f5",
      sun: "#fffbe6",
      far: "#7fa37a",
      near: "#2f5d34",
    },
    water: false,
    skyline: false,
    trees: true,
  },
  {
    alt: "Drawn scene: a river through a city at night, lights reflected in the water",
    caption: "The river and the old quarter after dark.",
    palette: {
      skyTop: "#0f1630",
      skyBottom: "#34406b",
      sun: "#e8ecff",
      far: "#222a4a",
      near: "#0b0f1f",
      water: "#25305a",
    },
    water: true,
    skyline: true,
    trees: false,
  },
  {
    alt: "Drawn scene: desert ridges in late afternoon sun",
    caption: "Dunes south of the new solar farm.",
    palette: {
      skyTop: "#e9a65c",
      skyBottom: "#f8dcae",
      sun: "#fff1cf",
      far: "#c98a4f",
      near: "#8c5430",
    },
    water: false,
    skyline: false,
    trees: false,
  },
  {
    alt: "Drawn scene: a lake in morning fog with pine trees on the far shore",
    caption: "Mist over the reservoir, which is at its lowest level in a decade.",
    palette: {
      skyTop: "#b8c4c8",
      skyBottom: "#e6ecec",
      sun: "#ffffff",
      far: "#8fa3a0",
      near: "#3e5650",
      water: "#c2cfcf",
    },
    water: true,
    skyline: false,
    trees: true,
  },
  {
    alt: "Drawn scene: an industrial waterfront at sunset with cranes and warehouses",
    caption: "The container port, where a new terminal opens next year.",
    palette: {
      skyTop: "#c4553b",
      skyBottom: "#f5b26b",
      sun: "#ffe3a8",
      far: "#6e3f3a",
      near: "#2a1a1c",
      water: "#b5644a",
    },
    water: true,
    skyline: true,
    trees: false,
  },
];

/** How many photographs the demo has: each scene kind twice, drawn differently. */
export const SEED_PHOTO_COUNT = scenes.length * 2;

function photoId(index: number): string {
  const base = `daily-edge-seed-photo-${index}`;
  return ["a", "b", "c", "d"].map((part) => shortHash(`${base}-${part}`)).join("");
}

const photographers = ["Mara Lind", "Tomás Ferreira", "Aiko Tanaka", "Samuel Osei"];

export const seedPhotos: readonly SeedPhoto[] = Array.from(
  { length: SEED_PHOTO_COUNT },
  (_, index) => {
    const kind = scenes[index % scenes.length] as SceneKind;
    const random = createSeedRandom(7_000 + index);
    const sunX = 0.2 + random.next() * 0.6;
    return {
      id: photoId(index),
      alt: kind.alt,
      caption: kind.caption,
      credit: `Photograph: ${photographers[index % photographers.length]} for The Daily Edge (drawn for the demo)`,
      focal: { x: Math.round(sunX * 1000) / 1000, y: 0.42 },
      scene: {
        palette: kind.palette,
        water: kind.water,
        skyline: kind.skyline,
        trees: kind.trees,
        seed: 9_000 + index,
      },
    };
  },
);

/** The photograph a story of the demo leads with, spread so that neighbours differ. */
export function seedPhotoFor(articleId: number): SeedPhoto {
  return seedPhotos[(articleId * 7) % seedPhotos.length] as SeedPhoto;
}

/** About one story in seven keeps a drawn illustration, so both kinds of lead are on show. */
export function leadsWithPhoto(articleId: number): boolean {
  return articleId % 7 !== 3;
}

function ridge(random: SeedRandom, base: number, amplitude: number, steps: number): string {
  const w = SEED_PHOTO_WIDTH;
  const h = SEED_PHOTO_HEIGHT;
  const points: string[] = [`0,${h}`];
  let y = base;
  for (let i = 0; i <= steps; i++) {
    y = Math.min(h, Math.max(base - amplitude, y + (random.next() - 0.5) * amplitude * 0.6));
    points.push(`${Math.round((i / steps) * w)},${Math.round(y)}`);
  }
  points.push(`${w},${h}`);
  return points.join(" ");
}

/** The scene as SVG (sky, sun, two ridges, water, skyline, trees): the JPEG is made from it. */
export function seedPhotoSvg(photo: SeedPhoto): string {
  const { palette, water, skyline, trees, seed } = photo.scene;
  const random = createSeedRandom(seed);
  const w = SEED_PHOTO_WIDTH;
  const h = SEED_PHOTO_HEIGHT;
  const horizon = Math.round(h * (water ? 0.58 : 0.66));
  const sunX = Math.round(photo.focal.x * w);
  const sunY = Math.round(h * (0.25 + random.next() * 0.15));
  const parts: string[] = [
    `<defs>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.95"/><stop offset="0.25" stop-color="${palette.sun}" stop-opacity="0.6"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.water ?? palette.far}"/><stop offset="1" stop-color="${palette.near}"/></linearGradient>`,
    `</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${Math.round(h * 0.32)}" fill="url(#glow)"/>`,
    `<circle cx="${sunX}" cy="${sunY}" r="${Math.round(h * 0.05)}" fill="${palette.sun}"/>`,
  ];
  for (let i = 0; i < 5; i++) {
    const cy = Math.round(h * (0.08 + random.next() * 0.3));
    const cx = Math.round(random.next() * w);
    parts.push(
      `<ellipse cx="${cx}" cy="${cy}" rx="${Math.round(120 + random.next() * 260)}" ry="${Math.round(18 + random.next() * 30)}" fill="#ffffff" opacity="${(0.12 + random.next() * 0.2).toFixed(2)}"/>`,
    );
  }
  parts.push(
    `<polygon points="${ridge(random, horizon - 120, 160, 24)}" fill="${palette.far}" opacity="0.85"/>`,
  );
  if (skyline) {
    let x = Math.round(random.next() * 60);
    while (x < w) {
      const bw = 40 + Math.round(random.next() * 90);
      const bh = 80 + Math.round(random.next() * 300);
      const top = horizon - bh;
      parts.push(`<rect x="${x}" y="${top}" width="${bw}" height="${bh}" fill="${palette.near}"/>`);
      for (let wy = top + 14; wy < horizon - 16; wy += 26) {
        for (let wx = x + 8; wx < x + bw - 12; wx += 18) {
          if (random.next() < 0.35) {
            parts.push(
              `<rect x="${wx}" y="${wy}" width="8" height="12" fill="${palette.sun}" opacity="0.8"/>`,
            );
          }
        }
      }
      x += bw + Math.round(random.next() * 30);
    }
  }
  if (water) {
    parts.push(
      `<rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#water)"/>`,
    );
    for (let i = 0; i < 60; i++) {
      const y = horizon + Math.round(random.next() * (h - horizon));
      const len = 40 + Math.round(random.next() * 220);
      const x = Math.round(sunX - len / 2 + (random.next() - 0.5) * 500);
      parts.push(
        `<rect x="${x}" y="${y}" width="${len}" height="3" fill="${palette.sun}" opacity="${(0.1 + random.next() * 0.35).toFixed(2)}"/>`,
      );
    }
  } else {
    parts.push(
      `<polygon points="${ridge(random, horizon + 60, 140, 18)}" fill="${palette.near}"/>`,
    );
  }
  if (trees) {
    for (let i = 0; i < 28; i++) {
      const x = Math.round(random.next() * w);
      const th = 60 + Math.round(random.next() * 140);
      const base = horizon + 10 + Math.round(random.next() * 40);
      parts.push(
        `<polygon points="${x},${base - th} ${x - th / 4},${base} ${x + th / 4},${base}" fill="${palette.near}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join("")}</svg>`;
}
