/**
 * What `npm run lighthouse` prints from Lighthouse's results: the score table, the audits that
 * keep a category below its target, and the performance metrics and opportunities.
 */
import type { Result as LighthouseResult } from "lighthouse";
import { markdownTable } from "./markdown-table.ts";

export const categoryTargets = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
} as const;

export type CategoryId = keyof typeof categoryTargets;
export const categoryIds = Object.keys(categoryTargets) as CategoryId[];

export interface PageResult {
  name: string;
  url: string;
  lhr: LighthouseResult;
}

/** A category's score out of 100, or null when Lighthouse could not score it. */
export function score(lhr: LighthouseResult, id: CategoryId): number | null {
  const value = lhr.categories[id]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
}

export function missedTargets(page: PageResult): CategoryId[] {
  return categoryIds.filter((id) => (score(page.lhr, id) ?? 0) < categoryTargets[id]);
}

export function scoreTable(pages: PageResult[]): string {
  const header = ["page", "URL", ...categoryIds];
  const rows = pages.map((page) => [
    page.name,
    new URL(page.url).pathname,
    ...categoryIds.map((id) => {
      const value = score(page.lhr, id);
      const mark = (value ?? 0) < categoryTargets[id] ? " ✗" : "";
      return `${value ?? "-"}${mark}`;
    }),
  ]);
  rows.push(["target", "", ...categoryIds.map((id) => `>= ${categoryTargets[id]}`)]);
  return markdownTable([header, ...rows]);
}

function describeAudit(lhr: LighthouseResult, auditId: string): string | undefined {
  const audit = lhr.audits[auditId];
  if (!audit || audit.score === null || audit.score >= 1) return undefined;
  if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "informative")
    return undefined;
  const value = audit.displayValue ? ` (${audit.displayValue})` : "";
  const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
  const examples = items
    .slice(0, 3)
    .map((item) => {
      const node = (item as { node?: { snippet?: string; nodeLabel?: string } }).node;
      const url = (item as { url?: string; source?: { url?: string } }).url;
      const text =
        node?.snippet ??
        url ??
        (item as { issueType?: string }).issueType ??
        (item as { description?: string }).description;
      return text ? `\n        - ${text.slice(0, 160)}` : "";
    })
    .join("");
  return `    ${auditId}: ${audit.title}${value}${examples}`;
}

const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

/** The performance metrics, then the audits with estimated savings (LCP + FCP + TBT), largest first. */
function performanceDetails(lhr: LighthouseResult): string[] {
  const metrics = metricIds
    .map((id) => {
      const audit = lhr.audits[id];
      return audit ? `${audit.title} ${audit.displayValue ?? "-"}` : undefined;
    })
    .filter(Boolean)
    .join(" · ");
  const opportunities = Object.values(lhr.audits)
    .map((audit) => ({
      audit,
      savingsMs:
        (audit.metricSavings?.LCP ?? 0) +
        (audit.metricSavings?.FCP ?? 0) +
        (audit.metricSavings?.TBT ?? 0),
      bytes: (audit.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes,
    }))
    .filter(({ audit, savingsMs }) => audit.score !== null && audit.score < 1 && savingsMs > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 6)
    .map(
      ({ audit, savingsMs, bytes }) =>
        `    ${audit.id}: ${audit.title} (~${Math.round(savingsMs)} ms${
          bytes ? `, ${Math.round(bytes / 1024)} KiB` : ""
        })`,
    );
  return [`    metrics: ${metrics}`, ...opportunities];
}

/** For each page and missed category: why, as Lighthouse says it. */
export function failureReport(pages: PageResult[]): string {
  const lines: string[] = [];
  for (const page of pages) {
    if (page.lhr.runtimeError) {
      lines.push(`\n${page.name} — not audited (${page.url}): ${page.lhr.runtimeError.message}`);
      continue;
    }
    for (const id of missedTargets(page)) {
      const category = page.lhr.categories[id];
      lines.push(`\n${page.name} — ${id} ${score(page.lhr, id) ?? "-"} (${page.url})`);
      if (id === "performance") {
        lines.push(...performanceDetails(page.lhr));
        continue;
      }
      for (const ref of category?.auditRefs ?? []) {
        if (ref.weight === 0) continue;
        const line = describeAudit(page.lhr, ref.id);
        if (line) lines.push(line);
      }
    }
  }
  return lines.join("\n");
}
